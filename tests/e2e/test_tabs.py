"""Two tabs of the game open at once (game/web/progress.py, "other tabs of
the game"): each page keeps what it read of storage in memory, and the
browser tells every other tab of the site when one of them writes. Nothing
one tab stores is lost by what another writes later: statistics, settings
and the history add up; a game played on in one tab is taken up by the
other as it shows, and a tab behind never saves over it.

The module has one browser context (one origin's storage), with two pages of
it side by side, as two tabs are. A test goes on from the pages the test
before left where it can (a boot of the game costs seconds), but only if
that test passed: otherwise it starts from empty storage and new pages, so
one failure does not fail the tests after it."""

from __future__ import annotations

import json

import pytest
from conftest import MANUAL_HOME
from ui_helpers import (
    WAIT_MS,
    click_card,
    click_pile,
    count,
    deal_from_picker,
    next_frames,
    open_url,
    play_move,
    played_count,
    settle,
    stored,
    use_tool,
)

from game import new_game
from game.solver import solve
from game.web.storage import Slot
from game.web.texts.ui import t


@pytest.fixture(scope="module")
def shared():
    """``pages``: the two tabs; ``left``: what a test leaves on them, said as its last line."""
    return {}


@pytest.fixture(autouse=True)
def before(shared):
    """What the test before left on the pages, if it passed (else None)."""
    shared["before"] = shared.pop("left", None)
    return shared["before"]


def fresh(module_context, app_url, shared):
    """Two new pages over empty storage (but for the suite's setting: cards go home by hand)."""
    for page in shared.pop("pages", ()):
        if not page.is_closed():
            page.close()
    helper = module_context.new_page()
    helper.goto(app_url + "manifest.webmanifest")
    helper.evaluate("s => { localStorage.clear(); localStorage.setItem('solitaire.settings', s); }", MANUAL_HOME)
    helper.close()
    shared["pages"] = (module_context.new_page(), module_context.new_page())
    return shared["pages"]


def state(page) -> dict:
    return page.evaluate("window.solitaire.state()")


def give_up(page) -> None:
    page.click("#btn-giveup")
    page.click("#confirm-yes")
    page.wait_for_selector("#end-dialog[open]")
    page.keyboard.press("Escape")


def first_move(game_id: str, seed: int) -> str:
    return str(next(m for m in new_game(game_id, seed).legal_moves() if not m.is_stock_action))


def test_games_ended_in_two_tabs_are_both_counted(module_context, app_url, shared):
    """Both tabs read the statistics before either game ended; each end
    builds on what the other tab stored (the history too)."""
    a, b = fresh(module_context, app_url, shared)
    open_url(a, app_url, "?game=reloaded&seed=5")
    open_url(b, app_url, "?game=solitario&seed=7")
    play_move(a, first_move("reloaded", 5))
    give_up(a)
    play_move(b, first_move("solitario", 7))
    give_up(b)
    assert played_count(b, "reloaded") == 1 and played_count(b, "solitario") == 1
    history = stored(b, "solitaire.history")
    assert sorted(history["games"]) == ["reloaded", "solitario"]
    # The panel of the first tab shows both games, as they are now.
    use_tool(a, "btn-stats")
    a.wait_for_selector("#stats-dialog[open]")
    a.select_option("#stats-game", "all")  # every game
    played_row = a.locator("#stats-figures div").filter(has_text=t("en", "stats.played"))
    assert played_row.locator("dd").text_content() == "2"
    a.keyboard.press("Escape")
    a.wait_for_selector("#stats-dialog", state="hidden")
    shared["left"] = "two games ended"  # settings at their defaults


