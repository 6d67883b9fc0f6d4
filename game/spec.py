"""A game as data: one ``GameSpec`` per game, variants as copies with changes.

Everything that tells two games apart lives in these fields; the rules code
reads them and never asks which game it is playing. The closed vocabularies
(build rule, empty column, stall, deal guarantee, rules kind; the scoring
scheme in ``scoring.py``) are enums whose members carry their behaviour and
their English wording; a ``GameSpec`` refuses any value it does not know when
it is made, so a misspelt field fails at once instead of playing wrongly.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from functools import cached_property

from .cards import Deck
from .errors import InvalidSpec
from .rules import Rules, RulesKind
from .scoring import Scoring
from .vocabulary import Vocabulary


def _alternate(deck, below: str, card: str) -> bool:
    return deck.red[below] != deck.red[card]


def _same_suit(deck, below: str, card: str) -> bool:
    return deck.suit[below] == deck.suit[card]


def _other_suit(deck, below: str, card: str) -> bool:
    return deck.suit[below] != deck.suit[card]


def _any_suit(deck, below: str, card: str) -> bool:
    return True


class Build(Vocabulary):
    """How tableau columns build down (rank one lower, and this)."""

    ALTERNATE = ("alternate", "columns build down in alternating colours", _alternate)
    SAME_SUIT = ("same-suit", "columns build down in the same suit", _same_suit)
    OTHER_SUIT = ("other-suit", "columns build down in any suit but the card's own", _other_suit)
    ANY_SUIT = ("any-suit", "columns build down regardless of suit", _any_suit)

    def fits(self, deck: Deck, below: str, card: str) -> bool:
        """May ``card`` (one rank lower) lie on ``below`` by this rule's colours and suits?"""
        return self.behaviour[0](deck, below, card)


class EmptyColumn(Vocabulary):
    """What an empty column takes."""

    KING = ("king", "an empty column takes only a King (or a run headed by one)", True)
    ANY = ("any", "an empty column takes any card (or any movable run)", False)

    def takes(self, deck: Deck, card: str) -> bool:
        return not self.behaviour[0] or deck.rank[card] == deck.top_rank


class Stall(Vocabulary):
    """When a game is stalled (RULES.md "Game over")."""

    STOCK_PASS = (
        "stock-pass",
        "no move but drawing and turning the waste over, now or anywhere in one pass through the stock",
    )
    NO_MOVE = ("no-move", "no legal move at all")
    CHAIN_END = ("chain-end", "the pile that must turn has no face-down card left")


class Stock(Vocabulary):
    """Where the stock deals its cards."""

    WASTE = ("waste", "the stock deals to the waste")
    ROW = ("row", "the stock deals one card face up onto every column at once, only while no column is empty")


class Moves(Vocabulary):
    """Which cards at the top of a column move together."""

    RUNS = ("runs", "a run that itself follows the build moves as a unit, whole or in part")
    ONE = ("one", "only one card moves at a time")
    SUIT_RUNS = ("suit-runs", "a run moves as a unit only when it is in one suit, each card one rank below the last")
    GROUPS = ("groups", "any face-up card moves together with every card on top of it, whatever their order")


class RunLimit(Vocabulary):
    """How long a run may be that moves as a unit."""

    SUPERMOVE = (
        "supermove",
        "a run of n cards moves only when n ≤ (empty free cells + 1) × 2^(empty columns),"
        " not counting the column it moves into",
    )


class Shuffle(Vocabulary):
    """How a game number becomes a deal (shuffle.py)."""

    FNV = ("fnv", "the project's own shuffle")
    MICROSOFT = ("microsoft", "the deal Microsoft's FreeCell shows under the same number")


class Guarantee(Vocabulary):
    """What every deal promises (a deal that does not keep it is skipped)."""

    SCORING_MOVE = ("scoring-move", "the opening position offers a move that scores")


_ID = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")
MAX_COLUMNS = 13  # t1…t13 (CONTRACT.md)
MAX_FOUNDATIONS = 8  # f1…f8


