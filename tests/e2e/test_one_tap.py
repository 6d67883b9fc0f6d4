"""One tap moves a card (issue 13, §3), in real Chromium: the setting, the
move to the best place, tapping again to cycle through the legal places, a
card with nowhere to go (it shakes and the page says why), the setting off
(tap, then tap where), Enter on the keyboard, and a touch screen where the
setting is on by default. Expectations come from the engine under CPython.

The tests with a mouse share one page, a first visit: each after the first
deals Solitaire Reloaded 24 again from the picker, or boots the page afresh
if a test before it failed."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect
from ui_helpers import (
    WAIT_MS,
    click_card,
    count,
    deal_from_picker,
    dom_piles,
    engine_piles,
    key_focus,
    open_url,
    pause_between_taps,
    settle,
    use_tool,
)

from game import Move, new_game
from game.web.gestures import places


@pytest.fixture(scope="module")
def visit(browser, default_context_args):
    """A first visit: no setting stored, so the defaults hold."""
    context = browser.new_context(**default_context_args)
    yield context.new_page()
    context.close()


@pytest.fixture
def page(visit, app_url, went_well):
    """Solitaire Reloaded 24, on the module's page: a new deal from the picker
    where the page shows a game and every test before passed, else booted."""
    if went_well and visit.url.startswith(app_url):
        deal_from_picker(visit, "reloaded", 24)
    else:
        open_url(visit, app_url, "?game=reloaded&seed=24")
    return visit


def set_one_tap(page, value: str) -> None:
    page.locator("#btn-settings").click()
    page.locator(f'#settings-dialog input[name="one_tap"][value="{value}"]').check()
    page.locator("#settings-dialog [data-close]").click()


def top_code(page, pile: str) -> str:
    return page.evaluate(
        "p => [...document.querySelectorAll(`#board [data-pile='${p}'] > [data-card]`)].pop()?.dataset.card", pile
    )


def test_a_tap_moves_a_card_to_its_best_place_and_again_to_the_next(page, tmp_path):
    assert not page.locator('#settings-dialog input[name="one_tap"][value="on"]').is_checked()  # a mouse: off
    set_one_tap(page, "on")
    game = new_game("reloaded", 24)
    order = places(game.position, "t6", 1)
    assert order[:2] == ["t1", "t2"]  # the 7 of clubs fits two red 8s
    card = top_code(page, "t6")
    click_card(page, "t6", count(page, "t6") - 1)
    page.wait_for_function("window.solitaire.state().moves > 0")
    settle(page)
    game.play(Move("t6", "t1"), home="safe")
    assert dom_piles(page) == engine_piles(game)
    assert top_code(page, "t1") == card
    # Again: on to the next place in turn, then round to the first.
    pause_between_taps(page)
    click_card(page, "t1", count(page, "t1") - 1)
    page.wait_for_function(f"window.solitaire.state().moves > {game.moves}")
    settle(page)
    game.play(Move("t1", "t2"), home="safe")
    assert dom_piles(page) == engine_piles(game) and top_code(page, "t2") == card
    pause_between_taps(page)
    click_card(page, "t2", count(page, "t2") - 1)
    page.wait_for_function(f"window.solitaire.state().moves > {game.moves}")
    settle(page)
    back = Move("t2", "t6") in game.legal_moves()  # home again, if t6 still takes it; else the first place
    assert top_code(page, "t6" if back else "t1") == card
    # One undo takes back one tap.
    page.locator("#btn-undo").click()
    settle(page)
    assert dom_piles(page) == engine_piles(game)


def test_a_card_with_nowhere_to_go_shakes_and_says_why(page):
    set_one_tap(page, "on")
    game = new_game("reloaded", 24)
    stuck = next(p for p in ("t1", "t2", "t3", "t4", "t5", "t7") if not places(game.position, p, 1))
    page.evaluate("""() => { window.__shook = 0; const a = Element.prototype.animate;
        Element.prototype.animate = function (...x) { if (this.closest('[data-pile]')) window.__shook++;
            return a.apply(this, x); }; }""")
    before = dom_piles(page)
    click_card(page, stuck, count(page, stuck) - 1)
    page.wait_for_selector("#toast.show")
    assert page.locator("#toast").text_content().endswith("has nowhere to go.")
    assert page.evaluate("window.__shook") >= 1
    assert dom_piles(page) == before and page.evaluate("window.solitaire.state().moves") == 0


def test_with_the_setting_off_a_tap_selects_as_before(page):
    set_one_tap(page, "off")
    click_card(page, "t6", count(page, "t6") - 1)
    expect(page.locator("#board.has-selection")).to_have_count(1)  # the page answers the tap, under load too
    assert page.evaluate("window.solitaire.state().moves") == 0


def test_enter_follows_the_setting(page):
    set_one_tap(page, "on")
    key_focus(page, "t6")
    page.keyboard.press("Enter")
    page.wait_for_function("window.solitaire.state().moves > 0")
    game = new_game("reloaded", 24)
    game.play(Move("t6", "t1"), home="safe")
    settle(page)
    assert dom_piles(page) == engine_piles(game)


def test_on_by_default_on_a_touch_screen(browser, default_context_args, app_url, tmp_path, request):
    context = browser.new_context(
        **{**default_context_args, "has_touch": True, "is_mobile": True, "viewport": {"width": 844, "height": 390}}
    )
    request.addfinalizer(context.close)  # closed even when the test fails
    page = context.new_page()
    open_url(page, app_url, "?game=reloaded&seed=24")
    use_tool(page, "btn-settings")
    assert page.locator('#settings-dialog input[name="one_tap"][value="on"]').is_checked()
    page.screenshot(path=str(tmp_path / "settings-phone.png"))
    page.locator("#settings-dialog [data-close]").click()
    page.locator('#board [data-pile="t6"] > [data-card]').last.tap()
    page.wait_for_function("window.solitaire.state().moves > 0")
    game = new_game("reloaded", 24)
    game.play(Move("t6", "t1"), home="safe")
    settle(page)
    assert dom_piles(page) == engine_piles(game)
    context.close()


@pytest.mark.parametrize("lang", ["en", "de"])
def test_one_tap_plays_a_retinue_card_onto_the_pile_it_lies_on(browser, default_context_args, app_url, lang, request):
    """Royal Retinue deal 4 turns up an eight on the eight pile (its only
    move is ``t8>t8``): on an upright phone, one tap plays it there, as
    click-then-click, a double tap and a drag do; no "nowhere to go"."""
    context = browser.new_context(
        **{**default_context_args, "has_touch": True, "is_mobile": True, "viewport": {"width": 390, "height": 844}}
    )
    request.addfinalizer(context.close)  # closed even when the test fails
    page = context.new_page()
    open_url(page, app_url, f"?game=retinue&seed=4&lang={lang}")
    game = new_game("retinue", 4)
    assert [str(m) for m in game.legal_moves()] == ["t8>t8"]
    eight = game.position.pile("t8")[-1]
    page.locator('#board [data-pile="t8"] > [data-card]').last.tap()
    page.wait_for_function("window.solitaire.state().moves === 1", timeout=WAIT_MS)
    settle(page)
    game.play(Move("t8", "t8", 1))
    assert dom_piles(page) == engine_piles(game)
    assert eight in dom_piles(page)["t8"]
    assert not page.locator("#toast.show").count()
    context.close()
