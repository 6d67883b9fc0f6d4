"""The keyboard shortcuts sheet lists the keys the game on the table has."""

from __future__ import annotations

import pytest

from game import PLAYER_GAMES, get_spec
from game.web.input import Input
from game.web.shortcuts import shortcut_rows
from game.web.texts.ui import t


def keys_of(game_id: str, lang: str = "en") -> set[str]:
    return {key for keys, _ in shortcut_rows(lang, get_spec(game_id)) for key in keys}


def test_undo_redo_and_draw_only_where_the_game_has_them():
    assert {"U", "R", "D"} <= keys_of("forty-thieves")
    reloaded = keys_of("reloaded")
    assert {"U", "D"} <= reloaded and "R" not in reloaded  # undo, no redo
    solitario = keys_of("solitario")
    assert "U" not in solitario and "R" not in solitario and "D" in solitario
    retinue = keys_of("retinue")
    assert not {"U", "R", "D"} & retinue  # no undo, no stock
    assert "Strg+Z" in keys_of("forty-thieves", "de")
    assert "D" not in keys_of("freecell") and "D" not in keys_of("yukon")  # no stock


@pytest.mark.parametrize("lang", ["en", "de", "it"])
def test_d_deals_a_row_in_spider(lang):
    rows = dict((keys, what) for keys, what in shortcut_rows(lang, get_spec("spider-2")))
    assert rows[("D",)] == t(lang, "shortcut.deal") != t(lang, "shortcut.draw_only")


@pytest.mark.parametrize("game_id", PLAYER_GAMES)
def test_every_listed_letter_is_a_key_the_page_answers(game_id):
    """A letter in the sheet is one Input.key acts on (it returns True)."""

    class Stub:  # the controller: any method, any part (app.hints.ask), does nothing
        def __getattr__(self, name):
            return Stub()

        def __call__(self, *args, **kwargs):
            return None

    stub = Stub()
    answered = Input(stub, stub.board, stub.one_tap, stub.sound, stub.hints.ask, stub.dialogs.open_shortcuts)
    answered.act = lambda *gesture: False  # what a gesture does: gestures.resolve, tested on its own
    for keys, _ in shortcut_rows("en", get_spec(game_id)):
        for key in keys:
            if len(key) == 1:
                assert answered.key(key, False, False), key
