"""Positions no deal can reach are refused (issue 18, finding 6), each broken
invariant with its own reason; every position the engine reaches in play
stays accepted (game/build.py and game/retinue.py ``check_reachable``)."""

from __future__ import annotations

import json
import random

import pytest

from game import GAMES, PLAYER_GAMES, InvalidPosition, deal, new_game, read_position
from game.cli import main
from tests.positions import NEAR_WON

FRENCH = [r + s for s in "SHDC" for r in "A23456789TJQK"]


def refused(data, reason: str, *words) -> InvalidPosition:
    with pytest.raises(InvalidPosition) as info:
        read_position(data)
    assert info.value.reason == reason, str(info.value)
    for word in words:
        assert word in str(info.value), (word, str(info.value))
    return info.value


# --- the examples of the issue ----------------------------------------------------------------


def test_reloaded_with_every_card_in_the_stock():
    e = refused({"game": "reloaded", "piles": {"stock": [c.lower() for c in FRENCH]}}, "talon_too_many", "52", "24")
    assert str(e) == (
        "stock and waste hold 52 cards, but Solitaire Reloaded leaves 24 there after the deal and no card ever goes back"
    )


def test_reloaded_with_every_card_face_up_in_the_waste():
    refused({"game": "reloaded", "piles": {"waste": FRENCH}}, "talon_too_many", "52", "24")


def test_forty_thieves_with_every_card_in_the_stock():
    stock = [c.lower() for c in FRENCH] * 2
    refused({"game": "forty-thieves", "piles": {"stock": stock}}, "talon_too_many", "104", "64")


def seed_with_in_stock(game_id: str, cards: set) -> dict:
    for seed in range(1, 500):
        data = deal(game_id, seed).to_json()
        if cards <= set(data["piles"]["stock"]):
            return data
    raise AssertionError("no such deal")


def test_a_klondike_king_face_up_on_a_two():
    data = seed_with_in_stock("reloaded", {"2h", "ks"})
    piles = data["piles"]
    piles["stock"] = [c for c in piles["stock"] if c not in ("2h", "ks")]
    piles["t1"] = piles["t1"] + ["2H", "KS"]
    e = refused(data, "column_not_a_build", "t1", "KS", "2H", "alternating colours")
    assert e.params["pile"] == "t1"


def test_a_retinue_pile_of_eight_face_down_cards():
    data = deal("retinue", 3).to_json()
    piles = data["piles"]
    piles["t2"] = piles["t2"] + piles.pop("t3")  # t3 left empty, t2 with 8 face down
    refused(data, "retinue_too_many_down", "t2", "8", "4")


# --- more invariants ------------------------------------------------------------------------------


def test_the_stock_holds_no_more_than_the_deal_left_until_a_redeal():
    data = deal("solitario", 5).to_json()  # 9 in the stock, 3 on the waste
    piles = data["piles"]
    piles["stock"] = piles["stock"] + [c.lower() for c in reversed(piles.pop("waste"))]
    refused(data, "stock_too_many", "12", "9")
    data["redeals"] = 1  # after turning the waste over, the stock may hold all twelve
    read_position(data)


def test_above_the_cards_dealt_face_up_a_column_follows_its_build():
    data = deal("forty-thieves", 5).to_json()
    piles = data["piles"]
    t1 = piles["t1"]
    spare = next(c for c in piles["stock"] if c.upper()[1] != t1[-1][1])  # not the same suit
    piles["stock"].remove(spare)
    piles["t1"] = t1 + [spare.upper()]
    e = refused(data, "column_not_a_build_dealt", "t1", "4 cards dealt face up", "same suit")
    assert e.params["card"] == spare.upper()


def test_a_column_that_turned_a_card_keeps_only_builds_above_it():
    data = deal("indian", 4).to_json()  # one face-down card under two face-up ones
    piles = data["piles"]
    piles["t1"] = [piles["t1"][0].upper()] + piles["t1"][1:]  # its face-down card turned: now three free cards
    refused(data, "column_not_a_build", "t1")


def test_the_retinue_chain_counts_what_turned_up():
    g = new_game("retinue", 3)
    g.play(g.legal_moves()[0])
    data = g.position.to_json()
    assert read_position(data) == g.position
    waiting = data["turned"]
    pile = data.pop("turned") and data["piles"][waiting]
    pile[-1] = pile[-1].lower()  # the card the placement turned up lies face down again
    refused(data, "retinue_chain", waiting, "0 of its cards", "turns up 1")


def test_the_chain_ends_once_and_then_nothing_waits():
    g = new_game("retinue", 4)
    while g.status == "playing":
        g.play(g.legal_moves()[0])
    data = g.position.to_json()
    assert read_position(data) == g.position and "turned" not in data  # won: the chain ended on the 8s
    short = new_game("retinue", 2)
    while short.status == "playing":
        short.play(short.legal_moves()[0])
    assert short.status == "stalled" and read_position(short.position.to_json()) == short.position


# --- what play reaches stays accepted -------------------------------------------------------------


@pytest.mark.parametrize("game_id", list(GAMES))
def test_every_position_reached_in_play_is_accepted(game_id):
    rng = random.Random(game_id)
    for seed in range(6):
        g = new_game(game_id, seed)
        t = 0.0
        while g.status == "playing" and g.moves < 250:
            t += 1
            r = rng.random()
            if r < 0.08 and g.undo_steps:
                g.undo(t)
            elif r < 0.12 and g.redo_steps:
                g.redo(t)
            elif r < 0.3 and g.stock_targets():
                g.play_from_stock(rng.choice(g.stock_targets()), t)
            else:
                moves = g.legal_moves()
                progress = [m for m in moves if not m.is_stock_action]
                g.play(rng.choice(progress if progress and rng.random() < 0.7 else moves), t, home="safe")
            assert read_position(json.loads(json.dumps(g.position.to_json()))) == g.position


def test_the_example_positions_of_the_tests_are_accepted():
    assert read_position(NEAR_WON).is_won() is False


def test_a_study_position_is_read_only_when_asked():
    data = {"game": "reloaded", "piles": {"stock": [c.lower() for c in FRENCH]}}
    assert len(read_position(data, reachable=False).pile("stock")) == 52
    assert main(["play", "reloaded", "--position", "/dev/null"]) == 2  # (an empty file: refused as before)


@pytest.mark.parametrize("game_id", PLAYER_GAMES)
def test_the_command_line_refuses_an_unreachable_position(game_id, tmp_path, capsys):
    spec = GAMES[game_id]
    cards = [c.lower() for c in spec.deck.cards]
    if spec.rules == "retinue":
        piles = {f"t{i}": cards[(i - 1) * 4 : i * 4] for i in range(1, 14)}
        piles["t1"] = piles["t1"] + piles.pop("t2")  # eight face down on one pile
    elif spec.aces_on_foundations:
        aces = [c for c in spec.deck.cards if c[0] == "A"]
        piles = {f"f{i}": [a] for i, a in enumerate(aces, start=1)}
        piles["stock"] = [c for c in cards if c[0] != "a"]
    else:
        piles = {"stock": cards}
    path = tmp_path / "p.json"
    path.write_text(json.dumps({"game": game_id, "piles": piles}), encoding="utf-8")
    capsys.readouterr()
    assert main(["play", game_id, "--position", str(path)]) == 2
    answer = json.loads(capsys.readouterr().out)
    assert "error" in answer and ("stock and waste hold" in answer["error"] or "face-down" in answer["error"])
