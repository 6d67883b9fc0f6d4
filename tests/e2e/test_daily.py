"""The daily deal and the statistics' history (issue 16) in real Chromium,
with the browser's clock set by Playwright (``page.clock``): a day's deal
number against the rule computed here with ``datetime``; a later day refused
from the address and from the picker; the calendar and the daily streak
after days played; "Challenge a friend" on the day's deal; the history table
and chart; the statistics exported and imported into a fresh context giving
the same numbers, and a damaged file refused."""

from __future__ import annotations

import datetime
import itertools
import json

import pytest
from ui_helpers import WAIT_MS, click_card, click_pile, count, leave_if_asked, open_url, settle

from game import new_game
from game.solver import solve
from game.web.storage import Slot

UTC = datetime.timezone.utc
EPOCH = datetime.date(1970, 1, 1)
GAME = "solitario"
WON_DAYS = ("2026-11-16", "2026-11-18", "2026-11-19")  # Solitario deals of these days the solver wins at once
TODAY = "2026-11-20"
SEEDED = itertools.count()


def expected_number(date: str) -> int:
    """The documented rule (game/daily.py), computed here independently."""
    days = (datetime.date.fromisoformat(date) - EPOCH).days
    return 1_000_000_000 + (days * 0x2C9277B5) % (1 << 30)


def set_day(page, date: str) -> None:
    page.clock.set_fixed_time(datetime.datetime.fromisoformat(date).replace(hour=12, tzinfo=UTC))


def state(page) -> dict:
    return page.evaluate("window.solitaire.state()")


def open_stats(page) -> None:
    page.evaluate("document.getElementById('btn-stats').click()")  # in the bar or in its More menu
    page.wait_for_selector("#stats-dialog[open] #stats-calendar")


def close_stats(page) -> None:
    page.click("#stats-dialog [data-close]")


def calendar(page) -> dict:
    """The calendar's days that are marked: "won" (also where the day's goal
    of moves was met: the goal's search may end before or after the win,
    test_daily_goal.py checks it) or "played"."""
    return page.evaluate(
        "Object.fromEntries([...document.querySelectorAll('#stats-calendar [data-day]')]"
        ".filter(b => b.dataset.state !== 'none')"
        ".map(b => [b.dataset.day, b.dataset.state === 'goal' ? 'won' : b.dataset.state]))"
    )


# How far (px) the most off-centre day number of the calendar stands from its button's middle.
DAYS_OFF_CENTRE = """() => Math.max(...[...document.querySelectorAll('#stats-calendar [data-day]')].map(b => {
  const range = document.createRange();
  range.selectNodeContents(b);
  const t = range.getBoundingClientRect(), o = b.getBoundingClientRect();
  return Math.abs((t.left + t.right) / 2 - (o.left + o.right) / 2);
}))"""


def panel_numbers(page) -> dict:
    """Everything the Statistics panel shows as numbers, for the game chosen."""
    return page.evaluate(
        """() => ({
          figures: [...document.querySelectorAll('#stats-figures dd')].map(d => d.textContent),
          averages: [...document.querySelectorAll('#stats-averages dd')].map(d => d.textContent),
          rows: [...document.querySelectorAll('#stats-history tbody tr')].map(r => r.innerText),
          streak: document.getElementById('daily-streak').textContent,
          best: document.getElementById('daily-best-streak').textContent,
          chart: [...document.querySelectorAll('#stats-chart polyline')].map(p => p.getAttribute('points')),
        })"""
    )


