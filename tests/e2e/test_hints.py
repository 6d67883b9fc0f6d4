"""Hint and Finish in the browser: the solver runs in a Web Worker
(static/js/solver-worker.js) and the page stays responsive meanwhile.

One page for the module: each test loads the game in it afresh, over
storage as a new context has it and at the default size; a page that has
run the game loads it again for less."""

from __future__ import annotations

import json

import pytest
from conftest import clean_tab
from playwright.sync_api import Page, expect
from ui_helpers import WAIT_MS, click_card, click_pile, count, open_url, position_query, settle

from game import new_game
from game.advice import advise_game
from game.moves import parse_move
from game.web.texts.ui import t
from tests.positions import NEAR_WON, RANKS


@pytest.fixture
def page(module_tab, app_url):
    return clean_tab(module_tab, app_url)


def state(page: Page) -> dict:
    return page.evaluate("window.solitaire.state()")


# From the release's arrival in the page (its event time) to the end of its
# dispatch, by the page's own clock: how long the player's gesture waited for
# the page, without the test's own round trips to the browser.
RELEASE_TOOK = """
addEventListener("pointerup", e => { window.__releaseTook = performance.now() - e.timeStamp; }, {once: true});
"""


def test_hint_highlights_a_legal_move_and_the_page_stays_responsive(page: Page, app_url: str, tmp_path):
    page.add_init_script(RELEASE_TOOK)
    open_url(page, app_url, "?game=reloaded&seed=9")
    # The worker boots on the first hint; meanwhile a click still plays a card.
    page.keyboard.press("h")
    before = state(page)["moves"]
    click_pile(page, "stock")
    page.wait_for_function(f"window.solitaire.state().moves > {before}")
    assert page.evaluate("SolSolver.started")
    took = page.evaluate("window.__releaseTook")
    assert 0 <= took < 1_000, took
    # The draw made the first hint stale: no highlight may show for it. Ask again.
    page.wait_for_timeout(300)
    page.locator("#btn-hint").click()
    page.wait_for_function(
        "['winning', 'rule', 'only'].includes(document.getElementById('board').dataset.hint)", timeout=30_000
    )
    board = page.locator("#board")
    label = board.get_attribute("data-hint")
    text = board.get_attribute("data-hint-move")
    st = state(page)
    assert text in st["legal"]
    toast = page.locator("#toast").text_content()
    assert "Best guess" not in toast and toast.split(":")[0] in (
        "Winning move",
        "Only move",
        "Safe to send home",
        "Turn over a card",
        "Empty a column",
        "Free a card",
        "Play the waste card",
        "Send a card home",
        "Build in sequence",
        "Nothing better on the table",
    ), (label, toast)
    move, _ = parse_move(text)
    if not move.is_stock_action:
        assert page.locator(f'#board [data-pile="{move.src}"] .card.hint-src').count() == move.count
        assert page.locator(f'#board [data-pile="{move.dst}"].hint-dst').count() == 1
    page.screenshot(path=str(tmp_path / "hint.png"))
    # Playing it by real clicks works, and the highlight goes away.
    moves = st["moves"]
    if move.is_stock_action:
        click_pile(page, "stock")
    else:
        click_card(page, move.src, count(page, move.src) - move.count)
        settle(page)
        click_pile(page, move.dst)
    page.wait_for_function(f"window.solitaire.state().moves > {moves}", timeout=WAIT_MS)
    assert page.locator(".hint-src, .hint-dst").count() == 0


def test_near_won_position_offers_finish_and_wins(page: Page, app_url: str, tmp_path):
    open_url(page, app_url, position_query(NEAR_WON))
    finish = page.locator("#btn-finish")
    expect(finish).to_be_visible(timeout=WAIT_MS)
    page.screenshot(path=str(tmp_path / "finish.png"))
    finish.click()
    page.wait_for_selector('#end-dialog[open][data-status="won"]', timeout=10_000)
    st = state(page)
    assert st["status"] == "won" and st["moves"] == 3  # one move each, through the normal path
    expect(finish).to_be_hidden()


