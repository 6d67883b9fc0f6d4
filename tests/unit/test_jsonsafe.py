"""JSON from outside (game/jsonsafe.py): bounded before it is parsed, so no
text can make the parser recurse deeper than MAX_DEPTH -- in the page such a
recursion is a fatal error of Pyodide, not an exception."""

from __future__ import annotations

import json

import pytest
from fuzz_helpers import json_like, json_values, nest, recursion_room
from hypothesis import given, settings

from game import GameError, new_game
from game.jsonsafe import MAX_CHARS, MAX_DEPTH, MAX_NUMBER, JsonRefused, check, loads
from game.web.storage import Slot


def test_the_recursion_room_would_catch_a_deep_parse():
    with recursion_room(MAX_DEPTH + 40), pytest.raises(RecursionError):
        json.loads(nest(200))


# --- what passes -----------------------------------------------------------------------------
def test_the_games_own_json_passes_unchanged():
    game = new_game("forty-thieves", 5)
    for i in range(3):
        game.play(game.legal_moves()[0], 1.0 + i)
    texts = [
        json.dumps(game.position.to_json()),
        json.dumps(Slot(game, 12.0).to_json()),
        json.dumps({"format": 1, "games": {"reloaded": {"played": 1, "won": 0, "best_score": 5}}}),
    ]
    for text in texts:
        assert loads(text) == json.loads(text)


def test_exactly_max_depth_passes_and_one_more_is_refused():
    assert loads(nest(MAX_DEPTH)) == json.loads(nest(MAX_DEPTH))
    with pytest.raises(JsonRefused, match="nested too deeply"):
        loads(nest(MAX_DEPTH + 1))
    objects = '{"a":' * MAX_DEPTH + "1" + "}" * MAX_DEPTH
    assert loads(objects) == json.loads(objects)
    with pytest.raises(JsonRefused):
        loads('{"a":' * (MAX_DEPTH + 1) + "1" + "}" * (MAX_DEPTH + 1))


def test_brackets_inside_strings_do_not_count():
    text = json.dumps(["[" * 10_000, "{" * 10_000, 'a "quoted" \\ [[[ word'])
    assert loads(text) == json.loads(text)
    text = json.dumps({"k[[[": "]]]\\", "x": ['\\\\"[[[[[[[[']})
    assert loads(text) == json.loads(text)


def test_a_bound_of_ones_own():
    assert loads("[[1]]", max_depth=2) == [[1]]
    with pytest.raises(JsonRefused):
        loads("[[[1]]]", max_depth=2)
    with pytest.raises(JsonRefused, match="too long"):
        loads("[1, 2]", max_chars=5)


# --- what is refused -------------------------------------------------------------------------
@pytest.mark.parametrize(
    "text",
    [
        nest(20_000),  # a stored value seen in the wild
        nest(100_000, "{", "}", '"a":1'),
        "[" * 20_000,  # brackets that never close: the parser would recurse before failing
        "[" * 20_000 + "]",
        '{"a":' * 20_000,
        "[{" * 10_000,
        "]" * 10 + "[" * 40,
        '["\\\\"' + "[" * 40,  # an escaped backslash ends the string: the brackets are outside
        '"unclosed' + '"' + "[" * 40,
        '{"position": ' + nest(9_000) + "}",
    ],
)
def test_deep_or_unbalanced_nesting_is_refused_without_recursion(text):
    with recursion_room(60), pytest.raises(JsonRefused, match="nested too deeply"):
        loads(text)


def test_over_long_numbers_and_texts_and_constants():
    with pytest.raises(JsonRefused, match="number"):
        loads('{"redeals": ' + "9" * 5000 + "}")  # int() of over 4300 digits raises in CPython
    with pytest.raises(JsonRefused, match="number"):
        loads("[1e" + "0" * MAX_NUMBER + "]")
    assert loads("[" + "1" * MAX_NUMBER + "]") == [int("1" * MAX_NUMBER)]
    assert loads(json.dumps(["9" * 5000])) == ["9" * 5000]  # in a string it is text
    with pytest.raises(JsonRefused, match="too long"):
        loads(" " * (MAX_CHARS + 1))
    for constant in ("NaN", "Infinity", "-Infinity"):
        with pytest.raises(JsonRefused, match="not a JSON value"):
            loads(f"[{constant}]")
    assert loads("[NaN]", parse_constant=lambda name: None) == [None]
    with pytest.raises(JsonRefused):
        check(b"[1]")


def test_refusals_are_game_errors_and_value_errors():
    assert issubclass(JsonRefused, GameError) and issubclass(JsonRefused, ValueError)
    with pytest.raises(json.JSONDecodeError):
        loads("{not json")


def test_the_scan_is_cheap_on_a_long_flat_text():
    text = json.dumps({"moves": ["t1>t2@12.5"] * 50_000})
    assert loads(text)["moves"][-1] == "t1>t2@12.5"  # the speed itself is measured in bench/


# --- fuzzing -----------------------------------------------------------------------------------
def depth_of(value) -> int:
    if isinstance(value, list):
        return 1 + max(map(depth_of, value), default=0)
    if isinstance(value, dict):
        return 1 + max(map(depth_of, value.values()), default=0)
    return 0


@settings(deadline=None)
@given(json_values)
def test_fuzz_json_values_round_trip(value):
    text = json.dumps(value)
    assert depth_of(value) <= MAX_DEPTH
    assert loads(text) == json.loads(text)


@settings(deadline=None)
@given(json_like)
def test_fuzz_any_text_is_read_or_refused_within_the_depth(text):
    with recursion_room(MAX_DEPTH + 40):
        try:
            loads(text)
        except ValueError:  # not JSON (JSONDecodeError) or over the bounds (JsonRefused)
            pass
