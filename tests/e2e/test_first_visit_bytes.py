"""What a first visit downloads (issue 37): only what the game uses, and a
loading bar that counts it.

PyScript's core loads its plugins at start unless the configuration turns
them off (pyscript.toml's ``plugins``): the code editor, the terminal, the
game plugin and the worker "donkey" are never used by the game.
"""

from __future__ import annotations

import re

from ui_helpers import BOOT_MS, record_errors, settle

# What the game never uses: PyScript's editor, terminal, game and donkey
# plugins and the libraries they would pull in.
UNUSED = re.compile(r"/static/vendor/pyscript/(py-editor|py-terminal|py-game|donkey|codemirror|xterm)[^/]*$")


def test_a_first_visit_fetches_no_editor_or_terminal_chunk(browser, first_visit_context_args, app_url):
    """Every request of a first visit, the page's and its workers', up to a
    hint answered by the solver worker: none is for an editor, terminal,
    CodeMirror or xterm chunk; PyScript's own core is among them."""
    context = browser.new_context(**first_visit_context_args)
    asked: list[str] = []
    context.on("request", lambda request: asked.append(request.url.split("?")[0]))
    try:
        page = record_errors(context.new_page())
        page.goto(app_url + "?game=reloaded&seed=7")
        page.wait_for_selector('#board[data-status="playing"]', state="attached", timeout=BOOT_MS)
        settle(page)
        page.keyboard.press("Escape")  # the first visit's guide
        page.keyboard.press("h")  # the solver worker starts
        page.wait_for_function("window.SolSolver && window.SolSolver.ready", timeout=BOOT_MS)
        assert any(url.endswith("/static/vendor/pyscript/core.js") for url in asked), asked
        assert [url for url in asked if UNUSED.search(url)] == []
        assert page.errors == []
    finally:
        context.close()


# Every value the loading bar takes, as a screen reader would hear it.
RECORD_BAR = """
window.__bar = [];
addEventListener("DOMContentLoaded", () => {
  const bar = document.getElementById("loading-progress");
  const note = () => window.__bar.push([bar.getAttribute("aria-valuenow"), bar.getAttribute("aria-valuetext"),
                                        document.getElementById("loading-amount").textContent, bar.value]);
  new MutationObserver(note).observe(bar, {attributes: true, attributeFilter: ["aria-valuenow"]});
});
"""


def test_the_loading_bar_counts_the_runtimes_bytes_forward_to_full(browser, first_visit_context_args, app_url):
    """A first visit on a slow link (throttled through the DevTools
    protocol, 20 Mbit/s): the bar (a progressbar with aria-valuenow) takes
    many values while the runtime's bytes arrive, never goes back, says
    "N% loaded" beside itself and to a screen reader, and is full when the
    game is ready. Before the last byte it stays at most at 90 %."""
    context = browser.new_context(**first_visit_context_args)
    try:
        page = record_errors(context.new_page())
        page.add_init_script(RECORD_BAR)
        cdp = context.new_cdp_session(page)
        cdp.send("Network.enable")
        rate = 20e6 / 8  # bytes per second
        cdp.send(
            "Network.emulateNetworkConditions",
            {"offline": False, "latency": 20, "downloadThroughput": rate, "uploadThroughput": rate},
        )
        page.goto(app_url + "?game=forty-thieves&seed=3")
        assert page.get_attribute("#loading-progress", "role") in (None, "progressbar")
        assert page.evaluate("document.getElementById('loading-progress').matches('progress')")
        page.wait_for_selector('#board[data-status="playing"]', state="attached", timeout=BOOT_MS)
        values = page.evaluate("window.__bar")
        now = [int(v[0]) for v in values]
        assert now == sorted(now), now  # never backward
        assert now[-1] == 100, now
        during = [n for n in now if n < 90]
        assert len(set(during)) >= 8, now  # it moved while the bytes came
        assert all(text == f"{n}% loaded" == amount for (n, text, amount, _) in values), values[:5]
        assert all(float(value) >= int(n) for (n, _, _, value) in values)
        bytes_in = page.evaluate(
            """() => { const s = window.SolSketches.runtime, got = window.solitaireBytes;
                       return Object.keys(s).filter(p => { const u = new URL(p, document.baseURI);
                         return got.done[u.origin + u.pathname]; }); }"""
        )
        assert "static/vendor/pyodide/pyodide.asm.wasm" in bytes_in  # counted as it streamed
        assert page.errors == []
    finally:
        context.close()


def test_the_loading_bar_speaks_the_players_language(browser, first_visit_context_args, app_url):
    """With the runtime held back, the bar's words are German on a German
    address, and the bar is short of the bytes' end."""
    context = browser.new_context(**first_visit_context_args)
    try:
        page = record_errors(context.new_page())
        held = []
        page.route("**/pyodide.asm.wasm", lambda route: held.append(route))
        page.goto(app_url + "?lang=de")
        page.wait_for_selector("#loading-progress[aria-valuenow]", state="attached", timeout=BOOT_MS)
        now = int(page.get_attribute("#loading-progress", "aria-valuenow"))
        assert 0 < now < 90
        assert page.get_attribute("#loading-progress", "aria-valuetext") == f"{now} % geladen"
        assert page.text_content("#loading-amount") == f"{now} % geladen"
        for route in held:
            route.abort()
    finally:
        context.close()
