"""The nineteen games (RULES.md), each a spec; variants change a few fields.

Adding a Forty Thieves variant is one line in ``GAMES`` below, e.g.::

    FORTY_THIEVES.variant(id="forty-eight", name="Forty-Eight", deal=even_deal(8, 5), redeals=1),

``GameSpec`` checks its fields when it is made (spec.py); the rules, scores,
undo, saves, links and the command line follow from them.
"""

from __future__ import annotations

from .build import BuildRules
from .cards import FRENCH, FRENCH_2, ITALIAN, SPADES_8, SPADES_HEARTS_4
from .errors import InvalidPosition, InvalidSpec, UnknownGame
from .position import Position, UnknownGameInPosition
from .retinue import RetinueRules
from .spec import GameSpec, even_deal, klondike_deal

RELOADED = GameSpec(
    id="reloaded",
    name="Solitaire Reloaded",
    deck=FRENCH,
    deal=klondike_deal(7),
    rules_class=BuildRules,
    scoring="reloaded",
    undo_depth=3,
    undo_cost=1,
)

RETINUE = GameSpec(
    id="retinue",
    name="Royal Retinue",
    deck=FRENCH,
    deal=even_deal(13, 4, down=4),
    rules_class=RetinueRules,
    foundations=0,
    scoring="retinue",
    stall="chain-end",
    start_pile=8,
)

SOLITARIO = GameSpec(
    id="solitario",
    name="Solitario",
    deck=ITALIAN,
    deal=klondike_deal(7),
    rules_class=BuildRules,
    draw=3,
    opening_waste=3,
    scoring="solitario",
    guarantee="scoring-move",
    stall_word="Stallo",
)

FORTY_THIEVES = GameSpec(
    id="forty-thieves",
    name="Forty Thieves",
    deck=FRENCH_2,
    deal=even_deal(10, 4),
    rules_class=BuildRules,
    foundations=8,
    build="same-suit",
    runs=False,
    empty_column="any",
    redeals=0,
    stock_play=True,
    foundation_to_column=False,
    scoring="forty-thieves",
    undo_depth=None,
    redo=True,
    stall="no-move",
    family="forty-thieves",
)


def catalog(*specs: GameSpec) -> dict[str, GameSpec]:
    """The games by id, in the order given; two games may not share an id."""
    out: dict[str, GameSpec] = {}
    for spec in specs:
        if spec.id in out:
            raise InvalidSpec(f"two games are called {spec.id!r}")
        out[spec.id] = spec
    return out


# Every game, in the order the picker shows them. A variant is its parent with
# a few fields changed, written where it is listed: adding one is adding a line
# here (and its words for the page, texts/games.py; the rules dialog reads the spec, texts/rules/).
GAMES: dict[str, GameSpec] = catalog(
    RELOADED,
    RETINUE,
    SOLITARIO,
    FORTY_THIEVES,
    FORTY_THIEVES.variant(id="indian", name="Indian", deal=even_deal(10, 3, down=1), build="other-suit"),
    FORTY_THIEVES.variant(id="limited", name="Limited", deal=even_deal(12, 3)),
    FORTY_THIEVES.variant(
        id="little-forty", name="Little Forty", build="other-suit", runs=True, draw=3, redeals=3, stock_play=False
    ),
    FORTY_THIEVES.variant(id="lucas", name="Lucas", deal=even_deal(13, 3), aces_on_foundations=True),
    FORTY_THIEVES.variant(id="maria", name="Maria", deal=even_deal(9, 4), build="alternate"),
    FORTY_THIEVES.variant(
        id="number-ten", name="Number Ten", deal=even_deal(10, 4, down=2), build="alternate", runs=True
    ),
    FORTY_THIEVES.variant(
        id="rank-and-file", name="Rank and File", deal=even_deal(10, 4, down=3), build="alternate", runs=True
    ),
    FORTY_THIEVES.variant(id="streets", name="Streets", build="alternate"),
    # The classics (RULES.md section 5): relaxed play, free undo and redo.
    KLONDIKE_1 := RELOADED.variant(
        id="klondike-1",
        name="Klondike, draw one",
        scoring="classic",
        redeal_cost=100,
        undo_depth=None,
        undo_cost=0,
        redo=True,
        family="classics",
    ),
    KLONDIKE_1.variant(id="klondike-3", name="Klondike, draw three", draw=3, redeal_cost=20),
    GameSpec(
        id="freecell",
        name="FreeCell",
        deck=FRENCH,
        deal=even_deal(4, 7) + even_deal(4, 6),
        rules_class=BuildRules,
        cells=4,
        run_limit="supermove",
        empty_column="any",
        redeals=0,
        foundation_to_column=False,
        scoring="freecell",
        undo_depth=None,
        redo=True,
        stall="no-move",
        shuffle="microsoft",
        family="classics",
    ),
    SPIDER_1 := GameSpec(
        id="spider-1",
        name="Spider, one suit",
        deck=SPADES_8,
        deal=even_deal(4, 6, down=5) + even_deal(6, 5, down=4),
        rules_class=BuildRules,
        foundations=8,
        build="any-suit",
        moves="suit-runs",
        empty_column="any",
        stock="row",
        redeals=0,
        foundation_to_column=False,
        runs_home=True,
        scoring="spider",
        undo_depth=None,
        undo_cost=1,
        redo=True,
        stall="no-move",
        family="classics",
    ),
    SPIDER_1.variant(id="spider-2", name="Spider, two suits", deck=SPADES_HEARTS_4),
    SPIDER_1.variant(id="spider-4", name="Spider, four suits", deck=FRENCH_2),
    GameSpec(
        id="yukon",
        name="Yukon",
        deck=FRENCH,
        deal=((0, 1),) + tuple((down, 5) for down in range(1, 7)),
        rules_class=BuildRules,
        moves="groups",
        scoring="classic",
        undo_depth=None,
        redo=True,
        stall="no-move",
        family="classics",
    ),
)

# Every game a player can play (the command line lists them), and those the
# browser offers (its picker, addresses, saves and statistics know only these).
ALL_PLAYER_GAMES: tuple[str, ...] = tuple(g for g, s in GAMES.items() if not s.hidden)
PLAYER_GAMES: tuple[str, ...] = tuple(g for g in ALL_PLAYER_GAMES if GAMES[g].in_browser)


def get_spec(game_id) -> GameSpec:
    spec = GAMES.get(game_id) if isinstance(game_id, str) else None
    if spec is None:
        raise UnknownGame(f"unknown game {game_id!r}; the games are: {', '.join(ALL_PLAYER_GAMES)}")
    return spec


def read_position(data, game: str | None = None, reachable: bool = True) -> Position:
    """A position from its JSON (CONTRACT.md), its spec found by the id it
    names; with ``game``, it must be a position of that game. Refused with
    ``InvalidPosition`` naming the problem (``Position.from_json`` says what
    is checked, and what ``reachable=False`` leaves out)."""
    if not isinstance(data, dict):
        raise InvalidPosition("not_object")
    if "game" not in data:
        raise InvalidPosition("no_game")
    try:
        spec = get_spec(data["game"])
    except UnknownGame:
        games = ", ".join(ALL_PLAYER_GAMES)
        raise UnknownGameInPosition("unknown_game", game=_shown(data["game"]), games=games) from None
    if game is not None and spec.id != game:
        raise InvalidPosition("other_game", game=spec.id, wanted=game)
    return Position.from_json(data, spec, reachable)


def _shown(value) -> str:
    """A value from outside as the English shows it: its repr, cut short."""
    text = repr(value) if isinstance(value, (str, int, float, bool, type(None))) else type(value).__name__
    return text[:40]
