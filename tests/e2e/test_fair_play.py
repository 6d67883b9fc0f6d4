"""The table respects the player (RULES.md "Clock" and "Game over, everywhere"):
the practice clock waits for the first action and stands still under any
dialog; a duel's clock never stands still and a duel run is never counted
or saved as practice; leaving a deal in play asks first (with "don't ask
again", also a setting) and an untouched deal is not counted; a stall in a
game with undo is a notice that offers Undo."""

from __future__ import annotations

import pytest
from conftest import clean_tab
from playwright.sync_api import expect
from ui_helpers import (
    click_card,
    click_pile,
    count,
    deal_from_picker,
    hud,
    open_url,
    play_move,
    played_count,
    position_query,
    settle,
    status,
    stored,
    until,
)

from game import Game, read_position
from game.catalog import get_spec
from game.web.texts.rules import SECTION_TITLES
from game.web.texts.ui import t

GAME, SEED = "forty-thieves", 5


@pytest.fixture
def fresh(module_tab, app_url):
    """The module's page, as a new context gives it (empty storage but for
    the suite's settings)."""
    return clean_tab(module_tab, app_url)


def state(page) -> dict:
    return page.evaluate("window.solitaire.state()")


def act(page) -> None:
    """The first legal action by clicks (a move, or the stock)."""
    play_move(page, state(page)["legal"][0])


def bonus(page) -> int:
    return int(page.text_content('[data-hud="bonus"]'))


def hide_page(page, hidden: bool) -> None:
    page.evaluate(
        """h => { Object.defineProperty(document, 'hidden', {configurable: true, get: () => h});
                  document.dispatchEvent(new Event('visibilitychange')); }""",
        hidden,
    )


def clock_runs_on(page, seconds: int, timeout: int = 5_000) -> None:
    """The clock shows a time past ``seconds``. It ticks once a second, so on
    a busy machine a tick may come late: wait for it, not a set time."""
    until(page, lambda: hud(page)["time"] > seconds, timeout)
    assert hud(page)["time"] > seconds


def under_dialog(page, opener: str, dialog: str, ms: int = 2_100) -> None:
    page.click(opener)
    page.wait_for_selector(f"#{dialog}[open]")
    page.wait_for_timeout(ms)
    page.keyboard.press("Escape")
    page.wait_for_selector(f"#{dialog}", state="hidden")


# --- the clock -------------------------------------------------------------------------------
def test_practice_clock_starts_at_the_first_action_and_stands_still_under_dialogs(fresh, app_url):
    page = fresh
    open_url(page, app_url, "?game=retinue&seed=3")
    page.wait_for_timeout(1_300)
    under_dialog(page, "#btn-rules", "rules-dialog")  # reading the rules costs nothing
    assert hud(page)["time"] == 0 and bonus(page) == 1000
    assert page.get_attribute("#board", "data-clock") == "waiting"
    # A reload keeps a clock that has not started at zero.
    page.reload()
    page.wait_for_selector('#board[data-status="playing"]', timeout=60_000)
    assert stored(page, "solitaire.save.retinue")["elapsed"] == 0
    assert hud(page)["time"] == 0 and page.get_attribute("#board", "data-clock") == "waiting"
    act(page)
    clock_runs_on(page, 0)  # a late tick on a busy machine may show 00:02 first
    assert page.get_attribute("#board", "data-clock") == "running"
    for opener, dialog in (("#btn-rules", "rules-dialog"), ("#btn-settings", "settings-dialog")):
        page.click(opener)
        page.wait_for_selector(f"#{dialog}[open]")
        held = (hud(page)["time"], bonus(page), state(page)["score"])
        assert page.get_attribute("#board", "data-clock") == "held"
        page.wait_for_timeout(2_100)
        assert (hud(page)["time"], bonus(page), state(page)["score"]) == held
        page.keyboard.press("Escape")
        clock_runs_on(page, held[0])
        assert bonus(page) < held[1]
    hide_page(page, True)
    held = (hud(page)["time"], bonus(page))
    page.wait_for_timeout(1_600)
    assert (hud(page)["time"], bonus(page)) == held
    hide_page(page, False)
    clock_runs_on(page, held[0])


def start_duel(page) -> None:
    page.click("#btn-duel")
    page.wait_for_selector('#duel-dialog[open][data-view="setup"]')
    page.fill("#duel-name-0", "Ann")
    page.check('input[name="duel-limit"][value="none"]')
    page.click("#duel-start")
    page.wait_for_selector("#duel-dialog", state="hidden")
    settle(page)


