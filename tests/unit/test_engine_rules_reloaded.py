"""Solitaire Reloaded (RULES.md §1): build, stock, foundations, scoring,
three-deep undo, and the ways a game ends."""

from __future__ import annotations

import pytest
from engine_helpers import legal, new, pile, upto

from game import IllegalMove

G = "reloaded"


def R(piles, fill="stock", **kw):
    return new(G, piles, fill, **kw)


# --- tableau --------------------------------------------------------------------


def test_build_down_in_alternating_colours():
    g = R({"t1": ["9S"], "t2": ["8H"], "t3": ["8C"], "t4": ["7H"], "t5": ["TH"], "t6": ["8D"]})
    assert {"t2>t1", "t6>t1"} <= legal(g)
    for bad in ("t3>t1", "t4>t1", "t5>t1"):  # same colour, two ranks down, one rank up
        assert bad not in legal(g)
        with pytest.raises(IllegalMove):
            g.play(bad)
    g.play("t2>t1")
    assert pile(g, "t1") == ["9S", "8H"] and pile(g, "t2") == []


def test_runs_move_whole_or_from_any_card_in_them():
    piles = {"t7": ["2c", "TD", "9C", "8H", "7S"], "t2": ["JC"], "t4": ["9S"], "t5": ["QH", "8C"], "t6": ["KS"]}
    g = R(piles)
    assert {"t7:4>t2", "t7:2>t4"} <= legal(g)
    g.play("t7:4>t2")
    assert pile(g, "t2") == ["JC", "TD", "9C", "8H", "7S"]
    assert pile(g, "t7") == ["2C"]  # the face-down card under the run turned up

    g = R(piles)
    g.play("t7:2>t4")
    assert pile(g, "t4") == ["9S", "8H", "7S"] and pile(g, "t7") == ["2c", "TD", "9C"]

    g = R(piles)
    with pytest.raises(IllegalMove):
        g.play("t7:5>t2")  # would take the face-down card along
    with pytest.raises(IllegalMove, match="not a run"):
        g.play("t5:2>t6")  # QH would fit on KS, but QH-8C is no run
    with pytest.raises(IllegalMove):
        g.play("t7:3>t2")  # 9C does not go on JC


def test_empty_column_takes_only_a_king_or_a_run_headed_by_one():
    piles = {"t2": ["QH"], "t4": ["2c", "KH"], "t5": ["3c", "4c", "KS", "QD"], "waste": ["JD", "KD"]}
    g = R(piles)
    assert {"t4>t1", "t5:2>t1", "waste>t1"} <= legal(g)
    assert "t2>t1" not in legal(g) and "t5>t1" not in legal(g)
    with pytest.raises(IllegalMove, match="King"):
        g.play("t2>t1")
    with pytest.raises(IllegalMove, match="King"):
        g.play("t5>t1")  # QD alone
    g.play("t4>t1")
    assert pile(g, "t1") == ["KH"] and pile(g, "t4") == ["2C"]
    g = R(piles)
    g.play("t5:2>t1")
    assert pile(g, "t1") == ["KS", "QD"]
    g = R(piles)
    g.play("waste>t1")
    assert pile(g, "t1") == ["KD"] and pile(g, "waste") == ["JD"]


# --- stock and waste ----------------------------------------------------------------


def test_draw_turns_one_card_face_up_onto_the_waste():
    g = R({"stock": ["4d", "3c"]})
    n = len(pile(g, "stock"))
    g.play("draw")
    assert pile(g, "waste") == ["3C"] and len(pile(g, "stock")) == n - 1
    g.play("draw")
    assert pile(g, "waste") == ["3C", "4D"] and len(pile(g, "stock")) == n - 2


def test_only_the_top_waste_card_plays_and_nothing_goes_onto_the_waste():
    g = R({"waste": ["5H", "9D"], "t1": ["TS"], "t2": ["6S"]})
    with pytest.raises(IllegalMove):
        g.play("waste>t2")  # 5H lies under 9D
    for bad in ("t1>waste", "t2>stock", "waste>stock", "stock>t1"):
        with pytest.raises(IllegalMove):
            g.play(bad)
    g.play("waste>t1")
    g.play("waste>t2")  # now 5H is on top
    assert pile(g, "t2") == ["6S", "5H"] and pile(g, "waste") == []


