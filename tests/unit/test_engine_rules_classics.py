"""The seven classics of RULES.md section 5: Klondike draw one and draw three,
FreeCell, Spider in one, two and four suits, and Yukon. Every deal, rule and
score item of the section, checked in the engine."""

from __future__ import annotations

from collections import Counter

import pytest
from engine_helpers import legal, make, new, pile, rest_face_up, upto

from game import ALL_PLAYER_GAMES, PLAYER_GAMES, Game, IllegalMove, InvalidPosition, get_spec, read_position
from game.moves import parse_move, parse_step
from game.shuffle import microsoft_dealt

CLASSICS = ("klondike-1", "klondike-3", "freecell", "spider-1", "spider-2", "spider-4", "yukon")
SPIDERS = ("spider-1", "spider-2", "spider-4")
ALTERNATE_QS = ["QS", "JH", "TS", "9H", "8S", "7H", "6S", "5H", "4S", "3H", "2S"]  # a run of 11, Queen high


def table(game_id: str, piles: dict, columns: list[str]) -> Game:
    """A game from a study position whose other cards lie face up on ``columns``."""
    return Game(read_position({"game": game_id, "piles": rest_face_up(game_id, piles, columns)}, reachable=False))


# --- the catalog -----------------------------------------------------------------------


def test_the_seven_classics_are_games_of_the_command_line_and_of_the_browser():
    assert set(CLASSICS) <= set(ALL_PLAYER_GAMES)
    for game_id in CLASSICS:
        assert get_spec(game_id).in_browser
        assert game_id in PLAYER_GAMES  # the page's picker, addresses and saves know PLAYER_GAMES only
    assert len(PLAYER_GAMES) == 19 and len(ALL_PLAYER_GAMES) == 19


def test_variants_are_short_copies_of_their_parent():
    k1, k3 = get_spec("klondike-1"), get_spec("klondike-3")
    assert (k1.draw, k1.redeal_cost, k3.draw, k3.redeal_cost) == (1, 100, 3, 20)
    s1, s2, s4 = (get_spec(g) for g in SPIDERS)
    assert s1.variant(id="spider-2", name=s2.name, deck=s2.deck) == s2
    assert s1.variant(id="spider-4", name=s4.name, deck=s4.deck) == s4


# --- deals -----------------------------------------------------------------------------


def test_freecell_game_1_is_microsofts_game_1():
    pos = Game.new("freecell", 1).start
    columns = [pos.pile(f"t{i}") for i in range(1, 9)]
    assert [c[0] for c in columns] == ["JD", "2D", "9H", "JC", "5D", "7H", "7C", "5H"]  # RULES.md
    # The whole layout, row by row, as Microsoft's FreeCell shows game 1.
    rows = [
        "JD 2D 9H JC 5D 7H 7C 5H",
        "KD KC 9S 5S AD QC KH 3H",
        "2S KS 9D QD JS AS AH 3C",
        "4C 5C TS QH 4H AC 4D 7S",
        "3S TD 4S TH 8H 2C JH 7D",
        "6D 8S 8D QS 6C 3D 8C TC",
        "6S 9C 2H 6H",
    ]
    for r, row in enumerate(rows):
        assert [col[r] for col in columns[: len(row.split())]] == row.split()
    assert [len(c) for c in columns] == [7, 7, 7, 7, 6, 6, 6, 6]
    assert not pos.pile("stock") and not pos.pile("waste")
    assert all(not pos.pile(f"c{i}") for i in range(1, 5))


def test_freecell_numbers_follow_microsofts_generator_and_every_number_deals():
    # The generator's first draws for game 11982 (the famous unsolvable one), by hand:
    state, first = 11982, []
    for left in (52, 51):
        state = (state * 214013 + 2531011) % 2**31
        first.append((state >> 16) % left)
    cards = [r + s for r in "A23456789TJQK" for s in "CDHS"]
    one = cards[first[0]]
    cards[first[0]] = cards[-1]
    cards.pop()
    assert microsoft_dealt(11982)[:2] == [one, cards[first[1]]]
    assert Game.new("freecell", 11982).start.pile("t1")[0] == one
    for n in (0, 2**31 - 1, 2**31, 2**53 - 1):
        pos = Game.new("freecell", n).start
        assert sorted(c for p in pos.piles for c in p) == sorted(get_spec("freecell").deck.cards)
    assert Game.new("freecell", 2**31).start != Game.new("freecell", 0).start


