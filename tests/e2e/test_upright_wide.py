"""Games of twelve or thirteen columns on an upright phone (issue 42, item 3):
one row of columns gave cards of 24 to 29 px there. Upright, Lucas and
Limited lay their columns out in two rows (Royal Retinue its piles three a
row where the phone is short): cards of 40 px or more, no page scroll, every
pile and its top card on screen and uncovered, and a move by touch, a tap and
a drag, between the two rows of columns. Turned sideways, the board is one
row again."""

from __future__ import annotations

import pytest
from test_layout import PROBLEMS
from ui_helpers import (
    WAIT_MS,
    card,
    count,
    dom_piles,
    engine_piles,
    grip,
    open_url,
    record_errors,
    resize,
    settle,
    target_point,
)

from game import Move, new_game
from tools.serve import ROOT

SHOTS = ROOT / "artifacts" / "screenshots" / "upright-wide"

CARD_WIDTHS = "() => [...document.querySelectorAll('#board [data-card]')].map(c => c.getBoundingClientRect().width)"
ROWS = """() => [...new Set([...document.querySelectorAll('#board .pile.column')]
  .map(p => Math.round(p.getBoundingClientRect().top)))].length"""


def touch_drag(page, start: tuple, end: tuple) -> None:
    """A finger pressed at ``start``, moved to ``end`` and lifted (touch
    events, as a phone's screen sends them)."""
    cdp = page.context.new_cdp_session(page)
    (x0, y0), (x1, y1) = start, end
    cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x0, "y": y0}]})
    for i in range(1, 13):
        x, y = x0 + (x1 - x0) * i / 12, y0 + (y1 - y0) * i / 12
        cdp.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [{"x": x, "y": y}]})
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    cdp.detach()


def check_board(page, name: str) -> None:
    widths = page.evaluate(CARD_WIDTHS)
    assert widths and min(widths) >= 40, (name, min(widths))
    assert page.evaluate(PROBLEMS) == [], name
    assert page.is_hidden("#turn-hint")  # the cards are big enough: no need to turn the phone
    page.screenshot(path=str(SHOTS / f"{name}.png"))


@pytest.mark.parametrize(
    ("game_id", "seed", "lang", "size", "tap", "drag_move"),
    [
        ("lucas", 3, "en", (390, 844), "t10>t6", "t8>t5"),
        ("limited", 2, "de", (360, 640), "t9>t5", "t4>t10"),
    ],
)
def test_two_rows_of_columns_give_a_thumb_cards_to_play(
    browser, browser_context_args, app_url, game_id, seed, lang, size, tap, drag_move
):
    w, h = size
    context = browser.new_context(
        **{**browser_context_args, "has_touch": True, "is_mobile": True, "viewport": {"width": w, "height": h}}
    )
    try:
        page = record_errors(context.new_page())
        open_url(page, app_url, f"?game={game_id}&seed={seed}&lang={lang}")
        check_board(page, f"{game_id}-{w}x{h}-{lang}")
        assert page.evaluate(ROWS) == 2
        game = new_game(game_id, seed)
        # A tap on the second row's card plays it to its only place, in the first row.
        src, dst = tap.split(">")
        assert [str(m) for m in game.legal_moves() if m.src == src] == [tap]
        card(page, src, count(page, src) - 1).tap()
        page.wait_for_function("window.solitaire.state().moves === 1", timeout=WAIT_MS)
        game.play(Move(src, dst))
        settle(page)
        assert dom_piles(page) == engine_piles(game)
        # A drag by finger from one row to the other.
        src, dst = drag_move.split(">")
        touch_drag(page, grip(page, src, count(page, src) - 1), target_point(page, dst))
        page.wait_for_function("window.solitaire.state().moves === 2", timeout=WAIT_MS)
        game.play(Move(src, dst))
        settle(page)
        assert dom_piles(page) == engine_piles(game)
        # Sideways: one row of columns, as before.
        resize(page, h, w)
        assert page.evaluate(ROWS) == 1
        assert page.evaluate(PROBLEMS) == []
        page.screenshot(path=str(SHOTS / f"{game_id}-{h}x{w}-{lang}.png"))
        assert page.errors == []
    finally:
        context.close()


@pytest.mark.parametrize(("game_id", "lang"), [("lucas", "it"), ("limited", "en"), ("retinue", "de")])
def test_every_wide_game_has_finger_sized_cards_on_both_phones(browser, browser_context_args, app_url, game_id, lang):
    context = browser.new_context(
        **{**browser_context_args, "has_touch": True, "is_mobile": True, "viewport": {"width": 360, "height": 640}}
    )
    try:
        page = record_errors(context.new_page())
        open_url(page, app_url, f"?game={game_id}&seed=5&lang={lang}")
        check_board(page, f"{game_id}-360x640-{lang}")
        resize(page, 390, 844)
        check_board(page, f"{game_id}-390x844-{lang}")
        assert page.errors == []
    finally:
        context.close()
