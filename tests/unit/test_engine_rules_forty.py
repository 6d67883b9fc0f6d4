"""The Forty Thieves family (RULES.md §4), one parametrized suite for all
nine games; the per-game facts come from the hand-written FORTY_TABLE."""

from __future__ import annotations

import pytest
from engine_helpers import FORTY_FAMILY, FORTY_TABLE, legal, new, pile, upto

from game import IllegalMove

RUN_GAMES = [g for g in FORTY_FAMILY if FORTY_TABLE[g]["runs"]]
SINGLE_GAMES = [g for g in FORTY_FAMILY if not FORTY_TABLE[g]["runs"]]
NO_REDEAL_GAMES = [g for g in FORTY_FAMILY if FORTY_TABLE[g]["redeals"] == 0]

# What goes on 9S under each build rule (RULES.md table).
FITS_ON_9S = {
    "same-suit": {"8S"},
    "other-suit": {"8H", "8D", "8C"},
    "alternate": {"8H", "8D"},
}


def F(game_id, piles, fill="stock", **kw):
    return new(game_id, piles, fill, **kw)


@pytest.fixture(params=FORTY_FAMILY)
def game_id(request):
    return request.param


# --- tableau --------------------------------------------------------------------------


def test_build_rule(game_id):
    build = FORTY_TABLE[game_id]["build"]
    cards = ["8S", "8H", "8D", "8C", "7S", "TS"]
    piles = {"t1": ["9S"], **{f"t{i}": [c] for i, c in enumerate(cards, start=2)}}
    g = F(game_id, piles)
    for i, card in enumerate(cards, start=2):
        move = f"t{i}>t1"
        if card in FITS_ON_9S[build]:
            assert move in legal(g), card
            h = F(game_id, piles)
            h.play(move)
            assert pile(h, "t1") == ["9S", card]
        else:
            assert move not in legal(g), card
            with pytest.raises(IllegalMove):
                g.play(move)


# A two-card sequence that follows each build rule, and a card it may go on.
PAIR = {"same-suit": (["9S", "8S"], "TS"), "other-suit": (["9S", "8H"], "TH"), "alternate": (["9S", "8H"], "TH")}


@pytest.mark.parametrize("game_id", SINGLE_GAMES)
def test_only_one_card_moves_at_a_time(game_id):
    pair, target = PAIR[FORTY_TABLE[game_id]["build"]]
    g = F(game_id, {"t1": pair, "t2": [target]})
    assert not any(":" in m for m in legal(g))
    with pytest.raises(IllegalMove, match="one card"):
        g.play("t1:2>t2")
    with pytest.raises(IllegalMove, match="one card"):
        g.play("t1:2>t3")  # not even into an empty column
    g.play("t1>t3")
    g.play("t1>t2")
    assert pile(g, "t2") == [target, pair[0]]


# A three-card run under the game's rule; a card the whole run goes on; a card
# its top two go on; and two cards that are no run under the rule.
RUN = {
    "other-suit": (["9H", "8C", "7H"], "TS", "9D", ["8H", "7H"], "9S"),
    "alternate": (["9H", "8C", "7D"], "TS", "9D", ["8C", "7S"], "9D"),
}


@pytest.mark.parametrize("game_id", RUN_GAMES)
def test_runs_move_whole_or_in_part(game_id):
    run, whole, part, _, _ = RUN[FORTY_TABLE[game_id]["build"]]
    piles = {"t1": run, "t2": [whole], "t3": [part]}
    g = F(game_id, piles)
    assert {"t1:3>t2", "t1:2>t3", "t1:3>t4", "t1:2>t4", "t1>t4"} <= legal(g)
    g.play("t1:3>t2")
    assert pile(g, "t2") == [whole] + run and pile(g, "t1") == []
    g = F(game_id, piles)
    g.play("t1:2>t3")
    assert pile(g, "t3") == [part] + run[1:] and pile(g, "t1") == run[:1]


@pytest.mark.parametrize("game_id", RUN_GAMES)
def test_a_run_follows_the_build_rule(game_id):
    build = FORTY_TABLE[game_id]["build"]
    *_, bad, target = RUN[build]
    g = F(game_id, {"t1": bad, "t2": [target]})
    with pytest.raises(IllegalMove, match="not a run"):
        g.play("t1:2>t2")
    with pytest.raises(IllegalMove, match="not a run"):
        g.play("t1:2>t3")
    g.play("t1>t3")  # the top card alone may go


