"""A game as data: one ``GameSpec`` per game, variants as copies with changes.

Everything that tells two games apart lives in these fields; the rules code
reads them and never asks which game it is playing.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import cached_property

from .cards import Deck


@dataclass(frozen=True)
class GameSpec:
    id: str
    name: str
    deck: Deck
    # Tableau: one (face-down, face-up) pair per column, dealt bottom to top.
    deal: tuple[tuple[int, int], ...]
    rules: str = "build"  # "build" (Klondike, Forty Thieves) or "retinue"
    foundations: int = 4
    aces_on_foundations: bool = False  # Lucas: Aces start home, out of the shuffle
    build: str = "alternate"  # tableau builds down: alternate | same-suit | other-suit
    runs: bool = True  # a run (itself following the build rule) moves as a unit
    empty_column: str = "king"  # what an empty column takes: king | any
    draw: int = 1  # cards per draw from the stock
    redeals: int | None = None  # times the waste may turn over; None = unlimited
    stock_play: bool = False  # the stock's top card may be played directly (a draw and a move, one step)
    opening_waste: int = 0  # cards turned onto the waste as part of the deal
    foundation_to_column: bool = True  # may a foundation's top card come back?
    scoring: str = "reloaded"  # scheme name in scoring.py
    undo_depth: int | None = 0  # moves that can be taken back; None = unlimited
    undo_cost: int = 0  # points an undo costs
    redo: bool = False
    stall: str = "stock-pass"  # stock-pass (Klondike kind) | no-move
    guarantee: str | None = None  # "scoring-move": the opening offers a scoring move
    start_pile: int = 8  # retinue: the pile whose top card turns up first
    family: str | None = None  # the game a family of variants is named after ("forty-thieves")
    stall_word: str | None = None  # the game's own word for a stall, shown beside the translation ("Stallo")
    hidden: bool = False  # bench/solver configurations, not offered to players

    @property
    def columns(self) -> int:
        return len(self.deal)

    @cached_property
    def pile_names(self) -> tuple[str, ...]:
        if self.rules == "retinue":
            return tuple(f"t{i}" for i in range(1, self.columns + 1))
        return (
            ("stock", "waste")
            + tuple(f"f{i}" for i in range(1, self.foundations + 1))
            + tuple(f"t{i}" for i in range(1, self.columns + 1))
        )

    @cached_property
    def pile_index(self) -> dict[str, int]:
        return {name: i for i, name in enumerate(self.pile_names)}

    @cached_property
    def foundation_range(self) -> range:
        return range(2, 2 + self.foundations) if self.rules == "build" else range(0)

    @cached_property
    def tableau_range(self) -> range:
        first = 2 + self.foundations if self.rules == "build" else 0
        return range(first, first + self.columns)

    @cached_property
    def engine(self):
        """The rules object that plays this spec."""
        from .rules import rules_for

        return rules_for(self)

    @property
    def card_count(self) -> int:
        return self.deck.size

    # --- what the page asks instead of the game's name -----------------------------------
    @property
    def has_undo(self) -> bool:
        return self.undo_depth != 0

    @property
    def has_redo(self) -> bool:
        return self.redo

    @property
    def has_stock(self) -> bool:
        return "stock" in self.pile_index

    @property
    def forced(self) -> bool:
        """Every move is forced (Royal Retinue's chain): no choice to help with."""
        return self.engine.forced

    @property
    def labels(self) -> tuple[str, ...]:
        """Each tableau pile's label (Royal Retinue: the rank it collects); () for none."""
        return self.engine.labels

    @property
    def shows_bonus(self) -> bool:
        """The score has a time bonus that falls as the clock runs (Royal Retinue)."""
        return self.bonus_drop is not None

    @property
    def time_penalty(self) -> tuple[int, int] | None:
        """(points, seconds): the score loses ``points`` for every full ``seconds`` of play; None if time costs nothing."""
        from . import scoring

        if self.scoring == "reloaded":
            return -scoring.RELOADED_TIME_COST, scoring.RELOADED_TIME_STEP
        return None

    @property
    def bonus_drop(self) -> int | None:
        """Points the time bonus loses per full second; None if there is no time bonus."""
        from . import scoring

        return scoring.RETINUE_BONUS_DROP if self.scoring == "retinue" else None

    def variant(self, **changes) -> "GameSpec":
        return replace(self, **changes)


def klondike_deal(columns: int) -> tuple[tuple[int, int], ...]:
    """Column i holds i cards, only the top one face up."""
    return tuple((i, 1) for i in range(columns))


def even_deal(columns: int, cards: int, down: int = 0) -> tuple[tuple[int, int], ...]:
    return ((down, cards - down),) * columns
