"""The daily deal: one deal per game per day, the same in every browser.

The rule is fixed here and must never change (a day's deal is shared and
compared between players, and a duel link names it only by its number):

1. The day is a date of the UTC calendar, written ``YYYY-MM-DD``. Its day
   number ``d`` is the count of days since 1970-01-01 (so 1970-01-01 is 0,
   2026-11-22 is 20779), in the proleptic Gregorian calendar.
2. The day's deal number is ``1_000_000_000 + (d * 0x2C9277B5) mod 2**30``.
   Every game deals that number with its own shuffle (``shuffle.py`` mixes the
   game's id into the seed), so each game has its own deal of the day.

The multiplier is odd, so step 2 is a one-to-one map of day numbers below
2**30: the date comes back from a deal number (``day_of``), which is how a
saved game, a statistics entry or a duel link knows that its deal is a daily
one without carrying the date. Daily numbers (10 digits from 1,000,000,000)
are far above the numbers of random deals (below 1,000,000), so a random deal
is never taken for a daily one; a number typed by hand in that range counts as
daily only when it decodes to a day from ``FIRST_DAY`` to ``LAST_DAY``.

Integer arithmetic and the standard library's calendar dates: the page loads
this module only when a daily deal is asked for or shown.
"""

from __future__ import annotations

from datetime import date
from typing import Optional

BASE = 1_000_000_000
MULTIPLIER = 0x2C9277B5
SPAN = 1 << 30
INVERSE = pow(MULTIPLIER, -1, SPAN)
EPOCH = date(1970, 1, 1).toordinal()  # day 0 of the rule
FIRST_DAY = "2024-01-01"  # the first day with a daily deal
LAST_DAY = "2199-12-31"


def days_from_civil(year: int, month: int, day: int) -> int:
    """Days since 1970-01-01 of a Gregorian date (negative before it)."""
    return date(year, month, day).toordinal() - EPOCH


def civil_from_days(days: int) -> tuple[int, int, int]:
    """The (year, month, day) of a day number; the inverse of ``days_from_civil``."""
    d = date.fromordinal(days + EPOCH)
    return d.year, d.month, d.day


def month_length(year: int, month: int) -> int:
    if month == 2:
        return 29 if year % 4 == 0 and (year % 100 != 0 or year % 400 == 0) else 28
    return 30 if month in (4, 6, 9, 11) else 31


def parse_day(text) -> int:
    """The day number of a ``YYYY-MM-DD`` date; ``ValueError`` with a short
    reason for anything else (other forms, 2026-02-30, text)."""
    if not isinstance(text, str) or len(text) != 10 or text[4] != "-" or text[7] != "-":
        raise ValueError("write the date as YYYY-MM-DD")
    parts = text[:4], text[5:7], text[8:]
    if not all(p.isascii() and p.isdigit() for p in parts):
        raise ValueError("write the date as YYYY-MM-DD")
    year, month, day = (int(p) for p in parts)
    if not 1 <= month <= 12 or not 1 <= day <= month_length(year, month):
        raise ValueError("there is no such day")
    return days_from_civil(year, month, day)


def day_text(day: int) -> str:
    year, month, d = civil_from_days(day)
    return f"{year:04d}-{month:02d}-{d:02d}"


FIRST = parse_day(FIRST_DAY)
LAST = parse_day(LAST_DAY)


def number_of(day: int) -> int:
    """The deal number of a day (a day number, see ``parse_day``)."""
    if not 0 <= day < SPAN:
        raise ValueError("no daily deal that day")
    return BASE + (day * MULTIPLIER) % SPAN


def day_of(number) -> Optional[int]:
    """The day whose daily deal ``number`` is, or None if it is no daily deal."""
    if isinstance(number, bool) or not isinstance(number, int) or not BASE <= number < BASE + SPAN:
        return None
    day = ((number - BASE) * INVERSE) % SPAN
    return day if FIRST <= day <= LAST else None


def daily_number(date: str) -> int:
    """The deal number of the day ``YYYY-MM-DD``."""
    return number_of(parse_day(date))


def date_of(number) -> Optional[str]:
    """The ``YYYY-MM-DD`` of a daily deal's number, or None."""
    day = day_of(number)
    return None if day is None else day_text(day)


def check_day(date: str, today: str) -> int:
    """The day number of a daily deal that may be played on ``today``:
    ``ValueError`` for a malformed date, a day before ``FIRST_DAY``, or a day
    after ``today`` (not dealt yet). Both dates are UTC."""
    day = parse_day(date)
    if day < FIRST:
        raise ValueError("before the first daily deal")
    if day > parse_day(today):
        raise ValueError("not dealt yet")
    return day


def streak(days_won, today: int) -> int:
    """Days in a row with a daily deal won, ending today, or yesterday when
    today's is not won yet (the streak still stands until the day is over)."""
    won = set(days_won)
    day = today if today in won else today - 1
    count = 0
    while day in won:
        count += 1
        day -= 1
    return count


def longest_streak(days_won) -> int:
    best = run = 0
    last = None
    for day in sorted(set(days_won)):
        run = run + 1 if last is not None and day == last + 1 else 1
        best = max(best, run)
        last = day
    return best


# --- the day's goal -----------------------------------------------------------------------------
# Beside winning, a daily deal has a goal: win in under N moves (the moves
# the game counts: draws and moves to the foundations too). N comes from the
# solver's winning line from the deal's start, searched with a budget of
# GOAL_NODES nodes and no time limit, so every browser finds the same line and
# the same goal; where that search finds no line, the day has no goal.
GOAL_NODES = 40_000
GOAL_STEP = 10  # the line's length is rounded up to this: a round number to beat


def goal_moves(line_length: int) -> int:
    """The goal's N for a winning line of ``line_length`` moves: the next round
    number above it, so that the solver's own line meets the goal."""
    return (max(0, int(line_length)) // GOAL_STEP + 1) * GOAL_STEP


def goal_met(moves: int, goal: Optional[int]) -> bool:
    return goal is not None and moves < goal
