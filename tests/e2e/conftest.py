"""End-to-end fixtures: the game served locally, Chromium, offline pages.

The folder is served by the same server as ./play, under a sub-path, so every
test also checks that the app uses relative addresses only. Pages may reach
only this machine: any other request is aborted and recorded.

Booting Pyodide costs seconds per page load, so a module that runs several
tests on one deal should use ``module_game`` (one booted page for the module)
rather than ``game`` (a fresh page per test).
"""

from __future__ import annotations

import base64
import json
import os
import re
from dataclasses import dataclass, field
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import Browser, BrowserContext, Page

from tools.chromium import ARGS as CHROMIUM_ARGS
from tools.chromium import find_chromium
from tools.serve import ROOT, make_server, serve_in_thread

APP_BASE = "/sub/dir/"  # served below the root, as on a static host's sub-folder
LOCAL_HOSTS = frozenset({"localhost", "127.0.0.1", "::1"})
BOOT_TIMEOUT_MS = 60_000


@pytest.fixture(scope="session")
def app_server():
    server = make_server(ROOT, port=0, base=APP_BASE, quiet=True)
    serve_in_thread(server)
    yield server
    server.shutdown()
    server.server_close()


@pytest.fixture(scope="session")
def app_url(app_server) -> str:
    """Address of index.html's folder, ending in a slash."""
    port = app_server.server_address[1]
    KEPT["app_url"] = url = f"http://127.0.0.1:{port}{app_server.base}"
    return url


@pytest.fixture(scope="session")
def base_url(app_url) -> str:
    # pytest-playwright gives contexts this base, so page.goto("./") works.
    return app_url


# Cards go home by themselves after each step by default (issue 13); the tests
# written before that compare the page with the engine playing exactly the
# moves they make, so their visits start with the setting off. The tests of
# the setting itself (test_auto_home.py) open contexts without this.
# The first visit's guide (issue 42) is marked seen too, so it does not stand
# over the table; test_guide.py and the first-visit contexts see it.
MANUAL_HOME = json.dumps({"auto_home": "off", "guide": "seen"})


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args, app_url) -> dict:
    # The page's service worker copies the whole app (15 MB) into the cache
    # of every new context; only the offline tests need it (test_offline.py
    # allows it again), so the rest of the suite does not pay for it.
    origin = app_url.split("/sub/")[0]
    state = {
        "cookies": [],
        "origins": [{"origin": origin, "localStorage": [{"name": "solitaire.settings", "value": MANUAL_HOME}]}],
    }
    return {**browser_context_args, "service_workers": "block", "storage_state": state}


@pytest.fixture(scope="session")
def first_visit_context_args(browser_context_args) -> dict:
    """Context arguments of a first visit: nothing stored (the first view's
    sketch, the first-run guide)."""
    return {k: v for k, v in browser_context_args.items() if k != "storage_state"}


@pytest.fixture(scope="session")
def default_context_args(browser_context_args) -> dict:
    """Context arguments of a visit with every setting at its default (the
    first-run guide seen and closed)."""
    state = json.loads(json.dumps(browser_context_args["storage_state"]))
    state["origins"][0]["localStorage"] = [{"name": "solitaire.settings", "value": json.dumps({"guide": "seen"})}]
    return {**browser_context_args, "storage_state": state}


# --- a returning player's browser keeps the runtime's snapshot ------------------------------------
# A first visit starts Python from nothing, and the solver worker then makes
# the runtime's memory snapshot and keeps it in the context's CacheStorage
# (static/js/runtime.mjs): about 9 CPU seconds, against 4 for a visit that
# restores it. A context opened with stored settings (``storage_state``) is
# a returning player's, and a returning player's browser has the snapshot:
# so each such context gets it before its first page, put there from a copy
# the first such visit of the process made (once per process, served from
# artifacts/). A context with nothing stored (``first_visit_context_args``),
# and every context of a test marked ``first_visit``, starts from nothing.
# (Playwright's storage_state carries localStorage, not CacheStorage.)
KEPT: dict = {"app_url": None, "key": None, "file": None, "now": False}
SNAPSHOT_CACHE = "solitaire-runtime-snapshot"

