"""Steps (CONTRACT.md "A step", RULES.md): a player's action is one or more
moves; ``Game`` plays, undoes and redoes whole steps while the score, the win
bonus and every rule count moves. Also the cards that go home by themselves
(off, safe, always) and the stall notice of practice play."""

from __future__ import annotations

import json
import random

import pytest
from engine_helpers import new, pile, upto

from game import DRAW, Game, IllegalMove, Move, new_game, read_position
from game.home import AutoHome, home_moves
from game.moves import parse_step, step_text
from tests.positions import NEAR_WON


def snapshot(game: Game) -> dict:
    return {**game.to_json(), "undo": game.undo_steps, "redo": game.redo_steps, "actions": game.actions}


# --- text -------------------------------------------------------------------------------------


def test_step_text_round_trips():
    moves, at = parse_step("draw+waste>t4@31")
    assert moves == (DRAW, Move("waste", "t4")) and at == 31.0
    assert step_text(moves) == "draw+waste>t4"
    assert parse_step("t3:4>t7") == ((Move("t3", "t7", 4),), None)


@pytest.mark.parametrize("bad", ["draw+", "+draw", "draw@1+waste>t4", "draw++t1>f1", "t1>f1+@3", "draw +t1>f1", ""])
def test_bad_step_text_is_refused(bad):
    g = new_game("forty-thieves", 3)
    before = snapshot(g)
    with pytest.raises(Exception) as info:
        g.play(bad)
    assert "is not a move" in str(info.value)
    assert snapshot(g) == before


# --- the stock's top card, played directly (Forty Thieves family) -----------------------------


def stock_game() -> Game:
    g = new_game("forty-thieves", 3)
    assert g.stock_targets() == ["t5"]
    return g


def test_a_stock_card_played_directly_is_one_step_of_two_moves():
    g = stock_game()
    top = g.position.pile("stock")[-1].upper()
    changes = g.play_from_stock("t5", 9)
    assert [str(c.move) for c in changes] == ["draw", "waste>t5"]
    assert pile(g, "t5")[-1] == top and g.position.pile("waste") == ()
    assert (g.moves, g.steps, g.undo_steps) == (2, 1, 1)
    assert g.log == ["draw+waste>t5@9"]
    g.undo(10)
    assert g.position == stock_game().position and g.redo_steps == 1 and g.moves == 0
    g.redo(11)
    assert pile(g, "t5")[-1] == top and g.log == ["draw+waste>t5@9", "undo@10", "redo@11"]
    assert g.actions == 6  # two moves played, two taken back, two played again


def test_the_same_step_as_text_and_in_a_replayed_save():
    g = stock_game()
    g.play("draw+waste>t5@9")
    h = stock_game()
    h.play_from_stock("t5", 9)
    assert g.to_json() == h.to_json()
    back = Game.from_json(json.loads(json.dumps(g.to_json())))
    assert back.position == g.position and back.step_sizes == [2]


def test_stock_play_is_only_where_the_spec_has_it():
    assert all(new_game(gid, 3).spec.stock_play for gid in ("forty-thieves", "maria", "lucas", "indian"))
    for game_id in ("reloaded", "solitario", "little-forty", "retinue"):
        g = new_game(game_id, 3)
        assert not g.spec.stock_play and g.stock_targets() == []
        if game_id != "retinue":
            before = snapshot(g)
            with pytest.raises(IllegalMove, match="cannot be played directly"):
                g.play_from_stock("t1")
            assert snapshot(g) == before


def test_an_illegal_move_inside_a_step_refuses_the_whole_step():
    g = stock_game()
    before = snapshot(g)
    with pytest.raises(IllegalMove):
        g.play_from_stock("t1")  # the drawn card does not fit on t1
    assert snapshot(g) == before
    with pytest.raises(IllegalMove):
        g.play("draw+waste>t5+t1>f1")  # the last move is illegal
    assert snapshot(g) == before


@pytest.mark.parametrize("step", ["t1>t2+t3>t4", "draw+draw", "t1>f1+draw", "draw+waste>t5+waste>t1", "t9>f1+t1:2>f2"])
def test_a_step_is_one_move_then_only_cards_going_home(step):
    g = stock_game()
    before = snapshot(g)
    with pytest.raises(IllegalMove, match="is not one step"):
        g.play(step)
    assert snapshot(g) == before


# --- cards that go home by themselves ----------------------------------------------------------


