"""Never losing progress: every move is saved; a reload or a new page finds
the same position, score and clock, and the same settings; the clock holds while the page is
hidden; statistics count games and reset; damaged saved values are set
aside with a notice (test_web_storage.py covers foreign and outdated ones);
refused storage never stops play (here a full quota in the middle of a game;
test_embed.py plays in a frame whose storage the browser denies from the start).

One browser context (one origin's storage) runs the module's tests in order;
every test asks for ``context``, so that pytest keeps them in this order."""

from __future__ import annotations

import json

import pytest
from conftest import watch_page
from playwright.sync_api import expect
from ui_helpers import dom_piles, engine_piles, hud, open_url, play_move, settle, status

from game import Game, new_game, parse_move, read_position
from game.solver import solve
from game.web.hud import format_clock
from game.web.storage import Slot
from game.web.texts.ui import t
from tools.serve import ROOT

SHOTS = ROOT / "artifacts" / "screenshots"
GAME, SEED = "forty-thieves", 5


@pytest.fixture(scope="module")
def context(browser, browser_context_args):
    ctx = browser.new_context(**browser_context_args)
    yield ctx
    ctx.close()


@pytest.fixture(scope="module")
def shared():
    return {}


def new_page(context):
    page = context.new_page()
    watch = watch_page(page)
    page.watch = watch
    return page


def state(page) -> dict:
    return page.evaluate("window.solitaire.state()")


def saved(page, key: str):
    raw = page.evaluate("k => localStorage.getItem(k)", key)
    return None if raw is None else json.loads(raw)


def test_moves_are_saved_and_survive_a_reload(context, app_url, shared):
    page = new_page(context)
    open_url(page, app_url, f"?game={GAME}&seed={SEED}")
    game = new_game(GAME, SEED)
    for _ in range(2):
        move = next(m for m in game.legal_moves() if not m.is_stock_action)
        play_move(page, str(move))
        game.play(move)
    play_move(page, "draw")
    game.play("draw")
    slot = saved(page, f"solitaire.save.{GAME}")
    assert slot["format"] == 2 and slot["game"]["moves"][-1].startswith("draw")
    assert saved(page, "solitaire.current") == GAME
    page.click("#btn-settings")  # settings are kept too
    page.check('#settings-dialog input[name="back"][value="red"]')
    page.check('#settings-dialog input[name="motion"][value="off"]')
    page.click("#settings-dialog [data-close]")
    page.select_option("#lang-select", "it")
    assert saved(page, "solitaire.settings") == {
        "auto_home": "off",
        "guide": "seen",
        "lang": "it",
        "back": "red",
        "motion": "off",
    }
    page.wait_for_timeout(1_000)  # let the clock run on past the last move
    before, shown = state(page), hud(page)
    page.reload()
    page.wait_for_selector('#board[data-status="playing"]', timeout=60_000)
    settle(page)
    assert page.evaluate("document.documentElement.classList.contains('no-motion')")
    assert page.get_attribute("#board [data-face='down'] img", "src").endswith("back-red.svg")
    assert page.evaluate("document.documentElement.lang") == "it"
    assert page.is_checked('#settings-dialog input[name="motion"][value="off"]')
    page.select_option("#lang-select", "en")
    after = state(page)
    assert after["position"] == before["position"] == game.position.to_json()
    assert (after["moves"], after["score"], after["undo"]) == (before["moves"], before["score"], before["undo"])
    assert dom_piles(page) == engine_piles(game)
    assert shown["time"] <= hud(page)["time"] <= shown["time"] + 3
    assert page.url.endswith(f"?game={GAME}&seed={SEED}")
    assert page.is_hidden("#notice")
    shared["position"], shared["time"] = before["position"], shown["time"]
    page.close()


