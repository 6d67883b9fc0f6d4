"""game/solver/service.py: the answers the solver worker gives the page."""

import json

from game import daily, new_game, read_position
from game.moves import parse_move
from game.solver.service import answer, answer_text
from tests.positions import NEAR_WON


def test_hint_answers_a_legal_move_with_its_id():
    pos = new_game("reloaded", 9).position
    out = answer({"id": 7, "cmd": "hint", "position": pos.to_json(), "budget": 5000, "seconds": 2})
    assert out["id"] == 7 and out["status"] in ("won", "lost", "unknown")
    move, _ = parse_move(out["move"])
    assert move in pos.legal_moves()
    assert isinstance(out["proven"], bool)


def test_text_in_text_out_and_position_as_text():
    pos = json.dumps(NEAR_WON)
    out = json.loads(answer_text(json.dumps({"id": 1, "cmd": "autocomplete", "position": pos})))
    assert out["status"] == "won" and out["proven"] and len(out["moves"]) == 3
    p = read_position(NEAR_WON)
    for text in out["moves"]:
        p = p.apply(parse_move(text)[0])[0]
    assert p.is_won()


def test_solve_gives_a_line_that_wins():
    out = answer({"id": 2, "cmd": "solve", "position": NEAR_WON, "budget": 1000})
    assert out["status"] == "won" and out["move"] == out["moves"][0]


def test_a_line_search_is_bounded_by_nodes_alone_and_gives_the_same_line():
    """The daily goal's search: no time limit, so every browser gets the same line."""
    start = new_game("reloaded", daily.daily_number("2026-11-28")).position.to_json()
    first = answer({"id": 3, "cmd": "line", "position": start, "budget": daily.GOAL_NODES, "seconds": 0.000001})
    again = answer({"id": 4, "cmd": "line", "position": start, "budget": daily.GOAL_NODES})
    assert first["status"] == "won" and first["moves"] == again["moves"] and len(first["moves"]) > 50
    assert daily.goal_moves(len(first["moves"])) > len(first["moves"])


def test_autocomplete_refuses_with_face_down_cards():
    out = answer({"id": 3, "cmd": "autocomplete", "position": new_game("reloaded", 1).position.to_json()})
    assert out["moves"] == [] and not out["proven"]


def test_bad_requests_get_a_reason_not_an_exception():
    assert answer({"id": 4, "cmd": "hint", "position": {"piles": {}}})["status"] == "error"
    assert answer({"id": 5, "cmd": "dance", "position": NEAR_WON})["status"] == "error"
    assert answer("not json")["status"] == "error"
