"""Game numbers the solver proved winnable, per game (generated: do not edit).

Written by ``python -m tools.winnable --count 20 --budget 20000 --max-seeds 60 --seconds 40``
(then ``--games retinue --max-seeds 600``); re-proved by
``python -m tools.winnable --verify``. The "winnable deals only" setting
deals from these lists in order.
"""

BUDGET = 20000

WINNABLE = {
    'reloaded': (1, 4, 5, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 18, 19, 20, 21, 22, 23, 24),
    'retinue': (4, 33, 37, 71, 73, 88, 90, 99, 129, 140, 163, 172, 174, 175, 177, 179, 190, 195, 198, 206),
    'solitario': (2, 4, 5, 6, 7, 8, 9, 11, 12, 16, 17, 18, 19, 20, 21, 23, 25, 26, 27, 29),
    'forty-thieves': (),
    'indian': (3, 5, 7, 8, 11, 12, 19, 25, 27, 34, 37, 40, 42, 49, 51, 52),
    'limited': (9, 10, 22),
    'little-forty': (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20),
    'lucas': (1, 2, 4, 5, 7, 8, 9, 10, 11, 12, 14, 15, 16, 17, 18, 21, 22, 23, 24, 25),
    'maria': (),
    'number-ten': (1, 5, 7, 8, 9, 14, 15, 16, 19, 20),
    'rank-and-file': (1, 3, 5, 6, 9, 14, 17, 19, 25),
    'streets': (),
}
