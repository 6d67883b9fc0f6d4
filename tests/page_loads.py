"""Counts the game's page loads per test module: ``-p tests.page_loads``.

A load of the game (page.goto of the app, or page.reload) boots Python in the
page, the largest cost of an end-to-end test. The count is printed at the
end of the run, one line per module. Loads of about:blank and of plain files
(the manifest a test writes storage from, the embedding example) are not
counted: they start no game.
"""

from __future__ import annotations

from collections import Counter

import pytest
from playwright.sync_api import Page

LOADS: Counter = Counter()
NOT_GAME = ("about:blank", "manifest.webmanifest", "/examples/")
_now = {"module": "?"}
_goto, _reload = Page.goto, Page.reload


def _counted_goto(self, url, *args, **kwargs):
    if not any(part in url for part in NOT_GAME):
        LOADS[_now["module"]] += 1
    return _goto(self, url, *args, **kwargs)


def _counted_reload(self, *args, **kwargs):
    LOADS[_now["module"]] += 1
    return _reload(self, *args, **kwargs)


Page.goto, Page.reload = _counted_goto, _counted_reload


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_setup(item):
    _now["module"] = item.module.__name__


def pytest_terminal_summary(terminalreporter):
    for module, count in sorted(LOADS.items()):
        terminalreporter.write_line(f"page loads: {module}: {count}")
    if LOADS:
        terminalreporter.write_line(f"page loads in all: {sum(LOADS.values())}")