def test_waste_turns_over_unlimited_times_in_order():
    home = {"f1": upto("S", "K"), "f2": upto("H", "K"), "f3": upto("D", "K"), "f4": upto("C", "T")}
    g = R({**home, "stock": ["jc", "qc", "kc"]}, fill=None)
    with pytest.raises(IllegalMove):
        g.play("redeal")  # the stock still has cards
    for _ in range(3):
        g.play("draw")
    assert pile(g, "waste") == ["KC", "QC", "JC"] and pile(g, "stock") == []
    assert "draw" not in legal(g) and "redeal" in legal(g)
    for _ in range(6):
        g.play("redeal")
        assert pile(g, "stock") == ["jc", "qc", "kc"] and pile(g, "waste") == []
        g.play("draw")
        assert pile(g, "waste") == ["KC"]
        g.play("draw")
        g.play("draw")
    assert g.status == "playing"


# --- foundations ------------------------------------------------------------------


def test_foundations_build_up_in_suit_from_the_ace():
    g = R({"t1": ["2S"], "t2": ["AS"], "t3": ["2H"], "t4": ["3S"], "t5": ["5D", "4S"]})
    with pytest.raises(IllegalMove, match="Ace"):
        g.play("t1>f1")
    g.play("t2>f1")
    for bad in ("t3>f1", "t4>f1"):
        with pytest.raises(IllegalMove):
            g.play(bad)
    g.play("t1>f1")
    g.play("t4>f1")
    assert pile(g, "f1") == ["AS", "2S", "3S"]
    with pytest.raises(IllegalMove, match="one at a time"):
        g.play("t5:2>f1")
    g.play("t5>f1")
    assert pile(g, "f1") == upto("S", "4")


def test_a_foundation_card_may_come_back_to_a_column():
    g = R({"f1": ["AS", "2S"], "t1": ["3H"], "t2": ["3S"]})
    assert "f1>t1" in legal(g) and "f1>t2" not in legal(g)
    g.play("f1>t1")
    assert pile(g, "t1") == ["3H", "2S"] and pile(g, "f1") == ["AS"]


# --- scoring ----------------------------------------------------------------------


def test_reveal_scores_5():
    g = R({"t2": ["5c", "9D"], "t3": ["TS"]})
    g.play("t2>t3")
    assert pile(g, "t2") == ["5C"]
    assert g.score() == 5


@pytest.mark.parametrize("card,rank", [("AH", 1), ("5S", 5), ("TD", 10), ("KC", 13)])
def test_card_home_scores_10_times_rank(card, rank):
    suit = card[1]
    home = {"f1": upto(suit, "A23456789TJQK"[rank - 2])} if rank > 1 else {}
    g = R({**home, "t1": [card]})
    g.play("t1>f1")
    assert g.score() == 10 * rank


def test_card_home_scores_only_its_first_trip():
    g = R({"f1": upto("S", "4"), "t1": ["5S"], "t2": ["6H"]})
    g.play("t1>f1")
    assert g.score() == 50
    g.play("f1>t2")
    assert g.score() == 50 - 15
    g.play("t2>f1")
    assert g.score() == 35  # back home: nothing the second time
    g.play("f1>t2")
    assert g.score() == 20


@pytest.mark.parametrize("card,on,points", [("8H", "9S", 40), ("QD", "KS", 60), ("2C", "3H", 10)])
def test_waste_to_column_scores_5_times_rank(card, on, points):
    g = R({"waste": [card], "t1": [on]})
    g.play("waste>t1")
    assert g.score() == points


def test_waste_to_foundation_scores_only_the_foundation_points():
    g = R({"waste": ["3D"], "f1": upto("D", "2")})
    g.play("waste>f1")
    assert g.score() == 30


def test_waste_king_to_empty_column():
    g = R({"waste": ["KH"]})
    g.play("waste>t4")
    assert g.score() == 65


def test_foundation_to_column_costs_15_and_score_never_shows_below_zero():
    g = R({"f1": upto("S", "5"), "t1": ["6H"], "t2": ["AD"], "t3": ["2D"]})
    g.play("f1>t1")  # 5S was home from the start: −15
    assert g.score() == 0
    g.play("t2>f2")  # +10: the sum is −5, still shown as 0
    assert g.score() == 0
    g.play("t3>f2")  # +20: the sum is 15
    assert g.score() == 15


def test_each_redeal_costs_10():
    g = R({"t1": ["5S"], "f1": upto("S", "4")}, fill="waste")
    g.play("t1>f1")
    g.play("redeal")
    assert g.score() == 40
    for _ in range(len(pile(g, "stock"))):
        g.play("draw")
    assert g.score() == 40
    g.play("redeal")
    assert g.score() == 30


