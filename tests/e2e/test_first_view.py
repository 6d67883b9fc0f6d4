"""The first view (issue 15): the table of the game about to be played is on
screen before Python is ready, and nothing moves when Python takes over.

The runtime's WebAssembly is held back (its request is left unanswered), so
the page shows what it can without Python; once it is let through, Python
deals and the game plays. static/js/view.js paints the last visit's table
from localStorage; only when it is the board this address will show.
"""

from __future__ import annotations

from ui_helpers import BOOT_MS, click_pile, count, dom_piles, open_url, record_errors, settle

QUERY = "?game=forty-thieves&seed=5"
WASM = "**/pyodide.asm.wasm"
CONFIG = "**/pyscript.toml"
DEFERRED = "**/static/js/celebrate.js"  # one of index.html's deferred scripts

SHIFTS = """
window.__shifts = [];
new PerformanceObserver(list => {
  for (const e of list.getEntries()) if (!e.hadRecentInput) window.__shifts.push(e.value);
}).observe({type: "layout-shift", buffered: true});
"""

# Every pile's and card's box, as the player sees them.
BOXES = """() => Object.fromEntries([...document.querySelectorAll('#board [data-pile], #board [data-card]')]
  .map((el, i) => { const r = el.getBoundingClientRect();
    return [(el.dataset.pile || '') + ':' + i, [r.x, r.y, r.width, r.height].map(v => Math.round(v))]; }))"""

PYTHON_UP = "() => typeof window.solitaire !== 'undefined'"


def hold(page, pattern: str = WASM) -> list:
    """Leave the requests matching ``pattern`` (the runtime's .wasm unless
    told) unanswered; returns the held routes."""
    held = []
    page.route(pattern, lambda route: held.append(route))
    return held


def release(page, held: list, pattern: str = WASM) -> None:
    for route in held:
        route.continue_()
    page.unroute(pattern)


def play_a_draw(page) -> None:
    before = count(page, "stock")
    click_pile(page, "stock")
    page.wait_for_function(f"document.querySelectorAll('#board [data-pile=\"stock\"] > [data-card]').length < {before}")
    settle(page)


def test_the_last_table_shows_before_python_and_the_game_plays_on(browser, browser_context_args, app_url):
    context = browser.new_context(**browser_context_args)
    try:
        page = record_errors(context.new_page())
        open_url(page, app_url, QUERY)
        play_a_draw(page)  # a position of this visit, not the deal's
        piles, boxes = dom_piles(page), page.evaluate(BOXES)
        moves = page.evaluate("window.solitaire.state().moves")
        assert moves == 1

        page.add_init_script(SHIFTS)
        held = hold(page)
        page.goto(app_url + QUERY)  # as a reload: the address of this deal
        page.wait_for_selector("#board[data-preview]", state="visible", timeout=BOOT_MS)
        page.wait_for_timeout(300)
        assert held, "the runtime's .wasm was not requested"
        assert not page.evaluate(PYTHON_UP), "Python is already up: the test held nothing back"
        assert page.get_attribute("#board", "data-status") is None
        assert page.is_hidden("#loading")
        assert page.get_attribute("#board", "data-game") == "forty-thieves"
        assert dom_piles(page) == piles
        assert page.evaluate(BOXES) == boxes
        assert page.text_content('[data-hud="moves"]') == "1"
        click_pile(page, "stock")  # nothing answers before Python
        page.wait_for_timeout(200)
        assert dom_piles(page) == piles

        release(page, held)
        page.wait_for_selector('#board[data-status="playing"]', state="attached", timeout=BOOT_MS)
        settle(page)
        assert page.get_attribute("#board", "data-preview") is None
        assert dom_piles(page) == piles  # the same position, resumed
        assert page.evaluate(BOXES) == boxes  # in the same places: nothing jumped
        page.wait_for_timeout(500)
        cls = sum(page.evaluate("window.__shifts"))
        assert cls < 0.02, f"CLS {cls:.4f}"
        play_a_draw(page)
        assert page.evaluate("window.solitaire.state().moves") == 2
        assert page.errors == []
    finally:
        context.close()


