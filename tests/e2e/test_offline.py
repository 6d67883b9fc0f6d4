"""Offline play: the first visit keeps the whole app in a versioned cache;
with the network gone the page boots and plays; a new version installs
beside the old one, offers a reload, and replaces it cleanly. Also: the page
breaks no rule of its Content-Security-Policy, and every file it loads is in
the service worker's list.

The module serves its own copy of the app (under a sub-path, as on a static
host), so that it can publish a new version by changing a file."""

from __future__ import annotations

import shutil
from urllib.parse import urlsplit

import pytest
from conftest import BOOT_TIMEOUT_MS, watch_page
from ui_helpers import WAIT_MS

from tools import precache
from tools.serve import ROOT, make_server, serve_in_thread

SHOTS = ROOT / "artifacts" / "screenshots"
BASE = "/games/solitaire/"
SW_FILES = {"sw.js", precache.OUTPUT}

CSP_WATCH = """
window.__cspViolations = [];
document.addEventListener('securitypolicyviolation',
    e => window.__cspViolations.push(e.violatedDirective + ' ' + e.blockedURI));
"""


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    """A copy of the app folder (the runtime linked, not copied), served."""
    root = tmp_path_factory.mktemp("site")
    for name in ("index.html", "manifest.webmanifest", "pyscript.toml", "sw.js"):
        shutil.copy(ROOT / name, root / name)
    shutil.copytree(ROOT / "game", root / "game", ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copytree(ROOT / "static", root / "static", ignore=shutil.ignore_patterns("vendor"))
    (root / "static" / "vendor").symlink_to(ROOT / "static" / "vendor", target_is_directory=True)
    server = make_server(root, port=0, base=BASE, quiet=True)
    serve_in_thread(server)
    yield root, f"http://127.0.0.1:{server.server_address[1]}{BASE}"
    server.shutdown()
    server.server_close()


@pytest.fixture(scope="module")
def visit(browser, browser_context_args, site):
    context = browser.new_context(**{**browser_context_args, "service_workers": "allow"})
    page = context.new_page()
    page.add_init_script(CSP_WATCH)
    watch = watch_page(page)
    yield context, page, watch
    context.close()


def wait_playing(page):
    page.wait_for_selector('#board[data-status="playing"]', state="visible", timeout=BOOT_TIMEOUT_MS)


def caches(page) -> dict:
    """The offline copy's caches (the runtime's snapshot, which the page keeps
    apart from them, aside: static/js/runtime.mjs)."""
    return page.evaluate("""async () => {
        const out = {};
        for (const name of await caches.keys()) {
          if (name !== "solitaire-runtime-snapshot") out[name] = (await (await caches.open(name)).keys()).length;
        }
        return out;
    }""")


def click_stock_and_wait(page):
    before = page.evaluate("window.solitaire.state().moves")
    page.locator('#board [data-pile="stock"]').click()
    page.wait_for_function(f"window.solitaire.state().moves === {before + 1}", timeout=WAIT_MS)


def test_the_first_visit_keeps_the_app_for_offline_play(visit, site):
    root, url = site
    context, page, watch = visit
    page.goto(url + "?game=solitario&seed=7")
    wait_playing(page)
    page.wait_for_function("window.SolOffline && window.SolOffline.state === 'ready'", timeout=60_000)
    page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=10_000)
    files = precache.app_files(root)
    version = precache.version(root)
    assert caches(page) == {f"solitaire:{url}:{version}": len(files)}
    assert page.evaluate("window.__cspViolations") == []
    # Installable: Chromium finds nothing missing (a test context is always incognito).
    cdp = context.new_cdp_session(page)
    assert cdp.send("Page.getAppManifest")["errors"] == []
    errors = {e["errorId"] for e in cdp.send("Page.getInstallabilityErrors")["installabilityErrors"]}
    assert errors <= {"in-incognito"}, errors
    cdp.detach()
    loaded = {urlsplit(u).path[len(BASE) :] for u, code, _ in watch.responses if urlsplit(u).path.startswith(BASE)}
    missing = loaded - set(files) - SW_FILES - {""}
    assert not missing, f"loaded but not kept for offline play: {sorted(missing)}"
    assert not watch.console_errors


def test_with_no_network_the_game_boots_and_plays(visit, site):
    _, url = site
    context, page, watch = visit
    context.set_offline(True)
    try:
        first = len(watch.responses)
        page.reload()  # an address with a query (?game=…&seed=…): index.html from the cache
        wait_playing(page)
        click_stock_and_wait(page)
        assert page.get_attribute("#board", "data-game") == "solitario"
        # Chromium answers the files from the cache by the worker's static
        # routes, without running the worker for each; the page by the worker.
        sources = page.evaluate("""() => Object.fromEntries(performance.getEntriesByType('resource')
            .filter(r => /pyodide[.]asm[.]wasm$|static[/]game[.]zip$/.test(r.name))
            .map(r => [r.name.split('/').pop(), r.workerMatchedSourceType]))""")
        assert sources == {"pyodide.asm.wasm": "cache", "game.zip": "cache"}, sources
    finally:
        context.set_offline(False)
    assert len(watch.responses) > first
    assert page.evaluate("window.__cspViolations") == []


def test_a_new_version_replaces_the_old_one_cleanly(visit, site):
    root, url = site
    context, page, watch = visit
    old = precache.version(root)
    boot = root / "static" / "js" / "boot.js"
    boot.write_text(boot.read_text(encoding="utf-8") + "\n// version 2\n", encoding="utf-8")
    new = precache.version(root)
    assert new != old
    # The check a browser makes on every visit, made at once: sw.js and its
    # list are fetched again, and the new version installs beside the old.
    page.evaluate("navigator.serviceWorker.getRegistration().then(r => r.update())")
    page.wait_for_selector("#update", state="visible", timeout=60_000)
    assert page.text_content("#update-text") == "A new version of the game is ready."
    page.screenshot(path=str(SHOTS / "update-ready.png"))
    assert set(caches(page)) == {f"solitaire:{url}:{old}", f"solitaire:{url}:{new}"}
    with page.expect_navigation(timeout=30_000):
        page.click("#update-reload")
    page.wait_for_load_state("domcontentloaded")  # the old cache went as the new version took over
    assert list(caches(page)) == [f"solitaire:{url}:{new}"]
    served = page.evaluate("fetch('./static/js/boot.js').then(r => r.text())")
    assert served.endswith("// version 2\n")
    assert page.is_hidden("#update")
