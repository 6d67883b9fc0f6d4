"""Counts the game's page loads per test module: ``-p tests.page_loads``.

A load of the game (page.goto of the app, or page.reload) boots Python in the
page, the largest cost of an end-to-end test. The count is printed at the
end of the run, one line per module. Loads of about:blank and of plain files
(the manifest a test writes storage from, the embedding example) are not
counted: they start no game.

Beside it, the CPU seconds each module cost, in this process and all the
processes it started (the browser and its pages, workers included): unlike
the wall time, they hardly change with what else the machine runs. Read
from /proc (Linux) four times a second; a module's time runs from its
first test's start to the next module's.
"""

from __future__ import annotations

import os
import threading
from collections import Counter
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page

LOADS: Counter = Counter()
NOT_GAME = ("about:blank", "manifest.webmanifest", "/examples/")
CPU: Counter = Counter()
CONTEXTS: Counter = Counter()  # new browser contexts: each one's first load is a first visit's
_now = {"module": "?"}
_TICK = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100
_goto, _reload = Page.goto, Page.reload


def _counted_goto(self, url, *args, **kwargs):
    if not any(part in url for part in NOT_GAME):
        LOADS[_now["module"]] += 1
    return _goto(self, url, *args, **kwargs)


def _counted_reload(self, *args, **kwargs):
    LOADS[_now["module"]] += 1
    return _reload(self, *args, **kwargs)


_new_context = Browser.new_context


def _counted_new_context(self, *args, **kwargs):
    CONTEXTS[_now["module"]] += 1
    return _new_context(self, *args, **kwargs)


Page.goto, Page.reload = _counted_goto, _counted_reload
Browser.new_context = _counted_new_context


def _tree_ticks() -> dict:
    """CPU ticks used so far by this process and each of its descendants
    alive now, by (pid, start time)."""
    parents, ticks = {}, {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:
            continue
        fields = stat[stat.rindex(")") + 2 :].split()  # after the name, which may hold spaces
        pid = int(entry.name)
        parents[pid] = int(fields[1])
        ticks[pid] = (int(fields[19]), int(fields[11]) + int(fields[12]))  # start time; utime + stime
    me, mine = os.getpid(), {}
    for pid, (start, tick) in ticks.items():
        walk = pid
        while walk > 1 and walk != me:
            walk = parents.get(walk, 0)
        if walk == me:
            mine[pid, start] = tick
    return mine


def _meter(stop: threading.Event) -> None:
    """Adds what each process of the tree used since the last look to the
    module running now. A process is looked at every quarter second, so one
    that ends is missed by at most its last quarter second (the browser's
    renderers end with their contexts, and nobody counts their time after)."""
    seen: dict = {}
    while True:
        now = _tree_ticks()
        used = sum(tick - seen.get(key, 0) for key, tick in now.items())
        CPU[_now["module"]] += used / _TICK
        seen = now
        if stop.wait(0.25):
            return


_stop = threading.Event()


def pytest_sessionstart(session):
    if Path("/proc/self/stat").exists():  # Linux
        threading.Thread(target=_meter, args=(_stop,), daemon=True).start()


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_setup(item):
    _now["module"] = item.module.__name__


def pytest_sessionfinish(session):
    """Under xdist a worker prints no summary: with ``PAGE_LOADS_FILE`` set,
    each process adds its modules' figures to that file, a line each
    (module, loads, new contexts, CPU seconds), tab-separated."""
    out = os.environ.get("PAGE_LOADS_FILE")
    if not out:
        return
    _stop.set()
    with open(out, "a", encoding="utf-8") as f:
        for module in sorted(set(LOADS) | set(CPU) - {"?"}):
            f.write(f"{module}\t{LOADS[module]}\t{CONTEXTS[module]}\t{CPU[module]:.0f}\n")


def pytest_terminal_summary(terminalreporter):
    for module, count in sorted(LOADS.items()):
        terminalreporter.write_line(f"page loads: {module}: {count} (in {CONTEXTS[module]} new contexts)")
    if LOADS:
        terminalreporter.write_line(f"page loads in all: {sum(LOADS.values())}")
    _stop.set()
    for module, seconds in sorted(CPU.items()):
        if module != "?":  # before the first test: the start of Python and pytest
            terminalreporter.write_line(f"cpu seconds: {module}: {seconds:.0f}")
