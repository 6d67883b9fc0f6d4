"""Never losing progress: every move is saved; a reload or a new page finds
the same position, score and clock, and the same settings; the clock holds while the page is
hidden; statistics count games and reset; damaged saved values are set
aside with a notice (test_web_storage.py covers foreign and outdated ones);
refused storage never stops play (here a full quota in the middle of a game;
test_embed.py plays in a frame whose storage the browser denies from the start).

One browser context (one origin's storage) and one page for the module. Each
test writes the storage it starts from before it opens a game, or, where it
goes on from the page the test before left, checks that this test passed
and otherwise sets that page up itself: one failure does not fail the tests
after it. The context's time is Playwright's (``page.clock``): where a test
asserts what the game's clock shows across a reload or a boot, the time is
stopped, so the machine's speed cannot change what it shows."""

from __future__ import annotations

import datetime
import json

import pytest
from conftest import MANUAL_HOME, watch_page
from playwright.sync_api import expect
from ui_helpers import WAIT_MS, dom_piles, engine_piles, hud, open_url, pause_clock, play_move, settle, status, use_tool

from game import Game, new_game, parse_move, read_position
from game.solver import solve
from game.web.hud import format_clock
from game.web.stats import Stats
from game.web.storage import Slot
from game.web.texts.ui import t
from tools.serve import ROOT

SHOTS = ROOT / "artifacts" / "screenshots"
GAME, SEED = "forty-thieves", 5
START = datetime.datetime(2026, 11, 20, 12, tzinfo=datetime.timezone.utc)  # the context's clock starts here


@pytest.fixture(scope="module")
def context(browser, browser_context_args):
    ctx = browser.new_context(**browser_context_args)
    ctx.clock.install(time=START)  # flows as usual until a test stops it
    yield ctx
    ctx.close()


@pytest.fixture(scope="module")
def page(context):
    pg = context.new_page()
    pg.watch = watch_page(pg)
    return pg


@pytest.fixture(scope="module")
def shared():
    """``left``: what a test leaves on the page, said as its last line."""
    return {}


@pytest.fixture(autouse=True)
def each_test(context, shared):
    """Each test starts with the time flowing, whatever the one before did, and
    learns what that one left on the page only if it passed."""
    shared["before"] = shared.pop("left", None)
    context.clock.resume()
    yield
    context.clock.resume()


def state(page) -> dict:
    return page.evaluate("window.solitaire.state()")


def saved(page, key: str):
    raw = page.evaluate("k => localStorage.getItem(k)", key)
    return None if raw is None else json.loads(raw)


def start(page, app_url, query: str, items: dict | None = None, paused: bool = False) -> None:
    """The game at ``query``, booted from this storage alone: the suite's
    setting (cards go home by hand) and ``items``, written while no game page
    is open (a game page saves as it closes). ``paused``: the time stands
    still from before the boot."""
    page.goto("about:blank")
    helper = page.context.new_page()
    helper.goto(app_url + "manifest.webmanifest")
    helper.evaluate(
        """([s, items]) => { localStorage.clear(); localStorage.setItem('solitaire.settings', s);
                            Object.entries(items).forEach(([k, v]) => localStorage.setItem(k, v)); }""",
        [MANUAL_HOME, items or {}],
    )
    if paused:
        pause_clock(helper)
    helper.close()
    page.watch.console_errors.clear()
    open_url(page, app_url, query)


def played(moves: int = 2) -> Game:
    """Forty Thieves game 5 with ``moves`` card moves and a draw."""
    game = new_game(GAME, SEED)
    for i in range(moves):
        game.play(next(m for m in game.legal_moves() if not m.is_stock_action), 1.0 + i)
    game.play("draw", 1.0 + moves)
    return game


def test_moves_are_saved_and_survive_a_reload(page, app_url):
    start(page, app_url, f"?game={GAME}&seed={SEED}")
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
    use_tool(page, "btn-settings")  # settings are kept too
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
    # The clock runs on past the last move; then the time stands still, through the reload.
    pause_clock(page, ahead_ms=1_500)
    page.clock.run_for(500)  # the clock's display catches up (it ticks every 250 ms)
    before, shown = state(page), hud(page)
    assert shown["time"] >= 1
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
    # The page saved the time as it went; the new one shows that time, and
    # none of the reload's: the time stood still meanwhile.
    elapsed = saved(page, f"solitaire.save.{GAME}")["elapsed"]
    assert shown["time"] <= elapsed < shown["time"] + 1.25  # shown at the last tick, up to 250 ms before
    assert hud(page)["time"] == int(elapsed)
    page.clock.run_for(2_000)  # and the clock runs on from there
    assert hud(page)["time"] == int(elapsed + 2)
    assert page.url.endswith(f"?game={GAME}&seed={SEED}")
    assert page.is_hidden("#notice")


