"""Screenshots of the daily deal's and the history's screens at a phone
upright (390x844) and sideways (844x390), a laptop (1366x768) and a large
screen (1920x1080), in English, German and Italian, into
artifacts/screenshots/daily/ (gitignored): the notice of a later day, the
picker's daily row, the daily deal on the table, the end dialog's
"Challenge a friend" (these three in one language per size), and the Statistics panel (figures, chart, last games,
calendar). The statistics come from a file imported the way a player does.
The checks are coarse (the page never scrolls, a dialog stays inside the
window); the pictures are for people to look at."""

from __future__ import annotations

import datetime

from ui_helpers import click_pile, leave_if_asked, next_frames, open_url, resize, settle

from game import daily
from game.web.history import Days, Entry, History, date_text, export_file, short_date
from game.web.stats import Stats
from game.web.texts.ui import t
from tools.serve import ROOT

SHOTS = ROOT / "artifacts" / "screenshots" / "daily"
SIZES = {"phone": (390, 844), "sideways": (844, 390), "laptop": (1366, 768), "large": (1920, 1080)}
TODAY = "2026-11-20"
LANGS = ("en", "de", "it")


def statistics_file(path) -> None:
    """Two months of play: a few games a day, daily deals on most days."""
    stats, history, days = Stats(), History(), Days()
    start = daily.parse_day(TODAY) - 60
    for i in range(150):
        game = ("solitario", "reloaded", "forty-thieves")[i % 3]
        day = start + i * 60 // 150
        date = daily.day_text(day)
        won = i % 3 != 1
        deal = daily.number_of(day) if i % 4 == 0 else 1000 + i
        score, seconds, moves = 300 + (i * 37) % 400 if won else (i * 13) % 180, 90.0 + (i * 53) % 400, 60 + i % 70
        stats.end(game, won, score, seconds)
        history.add(game, Entry(f"{date}T{8 + i % 12:02d}:{i % 60:02d}Z", deal, won, score, seconds, moves))
        if i % 4 == 0:
            days.mark(date, game, won)
    path.write_text(export_file(stats, history, days, f"{TODAY}T12:00:00Z"), encoding="utf-8")


def check_fits(page) -> None:
    width, height = page.viewport_size["width"], page.viewport_size["height"]
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    assert page.evaluate("document.documentElement.scrollHeight") <= height
    boxes = page.evaluate(
        "[...document.querySelectorAll('dialog[open]')].map(d => d.getBoundingClientRect())"
        ".map(r => [r.left, r.top, r.right, r.bottom])"
    )
    assert all(left >= 0 and top >= 0 and right <= width and bottom <= height for left, top, right, bottom in boxes)
    assert page.evaluate(
        "[...document.querySelectorAll('dialog[open]')].every(d => d.scrollWidth <= d.clientWidth + 1)"
    )


# The history table's box: how wide its table is, how wide the box, and
# whether the box's right edge fades out (a mask), scrolled to ``left``.
HISTORY_BOX = """left => { const box = document.querySelector('#stats-history .history-scroll');
  box.scrollLeft = left === null ? box.scrollWidth : left;
  return {table: box.scrollWidth, box: box.clientWidth}; }"""
HISTORY_FADED = "getComputedStyle(document.querySelector('#stats-history .history-scroll')).maskImage !== 'none'"


def history_box(page, left) -> dict:
    """The box scrolled to ``left`` (None: the end), once a frame shows it."""
    box = page.evaluate(HISTORY_BOX, left)
    next_frames(page, 2)
    return {**box, "faded": page.evaluate(HISTORY_FADED)}


def check_history_fits_or_fades(page, size: str) -> None:
    """Every column of the last games shows, except on a phone held upright,
    where the columns past the edge are there to scroll to and the edge says so."""
    start, end = history_box(page, 0), history_box(page, None)
    history_box(page, 0)
    if size != "phone":
        assert start["table"] <= start["box"] + 1 and not start["faded"], (size, start)
    else:
        assert start["table"] > start["box"], start  # when this fails, the fade below is no longer needed
        assert start["faded"] and not end["faded"], (start, end)


# The line under the title: its text, what it shows instead (a phone's
# pseudo-element), and whether what shows fits.
DEAL_LINE = """(() => { const e = document.getElementById('deal-info');
  return {text: e.textContent, shown: getComputedStyle(e, '::after').content,
          fits: e.scrollWidth <= e.clientWidth}; })()"""