# The kept snapshot's address and bytes (base64), read in the page that made it.
READ_SNAPSHOT = """async cache => {
  const store = await caches.open(cache);
  const [request] = await store.keys();
  const bytes = new Uint8Array(await (await store.match(request)).arrayBuffer());
  let text = '';
  for (let i = 0; i < bytes.length; i += 0x8000) text += String.fromCharCode.apply(null, bytes.subarray(i, i + 0x8000));
  return [request.url, btoa(text)];
}"""

# Puts the copy (fetched from the test server) in a context's CacheStorage.
PUT_SNAPSHOT = """async ([cache, key, url]) => {
  const bytes = await (await fetch(url)).arrayBuffer();
  await (await caches.open(cache)).put(key, new Response(bytes, {headers: {'Content-Type': 'application/octet-stream'}}));
}"""

_plain_new_context = Browser.new_context


def _make_snapshot(browser: Browser) -> None:
    """A first visit, until its worker has kept the snapshot; its copy in artifacts/."""
    context = _plain_new_context(browser, viewport={"width": 1280, "height": 720}, service_workers="block")
    try:
        page = context.new_page()
        page.goto(KEPT["app_url"] + "?game=reloaded&seed=1")
        page.wait_for_function(
            "window.SolSolver && window.SolSolver.ready && window.SolSolver.snapshot === 'made'",
            timeout=180_000,
            polling=250,
        )
        key, data = page.evaluate(READ_SNAPSHOT, SNAPSHOT_CACHE)
    finally:
        context.close()
    path = ROOT / "artifacts" / f"kept-snapshot-{os.getpid()}.bin"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(base64.b64decode(data))
    KEPT["key"], KEPT["file"] = key, path


def _returning_context(self: Browser, *args, **kwargs) -> BrowserContext:
    context = _plain_new_context(self, *args, **kwargs)
    if kwargs.get("storage_state") and KEPT["app_url"] and not KEPT["now"]:
        if KEPT["file"] is None:
            _make_snapshot(self)
        page = context.new_page()
        page.goto(KEPT["app_url"] + "manifest.webmanifest")
        url = KEPT["app_url"] + KEPT["file"].relative_to(ROOT).as_posix()
        page.evaluate(PUT_SNAPSHOT, [SNAPSHOT_CACHE, KEPT["key"], url])
        page.close()
    return context


Browser.new_context = _returning_context


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_setup(item):
    # before the test's fixtures, module-scoped ones too: a first visit's test opens contexts with nothing kept
    KEPT["now"] = item.get_closest_marker("first_visit") is not None


def pytest_sessionfinish(session):
    if KEPT["file"] is not None:
        KEPT["file"].unlink(missing_ok=True)


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args) -> dict:
    args = dict(browser_type_launch_args)
    executable = find_chromium()
    if executable:
        args["executable_path"] = executable
    args["args"] = [*args.get("args", []), *CHROMIUM_ARGS]
    return args


@dataclass
class PageWatch:
    """What a page did that tests check: requests off this machine, errors, responses."""

    page: Page
    external_requests: list[str] = field(default_factory=list)
    console_errors: list[str] = field(default_factory=list)
    responses: list[tuple[str, int, str]] = field(default_factory=list)  # url, status, type

    def content_types(self, suffix: str) -> list[str]:
        """Content types of the responses whose path ends with ``suffix``."""
        return [ctype for url, _, ctype in self.responses if urlsplit(url).path.endswith(suffix)]


def _is_local(url: str) -> bool:
    parts = urlsplit(url)
    if parts.scheme not in ("http", "https", "ws", "wss"):
        return True  # data:, blob:, about: never leave the browser
    return parts.hostname in LOCAL_HOSTS


def watch_context(context: BrowserContext, watch: PageWatch) -> None:
    """Abort and record every request that would leave this machine."""

    def on_route(route):
        url = route.request.url
        if _is_local(url):
            route.fallback()
        else:
            watch.external_requests.append(url)
            route.abort("blockedbyclient")

    def on_websocket(ws):
        if _is_local(ws.url):
            ws.connect_to_server()
        else:
            watch.external_requests.append(ws.url)
            ws.close()

    context.route("**/*", on_route)
    context.route_web_socket(re.compile(".*"), on_websocket)