# Lost: the face-down A♠ and 2♠ lie under 3♠ and 4♠, which only a red 4 or 5
# could take, and those are deep in their foundations (a position a deal can
# reach: the face-down cards where the deal put some).
LOST = {
    "game": "reloaded",
    "piles": {
        "stock": ["kh"],
        "f2": [r + "H" for r in RANKS[:12]],
        "f3": [r + "D" for r in RANKS],
        "f4": [r + "C" for r in RANKS],
        "t1": ["5S"],
        "t2": ["as", "3S"],
        "t3": ["2s", "4S"],
        "t4": ["6S"],
        "t5": ["7S"],
        "t6": ["8s", "9S"],
        "t7": ["ts", "js", "qs", "KS"],
    },
}


def test_winnable_only_deals_from_the_list_and_lost_notice(page: Page, app_url: str):
    from game.winnable import WINNABLE

    open_url(page, app_url, "?game=solitario&seed=5")
    page.locator("#btn-settings").click()
    box = page.locator("#setting-winnable")
    expect(box).not_to_be_checked()
    box.check()
    page.locator("#setting-lost").check()
    page.locator("#settings-dialog [data-close]").click()
    page.locator("#btn-new").click()
    page.wait_for_function(f"document.getElementById('board').dataset.seed === '{WINNABLE['solitario'][0]}'")
    page.locator("#btn-new").click()
    page.wait_for_function(f"document.getElementById('board').dataset.seed === '{WINNABLE['solitario'][1]}'")
    # "No way to win": a proved loss is told (the setting, saved, holds after a reload).
    open_url(page, app_url, position_query(LOST))
    expect(page.locator("#notice-text")).to_contain_text("No way to win", timeout=20_000)
    assert state(page)["status"] == "playing"  # the official end stays the rule-based one


def test_winnable_only_says_the_solver_cannot_in_four_suit_spider_and_deals_at_once(page: Page, app_url: str):
    """Four-suit Spider: the solver proves no deal winnable within the page's
    budget (game/reach.py), so the setting is not offered, says why, and New
    deals at once, even for a player whose settings ask for winnable deals."""
    clean_tab(page, app_url, json.dumps({"auto_home": "off", "guide": "seen", "winnable": ["spider-4"]}))
    open_url(page, app_url, "?game=spider-4&seed=3")
    page.locator("#btn-new").click()
    page.wait_for_function("document.getElementById('board').dataset.seed !== '3'", timeout=WAIT_MS)
    assert state(page)["status"] == "playing" and state(page)["moves"] == 0
    assert t("en", "solver.searching_deal") not in (page.text_content("#toast") or "")
    for lang in ("de", "en"):  # the words in another language, then the test's
        open_url(page, app_url, f"?game=spider-4&seed=3&lang={lang}")
        page.locator("#btn-settings").click()
        expect(page.locator("#winnable-none")).to_be_visible()
        expect(page.locator("#winnable-none")).to_have_text(t(lang, "solver.winnable_none"))
        expect(page.locator("#setting-winnable")).to_be_disabled()
        expect(page.locator("#setting-winnable")).not_to_be_checked()
        page.locator("#settings-dialog [data-close]").click()
    # One suit: the solver proves most deals, the setting is offered, no such words.
    open_url(page, app_url, "?game=spider-1&seed=3")
    page.locator("#btn-settings").click()
    expect(page.locator("#setting-winnable")).to_be_enabled()
    expect(page.locator("#winnable-none")).to_be_hidden()


CLEAR_OF_THE_HINT = """() => {
  const t = document.getElementById('toast').getBoundingClientRect();
  const tools = document.querySelector('.toolbar');
  const lit = [...document.querySelectorAll('.card.hint-src, .pile.hint-dst > .card:last-child')];
  const over = (a, b) => a.left < b.right && a.right > b.left && a.top < b.bottom && a.bottom > b.top;
  return {
    lit: lit.length,
    covered: lit.filter(e => over(t, e.getBoundingClientRect())).map(e => e.dataset.card),
    inView: t.left >= 0 && t.top >= 0 && t.right <= innerWidth && t.bottom <= innerHeight,
    onTools: !!tools && over(t, tools.getBoundingClientRect()),
  };
}"""