def test_redeals_then_points():
    g = R({"t1": ["5S"], "f1": upto("S", "4")}, fill="waste")
    for _ in range(2):
        g.play("redeal")
        assert g.score() == 0
        n = len(pile(g, "stock"))
        for _ in range(n):
            g.play("draw")
    g.play("t1>f1")
    assert g.score() == 50 - 20  # the shown score is max(0, sum), not a running floor


def test_time_costs_2_per_full_10_seconds():
    g = R({"f1": upto("S", "4"), "t1": ["5S"]})
    g.play("t1>f1@0")
    assert [g.score(at=t) for t in (0, 9.99, 10, 19.99, 20, 100)] == [50, 50, 48, 48, 46, 30]
    assert g.score(at=250) == 0 and g.score(at=1000) == 0
    g.play("draw@25")
    assert g.score() == 46


def test_undo_reverses_points():
    base = {
        "waste": ["8H"],
        "t1": ["9S"],
        "f1": upto("S", "4"),
        "t2": ["5S"],
        "t3": ["5D"],
        "t5": ["8c", "TC"],
        "t6": ["JD"],
    }
    g = R(base)
    g.play("waste>t1")  # +40
    g.play("t2>f1")  # +50
    g.undo()  # −50 −1
    assert g.score() == 39
    assert pile(g, "t2") == ["5S"] and pile(g, "f1") == upto("S", "4")
    g.play("f1>t3")  # 4S onto 5D: −15
    assert g.score() == 24
    g.undo()  # +15 −1
    assert g.score() == 38
    g.play("t5>t6")  # reveals 8C: +5
    assert g.score() == 43 and pile(g, "t5") == ["8C"]
    g.undo()  # −5 −1, and the card is face down again
    assert g.score() == 37 and pile(g, "t5") == ["8c", "TC"]
    with pytest.raises(IllegalMove):
        g.redo()  # no redo in Reloaded


def test_undoing_a_redeal_gives_its_10_points_back():
    g = R({"t1": ["5S"], "f1": upto("S", "4")}, fill="waste")
    g.play("t1>f1")
    g.play("redeal")
    assert g.score() == 40
    g.undo()
    assert g.score() == 49
    assert pile(g, "stock") == [] and len(pile(g, "waste")) == 52 - 5


def test_undo_is_three_deep():
    g = R({"f1": upto("S", "4"), "t1": ["5S"]})
    with pytest.raises(IllegalMove):
        g.undo()  # nothing to take back yet
    g.play("t1>f1")
    for _ in range(4):
        g.play("draw")
    for _ in range(3):
        g.undo()
    assert g.moves == 2 and len(pile(g, "waste")) == 1
    assert g.score() == 47
    with pytest.raises(IllegalMove, match="3"):
        g.undo()
    assert g.score() == 47 and g.moves == 2


def test_a_new_move_pushes_the_oldest_out_of_the_undo_history():
    g = R({"f1": upto("S", "4"), "t1": ["5S"]})
    g.play("t1>f1")
    g.play("draw")
    g.play("draw")
    g.undo()
    g.play("draw")
    g.play("draw")  # history now holds the last three draws only
    for _ in range(3):
        g.undo()
    assert pile(g, "f1") == upto("S", "5") and pile(g, "waste") == []
    with pytest.raises(IllegalMove):
        g.undo()  # t1>f1 fell out of the history
    assert g.score() == 50 - 4


# --- solved ---------------------------------------------------------------------

ALL_HOME_BUT_KS = {"f1": upto("S", "Q"), "f2": upto("H", "K"), "f3": upto("D", "K"), "f4": upto("C", "K")}


def test_solved_in_one_step():
    g = R({**ALL_HOME_BUT_KS, "t1": ["KS"]}, fill=None)
    g.play("t1>f1@5")
    assert g.status == "won"
    assert g.score() == 130 + 2500 + 7000
    assert g.score(at=500) == g.score()  # the score is fixed once solved


def test_solved_bonus_with_time_cost():
    g = R({**ALL_HOME_BUT_KS, "t1": ["KS"]}, fill=None)
    g.play("t1>f1@25")
    assert g.score() == 130 + 2500 + 7000 - 4


def test_solved_steps_count_draws():
    g = R({**ALL_HOME_BUT_KS, "stock": ["ks"]}, fill=None)
    g.play("draw")
    g.play("waste>f1")
    assert g.status == "won"
    assert g.score() == 130 + 2500 + 7000 // 2


def test_solved_steps_count_redeals():
    g = R({**ALL_HOME_BUT_KS, "waste": ["KS"]}, fill=None)
    g.play("redeal")
    g.play("draw")
    g.play("waste>f1")
    assert g.score() == 130 - 10 + 2500 + 7000 // 3  # 2333


