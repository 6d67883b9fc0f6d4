"""A win worth winning (issue 13, §5), in real Chromium: the cards leap off
the foundations over the table, any key skips it, then the dialog shows
score, time and moves; a practice position says it is not counted; a dealt
game won for the first time says so; with reduced motion the table glows
calmly instead. Expectations come from the engine under CPython."""

from __future__ import annotations

import json

import pytest
from ui_helpers import click_card, click_pile, count, hud, open_url, position_query

from game import Game, Move, new_game, read_position
from game.solver import solve
from game.web.storage import Slot
from tests.positions import NEAR_WON


@pytest.fixture
def page(browser, default_context_args):
    """A first visit: no setting stored, so the defaults hold."""
    context = browser.new_context(**default_context_args)
    yield context.new_page()
    context.close()


# Where the show runs: the page time at which its last card lands, and a
# watch that notes the page time at which the end dialog opens.
SHOW_ENDS_AT = """() => {
  const d = document.getElementById('end-dialog');
  new MutationObserver((_, o) => { if (d.open) { window.__dialogAt = performance.now(); o.disconnect(); } })
    .observe(d, {attributes: true, attributeFilter: ['open']});
  const left = document.getAnimations().filter(a => a.effect?.target?.classList.contains('fly'))
    .map(a => a.effect.getComputedTiming().endTime - a.currentTime);
  return performance.now() + Math.max(...left);
}"""


def win_near_won(page) -> None:
    click_card(page, "t1", count(page, "t1") - 1)  # Q♠ home; the kings follow by themselves
    click_pile(page, "f1")


def test_the_cards_celebrate_a_key_skips_it_and_the_dialog_tells_the_figures(page, app_url, tmp_path):
    open_url(page, app_url, position_query(NEAR_WON))
    win_near_won(page)
    page.wait_for_selector("#celebrate.cascade .fly", state="attached", timeout=5_000)
    flying = page.locator("#celebrate .fly").count()
    assert flying == 52  # every card of the foundations takes part
    assert not page.is_visible("#end-dialog")  # the show is not behind a dialog
    page.screenshot(path=str(tmp_path / "cascade.png"))
    # When the show would end by itself, and when the dialog opens, in the
    # page's own time: a busy machine slows both alike.
    ends_at = page.evaluate(SHOW_ENDS_AT)
    page.keyboard.press("Shift")  # any key skips it
    page.wait_for_selector('#end-dialog[open][data-status="won"]', timeout=10_000)
    assert page.evaluate("window.__dialogAt") < ends_at - 300  # skipped, not waited out
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
    click_card(page, last.src, count(page, last.src) - last.count)
    click_pile(page, last.dst)
    page.wait_for_selector("#celebrate.cascade .fly", state="attached", timeout=5_000)
    ends_at = page.evaluate(SHOW_ENDS_AT)
    page.mouse.click(5, 5)  # a press skips it too
    page.wait_for_selector('#end-dialog[open][data-status="won"]', timeout=10_000)
    assert page.evaluate("window.__dialogAt") < ends_at - 300  # skipped, not waited out (40 cards: about 2.7 s)
    news = page.evaluate("[...document.querySelectorAll('#end-body [data-news]')].map(p => p.dataset.news)")
    assert news == ["first"]
    assert page.locator('#end-body [data-news="first"]').text_content() == "Your first win at this game!"


def test_reduced_motion_glows_calmly_and_the_dialog_follows(browser, default_context_args, app_url):
    context = browser.new_context(**{**default_context_args, "reduced_motion": "reduce"})
    page = context.new_page()
    open_url(page, app_url, position_query(NEAR_WON))
    win_near_won(page)
    page.wait_for_selector("#celebrate.calm", state="attached", timeout=5_000)
    assert page.locator("#celebrate .fly").count() == 0
    page.wait_for_selector('#end-dialog[open][data-status="won"]', timeout=10_000)
    context.close()
