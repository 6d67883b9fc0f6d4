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
