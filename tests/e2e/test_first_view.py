"""The first view (issue 15): the table of the game about to be played is on
screen before Python is ready, and nothing moves when Python takes over.

The runtime's WebAssembly is held back (its request is left unanswered), so
the page shows what it can without Python; once it is let through, Python
deals and the game plays. static/js/view.js paints the last visit's table
from localStorage; only when it is the board this address will show. On a
first visit (nothing stored), it paints a new deal's table, every card face
down, from static/js/sketches.js (tools/sketches.py).
"""

from __future__ import annotations

from datetime import date
from urllib.parse import parse_qs, urlsplit

import pytest
from ui_helpers import BOOT_MS, click_pile, count, dom_piles, open_url, record_errors, settle, until

from game import new_game
from game.duel import Run, encode_challenge
from game.web.texts.games import GAMES as GAME_TEXTS
from game.web.texts.ui import t
from tests.e2e.conftest import RECORD_BOOT
from tools.sketches import LOADING_WORDS as LOADING_KEYS

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
        until(page, lambda: held)
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


# The loading screen's words that can show before Python, by language.
LOADING_WORDS = {lang: {k: t(lang, k) for k in LOADING_KEYS if k != "loading.failed"} for lang in ("en", "de", "it")}

# Every pile's and card's box, by pile and place in it: a sketch's cards have
# no codes. Rounded to tenths of a px.
PLACES = """() => Object.fromEntries([...document.querySelectorAll('#board [data-pile]')].flatMap(p =>
  [p, ...p.querySelectorAll('.card')].map((el, i) => { const r = el.getBoundingClientRect();
    return [p.dataset.pile + ':' + i, [r.x, r.y, r.width, r.height].map(v => Math.round(v * 10) / 10)]; })))"""


def same_places(before: dict, after: dict) -> None:
    assert before.keys() == after.keys()
    for key, box in before.items():
        assert all(abs(a - b) <= 0.5 for a, b in zip(box, after[key])), (key, box, after[key])


def first_visit(browser, context_args, app_url, query: str, size: dict | None = None):
    """A new profile opens ``query`` with the runtime held back; returns the
    context, the page and the held routes."""
    context = browser.new_context(**({**context_args, "viewport": size} if size else context_args))
    page = record_errors(context.new_page())
    page.add_init_script(SHIFTS)
    page.add_init_script(RECORD_BOOT)
    held = hold(page)
    page.goto(app_url + query)
    return context, page, held


def sketch_shown(page, held: list) -> None:
    """Wait until the sketch is painted, fitted and seen, with the runtime
    held back and Python not up."""
    page.wait_for_selector("#board[data-sketch]", state="visible", timeout=BOOT_MS)
    page.wait_for_timeout(300)
    until(page, lambda: held)
    assert held, "the runtime's .wasm was not requested"
    assert not page.evaluate(PYTHON_UP)
    assert page.get_attribute("#board", "data-sketch") == ""  # fitted, and seen


