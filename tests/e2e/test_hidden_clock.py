"""A setting hides the clock in practice play (issue 42, item 11): the time
leaves the heads-up display, the setting holds on the next visit, and the
clock still runs underneath: Solitaire Reloaded's score still loses its 2
points for every 10 seconds of play."""

from __future__ import annotations

import json

import pytest
from conftest import clean_tab
from ui_helpers import hud, open_url, play_move, record_errors, use_tool

TIME_ITEM = "#hud .hud-item:has(#hud-time-label)"


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_clock_hides_and_still_counts(module_tab, app_url, lang):
    settings = json.dumps({"guide": "seen", "auto_home": "off"})
    page = record_errors(clean_tab(module_tab, app_url, settings, (1366, 768)))
    if not getattr(page.context, "clock_installed", False):  # the context's, once
        page.clock.install()  # time flows as usual until the test moves it on
        page.context.clock_installed = True
    open_url(page, app_url, f"?game=reloaded&seed=3&lang={lang}")
    assert page.is_visible(TIME_ITEM)
    use_tool(page, "btn-settings")
    box = page.locator("#setting-clock")
    assert box.is_checked()
    box.uncheck()
    page.keyboard.press("Escape")
    page.wait_for_selector(TIME_ITEM, state="hidden")
    assert page.is_visible("#hud [data-hud='score']")  # the rest of the display stays
    # The clock runs on, hidden: a move worth 5, then 25 s of play cost 4.
    play_move(page, "t6>t5")
    assert page.evaluate("window.solitaire.state().score") == 5
    page.clock.fast_forward("00:25")
    page.wait_for_function("window.solitaire.state().score === 1")
    page.wait_for_function("document.querySelector('[data-hud=score]').textContent === '1'")
    assert page.is_hidden(TIME_ITEM)
    # The next visit keeps it hidden; shown again, it tells the time it kept.
    open_url(page, app_url, f"?game=reloaded&seed=3&lang={lang}")
    assert page.is_hidden(TIME_ITEM)
    use_tool(page, "btn-settings")
    assert not page.locator("#setting-clock").is_checked()
    page.locator("#setting-clock").check()
    page.keyboard.press("Escape")
    page.wait_for_selector(TIME_ITEM, state="visible")
    assert hud(page)["time"] >= 25  # the deal in play came back with its time
    assert page.errors == []
