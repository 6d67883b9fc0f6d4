"""Damaged storage and hostile addresses, in real Chromium (issue 18, findings
1, 2 and 8): a stored value that does not fit its setting, deep nesting in
storage, in ``?position=`` and in a duel link -- in Pyodide such nesting was a
fatal error of the whole runtime, not an exception -- each gives a notice in
the player's language and a playable game, and nothing else is lost. Also:
a browser that denies only IndexedDB keeps progress and says nothing, and a
move is in storage before the handler that made it returns.

One browser context (one origin's storage) for the module; each test writes
the storage it needs while no game page is open."""

from __future__ import annotations

import base64
import json
import zlib
from urllib.parse import quote

import pytest
from conftest import watch_page
from ui_helpers import WAIT_MS, click_card, click_pile, count, leave_if_asked, open_url, settle, status

from game import new_game
from game.web.storage import Slot
from game.web.texts.ui import LANGUAGES, t
from game.web.url import MAX_PARAM, encode_position
from game.winnable import WINNABLE
from tools.serve import ROOT

SHOTS = ROOT / "artifacts" / "screenshots"
SETTINGS, CURRENT, STATS = "solitaire.settings", "solitaire.current", "solitaire.stats"


@pytest.fixture(scope="module")
def context(browser, browser_context_args):
    ctx = browser.new_context(**browser_context_args)
    yield ctx
    ctx.close()


def nest(depth: int) -> str:
    return "[" * depth + "]" * depth


def stored(page, key: str):
    return page.evaluate("k => localStorage.getItem(k)", key)


def state(page) -> dict:
    return page.evaluate("window.solitaire.state()")


def open_with(context, app_url: str, items: dict, query: str = "", status_: str = "playing"):
    """The module's game page, after the origin's storage was cleared and
    ``items`` written. One page for the module: each boot after the first
    reuses its renderer and the runtime it compiled, so costs less."""
    page = getattr(context, "game_page", None)
    if page is None or page.is_closed():
        page = context.game_page = context.new_page()
        page.watch = watch_page(page)
    page.goto(app_url + "manifest.webmanifest")  # no game page open: it saves as it closes
    page.evaluate(
        "items => { localStorage.clear(); Object.entries(items).forEach(([k, v]) => localStorage.setItem(k, v)); }",
        items,
    )
    page.watch.console_errors.clear()
    open_url(page, app_url, query, status_)
    return page


def notice(page) -> str:
    page.wait_for_selector("#notice", state="visible")
    return page.text_content("#notice-text")


def plays_on(page) -> None:
    """A card move or a draw by clicks, as a player makes it; then New deal."""
    before = state(page)
    move = next((m for m in before["legal"] if ">" in m), None)
    if move is None:
        click_pile(page, "stock")
    else:
        src, dst = move.split(">")
        n = 1
        if ":" in src:
            src, n = src.split(":")[0], int(src.split(":")[1])
        click_card(page, src, count(page, src) - n)
        click_pile(page, dst)
    page.wait_for_function(f"window.solitaire.state().moves > {before['moves']}", timeout=WAIT_MS)
    settle(page)
    page.click("#btn-new")
    leave_if_asked(page)
    page.wait_for_function(
        f"window.solitaire.state().moves === 0 && window.solitaire.state().seed !== {before['seed']}"
    )
    assert status(page) == "playing"


def no_failure(page) -> None:
    """No "Something went wrong" notice, no error in the console."""
    text = page.text_content("#notice-text") or ""
    assert not any(t(lang, "error.unexpected", detail="") in text for lang in LANGUAGES), text
    assert not page.watch.console_errors, page.watch.console_errors


# --- finding 1: one bad setting -----------------------------------------------------------------
@pytest.mark.parametrize("bad", [None, 5, True])
def test_a_bad_winnable_setting_is_dropped_alone_with_a_notice(context, app_url, bad):
    raw = json.dumps({"lang": "de", "back": "red", "winnable": bad})
    page = open_with(context, app_url, {SETTINGS: raw}, "?game=reloaded&seed=4")
    assert notice(page) == t("de", "error.settings_some_damaged")
    assert page.evaluate("document.documentElement.lang") == "de"  # the other settings are kept
    assert page.get_attribute("#board [data-face='down'] img", "src").endswith("back-red.svg")
    assert stored(page, SETTINGS + ".corrupt") == raw
    assert json.loads(stored(page, SETTINGS)) == {"lang": "de", "back": "red"}
    if bad is None:
        page.screenshot(path=str(SHOTS / "notice-settings-some-damaged-de.png"))
    plays_on(page)
    no_failure(page)


