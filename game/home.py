"""Cards that go home by themselves after a step (RULES.md, CONTRACT.md "A step").

The page's setting *Move cards home automatically* has three modes:

- ``off``: nothing moves by itself;
- ``safe``: a card goes home only where the proofs of ``game/solver/safe.py``
  show that this can never cost the game;
- ``always``: every card that can go home goes.

``home_moves`` lists the moves, one card at a time, that ``Game.play``
appends to the player's step, so one undo takes them back with it. Column
tops are looked at left to right, then the free cells, then the waste's top card, again after
each card that went home, until none is left.
"""

from __future__ import annotations

from enum import StrEnum

from .cards import SUITS
from .moves import Move


class AutoHome(StrEnum):
    OFF = "off"
    SAFE = "safe"
    ALWAYS = "always"


_REQUIREMENTS: dict = {}


class _Cards:
    """What ``safe_requirements`` reads of the solver's model: the cards as
    ``suit * 16 + rank`` and how many copies of each the deck holds."""

    def __init__(self, deck):
        self.copies = deck.copies
        self.cards = [s * 16 + r for s in range(4) for r in range(1, deck.top_rank + 1)]


def _requirements(spec) -> list:
    found = _REQUIREMENTS.get(spec.id)
    if found is None or found[0] is not spec:
        # Imported here, not at the top: the solver package costs about 65 ms to
        # import in Pyodide (the vendored one under Node; 20 ms in CPython), and
        # a page that never moves cards home safely should not pay it at start.
        from .solver.safe import safe_requirements

        found = _REQUIREMENTS[spec.id] = (spec, safe_requirements(spec, _Cards(spec.deck)))
    return found[1]


def _heights(position) -> list:
    """Foundation heights by suit, the ``copies`` piles of a suit in ascending
    order (the solver's canonical form, which the requirements index)."""
    spec = position.spec
    copies = spec.deck.copies
    by_suit: list = [[] for _ in SUITS]
    for f in spec.foundation_range:
        pile = position.piles[f]
        if pile:
            by_suit[SUITS.index(spec.deck.suit[pile[0]])].append(len(pile))
    out = []
    for heights in by_suit:
        out.extend(sorted(heights + [0] * (copies - len(heights))))
    return out


def _is_safe(position, card: str, requirements: list) -> bool:
    deck = position.spec.deck
    code = SUITS.index(deck.suit[card]) * 16 + deck.rank[card]
    heights = _heights(position)
    return all(heights[slot] >= need for slot, need in requirements[code])


def is_safe_home(position, move: Move) -> bool:
    """Would the ``safe`` mode send this card home by itself? ``move`` is a
    legal move of one card to a foundation; safe.py's proofs must allow it
    (and from the waste only where cards are drawn one at a time)."""
    spec = position.spec
    if move.src == "waste" and spec.draw != 1:
        return False
    card = position.pile(move.src)[-1]
    return _is_safe(position, card, _requirements(spec))


def next_home(position, mode) -> Move | None:
    """The next card that goes home by itself in ``mode``, or None."""
    mode = AutoHome(mode)
    spec = position.spec
    if mode is AutoHome.OFF or not spec.foundations or spec.runs_home:  # Spider's runs go home by rule
        return None
    rules, piles, names = position.rules, position.piles, spec.pile_names
    wanted: dict = {}  # card -> the first foundation that takes it
    for f in spec.foundation_range:
        top = piles[f][-1] if piles[f] else None
        for card in (rules.next_home.get(top),) if top else rules.aces:
            if card:
                wanted.setdefault(card, f)
    sources = [t for t in spec.tableau_range if piles[t]] + [c for c in spec.cell_range if piles[c]]
    if piles[1] and (mode is AutoHome.ALWAYS or spec.draw == 1):  # safe.py: never from a draw of three
        sources.append(1)
    requirements = _requirements(spec) if mode is AutoHome.SAFE else None
    for src in sources:
        card = piles[src][-1]
        if card in wanted and (requirements is None or _is_safe(position, card, requirements)):
            return Move(names[src], names[wanted[card]])
    return None


def home_moves(position, mode) -> list[Move]:
    """Every card that goes home by itself from ``position``, in order."""
    out = []
    while True:
        move = next_home(position, mode)
        if move is None:
            return out
        position, _ = position.apply(move)
        out.append(move)