@pytest.mark.parametrize(
    "query, game, size, compact",
    [
        ("", "reloaded", {"width": 1280, "height": 720}, False),
        ("?game=forty-thieves&lang=de", "forty-thieves", {"width": 844, "height": 390}, True),
        # A shared deal and a daily deal: a new table face down is the same for every deal.
        ("?game=reloaded&seed=9", "reloaded", {"width": 1366, "height": 768}, False),
        (f"?game=forty-thieves&daily={date.today().isoformat()}&lang=it", "forty-thieves", None, False),
        # A classic: Spider's ten columns and its stock alone in the corner (its tap deals a row).
        ("?game=spider-2&lang=it", "spider-2", {"width": 1920, "height": 1080}, False),
    ],
)
def test_a_first_visit_shows_a_new_table_before_python_and_nothing_moves(
    browser, first_visit_context_args, app_url, query, game, size, compact
):
    """Nothing stored: the table of a new deal of the game the address asks
    for (the default game when it names none) is painted while the runtime
    is held back, every card face down; Python's deal then puts its cards
    in the same boxes. A phone held sideways gets compact cards, which fan
    wider: the sketch for them."""
    context, page, held = first_visit(browser, first_visit_context_args, app_url, query, size)
    try:
        sketch_shown(page, held)
        # The loading screen is a slim bar over the table, below its cards' rows.
        assert page.is_visible("#loading.over progress") and page.is_hidden("#loading .loading-cards")
        # Its words are the player's before Python speaks (game/web/texts, through sketches.js).
        lang = parse_qs(urlsplit(query).query).get("lang", ["en"])[0]
        name = GAME_TEXTS[game][lang].name
        assert page.text_content("#loading-stage") in {w.replace("{game}", name) for w in LOADING_WORDS[lang].values()}
        assert page.get_attribute("#loading-progress", "aria-label") == t(lang, "loading.progress")
        assert page.evaluate("document.documentElement.lang") == lang  # read aloud in its own language
        assert page.get_attribute("#board", "data-game") == game
        assert page.evaluate("document.getElementById('board').classList.contains('compact')") is compact
        sketch = page.evaluate(PLACES)
        faces = page.evaluate("[...document.querySelectorAll('#board .card')].map(c => c.dataset.face)")
        assert faces and set(faces) == {"down"}
        click_pile(page, "stock")  # nothing answers before Python
        page.wait_for_timeout(200)
        assert page.evaluate(PLACES) == sketch

        release(page, held)
        page.wait_for_selector('#board[data-status="playing"]', state="attached", timeout=BOOT_MS)
        settle(page)
        assert page.get_attribute("#board", "data-sketch") is None
        assert page.get_attribute("#board", "data-preview") is None
        assert page.is_hidden("#loading")
        assert page.evaluate("[...document.getElementById('board').style].filter(n => /^--s\\d/.test(n))") == []
        same_places(sketch, page.evaluate(PLACES))
        assert set(page.evaluate("[...document.querySelectorAll('#board .card')].map(c => c.dataset.face)")) == {
            "up",
            "down",
        }
        page.wait_for_timeout(500)
        cls = sum(page.evaluate("window.__shifts"))
        assert cls < 0.02, f"CLS {cls:.4f}"
        play_a_draw(page)
        assert page.evaluate("window.solitaire.state().moves") >= 1  # cards may go home after it (the default)
        assert page.errors == []
    finally:
        context.close()


