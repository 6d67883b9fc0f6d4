"""Deal shapes of all twelve games (RULES.md), reproducibility, and the
game-ending actions every game shares (time limit, resigning)."""

from __future__ import annotations

from collections import Counter

import pytest
from engine_helpers import FORTY_FAMILY, FORTY_TABLE, FRENCH_RANKS, ITALIAN_RANKS

import game
from game import Game, IllegalMove, deal, new_game

ALL_GAMES = ("reloaded", "retinue", "solitario") + FORTY_FAMILY
SEEDS = (0, 1, 2, 17, 123456)


def test_the_twelve_games_and_the_seven_classics_are_offered():
    classics = ("klondike-1", "klondike-3", "freecell", "spider-1", "spider-2", "spider-4", "yukon")
    assert sorted(game.PLAYER_GAMES) == sorted(ALL_GAMES + classics)


def full_deck(game_id):
    if game_id == "solitario":
        return Counter(r + s for r in ITALIAN_RANKS for s in "SHDC")
    copies = 2 if game_id in FORTY_FAMILY else 1
    return Counter({r + s: copies for r in FRENCH_RANKS for s in "SHDC"})


def piles_of(position):
    return position.to_json()["piles"]


def shape(cards):
    """(face-down, face-up) counts, and whether every face-down card lies below every face-up one."""
    down = [c.islower() for c in cards]
    return down.count(True), down.count(False), down == sorted(down, reverse=True)


@pytest.mark.parametrize("game_id", ALL_GAMES)
@pytest.mark.parametrize("seed", SEEDS)
def test_deal_holds_the_whole_deck(game_id, seed):
    cards = Counter(c.upper() for p in piles_of(deal(game_id, seed)).values() for c in p)
    assert cards == full_deck(game_id)


@pytest.mark.parametrize("game_id", ALL_GAMES)
def test_same_seed_same_deal_and_other_seeds_differ(game_id):
    assert deal(game_id, 42) == deal(game_id, 42)
    assert deal(game_id, 42).to_json() == new_game(game_id, 42).position.to_json()
    deals = {tuple(map(tuple, piles_of(deal(game_id, s)).values())) for s in range(12)}
    assert len(deals) == 12


@pytest.mark.parametrize("game_id", ["reloaded", "solitario"])
@pytest.mark.parametrize("seed", SEEDS)
def test_klondike_deal_shape(game_id, seed):
    piles = piles_of(deal(game_id, seed))
    for i in range(1, 8):
        assert shape(piles[f"t{i}"]) == (i - 1, 1, True), f"t{i}"
    assert not any(f"f{i}" in piles for i in range(1, 9))
    if game_id == "reloaded":
        assert len(piles["stock"]) == 24 and "waste" not in piles
    else:  # the other 12: three face up as the waste fan, 9 in the stock
        assert len(piles["stock"]) == 9
        assert shape(piles["waste"]) == (0, 3, True)
    assert all(c.islower() for c in piles["stock"])


@pytest.mark.parametrize("seed", SEEDS)
def test_retinue_deal_shape(seed):
    position = deal("retinue", seed)
    piles = piles_of(position)
    assert set(piles) == {f"t{i}" for i in range(1, 14)}
    for i in range(1, 14):
        expected = (3, 1, True) if i == 8 else (4, 0, True)
        assert shape(piles[f"t{i}"]) == expected, f"t{i}"
    assert position.to_json()["turned"] == "t8"


@pytest.mark.parametrize("game_id", FORTY_FAMILY)
@pytest.mark.parametrize("seed", SEEDS)
def test_forty_family_deal_shape(game_id, seed):
    row = FORTY_TABLE[game_id]
    piles = piles_of(deal(game_id, seed))
    for i in range(1, row["columns"] + 1):
        assert shape(piles[f"t{i}"]) == (row["down"], row["cards"] - row["down"], True), f"t{i}"
    assert f"t{row['columns'] + 1}" not in piles
    assert "waste" not in piles
    foundations = [piles.get(f"f{i}") for i in range(1, 9)]
    if game_id == "lucas":  # 8 Aces start home, two of each suit; 104 - 8 - 39 = 57
        assert sorted(f[0] for f in foundations) == sorted(["AS", "AS", "AH", "AH", "AD", "AD", "AC", "AC"])
        assert all(len(f) == 1 for f in foundations)
        assert len(piles["stock"]) == 57
        assert not any(c[0].upper() == "A" for p in piles.values() for c in p if p not in foundations)
    else:
        assert foundations == [None] * 8
        assert len(piles["stock"]) == 104 - row["columns"] * row["cards"]
    assert all(c.islower() for c in piles["stock"])


# --- ends shared by every game: time limit, resigning --------------------------


@pytest.mark.parametrize("game_id", ALL_GAMES)
def test_time_limit_ends_the_game(game_id):
    g = Game.new(game_id, 3, time_limit=60)
    first = str(g.legal_moves()[0])
    g.play(f"{first}@59.5")
    assert g.status == "playing"
    second = str(g.legal_moves()[0]) if g.legal_moves() else "draw"
    before = g.score(at=60)
    with pytest.raises(IllegalMove, match="time-up"):
        g.play(f"{second}@61")
    assert g.status == "time-up"
    assert g.score() == before == g.score(at=5000)
    assert g.legal_moves() == []


@pytest.mark.parametrize("game_id", ALL_GAMES)
def test_expire(game_id):
    g = Game.new(game_id, 3, time_limit=30)
    assert not g.expire(29.9)
    assert g.status == "playing"
    assert g.expire(30)
    assert g.status == "time-up"


@pytest.mark.parametrize("game_id", ALL_GAMES)
def test_resigning_ends_the_game_and_the_score_stands(game_id):
    g = Game.new(game_id, 5)
    g.play(f"{g.legal_moves()[0]}@3")
    score = g.score()
    g.resign(at=4)
    assert g.status == "resigned"
    assert g.score() == score and g.score(at=900) == score
    assert g.legal_moves() == []
    with pytest.raises(IllegalMove):
        g.play("draw@5")
