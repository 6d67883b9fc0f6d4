"""Saves, page save slots and duel links written before steps existed
(tests/fixtures, made by tests/fixtures/make_old_formats.py with the code of
that time) load and replay to exactly what that code said: position, score,
status, moves, and what undo and redo did next."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game import Game, duel
from game.web.storage import SLOT_FORMAT, Slot, slot_checker
from tests.fixtures.make_old_formats import state  # the shape the files were written in

FIXTURES = Path(__file__).parent.parent / "fixtures"


def load(name: str) -> list:
    return json.loads((FIXTURES / f"{name}.json").read_text(encoding="utf-8"))


SAVES, SLOTS, LINKS = load("saves_v1"), load("slots_v1"), load("links_s1")


def same(got: dict, want: dict, steps_for_moves: bool = False) -> None:
    """``got`` is ``want``; with ``steps_for_moves`` the old undo and redo counts
    (moves, a pair counting two) only say whether there is something to undo
    or redo, since the counts are steps now."""
    if steps_for_moves:
        for key in ("undo", "redo"):
            assert bool(got[key]) == bool(want[key]), key
            assert got[key] <= want[key], key
        got = {k: v for k, v in got.items() if k not in ("undo", "redo")}
    assert got == {k: want[k] for k in got}


def then(game: Game, steps: list, steps_for_moves: bool = False) -> None:
    """What undo and redo did on the old page, one action for each recorded one.
    The old page took a stock-to-pile pair back with one press; so does one
    undo of a step now."""
    for expected in steps:
        getattr(game, expected["action"])(expected["at"])
        same(state(game), expected, steps_for_moves)


@pytest.mark.parametrize("case", SAVES, ids=[c["name"] for c in SAVES])
def test_an_old_save_loads_and_replays_exactly(case):
    game = Game.from_json(case["save"])
    expect = case["expect"]
    assert state(game) == {k: expect[k] for k in state(game)}
    assert game.log == expect["log"]  # one move per action, replayed as one step each
    then(game, case["then"])


@pytest.mark.parametrize("case", SAVES[:6], ids=[c["name"] for c in SAVES[:6]])
def test_an_old_save_saved_again_is_the_new_version_and_reads_back(case):
    game = Game.from_json(case["save"])
    data = json.loads(json.dumps(game.to_json()))
    assert data["version"] == 2
    assert state(Game.from_json(data)) == state(game)


@pytest.mark.parametrize("case", SLOTS, ids=[c["name"] for c in SLOTS])
def test_an_old_save_slot_loads_with_its_pairs_as_steps(case):
    slot = slot_checker(case["game"])(case["slot"])
    expect = case["expect"]
    got = state(slot.game)
    same(got, expect, steps_for_moves=True)
    assert (slot.elapsed, slot.recorded) == (expect["elapsed"], expect["recorded"])
    pairs, redo_pairs = len(case["slot"]["pairs"]), len(case["slot"]["redo_pairs"])
    assert slot.game.steps == slot.game.moves - pairs
    assert got["undo"] == expect["undo"] - (pairs if expect["undo"] else 0)
    assert got["redo"] == expect["redo"] - redo_pairs
    # Saved again in the new format, it reads back the same, steps and all.
    again = slot_checker(case["game"])(json.loads(json.dumps(Slot(slot.game, slot.elapsed).to_json())))
    assert state(again.game) == got and again.game.step_sizes == slot.game.step_sizes
    assert json.loads(json.dumps(Slot(slot.game).to_json()))["format"] == SLOT_FORMAT
    then(slot.game, case["then"], steps_for_moves=True)


def test_the_slots_cover_pairs_in_the_line_and_on_the_redo_stack():
    assert sum(bool(c["slot"]["pairs"]) for c in SLOTS) >= 20
    assert sum(bool(c["slot"]["redo_pairs"]) for c in SLOTS) >= 5
    # and one undo took back a pair on the old page (two moves at once)
    assert any(len(c["then"]) > 1 and c["then"][0]["moves"] == c["expect"]["moves"] - 2 for c in SLOTS)


@pytest.mark.parametrize("case", LINKS, ids=[c["name"] for c in LINKS])
def test_an_old_duel_link_replays_exactly(case):
    challenge = duel.decode_challenge(case["token"])
    # As it was, and what version 2 adds: an s1. run is unsigned (its times plausible here).
    unsigned = {"signed": False, "key": None, "plausible": True}
    verdict = {**case["verdict"], "players": [{**p, **unsigned} for p in case["verdict"]["players"]]}
    assert duel.verify(challenge).to_json() == verdict
    for run, expect in zip(challenge.runs, case["runs"], strict=True):
        assert list(run.actions) == expect["actions"]
        game = duel.replay(run)
        got = state(game)
        assert got == {k: expect[k] for k in got}
        assert [list(e) for e in game.timeline] == expect["timeline"]
        assert {str(s): duel.score_at(run, s) for s in (5, 30, 90, 170)} == expect["ghost"]
    # Written again, the link is version 2 and reads back the same.
    again = duel.encode_challenge(challenge)
    assert again.startswith("s2.") and duel.verify(again).to_json() == verdict
