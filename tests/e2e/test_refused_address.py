"""A refused address keeps the game (issue 41, point 2): a bad ``?seed=``,
``?position=``, ``?duel=``, ``?limit=``, ``?daily=``, ``?game=`` or
``?lang=``, or a damaged copy of the last table (``solitaire.view``), is said
in a notice and leaves the saved game, the statistics and the streak exactly
as they were. A bad seed or position used to replace the game in play with
a random deal and count it lost (breaking the streak), a bad duel link to
replace it. Each case opens a real page over the same stored game and
compares the origin's storage before and after.

``--fuzz-deep`` (tests/fuzz_deep.py) adds random values of every parameter."""

from __future__ import annotations

import json
import os
import random
from urllib.parse import quote

import pytest
from conftest import MANUAL_HOME, watch_page
from ui_helpers import BOOT_MS, settle

from game import new_game
from game.web.storage import Slot
from game.web.texts.ui import t
from game.web.url import encode_position

GAME = "forty-thieves"
SAVE = "solitaire.save." + GAME
STATS = {
    "format": 1,
    "games": {GAME: {"played": 5, "won": 3, "best_score": 300, "best_time": 400.5, "streak": 2, "best_streak": 3}},
}


def game_in_play():
    game = new_game(GAME, 5)
    for i in range(2):
        game.play(next(m for m in game.legal_moves() if not m.is_stock_action), 1.0 + i)
    return game


IMPOSSIBLE = encode_position({"game": GAME, "piles": {"t1": ["ZZ"]}})

# (address query, the notice's text key): values refused by each parameter.
CASES = [
    ("?seed=abc", "error.bad_seed"),
    (f"?game={GAME}&seed=-1", "error.bad_seed"),
    (f"?game={GAME}&seed=99999999999999999", "error.bad_seed"),
    ("?position=%7Bnot-json", "error.bad_position"),
    (f"?game={GAME}&position=bm90IGpzb24", "error.bad_position"),
    (f"?game={GAME}&position={IMPOSSIBLE}", "error.bad_position"),
    ("?duel=s1.abc", "duel.bad_link"),
    ("?duel=" + quote("<b>x</b>"), "duel.bad_link"),
    (f"?game={GAME}&limit=1e-300", "error.bad_limit"),
    ("?limit=0.05", "error.bad_limit"),
    (f"?game={GAME}&daily=yesterday", "error.daily_bad"),
    ("?game=nope", "error.unknown_game"),
    ("?lang=xx", "error.bad_lang"),
]

# Damaged or hostile copies of the last table (view.js drops them).
VIEWS = [
    "{",
    "[]",
    json.dumps({"v": 1, "html": '<script type="py">import js; js.window.__stored = 1</script>'}),
    json.dumps({"v": 2, "piles": [{"pile": "<img src=x>"}]}),
    "[" * 5000,
]


def deep_cases() -> list:
    """Random values of every parameter, for --fuzz-deep."""
    if not os.environ.get("SOLITAIRE_FUZZ_DEEP"):
        return []
    rng = random.Random(41)
    alphabet = "abcXYZ019-+.%&=<>{}[]\"' \u00e9\u200b"
    names = {
        "seed": "error.bad_seed",
        "position": "error.bad_position",
        "duel": "duel.bad_link",
        "limit": "error.bad_limit",
        "daily": "error.daily_bad",
    }
    out = []
    for name, key in names.items():
        for _ in range(6):
            value = "x" + "".join(rng.choice(alphabet) for _ in range(rng.randint(1, 30)))
            out.append((f"?game={GAME}&{name}={quote(value)}", key))
    return out


@pytest.fixture(scope="module")
def tab(module_context):
    """One page for the module, watched from its first request: each test
    writes the storage afresh and loads the game in it (a load of the game
    again costs half what a new page's does)."""
    page = module_context.new_page()
    page.watch = watch_page(page)
    return page


@pytest.fixture(scope="module")
def stored_before() -> dict:
    return {
        "solitaire.settings": MANUAL_HOME,
        "solitaire.current": json.dumps(GAME),
        SAVE: json.dumps(Slot(game_in_play(), 9.0).to_json()),
        "solitaire.stats": json.dumps(STATS),
    }


def storage(page) -> dict:
    return page.evaluate("() => Object.fromEntries(Object.entries(localStorage))")


