"""A new Forty Thieves variant is one line of data (catalog.py's docstring
shows it): added here, in the test only, it deals, plays, scores, undoes,
saves and answers on the command line with no other change to the engine."""

from __future__ import annotations

import io
import json
import random
from contextlib import redirect_stdout

import pytest

from game import REDEAL, Game, IllegalMove, catalog, read_position
from game.catalog import FORTY_THIEVES
from game.cli import main
from game.spec import even_deal

# Forty-Eight: eight columns of five, built down in suit, one card at a time, one redeal.
FORTY_EIGHT = FORTY_THIEVES.variant(id="forty-eight", name="Forty-Eight", deal=even_deal(8, 5), redeals=1)


@pytest.fixture
def added(monkeypatch):
    monkeypatch.setitem(catalog.GAMES, FORTY_EIGHT.id, FORTY_EIGHT)
    return FORTY_EIGHT


def test_the_variant_deals_by_its_spec(added):
    g = Game.new("forty-eight", 1)
    assert [len(g.position.pile(f"t{i}")) for i in range(1, 9)] == [5] * 8
    assert len(g.position.pile("stock")) == 104 - 40
    assert g.spec.pile_names[:4] == ("stock", "waste", "f1", "f2") and len(g.spec.pile_names) == 2 + 8 + 8
    assert Game.new("forty-eight", 1).position == g.position  # reproducible


def test_the_variant_plays_scores_undoes_and_saves(added):
    rng = random.Random(48)
    g = Game.new("forty-eight", 7)
    t = 0.0
    redealt = False
    while g.status == "playing" and t < 400:
        t += 1
        if g.stock_targets() and rng.random() < 0.3:
            g.play_from_stock(rng.choice(g.stock_targets()), t)
            continue
        moves = g.legal_moves()
        homes = [m for m in moves if m.dst.startswith("f")]
        move = homes[0] if homes else rng.choice(moves)
        redealt = redealt or move.src == "redeal"
        g.play(move, t, home="always")
        if rng.random() < 0.1:
            g.undo(t)
    assert redealt  # its one redeal was used
    assert g.score() == 5 * g.position.cards_home()  # the family's +5 per card home
    back = Game.from_json(json.loads(json.dumps(g.to_json())))
    assert back.position == g.position and back.score() == g.score() and back.step_sizes == g.step_sizes
    assert read_position(g.position.to_json(), game="forty-eight") == g.position


def test_one_redeal_and_no_more(added):
    data = Game.new("forty-eight", 2).position.to_json()
    data["piles"]["waste"] = [c.upper() for c in reversed(data["piles"].pop("stock"))]
    assert read_position(data).apply(REDEAL)[0].redeals == 1
    data["redeals"] = 1
    with pytest.raises(IllegalMove) as info:
        read_position(data).apply(REDEAL)
    assert info.value.reason == "redeals_used" and info.value.params["count"] == 1


def test_the_command_line_knows_the_variant(added):
    out = io.StringIO()
    with redirect_stdout(out):
        code = main(["play", "forty-eight", "--seed", "3", "draw"])
    answer = json.loads(out.getvalue())
    assert code == 0 and answer["moves"] == 1 and answer["position"]["game"] == "forty-eight"
