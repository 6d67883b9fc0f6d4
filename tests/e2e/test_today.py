"""The daily deal at the front door (issue 42, item 7): a Today tool deals
today's deal of the game in one tap and carries the daily streak as its
badge (in the bar where it has room, as on a large screen; in the More menu
of a phone's); the calendar marks today's deal once it is won."""

from __future__ import annotations

import datetime
import json

import pytest
from ui_helpers import context_with, leave_if_asked, open_url, record_errors

from game import daily
from game.web.history import date_text
from game.web.texts.ui import t

TODAY = "2026-11-20"


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
            if touch:  # a phone's bar has room for the tools of play: Today is in More
                page.tap("#btn-more")
                page.tap("#more-menu #btn-today")
            else:  # a large screen: in the bar, one click from the table
                assert page.is_visible("#toolbar > #btn-today")
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
        assert page.errors == []
    finally:
        context.close()