def open_with(page, app_url: str, items: dict, query: str):
    """``page`` with the origin's storage just ``items`` (written from a page
    that is no game page: a game page saves as it closes), then the game
    loaded at ``query``; what the page did is watched from here on."""
    page.goto(app_url + "manifest.webmanifest")
    page.evaluate(
        """items => { localStorage.clear(); sessionStorage.clear();
                      Object.entries(items).forEach(([k, v]) => localStorage.setItem(k, v)); }""",
        items,
    )
    for seen in (page.watch.external_requests, page.watch.console_errors, page.watch.responses):
        seen.clear()
    page.goto(app_url + query)
    page.wait_for_selector('#board[data-status="playing"]', state="attached", timeout=BOOT_MS)
    settle(page)
    return page


def kept(page, before: dict) -> None:
    """The game in play is on the table, and storage holds the same game,
    the same statistics and streak, the same game played last."""
    game = game_in_play()
    state = page.evaluate("window.solitaire.state()")
    assert (state["game"], state["seed"], state["moves"]) == (GAME, 5, 2)
    assert state["position"] == game.position.to_json()
    after = storage(page)
    assert json.loads(after[SAVE])["game"] == json.loads(before[SAVE])["game"]
    assert json.loads(after["solitaire.stats"]) == STATS
    assert json.loads(after["solitaire.current"]) == GAME
    assert not any(key.endswith(".corrupt") for key in after), sorted(after)
    assert page.evaluate("window.__stored === undefined")
    assert not page.watch.external_requests


@pytest.mark.parametrize("query, key", CASES + deep_cases())
def test_a_refused_address_keeps_the_game_statistics_and_streak(tab, app_url, stored_before, query, key):
    page = open_with(tab, app_url, stored_before, query)
    page.wait_for_selector("#notice", state="visible")
    text = page.text_content("#notice-text")
    assert words_of(key) in text, text
    kept(page, stored_before)


def words_of(key: str) -> str:
    """The longest stretch of a notice's English text that no parameter changes."""
    names = ("seed", "max", "min", "limit", "date", "game", "code", "langs")
    text = t("en", key, **dict.fromkeys(names, "\x00"))
    return max(text.split("\x00"), key=len)


@pytest.mark.parametrize("view", VIEWS, ids=["brace", "list", "markup", "bad-pile", "deep"])
def test_a_damaged_copy_of_the_table_keeps_the_game_statistics_and_streak(tab, app_url, stored_before, view):
    page = open_with(tab, app_url, {**stored_before, "solitaire.view": view}, "")
    kept(page, stored_before)
    assert storage(page).get("solitaire.view") != view


def lookalike_link() -> str:
    """A duel link of two runs, "ANN" and all-Lisu "ꓮꓠꓠ" (right checksum)."""
    from tests.unit.test_duel_hardening import pack

    runs = [{"n": name, "m": "", "t": []} for name in ("ANN", "\ua4ee\ua4e0\ua4e0")]
    return pack({"g": "solitario", "l": 300, "r": runs, "s": 2})


def test_a_link_where_two_names_look_alike_is_refused_in_the_page(tab, app_url, stored_before):
    """The page's own Python folds names with Unicode's look-alike data
    (game/lookalikes.py, in the page's game package): ANN and ꓮꓠꓠ are one name."""
    page = open_with(tab, app_url, stored_before, "?duel=" + lookalike_link())
    page.wait_for_selector("#notice", state="visible")
    text = page.text_content("#notice-text")
    assert words_of("duel.bad_link") in text and "look alike" in text, text
    kept(page, stored_before)


@pytest.mark.parametrize("pointer", ["{", '"no-such-game"', "[" * 20_000])
def test_a_damaged_pointer_to_the_last_game_keeps_the_saved_reloaded_game(tab, app_url, pointer):
    """A damaged ``solitaire.current`` is set aside with a notice, and the
    default game's save (Reloaded, in play) is resumed, not replaced by a new deal."""
    game = new_game("reloaded", 9)
    for i in range(2):
        game.play(next(m for m in game.legal_moves() if not m.is_stock_action), 1.0 + i)
    saved = json.dumps(Slot(game, 9.0).to_json())
    items = {"solitaire.settings": MANUAL_HOME, "solitaire.current": pointer, "solitaire.save.reloaded": saved}
    items["solitaire.stats"] = json.dumps(STATS)
    page = open_with(tab, app_url, items, "")
    page.wait_for_selector("#notice", state="visible")
    assert t("en", "error.data_damaged") in page.text_content("#notice-text")
    state = page.evaluate("window.solitaire.state()")
    assert (state["game"], state["seed"], state["moves"]) == ("reloaded", 9, 2)
    assert state["position"] == game.position.to_json()
    after = storage(page)
    assert json.loads(after["solitaire.save.reloaded"])["game"] == json.loads(saved)["game"]
    assert json.loads(after["solitaire.stats"]) == STATS
