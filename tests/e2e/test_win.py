"""A win worth winning (issue 13, §5), in real Chromium: the cards leap off
the foundations over the table, any key skips it, then the dialog shows
score, time and moves; a practice position says it is not counted; a dealt
game won for the first time says so; with reduced motion the table glows
calmly instead. Expectations come from the engine under CPython."""

from __future__ import annotations

import json

import pytest
from conftest import clean_tab
from ui_helpers import WAIT_MS, click_card, click_pile, count, hud, open_url, pause_clock, position_query

from game import Game, Move, new_game, read_position
from game.solver import solve
from game.web.storage import Slot
from tests.positions import NEAR_WON


@pytest.fixture
def page(module_tab, app_url):
    """A first visit: no setting stored, so the defaults hold (the module's
    page, cleared: it loads the game for less than a new one), on
    Playwright's clock, flowing."""
    page = clean_tab(module_tab, app_url, settings=None)
    if not getattr(page.context, "clock_installed", False):
        page.clock.install()
        page.context.clock_installed = True
    page.clock.resume()
    return page


def show_starts(page, winning_move) -> None:
    """Make the winning move with the page's time stopped (Playwright's clock):
    the show's end is a timer of the page (2.6 s of its time), so it cannot
    end by itself while the test looks at it, however busy the machine. The
    time then moves in steps until the show has started."""
    pause_clock(page)
    winning_move()
    for _ in range(40):
        if page.locator("#celebrate.cascade .fly").count():
            return
        page.clock.run_for(50)


def skip_show(page, press) -> None:
    """The show runs on; ``press`` skips it and the dialog opens at once (the
    time still stands). Then the time flows again."""
    page.clock.run_for(300)
    assert not page.is_visible("#end-dialog")  # 300 ms on, the show still runs
    press()
    page.wait_for_selector('#end-dialog[open][data-status="won"]', timeout=10_000)
    page.clock.resume()


def win_near_won(page) -> None:
    click_card(page, "t1", count(page, "t1") - 1)  # Q♠ home; the kings follow by themselves
    click_pile(page, "f1")


def test_the_cards_celebrate_a_key_skips_it_and_the_dialog_tells_the_figures(page, app_url, tmp_path):
    open_url(page, app_url, position_query(NEAR_WON))
    show_starts(page, lambda: win_near_won(page))
    flying = page.locator("#celebrate .fly").count()
    assert flying == 52  # every card of the foundations takes part
    assert not page.is_visible("#end-dialog")  # the show is not behind a dialog
    page.screenshot(path=str(tmp_path / "cascade.png"))
    skip_show(page, lambda: page.keyboard.press("Shift"))  # any key skips it
    assert page.locator("#celebrate .fly").count() == 0
    game = Game(read_position(NEAR_WON))
    game.play(Move("t1", "f1"), hud(page)["time"], home="safe")
    assert game.status == "won"
    figures = page.evaluate(
        "Object.fromEntries([...document.querySelectorAll('#end-body [data-win]')].map(d => [d.dataset.win, d.textContent]))"
    )
    assert figures["score"] == str(game.score()) and figures["moves"] == str(game.moves) == "3"
    assert figures["time"] == page.text_content('[data-hud="time"]')
    assert page.locator('#end-body [data-news="practice"]').text_content() == (
        "A practice position: this game is not counted in the statistics."
    )


def test_a_dealt_game_won_for_the_first_time_says_so(page, app_url):
    """A saved Solitario deal one move from the end (a winning line of the
    solver), resumed and won by a click: counted, and the first win."""
    game_id, seed = "solitario", 2
    line = solve(new_game(game_id, seed).position, budget_nodes=50_000).line
    game = new_game(game_id, seed)
    for i, move in enumerate(line[:-1]):
        game.play(move, 1.0 + i)
    open_url(page, app_url, "?game=reloaded&seed=3")
    slot = Slot(game, game.clock + 5).to_json()
    page.evaluate("([k, v]) => localStorage.setItem(k, v)", [f"solitaire.save.{game_id}", json.dumps(slot)])
    open_url(page, app_url, f"?game={game_id}&seed={seed}")
    assert page.evaluate("window.solitaire.state().moves") == game.moves  # the saved game
    last = line[-1]
    show_starts(
        page, lambda: (click_card(page, last.src, count(page, last.src) - last.count), click_pile(page, last.dst))
    )
    assert page.locator("#celebrate .fly").count() == 40
    skip_show(page, lambda: page.mouse.click(5, 5))  # a press skips it too
    news = page.evaluate("[...document.querySelectorAll('#end-body [data-news]')].map(p => p.dataset.news)")
    assert news == ["first"]
    assert page.locator('#end-body [data-news="first"]').text_content() == "Your first win at this game!"


def test_reduced_motion_glows_calmly_and_the_dialog_follows(page, app_url):
    clean_tab(page, app_url, json.dumps({"guide": "seen"}))  # every setting at its default
    page.emulate_media(reduced_motion="reduce")  # (the next clean_tab turns it back)
    open_url(page, app_url, position_query(NEAR_WON))
    win_near_won(page)
    page.wait_for_selector("#celebrate.calm", state="attached", timeout=WAIT_MS)
    assert page.locator("#celebrate .fly").count() == 0
    page.wait_for_selector('#end-dialog[open][data-status="won"]', timeout=10_000)
