"""The daily deal at the front door (issue 42, item 7): a Today tool deals
today's deal of the game in one tap and carries the daily streak as its
badge, in the bar on every screen, from a small phone to a large screen;
the calendar marks today's deal once it is won."""

from __future__ import annotations

import datetime
import json

import pytest
from ui_helpers import context_with, leave_if_asked, next_frames, open_url, record_errors, resize

from game import daily
from game.web.history import date_text
from game.web.texts.ui import t
from tools.serve import ROOT

SHOTS = ROOT / "artifacts" / "screenshots" / "daily"

TODAY = "2026-11-20"


def gold_like(color: str) -> bool:
    """An rgb() colour of the gold family: red well over blue, green between."""
    r, g, b = (int(float(v)) for v in color[color.index("(") + 1 : color.index(")")].split(",")[:3])
    return r - b > 80 and b < g < r


def days(*won: str) -> str:
    return json.dumps({"format": 1, "days": {d: {"reloaded": "won"} for d in won}})


@pytest.mark.parametrize(("lang", "touch"), [("en", False), ("it", True)])
def test_today_deals_the_days_deal_with_the_streak_on_it(browser, browser_context_args, app_url, lang, touch):
    size = {"width": 390, "height": 844} if touch else {"width": 1920, "height": 1080}
    context = context_with(
        browser, browser_context_args, {"auto_home": "off"}, viewport=size, has_touch=touch, is_mobile=touch
    )
    try:
        stored = days("2026-11-18", "2026-11-19")  # won the two days before: a streak of 2
        context.add_init_script(
            f"if (!localStorage.getItem('solitaire.daily')) localStorage.setItem('solitaire.daily', {json.dumps(stored)})"
        )
        page = record_errors(context.new_page())
        page.clock.set_fixed_time(datetime.datetime.fromisoformat(TODAY).replace(hour=12, tzinfo=datetime.UTC))
        open_url(page, app_url, f"?game=reloaded&seed=3&lang={lang}")
        tool = page.locator("#btn-today")
        assert tool.locator(".short").text_content() == t(lang, "daily.today_short")
        page.wait_for_function("document.getElementById('today-streak').textContent === '2'")
        assert tool.get_attribute("title") == t(lang, "daily.today_title", count=2)

        def press_today():
            # In the bar on every screen: one tap or click from the table.
            assert page.is_visible("#toolbar > #btn-today")
            if touch:
                page.tap("#toolbar > #btn-today")
            else:
                tool.click()

        press_today()
        leave_if_asked(page)
        number = daily.daily_number(TODAY)
        page.wait_for_function(f"window.solitaire.state().seed === {number}")
        assert page.text_content("#deal-info") == t(lang, "daily.deal_info", date=date_text(lang, TODAY))
        press_today()  # already on the table: said so, dealt again never
        page.wait_for_selector("#toast.show")
        assert page.text_content("#toast") == t(lang, "daily.today_on_table")
        assert page.evaluate("window.solitaire.state().seed") == number
        assert page.errors == []
    finally:
        context.close()


@pytest.mark.parametrize(("lang", "game_id"), [("de", "retinue"), ("it", "forty-thieves")])
def test_today_is_in_the_bar_with_its_streak_at_every_size(browser, browser_context_args, app_url, lang, game_id):
    """From a small phone upright to a large screen, in the languages with
    the longest words: the Today tool stands in the bar, not in More, with
    the streak's badge in sight on it."""
    context = context_with(browser, browser_context_args, {"auto_home": "off"}, viewport={"width": 360, "height": 640})
    try:
        context.add_init_script(f"localStorage.setItem('solitaire.daily', {json.dumps(days('2026-11-19'))})")
        page = record_errors(context.new_page())
        page.clock.set_fixed_time(datetime.datetime.fromisoformat(TODAY).replace(hour=12, tzinfo=datetime.UTC))
        open_url(page, app_url, f"?game={game_id}&seed=3&lang={lang}")
        page.wait_for_function("document.getElementById('today-streak').textContent === '1'")
        for w, h in ((360, 640), (390, 844), (844, 390), (1366, 768), (1920, 1080)):
            resize(page, w, h)
            next_frames(page)
            assert page.is_visible("#toolbar > #btn-today"), (w, h)
            badge, tool = page.locator("#today-streak").bounding_box(), page.locator("#btn-today").bounding_box()
            assert badge and badge["width"] > 0 and badge["x"] >= tool["x"] - 1, (w, h)
            assert badge["x"] + badge["width"] <= w and badge["y"] + badge["height"] <= h, (w, h)
            page.screenshot(path=str(SHOTS / f"today-{game_id}-{w}x{h}-{lang}.png"))
        assert page.errors == []
    finally:
        context.close()


@pytest.mark.parametrize("lang", ["de", "en"])
def test_the_calendar_marks_todays_deal_won(browser, browser_context_args, app_url, lang):
    context = context_with(browser, browser_context_args, {"auto_home": "off"}, viewport={"width": 1366, "height": 768})
    try:
        stored = days("2026-11-19", TODAY)
        context.add_init_script(f"localStorage.setItem('solitaire.daily', {json.dumps(stored)})")
        page = record_errors(context.new_page())
        page.clock.set_fixed_time(datetime.datetime.fromisoformat(TODAY).replace(hour=12, tzinfo=datetime.UTC))
        open_url(page, app_url, f"?game=reloaded&seed=3&lang={lang}")
        page.wait_for_function("document.getElementById('today-streak').textContent === '2'")
        page.evaluate("document.getElementById('btn-stats').click()")  # in the bar or its More menu
        page.wait_for_selector("#stats-dialog[open] #stats-calendar")
        page.select_option("#stats-game", "reloaded")
        today = page.locator(f'#stats-calendar [data-day="{TODAY}"]')
        assert today.get_attribute("aria-label") == t(lang, "calendar.day_won_today", date=date_text(lang, TODAY))
        mark = page.evaluate(
            f"""getComputedStyle(document.querySelector('#stats-calendar [data-day="{TODAY}"]'), '::after').content"""
        )
        assert mark == '"\u2713"'
        yesterday = page.locator('#stats-calendar [data-day="2026-11-19"]')
        assert yesterday.get_attribute("data-state") == "won"
        no_mark = page.evaluate(
            """getComputedStyle(document.querySelector('#stats-calendar [data-day="2026-11-19"]'), '::after').content"""
        )
        assert no_mark in ("none", "normal")  # the mark is today's alone
        # Today's ring is not the gold of a day won under its goal (the legend's frame).
        ring = page.evaluate(
            f"""getComputedStyle(document.querySelector('#stats-calendar [data-day="{TODAY}"]')).outlineColor"""
        )
        goal = page.evaluate("getComputedStyle(document.querySelector('.stats-more .key.goal'), '::before').boxShadow")
        assert "rgb(227, 179, 65)" in goal and ring.startswith("rgb(")
        assert not gold_like(ring), ring
        assert page.errors == []
    finally:
        context.close()