def test_reloaded_undo_counts_steps_and_each_costs_one_point():
    g = Game(read_position(NEAR_WON))  # Q♠, K♥, K♠ on t1-t3, the rest home
    g.play("t2>t4@1")  # a move, then nothing goes home: off
    g.undo(2)
    assert g.points == 0 and g.undo_costs == 1
    changes = g.play("t1>f1@3", home=AutoHome.ALWAYS)
    assert [str(c.move) for c in changes] == ["t1>f1", "t2>f2", "t3>f1"]
    assert g.status == "won" and g.moves == 3 and g.steps == 1
    # 10 × (12 + 13 + 13) for the cards, 2500 + 7000 // 3 moves for the win, −1 for the undo
    assert g.score() == 380 + 2500 + 7000 // 3 - 1
    assert g.log == ["t2>t4@1", "undo@2", "t1>f1+t2>f2+t3>f1@3"]


def test_one_undo_takes_the_move_and_its_cards_home_back():
    start = read_position(NEAR_WON)
    g = Game(start)
    g.play("t2>t4@1", home=AutoHome.SAFE)  # K♥ to an empty column; then Q♠, K♠ and K♥ go home
    assert g.log == ["t2>t4+t1>f1+t3>f1+t4>f2@1"] and g.status == "won"
    h = Game(start)
    h.play("t2>t4@1", home=AutoHome.OFF)
    h.play("t1>f1@2", home=AutoHome.SAFE)
    assert h.log == ["t2>t4@1", "t1>f1+t3>f1+t4>f2@2"] and h.position == g.position
    h = Game(start)
    h.play("t2>t4@1", home=AutoHome.OFF)
    h.play("t4>f2@2", home=AutoHome.OFF)  # not the safe order, but home all the same: a legal step
    h.undo(3)
    assert h.position.pile("t4") == ("KH",) and h.moves == 1 and h.undo_costs == 1


def test_the_history_of_three_holds_steps():
    g = new_game("reloaded", 4)
    for i, move in enumerate(["draw"] * 5):
        g.play(move, i)
    for _ in range(3):
        g.undo(10)
    with pytest.raises(IllegalMove, match="only the last 3 moves"):
        g.undo(11)
    assert g.moves == 2 and g.undo_costs == 3


def test_safe_and_always_in_one_deck():
    # 4♥ fits on 3♥, but spades are only at 2: not safe (the other colour needs 3).
    piles = {"f1": upto("S", "2"), "f2": upto("H", "3"), "t1": ["4H"], "t2": ["2C"], "t3": ["AC"]}
    g = new("reloaded", piles)
    assert [str(m) for m in home_moves(g.position, AutoHome.SAFE)] == ["t3>f3", "t2>f3"]  # an Ace, then a 2
    assert [str(m) for m in home_moves(g.position, AutoHome.ALWAYS)] == ["t1>f2", "t3>f3", "t2>f3"]
    assert home_moves(g.position, AutoHome.OFF) == []
    # With both black suits at 3 and diamonds at 2, 4♥ is safe.
    homes = {"f1": upto("S", "3"), "f2": upto("H", "3"), "f3": upto("C", "3"), "f4": upto("D", "2")}
    safe = new("reloaded", {**homes, "t1": ["4H"], "t2": ["KS"]})
    safe.play("t2>t5@4", home="safe")
    assert safe.log == ["t2>t5+t1>f2@4"]


def test_safe_and_always_in_two_decks():
    # Forty Thieves: 3♠ home only when both spade piles are at 2 or higher.
    piles = {"f1": upto("S", "2"), "f2": ["AS"], "t1": ["3S"], "t2": ["KD"]}
    g = new("forty-thieves", piles)
    assert home_moves(g.position, "safe") == []
    assert [str(m) for m in home_moves(g.position, "always")] == ["t1>f1"]
    h = new("forty-thieves", {**piles, "f2": upto("S", "2")})
    assert [str(m) for m in home_moves(h.position, "safe")] == ["t1>f1"]


def test_the_waste_goes_home_by_itself_only_when_drawing_one():
    g = new("solitario", {"waste": ["AS"]}, fill="stock")  # draw three: safe.py never plays the waste
    assert home_moves(g.position, "safe") == []
    assert [str(m) for m in home_moves(g.position, "always")] == ["waste>f1"]
    r = new("reloaded", {"waste": ["AS"]})
    assert [str(m) for m in home_moves(r.position, "safe")] == ["waste>f1"]