def test_a_new_page_at_the_bare_address_resumes_and_the_clock_holds_while_hidden(context, app_url, shared):
    page = new_page(context)
    open_url(page, app_url, "")
    assert state(page)["position"] == shared["position"]
    assert status(page) == "playing" and page.get_attribute("#board", "data-seed") == str(SEED)
    assert hud(page)["time"] >= shared["time"]
    page.evaluate("""() => {
        Object.defineProperty(document, 'hidden', {configurable: true, get: () => true});
        document.dispatchEvent(new Event('visibilitychange'));
    }""")
    held = hud(page)["time"]
    elapsed = saved(page, f"solitaire.save.{GAME}")["elapsed"]  # saved as the page hid
    assert held == int(elapsed)
    page.wait_for_timeout(1_600)
    assert hud(page)["time"] == held
    page.evaluate("""() => {
        Object.defineProperty(document, 'hidden', {configurable: true, get: () => false});
        document.dispatchEvent(new Event('visibilitychange'));
    }""")
    page.wait_for_function(
        f"""() => {{
        const t = document.querySelector('[data-hud="time"]').textContent.split(':').map(Number);
        return t[0] * 60 + t[1] > {held};
    }}""",
        timeout=4_000,
    )
    shared["page"] = page


def open_stats(page):
    page.click("#btn-stats")
    page.wait_for_selector("#stats-dialog[open]")


def figures(page) -> dict:
    return page.evaluate("""() => Object.fromEntries([...document.querySelectorAll('#stats-figures > div')]
        .map(d => [d.querySelector('dt').textContent, d.querySelector('dd').textContent]))""")


def test_leaving_a_game_in_play_counts_as_lost(context, shared):
    page = shared["page"]
    page.click("#btn-new")
    assert page.text_content("#leave-body") == "This game will count as a loss."
    page.click("#leave-yes")
    page.wait_for_function(f"window.solitaire.state().seed !== {SEED}")
    stats = saved(page, "solitaire.stats")
    assert stats["games"][GAME]["played"] == 1 and stats["games"][GAME]["won"] == 0
    page.click("#btn-new")  # an untouched deal does not count
    assert saved(page, "solitaire.stats")["games"][GAME]["played"] == 1
    open_stats(page)
    assert figures(page) == {
        "Played": "1",
        "Won": "0",
        "Win rate": "0%",
        "Best score": "10",
        "Fastest win": "\u2014",
        "Current winning streak": "0",
        "Longest winning streak": "0",
    }
    page.click("#stats-dialog [data-close]")


def won_in(game_id: str, seed: int):
    """A deal the solver wins, and its winning line."""
    result = solve(new_game(game_id, seed).position, budget_nodes=50_000)
    assert result.status == "won"
    return [str(m) for m in result.line]


def test_a_win_counts_with_its_time_and_streak(context, shared, app_url):
    page = shared["page"]
    game_id, seed = "solitario", 2
    line = won_in(game_id, seed)
    game = new_game(game_id, seed)
    for i, text in enumerate(line[:-1]):
        game.play(text, 1.0 + i)
    slot = Slot(game, game.clock + 5).to_json()
    page.evaluate("([k, v]) => localStorage.setItem(k, v)", [f"solitaire.save.{game_id}", json.dumps(slot)])
    open_url(page, app_url, f"?game={game_id}&seed={seed}")
    assert state(page)["moves"] == game.moves  # the saved game, not a new deal
    play_move(page, line[-1])
    page.wait_for_selector('#board[data-status="won"]')
    page.wait_for_selector("#end-dialog[open]")
    page.click("#end-close")
    open_stats(page)
    shown = figures(page)
    assert (shown["Played"], shown["Won"], shown["Win rate"], shown["Current winning streak"]) == (
        "1",
        "1",
        "100%",
        "1",
    )
    best = saved(page, "solitaire.stats")["games"][game_id]["best_time"]
    assert slot["elapsed"] <= best < slot["elapsed"] + 30  # the clock went on from the saved time
    assert shown["Fastest win"] == format_clock(best)
    page.screenshot(path=str(SHOTS / "stats-panel.png"))
    page.select_option("#stats-game", "all")
    assert figures(page) == {"Played": "2", "Won": "1", "Win rate": "50%"}
    page.select_option("#stats-game", game_id)
    page.click("#stats-reset")
    expect(page.locator("#stats-confirm-text")).to_have_text(t("en", "stats.reset_confirm", game="Solitario"))
    page.screenshot(path=str(SHOTS / "stats-reset-confirm.png"))
    page.click("#stats-reset-no")  # cancelled: nothing changes
    assert figures(page)["Played"] == "1"
    page.click("#stats-reset")
    page.click("#stats-reset-yes")
    assert figures(page)["Played"] == "0"
    page.select_option("#stats-game", "all")
    assert figures(page)["Played"] == "1"  # Forty Thieves' game is still counted
    page.click("#stats-dialog [data-close]")


