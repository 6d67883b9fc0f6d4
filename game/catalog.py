"""The twelve games (RULES.md), each a spec; variants change a few fields.

Adding a Forty Thieves variant is one line in ``GAMES`` below, e.g.::

    FORTY_THIEVES.variant(id="forty-eight", name="Forty-Eight", deal=even_deal(8, 5), redeals=1),

``GameSpec`` checks its fields when it is made (spec.py); the rules, scores,
undo, saves, links and the command line follow from them.
"""

from __future__ import annotations

from .build import BuildRules
from .cards import FRENCH, FRENCH_2, ITALIAN
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
    # Plain Klondike, for the solver's comparison with published win rates.
    KLONDIKE_1 := RELOADED.variant(
        id="klondike-1",
        name="Klondike (draw 1)",
        scoring="none",
        undo_depth=None,
        undo_cost=0,
        redo=True,
        hidden=True,
    ),
    KLONDIKE_1.variant(id="klondike-3", name="Klondike (draw 3)", draw=3),
)

PLAYER_GAMES: tuple[str, ...] = tuple(g for g, s in GAMES.items() if not s.hidden)


def get_spec(game_id) -> GameSpec:
    spec = GAMES.get(game_id) if isinstance(game_id, str) else None
    if spec is None:
        raise UnknownGame(f"unknown game {game_id!r}; the games are: {', '.join(PLAYER_GAMES)}")
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
        games = ", ".join(PLAYER_GAMES)
        raise UnknownGameInPosition("unknown_game", game=_shown(data["game"]), games=games) from None
    if game is not None and spec.id != game:
        raise InvalidPosition("other_game", game=spec.id, wanted=game)
    return Position.from_json(data, spec, reachable)


def _shown(value) -> str:
    """A value from outside as the English shows it: its repr, cut short."""
    text = repr(value) if isinstance(value, (str, int, float, bool, type(None))) else type(value).__name__
    return text[:40]
