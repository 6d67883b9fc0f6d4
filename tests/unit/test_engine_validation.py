"""Positions the engine must refuse (CONTRACT.md "Positions"), each with
InvalidPosition and a message that names the problem; and positions it must
accept. Positions made with ``position_json`` hold the rest of the deck in
the stock, more than any deal leaves there: they are read as study positions
(``reachable=False``), and test_engine_reachable.py checks what a deal can
reach."""

from __future__ import annotations

import pytest
from engine_helpers import FORTY_FAMILY, ITALIAN_RANKS, position_json, upto

from game import InvalidPosition, deal, read_position

ALL_GAMES = ("reloaded", "retinue", "solitario") + FORTY_FAMILY


def refused(data, *words, game=None):
    with pytest.raises(InvalidPosition) as info:
        read_position(data, game=game) if game else read_position(data)
    message = str(info.value)
    for word in words:
        assert word in message, f"{word!r} not in {message!r}"
    return message


@pytest.mark.parametrize("game_id", ALL_GAMES)
@pytest.mark.parametrize("seed", [0, 9])
def test_every_deal_reads_back(game_id, seed):
    p = deal(game_id, seed)
    assert read_position(p.to_json()) == p


# --- the shape of the JSON ------------------------------------------------------------------


def test_unknown_game():
    refused({"game": "klondike", "piles": {}}, "klondike", "reloaded")
    refused({"game": 7, "piles": {}}, "7")


def test_missing_game_and_bad_shapes():
    refused({"piles": {}}, "game")
    refused(["reloaded"], "object")
    refused({"game": "reloaded", "piles": []}, "piles")
    refused({"game": "reloaded", "piles": {"t1": "KS"}}, "t1", "list")
    refused({"game": "reloaded", "piles": {"t1": [13]}}, "t1")


def test_position_of_another_game():
    refused(position_json("reloaded", {}), "reloaded", "solitario", game="solitario")


@pytest.mark.parametrize(
    "game_id,name",
    [
        ("reloaded", "t8"),
        ("reloaded", "f5"),
        ("solitario", "f5"),
        ("forty-thieves", "t11"),
        ("limited", "t13"),
        ("lucas", "t14"),
        ("maria", "t10"),
        ("retinue", "stock"),
        ("retinue", "f1"),
        ("reloaded", "foo"),
    ],
)
def test_unknown_pile(game_id, name):
    data = position_json(game_id, {}, fill=None)
    data["piles"][name] = []
    refused(data, name)


@pytest.mark.parametrize("game_id,name", [("lucas", "t13"), ("limited", "t12"), ("forty-thieves", "f8")])
def test_every_pile_of_the_game_is_known(game_id, name):
    read_position(position_json(game_id, {name: []}), reachable=False)


# --- cards -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "game_id,code",
    [
        ("reloaded", "ZZ"),
        ("reloaded", "10S"),
        ("reloaded", "1S"),
        ("reloaded", "AX"),
        ("reloaded", "A"),
        ("solitario", "8S"),
        ("solitario", "TS"),
        ("solitario", "9D"),
        ("forty-thieves", "QQ"),
    ],
)
def test_unknown_card_code(game_id, code):
    data = position_json(game_id, {})
    data["piles"]["stock"][0] = code
    refused(data, repr(code))


def test_italian_cards_are_known():
    cards = [r + s for r in ITALIAN_RANKS for s in "SHDC"]
    read_position({"game": "solitario", "piles": {"stock": [c.lower() for c in cards]}}, reachable=False)


def test_wrong_card_count_names_the_missing_card():
    data = position_json("reloaded", {})
    data["piles"]["stock"].remove("7h")
    refused(data, "52", "51", "7H")
    data = position_json("solitario", {})
    data["piles"]["stock"] = data["piles"]["stock"][:-2]
    refused(data, "40", "38")
    data = position_json("forty-thieves", {})
    data["piles"]["stock"].remove("qd")
    refused(data, "104", "103")
    refused({"game": "reloaded", "piles": {}}, "52", "not 0")


@pytest.mark.parametrize(
    "game_id,piles,card,times",
    [
        ("reloaded", {"t1": ["AS"], "stock": ["as"]}, "AS", "2"),  # face up and face down count alike
        ("solitario", {"t1": ["KD"], "t2": ["KD"]}, "KD", "2"),
        ("forty-thieves", {"t1": ["9C"], "t2": ["9C"], "t3": ["9C"]}, "9C", "3"),
    ],
)
def test_a_card_too_often(game_id, piles, card, times):
    message = refused(position_json(game_id, piles), card, times)
    assert "appears" in message


def test_two_decks_hold_two_of_each():
    read_position(position_json("streets", {"t1": ["9C"], "t2": ["9C"]}), reachable=False)