def test_a_bad_winnable_counter_leaves_new_deal_and_the_picker_working(context, app_url):
    raw = json.dumps({"winnable": ["reloaded"], "winnable_next": {"reloaded": "x"}})
    page = open_with(context, app_url, {SETTINGS: raw}, "?game=reloaded&seed=4")
    told = page.text_content("#notice-text") if page.is_visible("#notice") else None
    page.click("#btn-new")  # winnable deals only is still on: the first number of the list
    page.wait_for_function(f"window.solitaire.state().seed === {WINNABLE['reloaded'][0]}")
    assert json.loads(stored(page, SETTINGS)) == {"winnable": ["reloaded"], "winnable_next": {"reloaded": 1}}
    page.click("#btn-games")
    page.wait_for_selector("#picker[open]")
    page.fill("#picker-number", "")
    page.click('.game-tile[data-game="reloaded"]')
    page.wait_for_function(f"window.solitaire.state().seed === {WINNABLE['reloaded'][1]}")
    assert json.loads(stored(page, SETTINGS))["winnable_next"] == {"reloaded": 2}
    settle(page)
    assert told == t("en", "error.settings_some_damaged")
    plays_on(page)
    no_failure(page)


# --- finding 2: deep nesting ------------------------------------------------------------------------
def test_deep_nesting_in_storage_is_set_aside_and_the_saved_game_resumes(context, app_url):
    game = new_game("forty-thieves", 5)
    for i in range(2):
        game.play(next(m for m in game.legal_moves() if not m.is_stock_action), 1.0 + i)
    deep = nest(20_000)
    items = {
        SETTINGS: deep,
        STATS: deep,
        CURRENT: json.dumps("forty-thieves"),
        "solitaire.save.forty-thieves": json.dumps(Slot(game, 9.0).to_json()),
    }
    page = open_with(context, app_url, items)
    assert state(page)["position"] == game.position.to_json()  # nothing else is lost
    assert state(page)["moves"] == 2
    text = notice(page)
    assert t("en", "error.settings_damaged") in text and t("en", "error.stats_damaged") in text
    for key in (SETTINGS, STATS):
        assert stored(page, key + ".corrupt") == deep
    page.screenshot(path=str(SHOTS / "notice-deep-storage.png"))
    plays_on(page)
    no_failure(page)


def test_a_deep_save_and_pointer_are_set_aside_on_load(context, app_url):
    deep = nest(20_000)
    items = {SETTINGS: json.dumps({"lang": "it"}), CURRENT: deep, "solitaire.save.reloaded": deep}
    page = open_with(context, app_url, items, "?game=reloaded")
    text = notice(page)
    assert text == t("it", "error.save_damaged")  # the damaged pointer to it adds nothing to say
    assert page.evaluate("document.documentElement.lang") == "it"
    assert stored(page, "solitaire.save.reloaded.corrupt") == deep
    plays_on(page)
    no_failure(page)


def test_a_deep_pointer_alone_is_said_in_general_words(context, app_url):
    """The saved game itself is sound (none here): the notice says that some
    saved data was set aside, and nothing else."""
    deep = nest(20_000)
    page = open_with(context, app_url, {SETTINGS: json.dumps({"lang": "de"}), CURRENT: deep})
    assert notice(page) == t("de", "error.data_damaged")
    assert stored(page, CURRENT + ".corrupt") == deep
    plays_on(page)
    no_failure(page)


def test_a_deep_position_in_the_address_is_a_notice(context, app_url):
    position = '{"game":"maria","piles":' + nest(9_000) + "}"
    assert len(position) < MAX_PARAM  # under the length limit: only the depth is wrong
    query = "?game=maria&position=" + quote(position, safe="[]{}:,")
    page = open_with(context, app_url, {}, query)
    assert notice(page).startswith(t("en", "error.bad_position"))
    assert "nested too deeply" in notice(page)
    assert state(page)["game"] == "maria"
    plays_on(page)
    no_failure(page)


