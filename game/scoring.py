"""Scoring schemes (RULES.md): one small object per scheme. A scheme prices
each move; time-based points and the end bonus are read at a given elapsed
time, never from a clock.

``Scoring`` names the schemes (a spec's ``scoring`` field); each member
carries its scheme object (``Scoring.RELOADED.scheme``) and its English
wording. ``move_points`` returns the points a move earns and the updated set
of cards that have already earned their first trip home (Reloaded pays that
once).
"""

from __future__ import annotations

import math

from .vocabulary import Vocabulary

# Solitaire Reloaded
RELOADED_REVEAL = 5
RELOADED_HOME_PER_RANK = 10
RELOADED_WASTE_TO_COLUMN_PER_RANK = 5
RELOADED_FOUNDATION_TO_COLUMN = -15
RELOADED_REDEAL = -10
RELOADED_TIME_STEP = 10  # seconds
RELOADED_TIME_COST = -2  # per full step
RELOADED_SOLVED = 2500
RELOADED_SOLVED_STEPS = 7000  # + floor(7000 / moves)

# Royal Retinue
RETINUE_PER_RANK = 10
RETINUE_ROW_BONUS = (100,) * 5 + (250,) * 5 + (500,) * 3  # piles A-5, 6-10, J-K
RETINUE_TIME_BONUS = 1000
RETINUE_BONUS_DROP = 5  # per full second

# Solitario (Sisal)
SOLITARIO_FROM_WASTE = 5
SOLITARIO_REVEAL = 5
SOLITARIO_HOME = 10
SOLITARIO_OFF_HOME = -10

# Forty Thieves family
FORTY_HOME = 5

# The classics (RULES.md section 5): Klondike and Yukon, FreeCell, Spider
CLASSIC_FROM_WASTE = 5  # waste → column
CLASSIC_HOME = 10  # waste or column → foundation
CLASSIC_REVEAL = 5
CLASSIC_OFF_HOME = -15  # foundation → column (a turn of the waste costs the spec's redeal_cost)
FREECELL_HOME = 10
SPIDER_START = 500
SPIDER_MOVE = -1  # every move and deal (a run going home by itself is no move of the player's)
SPIDER_RUN_HOME = 100


class Scheme:
    """No points at all (the solver's plain Klondike); the base of every scheme."""

    floors_at_zero = False  # the score never shows below 0
    start = 0  # points before the first move
    time_penalty: tuple[int, int] | None = None  # (points lost, per full seconds of play)
    bonus_drop: int | None = None  # points the time bonus loses per full second

    def move_points(self, spec, change, after, homed: frozenset) -> tuple[int, frozenset]:
        return 0, homed

    def time_points(self, elapsed: float) -> int:
        """Points that the passing of time adds or takes."""
        return 0

    def time_bonus(self, elapsed: float) -> int:
        """The falling time bonus as it stands at ``elapsed`` (paid only on a win)."""
        return 0

    def win_bonus(self, moves: int, elapsed: float) -> int:
        return 0

    def figures(self, spec) -> dict[str, int]:
        """The scheme's numbers as a rules text states them, by name, each a
        positive amount (the words say whether it is won or lost); ``best``
        is the highest score a deal allows, where there is one."""
        return {}