def check_deal_line(page, size: str, lang: str) -> None:
    """The daily deal's date shows whole: on a phone, upright or sideways, in
    figures (its words, cut before the day, would read as another date; held
    sideways they would push the title into an ellipsis), elsewhere in words."""
    line = page.evaluate(DEAL_LINE)
    long_date = date_text(lang, TODAY)
    assert line["text"] == t(lang, "daily.deal_info", date=long_date)  # what a screen reader reads
    short = t(lang, "daily.deal_info", date=short_date(lang, TODAY))
    assert line["shown"] == (f'"{short}" / ""' if size in ("phone", "sideways") else "none"), line
    assert line["fits"], line


def test_daily_and_history_screens(browser, browser_context_args, app_url, tmp_path):
    # One context, the sizes set on its page. The notice comes with a page
    # load: one per language, checked at every size there; the daily deal and
    # the end dialog are shot at the sizes that took that language.
    context = browser.new_context(**{**browser_context_args, "viewport": {"width": 390, "height": 844}})
    page = context.new_page()
    page.clock.set_fixed_time(datetime.datetime(2026, 11, 20, 12, tzinfo=datetime.timezone.utc))
    SHOTS.mkdir(parents=True, exist_ok=True)
    file = tmp_path / "stats.json"
    statistics_file(file)
    first = {size: LANGS[n % 3] for n, size in enumerate(SIZES)}  # the notice and the end dialog: one language per size

    def shot(size, lang, name):
        page.screenshot(path=str(SHOTS / f"{size}-{lang}-{name}.png"))

    for lang in LANGS:
        open_url(page, app_url, f"?game=solitario&daily=2026-11-23&lang={lang}")
        if lang == LANGS[0]:  # the statistics, imported once: they stay in this browser's storage
            page.evaluate("document.getElementById('btn-stats').click()")
            with page.expect_file_chooser() as chooser:
                page.click("#stats-import")
            chooser.value.set_files(str(file))
            page.wait_for_selector("#stats-chart:not([hidden])")
            page.click("#stats-dialog [data-close]")
        for size, (w, h) in SIZES.items():
            resize(page, w, h)
            assert page.is_visible("#notice")
            check_fits(page)
            if first[size] == lang:
                shot(size, lang, "notice")
        for size in (s for s in SIZES if first[s] == lang):
            resize(page, *SIZES[size])
            page.click("#btn-games")
            page.check("#picker-daily-on")
            page.click('.game-tile[data-game="solitario"]')
            leave_if_asked(page)
            page.wait_for_function(
                f"window.solitaire.state().seed === {daily.daily_number(TODAY)} && window.solitaire.state().moves === 0"
            )
            settle(page)
            check_fits(page)
            check_deal_line(page, size, lang)
            shot(size, lang, "daily")
            click_pile(page, "stock")
            page.wait_for_function("window.solitaire.state().moves > 0")
            page.evaluate("document.getElementById('btn-giveup').click()")
            page.click("#confirm-yes")
            page.wait_for_selector("#end-dialog[open] #end-challenge")
            check_fits(page)
            shot(size, lang, "end")
            page.click("#end-close")
    for lang in LANGS:
        page.select_option("#lang-select", lang)
        page.wait_for_function(f"document.documentElement.lang === '{lang}'")
        for size, (w, h) in SIZES.items():
            resize(page, w, h)
            page.click("#btn-games")
            page.wait_for_selector("#picker[open] #picker-daily")
            page.check("#picker-daily-on")
            check_fits(page)
            shot(size, lang, "picker")
            page.keyboard.press("Escape")
            page.evaluate("document.getElementById('btn-stats').click()")
            page.wait_for_selector("#stats-dialog[open] #stats-calendar")
            page.evaluate("document.getElementById('stats-dialog').scrollTop = 0")
            check_fits(page)
            shot(size, lang, "stats")
            check_history_fits_or_fades(page, size)
            for part in ("stats-chart", "stats-history", "stats-calendar"):
                page.evaluate(f"document.getElementById('{part}').scrollIntoView({{block: 'start'}})")
                check_fits(page)
                shot(size, lang, part)
            page.click("#stats-dialog [data-close]")
    context.close()
