"""tools/winnable.py and the list it writes (game/winnable.py)."""

import ast

import pytest

from game import PLAYER_GAMES
from tools import winnable as tool


def test_render_is_a_plain_data_module():
    text = tool.render({"reloaded": [2, 3], "maria": []}, 1000, "--count 2")
    ns = {}
    exec(compile(ast.parse(text), "w", "exec"), ns)
    assert ns["WINNABLE"] == {"reloaded": (2, 3), "maria": ()} and ns["BUDGET"] == 1000


def test_find_returns_only_proved_wins():
    from game import deal
    from game.solver import WON, solve

    seeds = tool.find("solitario", 2, 5000, 10, 30.0)
    assert len(seeds) <= 2
    assert all(solve(deal("solitario", s), budget_nodes=5000).status == WON for s in seeds)


def test_shipped_list_names_player_games_with_distinct_numbers():
    from game.winnable import WINNABLE

    assert set(WINNABLE) <= set(PLAYER_GAMES)
    for seeds in WINNABLE.values():
        assert len(set(seeds)) == len(seeds) and all(isinstance(s, int) and s > 0 for s in seeds)
    assert sum(map(len, WINNABLE.values())) >= 100


def test_some_listed_deals_are_proved_won_again():
    from game import deal
    from game.solver import WON, solve
    from game.winnable import BUDGET, WINNABLE

    for game_id in ("reloaded", "solitario"):
        for seed in WINNABLE[game_id][:2]:
            assert solve(deal(game_id, seed), budget_nodes=BUDGET).status == WON


def test_two_deck_games_get_their_own_budget_and_the_file_records_it():
    assert tool.game_budget("forty-thieves", 20_000, 60_000) == 60_000
    assert tool.game_budget("klondike-3", 20_000, 60_000) == 20_000
    text = tool.render({"reloaded": [2], "maria": [5]}, 20_000, "--count 1", {"maria": 60_000})
    ns = {}
    exec(compile(ast.parse(text), "w", "exec"), ns)
    assert ns["BUDGET"] == 20_000 and ns["BUDGETS"] == {"maria": 60_000}


def test_every_player_game_has_proved_winnable_numbers():
    """... but a game where the solver proves none, whose setting says so (game/reach.py)."""
    from game.reach import winnable_deals
    from game.winnable import WINNABLE

    missing = [g for g in PLAYER_GAMES if not WINNABLE.get(g) and winnable_deals(g).offered]
    assert not missing, missing


def test_a_listed_forty_thieves_deal_is_proved_won_again_with_its_budget():
    from game import deal
    from game.solver import WON, solve
    from game.winnable import BUDGET, BUDGETS, WINNABLE

    seed = WINNABLE["forty-thieves"][0]
    assert solve(deal("forty-thieves", seed), budget_nodes=BUDGETS.get("forty-thieves", BUDGET)).status == WON


@pytest.mark.parametrize("game_id", ["klondike-3", "freecell", "spider-1", "spider-2", "yukon"])
def test_a_listed_classic_deal_is_proved_won_again_within_the_pages_budget(game_id):
    """The classics' numbers were proved with the budget the page itself
    spends on a deal (game/reach.py), not more."""
    from game import deal
    from game.reach import PAGE_BUDGET
    from game.solver import WON, solve
    from game.winnable import BUDGET, BUDGETS, WINNABLE

    assert BUDGETS.get(game_id, BUDGET) <= PAGE_BUDGET
    assert solve(deal(game_id, WINNABLE[game_id][0]), budget_nodes=PAGE_BUDGET).status == WON


def test_find_goes_on_after_the_numbers_found_before():
    seeds = tool.find("little-forty", 2, 20_000, 10, 30.0, found=[1])
    assert seeds[0] == 1 and len(seeds) == 2 and seeds[1] > 1


def test_find_on_a_local_cluster_keeps_the_first_wins_in_order_and_reuses_its_log(tmp_path):
    from tools.batch import Batch, read_rows

    log = tmp_path / "winnable.jsonl"
    with Batch(jobs=2) as batch:
        seeds = tool.find_batch(batch, "little-forty", 3, 20_000, 10, 300.0, log=log)
        assert seeds == tool.find("little-forty", 3, 20_000, 10, 300.0)
        rows = read_rows(log)
        assert {r["seed"] for r in rows} >= set(seeds) and all(r["budget"] == 20_000 for r in rows)
        # A rerun reads the answers from the log and solves nothing again.
        assert tool.find_batch(batch, "little-forty", 3, 20_000, 10, 300.0, log=log) == seeds
        assert len(read_rows(log)) == len(rows)
