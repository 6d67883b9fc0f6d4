"""Moves made ready ahead (game/web/ahead.py, static/js/table.js): while the
page is idle, Python works out what each likely move does to the board, and
a tap on the stock, a drop or a double click that makes one of them shows it
in the pointer's own handler, before Python has run. Python then plays it
through the engine once the frame is drawn: the score, the moves counter and
the saved game follow, and the board and the engine agree as ever."""

from __future__ import annotations

import json

import pytest
from conftest import MANUAL_HOME, clean_tab
from ui_helpers import (
    click_card,
    click_pile,
    dom_piles,
    double_click_card,
    engine_piles,
    focused_pile,
    grip,
    hud,
    key_focus,
    open_url,
    record_errors,
    settle,
    target_point,
)

from game import Move, new_game
from game.web.gestures import places

# At the first change of the board after a pointerup (or another input
# event): what the HUD's moves counter (Python writes it) said then.
WATCH = """(type) => {
  window.__seen = [];
  const board = document.getElementById('board');
  const obs = new MutationObserver(() => {
    window.__seen.push(document.querySelector('[data-hud="moves"]').textContent);
    obs.disconnect();
  });
  addEventListener(type || 'pointerup', () => obs.observe(board, {subtree: true, childList: true}), {capture: true, once: true});
}"""


SIZE = (1280, 800)


@pytest.fixture
def page(module_tab, app_url):
    """The module's page, as a new context with the suite's settings gives it."""
    return record_errors(clean_tab(module_tab, app_url, size=SIZE))


def ready(page, gesture: str) -> None:
    """Wait until ``gesture`` is made ready, by itself or as one of its pile's
    taps (``tap|pile|*``: every tap on the pile makes that move)."""
    settle(page)
    anyone = "|".join(gesture.split("|")[:2] + ["*"]) if gesture.startswith("tap|") else gesture
    page.wait_for_function("gs => gs.some(g => SolTable.prepared().includes(g))", arg=[gesture, anyone], timeout=15_000)


def made_ahead(page, action, before: str, event: str = "pointerup") -> None:
    """``action`` changes the board before Python sees it, and then Python catches up."""
    page.evaluate(WATCH, event)
    action()
    page.wait_for_function("window.__seen.length > 0")
    assert page.evaluate("window.__seen") == [before]  # shown while Python had not run yet
    page.wait_for_function(f"document.querySelector('[data-hud=\"moves\"]').textContent !== {before!r}")


def test_a_stock_tap_a_drop_and_a_double_click_show_before_python_and_python_follows(page, app_url):
    open_url(page, app_url, "?game=forty-thieves&seed=1&lang=en")
    game = new_game("forty-thieves", 1)
    # A draw from the stock.
    ready(page, "tap|stock|*")
    made_ahead(page, lambda: click_pile(page, "stock"), "0")
    game.play(Move("draw"))
    assert page.evaluate("window.solitaire.state().moves") == 1
    assert dom_piles(page) == engine_piles(game)
    # A card dragged onto a column.
    move = next(m for m in game.legal_moves() if m.src.startswith("t") and m.dst.startswith("t"))
    src_n = len(game.position.pile(move.src))
    ready(page, "tap|stock|*")  # the board after the draw, worked out again
    page.evaluate(WATCH)
    x, y = grip(page, move.src, src_n - move.count)
    tx, ty = target_point(page, move.dst)
    page.mouse.move(x, y)
    page.mouse.down()
    page.mouse.move(x + 6, y + 6, steps=2)
    page.mouse.move(tx, ty, steps=10)
    # A drop's gesture is named when the drag starts, once the move is worked
    # out (while the page is idle: later on a busy machine): wait for it.
    page.wait_for_function("g => SolTable.prepared().includes(g)", arg=f"drop|{move.dst}", timeout=15_000)
    page.mouse.up()
    page.wait_for_function("window.__seen.length > 0")
    assert page.evaluate("window.__seen") == ["1"]
    page.wait_for_function("document.querySelector('[data-hud=\"moves\"]').textContent === '2'")
    game.play(move)
    assert dom_piles(page) == engine_piles(game)
    state = page.evaluate("window.solitaire.state()")
    assert state["moves"] == 2 and state["position"] == game.position.to_json()
    assert page.errors == []


