"""Game numbers the solver proved winnable, per game (generated: do not edit).

Written by ``python -m tools.winnable``; the last run:
``--games klondike-1,klondike-3,freecell,spider-1,spider-2,yukon --count 20
--budget 30000 --budget-two-deck 30000 --max-seeds 200 --seconds 3000``
Re-proved by ``python -m tools.winnable --verify``. The "winnable deals
only" setting deals from these lists in order.
"""

BUDGET = 20000

# the node budget each game's numbers were proved with (BUDGET where missing)
BUDGETS = {
    "forty-thieves": 60000,
    "indian": 60000,
    "limited": 60000,
    "lucas": 60000,
    "maria": 60000,
    "number-ten": 60000,
    "rank-and-file": 60000,
    "streets": 60000,
    "klondike-1": 30000,
    "klondike-3": 30000,
    "freecell": 30000,
    "spider-1": 30000,
    "spider-2": 30000,
    "yukon": 30000,
}

WINNABLE = {
    "reloaded": (1, 4, 5, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 18, 19, 20, 21, 22, 23, 24),
    "retinue": (4, 33, 37, 71, 73, 88, 90, 99, 129, 140, 163, 172, 174, 175, 177, 179, 190, 195, 198, 206),
    "solitario": (2, 4, 5, 6, 7, 8, 9, 11, 12, 16, 17, 18, 19, 20, 21, 23, 25, 26, 27, 29),
    "forty-thieves": (2, 9, 12, 31, 40, 50, 64, 91, 92, 103, 108, 168, 189, 213, 219, 239, 242, 288, 289),
    "indian": (1, 2, 3, 4, 5, 6, 8, 9, 11, 12, 14, 15, 19, 20, 22, 23, 25, 26, 27, 28),
    "limited": (3, 4, 8, 9, 10, 11, 16, 17, 18, 19, 21, 22, 26, 29, 31, 33, 34, 36, 39, 40),
    "little-forty": (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20),
    "lucas": (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 21),
    "maria": (2, 17, 26, 30, 59, 60, 61, 105, 114, 154),
    "number-ten": (1, 5, 7, 8, 9, 11, 14, 15, 16, 18, 19, 20, 21, 23, 26, 28, 31, 34, 37, 38),
    "rank-and-file": (1, 3, 4, 5, 6, 7, 8, 9, 14, 17, 19, 21, 25, 27, 28, 29, 30, 32, 33, 34),
    "streets": (1, 12, 14, 18, 19, 21, 22, 28, 29, 31, 32, 34, 38, 44, 51, 53, 55, 62, 63, 66),
    "klondike-1": (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 18, 19, 20, 21),
    "klondike-3": (2, 3, 6, 7, 8, 9, 11, 12, 15, 16, 17, 18, 19, 20, 21, 22, 24, 25, 26, 29),
    "freecell": (1, 2, 3, 5, 6, 7, 8, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 23),
    "spider-1": (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20),
    "spider-2": (3, 5, 9, 10, 15, 34, 36, 41, 47, 52, 54, 55, 64, 69, 86, 98, 100, 119, 122, 146),
    "yukon": (1, 2, 3, 4, 5, 6, 8, 10, 11, 12, 14, 15, 16, 17, 19, 23, 25, 26, 27, 28),
}