@pytest.mark.parametrize(
    "query, size, arrangement",
    [
        ("?game=retinue&seed=4&lang=de", {"width": 1366, "height": 768}, "beside"),
        ("?game=retinue", {"width": 390, "height": 844}, "below"),
    ],
)
def test_a_shared_royal_retinue_deal_shows_its_table_before_python(
    browser, first_visit_context_args, app_url, query, size, arrangement
):
    """Royal Retinue lays its placed cards beside their pile on a wide
    table and below it on an upright phone: the sketch picks the same
    arrangement as Python, with the piles' rank labels in the player's
    letters, and Python's deal then fills the same boxes."""
    context, page, held = first_visit(browser, first_visit_context_args, app_url, query, size)
    try:
        sketch_shown(page, held)
        assert page.get_attribute("#board", "data-game") == "retinue"
        assert page.is_visible("#loading.over progress")
        faces = page.evaluate("[...document.querySelectorAll('#board .card')].map(c => c.dataset.face)")
        assert len(faces) == 52 and set(faces) == {"down"}
        labels = page.locator("#board .pile-label").all_text_contents()
        assert labels == (["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "B", "D", "K"] if "de" in query else
                          ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"])  # fmt: skip
        sketch = page.evaluate(PLACES)
        t1 = page.locator('#board [data-pile="t1"]').bounding_box()
        card = page.locator('#board [data-pile="t1"] .card').first.bounding_box()
        # Beside: a cell wider than two cards and one card high; below: one card wide, taller.
        assert (t1["width"] > 2 * card["width"]) is (arrangement == "beside")
        assert (t1["height"] > 2 * card["height"]) is (arrangement == "below")

        release(page, held)
        page.wait_for_selector('#board[data-status="playing"]', state="attached", timeout=BOOT_MS)
        settle(page)
        assert page.get_attribute("#board", "data-sketch") is None
        assert page.locator("#board .pile-label").all_text_contents() == labels
        same_places(sketch, page.evaluate(PLACES))
        page.wait_for_timeout(500)
        cls = sum(page.evaluate("window.__shifts"))
        assert cls < 0.02, f"CLS {cls:.4f}"
        assert page.errors == []
    finally:
        context.close()


def test_a_duel_link_shows_its_games_table_before_python(browser, first_visit_context_args, app_url):
    """A first visit by a duel link: the game is read from the link (not the
    default game), its table shown face down while the runtime is held back;
    then Python deals and asks whether to accept the duel."""
    g = new_game("forty-thieves", 12, time_limit=300)
    g.play(g.legal_moves()[0], 1.0)
    g.resign(2.0)
    token = encode_challenge([Run.from_game("Ann", g)])
    context, page, held = first_visit(browser, first_visit_context_args, app_url, f"?duel={token}&lang=de")
    try:
        page.wait_for_selector("#board[data-sketch]", state="visible", timeout=BOOT_MS)
        until(page, lambda: held)
        assert not page.evaluate(PYTHON_UP)
        assert page.get_attribute("#board", "data-game") == "forty-thieves"
        faces = page.evaluate("[...document.querySelectorAll('#board .card')].map(c => c.dataset.face)")
        assert faces and set(faces) == {"down"}
        release(page, held)
        page.wait_for_selector("#duel-dialog[open]", timeout=BOOT_MS)
        assert page.get_attribute("#board", "data-sketch") is None
        assert page.get_attribute("#board", "data-game") == "forty-thieves"
        assert page.errors == []
    finally:
        context.close()


def test_no_sketch_where_python_will_show_another_table(
    browser, browser_context_args, first_visit_context_args, app_url
):
    """The loading screen, as before, where a sketch would be wrong: a
    position named in the address, something stored (a setting may change the cards),
    and cards too narrow for a finger on an upright phone (Python
    shows the hint to turn it, and the table is smaller)."""
    phone = {"width": 390, "height": 844}
    cases = [
        ("?game=reloaded&position=x", first_visit_context_args, None),  # a position: its own table
        ("", browser_context_args, None),  # a setting is stored
        ("?game=forty-thieves", first_visit_context_args, phone),
    ]
    for query, args, size in cases:
        context, page, held = first_visit(browser, args, app_url, query, size)
        try:
            page.wait_for_selector("#loading", state="visible", timeout=BOOT_MS)
            page.wait_for_timeout(300)
            assert not page.evaluate(PYTHON_UP)
            assert page.is_hidden("#board"), query
            assert page.evaluate("window.SolView.shown") is False, query
            if size:  # the narrow phone: Python still deals, with the hint to turn it
                release(page, held)
                page.wait_for_selector('#board[data-status="playing"]', state="attached", timeout=BOOT_MS)
                assert page.is_visible("#turn-hint")
            assert page.errors == []
        finally:
            context.close()


def test_a_runtime_that_fails_under_the_sketch_says_so_on_the_whole_screen(browser, first_visit_context_args, app_url):
    """A first visit whose runtime cannot start: the sketch goes, and the
    loading screen, no longer a slim bar, says what happened."""
    context, page, held = first_visit(browser, first_visit_context_args, app_url, "")
    try:
        page.wait_for_selector("#board[data-sketch]", state="visible", timeout=BOOT_MS)
        # Every later request for the runtime fails too (the newest route
        # answers first), with no moment between in which one could get through.
        page.route(WASM, lambda route: route.abort())
        for route in held:
            route.abort()
        page.locator("#loading-stage").filter(has_text="could not start").wait_for(timeout=BOOT_MS)
        assert page.is_hidden("#board")
        assert page.get_attribute("#loading", "class") == "loading failed"
        assert page.evaluate("window.SolView.shown") is False
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


def play_counting_runtime_requests(page, app_url: str) -> list:
    """Open QUERY and play a draw once the game is up; returns the addresses
    of the requests for the runtime's .wasm, a list that goes on growing."""
    asked = []
    page.on("request", lambda r: asked.append(r.url) if r.url.endswith("pyodide.asm.wasm") else None)
    page.goto(app_url + QUERY)
    page.wait_for_selector('#board[data-status="playing"]', state="attached", timeout=BOOT_MS)
    settle(page)
    play_a_draw(page)
    return asked


def test_a_first_visit_downloads_the_runtime_once(browser, browser_context_args, app_url):
    """start.js's early compile and Pyodide both want pyodide.asm.wasm (9 MB);
    Pyodide's request is answered from the early one, so the network carries
    it once, and the solver worker starts from the same module."""
    context = browser.new_context(**browser_context_args)
    try:
        page = record_errors(context.new_page())
        asked = play_counting_runtime_requests(page, app_url)
        page.keyboard.press("h")  # the solver worker: from the module the page compiled
        page.wait_for_function("window.SolSolver.ready", timeout=BOOT_MS)
        assert page.evaluate("window.SolSolver.shared") is True
        assert len(asked) == 1, asked
        assert page.errors == []
    finally:
        context.close()


def test_where_the_early_compile_fails_pyodide_downloads_the_runtime_itself(browser, browser_context_args, app_url):
    context = browser.new_context(**browser_context_args)
    try:
        page = record_errors(context.new_page())
        page.add_init_script("WebAssembly.compileStreaming = () => Promise.reject(new Error('refused for the test'))")
        asked = play_counting_runtime_requests(page, app_url)
        assert page.evaluate("window.solitaire.state().moves") == 1
        assert page.evaluate("window.solitaireRuntime instanceof WebAssembly.Module")  # kept for the worker
        assert len(asked) == 2, asked  # the early request, then Pyodide's own
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
        until(page, lambda: held and asked)
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


@pytest.mark.parametrize(
    "query, lang, name",
    [("?game=reloaded&seed=4", "en", "Solitaire Reloaded"), ("?game=forty-thieves&lang=de", "de", "Vierzig Räuber")],
)
def test_the_loading_words_name_the_game_and_a_tap_before_it_is_ready_is_answered(
    browser, first_visit_context_args, app_url, query, lang, name
):
    """While the runtime is held back, the loading bar over the table says
    what a player understands, with the game's name, in the player's
    language; a tap on a card gets a visible answer (the cards wake once the
    game is ready), and the stage's words come back after it."""
    context = browser.new_context(**first_visit_context_args)
    page = record_errors(context.new_page())
    page.add_init_script(RECORD_BOOT)
    config = hold(page, CONFIG)  # PyScript waits for its configuration: the first words stay
    held = hold(page)
    page.goto(app_url + query)
    try:
        page.wait_for_selector("#board[data-sketch]", state="visible", timeout=BOOT_MS)
        until(page, lambda: config)
        stage = page.text_content("#loading-stage")
        assert stage == t(lang, "loading.start").replace("{game}", name)
        assert "Python" not in stage
        page.locator('#board [data-pile="t1"] .card').last.click()  # a tap before the game is ready
        wait = t(lang, "loading.wait").replace("{game}", name)
        page.wait_for_selector("#loading.nudged", timeout=2_000)
        assert page.text_content("#loading-stage") == wait
        assert page.is_visible("#loading-stage")
        page.wait_for_function(
            "!document.getElementById('loading').classList.contains('nudged')", timeout=10_000, polling=100
        )
        assert page.text_content("#loading-stage") == stage  # the stage's words again
        release(page, config, CONFIG)
        until(page, lambda: held)
        release(page, held)
        page.wait_for_selector('#board[data-status="playing"]', state="attached", timeout=BOOT_MS)
        assert page.is_hidden("#loading")
        said = page.evaluate("window.__bootLog")
        assert len(said) >= 3 and wait in said, said
        assert not [s for s in said if "Python" in s], said
        assert page.errors == []
    finally:
        context.close()
