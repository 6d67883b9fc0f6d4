"""What "winnable deals only" can promise in each game: the solver's measured reach.

The page proves a new deal winnable in its worker with ``PAGE_BUDGET``
nodes (game/web/hints.py), once the numbers shipped in ``game.winnable``
are used up. That works only where most deals are won within that budget:
elsewhere the player would watch deal after deal being tried. So each game
is measured (bench/solver.py, bench/README.md): ``WON_WITHIN`` holds the
share of its deals proved won within ``PAGE_BUDGET`` nodes, and
``winnable_deals`` turns it into what the setting does. A game measured
below ``PROVES_NEW_FROM`` deals its shipped numbers over again instead of
trying new ones; a game with no shipped number (no deal proved won) offers
no such setting at all and says so. Games not in the table keep the page's
search (their shipped lists came first, before the measurement).
"""

from __future__ import annotations

from dataclasses import dataclass

from .winnable import WINNABLE

PAGE_BUDGET = 30_000  # nodes the page's worker spends proving one new deal

# Below this share of deals won within PAGE_BUDGET, a new deal is not tried in
# the page: at one half, the six tries the page allows all fail once in 64.
PROVES_NEW_FROM = 0.5

# Share of deals proved won within PAGE_BUDGET nodes, as bench/README.md
# reports it ("Decided deals with 100,000 nodes: the classics"): Klondike
# over deals 1-100 run with that budget; FreeCell and one-suit Spider (deals
# 1-200), Yukon and four-suit Spider (1-200) from the runs with
# 100,000 nodes (their search is one best-first run, which a budget only
# stops, so a deal won within 30,000 nodes there is won with a budget of
# 30,000); two-suit Spider over deals 1-146 of `tools.winnable`.
WON_WITHIN = {
    "klondike-1": 0.89,
    "klondike-3": 0.74,
    "freecell": 0.885,
    "spider-1": 0.995,
    "spider-2": 0.14,
    "spider-4": 0.0,
    "yukon": 0.60,
}


@dataclass(frozen=True)
class WinnableDeals:
    offered: bool  # the setting deals only numbers the solver proved won
    # once the shipped numbers are used up, new deals are proved in the page (else: the numbers again)
    proves_new: bool


def winnable_deals(game_id: str) -> WinnableDeals:
    """What "winnable deals only" does in ``game_id`` (see the module text)."""
    numbers = WINNABLE.get(game_id, ())
    rate = WON_WITHIN.get(game_id)
    proves_new = rate is None or rate >= PROVES_NEW_FROM
    return WinnableDeals(offered=bool(numbers) or proves_new, proves_new=proves_new)


@dataclass(frozen=True)
class NextDeal:
    number: int | None  # a shipped number, or None: a random deal
    used: int  # how many of the game's shipped numbers are used after this deal (the page saves it)
    prove: bool  # the random deal must be proved winnable in the page before it counts


def next_deal(game_id: str, used: int) -> NextDeal:
    """The deal "winnable deals only" starts in ``game_id`` when ``used`` of
    its shipped numbers were dealt: the next number; once they are used up,
    a random deal the page proves, or the numbers again from the first where
    the page could not prove new deals in time; a random deal at once where
    the setting is not offered."""
    plan = winnable_deals(game_id)
    numbers = WINNABLE.get(game_id, ())
    if not plan.offered:
        return NextDeal(None, used, False)
    if used >= len(numbers) and plan.proves_new:
        return NextDeal(None, used, True)
    i = used % len(numbers)
    return NextDeal(numbers[i], i + 1, False)