@dataclass(frozen=True)
class GameSpec:
    id: str
    name: str
    deck: Deck
    # Tableau: one (face-down, face-up) pair per column, dealt bottom to top.
    deal: tuple[tuple[int, int], ...]
    rules_class: type[Rules] | None = None  # the rules that play it (catalog.py gives BuildRules or RetinueRules)
    foundations: int = 4
    aces_on_foundations: bool = False  # Lucas: Aces start home, out of the shuffle
    build: Build = Build.ALTERNATE  # tableau builds down: alternate | same-suit | other-suit | any-suit
    runs: bool = True  # more than one card may move at a time (how: ``moves``)
    moves: Moves | None = None  # runs | one | suit-runs | groups; None: runs where ``runs``, else one
    run_limit: RunLimit | None = None  # supermove: a run's length depends on free cells and empty columns
    cells: int = 0  # free cells c1…c4, one card each
    stock: Stock = Stock.WASTE  # where the stock deals: waste | row (Spider)
    runs_home: bool = False  # foundations take only a whole King→Ace run of one suit, which goes by itself
    empty_column: EmptyColumn = EmptyColumn.KING  # what an empty column takes: king | any
    draw: int = 1  # cards per draw from the stock
    redeals: int | None = None  # times the waste may turn over; None = unlimited
    stock_play: bool = False  # the stock's top card may be played directly (a draw and a move, one step)
    opening_waste: int = 0  # cards turned onto the waste as part of the deal
    foundation_to_column: bool = True  # may a foundation's top card come back?
    scoring: Scoring = Scoring.RELOADED  # the scheme (scoring.py)
    undo_depth: int | None = 0  # steps that can be taken back; None = unlimited
    undo_cost: int = 0  # points an undo (of a step) costs
    redeal_cost: int = 0  # points a turn of the waste costs (the classic Klondike scheme)
    redo: bool = False
    stall: Stall = Stall.STOCK_PASS  # stock-pass (Klondike kind) | no-move | chain-end (retinue)
    guarantee: Guarantee | None = None  # scoring-move: the opening offers a scoring move
    start_pile: int = 8  # retinue: the pile whose top card turns up first
    # The picker's group: the game a family of variants is named after
    # ("forty-thieves"), or "classics" (RULES.md section 5); None: the seeds' own games.
    family: str | None = None
    stall_word: str | None = None  # the game's own word for a stall, shown beside the translation ("Stallo")
    hidden: bool = False  # bench/solver configurations, not offered to players
    # Offered in the browser: its rules text, layout and browser tests are done.
    # A game without them is played on the command line (and by the solver) only.
    in_browser: bool = True
    shuffle: Shuffle = Shuffle.FNV  # fnv: shuffle.py's own | microsoft: Microsoft FreeCell's deal numbers

    def __post_init__(self):
        _check(self)

    @property
    def movement(self) -> Moves:
        """Which cards move together: ``moves``, or by ``runs`` where it is None."""
        if self.moves is not None:
            return self.moves
        return Moves.RUNS if self.runs else Moves.ONE

    @property
    def rules(self) -> RulesKind:
        """The kind of rules that play this spec (build | retinue)."""
        return self.rules_class.kind

    @property
    def columns(self) -> int:
        return len(self.deal)

    @cached_property
    def pile_names(self) -> tuple[str, ...]:
        if self.rules is RulesKind.RETINUE:
            return tuple(f"t{i}" for i in range(1, self.columns + 1))
        return (
            ("stock", "waste")
            + tuple(f"f{i}" for i in range(1, self.foundations + 1))
            + tuple(f"c{i}" for i in range(1, self.cells + 1))
            + tuple(f"t{i}" for i in range(1, self.columns + 1))
        )

    @cached_property
    def pile_index(self) -> dict[str, int]:
        return {name: i for i, name in enumerate(self.pile_names)}

    @cached_property
    def foundation_range(self) -> range:
        return range(2, 2 + self.foundations) if self.rules is RulesKind.BUILD else range(0)

    @cached_property
    def cell_range(self) -> range:
        first = 2 + self.foundations
        return range(first, first + self.cells) if self.rules is RulesKind.BUILD else range(0)

    @cached_property
    def tableau_range(self) -> range:
        first = 2 + self.foundations + self.cells if self.rules is RulesKind.BUILD else 0
        return range(first, first + self.columns)

    @cached_property
    def engine(self) -> Rules:
        """The rules object that plays this spec."""
        return self.rules_class(self)

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
        return "stock" in self.pile_index and self.talon > 0

    @property
    def talon(self) -> int:
        """Cards the deal leaves for the stock and the waste."""
        aces = self.deck.aces if self.aces_on_foundations else 0
        return self.deck.size - sum(down + up for down, up in self.deal) - aces

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
        return self.scoring.scheme.time_penalty

    @property
    def bonus_drop(self) -> int | None:
        """Points the time bonus loses per full second; None if there is no time bonus."""
        return self.scoring.scheme.bonus_drop

    def variant(self, **changes) -> "GameSpec":
        return replace(self, **changes)


_VOCABULARY = {
    "build": Build,
    "empty_column": EmptyColumn,
    "scoring": Scoring,
    "stall": Stall,
    "guarantee": Guarantee,
    "moves": Moves,
    "run_limit": RunLimit,
    "stock": Stock,
    "shuffle": Shuffle,
}
_OPTIONAL = ("guarantee", "run_limit", "moves")
_FLAGS = (
    "aces_on_foundations",
    "runs",
    "stock_play",
    "foundation_to_column",
    "redo",
    "hidden",
    "runs_home",
    "in_browser",
)
MAX_CELLS = 4  # c1…c4 (CONTRACT.md)


def _whole(value, least: int = 0, none: bool = False) -> bool:
    if value is None:
        return none
    return isinstance(value, int) and not isinstance(value, bool) and value >= least


