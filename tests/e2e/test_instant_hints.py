"""Hints at once, in words that make sense (issue 13, §4), in real Chromium:
the first hint comes from the engine's ranking in the page, also where no
worker can start; it names its reason; Royal Retinue's forced move is the
only move; a line the worker proves turns it into a winning move, and the
next hint follows that line. Expectations come from game/advice.py under
CPython."""

from __future__ import annotations

import json

import pytest
from conftest import clean_tab
from ui_helpers import BOOT_MS, click_card, click_pile, count, open_url, pause_clock, position_query, settle

from game import new_game
from game.advice import advise_game
from game.moves import parse_step
from tests.positions import NEAR_WON

NO_WORKER = "window.Worker = function () { throw new Error('no workers here'); };"


@pytest.fixture
def page(module_context, app_url):
    """No setting stored but the guide seen, so the defaults hold. A new page
    of the module's context for each test (the scripts a test adds stay with
    its page), closed after it."""
    page = clean_tab(module_context.new_page(), app_url, json.dumps({"guide": "seen"}))
    yield page
    page.close()


# "At once" without a clock: what the board says as the click's own dispatch
# ends (a listener on the window, after the button's) and as the key is
# released (the key's own handling is over by then). An answer that waited
# for a timer or the worker would not be there yet, however fast the machine.
HINT_AT_RELEASE = """
window.__hintAt = {};
addEventListener("click", () => { __hintAt.click = document.getElementById("board").dataset.hint || ""; });
addEventListener("keyup", () => { __hintAt.key = document.getElementById("board").dataset.hint || ""; }, true);
"""


def hint_at(page, gesture: str) -> str:
    """The board's hint kind as ``gesture`` ("click" or "key") ended, once the hint shows."""
    page.wait_for_function("document.getElementById('board').dataset.hint")
    return page.evaluate(f"window.__hintAt.{gesture}")


def hint_state(page) -> dict:
    return page.evaluate(
        """() => { const b = document.getElementById('board');
            return {kind: b.dataset.hint, reason: b.dataset.hintReason, step: b.dataset.hintMove,
                    toast: document.getElementById('toast').textContent}; }"""
    )


def test_the_first_hint_answers_at_once_without_a_worker_and_says_why(page, app_url):
    page.add_init_script(NO_WORKER)
    page.add_init_script(HINT_AT_RELEASE)
    open_url(page, app_url, "?game=reloaded&seed=1")
    page.locator("#btn-hint").click()
    assert hint_at(page, "click") == "rule"
    shown = hint_state(page)
    expected = advise_game(new_game("reloaded", 1))
    assert (shown["kind"], shown["reason"], shown["step"]) == ("rule", expected.reason, expected.text)
    assert expected.reason == "reveals"  # a card can be turned over: never "draw" here
    assert shown["toast"] == "Turn over a card: 10 of spades to Column 4"
    (move,) = parse_step(expected.text)[0]
    assert page.locator(f'#board [data-pile="{move.src}"] .card.hint-src').count() == move.count
    assert page.locator(f'#board [data-pile="{move.dst}"].hint-dst').count() == 1
    # Playing it by clicks clears the highlight; the next hint is there at once too.
    click_card(page, move.src, count(page, move.src) - move.count)
    settle(page)
    click_pile(page, move.dst)
    page.wait_for_function("window.solitaire.state().moves > 0")
    assert page.locator(".hint-src, .hint-dst").count() == 0
    page.keyboard.press("h")
    assert hint_at(page, "key") in ("rule", "only")


def test_words_in_german_and_italian(page, app_url):
    open_url(page, app_url, "?game=reloaded&seed=1&lang=de")
    page.locator("#btn-hint").click()
    page.wait_for_function("document.getElementById('board').dataset.hint")
    assert hint_state(page)["toast"].startswith("Eine Karte aufdecken: ")
    assert hint_state(page)["toast"].endswith(" auf Spalte 4")  # the pile's name, not its label with a count
    open_url(page, app_url, "?game=reloaded&seed=1&lang=it")
    page.locator("#btn-hint").click()
    page.wait_for_function("document.getElementById('board').dataset.hint")
    assert hint_state(page)["toast"] == "Scopri una carta: 10 di picche su Colonna 4"


def test_royal_retinue_forced_move_is_the_only_move(page, app_url):
    open_url(page, app_url, "?game=retinue&seed=1")
    page.keyboard.press("h")
    page.wait_for_function("document.getElementById('board').dataset.hint")
    shown = hint_state(page)
    assert shown["kind"] == "only" and shown["reason"] == "only_move"
    assert shown["toast"].startswith("Only move: ")
    assert "guess" not in shown["toast"].lower()


def test_a_proved_line_makes_a_winning_move_and_the_next_hint_follows_it(page, app_url):
    page.add_init_script(HINT_AT_RELEASE)
    open_url(page, app_url, position_query(NEAR_WON))
    page.locator("#btn-settings").click()  # no cards home by themselves: the line has steps left
    page.locator('#settings-dialog input[name="auto_home"][value="off"]').check()
    page.locator("#settings-dialog [data-close]").click()
    page.locator("#btn-hint").click()
    page.wait_for_function("document.getElementById('board').dataset.hint === 'winning'", timeout=30_000)
    shown = hint_state(page)
    assert shown["toast"].startswith("Winning move: ")
    (move,) = parse_step(shown["step"])[0]
    click_card(page, move.src, count(page, move.src) - 1)
    settle(page)
    click_pile(page, move.dst)
    page.wait_for_function("window.solitaire.state().moves > 0")
    settle(page)
    assert page.evaluate("window.solitaire.state().status") == "playing"
    page.keyboard.press("h")  # the line goes on: no search needed to say so
    assert hint_at(page, "key") == "winning"


def test_the_solver_worker_starts_when_the_player_is_still_from_the_pages_runtime(
    browser, default_context_args, app_url, request
):
    """Issue 13: the worker's start does not share the machine with quick
    moves. While the player keeps clicking the stock it does not start; once
    the player is still it starts, from the runtime the page has compiled.
    The page's time is Playwright's clock, stopped once the game is dealt:
    the half second between two clicks is the page's half second, so a busy
    machine's slow click never passes for a player gone still. (A context of
    its own: the clock is the context's.)"""
    context = browser.new_context(**default_context_args)
    request.addfinalizer(context.close)
    page = context.new_page()
    page.clock.install()  # time flows as usual until the test stops it
    page.goto(app_url + "?game=reloaded&seed=1")
    page.wait_for_selector('#board[data-status="playing"]', state="attached", timeout=BOOT_MS)
    pause_clock(page)
    settle(page)
    for _ in range(14):  # 7 s of a click every half second: well past the page's idle time
        click_pile(page, "stock")
        page.clock.run_for(500)
        assert page.evaluate("SolSolver.started") is False
    page.clock.run_for(2_000)  # then still, for longer than the quiet time (1.5 s)
    assert page.evaluate("SolSolver.started") is True
    page.clock.resume()
    page.wait_for_function("SolSolver.ready", timeout=60_000)
    assert page.evaluate("SolSolver.shared") is True  # it compiled nothing of its own
    assert page.evaluate("window.solitaire.state().moves") == 14
