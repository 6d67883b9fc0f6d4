"""A position: the cards of every pile, and the little else that decides what
is legal (redeals used; in Royal Retinue, which pile holds the card to move).

Positions are immutable and hashable; a move makes a new one. The piles are a
tuple in the order of ``spec.pile_names``, each a tuple of card codes listed
bottom → top, face-down cards in lower case (CONTRACT.md).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Optional

from .errors import InvalidPosition, UnknownGame

if TYPE_CHECKING:  # for the annotations only: spec.py sits above this module
    from .spec import GameSpec


class UnknownGameInPosition(InvalidPosition, UnknownGame):
    """A position naming no known game: an invalid position (and an unknown game)."""


class Position:
    __slots__ = ("spec", "piles", "redeals", "waiting", "_hash")

    def __init__(self, spec: GameSpec, piles, redeals: int = 0, waiting: Optional[int] = None):
        self.spec = spec
        self.piles: tuple[tuple[str, ...], ...] = piles
        self.redeals = redeals  # times the waste has been turned over
        self.waiting = waiting  # retinue: index of the pile whose top card must move
        self._hash = None

    # --- reading -------------------------------------------------------
    def pile(self, name: str) -> tuple[str, ...]:
        try:
            return self.piles[self.spec.pile_index[name]]
        except KeyError:
            raise InvalidPosition("no_pile", pile=str(name)[:20], game=self.spec.name) from None

    @property
    def rules(self):
        return self.spec.engine

    def legal_moves(self):
        return self.rules.legal_moves(self)

    def apply(self, move):
        """The position after ``move`` and a ``Change`` saying what happened.

        Raises ``IllegalMove`` with the reason when the move breaks a rule.
        """
        return self.rules.apply(self, move)

    def is_won(self) -> bool:
        return self.rules.is_won(self)

    def cards_home(self) -> int:
        return self.rules.cards_home(self)

    # --- identity --------------------------------------------------------
    def _key(self):
        return (self.spec.id, self.piles, self.redeals, self.waiting)

    def __eq__(self, other):
        return isinstance(other, Position) and self._key() == other._key()

    def __hash__(self):
        if self._hash is None:
            self._hash = hash(self._key())
        return self._hash

    def __repr__(self):
        return f"Position({self.spec.id!r}, {self.to_json()['piles']!r})"

    # --- JSON (CONTRACT.md) ----------------------------------------------
    def to_json(self) -> dict:
        names = self.spec.pile_names
        out = {
            "game": self.spec.id,
            "piles": {names[i]: list(p) for i, p in enumerate(self.piles) if p},
        }
        if self.redeals:
            out["redeals"] = self.redeals
        if self.waiting is not None:
            out["turned"] = names[self.waiting]
        return out

    @classmethod
    def from_json(cls, data, spec: "GameSpec", reachable: bool = True) -> "Position":
        """Read and strictly check a position of ``spec`` (the game it names must
        be that one); refuses with a message naming the problem.
        ``catalog.read_position`` finds the spec by the id it names.

        Checked: the cards (each of the deck, as often as it holds it), each
        pile's shape (faces, foundations in order, face-down cards beneath) and,
        with ``reachable`` (the default), that some deal can lead to it: the
        counts a pile can hold after the deal, face-down cards only where and
        as many as the deal put them, the builds a column keeps
        (``Rules.check_reachable``). ``reachable=False`` reads a study position
        (a puzzle, a test's few cards with the rest of the deck in the stock)."""
        if not isinstance(data, dict):
            raise InvalidPosition("not_object")
        if "game" not in data:
            raise InvalidPosition("no_game")
        if data["game"] != spec.id:
            raise InvalidPosition("other_game", game=str(data["game"])[:40], wanted=spec.id)
        piles_in = data.get("piles")
        if not isinstance(piles_in, dict):
            raise InvalidPosition("piles_not_object")
        piles = [()] * len(spec.pile_names)
        for name, cards in piles_in.items():
            if name not in spec.pile_index:
                raise InvalidPosition(
                    "pile_unknown", pile=repr(str(name)[:20]), game=spec.name, piles=", ".join(spec.pile_names)
                )
            if not isinstance(cards, list) or not all(isinstance(c, str) for c in cards):
                raise InvalidPosition("pile_not_list", pile=name)
            for c in cards:
                if not spec.deck.is_card(c):
                    raise InvalidPosition("not_a_card", pile=name, card=repr(c[:8]), deck=spec.deck.name)
            piles[spec.pile_index[name]] = tuple(cards)
        redeals = data.get("redeals", 0)
        if isinstance(redeals, bool) or not isinstance(redeals, int) or redeals < 0:
            raise InvalidPosition("redeals_not_whole")
        turned = data.get("turned")
        if turned is not None and (not isinstance(turned, str) or turned not in spec.pile_index):
            raise InvalidPosition("turned_unknown", game=spec.name, pile=repr(str(turned)[:20]))
        pos = cls(spec, tuple(piles), redeals)
        pos = pos.rules.validate(pos, turned)
        if reachable:
            pos.rules.check_reachable(pos)
        return pos
