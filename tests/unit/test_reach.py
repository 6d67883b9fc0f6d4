"""game/reach.py: what "winnable deals only" does in each game, from the
solver's measured reach (no game's name in the page: tests/unit/test_web_asks_no_names.py)."""

import pytest

from game import PLAYER_GAMES, deal, reach
from game.solver import UNKNOWN, WON, solve
from game.winnable import WINNABLE


@pytest.fixture
def tables(monkeypatch):
    """Made-up measurements and lists: the choice, apart from the shipped data."""
    rates, lists = {}, {}
    monkeypatch.setattr(reach, "WON_WITHIN", rates)
    monkeypatch.setattr(reach, "WINNABLE", lists)
    return rates, lists


def test_a_game_the_page_proves_deals_in_goes_on_with_new_deals_after_its_list(tables):
    rates, lists = tables
    rates["g"], lists["g"] = reach.PROVES_NEW_FROM, (4, 9)
    assert reach.winnable_deals("g") == reach.WinnableDeals(offered=True, proves_new=True)
    assert reach.next_deal("g", 0) == reach.NextDeal(4, 1, False)
    assert reach.next_deal("g", 1) == reach.NextDeal(9, 2, False)
    assert reach.next_deal("g", 2) == reach.NextDeal(None, 2, True)  # a random deal, proved in the page


def test_a_game_the_page_cannot_prove_deals_in_deals_its_list_again(tables):
    rates, lists = tables
    rates["g"], lists["g"] = reach.PROVES_NEW_FROM - 0.01, (4, 9)
    assert reach.winnable_deals("g") == reach.WinnableDeals(offered=True, proves_new=False)
    assert [reach.next_deal("g", used).number for used in range(5)] == [4, 9, 4, 9, 4]
    assert reach.next_deal("g", 2) == reach.NextDeal(4, 1, False)  # never a deal to wait for
    assert not any(reach.next_deal("g", used).prove for used in range(5))


def test_a_game_with_no_deal_proved_has_no_such_setting_and_deals_at_once(tables):
    rates, lists = tables
    rates["g"] = 0.0
    assert reach.winnable_deals("g") == reach.WinnableDeals(offered=False, proves_new=False)
    assert reach.next_deal("g", 0) == reach.NextDeal(None, 0, False)
    assert reach.next_deal("g", 7) == reach.NextDeal(None, 7, False)


def test_a_game_not_measured_keeps_the_pages_search(tables):
    _, lists = tables
    lists["g"] = (3,)
    assert reach.winnable_deals("g") == reach.WinnableDeals(offered=True, proves_new=True)
    assert reach.winnable_deals("h").offered  # no list yet: the page proves every deal
    assert reach.next_deal("h", 0) == reach.NextDeal(None, 0, True)


def test_the_shipped_data_four_suit_spider_is_beyond_the_page_and_says_so():
    assert set(reach.WON_WITHIN) <= set(PLAYER_GAMES)
    assert reach.winnable_deals("spider-4") == reach.WinnableDeals(offered=False, proves_new=False)
    assert reach.next_deal("spider-4", 0) == reach.NextDeal(None, 0, False)
    assert [g for g in PLAYER_GAMES if not reach.winnable_deals(g).offered] == ["spider-4"]
    assert not WINNABLE.get("spider-4")


def test_the_measured_reach_holds_on_a_deal_of_each_side():
    """The table is a measurement: a FreeCell deal is won within the page's
    budget, a four-suit Spider deal is not (bench/README.md has the rates)."""
    assert reach.WON_WITHIN["freecell"] >= reach.PROVES_NEW_FROM
    assert solve(deal("freecell", 1), budget_nodes=reach.PAGE_BUDGET).status == WON
    assert reach.WON_WITHIN["spider-4"] < reach.PROVES_NEW_FROM
    assert solve(deal("spider-4", 1), budget_nodes=reach.PAGE_BUDGET).status == UNKNOWN