# Records what the loading screen said, for tests of the boot itself.
RECORD_BOOT = """
window.__bootLog = [];
addEventListener("DOMContentLoaded", () => {
  const label = document.getElementById("loading-stage");
  if (!label) return;
  const note = () => window.__bootLog.push(label.textContent);
  note();
  new MutationObserver(note).observe(label, {childList: true, characterData: true, subtree: true});
});
"""


def watch_page(page: Page, watch: PageWatch | None = None) -> PageWatch:
    watch = watch or PageWatch(page)
    watch_context(page.context, watch)
    page.add_init_script(RECORD_BOOT)
    page.on("console", lambda msg: msg.type == "error" and watch.console_errors.append(msg.text))
    page.on("pageerror", lambda exc: watch.console_errors.append(f"uncaught: {exc}"))
    page.on("response", lambda r: watch.responses.append((r.url, r.status, r.headers.get("content-type", ""))))
    return watch


def open_game(page: Page, url: str, timeout: float = BOOT_TIMEOUT_MS) -> Page:
    """Load the app at ``url`` and wait until Python has dealt the board."""
    page.goto(url)
    page.wait_for_selector('#board[data-status="playing"]', state="visible", timeout=timeout)
    return page


@pytest.fixture(scope="module")
def module_tab(browser: Browser, default_context_args: dict):
    """One page for a module whose tests each load the game afresh (see
    ``clean_tab``): a page that has run the game loads it again for about 3
    CPU seconds instead of 5 in a new page, as its renderer keeps the
    compiled runtime."""
    context = browser.new_context(**default_context_args)
    yield context.new_page()
    context.close()


@pytest.fixture(scope="module")
def module_context(browser: Browser, browser_context_args: dict):
    """One context (one origin's storage) for a module whose tests open their
    own pages in it, or share pages from one test to the next."""
    context = browser.new_context(**browser_context_args)
    yield context
    context.close()


def clean_tab(
    page: Page,
    app_url: str,
    settings: str | None = MANUAL_HOME,
    size: tuple[int, int] = (1280, 720),
) -> Page:
    """``page`` as a new context gives it: no game loaded, the window
    ``size``, the media a new context has (light, motion allowed), no other
    page open in its context, and the origin's storage empty but for
    ``settings`` (the suite's by default; None for a first visit). Cleared
    from the manifest's address, so that no game page is open (a game page
    saves as it closes, and its background work stops with it). The
    runtime's snapshot stays (CacheStorage): the page boots as on a return
    visit."""
    for other in page.context.pages:
        if other is not page:
            other.close()
    page.goto(app_url + "manifest.webmanifest")
    page.emulate_media(color_scheme="light", reduced_motion="no-preference")  # a new context's
    page.evaluate(
        """s => { localStorage.clear(); sessionStorage.clear(); indexedDB.deleteDatabase('solitaire-keys');
                  if (s) localStorage.setItem('solitaire.settings', s); }""",
        settings,
    )
    page.set_viewport_size({"width": size[0], "height": size[1]})
    return page


# Failed tests per module, for tests that go on from the page an earlier test
# of their module left (``went_well``).
FAILURES: dict[str, int] = {}


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item, call):
    report = yield
    if report.failed:
        FAILURES[item.module.__name__] = FAILURES.get(item.module.__name__, 0) + 1
    return report


@pytest.fixture
def went_well(request) -> bool:
    """Whether every test of this module so far passed. A test that would go
    on from the page the tests before left (a boot of the game costs seconds)
    does so only then, and otherwise sets its page up itself: one failure
    does not fail the tests after it."""
    return not FAILURES.get(request.module.__name__)


@pytest.fixture
def game(page: Page, app_url: str) -> PageWatch:
    """A fresh page with the game booted, watched from the first request."""
    watch = watch_page(page)
    open_game(page, app_url)
    return watch


@pytest.fixture(scope="module")
def module_game(browser: Browser, browser_context_args: dict, app_url: str):
    """One booted, watched page shared by the tests of a module."""
    context = browser.new_context(**browser_context_args)
    page = context.new_page()
    watch = watch_page(page)
    open_game(page, app_url)
    yield watch
    context.close()