def win_daily(page, app_url: str, date: str) -> None:
    """The day's Solitario deal, saved one move before the end (the solver's
    line), resumed from the daily address and won by a click."""
    number = expected_number(date)
    line = solve(new_game(GAME, number).position, budget_nodes=50_000).line
    game = new_game(GAME, number)
    for i, move in enumerate(line[:-1]):
        game.play(move, 1.0 + i)
    slot = json.dumps(Slot(game, game.clock + 5).to_json())
    # Stored as the next page starts (the page that is left saves its own game as it goes).
    token = f"seeded-{date}-{next(SEEDED)}"
    page.add_init_script(
        f"if (!sessionStorage.getItem({json.dumps(token)})) {{ sessionStorage.setItem({json.dumps(token)}, '1');"
        f" localStorage.setItem('solitaire.save.{GAME}', {json.dumps(slot)}); }}"
    )
    set_day(page, date)
    open_url(page, app_url, f"?game={GAME}&daily={date}")
    assert state(page)["moves"] == game.moves
    last = line[-1]
    click_card(page, last.src, count(page, last.src) - last.count)
    click_pile(page, last.dst)
    page.wait_for_selector("#celebrate.cascade .fly, #celebrate.calm", state="attached", timeout=WAIT_MS)
    page.keyboard.press("Shift")  # skip the celebration
    page.wait_for_selector('#end-dialog[open][data-status="won"]', timeout=10_000)


@pytest.fixture(scope="module")
def played(browser, browser_context_args, app_url):
    """Three days won and today's deal given up after a move, day by day."""
    context = browser.new_context(**browser_context_args)
    page = context.new_page()
    set_day(page, WON_DAYS[0])
    open_url(page, app_url, "?game=reloaded&seed=2")
    for date in WON_DAYS:
        win_daily(page, app_url, date)
    set_day(page, TODAY)
    open_url(page, app_url, f"?game={GAME}&daily={TODAY}")
    click_pile(page, "stock")
    page.wait_for_function("window.solitaire.state().moves > 0")
    page.evaluate("document.getElementById('btn-giveup').click()")
    page.click("#confirm-yes")
    page.wait_for_selector('#end-dialog[open][data-status="resigned"]')
    page.click("#end-close")
    yield page
    context.close()


def test_a_days_deal_is_its_number_by_the_rule_and_the_same_cards(page, app_url):
    set_day(page, "2026-11-22")
    open_url(page, app_url, "?game=forty-thieves&daily=2026-11-20")
    number = expected_number("2026-11-20")
    assert number == 1_995_455_229
    got = state(page)
    assert got["seed"] == number
    assert got["position"] == new_game("forty-thieves", number).position.to_json()
    assert page.text_content("#deal-info") == "Daily deal · November 20, 2026"
    assert page.evaluate("location.search") == "?game=forty-thieves&daily=2026-11-20"
    assert not page.is_visible("#notice")
    page.select_option("#lang-select", "de")
    page.wait_for_function("document.getElementById('deal-info').textContent === 'Tagesspiel · 20. November 2026'")


def test_a_later_day_is_refused_from_the_address_and_from_the_picker(page, app_url):
    set_day(page, "2026-11-22")
    open_url(page, app_url, "?game=solitario&daily=2026-11-23")
    assert page.text_content("#notice-text") == "The daily deal of 2026-11-23 is not out yet; it comes that day."
    seed = state(page)["seed"]
    assert seed < 1_000_000 and state(page)["game"] == "solitario"  # a deal of the game, as for a bad number
    assert "daily" not in page.evaluate("location.search")
    open_url(page, app_url, "?game=solitario&daily=2026-02-30")
    assert page.text_content("#notice-text") == "“2026-02-30” is not a day: ask for a daily deal as YYYY-MM-DD."
    seed = state(page)["seed"]
    page.click("#btn-games")
    page.wait_for_selector("#picker[open] #picker-daily")
    page.check("#picker-daily-on")
    assert page.get_attribute("#picker-daily-date", "max") == "2026-11-22"
    page.fill("#picker-daily-date", "2026-11-23")
    assert (
        page.text_content("#picker-daily-hint")
        == "The deal of November 23, 2026 is not out yet. Pick today or an earlier day."
    )
    page.click('.game-tile[data-game="lucas"]')
    assert page.is_visible("#picker")  # nothing dealt
    assert (state(page)["game"], state(page)["seed"]) == ("solitario", seed)
    page.fill("#picker-daily-date", "2026-11-22")
    page.click('.game-tile[data-game="lucas"]')
    leave_if_asked(page)
    page.wait_for_function(f"window.solitaire.state().seed === {expected_number('2026-11-22')}")
    assert state(page)["game"] == "lucas"