def test_a_save_of_the_format_before_steps_resumes_and_one_undo_takes_back_a_pair(context, shared, app_url):
    """A page save of format 1 (tests/fixtures/slots_v1.json, written by the
    code before steps) whose last action was a stock card played straight to
    a pile: the page resumes it, and one Undo takes back the draw and the move."""
    page = shared["page"]
    cases = json.loads((ROOT / "tests" / "fixtures" / "slots_v1.json").read_text(encoding="utf-8"))
    case = next(c for c in cases if c["then"] and c["then"][0]["moves"] == c["expect"]["moves"] - 2)
    game_id, seed = case["game"], case["slot"]["game"]["seed"]
    page.evaluate("([k, v]) => localStorage.setItem(k, v)", [f"solitaire.save.{game_id}", json.dumps(case["slot"])])
    open_url(page, app_url, f"?game={game_id}&seed={seed}")
    assert state(page)["position"] == case["expect"]["position"]
    assert state(page)["moves"] == case["expect"]["moves"]
    undone = case["then"][0]
    assert undone["action"] == "undo"  # the old page took back a pair: two moves
    page.click("#btn-undo")
    page.wait_for_function(f"window.solitaire.state().moves === {undone['moves']}", timeout=5_000)
    assert state(page)["position"] == undone["position"]
    settle(page)
    assert dom_piles(page) == engine_piles(Game(read_position(undone["position"])))
    assert saved(page, f"solitaire.save.{game_id}")["format"] == 2


GARBAGE = "{\u00ff not json"


def notice(page) -> str:
    page.wait_for_selector("#notice", state="visible")
    return page.text_content("#notice-text")


def set_items(page, app_url, items: dict) -> None:
    """Write storage while no game page is open (a game page saves as it closes)."""
    page.goto("about:blank")
    helper = page.context.new_page()
    helper.goto(app_url + "manifest.webmanifest")
    helper.evaluate("items => Object.entries(items).forEach(([k, v]) => localStorage.setItem(k, v))", items)
    helper.close()


def assert_still_plays(page):
    """A move by clicks is played: with the settings gone, at their defaults,
    the cards it frees then go home when safe, as the engine says."""
    assert status(page) == "playing"
    now = state(page)
    text = next(m for m in now["legal"])
    step = Game(read_position(now["position"])).play(parse_move(text)[0], home="safe")
    play_move(page, text)
    assert state(page)["moves"] == now["moves"] + len(step)


def test_garbage_in_every_key_is_set_aside_with_a_notice(context, shared, app_url):
    page = shared["page"]
    keys = ["solitaire.settings", "solitaire.current", "solitaire.stats", f"solitaire.save.{GAME}"]
    set_items(page, app_url, {k: GARBAGE for k in keys})
    open_url(page, app_url, f"?game={GAME}")
    text = notice(page)
    # One line for each thing set aside; the general "some saved data" line
    # (the pointer to the last game) would only repeat them.
    lines = [t("en", key) for key in ("error.settings_damaged", "error.stats_damaged", "error.save_damaged")]
    assert sorted(text.split("\n")) == sorted(lines)
    page.screenshot(path=str(SHOTS / "notice-damaged.png"))
    for key in keys:
        assert page.evaluate("k => localStorage.getItem(k + '.corrupt')", key) == GARBAGE, key
    assert_still_plays(page)
    assert not page.watch.console_errors


def test_a_full_storage_in_the_middle_of_a_game_still_plays(context, shared):
    page = shared["page"]
    page.click("#notice-close")
    page.evaluate("""() => { Storage.prototype.setItem = () => {
        throw new DOMException('The quota has been exceeded.', 'QuotaExceededError'); }; }""")
    assert_still_plays(page)
    assert t("en", "error.storage") in notice(page)
    page.screenshot(path=str(SHOTS / "notice-storage.png"))
    assert not page.watch.console_errors