def test_keys_on_the_board_make_their_moves_ahead_and_python_follows(page, app_url):
    """A keyboard player's moves show in the key's own handler too: D draws,
    and Enter on the pile the selection goes to puts it there (the picking
    Enter only marks cards, so Python handles it). Python then plays each
    move: the counter, the engine's position and the focus follow."""
    open_url(page, app_url, "?game=forty-thieves&seed=1&lang=en")
    game = new_game("forty-thieves", 1)
    key_focus(page, "t1")
    ready(page, "key|*|d")
    made_ahead(page, lambda: page.keyboard.press("d"), "0", "keydown")
    game.play(Move("draw"))
    assert dom_piles(page) == engine_piles(game)
    # A column's cards onto another column, by Enter on each.
    move = next(m for m in game.legal_moves() if m.src.startswith("t") and m.dst.startswith("t"))
    key_focus(page, move.src)
    page.keyboard.press("Enter")
    page.wait_for_selector("#board .card.selected")
    key_focus(page, move.dst)
    ready(page, f"key|{move.dst}|Enter")
    made_ahead(page, lambda: page.keyboard.press("Enter"), "1", "keydown")
    page.wait_for_function("window.solitaire.state().moves === 2")
    game.play(move)
    assert dom_piles(page) == engine_piles(game)
    assert page.evaluate("window.solitaire.state().position") == game.position.to_json()
    assert page.locator("#board .card.selected").count() == 0
    assert focused_pile(page) == move.dst
    assert page.errors == []


def test_a_double_click_home_is_made_ahead_and_stored(page, app_url):
    open_url(page, app_url, "?game=reloaded&seed=2&lang=en")
    game = new_game("reloaded", 2)
    home = None
    for _ in range(30):  # draw until an ace can go home by a double click
        home = next((m for m in game.legal_moves() if m.dst.startswith("f") and m.count == 1), None)
        if home is not None:
            break
        ready(page, "tap|stock|*")
        stock = next(m for m in game.legal_moves() if m.is_stock_action)
        click_pile(page, "stock")
        game.play(stock)
        page.wait_for_function(f"window.solitaire.state().moves === {game.moves}")
    assert home is not None
    top = len(game.position.pile(home.src)) - 1
    ready(page, f"double|{home.src}|{top}")
    before = str(hud(page)["moves"])
    page.evaluate(WATCH)
    double_click_card(page, home.src, top)
    page.wait_for_function("window.__seen.length > 0")
    assert page.evaluate("window.__seen") == [before]  # shown while Python had not run yet
    page.wait_for_function(f"window.solitaire.state().moves === {game.moves + 1}")
    game.play(home)
    assert dom_piles(page) == engine_piles(game)
    # The save has the move: a reload resumes with the card at home.
    page.reload()
    page.wait_for_selector('#board[data-status="playing"]', state="attached", timeout=60_000)
    assert dom_piles(page) == engine_piles(game)
    assert page.errors == []


def test_one_tap_moves_are_made_ahead_and_a_second_tap_goes_on_to_the_next_place(module_tab, app_url):
    """With one tap moving a card (the touch screens' default), a tap on a
    card shows its move before Python runs; tapping the same card again
    moves it on to its next place, also made ahead, and Python follows both."""
    settings = json.dumps({"guide": "seen", "auto_home": "off", "one_tap": "on"})
    page = record_errors(clean_tab(module_tab, app_url, settings, SIZE))
    open_url(page, app_url, "?game=reloaded&seed=9&lang=en")
    game = new_game("reloaded", 9)
    # A column's top card with two places or more: the best, then, tapped
    # again, the next in turn that is legal from where it went.
    src, where = next(
        (p, found) for p in game.spec.pile_names if p.startswith("t") and len(found := places(game.position, p, 1)) >= 2
    )
    turn = (*where, src)
    for k in range(2):
        at = (src, len(game.position.pile(src)) - 1)
        legal = {m.dst for m in game.legal_moves() if m.src == src and m.count == 1}
        dst = next(d for d in turn[k:] + turn[:k] if d != src and d in legal)
        ready(page, f"tap|{at[0]}|{at[1]}")
        before = str(hud(page)["moves"])
        made_ahead(page, lambda at=at: click_card(page, *at), before)
        game.play(Move(src, dst, 1))
        page.wait_for_function(f"window.solitaire.state().moves === {game.moves}")
        assert dom_piles(page) == engine_piles(game)
        src = dst  # the same card, tapped again where it lies now
    assert page.errors == []