def test_little_forty_runs_change_suit_not_colour():
    g = F("little-forty", {"t1": ["8C", "7S"], "t2": ["9D"]})
    g.play("t1:2>t2")  # clubs then spades: different suits, same colour
    assert pile(g, "t2") == ["9D", "8C", "7S"]


@pytest.mark.parametrize("game_id", ["number-ten", "rank-and-file"])
def test_a_run_stops_at_face_down_cards(game_id):
    g = F(game_id, {"t1": ["2c", "9H", "8C", "7D"], "t2": ["TS"]})
    with pytest.raises(IllegalMove):
        g.play("t1:4>t2")
    g.play("t1:3>t2")
    assert pile(g, "t1") == ["2C"]  # turned up once exposed


def test_empty_column_takes_any_card(game_id):
    g = F(game_id, {"t1": ["5H", "9D"], "waste": ["4C"]})
    assert {"t1>t2", "waste>t2"} <= legal(g)
    g.play("t1>t2")
    g.play("waste>t3")
    assert pile(g, "t2") == ["9D"] and pile(g, "t3") == ["4C"]


# --- stock and waste ---------------------------------------------------------------------


def test_draw_count(game_id):
    n = FORTY_TABLE[game_id]["draw"]
    g = F(game_id, {"stock": ["4d", "3c", "2h", "5s", "6s"]}, fill="waste")
    under = pile(g, "waste")
    g.play("draw")
    drawn = ["6S", "5S", "2H"][:n]
    assert pile(g, "waste") == under + drawn
    assert len(pile(g, "stock")) == 5 - n
    g.play("draw")
    if n == 3:  # only two were left
        assert pile(g, "waste") == under + drawn + ["3C", "4D"] and pile(g, "stock") == []
    else:
        assert pile(g, "waste") == under + drawn + ["5S"]


@pytest.mark.parametrize("game_id", NO_REDEAL_GAMES)
def test_no_redeal(game_id):
    g = F(game_id, {"stock": []}, fill="waste")
    assert "redeal" not in legal(g)
    with pytest.raises(IllegalMove, match="no redeal"):
        g.play("redeal")


def test_little_forty_turns_the_waste_over_exactly_three_times():
    g = F("little-forty", {"stock": []}, fill="waste")
    waste = pile(g, "waste")
    for _ in range(3):
        assert "redeal" in legal(g)
        g.play("redeal")
        assert pile(g, "stock") == [c.lower() for c in reversed(waste)] and pile(g, "waste") == []
        while pile(g, "stock"):
            g.play("draw")
        assert pile(g, "waste") == waste
    assert "redeal" not in legal(g)
    with pytest.raises(IllegalMove, match="3"):
        g.play("redeal")


def test_only_the_top_waste_card_plays_and_nothing_goes_onto_the_waste(game_id):
    g = F(game_id, {"waste": ["5H", "9D"], "t1": ["KH"]})
    with pytest.raises(IllegalMove):
        g.play("waste>t1")  # 9D on top; 5H beneath is out of reach
    assert not any(m.startswith("waste") and m.endswith("t1") for m in legal(g))
    for bad in ("t1>waste", "t1>stock", "waste>stock"):
        with pytest.raises(IllegalMove):
            g.play(bad)
    g.play("waste>t2")
    g.play("waste>t3")
    assert pile(g, "t3") == ["5H"]


# --- foundations and scoring ------------------------------------------------------------------


def test_a_card_home_scores_5(game_id):
    g = F(game_id, {"f1": upto("S", "4"), "t1": ["5S"], "waste": ["6S"], "t2": ["9H"], "t3": ["TC"]})
    g.play("t1>f1")
    assert g.score() == 5
    g.play("waste>f1")
    assert g.score() == 10
    for move in ("t2>t4", "draw"):  # other moves score nothing
        g.play(move)
    assert g.score() == 10 and g.score(at=3600) == 10