def test_settings_changed_in_two_tabs_are_both_kept(module_context, app_url, shared):
    if shared["before"] == "two games ended":
        a, b = shared["pages"]
    else:
        a, b = fresh(module_context, app_url, shared)
        open_url(a, app_url, "?game=reloaded&seed=5")
        open_url(b, app_url, "?game=solitario&seed=6")
    a.click("#btn-sound")  # sound off, in the first tab
    a.wait_for_function("JSON.parse(localStorage.getItem('solitaire.settings')).sound === 'off'", timeout=WAIT_MS)
    use_tool(b, "btn-settings")
    b.wait_for_selector("#settings-dialog[open]")
    b.check('#settings-dialog input[name="back"][value="red"]')  # red backs, in the second
    b.wait_for_function("JSON.parse(localStorage.getItem('solitaire.settings')).back === 'red'", timeout=WAIT_MS)
    settings = stored(b, "solitaire.settings")
    assert settings["sound"] == "off" and settings["back"] == "red", settings
    b.keyboard.press("Escape")
    b.wait_for_selector("#settings-dialog", state="hidden")
    shared["left"] = "two pages"


def steps(log) -> list[str]:
    return [entry.split("@")[0] for entry in log]


def play_on(page, game) -> None:
    """A move that turns no stock card, by clicks, and into the engine's copy too."""
    text = str(next(m for m in game.legal_moves() if not m.is_stock_action))
    play_move(page, text)
    game.play(text, home="off")


def test_a_tab_takes_up_the_game_played_on_in_another(module_context, app_url, shared):
    """The same deal in two tabs: moves made in one show in the other, with
    a word why; the save holds every move, whichever tab closes first."""
    game = new_game("reloaded", 5)
    if shared["before"] == "two pages":  # a new deal of it in the first tab, from the picker
        a, b = shared["pages"]
        deal_from_picker(a, "reloaded", 5)
    else:
        a, b = fresh(module_context, app_url, shared)
        open_url(a, app_url, "?game=reloaded&seed=5")
    play_on(a, game)
    open_url(b, app_url, "?game=reloaded&seed=5")  # the same address: the save, with that move
    assert state(b)["position"] == state(a)["position"]
    next_frames(a)
    assert not a.is_visible("#toast.show")  # nothing new for the first tab: the same game
    play_on(b, game)
    a.wait_for_function(f"window.solitaire.state().moves === {len(game.log)}", timeout=WAIT_MS)
    settle(a)
    assert state(a)["position"] == state(b)["position"]
    assert a.text_content("#toast") == t("en", "progress.taken_up")
    # Back in the first tab: a move there shows in the second.
    play_on(a, game)
    b.wait_for_function(f"window.solitaire.state().moves === {len(game.log)}", timeout=WAIT_MS)
    assert state(b)["position"] == state(a)["position"]
    a.evaluate("dispatchEvent(new PageTransitionEvent('pagehide'))")
    a.close()
    assert steps(stored(b, "solitaire.save.reloaded")["game"]["moves"]) == steps(game.log)
    shared["pages"] = (b, module_context.new_page())
    shared["left"] = "reloaded 5 in play"  # in the first page


def test_a_hidden_tab_behind_never_saves_over_the_game(module_context, app_url, shared):
    """A tab left in the background with an older copy of the game: closing
    it does not write that copy over the moves made since in another tab;
    shown again, it takes them up."""
    game = new_game("reloaded", 5)
    if shared["before"] == "reloaded 5 in play":  # a new deal of it there, from the picker
        a, b = shared["pages"]
        deal_from_picker(a, "reloaded", 5)
    else:
        a, b = fresh(module_context, app_url, shared)
        open_url(a, app_url, "?game=reloaded&seed=5")
    play_on(a, game)
    hide(a, True)
    open_url(b, app_url, "?game=reloaded&seed=5")
    play_on(b, game)
    next_frames(b)
    assert state(a)["moves"] == 1  # hidden: it waits to be shown
    hide(a, False)
    a.wait_for_function("window.solitaire.state().moves === 2", timeout=WAIT_MS)
    assert state(a)["position"] == state(b)["position"]
    # Hidden again, and behind again: another tab's save of a further move
    # whose word (the browser's storage event) has not reached this tab yet,
    # as may be the case as a tab closes. Closing, it looks before it writes.
    hide(a, True)
    text = str(next(m for m in game.legal_moves() if not m.is_stock_action))
    game.play(text, 30.0, home="off")
    newer = json.dumps(Slot(game, 40.0).to_json())
    a.evaluate("([k, v]) => localStorage.setItem(k, v)", ["solitaire.save.reloaded", newer])  # no word to itself
    a.evaluate("dispatchEvent(new PageTransitionEvent('pagehide'))")  # the tab closes: it saves as it goes
    a.close()
    assert steps(stored(b, "solitaire.save.reloaded")["game"]["moves"]) == steps(game.log)


