"""The page boots Python offline and shows the opening deal of Solitaire Reloaded."""

from __future__ import annotations

import json

import pytest
from ui_helpers import BOOT_MS

from tools.serve import ROOT

SCREENSHOT = ROOT / "artifacts" / "screenshots" / "smoke-board.png"
COLUMNS = [f"t{i}" for i in range(1, 8)]


def dom_piles(page) -> dict[str, list[str]]:
    """Every pile on the board with its card codes, bottom to top."""
    return page.evaluate(
        """() => Object.fromEntries([...document.querySelectorAll('#board [data-pile]')]
            .map(p => [p.dataset.pile, [...p.querySelectorAll('[data-card]')]
                .map(c => c.dataset.card)]))"""
    )


@pytest.fixture(scope="module")
def board(module_game):
    page = module_game.page
    SCREENSHOT.parent.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOT), full_page=True)
    return module_game


def test_board_is_dealt_and_playing(board):
    page = board.page
    assert page.get_attribute("#board", "data-status") == "playing"
    assert page.get_attribute("#board", "data-game") == "reloaded"
    assert page.is_hidden("#loading")
    marks = page.evaluate("performance.getEntriesByName('interactive').length")
    assert marks == 1


def test_the_game_runs_from_bytecode_made_ahead_of_time(board):
    """The page imports the game's modules as the archive's .pyc files,
    compiled by the same runtime at build time, and compiles none of them."""
    loaded = board.page.evaluate("(d => [d.modules_bytecode, d.modules_source])(window.solitaire.diagnostics())")
    assert loaded[1] == 0 and loaded[0] >= 20, loaded


def test_loading_screen_reported_the_stages(board):
    said = board.page.evaluate("window.__bootLog")
    for stage in ("Shuffling the cards\u2026", "Dealing the cards\u2026"):
        assert stage in said, said
    # Words a player understands: no runtime's name.
    assert not [s for s in said if "Python" in s], said
    assert board.page.evaluate("document.getElementById('loading-progress').value") == 100


def test_opening_deal_has_every_card_in_place(board):
    page = board.page
    assert page.locator("#board [data-card]").count() == 52
    columns = page.locator(", ".join(f'[data-pile="{t}"] [data-card]' for t in COLUMNS))
    assert columns.count() == 28
    assert page.locator(", ".join(f'[data-pile="{t}"] [data-face="up"]' for t in COLUMNS)).count() == 7
    assert page.locator('[data-pile="stock"] [data-card][data-face="down"]').count() == 24
    piles = dom_piles(page)
    for i, t in enumerate(COLUMNS, start=1):
        codes = piles[t]
        assert len(codes) == i
        assert all(c.islower() for c in codes[:-1]) and codes[-1].isupper(), (t, codes)
    faces = page.evaluate(
        "[...document.querySelectorAll('[data-card]')].every(c =>"
        " (c.dataset.face === 'down') === (c.dataset.card === c.dataset.card.toLowerCase()))"
    )
    assert faces, "data-face must match the case of data-card"


def test_board_matches_the_engine(board):
    game = pytest.importorskip("game")
    seed = int(board.page.get_attribute("#board", "data-seed"))
    expected = game.new_game("reloaded", seed=seed).position.to_json()
    if isinstance(expected, str):
        expected = json.loads(expected)
    shown = {name: cards for name, cards in dom_piles(board.page).items() if cards}
    assert shown == {name: cards for name, cards in expected["piles"].items() if cards}


def test_no_console_errors(board):
    assert board.console_errors == []


def test_nothing_leaves_the_machine(board):
    assert board.external_requests == []


def test_wasm_served_as_application_wasm(board):
    types = board.content_types(".wasm")
    assert types, "the page loaded no .wasm file"
    assert all(t.split(";")[0].strip() == "application/wasm" for t in types), types


def test_a_runtime_that_fails_to_load_is_reported(page, app_url):
    page.route("**/pyodide.asm.wasm", lambda route: route.abort())
    page.goto(app_url)
    stage = page.locator("#loading-stage")
    # The failure comes after the runtime's other files (seconds; on a busy machine a boot's time).
    stage.filter(has_text="could not start").wait_for(timeout=BOOT_MS)
    assert "Reload the page" in stage.text_content()
    assert page.get_attribute("#board", "data-status") is None


def test_a_failure_told_before_the_page_is_parsed_stays_on_screen(page, app_url):
    """The runtime's download can fail between the loading screen's script
    (static/js/boot.js, deferred) and the end of the page's parse, as a slow
    machine has it: what the screen says then must not be replaced by its
    first words (static/js/view.js) when the parse ends."""
    downloads, scripts = [], []  # held requests: the runtime's, and the last deferred script's

    def hold(route):
        if downloads is None:  # the page is past the point this test makes
            route.abort()
        else:
            downloads.append(route)

    page.route("**/pyodide.asm.wasm", hold)
    page.route("**/static/js/celebrate.js", lambda route: scripts.append(route))
    page.goto(app_url, wait_until="commit")
    page.wait_for_function("!!window.boot && document.readyState === 'interactive'", timeout=BOOT_MS)
    held, downloads = downloads, None
    for route in held:
        route.abort()
    stage = page.locator("#loading-stage")
    stage.filter(has_text="could not start").wait_for(timeout=BOOT_MS)
    # Now the parse ends: the last deferred script arrives, DOMContentLoaded follows.
    for route in scripts:
        route.continue_()
    page.wait_for_function("document.readyState === 'complete'", timeout=BOOT_MS)
    assert "could not start" in stage.text_content() and "Reload the page" in stage.text_content()
    assert page.is_visible("#loading-stage")