def test_a_bad_time_limit_and_language_in_the_address_are_said(context, app_url):
    """Both are left out (no limit: the clock counts up; the page's own
    language), and the notice names each value and what a good one is."""
    page = open_with(context, app_url, {}, "?game=maria&seed=5&limit=abc&lang=xx")
    text = notice(page)
    assert t("en", "error.bad_limit", limit="abc", min=60, max=86400) in text
    assert t("en", "error.bad_lang", code="xx", langs="en, de, it") in text
    got = state(page)
    assert (got["game"], got["seed"], got["lang"]) == ("maria", 5, "en")
    assert page.url.endswith("?game=maria&seed=5")  # the address the page writes keeps neither
    plays_on(page)
    no_failure(page)


def deep_duel_link() -> str:
    """A short ``s1.`` link whose contents nest 100,000 arrays: its checksum
    is right, so only the JSON inside is wrong."""
    payload = b'{"g":' + nest(100_000).encode() + b"}"
    packer = zlib.compressobj(9, zlib.DEFLATED, -15, 9)
    body = packer.compress(payload) + packer.flush()
    crc = zlib.crc32(b"s1." + body).to_bytes(4, "big")
    return "s1." + base64.urlsafe_b64encode(crc + body).decode("ascii").rstrip("=")


def test_a_short_duel_link_nesting_deep_is_a_notice(context, app_url):
    token = deep_duel_link()
    assert len(token) < 400
    page = open_with(context, app_url, {SETTINGS: json.dumps({"lang": "de"})}, "?duel=" + token)
    text = notice(page)
    assert text.startswith(t("de", "duel.bad_link")) and "nested too deeply" in text
    plays_on(page)
    no_failure(page)


# --- finding 8: IndexedDB denied alone; saving at once ---------------------------------------------
DENY_INDEXED_DB = """
Object.defineProperty(window, 'indexedDB', {configurable: true, get() {
    return {open() { throw new DOMException('The user denied permission to access the database.', 'UnknownError'); }};
}});
"""


def test_only_indexeddb_denied_keeps_progress_and_says_nothing(browser, browser_context_args, app_url, request):
    ctx = browser.new_context(**browser_context_args)
    request.addfinalizer(ctx.close)  # its page's work ends with the test
    ctx.add_init_script(DENY_INDEXED_DB)
    page = ctx.new_page()
    page.watch = watch_page(page)
    open_url(page, app_url, "?game=solitario&seed=3")
    assert page.evaluate("window.solitaireStorage") == {"local": True, "indexed": False, "memory": True}
    page.wait_for_timeout(500)
    assert page.is_hidden("#notice"), page.text_content("#notice-text")
    click_pile(page, "stock")
    page.wait_for_function("window.solitaire.state().moves === 1")
    position = state(page)["position"]
    page.reload()
    page.wait_for_selector('#board[data-status="playing"]', timeout=60_000)
    settle(page)
    assert state(page)["position"] == position and state(page)["moves"] == 1  # it was kept
    assert page.is_hidden("#notice")
    no_failure(page)
    ctx.close()


def saved_moves(raw):
    return None if raw is None else json.loads(raw)["game"]["moves"]


def test_a_move_is_in_storage_before_its_handler_returns(context, app_url):
    """A renderer that crashes right after a move cannot lose it: the save is
    made in the handler of the key press itself, before any frame shows the move."""
    page = open_with(context, app_url, {}, "?game=reloaded&seed=6")
    raw = page.evaluate("""() => {
        document.body.dispatchEvent(new KeyboardEvent('keydown', {key: 'd', bubbles: true, cancelable: true}));
        return localStorage.getItem('solitaire.save.reloaded');   // same task: no frame in between
    }""")
    assert [m.split("@")[0] for m in saved_moves(raw)] == ["draw"]
    no_failure(page)


def test_the_end_of_a_practice_game_is_in_storage_at_once(context, app_url):
    """A game from a ?position= link is not counted in the statistics, and
    its end was saved only a frame later; now it is saved as it ends."""
    position = new_game("maria", 2).position.to_json()
    page = open_with(context, app_url, {}, f"?game=maria&position={encode_position(position)}")
    page.click("#btn-giveup")
    page.wait_for_selector("#confirm-dialog[open]")
    raw = page.evaluate("""() => {
        document.getElementById('confirm-yes').click();
        return localStorage.getItem('solitaire.save.maria');
    }""")
    assert json.loads(raw)["game"]["status"] == "resigned"
    no_failure(page)