def test_solved_steps_do_not_count_undone_moves():
    home = {"f1": upto("S", "Q"), "f2": upto("H", "Q"), "f3": upto("D", "K"), "f4": upto("C", "K")}
    g = R({**home, "t1": ["KH"], "stock": ["ks"]}, fill=None)
    g.play("t1>f2")
    g.undo()
    g.play("t1>f2")
    g.play("draw")
    g.play("waste>f1")
    assert g.status == "won" and g.moves == 3
    # KH's undone trip was taken back with its points, so its next trip is its first
    assert g.score() == 130 - 130 - 1 + 130 + 130 + 2500 + 7000 // 3
    with pytest.raises(IllegalMove):
        g.undo()  # the game is over


# --- stalled -----------------------------------------------------------------------

# Every card but these is home; 6S and 6C lie face down; the clubs 7-K are
# column tops (black on black never builds); the spades 7-K in the stock fit
# nowhere. Only drawing and turning over are possible, forever.
STALL_HOME = {"f1": upto("S", "5"), "f2": upto("H", "K"), "f3": upto("D", "K"), "f4": upto("C", "5")}
STALL_COLUMNS = {
    "t1": ["7C"],
    "t2": ["8C"],
    "t3": ["9C"],
    "t4": ["TC"],
    "t5": ["JC"],
    "t6": ["6s", "QC"],
    "t7": ["6c", "KC"],
}
SPADES_7_K = ["7s", "8s", "9s", "ts", "js", "qs", "ks"]


def test_stalled_when_a_whole_stock_pass_offers_no_move():
    g = R({**STALL_HOME, **STALL_COLUMNS, "stock": SPADES_7_K}, fill=None)
    assert {str(m) for m in g.position.legal_moves()} == {"draw"}
    assert g.status == "stalled"
    assert g.legal_moves() == []
    with pytest.raises(IllegalMove, match="stalled"):
        g.play("draw")


def test_stalled_with_cards_split_between_stock_and_waste():
    g = R(
        {**STALL_HOME, **STALL_COLUMNS, "stock": SPADES_7_K[:3], "waste": [c.upper() for c in SPADES_7_K[3:]]},
        fill=None,
    )
    assert g.status == "stalled"


def test_not_stalled_when_the_stock_pass_reaches_a_playable_card():
    columns = {**STALL_COLUMNS, "t6": ["7s", "QC"]}
    stock = ["6s", "8s", "9s", "ts", "js", "qs", "ks"]  # 6S at the bottom
    g = R({**STALL_HOME, **columns, "stock": stock}, fill=None)
    assert g.status == "playing"
    assert legal(g) == {"draw"}
    for _ in range(6):
        g.play("draw")
        assert g.status == "playing"
    g.play("draw")
    assert legal(g) == {"waste>f1", "redeal"}
    g.play("waste>f1@3")
    # 7S is buried and nothing else can move: the game stalls by itself
    assert g.status == "stalled"
    assert g.score() == 60 and g.score(at=600) == 60


def test_not_stalled_when_the_playable_card_comes_only_after_turning_over():
    columns = {**STALL_COLUMNS, "t6": ["7s", "QC"]}
    waste = ["6S", "8S", "9S", "TS", "JS", "QS", "KS"]  # 6S at the bottom of the waste
    g = R({**STALL_HOME, **columns, "waste": waste}, fill=None)
    assert g.status == "playing" and legal(g) == {"redeal"}
    g.play("redeal")
    g.play("draw")
    assert "waste>f1" in legal(g)


def test_not_stalled_midway_through_the_stock():
    columns = {**STALL_COLUMNS, "t6": ["7s", "QC"]}
    g = R({**STALL_HOME, **columns, "waste": ["6S", "8S", "9S"], "stock": ["ks", "qs", "js", "ts"]}, fill=None)
    assert g.status == "playing"


# --- time limit and resigning -----------------------------------------------------


def test_time_limit_fixes_the_score_at_the_limit():
    g = R({"f1": upto("S", "4"), "t1": ["5S"]}, time_limit=60)
    g.play("t1>f1@1")
    g.play("draw@59")
    assert g.score() == 50 - 10
    with pytest.raises(IllegalMove):
        g.play("draw@75")
    assert g.status == "time-up"
    assert g.score() == 50 - 12 and g.score(at=500) == 50 - 12


def test_resigning_keeps_the_score_so_far():
    g = R({"f1": upto("S", "4"), "t1": ["5S"]})
    g.play("t1>f1@1")
    g.resign(at=35)
    assert g.status == "resigned"
    assert g.score() == 50 - 6 and g.score(at=900) == 44