def test_a_new_page_at_the_bare_address_resumes_and_the_clock_holds_while_hidden(page, app_url, shared):
    game = played()
    items = {"solitaire.current": json.dumps(GAME), f"solitaire.save.{GAME}": json.dumps(Slot(game, 12.5).to_json())}
    start(page, app_url, "", items, paused=True)  # the bare address: the game played last
    assert state(page)["position"] == game.position.to_json()
    assert status(page) == "playing" and page.get_attribute("#board", "data-seed") == str(SEED)
    assert hud(page)["time"] == 12  # the saved time, and none of the boot's
    page.evaluate("""() => {
        Object.defineProperty(document, 'hidden', {configurable: true, get: () => true});
        document.dispatchEvent(new Event('visibilitychange'));
    }""")
    assert saved(page, f"solitaire.save.{GAME}")["elapsed"] == 12.5  # saved as the page hid
    page.clock.run_for(5_000)
    assert hud(page)["time"] == 12  # held while hidden
    page.evaluate("""() => {
        Object.defineProperty(document, 'hidden', {configurable: true, get: () => false});
        document.dispatchEvent(new Event('visibilitychange'));
    }""")
    page.clock.run_for(2_000)
    assert hud(page)["time"] == 14  # shown again, it runs on from where it held
    shared["left"] = "resumed"  # Forty Thieves game 5 in play, nothing counted yet


def open_stats(page):
    use_tool(page, "btn-stats")
    page.wait_for_selector("#stats-dialog[open]")


def figures(page) -> dict:
    return page.evaluate("""() => Object.fromEntries([...document.querySelectorAll('#stats-figures > div')]
        .map(d => [d.querySelector('dt').textContent, d.querySelector('dd').textContent]))""")


def test_leaving_a_game_in_play_counts_as_lost(page, app_url, shared):
    if shared["before"] != "resumed":  # the test before did not leave it: the same game, resumed here
        game = played()
        start(page, app_url, f"?game={GAME}&seed={SEED}", {f"solitaire.save.{GAME}": json.dumps(Slot(game).to_json())})
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


def test_a_win_counts_with_its_time_and_streak(page, app_url):
    game_id, seed = "solitario", 2
    line = won_in(game_id, seed)
    game = new_game(game_id, seed)
    for i, text in enumerate(line[:-1]):
        game.play(text, 1.0 + i)
    slot = Slot(game, game.clock + 5).to_json()
    lost = Stats()
    lost.end(GAME, won=False, score=10, seconds=30.0)  # a Forty Thieves game lost before
    items = {f"solitaire.save.{game_id}": json.dumps(slot), "solitaire.stats": json.dumps(lost.to_json())}
    start(page, app_url, f"?game={game_id}&seed={seed}", items, paused=True)
    assert state(page)["moves"] == game.moves  # the saved game, not a new deal
    page.clock.run_for(3_000)  # three seconds more of play than the save had
    play_move(page, line[-1])
    page.clock.resume()  # the win's show and the end dialog run on the page's time
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
    assert best == pytest.approx(slot["elapsed"] + 3, abs=0.01)  # the clock went on from the saved time
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


def test_a_save_of_the_format_before_steps_resumes_and_one_undo_takes_back_a_pair(page, app_url):
    """A page save of format 1 (tests/fixtures/slots_v1.json, written by the
    code before steps) whose last action was a stock card played straight to
    a pile: the page resumes it, and one Undo takes back the draw and the move."""
    cases = json.loads((ROOT / "tests" / "fixtures" / "slots_v1.json").read_text(encoding="utf-8"))
    case = next(c for c in cases if c["then"] and c["then"][0]["moves"] == c["expect"]["moves"] - 2)
    game_id, seed = case["game"], case["slot"]["game"]["seed"]
    start(page, app_url, f"?game={game_id}&seed={seed}", {f"solitaire.save.{game_id}": json.dumps(case["slot"])})
    assert state(page)["position"] == case["expect"]["position"]
    assert state(page)["moves"] == case["expect"]["moves"]
    undone = case["then"][0]
    assert undone["action"] == "undo"  # the old page took back a pair: two moves
    page.click("#btn-undo")
    page.wait_for_function(f"window.solitaire.state().moves === {undone['moves']}", timeout=WAIT_MS)
    assert state(page)["position"] == undone["position"]
    settle(page)
    assert dom_piles(page) == engine_piles(Game(read_position(undone["position"])))
    assert saved(page, f"solitaire.save.{game_id}")["format"] == 2


GARBAGE = "{\u00ff not json"


def notice(page) -> str:
    page.wait_for_selector("#notice", state="visible")
    return page.text_content("#notice-text")


def assert_still_plays(page):
    """A move by clicks is played: with the settings gone, at their defaults,
    the cards it frees then go home when safe, as the engine says."""
    assert status(page) == "playing"
    now = state(page)
    text = next(m for m in now["legal"])
    step = Game(read_position(now["position"])).play(parse_move(text)[0], home="safe")
    play_move(page, text)
    assert state(page)["moves"] == now["moves"] + len(step)


def test_garbage_in_every_key_is_set_aside_with_a_notice(page, app_url, shared):
    keys = ["solitaire.settings", "solitaire.current", "solitaire.stats", f"solitaire.save.{GAME}"]
    start(page, app_url, f"?game={GAME}", {k: GARBAGE for k in keys})
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
    shared["left"] = "playing"


def test_a_full_storage_in_the_middle_of_a_game_still_plays(page, app_url, shared):
    if shared["before"] != "playing":  # the test before did not leave a game in play; settings at their defaults
        start(page, app_url, f"?game={GAME}", {"solitaire.settings": "{}"})
    if page.is_visible("#notice"):
        page.click("#notice-close")
    page.evaluate("""() => { Storage.prototype.setItem = () => {
        throw new DOMException('The quota has been exceeded.', 'QuotaExceededError'); }; }""")
    assert_still_plays(page)
    assert t("en", "error.storage") in notice(page)
    page.screenshot(path=str(SHOTS / "notice-storage.png"))
    assert not page.watch.console_errors