def test_no_last_table_for_another_game_size_or_language(browser, browser_context_args, app_url):
    context = browser.new_context(**browser_context_args)
    try:
        page = record_errors(context.new_page())
        open_url(page, app_url, QUERY)
        page.evaluate("window.SolView.keep()")
        assert page.evaluate("JSON.parse(localStorage.getItem('solitaire.view')).game") == "forty-thieves"
        size = page.viewport_size
        held = hold(page)

        def no_table(query: str) -> None:
            page.goto(app_url + query)
            page.wait_for_selector("#loading", state="visible", timeout=BOOT_MS)
            page.wait_for_timeout(300)
            assert not page.evaluate(PYTHON_UP)
            assert page.is_hidden("#board"), query
            assert page.evaluate("window.SolView.shown") is False, query

        no_table("?game=reloaded&seed=9")  # another game
        no_table("?game=forty-thieves&seed=6")  # another deal
        no_table(QUERY + "&lang=de")  # the copy's words are English
        page.set_viewport_size({"width": size["width"] - 100, "height": size["height"]})
        no_table(QUERY)  # another layout
        page.set_viewport_size(size)
        page.goto(app_url + QUERY)  # the same board again: shown
        page.wait_for_selector("#board[data-preview]", state="visible", timeout=BOOT_MS)
        release(page, held)
        page.wait_for_selector('#board[data-status="playing"]', state="attached", timeout=BOOT_MS)
        assert page.errors == []
    finally:
        context.close()


def test_the_runtime_is_compiled_before_pyscript_starts_it(browser, browser_context_args, app_url):
    """start.js compiles pyodide.asm.wasm while the page is parsed, not once
    PyScript has read pyscript.toml and loaded Pyodide: with pyscript.toml
    held back, so that Pyodide cannot start, the runtime's module is already
    compiled. Let through, Python starts from that module and the game plays."""
    context = browser.new_context(**browser_context_args)
    try:
        page = record_errors(context.new_page())
        held = hold(page, CONFIG)
        page.goto(app_url + QUERY)
        page.wait_for_function("window.solitaireRuntime instanceof WebAssembly.Module", timeout=BOOT_MS)
        assert not page.evaluate(PYTHON_UP)
        page.wait_for_function("() => document.readyState === 'complete'")
        assert held, "PyScript did not ask for its configuration: the test held nothing back"
        release(page, held, CONFIG)
        page.wait_for_selector('#board[data-status="playing"]', state="attached", timeout=BOOT_MS)
        settle(page)
        play_a_draw(page)
        assert page.evaluate("window.solitaire.state().moves") == 1
        assert page.errors == []
    finally:
        context.close()


def test_pyscript_starts_once_the_page_is_parsed_without_waiting_for_deferred_scripts(
    browser, browser_context_args, app_url
):
    """start.js adds PyScript when the parser is done, not at DOMContentLoaded,
    which waits for every deferred script: with one of them held back,
    PyScript already asks for its configuration. Let through, the game deals
    and plays, with every script in place."""
    context = browser.new_context(**browser_context_args)
    try:
        page = record_errors(context.new_page())
        held, asked = hold(page, DEFERRED), []
        page.on("request", lambda request: asked.append(request.url) if request.url.endswith("pyscript.toml") else None)
        page.goto(app_url + QUERY, wait_until="commit")
        page.wait_for_function("() => document.readyState === 'interactive'", timeout=BOOT_MS)
        page.wait_for_timeout(1500)
        assert held, "the deferred script was not requested: the test held nothing back"
        assert page.evaluate("document.readyState") == "interactive"  # DOMContentLoaded has not fired
        assert asked, "PyScript waited for DOMContentLoaded"
        release(page, held, DEFERRED)
        page.wait_for_selector('#board[data-status="playing"]', state="attached", timeout=BOOT_MS)
        settle(page)
        play_a_draw(page)
        assert page.evaluate("typeof window.SolCelebrate") == "object"
        assert page.errors == []
    finally:
        context.close()