def test_foundation_cards_stay_there(game_id):
    g = F(game_id, {"f1": upto("S", "5"), "t1": ["6H"], "t2": ["6S"]})
    assert not any(m.startswith("f") for m in legal(g))
    for move in ("f1>t1", "f1>t2", "f1>t3"):
        with pytest.raises(IllegalMove, match="stay"):
            g.play(move)


def test_foundations_build_up_in_suit(game_id):
    g = F(game_id, {"f1": upto("S", "4"), "t1": ["5H"], "t2": ["6S"], "t3": ["5S"]})
    for bad in ("t1>f1", "t2>f1"):
        with pytest.raises(IllegalMove):
            g.play(bad)
    g.play("t3>f1")
    g.play("t2>f1")
    assert pile(g, "f1") == upto("S", "6")


@pytest.mark.parametrize("game_id", [g for g in FORTY_FAMILY if g != "lucas"])
def test_two_foundations_of_the_same_suit(game_id):
    g = F(game_id, {"t1": ["AS"], "t2": ["AS"]})
    g.play("t1>f1")
    g.play("t2>f5")
    assert pile(g, "f1") == ["AS"] == pile(g, "f5")
    assert g.score() == 10


# --- undo and redo ----------------------------------------------------------------------------


def test_undo_and_redo_are_unlimited_and_free(game_id):
    g = F(game_id, {"f1": upto("S", "4"), "t1": ["5S"]})
    start = g.position
    g.play("t1>f1")
    for _ in range(20):
        g.play("draw")
    after = g.position
    for _ in range(21):
        g.undo()
    assert g.position == start and g.score() == 0
    with pytest.raises(IllegalMove):
        g.undo()
    for _ in range(21):
        g.redo()
    assert g.position == after and g.score() == 5
    for _ in range(5):
        g.undo()
    g.play("draw")  # a new move ends the redo line
    with pytest.raises(IllegalMove):
        g.redo()
    assert g.score() == 5


# --- the end ------------------------------------------------------------------------------


def test_won_when_all_104_are_home(game_id):
    home = {f"f{i}": upto(s, "K") for i, s in enumerate("SSHHDDCC", start=1)}
    home["f8"] = upto("C", "Q")
    g = F(game_id, {**home, "t1": ["KC"]}, fill=None)
    assert g.status == "playing"
    g.play("t1>f8")
    assert g.status == "won" and g.score() == 5 and g.legal_moves() == []


def stalled_piles(game_id, king_in_stock=False):
    """Every foundation built to 9; the 10s, Jacks, Queens and Kings in the
    columns, each column topped by a Jack or a King standing on a card it does
    not build on. No column is empty, nothing fits anywhere, under any rule."""
    columns = FORTY_TABLE[game_id]["columns"]
    piles = {f"f{i}": upto(s, "9") for i, s in enumerate("SSHHDDCC", start=1)}
    of = lambda r: [r + s for s in "SHDC"] * 2  # noqa: E731
    j_cols, k_cols = columns // 2, columns - columns // 2
    jacks, kings = of("J"), of("K")
    stock = [kings.pop().lower()] if king_in_stock else []
    j_tops, k_tops = jacks[:j_cols], kings[:k_cols]
    j_under = of("T") + jacks[j_cols:]
    k_under = of("Q") + kings[k_cols:]
    for i in range(j_cols):
        piles[f"t{i + 1}"] = j_under[i::j_cols] + [j_tops[i]]
    for i in range(k_cols):
        piles[f"t{j_cols + i + 1}"] = k_under[i::k_cols] + [k_tops[i]]
    if stock:
        piles["stock"] = stock
    return piles


def test_stalled_when_no_move_is_left(game_id):
    g = F(game_id, stalled_piles(game_id), fill=None)
    assert g.position.legal_moves() == []
    assert g.status == "stalled"
    with pytest.raises(IllegalMove):
        g.play("t1>t2")


def test_stalls_after_the_last_card_is_drawn(game_id):
    g = F(game_id, stalled_piles(game_id, king_in_stock=True), fill=None)
    assert g.status == "playing" and legal(g) == {"draw"}
    g.play("draw@4")
    redeals = FORTY_TABLE[game_id]["redeals"]
    for _ in range(redeals):  # Little Forty: the waste may still turn over
        assert g.status == "playing" and legal(g) == {"redeal"}
        g.play("redeal")
        g.play("draw")
    assert g.status == "stalled"
