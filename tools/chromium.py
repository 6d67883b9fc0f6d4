"""Which Chromium to drive and how to start it (end-to-end tests, benchmarks).

Debian's chromium (or another installed Chromium/Chrome) is preferred; when
none is found Playwright's own download is used. The switches keep the
browser from reaching the network on its own and let it run as root.
"""

from __future__ import annotations

import os
import shutil

ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-dev-shm-usage",  # a small /dev/shm (containers) crashes renderers
]


def find_chromium() -> str | None:
    """An installed Chromium or Chrome; None lets Playwright use its own."""
    for name in (os.environ.get("CHROMIUM"), "chromium", "chromium-browser", "google-chrome", "google-chrome-stable"):
        path = name and shutil.which(name)
        if path:
            return path
    return None


def launch_args() -> dict:
    """Keyword arguments for ``playwright.chromium.launch``."""
    args: dict = {"args": list(ARGS)}
    executable = find_chromium()
    if executable:
        args["executable_path"] = executable
    return args