def test_the_calendar_shows_the_days_and_the_daily_streak(played):
    page = played
    open_stats(page)
    assert page.input_value("#stats-game") == GAME
    assert calendar(page) == {**{d: "won" for d in WON_DAYS}, TODAY: "played"}
    assert page.text_content("#calendar-month") == "November 2026"
    assert page.get_attribute(f'[data-day="{TODAY}"]', "aria-current") == "date"
    assert page.is_disabled('[data-day="2026-11-21"]')  # tomorrow
    assert page.evaluate(DAYS_OFF_CENTRE) < 1.5  # one- and two-digit days alike, under their weekday
    # In the dark scheme the days keep the colours the legend shows.
    scheme = page.evaluate("document.documentElement.dataset.scheme")
    page.evaluate("document.documentElement.dataset.scheme = 'dark'")
    day_colour = "d => getComputedStyle(document.querySelector(`[data-day='${d}']`)).backgroundColor"
    assert page.evaluate(day_colour, WON_DAYS[0]) == "rgb(23, 99, 58)"
    assert page.evaluate(day_colour, TODAY) == "rgb(246, 227, 196)"  # played, not won
    page.evaluate(
        "s => { const d = document.documentElement.dataset; if (s === null) delete d.scheme; else d.scheme = s; }",
        scheme,
    )
    assert page.text_content("#daily-streak") == "2"  # the 18th and 19th; today's is not won, the streak stands
    assert page.text_content("#daily-best-streak") == "2"
    page.select_option("#stats-game", "all")
    assert calendar(page) == {**{d: "won" for d in WON_DAYS}, TODAY: "played"}
    page.click(".calendar-prev")
    assert page.text_content("#calendar-month") == "October 2026" and calendar(page) == {}
    page.click(".calendar-next")
    close_stats(page)
    set_day(page, "2026-11-22")  # two days on, the 21st not won: the streak is over
    open_stats(page)
    assert page.text_content("#daily-streak") == "0" and page.text_content("#daily-best-streak") == "2"
    close_stats(page)
    set_day(page, TODAY)


def test_the_history_lists_the_last_games_with_averages_and_a_chart(played):
    page = played
    open_stats(page)
    page.select_option("#stats-game", GAME)
    rows = page.locator("#stats-history tbody tr")
    assert rows.count() == 4
    newest = rows.nth(0).locator("td").all_text_contents()
    month_day_year = f"{TODAY[5:7]}/{TODAY[8:10]}/{TODAY[2:4]}"
    assert newest[0] == f"{month_day_year} 12:00" and newest[1] == "Daily" and newest[2] == "Lost"
    assert [rows.nth(i).locator("td").nth(2).text_content() for i in range(4)] == ["Lost", "Won", "Won", "Won"]
    scores = [int(rows.nth(i).locator("td").nth(3).text_content()) for i in range(4)]
    averages = dict(zip(["score", "moves", "time", "win_time"], page.locator("#stats-averages dd").all_text_contents()))
    assert averages["score"] == str(round(sum(scores) / 4))
    assert page.locator("#stats-chart polyline").count() == 2
    assert page.get_attribute("#stats-chart polyline.chart-score", "data-count") == "4"
    assert page.locator("#stats-chart circle.chart-win").count() == 3
    close_stats(page)


def test_a_past_day_of_the_calendar_deals_that_days_deal(played):
    page = played
    open_stats(page)
    page.select_option("#stats-game", GAME)
    page.click('[data-day="2026-11-17"]')
    leave_if_asked(page)
    page.wait_for_function(f"window.solitaire.state().seed === {expected_number('2026-11-17')}")
    assert not page.is_visible("#stats-dialog")
    assert state(page)["game"] == GAME
    assert page.text_content("#deal-info") == "Daily deal · November 17, 2026"
    assert page.evaluate("location.search") == f"?game={GAME}&daily=2026-11-17"


