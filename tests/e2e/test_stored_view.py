"""The stored copy of the last table (``solitaire.view``) is data, never
markup (issue 41, point 1). static/js/view.js used to put it back with
``innerHTML`` before Python started, so one write to the origin's storage
ran code in the page: PyScript runs any ``<script type="py">`` or
``<py-script>`` in the document, ``<script type="mpy">`` stopped the page,
and ``<meta http-equiv="refresh">`` sent the player elsewhere. Now the copy
is piles, cards, classes and words, checked and built again with
createElement and textContent; a copy of any other shape is removed and the
page starts as on a visit with nothing stored."""

from __future__ import annotations

import json

import pytest
from conftest import watch_page
from ui_helpers import BOOT_MS, click_pile, fill_storage, open_url, settle, until

QUERY = "?game=forty-thieves&seed=5"
VIEW = "solitaire.view"
WASM = "**/pyodide.asm.wasm"

PAYLOADS = {
    "script-py": '<script type="py">import js; js.window.__stored = "script-py"</script>',
    "py-script": "<py-script>import js; js.window.__stored = js.window.SolKeys and 'py-script'</py-script>",
    "script-mpy": '<script type="mpy">import js; js.window.__stored = "script-mpy"</script>',
    "meta-refresh": '<meta http-equiv="refresh" content="0; url=./manifest.webmanifest">',
}

# What each payload would leave in the document if it were markup (the
# page's own <script type="py"> names its config).
HOSTILE = "script[type=py]:not([config]), script[type=mpy], py-script, meta[http-equiv=refresh], #board script"


# Whether the page ever showed a stored copy (view.js marks it data-preview).
PREVIEWED = """
window.__previewed = false;
new MutationObserver(() => {
  const board = document.getElementById("board");
  if (board && board.hasAttribute("data-preview") && !board.hasAttribute("data-sketch")) window.__previewed = true;
}).observe(document, {subtree: true, childList: true, attributes: true});
"""


@pytest.fixture(scope="module")
def context(browser, browser_context_args):
    ctx = browser.new_context(**browser_context_args)
    yield ctx
    ctx.close()


def markup_copy(html: str) -> dict:
    """A copy as the page kept it before (version 1: the board's markup),
    for this window, language and address, so it would be shown."""
    return {
        "v": 1,
        "w": 1280,
        "h": 720,
        "lang": "en",
        "search": QUERY,
        "game": "forty-thieves",
        "playing": True,
        "html": html + '<div class="pile stock" data-pile="stock" role="button"></div>',
        "style": "",
        "cls": "board",
        "data": {"game": "forty-thieves", "deck": "french", "faces": "french"},
        "turnHint": False,
        "bonus": False,
        "texts": {"game-title": "Forty Thieves"},
        "hud": {},
        "title": "Forty Thieves",
    }


def boots_clean(page, app_url: str) -> None:
    """The game plays at the address asked, and nothing stored acted."""
    page.wait_for_selector('#board[data-status="playing"]', state="attached", timeout=BOOT_MS)
    settle(page)
    until(page, lambda: page.evaluate("window.__stored !== undefined"), 2_000)  # a payload's chance to run
    assert page.evaluate("window.__stored === undefined")
    assert page.url == app_url + QUERY
    assert page.evaluate(f"document.querySelectorAll({HOSTILE!r}).length") == 0
    assert not page.watch.external_requests, page.watch.external_requests
    before = page.evaluate("window.solitaire.state().moves")
    click_pile(page, "stock")  # and it plays (cards may go home by themselves too)
    page.wait_for_function(f"window.solitaire.state().moves > {before}", timeout=10_000)


@pytest.mark.parametrize("kind", sorted(PAYLOADS))
def test_stored_markup_never_acts_and_the_copy_is_dropped(context, app_url, kind):
    fill_storage(context, app_url, {VIEW: json.dumps(markup_copy(PAYLOADS[kind]))})
    page = context.new_page()
    page.watch = watch_page(page)
    page.goto(app_url + QUERY)
    boots_clean(page, app_url)
    kept = page.evaluate("k => localStorage.getItem(k)", VIEW)
    assert kept is None or kind not in kept and "<" not in json.dumps(json.loads(kept)["piles"])
    page.close()


@pytest.fixture(scope="module")
def real_copy(context, app_url) -> str:
    """The copy a real visit keeps, after one draw (JSON)."""
    fill_storage(context, app_url, {})
    page = context.new_page()
    open_url(page, app_url, QUERY)
    click_pile(page, "stock")
    settle(page)
    page.evaluate("window.SolView.keep()")
    copy = page.evaluate("k => localStorage.getItem(k)", VIEW)
    page.close()
    return copy


def test_the_copy_is_data_and_its_words_stay_words(context, app_url, real_copy):
    """Markup in the copy's words shows as those characters, in the copy
    drawn before Python, and is never an element."""
    copy = json.loads(real_copy)
    assert copy["v"] == 2 and "html" not in copy
    stock = next(p for p in copy["piles"] if p["pile"] == "stock")
    assert stock["marks"][0][0] == "badge" and stock["cards"] and "code" in stock["cards"][0]
    stock["marks"][0][1] = PAYLOADS["script-py"]
    stock["label"] = PAYLOADS["py-script"]
    stock["cards"][-1]["label"] = PAYLOADS["meta-refresh"]
    copy["texts"]["game-title"] = PAYLOADS["script-mpy"]
    fill_storage(context, app_url, {VIEW: json.dumps(copy)})

    page = context.new_page()
    page.watch = watch_page(page)
    held = []
    page.route(WASM, lambda route: held.append(route))
    page.goto(app_url + QUERY)
    page.wait_for_selector("#board[data-preview]", state="visible", timeout=BOOT_MS)
    assert page.text_content('#board [data-pile="stock"] .badge') == PAYLOADS["script-py"]
    assert page.get_attribute('#board [data-pile="stock"]', "aria-label") == PAYLOADS["py-script"]
    assert page.text_content("#game-title") == PAYLOADS["script-mpy"]
    assert page.evaluate(f"document.querySelectorAll({HOSTILE!r}).length") == 0
    until(page, lambda: held)
    for route in held:
        route.continue_()
    page.unroute(WASM)
    boots_clean(page, app_url)
    page.close()


@pytest.mark.parametrize(
    "damage",
    ["{", "style-url", "pile-name", "art", "class"],
)
def test_a_damaged_or_unexpected_copy_is_removed_and_the_page_starts(context, app_url, real_copy, damage):
    copy = json.loads(real_copy)
    if damage == "style-url":
        copy["piles"][0]["style"].append(["--strip", "url(https://example.com/x.png)"])
    elif damage == "pile-name":
        copy["piles"][0]["pile"] = '"><img src=x onerror=alert(1)>'
    elif damage == "art":
        copy["piles"][0]["cards"][0]["art"] = "javascript:alert(1)"
    elif damage == "class":
        copy["cls"] = 'board" onclick="x'
    raw = damage if damage == "{" else json.dumps(copy)
    fill_storage(context, app_url, {VIEW: raw})
    page = context.new_page()
    page.watch = watch_page(page)
    page.add_init_script(PREVIEWED)
    page.goto(app_url + QUERY)
    boots_clean(page, app_url)
    assert page.evaluate("window.__previewed") is False  # no copy shown: the loading screen, then the game
    kept = page.evaluate("k => localStorage.getItem(k)", VIEW)
    assert kept != raw and (kept is None or json.loads(kept)["v"] == 2)  # removed, or kept afresh by this visit
    page.close()