def hide(page, hidden: bool) -> None:
    """The page as the browser has it when its tab is in the background (or back)."""
    page.evaluate(
        """h => { Object.defineProperty(document, 'hidden', {value: h, configurable: true});
                  Object.defineProperty(document, 'visibilityState', {value: h ? 'hidden' : 'visible', configurable: true});
                  document.dispatchEvent(new Event('visibilitychange')); }""",
        hidden,
    )


def test_a_win_in_one_tab_is_counted_once_and_told_there(module_context, app_url, shared):
    """A Solitario deal near its end (a winning line of the solver), open in
    two tabs, cards going home by themselves (the default). One move in one
    tab wins it, the other cards flying home after it: that tab counts the
    win and says it is the first; the other takes the won game up, counts
    nothing, and tells no news."""
    game_id, seed = "solitario", 2
    line = solve(new_game(game_id, seed).position, budget_nodes=50_000).line
    cut = next(k for k in range(len(line) - 1, 0, -1) if won_with_home(game_id, seed, line[:k], line[k]))
    game = new_game(game_id, seed)
    for i, move in enumerate(line[:cut]):
        game.play(move, 1.0 + i)
    for page in shared.pop("pages", ()):  # the tabs the tests before left
        if not page.is_closed():
            page.close()
    a, b = shared["pages"] = (module_context.new_page(), module_context.new_page())
    a.goto(app_url + "manifest.webmanifest")
    slot = json.dumps(Slot(game, 60).to_json())
    # Every setting at its default (cards go home by themselves), and the saved game.
    a.evaluate(
        "([k, v, s]) => { localStorage.clear(); localStorage.setItem('solitaire.settings', s); localStorage.setItem(k, v); }",
        [f"solitaire.save.{game_id}", slot, json.dumps({"guide": "seen"})],
    )
    for page in (a, b):
        open_url(page, app_url, f"?game={game_id}&seed={seed}")
        assert state(page)["moves"] == game.moves  # the saved game, in both
    for page in (a, b):  # each tab's own writes of the statistics, counted
        page.evaluate(COUNT_STATS_WRITES)
    last = line[cut]
    click_card(a, last.src, count(a, last.src) - last.count)
    click_pile(a, last.dst)
    a.keyboard.press("Shift")  # skips the show
    a.wait_for_selector('#end-dialog[open][data-status="won"]', timeout=10_000)
    b.wait_for_selector('#end-dialog[open][data-status="won"]', timeout=10_000)
    news = "[...document.querySelectorAll('#end-body [data-news]')].map(p => p.dataset.news)"
    assert a.evaluate(news) == ["first"]
    assert b.evaluate(news) == []  # counted in the other tab: nothing new here, and not "practice"
    assert b.locator("#celebrate .fly").count() == 0  # no show for a game that arrived over
    next_frames(a)
    next_frames(b)
    assert len(stored(b, "solitaire.history")["games"][game_id]) == 1  # counted once
    assert (a.evaluate("window.__statsWrites"), b.evaluate("window.__statsWrites")) == (1, 0)  # by the winner
    stats = stored(b, "solitaire.stats")["games"][game_id]
    assert (stats["played"], stats["won"]) == (1, 1)


COUNT_STATS_WRITES = """() => { window.__statsWrites = 0; const set = Storage.prototype.setItem;
  Storage.prototype.setItem = function (k, v) { if (k === 'solitaire.stats') window.__statsWrites++;
    return set.call(this, k, v); }; }"""


def won_with_home(game_id: str, seed: int, before, move) -> bool:
    """Whether ``move`` after ``before`` wins, with three cards or more going home after it."""
    game = new_game(game_id, seed)
    for i, m in enumerate(before):
        game.play(m, 1.0 + i)
    changes = game.play(move, 100.0, home="safe")
    return game.status == "won" and len(changes) > 3