def test_a_duel_clock_never_stands_still_and_a_run_is_not_practice(fresh, app_url):
    page = fresh
    open_url(page, app_url, f"?game={GAME}&seed={SEED}")
    start_duel(page)
    page.wait_for_timeout(1_200)
    assert hud(page)["time"] == 0  # the challenger's clock waits for the first action
    act(page)
    page.click("#btn-rules")
    page.wait_for_selector("#rules-dialog[open]")
    clock_runs_on(page, 1, timeout=8_000)  # 2 s and more, the rules still open
    assert page.get_attribute("#board", "data-clock") == "running"
    page.keyboard.press("Escape")
    hide_page(page, True)
    shown = hud(page)["time"]
    clock_runs_on(page, shown)  # hidden, and still running
    hide_page(page, False)
    slot = stored(page, f"solitaire.save.{GAME}")
    assert slot is None or slot["game"]["moves"] == []  # the run is not saved as a practice game
    expect(page.locator("#btn-restart")).to_be_hidden()  # a duel deal is played once
    page.click("#btn-new")
    expect(page.locator("#leave-dialog")).to_be_visible()
    assert page.text_content("#leave-body") == t("en", "leave.duel_body")
    expect(page.locator("#leave-again-row")).to_be_hidden()
    page.click("#leave-yes")
    page.wait_for_function(f"window.solitaire.state().seed !== {SEED}")
    assert played_count(page, GAME) == 0  # a duel run never counts in the practice statistics


def test_an_answered_duel_counts_from_accept_and_its_rules_read_before(fresh, browser, browser_context_args, app_url):
    contexts = [browser.new_context(**browser_context_args)]  # the second player's, storage of their own
    try:
        a, b = fresh, contexts[0].new_page()
        open_url(a, app_url, f"?game={GAME}&seed={SEED}")
        start_duel(a)
        act(a)
        a.click("#btn-giveup")
        a.click("#confirm-yes")
        a.wait_for_selector('#duel-dialog[open][data-view="result"]', timeout=10_000)
        link = a.input_value("#duel-link")
        b.goto(link)
        b.wait_for_selector('#duel-dialog[open][data-view="intro"]', timeout=60_000)
        b.click("#duel-rules")  # the rules, over the challenge, before accepting
        b.wait_for_selector("#rules-dialog[open]")
        assert "Forty Thieves" in b.text_content("#rules-title")
        b.wait_for_timeout(1_500)
        b.keyboard.press("Escape")
        expect(b.locator("#duel-dialog")).to_be_visible()
        assert hud(b)["time"] == 0
        b.fill("#duel-join-name", "Bea")
        b.click("#duel-accept")
        b.wait_for_selector("#duel-dialog", state="hidden")
        clock_runs_on(b, 0)  # no action yet: the clock runs from Accept
        assert b.get_attribute("#board", "data-clock") == "running"
        b.click("#btn-rules")
        b.wait_for_selector("#rules-dialog[open]")
        shown = hud(b)["time"]
        clock_runs_on(b, shown)  # and never stands still
    finally:
        for ctx in contexts:
            ctx.close()


# --- leaving a deal ---------------------------------------------------------------------------
def test_leaving_a_deal_in_play_asks_first_and_an_untouched_deal_does_not_count(fresh, app_url):
    page = fresh
    open_url(page, app_url, f"?game={GAME}&seed={SEED}")
    page.click("#btn-new")  # nothing played: no question, nothing counted
    page.wait_for_function(f"window.solitaire.state().seed !== {SEED}")
    expect(page.locator("#leave-dialog")).to_be_hidden()
    assert played_count(page, GAME) == 0
    seed = state(page)["seed"]
    act(page)
    page.click("#btn-new")
    expect(page.locator("#leave-dialog")).to_be_visible()
    assert page.text_content("#leave-body") == "This game will count as a loss."
    page.click("#leave-no")
    assert state(page)["seed"] == seed and state(page)["moves"] == 1 and played_count(page, GAME) == 0
    page.click("#btn-restart")
    assert page.text_content("#leave-title") == t("en", "confirm.restart_title")
    page.click("#leave-yes")
    page.wait_for_function("window.solitaire.state().moves === 0")
    assert state(page)["seed"] == seed and played_count(page, GAME) == 1
    act(page)
    page.click("#btn-games")  # another game
    page.click('#picker .game-tile[data-game="reloaded"]')
    expect(page.locator("#leave-dialog")).to_be_visible()
    page.check("#leave-again")
    page.click("#leave-yes")
    page.wait_for_function("window.solitaire.state().game === 'reloaded'")
    assert played_count(page, GAME) == 2 and stored(page, "solitaire.settings")["ask_leave"] is False
    page.click("#btn-settings")
    assert not page.is_checked("#setting-ask-leave")
    page.keyboard.press("Escape")
    act(page)
    page.click("#btn-new")  # not asked any more
    page.wait_for_function("window.solitaire.state().moves === 0")
    expect(page.locator("#leave-dialog")).to_be_hidden()
    assert played_count(page, "reloaded") == 1
    page.click("#btn-settings")
    page.check("#setting-ask-leave")
    page.keyboard.press("Escape")
    assert stored(page, "solitaire.settings")["ask_leave"] is True
    act(page)
    page.click("#btn-new")
    expect(page.locator("#leave-dialog")).to_be_visible()
    page.click("#leave-no")
    page.click("#btn-duel")  # a duel set up over a deal in play asks too
    page.wait_for_selector('#duel-dialog[open][data-view="setup"]')
    page.fill("#duel-name-0", "Ann")
    page.click("#duel-start")
    expect(page.locator("#leave-dialog")).to_be_visible()
    page.click("#leave-no")
    expect(page.locator("#duel-dialog")).to_be_visible()
    assert state(page)["moves"] == 1 and played_count(page, "reloaded") == 1