# A tap on the stock dispatched from script; in the same task, before any
# frame and before Python has run, every key of the page's storage.
TAP_AND_LOOK = """() => {
  const stock = document.querySelector('#board [data-pile="stock"]').getBoundingClientRect();
  const at = {clientX: stock.left + stock.width / 2, clientY: stock.top + stock.height / 2, pointerId: 7,
              pointerType: 'mouse', button: 0, bubbles: true, cancelable: true};
  const board = document.getElementById('board');
  board.dispatchEvent(new PointerEvent('pointerdown', at));
  board.dispatchEvent(new PointerEvent('pointerup', at));
  const store = {};
  for (let i = 0; i < localStorage.length; i++) store[localStorage.key(i)] = localStorage.getItem(localStorage.key(i));
  return {store, waste: document.querySelectorAll('#board [data-pile="waste"] .card').length,
          moves: document.querySelector('[data-hud="moves"]').textContent};
}"""


def test_a_move_made_ahead_is_stored_before_it_shows_and_a_crash_before_python_keeps_it(page, app_url):
    open_url(page, app_url, "?game=forty-thieves&seed=3&lang=en")
    ready(page, "tap|stock|*")
    seen = page.evaluate(TAP_AND_LOOK)
    assert seen["waste"] == 1 and seen["moves"] == "0"  # on the table, Python not yet run
    assert "solitaire.ahead" in seen["store"]
    saved = json.loads(seen["store"]["solitaire.save.forty-thieves"])
    assert "draw" not in json.dumps(saved["game"]["moves"])  # the save itself does not have it yet
    # Python catches up: the save has the draw and the note is gone.
    page.wait_for_function("window.solitaire.state().moves === 1")
    assert page.evaluate("localStorage.getItem('solitaire.ahead')") is None
    # The storage as it was in that moment, as a page that crashed then would
    # leave it: opened again, the game has the draw.
    clean_tab(page, app_url, MANUAL_HOME)
    page.evaluate("s => Object.entries(s).forEach(([k, v]) => localStorage.setItem(k, v))", seen["store"])
    page.errors.clear()
    open_url(page, app_url, "?game=forty-thieves&seed=3&lang=en")
    game = new_game("forty-thieves", 3)
    game.play(Move("draw"))
    assert page.evaluate("window.solitaire.state().moves") == 1
    assert dom_piles(page) == engine_piles(game)
    assert page.evaluate("localStorage.getItem('solitaire.ahead')") is None
    assert page.errors == []


def test_without_request_idle_callback_the_game_starts_and_makes_moves_ahead(
    request, browser, browser_context_args, app_url
):
    """Safari has no requestIdleCallback: the work goes in short slices after a pause."""
    # A context of its own: the script that takes the function away stays with it.
    context = browser.new_context(**{**browser_context_args, "viewport": {"width": 1280, "height": 800}})
    request.addfinalizer(context.close)
    context.add_init_script("delete window.requestIdleCallback; delete window.cancelIdleCallback;")
    page = record_errors(context.new_page())
    open_url(page, app_url, "?game=forty-thieves&seed=4&lang=en")
    assert page.evaluate("typeof window.requestIdleCallback") == "undefined"
    ready(page, "tap|stock|*")
    made_ahead(page, lambda: click_pile(page, "stock"), "0")
    game = new_game("forty-thieves", 4)
    game.play(Move("draw"))
    assert dom_piles(page) == engine_piles(game)
    page.wait_for_function(
        "[...document.querySelectorAll('#board img.art')].every(i => i.currentSrc.startsWith('data:'))"
    )
    assert page.errors == []