class ReloadedScheme(Scheme):
    floors_at_zero = True  # RULES.md, decided
    time_penalty = (-RELOADED_TIME_COST, RELOADED_TIME_STEP)

    def move_points(self, spec, change, after, homed):
        rank = spec.deck.rank
        points = RELOADED_REVEAL if change.revealed else 0
        if change.move.src == "redeal":
            points += RELOADED_REDEAL
        elif change.dst == "foundation":
            card = change.cards[0]
            if card not in homed:
                points += RELOADED_HOME_PER_RANK * rank[card]
                homed = homed | {card}
        elif change.dst == "tableau":
            if change.src == "waste":
                points += RELOADED_WASTE_TO_COLUMN_PER_RANK * rank[change.cards[0]]
            elif change.src == "foundation":
                points += RELOADED_FOUNDATION_TO_COLUMN
        return points, homed

    def time_points(self, elapsed):
        return RELOADED_TIME_COST * int(elapsed // RELOADED_TIME_STEP)

    def win_bonus(self, moves, elapsed):
        return RELOADED_SOLVED + RELOADED_SOLVED_STEPS // max(1, moves)

    def figures(self, spec):
        return {
            "reveal": RELOADED_REVEAL,
            "home_per_rank": RELOADED_HOME_PER_RANK,
            "top_home": RELOADED_HOME_PER_RANK * spec.deck.top_rank,
            "waste_to_column_per_rank": RELOADED_WASTE_TO_COLUMN_PER_RANK,
            "foundation_to_column": -RELOADED_FOUNDATION_TO_COLUMN,
            "redeal": -RELOADED_REDEAL,
            "time_cost": -RELOADED_TIME_COST,
            "time_step": RELOADED_TIME_STEP,
            "solved": RELOADED_SOLVED,
            "solved_steps": RELOADED_SOLVED_STEPS,
        }


class SolitarioScheme(Scheme):
    def move_points(self, spec, change, after, homed):
        points = SOLITARIO_REVEAL if change.revealed else 0
        if change.src == "waste" and change.dst != "stock":
            points += SOLITARIO_FROM_WASTE
        if change.dst == "foundation":
            points += SOLITARIO_HOME
        if change.src == "foundation":
            points += SOLITARIO_OFF_HOME
        return points, homed

    def figures(self, spec):
        return {
            "from_waste": SOLITARIO_FROM_WASTE,
            "reveal": SOLITARIO_REVEAL,
            "home": SOLITARIO_HOME,
            "waste_home": SOLITARIO_FROM_WASTE + SOLITARIO_HOME,
            "off_home": -SOLITARIO_OFF_HOME,
        }


class FortyThievesScheme(Scheme):
    def move_points(self, spec, change, after, homed):
        return (FORTY_HOME if change.dst == "foundation" else 0), homed

    def figures(self, spec):
        aces = 4 * spec.deck.copies if spec.aces_on_foundations else 0
        return {"per_card": FORTY_HOME, "best": FORTY_HOME * (spec.card_count - aces)}


class ClassicScheme(Scheme):
    """Klondike's standard points (and Yukon's, which has no waste or stock)."""

    floors_at_zero = True  # RULES.md, decided

    def move_points(self, spec, change, after, homed):
        points = CLASSIC_REVEAL if change.revealed else 0
        if change.move.src == "redeal":
            points -= spec.redeal_cost
        elif change.dst == "foundation":
            points += CLASSIC_HOME
        elif change.dst == "tableau" and change.src == "waste":
            points += CLASSIC_FROM_WASTE
        elif change.dst == "tableau" and change.src == "foundation":
            points += CLASSIC_OFF_HOME
        return points, homed

    def figures(self, spec):
        out = {"reveal": CLASSIC_REVEAL, "home": CLASSIC_HOME, "off_home": -CLASSIC_OFF_HOME}
        if spec.has_stock:
            out |= {"from_waste": CLASSIC_FROM_WASTE, "turnover": spec.redeal_cost}
        return out


class FreeCellScheme(Scheme):
    def move_points(self, spec, change, after, homed):
        return (FREECELL_HOME if change.dst == "foundation" else 0), homed

    def figures(self, spec):
        return {"per_card": FREECELL_HOME, "best": FREECELL_HOME * spec.card_count}


class SpiderScheme(Scheme):
    start = SPIDER_START

    def move_points(self, spec, change, after, homed):
        return (SPIDER_RUN_HOME if change.dst == "foundation" else SPIDER_MOVE), homed

    def figures(self, spec):
        return {"start_points": SPIDER_START, "per_move": -SPIDER_MOVE, "per_run": SPIDER_RUN_HOME}


class RetinueScheme(Scheme):
    bonus_drop = RETINUE_BONUS_DROP

    def move_points(self, spec, change, after, homed):
        card = change.cards[0]
        points = RETINUE_PER_RANK * spec.deck.rank[card]
        pile = change.dst_index
        if after.rules.placed(after, pile) == 4:
            points += RETINUE_ROW_BONUS[pile]
        return points, homed

    def time_bonus(self, elapsed):
        return max(0, RETINUE_TIME_BONUS - RETINUE_BONUS_DROP * int(math.floor(elapsed)))

    def win_bonus(self, moves, elapsed):
        return self.time_bonus(elapsed)

    def figures(self, spec):
        """``rank_N``: what a card of rank N earns; ``pile_bonus_N``: the bonus
        of the Nth pile, full."""
        ranks = range(1, spec.deck.top_rank + 1)
        out = {"per_rank": RETINUE_PER_RANK, "time_bonus": RETINUE_TIME_BONUS, "bonus_drop": RETINUE_BONUS_DROP}
        out |= {f"rank_{n}": RETINUE_PER_RANK * n for n in ranks}
        out |= {f"pile_bonus_{i}": bonus for i, bonus in enumerate(RETINUE_ROW_BONUS, 1)}
        every_card = RETINUE_PER_RANK * sum(spec.deck.rank[c] for c in spec.deck.cards)
        out["best"] = every_card + sum(RETINUE_ROW_BONUS) + RETINUE_TIME_BONUS
        return out


class Scoring(Vocabulary):
    """The scoring schemes a spec may name; each member carries its scheme."""

    @property
    def scheme(self) -> Scheme:
        return self.behaviour[0]

    RELOADED = (
        "reloaded",
        "points for cards turned, moved and sent home; time and undos cost points; a bonus for a win",
        ReloadedScheme(),
    )
    SOLITARIO = ("solitario", "points for cards turned, played from the waste and sent home", SolitarioScheme())
    FORTY_THIEVES = ("forty-thieves", "points for each card sent home", FortyThievesScheme())
    RETINUE = ("retinue", "points for each card placed and each full pile; a falling time bonus", RetinueScheme())
    CLASSIC = (
        "classic",
        "points for cards turned, played from the waste and sent home; a card taken back from home and"
        " each turn of the waste cost points",
        ClassicScheme(),
    )
    FREECELL = ("freecell", "points for each card sent home", FreeCellScheme())
    SPIDER = (
        "spider",
        "500 points at the start, one less for each move, 100 more for each run sent home",
        SpiderScheme(),
    )
    NONE = ("none", "no points", Scheme())