@pytest.mark.parametrize("game_id", SPIDERS)
def test_spider_deals_54_cards_to_ten_columns_and_leaves_50_in_the_stock(game_id):
    pos = Game.new(game_id, 7).start
    columns = [pos.pile(f"t{i}") for i in range(1, 11)]
    assert [len(c) for c in columns] == [6, 6, 6, 6, 5, 5, 5, 5, 5, 5]
    for col in columns:
        assert col[-1].isupper() and all(c.islower() for c in col[:-1])
    assert len(pos.pile("stock")) == 50 and all(c.islower() for c in pos.pile("stock"))
    cards = Counter(c.upper() for p in pos.piles for c in p)
    assert sum(cards.values()) == 104
    suits = {"spider-1": "S", "spider-2": "SH", "spider-4": "SHDC"}[game_id]
    assert {c[1] for c in cards} == set(suits)
    assert set(cards.values()) == {8 // len(suits)}


def test_yukon_deals_one_card_then_six_columns_of_five_face_up_on_one_to_six_face_down():
    pos = Game.new("yukon", 3).start
    assert pos.pile("t1") == (pos.pile("t1")[0],) and pos.pile("t1")[0].isupper()
    for i in range(2, 8):
        col = pos.pile(f"t{i}")
        assert len(col) == i - 1 + 5
        assert all(c.islower() for c in col[: i - 1]) and all(c.isupper() for c in col[i - 1 :])
    assert sum(len(p) for p in pos.piles) == 52 and not pos.pile("stock")


def test_klondike_deals_as_reloaded_does():
    pos = Game.new("klondike-3", 1).start
    assert [len(pos.pile(f"t{i}")) for i in range(1, 8)] == list(range(1, 8))
    assert len(pos.pile("stock")) == 24


# --- FreeCell ----------------------------------------------------------------------------


def test_any_card_goes_to_an_empty_free_cell_and_back_one_at_a_time():
    g = table("freecell", {"t1": ["9S", "8H"], "t2": ["KD"]}, ["t3", "t4", "t5"])
    assert {"t1>c1", "t1>c2", "t1>c3", "t1>c4"} <= legal(g)
    g.play("t1>c2")
    assert pile(g, "c2") == ["8H"] and pile(g, "t1") == ["9S"]
    with pytest.raises(IllegalMove) as e:
        g.play("t1>c2")
    assert e.value.reason == "cell_full"
    with pytest.raises(IllegalMove) as e:
        g.play("t1:1>c2")
    assert e.value.reason == "cell_full"
    with pytest.raises(IllegalMove) as e:
        g.play("c2>c3")
    assert e.value.reason == "cell_to_cell"
    g.play("c2>t1")  # back onto the column it fits
    assert pile(g, "t1") == ["9S", "8H"] and not pile(g, "c2")


def test_a_free_cell_card_goes_home_and_onto_an_empty_column():
    g = table("freecell", {"c1": ["AS"], "c2": ["7D"], "t1": []}, ["t2", "t3", "t4", "t5", "t6", "t7", "t8"])
    assert {"c1>f1", "c2>t1"} <= legal(g)
    g.play("c1>f1")
    assert pile(g, "f1") == ["AS"] and g.score() == 10
    with pytest.raises(IllegalMove) as e:
        g.play("f1>t1")
    assert e.value.reason == "foundation_stays"  # cards on foundations stay there


def _supermove_game(free_cells: int, empty: int, run: int, into_empty: bool) -> Game:
    """A run of ``run`` cards (Queen high) on t1, a King of hearts on t2 (unless
    the run goes into an empty column), ``free_cells`` cells free and
    ``empty`` columns empty (the target among them when ``into_empty``)."""
    cards = ALTERNATE_QS[:run]
    piles: dict = {"t1": cards}
    if not into_empty:
        piles["t2"] = ["KH"]
    filled = ["KC", "KD", "KS", "QD"][: 4 - free_cells]
    for i, card in enumerate(filled, start=1):
        piles[f"c{i}"] = [card]
    first_filler = 2 if into_empty else 3
    filler = [f"t{i}" for i in range(first_filler, 9 - empty)]
    for t in range(9 - empty, 9):
        piles[f"t{t}"] = []
    return table("freecell", piles, filler)


@pytest.mark.parametrize("free_cells", range(5))
@pytest.mark.parametrize("empty", range(3))
def test_supermove_limit_onto_a_column(free_cells, empty):
    limit = (free_cells + 1) * 2**empty
    for run in range(2, len(ALTERNATE_QS) + 1):
        g = _supermove_game(free_cells, empty, run, into_empty=False)
        move = f"t1:{run}>t2"
        if run <= limit:
            assert move in legal(g)
            g.play(move)
            assert pile(g, "t2") == ["KH"] + ALTERNATE_QS[:run] and not pile(g, "t1")
        else:
            assert move not in legal(g)
            with pytest.raises(IllegalMove) as e:
                g.play(move)
            assert e.value.reason == "supermove"
            assert e.value.params == {"count": run, "limit": limit, "cells": free_cells, "columns": empty}
            assert pile(g, "t1") == ALTERNATE_QS[:run]


@pytest.mark.parametrize("free_cells", range(5))
@pytest.mark.parametrize("empty", (1, 2, 3))
def test_supermove_limit_into_an_empty_column_does_not_count_that_column(free_cells, empty):
    limit = (free_cells + 1) * 2 ** (empty - 1)
    target = "t8"
    for run in range(2, len(ALTERNATE_QS) + 1):
        g = _supermove_game(free_cells, empty, run, into_empty=True)
        move = f"t1:{run}>{target}"
        assert (move in legal(g)) == (run <= limit), (run, limit)
        if run > limit:
            with pytest.raises(IllegalMove) as e:
                g.play(move)
            assert e.value.params["limit"] == limit and e.value.params["columns"] == empty - 1


def test_freecell_runs_must_follow_the_build():
    g = table("freecell", {"t1": ["9S", "8S"], "t2": ["TH"]}, ["t3", "t4", "t5", "t6", "t7", "t8"])
    with pytest.raises(IllegalMove) as e:
        g.play("t1:2>t2")
    assert e.value.reason == "not_a_run"


def _stuck_freecell(free_cell: bool) -> Game:
    """Kings in the four cells, every column topped by a black card of odd
    rank (nothing fits on another), every Ace buried; ``free_cell``: the
    King of clubs lies on t8 instead, and c4 is free."""
    cells = ["KS", "KH", "KD", "KC"]
    tops = ["3S", "5S", "7S", "9S", "JS", "3C", "5C", "7C"]
    rest = [c for c in get_spec("freecell").deck.cards if c not in cells + tops]
    columns = [rest[i::8] + [tops[i]] for i in range(8)]
    piles = {f"c{i + 1}": [c] for i, c in enumerate(cells)}
    if free_cell:
        columns[7].append(piles.pop("c4")[0])
    piles.update({f"t{i + 1}": col for i, col in enumerate(columns)})
    return Game(read_position({"game": "freecell", "piles": piles}, reachable=False))


def test_freecell_is_stalled_only_without_any_legal_move():
    g = _stuck_freecell(False)
    assert g.legal_moves() == [] and g.status == "stalled"
    g = _stuck_freecell(True)
    assert "t1>c4" in legal(g) and g.status == "playing"


# --- Spider ------------------------------------------------------------------------------


def spider(piles: dict, game_id: str = "spider-1", fill: str = "stock") -> Game:
    return new(game_id, piles, fill)


def test_spider_deal_puts_one_card_face_up_on_every_column_as_one_move():
    g = Game.new("spider-2", 5)
    before = [pile(g, f"t{i}") for i in range(1, 11)]
    stock = pile(g, "stock")
    assert "deal" in legal(g)
    changes = g.play("deal")
    assert len(changes) == 1 and g.moves == 1
    dealt = [c.upper() for c in reversed(stock[-10:])]
    for i in range(10):
        assert pile(g, f"t{i + 1}") == before[i] + [dealt[i]]
    assert len(pile(g, "stock")) == 40
    assert g.score() == 499


def test_spider_deal_is_refused_while_a_column_is_empty():
    g = Game.new("spider-1", 2)
    pos = g.position
    piles = {n: list(pos.pile(n)) for n in pos.spec.pile_names if pos.pile(n)}
    moved = piles.pop("t5")  # five cards: four face down and one up
    piles["t1"] = piles["t1"] + [c.upper() for c in moved]
    g = Game(read_position({"game": "spider-1", "piles": piles}, reachable=False))
    assert "deal" not in legal(g)
    with pytest.raises(IllegalMove) as e:
        g.play("deal")
    assert e.value.reason == "deal_empty_column" and e.value.params["piles"] == "t5"
    assert g.position.pile("stock") == pos.pile("stock")
    with pytest.raises(IllegalMove) as e:
        g.play("draw")
    assert e.value.reason == "deal_not_draw"


def test_spider_runs_move_only_in_one_suit_and_build_down_in_any():
    g = spider({"t1": ["9H", "8S", "7S"], "t2": ["TD"], "t3": ["9C"]}, "spider-4")
    assert "t1:2>t3" in legal(g)  # 8S 7S is a run of one suit; onto 9C any suit goes
    assert "t1:3>t2" not in legal(g)  # 9H 8S 7S builds down but mixes suits
    with pytest.raises(IllegalMove) as e:
        g.play("t1:3>t2")
    assert e.value.reason == "not_a_suit_run"
    g.play("t1:2>t3")
    assert pile(g, "t3") == ["9C", "8S", "7S"] and pile(g, "t1") == ["9H"]
    g.play("t1>t2")  # 9H on TD: down in any suit
    assert pile(g, "t2") == ["TD", "9H"]


def test_a_completed_run_goes_home_inside_the_step_and_comes_back_whole_on_undo():
    run = ["KS", "QS", "JS", "TS", "9S", "8S", "7S", "6S", "5S", "4S", "3S", "2S"]
    g = spider({"t1": ["5s"] + run, "t2": ["9s", "AS"], "t3": ["4S"]})
    start, points = g.position, g.score()
    changes = g.play("t2>t1")
    assert [str(c.move) for c in changes] == ["t2>t1", "t1:13>f1"]
    assert g.log[-1] == "t2>t1+t1:13>f1@0"
    assert pile(g, "f1") == ["AS"] + run[::-1]
    assert pile(g, "t1") == ["5S"]  # the card under the run turned up
    assert pile(g, "t2") == ["9S"]
    assert g.score() == points - 1 + 100  # one move, one run home
    g.undo()
    assert g.position == start and g.score() == points - 1  # the whole step back; the undo costs 1
    g.redo()
    assert pile(g, "f1") == ["AS"] + run[::-1] and g.steps == 1


def test_a_deal_that_completes_runs_sends_each_home_in_the_same_step():
    run = ["KS", "QS", "JS", "TS", "9S", "8S", "7S", "6S", "5S", "4S", "3S", "2S"]
    piles = {"t1": run, "t2": run, **{f"t{t}": [r + "S"] for t, r in zip(range(3, 11), "56789TJQ")}}
    piles["stock"] = ["as", "as"]  # the stock's top card goes to t1, the next to t2
    g = spider(piles)
    changes = g.play("deal")
    assert [str(c.move) for c in changes] == ["deal", "t1:13>f1", "t2:13>f2"]
    assert g.score() == 500 - 1 + 200 and g.moves == 3
    assert pile(g, "f1") == pile(g, "f2") == ["AS"] + run[::-1]
    assert not pile(g, "t1") and not pile(g, "t2")


def test_a_single_card_never_goes_to_a_spider_foundation():
    g = spider({"t1": ["AS"]})
    assert not any(m.startswith("t1>f") for m in legal(g))
    with pytest.raises(IllegalMove) as e:
        g.play("t1>f1")
    assert e.value.reason == "foundation_whole_run"


def test_spider_score_starts_at_500_and_every_move_costs_one():
    g = Game.new("spider-1", 1)
    assert g.score() == 500
    moves = [m for m in g.legal_moves() if str(m) != "deal"][:1]
    g.play(moves[0])
    g.play("deal")
    assert g.score() == 498
    g.undo()
    assert g.score() == 498  # the deal's point back, the undo's point paid


# --- Yukon -------------------------------------------------------------------------------


def yukon(piles: dict) -> Game:
    return table("yukon", piles, ["t5", "t6", "t7"])


def test_yukon_moves_any_face_up_card_with_everything_on_it():
    g = yukon({"t2": ["4c", "9D", "2S", "KH", "5C"], "t3": ["TS"], "t4": ["3D"], "t1": ["6D"]})
    assert {"t2:4>t3", "t2>t1"} <= legal(g)  # 9D (with 2S KH 5C on it) onto TS; 5C onto 6D
    g.play("t2:4>t3")
    assert pile(g, "t3") == ["TS", "9D", "2S", "KH", "5C"]
    assert pile(g, "t2") == ["4C"]  # turned face up: +5
    assert g.score() == 5
    g.play("t3:3>t4")  # 2S heads the group and fits 3D; KH and 5C come with it
    assert pile(g, "t4") == ["3D", "2S", "KH", "5C"] and pile(g, "t3") == ["TS", "9D"]


def test_yukon_group_head_must_fit_and_face_down_cards_never_move():
    g = yukon({"t2": ["4c", "9D", "2S"], "t3": ["TD"], "t4": []})
    with pytest.raises(IllegalMove) as e:
        g.play("t2:2>t3")
    assert e.value.reason == "build_alternate"
    with pytest.raises(IllegalMove) as e:
        g.play("t2:3>t3")
    assert e.value.reason == "face_up_only"
    with pytest.raises(IllegalMove) as e:
        g.play("t2:2>t4")
    assert e.value.reason == "empty_king_or_run"
    assert pile(g, "t2") == ["4c", "9D", "2S"]


def test_yukon_a_king_with_what_lies_on_it_goes_into_an_empty_column():
    g = yukon({"t2": ["3c", "KD", "2S", "9H"], "t3": [], "t4": ["4D"]})
    assert "t2:3>t3" in legal(g) and "t2:2>t3" not in legal(g)
    g.play("t2:3>t3")
    assert pile(g, "t3") == ["KD", "2S", "9H"] and pile(g, "t2") == ["3C"]


def test_yukon_foundation_card_may_come_back_and_costs_15():
    g = yukon({"f1": ["AS", "2S"], "t1": ["3H"], "t2": ["AH"]})
    g.play("t2>f2")
    assert g.score() == 10
    g.play("f1>t1")
    assert pile(g, "t1") == ["3H", "2S"] and g.score() == 0  # 10 − 15, never shown below 0
    assert g.points == -5


# --- Klondike ----------------------------------------------------------------------------


def klondike(game_id: str, piles: dict) -> Game:
    return new(game_id, piles, "stock")


@pytest.mark.parametrize("game_id,cost", [("klondike-1", 100), ("klondike-3", 20)])
def test_klondike_turning_the_waste_over_costs_its_points(game_id, cost):
    g = klondike(game_id, {"f1": upto("S", "Q"), "f2": upto("H", "Q"), "f3": upto("D", "Q"), "t1": ["KS"]})
    g.play("t1>f1")
    while g.position.pile("stock"):
        g.play("draw")
    before = g.points
    g.play("redeal")
    assert g.points == before - cost
    assert g.score() == max(0, before - cost)


def test_klondike_every_score_item():
    g = klondike("klondike-1", {"t2": ["5D"], "t3": ["AH"], "stock": ["ks", "2h", "4c"]})
    g.play("draw")  # 4C onto the waste
    g.play("waste>t2")  # waste → column: +5
    assert g.points == 5
    g.play("t3>f1")  # column → foundation: +10
    assert g.points == 15
    g.play("draw")  # 2H
    g.play("waste>f1")  # waste → foundation: +10
    assert g.points == 25
    g = klondike("klondike-1", {"t2": ["as", "2S"], "t3": ["3H"]})
    g.play("t2>t3")  # 2S onto 3H; the Ace of spades turns face up: +5
    assert g.points == 5
    g = klondike("klondike-1", {"t1": ["3S"], "f1": ["AH", "2H"]})
    g.play("f1>t1")  # foundation → column: −15, never shown below 0
    assert g.points == -15 and g.score() == 0


def test_klondike_undo_and_redo_are_free_and_unlimited():
    g = Game.new("klondike-1", 4)
    for _ in range(30):
        g.play("draw" if g.position.pile("stock") else "redeal")
    for _ in range(30):
        g.undo()
    assert g.position == g.start and g.score() == 0
    for _ in range(30):
        g.redo()
    assert g.moves == 30


# --- moves text, saves, the command line -------------------------------------------------


def test_moves_text_names_cells_and_the_deal():
    assert str(parse_move("t3>c1")[0]) == "t3>c1"
    assert str(parse_move("c4>f2")[0]) == "c4>f2"
    assert str(parse_move("deal")[0]) == "deal"
    moves, at = parse_step("t2>t1+t1:13>f1@4")
    assert [str(m) for m in moves] == ["t2>t1", "t1:13>f1"] and at == 4


@pytest.mark.parametrize("game_id", CLASSICS)
def test_a_saved_classic_loads_identically(game_id):
    import random

    rng = random.Random(game_id)
    g = Game.new(game_id, 11)
    for i in range(40):
        moves = g.legal_moves()
        if not moves:
            break
        g.play(rng.choice(moves), at=i)
        if i % 7 == 3:
            g.undo(at=i)
    loaded = Game.from_json(g.to_json())
    assert loaded.position == g.position and loaded.score() == g.score() and loaded.log == g.log


def test_impossible_classic_positions_are_refused():
    piles = rest_face_up("freecell", {"c1": ["AS", "2S"]}, ["t1", "t2"])
    with pytest.raises(InvalidPosition) as e:
        read_position({"game": "freecell", "piles": piles}, reachable=False)
    assert e.value.reason == "cell_one"
    piles = rest_face_up("freecell", {"stock": ["as"]}, ["t1", "t2"])
    with pytest.raises(InvalidPosition) as e:
        read_position({"game": "freecell", "piles": piles}, reachable=False)
    assert e.value.reason == "talon_too_many"
    with pytest.raises(InvalidPosition) as e:
        make("spider-1", {"f1": ["AS", "2S"]})
    assert e.value.reason == "foundation_whole_run"


def _spider_end(one_empty: bool) -> Game:
    """Spider, four suits: six runs home, the stock dealt out, the clubs on
    the columns with no top card one rank below another (nothing moves)."""
    runs = {f"f{i + 1}": upto(s, "K") for i, s in enumerate("SSHHDD")}
    columns = [
        ["AC", "QC", "KC"],
        ["AC", "QC", "KC"],
        ["2C", "8C", "JC"],
        ["2C", "8C", "JC"],
        ["3C", "6C", "9C"],
        ["3C", "6C", "9C"],
        ["4C", "TC", "7C"],
        ["4C", "TC", "7C"],
        ["5C"],
        ["5C"],
    ]
    if one_empty:
        columns[8], columns[9] = ["5C", "5C"], []
    piles = {**runs, **{f"t{i + 1}": col for i, col in enumerate(columns)}}
    return Game(read_position({"game": "spider-4", "piles": piles}, reachable=False))


def test_spider_is_stalled_with_no_move_and_no_deal():
    g = _spider_end(False)
    assert g.legal_moves() == [] and g.status == "stalled"
    g = _spider_end(True)  # an empty column takes any card: not stalled
    assert "t1>t10" in legal(g) and "deal" not in legal(g) and g.status == "playing"
