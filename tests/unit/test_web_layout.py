"""The board's view of a position, worked out without a browser."""

from __future__ import annotations

import pytest

from game.web.layout import board_view, pile_view

PILES = ("stock", "waste", "f1", "f2", "f3", "f4") + tuple(f"t{i}" for i in range(1, 8))


def test_rows_and_empty_piles():
    rows = board_view({"game": "reloaded", "piles": {"t1": ["KS"], "stock": ["qh"]}}, PILES)
    assert [[p.id for p in row] for row in rows] == [list(PILES[:6]), list(PILES[6:])]
    by_id = {p.id: p for row in rows for p in row}
    assert by_id["waste"].cards == ()
    assert by_id["waste"].label == "Waste, empty"
    assert by_id["stock"].label == "Stock, 1 card"


def test_cards_face_and_text():
    pile = pile_view("t3", ["9c", "th", "TD"])
    assert [c.face_up for c in pile.cards] == [False, False, True]
    top = pile.cards[-1]
    assert (top.rank_text, top.suit_symbol, top.red, top.label) == ("10", "\u2666", True, "10 of diamonds")
    assert pile.cards[0].label == "face-down card"


def test_columns_fan_and_others_stack():
    column = pile_view("t2", ["as", "2h", "3C"])
    offsets = [c.offset for c in column.cards]
    assert offsets[0] == 0 and offsets == sorted(offsets) and column.depth == offsets[-1]
    assert {c.offset for c in pile_view("stock", ["as", "2h"]).cards} == {0.0}


def test_unknown_pile_is_refused():
    with pytest.raises(ValueError, match="t9"):
        board_view({"piles": {"t9": ["AS"]}}, PILES)
