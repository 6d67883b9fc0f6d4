"""Which card element goes where after a move (game/web/match.py)."""

from __future__ import annotations

import pytest

from game import new_game
from game.web.match import match


def board_of(position, names):
    """pile -> [(element id, code)] as the board would hold it."""
    out, n = {}, 0
    for name, pile in zip(names, position.piles):
        out[name] = []
        for code in pile:
            out[name].append((n, code))
            n += 1
    return out


def apply(board, placement, new):
    board = dict(board)
    for pile, ids in placement.piles.items():
        board[pile] = list(zip(ids, new[pile]))
    return board


def as_codes(position, names):
    return {name: list(p) for name, p in zip(names, position.piles)}


def test_a_move_touches_only_its_two_piles_and_keeps_the_elements():
    g = new_game("reloaded", 1)
    names = g.spec.pile_names
    board = board_of(g.position, names)
    moved_el = board["t3"][-1][0]
    g.play("t3>t4")
    new = as_codes(g.position, names)
    placement = match(board, new)
    assert set(placement.piles) == {"t3", "t4"}
    assert placement.piles["t4"][-1] == moved_el
    assert placement.turned == {board["t3"][-2][0]}  # the card under it turned up


def test_a_draw_turns_the_drawn_card():
    g = new_game("reloaded", 1)
    names = g.spec.pile_names
    board = board_of(g.position, names)
    top = board["stock"][-1][0]
    g.play("draw")
    placement = match(board, as_codes(g.position, names))
    assert set(placement.piles) == {"stock", "waste"}
    assert placement.piles["waste"] == [top] and placement.turned == {top}


def test_undo_and_a_long_game_stay_consistent():
    g = new_game("little-forty", 3)
    names = g.spec.pile_names
    board = board_of(g.position, names)
    all_ids = sorted(e for p in board.values() for e, _ in p)
    for _ in range(60):
        moves = g.legal_moves()
        if not moves:
            break
        g.play(moves[len(g.log) % len(moves)])
        new = as_codes(g.position, names)
        board = apply(board, match(board, new), new)
        assert {p: [c for _, c in v] for p, v in board.items()} == new
    for _ in range(10):
        g.undo()
        new = as_codes(g.position, names)
        board = apply(board, match(board, new), new)
        assert {p: [c for _, c in v] for p, v in board.items()} == new
    assert sorted(e for p in board.values() for e, _ in p) == all_ids


def test_retinue_places_a_card_beneath_the_stack():
    g = new_game("retinue", 2)
    names = g.spec.pile_names
    board = board_of(g.position, names)
    move = g.legal_moves()[0]
    moving = board[move.src][-1][0]
    g.play(move)
    new = as_codes(g.position, names)
    placement = match(board, new)
    assert moving in placement.piles[move.dst]
    assert {p: [c for _, c in v] for p, v in apply(board, placement, new).items()} == new


def test_nothing_changed_is_an_empty_placement():
    g = new_game("maria", 1)
    board = board_of(g.position, g.spec.pile_names)
    placement = match(board, as_codes(g.position, g.spec.pile_names))
    assert placement.piles == {} and placement.turned == frozenset()


def test_a_card_that_is_nowhere_is_an_error():
    with pytest.raises(ValueError):
        match({"t1": [(0, "AS")], "t2": []}, {"t1": [], "t2": ["KS"]})
