"""A readable history chart (issue 42, item 8): the Statistics panel's chart
of the last games has values and units on its axes (points on the left, time
on the right), the best and the average score as lines, and tells a game's
figures when the pointer is on its point or the keyboard's focus is (Tab into
the chart, then the arrow keys, Home and End)."""

from __future__ import annotations

import json

import pytest
from conftest import clean_tab
from ui_helpers import open_url, record_errors

from game.web.history import short_date
from game.web.texts.ui import t

GAMES = [  # (score, seconds, result), oldest first
    (100, 60, "lost"),
    (400, 300, "won"),
    (250, 120, "lost"),
    (900, 600, "won"),
    (50, 30, "lost"),
]
HISTORY = {
    "format": 1,
    "games": {
        "reloaded": [
            {"date": f"2026-11-2{i}T10:00Z", "deal": 10 + i, "result": r, "score": s, "time": sec, "moves": 40 + i}
            for i, (s, sec, r) in enumerate(GAMES)
        ]
    },
}


def said(lang: str, n: int) -> str:
    score, seconds, result = GAMES[n - 1]
    clock = f"{seconds // 60:02d}:{seconds % 60:02d}"
    return t(
        lang,
        "history.point",
        n=n,
        count=len(GAMES),
        date=short_date(lang, f"2026-11-2{n - 1}"),
        score=score,
        time=clock,
        result=t(lang, f"history.{result}"),
    )


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_chart_has_axes_best_average_and_tells_each_game(module_tab, app_url, lang):
    settings = json.dumps({"guide": "seen", "auto_home": "off"})
    page = record_errors(clean_tab(module_tab, app_url, settings, (1366, 768)))
    page.evaluate("h => localStorage.setItem('solitaire.history', h)", json.dumps(HISTORY))
    open_url(page, app_url, f"?game=reloaded&seed=3&lang={lang}")
    page.evaluate("document.getElementById('btn-stats').click()")  # in the bar or its More menu
    page.wait_for_selector("#stats-dialog[open] #stats-calendar")
    page.select_option("#stats-game", "reloaded")
    page.wait_for_selector("#stats-chart:not([hidden]) .chart-point")
    ticks = page.locator("#stats-chart .chart-tick-score").all_text_contents()
    assert ticks == ["0", "225", "450", "675", "900"]
    assert page.locator("#stats-chart .chart-tick-time").all_text_contents()[-1] == "10:00"
    units = page.locator("#stats-chart .chart-units span").all_text_contents()
    assert units == [t(lang, "history.axis_score"), t(lang, "history.axis_time")]
    assert page.get_attribute("#stats-chart .chart-best", "data-value") == "900"
    assert page.get_attribute("#stats-chart .chart-average", "data-value") == "340"
    legend = page.text_content("#stats-chart figcaption")
    assert t(lang, "history.best_value", score=900) in legend
    assert t(lang, "history.average_value", score=340) in legend
    # The pointer on a game's point: its figures.
    page.hover("#stats-chart .chart-point >> nth=3")
    assert page.text_content("#chart-readout") == said(lang, 4)
    # The keyboard: Tab into the chart, then the arrow keys.
    for _ in range(40):
        if page.evaluate("document.activeElement.classList.contains('chart-point')"):
            break
        page.keyboard.press("Tab")
    assert page.text_content("#chart-readout") == said(lang, 1)
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    assert page.text_content("#chart-readout") == said(lang, 3)
    page.keyboard.press("End")
    assert page.text_content("#chart-readout") == said(lang, 5)
    assert page.evaluate("document.activeElement.getAttribute('aria-label')") == said(lang, 5)
    assert page.errors == []
