"""Scoring schemes (RULES.md). A scheme prices each move; time-based points
and the end bonus are read at a given elapsed time, never from a clock.

``move_points`` returns the points a move earns and the updated set of cards
that have already earned their first trip home (Reloaded pays that once).
"""

from __future__ import annotations

import math

# Solitaire Reloaded
RELOADED_REVEAL = 5
RELOADED_HOME_PER_RANK = 10
RELOADED_WASTE_TO_COLUMN_PER_RANK = 5
RELOADED_FOUNDATION_TO_COLUMN = -15
RELOADED_REDEAL = -10
RELOADED_TIME_STEP = 10  # seconds
RELOADED_TIME_COST = -2  # per full step
RELOADED_SOLVED = 2500
RELOADED_SOLVED_STEPS = 7000  # + floor(7000 / steps)

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


def move_points(spec, change, after, homed: frozenset) -> tuple[int, frozenset]:
    scheme = spec.scoring
    if scheme == "reloaded":
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
    if scheme == "solitario":
        points = SOLITARIO_REVEAL if change.revealed else 0
        if change.src == "waste" and change.dst != "stock":
            points += SOLITARIO_FROM_WASTE
        if change.dst == "foundation":
            points += SOLITARIO_HOME
        if change.src == "foundation":
            points += SOLITARIO_OFF_HOME
        return points, homed
    if scheme == "forty-thieves":
        return (FORTY_HOME if change.dst == "foundation" else 0), homed
    if scheme == "retinue":
        card = change.cards[0]
        points = RETINUE_PER_RANK * spec.deck.rank[card]
        pile = change.dst_index
        if after.rules.placed(after, pile) == 4:
            points += RETINUE_ROW_BONUS[pile]
        return points, homed
    return 0, homed


def time_points(spec, elapsed: float) -> int:
    """Points that the passing of time adds or takes (Reloaded: −2 per full 10 s)."""
    if spec.scoring == "reloaded":
        return RELOADED_TIME_COST * int(elapsed // RELOADED_TIME_STEP)
    return 0


def time_bonus(spec, elapsed: float) -> int:
    """Retinue's falling bonus as it stands at ``elapsed`` (paid only on a win)."""
    if spec.scoring == "retinue":
        return max(0, RETINUE_TIME_BONUS - RETINUE_BONUS_DROP * int(math.floor(elapsed)))
    return 0


def win_bonus(spec, steps: int, elapsed: float) -> int:
    if spec.scoring == "reloaded":
        return RELOADED_SOLVED + RELOADED_SOLVED_STEPS // max(1, steps)
    if spec.scoring == "retinue":
        return time_bonus(spec, elapsed)
    return 0


def floors_at_zero(spec) -> bool:
    """Reloaded never shows a score below 0 (RULES.md, decided)."""
    return spec.scoring == "reloaded"
