"""The engine's refusals shown in the player's language (game/web/cues.py),
checked against real refusals of the engine so a reworded message is noticed."""

from __future__ import annotations

import pytest

from game import GameError, IllegalMove, Move, new_game, read_position
from game.web.cues import cue_key, cue_text
from game.web.texts.ui import t


def refusal(game, move) -> GameError:
    with pytest.raises(GameError) as info:
        game.play(move) if isinstance(move, (str, Move)) else move(game)
    return info.value


def first_illegal_column_move(game):
    legal = {str(m) for m in game.legal_moves()}
    cols = [n for n in game.spec.pile_names if n.startswith("t")]
    for src in cols:
        for dst in cols:
            m = f"{src}>{dst}"
            if src != dst and m not in legal and game.position.pile(src) and game.position.pile(dst):
                return m
    raise AssertionError("no illegal move found")


@pytest.mark.parametrize(
    "game_id,key",
    [
        ("reloaded", "cue.build_alternate"),
        ("forty-thieves", "cue.build_same_suit"),
        ("indian", "cue.build_other_suit"),
    ],
)
def test_build_rules(game_id, key):
    g = new_game(game_id, 1)
    error = refusal(g, first_illegal_column_move(g))
    found, params = cue_key(error)
    assert found == key and set(params) == {"card", "below"}


def test_foundations_waste_stock_and_redeal():
    g = new_game("reloaded", 1)
    assert cue_key(refusal(g, "t1>f1"))[0] in ("cue.foundation_ace", "cue.foundation_suit")
    assert cue_key(refusal(g, "t1>waste"))[0] == "cue.no_waste_drop"
    assert cue_key(refusal(g, "t1>stock"))[0] == "cue.no_stock_drop"
    assert cue_text("en", refusal(g, "redeal")).startswith("The stock still has cards")
    ft = new_game("forty-thieves", 1)
    for _ in range(len(ft.position.pile("stock"))):
        ft.play("draw")
    assert cue_key(refusal(ft, "redeal"))[0] == "cue.no_redeal"
    assert cue_key(refusal(ft, "draw"))[0] == "cue.stock_used_up"
    reloaded = new_game("reloaded", 1)
    for _ in range(24):
        reloaded.play("draw")
    assert cue_key(refusal(reloaded, "draw"))[0] == "cue.stock_empty"


def test_undo_refusals():
    assert cue_key(refusal(new_game("solitario", 1), lambda g: g.undo()))[0] == "cue.no_undo_game"
    assert cue_key(refusal(new_game("reloaded", 1), lambda g: g.undo()))[0] == "cue.nothing_to_undo"
    g = new_game("reloaded", 1)
    for _ in range(4):
        g.play("draw")
    for _ in range(3):
        g.undo()
    assert cue_key(refusal(g, lambda g: g.undo())) == ("cue.undo_limit", {"count": 3})
    assert cue_key(refusal(new_game("maria", 1), lambda g: g.redo()))[0] == "cue.nothing_to_redo"


def test_one_card_at_a_time():
    g = new_game("forty-thieves", 2)
    assert cue_key(refusal(g, "t1:2>t2"))[0] in ("cue.one_card", "cue.not_a_run")


def test_retinue_wrong_pile_names_the_card_and_the_label():
    g = new_game("retinue", 1)
    (move,) = g.legal_moves()
    wrong = next(f"t{i}" for i in range(1, 14) if f"t{i}" != move.dst)
    error = refusal(g, f"{move.src}>{wrong}")
    key, params = cue_key(error)
    assert key == "cue.retinue_pile"
    text = cue_text("de", error, card_name=lambda c: f"<{c}>")
    assert f"<{params['card']}>" in text and params["label"] in text
    # A court pile is named as its label reads on the table: B, D, K in German.
    court = IllegalMove("retinue_pile", card="5S", label="Q", home="t12", wrong="3")
    assert cue_key(court)[1]["label"] == "Q"
    assert "Stapel D" in cue_text("de", court) and "pile Q" in cue_text("en", court)


def test_every_language_and_an_unknown_message():
    error = refusal(new_game("reloaded", 1), "t1>waste")
    assert {cue_text(lang, error) for lang in ("en", "de", "it")} == {
        t(lang, "cue.no_waste_drop") for lang in ("en", "de", "it")
    }
    assert cue_text("de", "something new went wrong") == "Something new went wrong"
    assert cue_text("de", GameError("a refusal with no code")) == "A refusal with no code"
    assert cue_text("it", "") == t("it", "error.illegal_move")


def test_piles_and_cards_are_named_in_the_language():
    g = new_game("forty-thieves", 1)
    while g.position.pile("stock"):
        g.play("draw")
    assert refusal(g, "waste:2>t1").reason == "one_leaves_waste"
    empty = refusal(new_game("forty-thieves", 1), "waste>t1")
    assert empty.reason == "empty_source" and empty.params == {"pile": "waste"}
    assert str(empty) == "waste is empty"  # the English of the command line
    assert cue_text("de", empty) == "Der Stapel „Ablagestapel“ ist leer."
    assert cue_text("it", empty) == "La pila «Mazzetto» è vuota."
    suit = refusal(new_game("forty-thieves", 1), "t1>f1")
    assert cue_text("en", suit, lambda c: f"<{c}>") == t("en", suit.text_key)


def test_a_game_over_refusal():
    pos = read_position(
        {"game": "retinue", "piles": {f"t{i}": [c + s for s in "SHDC"] for i, c in enumerate("A23456789TJQK", start=1)}}
    )
    from game import Game

    g = Game(pos)
    assert g.status == "won"
    assert cue_key(refusal(g, "t1>t2"))[0] == "cue.game_over"
