"""No word cut short in the frame (issue 42, item 5): the daily deal's line
under the title keeps its date whole on a phone, upright or sideways with
the day's goal in the HUD; a short embed's rail of tools shows every tool's
name whole; and the phone header's Duel button says its name under its icon."""

from __future__ import annotations

import pytest
from ui_helpers import open_url, record_errors

from game.web.texts.ui import t

# The visible words of the frame that are cut (wider than their box): where,
# what, how wide, how much room.
CUT = """() => [...document.querySelectorAll('.toolbar .tool .short, .topbar .short, .deal-info, .topbar h1')]
  .filter(e => e.offsetParent && getComputedStyle(e).display !== 'none' && e.getBoundingClientRect().width > 0)
  .map(e => [e.closest('[id]').id, e.dataset.short || e.textContent, e.scrollWidth, e.clientWidth])
  .filter(([, , need, room]) => need > room)"""
GOAL_MS = 90_000  # the solver worker's start and its search for the day's line, on a busy machine


@pytest.fixture(scope="module")
def page(browser, browser_context_args):
    context = browser.new_context(**browser_context_args)
    yield record_errors(context.new_page())
    context.close()


@pytest.mark.parametrize("lang", ["it", "de", "en"])
@pytest.mark.parametrize("size", [(390, 844), (360, 640)])
def test_the_daily_line_keeps_its_date_whole_on_a_phone(page, app_url, size, lang):
    page.set_viewport_size({"width": size[0], "height": size[1]})
    open_url(page, app_url, f"?game=little-forty&daily=2026-11-28&lang={lang}")
    short = page.get_attribute("#deal-info", "data-short")
    assert short and short.endswith({"it": "28/11/26", "de": "28.11.26", "en": "11/28/26"}[lang]), short
    assert page.evaluate(CUT) == []
    assert page.errors == []


@pytest.mark.parametrize("lang", ["en", "it", "de"])
def test_a_daily_deals_title_and_date_stay_whole_sideways_with_its_goal(page, app_url, lang):
    """On a phone held sideways the goal of moves joins the HUD: the deal's
    line shows its date in figures, so the title and the date both fit."""
    page.set_viewport_size({"width": 844, "height": 390})
    open_url(page, app_url, f"?game=reloaded&daily=2026-11-20&lang={lang}")
    page.wait_for_selector("#hud-goal:not([hidden])", timeout=GOAL_MS)
    short = page.get_attribute("#deal-info", "data-short")
    assert short and short.endswith({"it": "20/11/26", "de": "20.11.26", "en": "11/20/26"}[lang]), short
    assert page.evaluate(CUT) == []
    assert page.errors == []


@pytest.mark.parametrize("lang", ["it", "de"])
def test_a_short_embed_shows_every_tool_name_whole(page, app_url, lang):
    page.set_viewport_size({"width": 720, "height": 540})
    open_url(page, app_url, f"?game=little-forty&seed=3&embed=1&lang={lang}")
    giveup = page.locator("#btn-giveup .short")
    assert giveup.is_visible() and giveup.text_content() == t(lang, "tool.give_up")
    assert page.evaluate(CUT) == []
    assert page.errors == []


@pytest.mark.parametrize("lang", ["en", "it"])
@pytest.mark.parametrize("size", [(390, 844), (844, 390)])
def test_the_phone_header_duel_button_says_its_name(page, app_url, size, lang):
    page.set_viewport_size({"width": size[0], "height": size[1]})
    open_url(page, app_url, f"?game=reloaded&seed=2&lang={lang}")
    word = page.locator("#btn-duel .short")
    assert word.is_visible() and word.text_content() == t(lang, "duel.open")
    button, box = page.locator("#btn-duel").bounding_box(), word.bounding_box()
    assert button["x"] <= box["x"] and box["x"] + box["width"] <= button["x"] + button["width"] + 0.5
    assert page.evaluate(CUT) == []
    assert page.errors == []