# --- the stall notice -------------------------------------------------------------------------
def stall_position() -> dict:
    """Forty Thieves with one move left (the waste's QH onto the only KH); after it
    nothing can move: every other top is a King or a Jack with its Ten buried."""
    foundations = {}
    for i, suit in enumerate("CDHS"):
        for j in (0, 1):
            foundations[f"f{2 * i + j + 1}"] = [r + suit for r in "A23456789"]
    tops = ["KC", "KD", "KH", "KS", "KC", "KD", "KS", "JC", "JD", "JS"]
    under = ["TC", "TC", "JC", "QC", "QC", "TD", "TD", "QD", "QD", "TH"]
    under += ["TH", "JH", "JH", "QH", "TS", "TS", "QS", "QS", "JD", "JS"]
    piles = {"stock": [], "waste": ["KH", "QH"], **foundations}
    for i, top in enumerate(tops):
        piles[f"t{i + 1}"] = [under[2 * i], under[2 * i + 1], top]
    return {"game": "forty-thieves", "piles": piles}


def test_a_stall_in_a_game_with_undo_is_a_notice_with_undo(fresh, app_url):
    position = stall_position()
    game = Game(read_position(position), stall_notice=True)
    assert [str(m) for m in game.legal_moves()] == ["waste>t3"]
    page = fresh
    open_url(page, app_url, position_query(position))
    click_card(page, "waste", 1)
    click_pile(page, "t3")
    expect(page.locator("#stall-dialog")).to_be_visible()
    assert page.text_content("#stall-title") == "No more moves"
    expect(page.locator("#end-dialog")).to_be_hidden()
    page.keyboard.press("Escape")  # it waits for an answer
    expect(page.locator("#stall-dialog")).to_be_visible()
    page.click("#stall-undo")
    expect(page.locator("#stall-dialog")).to_be_hidden()
    assert status(page) == "playing" and count(page, "waste") == 2
    settle(page)  # the card slides back to the waste first
    click_card(page, "waste", 1)
    click_pile(page, "t3")
    expect(page.locator("#stall-dialog")).to_be_visible()
    page.click("#stall-end")
    expect(page.locator("#end-dialog")).to_be_visible()
    assert page.text_content("#end-title") == "No more moves" and status(page) == "stalled"
    expect(page.locator("#stall-dialog")).to_be_hidden()


# --- the rules' controls ----------------------------------------------------------------------
RULES_START = "?game=reloaded&seed=2&lang=en"


@pytest.fixture
def rules_page(module_tab, app_url, went_well, request):
    """The module's page, opened once for the rules' tests, and again after a
    test of the module failed (it may have left a dialog open)."""
    first = not getattr(request.module, "rules_opened", False)
    if first or not went_well:
        open_url(clean_tab(module_tab, app_url), app_url, RULES_START)
        request.module.rules_opened = True
    return module_tab


@pytest.mark.parametrize(
    "game_id,lang,absent,present",
    [
        ("retinue", "en", ("U or Ctrl+Z", "R: redo", "foundation", "stock", "D: draw"), ("pile of its rank",)),
        ("solitario", "de", ("U oder Strg+Z", "R: wiederholen"), ("D: vom Talon ziehen",)),
        ("indian", "it", ("gira il mazzetto",), ("R: ripeti la mossa", "U o Ctrl+Z")),
        ("reloaded", "en", ("R: redo",), ("U or Ctrl+Z", "turn the waste over")),
    ],
)
def test_the_rules_controls_are_made_from_what_the_game_has(rules_page, game_id, lang, absent, present):
    page = rules_page  # one page: the language and the game chosen in it
    if page.evaluate("document.documentElement.lang") != lang:
        page.select_option("#lang-select", lang)
        page.wait_for_function(f"document.documentElement.lang === '{lang}'")
    deal_from_picker(page, game_id, 2)
    page.click("#btn-rules")
    page.wait_for_selector("#rules-dialog[open]")
    titles = SECTION_TITLES[lang]
    heads = page.locator("#rules-body h3").all_text_contents()
    assert heads.count(titles["controls"]) == 1 and heads[-2:] == [titles["table"], titles["controls"]]
    lists = page.locator("#rules-body ul")
    controls = lists.nth(len(heads) - 1).inner_text()
    for text in absent:
        assert text not in controls, (game_id, text)
    for text in present:
        assert text in controls, (game_id, text)
    # The clock, leaving a deal and (with undo) the stall notice, each marked as decided.
    marked = 3 if get_spec(game_id).has_undo else 2
    assert lists.nth(len(heads) - 2).locator(".decided").count() == marked
    if game_id == "indian":  # a face-down card at the bottom of each column
        assert "sfalsate in modo che ogni carta sia visibile" not in page.inner_text("#rules-body")
    page.keyboard.press("Escape")
    page.wait_for_selector("#rules-dialog", state="hidden")