def _check(spec: GameSpec) -> None:
    """Refuse a spec with a value this engine does not know, or that cannot play."""

    def refuse(what: str):
        raise InvalidSpec(f"game spec {str(spec.id)[:30]!r}: {what}")

    for name, vocabulary in _VOCABULARY.items():
        value = getattr(spec, name)
        if value is None and name in _OPTIONAL:
            continue
        try:
            object.__setattr__(spec, name, vocabulary(value))
        except ValueError:
            known = ", ".join(m.value for m in vocabulary)
            refuse(f"{name} {str(value)[:30]!r} is unknown; it is one of: {known}")
    rules_class = spec.rules_class
    if not (isinstance(rules_class, type) and issubclass(rules_class, Rules) and hasattr(rules_class, "kind")):
        refuse("rules_class must be a rules class (BuildRules or RetinueRules), as catalog.py gives it")
    if not isinstance(spec.id, str) or not _ID.match(spec.id):
        refuse("the id is lower-case letters and digits, words joined by '-'")
    if not isinstance(spec.name, str) or not spec.name.strip():
        refuse("the name must be a text")
    if not isinstance(spec.deck, Deck):
        refuse("deck must be a Deck (cards.py)")
    for name in _FLAGS:
        if not isinstance(getattr(spec, name), bool):
            refuse(f"{name} must be true or false")
    deal = spec.deal
    if (
        not isinstance(deal, tuple)
        or not 1 <= len(deal) <= MAX_COLUMNS
        or not all(isinstance(c, tuple) and len(c) == 2 and all(_whole(n) for n in c) for c in deal)
    ):
        refuse(f"deal must be 1 to {MAX_COLUMNS} (face-down, face-up) pairs of whole numbers")
    retinue = spec.rules is RulesKind.RETINUE
    if not _whole(spec.foundations) or spec.foundations > MAX_FOUNDATIONS:
        refuse(f"foundations must be a whole number from 0 to {MAX_FOUNDATIONS}")
    if not retinue and spec.foundations != spec.deck.aces:
        refuse(f"a tableau game needs one foundation per Ace: {spec.deck.aces}")
    if not _whole(spec.cells) or spec.cells > MAX_CELLS or (retinue and spec.cells):
        refuse(f"cells must be a whole number from 0 to {MAX_CELLS} (none in Royal Retinue)")
    if spec.moves is not None and spec.runs != (spec.moves is not Moves.ONE):
        refuse("runs and moves disagree: only one card moves at a time exactly when runs is false")
    if spec.run_limit is not None and spec.movement is not Moves.RUNS:
        refuse("a run limit needs runs that follow the build")
    if spec.stock is Stock.ROW and (spec.opening_waste or spec.stock_play or spec.redeals != 0):
        refuse("a stock that deals a row has no waste and no redeal")
    if spec.runs_home and (spec.foundation_to_column or spec.movement is not Moves.SUIT_RUNS):
        refuse("whole runs go home only where they move as one-suit runs and stay home")
    if spec.shuffle is Shuffle.MICROSOFT and (spec.deck.size != 52 or spec.talon or spec.aces_on_foundations):
        refuse("Microsoft's deal numbers lay out a whole deck of 52 cards")
    if retinue and (spec.foundations or spec.stall is not Stall.CHAIN_END or spec.columns != spec.deck.top_rank):
        refuse("Royal Retinue's rules need no foundations, a pile per rank and the chain-end stall")
    if not retinue and spec.stall is Stall.CHAIN_END:
        refuse("the chain-end stall belongs to Royal Retinue's rules")
    if not _whole(spec.draw, 1):
        refuse("draw must be a whole number from 1")
    if not _whole(spec.redeals, 0, none=True):
        refuse("redeals must be a whole number or None (unlimited)")
    if not _whole(spec.opening_waste) or not _whole(spec.undo_cost) or not _whole(spec.redeal_cost):
        refuse("opening_waste, undo_cost and redeal_cost must be whole numbers")
    if not _whole(spec.undo_depth, 0, none=True):
        refuse("undo_depth must be a whole number or None (unlimited)")
    if spec.redo and spec.undo_depth == 0:
        refuse("redo needs undo")
    if spec.stock_play and (spec.draw != 1 or retinue):
        refuse("the stock's top card can be played directly only where cards are drawn one at a time")
    dealt = sum(down + up for down, up in deal)
    aces = spec.deck.aces if spec.aces_on_foundations else 0
    if dealt + aces + spec.opening_waste > spec.deck.size:
        refuse(f"the deal needs {dealt + aces + spec.opening_waste} cards; the deck has {spec.deck.size}")
    if retinue and dealt != spec.deck.size:
        refuse("Royal Retinue deals every card")
    if not _whole(spec.start_pile, 1) or (retinue and spec.start_pile > spec.columns):
        refuse("start_pile must name a column")
    for name in ("family", "stall_word"):
        value = getattr(spec, name)
        if value is not None and (not isinstance(value, str) or not value.strip()):
            refuse(f"{name} must be a text or None")


def klondike_deal(columns: int) -> tuple[tuple[int, int], ...]:
    """Column i holds i cards, only the top one face up."""
    return tuple((i, 1) for i in range(columns))


def even_deal(columns: int, cards: int, down: int = 0) -> tuple[tuple[int, int], ...]:
    return ((down, cards - down),) * columns
