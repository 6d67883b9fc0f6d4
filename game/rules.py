"""What every game's rules share.

A game's rules object deals, lists legal moves, applies a move (or says why
not), tells a won or stalled position, and checks that a position can exist.
``BuildRules`` (build.py) covers Klondike and the Forty Thieves family;
``RetinueRules`` (retinue.py) is Royal Retinue's forced chain.
"""

from __future__ import annotations

from collections import Counter
from typing import NamedTuple, Optional

from .errors import InvalidPosition
from .moves import Move
from .vocabulary import Vocabulary


class RulesKind(Vocabulary):
    """Which rules play a spec (``GameSpec.rules``: its rules class's kind)."""

    BUILD = ("build", "a tableau built down, with stock, waste and foundations (Klondike, Forty Thieves)")
    RETINUE = ("retinue", "Royal Retinue's forced chain of labelled piles")


class Change(NamedTuple):
    """What one move did, as ``Position.apply`` reports it. ``Game.play``
    returns one per move of a step, the cards that went home by themselves
    included. The scoring schemes price a move from it, the advice sees what
    a move reveals, and the page names the player's move from it (the card
    and where it went). The board does not read it: it compares the piles
    before and after and moves only the cards whose place changed."""

    move: Move
    # The cards that moved, face up, in their order on ``dst`` (a draw: the
    # drawn cards as they lie on the waste). Empty for a redeal: the waste goes
    # back face down and no card is named.
    cards: tuple[str, ...]
    src: str  # kind of the source pile: stock, waste, foundation, tableau
    dst: str  # kind of the destination pile (a Royal Retinue pile is a tableau)
    revealed: Optional[str] = None  # the face-down card this move turned up, if any
    dst_index: int = -1  # index of the destination pile in ``Position.piles``


class Rules:
    kind: RulesKind  # set by each rules class
    forced = False  # every move is forced: there is never a choice
    labels: tuple[str, ...] = ()  # a label per tableau pile, where the piles have one

    def __init__(self, spec):
        self.spec = spec
        self.deck = spec.deck

    def check_cards(self, pos) -> None:
        """Every card of the deck exactly as often as the deck holds it."""
        deck = self.deck
        counts = Counter(c.upper() for pile in pos.piles for c in pile)
        for card, n in counts.items():
            if n > deck.copies:
                raise InvalidPosition(
                    "card_repeated_once" if deck.copies == 1 else "card_repeated",
                    card=card,
                    count=n,
                    deck=deck.name,
                    copies=deck.copies,
                )
        total = sum(counts.values())
        if total != deck.size:
            missing = sorted(set(deck.cards) - set(counts))
            game = self.spec.name
            if missing:
                listed = f"{', '.join(missing[:8])}{'…' if len(missing) > 8 else ''}"
                raise InvalidPosition("card_total_missing", game=game, size=deck.size, total=total, missing=listed)
            raise InvalidPosition("card_total", game=game, size=deck.size, total=total)

    def legal_moves(self, pos) -> list[Move]:
        raise NotImplementedError

    def check_reachable(self, pos) -> None:
        """Refuse (``InvalidPosition``) a position that no deal can lead to."""
        raise NotImplementedError

    def runs_going_home(self, pos) -> list:
        """Moves that follow every step by themselves, as part of it (Spider's whole runs)."""
        return []

    def has_progress_move(self, pos) -> bool:
        """Is there a move other than drawing or turning the waste over?"""
        return any(not m.is_stock_action for m in self.legal_moves(pos))