def test_challenge_a_friend_after_a_daily_game_sets_up_a_duel_on_that_deal(played, app_url):
    page = played
    win_daily(page, app_url, "2026-11-19")  # played again: the end dialog of a daily game
    challenge = page.locator("#end-challenge")
    assert challenge.text_content() == "Challenge a friend" and challenge.is_visible()
    challenge.click()
    page.wait_for_selector("#duel-dialog[open]")
    assert page.is_visible("#duel-fixed")
    fixed = page.text_content("#duel-fixed")
    assert fixed.startswith(f"The daily deal of November 19, 2026 (game {expected_number('2026-11-19')})")
    page.click("#duel-x")
    set_day(page, TODAY)


def test_statistics_export_then_import_into_a_fresh_context_gives_the_same_numbers(
    played, browser, browser_context_args, app_url, tmp_path
):
    page = played
    open_stats(page)
    page.select_option("#stats-game", GAME)
    before = panel_numbers(page)
    page.select_option("#stats-game", "all")
    before_all = panel_numbers(page)
    with page.expect_download() as download:
        page.click("#stats-export")
    path = tmp_path / download.value.suggested_filename
    download.value.save_as(path)
    assert path.name == f"solitaire-statistics-{TODAY}.json"
    close_stats(page)

    context = browser.new_context(**browser_context_args)
    fresh = context.new_page()
    set_day(fresh, TODAY)
    open_url(fresh, app_url, f"?game={GAME}&seed=3")
    open_stats(fresh)
    assert fresh.text_content("#stats-figures dd") == "0"
    broken = tmp_path / "broken.json"
    broken.write_text(path.read_text().replace('"result": "won"', '"result": "maybe"', 1))
    with fresh.expect_file_chooser() as chooser:
        fresh.click("#stats-import")
    chooser.value.set_files(str(broken))
    fresh.wait_for_selector("#stats-file-msg:not([hidden])")
    assert fresh.text_content("#stats-file-msg") == (
        "This file cannot be imported (bad history of 'solitario'). Your statistics are unchanged."
    )
    assert fresh.text_content("#stats-figures dd") == "0"
    with fresh.expect_file_chooser() as chooser:
        fresh.click("#stats-import")
    chooser.value.set_files(str(path))
    fresh.wait_for_function("document.getElementById('toast').textContent === 'Statistics imported.'")
    fresh.select_option("#stats-game", GAME)
    assert panel_numbers(fresh) == before
    fresh.select_option("#stats-game", "all")
    assert panel_numbers(fresh) == before_all
    close_stats(fresh)
    open_url(fresh, app_url, f"?game={GAME}&seed=4")  # kept in this browser's storage
    open_stats(fresh)
    assert panel_numbers(fresh) == before
    context.close()


def test_a_damaged_history_never_stops_the_page(page, app_url):
    set_day(page, TODAY)
    # Written from a page that is no game: a game page reads the history a
    # moment after its deal (the streak), and would set the damage aside itself.
    page.goto(app_url + "manifest.webmanifest")
    page.evaluate("localStorage.setItem('solitaire.history', '{\"format\": 1, \"games\": [')")
    page.evaluate("localStorage.setItem('solitaire.daily', '[[[[')")
    open_url(page, app_url, f"?game={GAME}&seed=3")
    open_stats(page)
    assert page.text_content("#notice-text") == "Part of the game history was damaged and has been left out."
    assert page.text_content("#stats-history p") == "No games finished yet."
    assert page.evaluate("localStorage.getItem('solitaire.history.corrupt')") == '{"format": 1, "games": ['
    close_stats(page)
    settle(page)
    click_pile(page, "stock")
    page.wait_for_function("window.solitaire.state().moves > 0")