# --- where cards may lie face up or down ------------------------------------------------------------


def test_face_up_card_in_the_stock():
    refused(position_json("reloaded", {"stock": ["5H"]}), "stock", "5H", "face up")


def test_face_down_card_on_the_waste():
    refused(position_json("solitario", {"waste": ["5h"]}), "waste", "5h", "face down")


def test_face_up_card_under_a_face_down_one():
    refused(position_json("reloaded", {"t3": ["5H", "kd", "QS"]}), "t3", "kd", "face-down")
    refused(position_json("rank-and-file", {"t2": ["ks", "QH", "jd", "TS"]}), "t2", "jd")


def test_a_columns_top_card_is_never_face_down():
    refused(position_json("reloaded", {"t2": ["kd"]}), "t2", "kd")
    refused(position_json("indian", {"t1": ["kd"]}), "t1", "kd")


@pytest.mark.parametrize(
    "game_id,column,down,ok",
    [
        ("reloaded", 1, 1, False),
        ("reloaded", 3, 2, True),
        ("reloaded", 3, 3, False),
        ("reloaded", 7, 6, True),
        ("solitario", 7, 7, False),
        ("forty-thieves", 1, 1, False),
        ("indian", 1, 1, True),
        ("indian", 1, 2, False),
        ("number-ten", 4, 2, True),
        ("number-ten", 4, 3, False),
        ("rank-and-file", 10, 3, True),
        ("rank-and-file", 10, 4, False),
        ("maria", 9, 1, False),
    ],
)
def test_no_more_face_down_cards_than_the_deal_lays(game_id, column, down, ok):
    deck = "A234567JQK" if game_id == "solitario" else "23456789TJQK"
    cards = [r + "S" for r in deck[1 : down + 1]]
    data = position_json(game_id, {f"t{column}": [c.lower() for c in cards] + ["KH"]})
    if ok:
        read_position(data, reachable=False)
    else:
        refused(data, f"t{column}", "face-down")


def test_foundation_cards():
    refused(position_json("reloaded", {"f1": ["AS", "2s"]}), "f1", "2s")
    refused(position_json("reloaded", {"f2": ["2H"]}), "f2", "Ace", "2H")
    refused(position_json("reloaded", {"f1": ["AS", "3S"]}), "f1", "3S")
    refused(position_json("reloaded", {"f1": ["AS", "2H"]}), "f1", "2H")
    refused(position_json("solitario", {"f1": upto("S", "7", ITALIAN_RANKS) + ["QS"]}), "f1", "QS")
    read_position(position_json("solitario", {"f1": upto("S", "J", ITALIAN_RANKS)}), reachable=False)


def test_lucas_keeps_an_ace_on_every_foundation():
    data = position_json("lucas", {})
    del data["piles"]["f3"]
    data["piles"]["stock"].append("ah")
    refused(data, "f3", "Ace")


def test_redeals_used():
    read_position(position_json("little-forty", {}, redeals=3), reachable=False)
    refused(position_json("little-forty", {}, redeals=4), "4", "3")
    refused(position_json("forty-thieves", {}, redeals=1), "1")
    refused(position_json("reloaded", {}, redeals=-1), "redeals")
    read_position(position_json("reloaded", {}, redeals=250), reachable=False)


# --- Royal Retinue ----------------------------------------------------------------------------


def retinue(piles=None, **extra):
    base = deal("retinue", 0).to_json()["piles"]
    base.update(piles or {})
    return {"game": "retinue", "piles": base, **extra}


def test_retinue_card_placed_on_the_wrong_pile():
    piles = retinue()["piles"]
    # take t1's bottom face-down card and place a face-up 2 there instead
    two = next(c for p in piles.values() for c in p if c[0] == "2")
    owner = next(k for k, p in piles.items() if two in p)
    bottom = piles["t1"][0]
    piles[owner] = [bottom if c == two else c for c in piles[owner]]
    piles["t1"] = [two.upper()] + piles["t1"][1:]
    refused({"game": "retinue", "piles": piles}, "t1", two.upper())


def test_retinue_has_one_turned_card_at_most():
    piles = retinue()["piles"]
    piles["t3"] = piles["t3"][:-1] + [piles["t3"][-1].upper()]
    refused({"game": "retinue", "piles": piles}, "more than one", "t3", "t8")


def test_retinue_face_down_cards_lie_together():
    piles = retinue()["piles"]
    t2 = piles["t2"]
    piles["t2"] = [t2[0], t2[1].upper(), t2[2], t2[3]]
    refused({"game": "retinue", "piles": piles}, "t2")


def test_retinue_turned_must_name_a_pile_with_a_face_up_card():
    refused(retinue(turned="t4"), "t4")
    refused(retinue(turned="t99"), "t99")