def test_a_drawn_ace_goes_home_in_the_same_step():
    for seed in range(1, 200):
        g = new_game("reloaded", seed)
        if g.position.pile("stock")[-1] == "as":
            break
    g.play("draw@1", home="safe")
    assert g.log == ["draw+waste>f1@1"] and g.steps == 1 and g.moves == 2
    g.undo(2)
    assert g.position == new_game("reloaded", seed).position


def test_retinue_has_nothing_that_goes_home_by_itself():
    g = new_game("retinue", 4)
    g.play(g.legal_moves()[0], home="always")
    assert g.steps == g.moves == 1


def test_auto_home_keeps_every_replay_exact():
    rng = random.Random(5)
    for game_id in ("reloaded", "forty-thieves", "number-ten", "solitario"):
        g = new_game(game_id, 7)
        t = 0.0
        for _ in range(120):
            moves = g.legal_moves()
            if not moves:
                break
            t += 1
            g.play(rng.choice(moves), t, home=rng.choice(list(AutoHome)))
            if g.undo_steps and rng.random() < 0.1:
                g.undo(t)
        back = Game.from_json(json.loads(json.dumps(g.to_json())))
        assert back.position == g.position and back.score() == g.score() and back.step_sizes == g.step_sizes


# --- the stall notice of practice play ------------------------------------------------------------


def stalling(stall_notice: bool) -> tuple[Game, str]:
    """A Forty Thieves game one step before a stall, and that step."""
    rng = random.Random(3)
    while True:
        g = new_game("forty-thieves", rng.randrange(1000), stall_notice=stall_notice)
        t = 0.0
        while g.status == "playing":
            t += 1
            move = rng.choice(g.legal_moves())
            before = g.to_json()
            g.play(move, t)
        if g.status == "stalled":
            h = Game.from_json(before)
            h.stall_notice = stall_notice
            return h, f"{move}@{t:g}"


def test_without_the_notice_a_stall_ends_the_game():
    g, last = stalling(False)
    g.play(last)
    assert g.status == "stalled" and g.over and not g.stall_pending and g.undo_steps == 0
    with pytest.raises(IllegalMove, match="the game is over"):
        g.undo()


def test_with_the_notice_the_player_may_undo_out_of_a_stall_or_accept_it():
    g, last = stalling(True)
    g.play(last)
    score = g.score()
    assert g.status == "stalled" and g.stall_pending and not g.over and g.undo_steps > 0
    assert g.legal_moves() == [] and g.redo_steps == 0
    g.undo()
    assert g.status == "playing" and not g.stall_pending and g.end_time is None
    g.play(last)
    saved = Game.from_json(json.loads(json.dumps(g.to_json())))
    assert saved.stall_pending and saved.score() == score
    g.accept_stall()
    assert g.over and not g.stall_pending and g.undo_steps == 0 and g.score() == score
    with pytest.raises(IllegalMove):
        g.undo()
    with pytest.raises(IllegalMove):
        g.accept_stall()
    data = json.loads(json.dumps(g.to_json()))
    assert data["stall_notice"] is True and data["stall_accepted"] is True
    back = Game.from_json(data)
    assert back.over and back.stall_accepted and back.status == "stalled"


def test_a_stall_with_nothing_to_undo_is_final_at_once():
    g, last = stalling(True)
    g.play(last)
    start = Game(g.position, stall_notice=True)  # stalled from the start: nothing to undo out of
    assert start.status == "stalled" and start.over and start.undo_steps == 0


def test_accepting_needs_a_pending_stall():
    g = new_game("reloaded", 1, stall_notice=True)
    with pytest.raises(IllegalMove, match="no stall to accept"):
        g.accept_stall()
    data = g.to_json()
    data["stall_accepted"] = True
    with pytest.raises(Exception, match="no stall to accept"):
        Game.from_json(data)


def test_what_goes_home_is_always_a_legal_move_home():
    rng = random.Random(11)
    from game.home import next_home

    for game_id in ("reloaded", "solitario", "forty-thieves", "little-forty", "lucas", "indian"):
        g = new_game(game_id, 4)
        for _ in range(200):
            if g.status != "playing":
                break
            legal = g.legal_moves()
            homes = {m for m in legal if m.dst.startswith("f") and m.src != "redeal" and not m.src.startswith("f")}
            always = next_home(g.position, AutoHome.ALWAYS)
            assert (always is None) == (not homes) and (always is None or always in homes)
            safe = next_home(g.position, AutoHome.SAFE)
            assert safe is None or safe in homes
            g.play(rng.choice(legal))