# The worker's search for a hinted position is asked and never answered.
HOLD_THE_SOLVERS_HINT = """() => { const ask = SolSolver.ask;
  SolSolver.ask = (cmd, ...rest) => cmd === 'solve' ? 0 : ask(cmd, ...rest); }"""


@pytest.mark.parametrize(
    ("size", "game_id", "number", "steps"), [((1280, 720), "forty-thieves", 17, 48), ((844, 390), "reloaded", 12, 45)]
)
def test_the_hints_words_never_cover_the_cards_it_points_at(page: Page, app_url: str, size, game_id, number, steps):
    """Later in a game the hinted card can lie where the toast stands (the
    middle of the window's foot): the words then stand where they cover
    neither that card nor the pile it goes to, on the table, in the window;
    a hint whose cards are elsewhere keeps the usual place."""
    game = new_game(game_id, number)
    for _ in range(steps):  # the engine's own hints, played: a column reaches the foot
        game.play(advise_game(game, None).step, home="safe")
    page.set_viewport_size({"width": size[0], "height": size[1]})
    open_url(page, app_url, position_query(game.position.to_json()))
    # The instant hint's words are the subject: the worker's answer, which may
    # come at any moment on a busy machine and name another step (a draw lights
    # the stock alone), is held back.
    page.evaluate(HOLD_THE_SOLVERS_HINT)
    page.click("#btn-hint")
    page.wait_for_selector("#toast.show")
    page.evaluate("document.getAnimations().forEach(a => a.finish())")
    seen = page.evaluate(CLEAR_OF_THE_HINT)
    assert seen == {"lit": 2, "covered": [], "inView": True, "onTools": False}
    assert page.get_attribute("#toast", "class").split() == ["toast", "show", "placed"]
    # Words that point at no card stand in the middle of the foot again.
    page.evaluate("document.getElementById('toast').classList.remove('show')")
    page.keyboard.press("u")  # nothing to undo yet: the refusal, in a toast
    page.wait_for_selector("#toast.show")
    page.evaluate("document.getAnimations().forEach(a => a.finish())")
    assert "placed" not in page.get_attribute("#toast", "class").split()
    assert page.evaluate(
        "(r => Math.abs(r.left + r.width / 2 - innerWidth / 2) < 2)(document.getElementById('toast').getBoundingClientRect())"
    )


def test_a_hints_words_use_the_width_of_an_upright_phone(page: Page, app_url: str):
    """The toast is centred by its margins: its words wrap at the window's
    width less a margin, not at half of it (where a German hint took three
    lines of a narrow pill at 390 px), and it stays in the middle."""
    page.set_viewport_size({"width": 390, "height": 844})
    open_url(page, app_url, "?game=reloaded&seed=12&lang=de")
    page.keyboard.press("h")
    page.wait_for_selector("#toast.show")
    page.evaluate("document.getAnimations().forEach(a => a.finish())")
    box = page.evaluate(
        "(r => ({left: r.left, right: r.right, width: r.width}))(document.getElementById('toast').getBoundingClientRect())"
    )
    assert box["width"] > 390 / 2 + 10  # at left: 50% it could never be wider than half the window
    assert box["left"] >= 0 and box["right"] <= 390
    assert abs(box["left"] + box["width"] / 2 - 195) < 2


def test_a_hints_words_go_as_soon_as_the_cards_move(page: Page, app_url: str):
    """A hint speaks of the position it was asked for: once the player moves
    (another move than the hinted one here: a draw), its words leave with its
    highlight instead of standing on for their time."""
    open_url(page, app_url, "?game=reloaded&seed=12")
    page.keyboard.press("h")
    page.wait_for_selector("#toast.show")
    assert page.locator(".hint-src").count() == 1
    before = page.evaluate("window.solitaire.state().moves")
    page.keyboard.press("d")
    page.wait_for_function(f"window.solitaire.state().moves > {before}")
    assert "show" not in page.get_attribute("#toast", "class").split()
    assert page.locator(".hint-src, .hint-dst").count() == 0
    # An undo changes the position too.
    page.keyboard.press("h")
    page.wait_for_selector("#toast.show")
    page.click("#btn-undo")  # the draw taken back: the hint's words go
    page.wait_for_function(f"window.solitaire.state().moves === {before}")
    assert "show" not in page.get_attribute("#toast", "class").split()
