"""The solver (game/solver): honest answers, lines that replay, sound cuts.

A ``won`` line must replay through the engine's own rules to a won position;
``lost`` must be a proof, so positions built to be unwinnable are checked
and so is a position that a popular but unsafe automatic move would lose.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from engine_helpers import FORTY_FAMILY, make, upto

from game import GAMES, Move, Position, deal, get_spec, read_position
from game.solver import (
    LOST,
    UNKNOWN,
    WON,
    auto_complete,
    canonical_key,
    hint,
    model_for,
    solve,
)
from game.solver.model import Model
from game.solver.search import CHECK_EVERY, search

ROOT = Path(__file__).resolve().parents[2]
BUILD_GAMES = ["reloaded", "solitario", "klondike-1", "klondike-3", *FORTY_FAMILY]


def replays_to_win(position: Position, line) -> bool:
    pos = position
    for move in line:
        pos = pos.apply(move)[0]  # raises IllegalMove on a bad move
    return pos.is_won()


def near_won(game_id: str) -> Position:
    """Every suit home up to two below its top rank; the top two ranks wait,
    half as columns with the King on the Queen, half in the stock."""
    spec = get_spec(game_id)
    ranks = spec.deck.ranks
    piles, pairs, f = {}, [], 1
    for _copy in range(spec.deck.copies):
        for suit in "SHDC":
            piles[f"f{f}"] = upto(suit, ranks[-3], ranks)
            f += 1
            pairs.append((ranks[-2] + suit, ranks[-1] + suit))
    half = len(pairs) // 2
    for i, (q, k) in enumerate(pairs[:half]):
        piles[f"t{i + 1}"] = [q, k]
    piles["stock"] = [c.lower() for q, k in pairs[half:] for c in (k, q)]
    return make(game_id, piles, fill=None)


# --- won ------------------------------------------------------------------------
@pytest.mark.parametrize("game_id", BUILD_GAMES)
def test_near_won_position_is_won_with_a_line_that_replays(game_id):
    pos = near_won(game_id)
    result = solve(pos, budget_nodes=20_000)
    assert result.status == WON
    assert result.line and replays_to_win(pos, result.line)
    assert result.nodes >= 1 and result.seconds >= 0


@pytest.mark.parametrize(
    "game_id,seed",
    [
        ("klondike-1", 1),
        ("klondike-3", 3),
        ("reloaded", 1),
        ("solitario", 2),
        ("retinue", 4),
    ],
)
def test_easy_deals_are_won_and_the_line_replays(game_id, seed):
    pos = deal(game_id, seed)
    result = solve(pos, budget_nodes=50_000)
    assert result.status == WON
    assert replays_to_win(pos, result.line)


def test_a_won_position_needs_no_move():
    pos = make("klondike-1", {f"f{i + 1}": upto(s, "K") for i, s in enumerate("SHDC")}, fill=None)
    result = solve(pos)
    assert result.status == WON and result.line == []


def test_retinue_chain_that_ends_early_is_lost():
    result = solve(deal("retinue", 1))
    assert result.status == LOST and result.line == []


# --- lost: built to be unwinnable ---------------------------------------------------
def test_klondike_nines_buried_under_their_own_suit_is_lost():
    # Spades and clubs wait for their 9s, which lie face down under the Ten of
    # clubs; no column is empty, no red card can come down onto a black one.
    piles = {
        "f1": upto("H", "K"),
        "f2": upto("D", "K"),
        "f3": upto("S", "8"),
        "f4": upto("C", "8"),
        "t1": ["KS"],
        "t2": ["KC"],
        "t3": ["QS"],
        "t4": ["QC"],
        "t5": ["JS"],
        "t6": ["JC"],
        "t7": ["9s", "9c", "ts", "TC"],
    }
    result = solve(make("klondike-1", piles, fill=None))
    assert result.status == LOST and result.line == []


def test_forty_thieves_nines_under_higher_cards_of_their_suit_is_lost_after_a_search():
    # Four suits wait for a 9; every 9 lies under a higher card of its own
    # suit, no column ever empties; the stock's Queens and Jacks of diamonds
    # can be played onto the Kings, which changes the position but never helps.
    piles = {
        **{f"f{i}": upto("H", "K") for i in (1, 2)},
        **{f"f{i}": upto("S", "8") for i in (3, 4)},
        **{f"f{i}": upto("C", "8") for i in (5, 6)},
        **{f"f{i}": upto("D", "8") for i in (7, 8)},
        "t1": ["9S", "TS", "KS"],
        "t2": ["9S", "TS", "KS"],
        "t3": ["9C", "TC", "KC"],
        "t4": ["9C", "TC", "KC"],
        "t5": ["9D", "TD", "KD"],
        "t6": ["9D", "TD", "KD"],
        "t7": ["QS", "JS"],
        "t8": ["QS", "JS"],
        "t9": ["QC", "JC"],
        "t10": ["QC", "JC"],
        "stock": ["jd", "qd", "jd", "qd"],
    }
    pos = make("forty-thieves", piles, fill=None)
    result = solve(pos)
    assert result.status == LOST
    # The relaxation (Model.hopeless) sees it at once; the full search, which
    # has moves to try, proves it too.
    model = model_for(pos.spec)
    assert model.hopeless(model.from_position(pos))
    plain = _NoRelaxation(pos.spec)
    out = search(plain, plain.from_position(pos), 100_000)
    assert out.status == LOST and out.nodes > 1


class _NoRelaxation(Model):
    def hopeless(self, st):
        return False


def _counterexample(five_of_spades_home: bool) -> Position:
    """safe.py's example: 4♥ 4♦ 4♠ home, clubs only to the Ace, 3♣ on a
    face-down 2♣ (on a face-down 5♣), 5♠ on a face-down K♣."""
    piles = {
        "f1": upto("H", "4"),
        "f2": upto("D", "4"),
        "f3": upto("S", "5" if five_of_spades_home else "4"),
        "f4": ["AC"],
        "t1": ["5H", "6H", "7H", "8H", "9H", "TH", "JH", "QH", "KH"],
        "t2": ["KC"] if five_of_spades_home else ["kc", "5S"],
        "t3": ["5c", "2c", "3C"],
        "t4": ["5D", "6D", "7D", "8D", "9D", "TD", "JD", "QD", "KD"],
        "t5": ["6S", "7S", "8S", "9S", "TS", "JS", "QS", "KS"],
        "t6": ["QC", "JC", "TC", "9C", "8C", "7C", "6C"],
        "t7": ["4C"],
    }
    return make("klondike-1", piles, fill=None)


def test_the_often_quoted_safe_rule_would_lose_a_won_klondike_position():
    # Both red 4s are home, yet sending 5♠ home loses: 4♥ must come back
    # onto it so that 3♣ can move. Our rule does not play 5♠ automatically.
    won = solve(_counterexample(False), budget_nodes=50_000)
    assert won.status == WON and replays_to_win(_counterexample(False), won.line)
    assert solve(_counterexample(True), budget_nodes=50_000).status == LOST
    model = model_for(get_spec("klondike-1"))
    st = model.from_position(_counterexample(False))
    assert not model.is_safe(st[1], model.card("5S"))


# --- safe moves ------------------------------------------------------------------
def _found(model, heights: dict):
    """Foundation tuple from {suit: height or (h1, h2)}."""
    out = []
    for s in "SHDC":
        h = heights.get(s, 0)
        hs = list(h) if isinstance(h, tuple) else [h] * model.copies
        out.extend(sorted(hs))
    return tuple(out)


def test_klondike_safe_rule():
    m = model_for(get_spec("klondike-1"))
    f = _found(m, {"S": 4, "H": 4, "D": 4, "C": 1})
    assert m.is_safe(f, m.card("AC")) and m.is_safe(f, m.card("2C"))  # Aces and 2s always
    assert not m.is_safe(f, m.card("5S"))  # other black suit below 3
    assert m.is_safe(_found(m, {"S": 4, "H": 4, "D": 4, "C": 3}), m.card("5S"))
    assert not m.is_safe(_found(m, {"S": 4, "H": 4, "D": 3, "C": 4}), m.card("5S"))


def test_two_deck_safe_rule_needs_both_piles_of_the_suit():
    m = model_for(get_spec("forty-thieves"))  # same suit
    assert m.is_safe(_found(m, {}), m.card("AS"))
    assert not m.is_safe(_found(m, {"S": (4, 1)}), m.card("5S"))  # the twin 5♠ may need the pile
    assert m.is_safe(_found(m, {"S": (4, 4)}), m.card("5S"))
    assert m.is_safe(_found(m, {"S": (4, 6)}), m.card("5S"))
    m = model_for(get_spec("maria"))  # alternating colours: red 4s must be home too
    assert not m.is_safe(_found(m, {"S": (4, 4), "H": (4, 4), "D": (3, 4)}), m.card("5S"))
    assert m.is_safe(_found(m, {"S": (4, 4), "H": (4, 4), "D": (4, 4)}), m.card("5S"))
    m = model_for(get_spec("indian"))  # any other suit: all three
    assert not m.is_safe(_found(m, {"S": (4, 4), "H": (4, 4), "D": (4, 4)}), m.card("5S"))
    assert m.is_safe(_found(m, {"S": (4, 4), "H": (4, 4), "D": (4, 4), "C": (4, 4)}), m.card("5S"))


def test_draw_three_never_plays_a_waste_card_automatically():
    assert model_for(get_spec("klondike-3")).talon_auto == 0
    assert model_for(get_spec("little-forty")).talon_auto == 0
    assert model_for(get_spec("klondike-1")).talon_auto == 2
    assert model_for(get_spec("forty-thieves")).talon_auto == 1


# --- the model agrees with the engine ----------------------------------------------
def _model_move(pos, model, st, move, moves):
    """The solver move for an engine move, or None if the solver leaves it out."""
    spec = pos.spec
    cols = list(spec.tableau_range)
    s, d = spec.pile_index[move.src], spec.pile_index[move.dst]
    ks, kd = pos.rules.kind[s], pos.rules.kind[d]
    if kd == "tableau" and not pos.piles[d]:
        first_empty = next(i for i, c in enumerate(cols) if not pos.piles[c])
        if cols.index(d) != first_empty:
            return None  # empty columns are interchangeable
        if ks == "tableau" and move.count == len(pos.piles[s]):
            return None  # a whole column onto an empty one changes nothing
    if ks == "tableau" and kd == "tableau" and _uncovers_an_unusable_card(pos, move):
        return None  # a run moved off a card it fits, which nothing could use next (Model.moves)
    if ks == "tableau":
        return (0, cols.index(s), cols.index(d), move.count) if kd == "tableau" else (1, cols.index(s))
    if ks == "waste" and model.talon_auto == 2 and not _something_fits_on(pos, pos.piles[1][-1]):
        return None  # draw 1, unlimited redeals: it can wait in the talon (model.Model.moves)
    if ks == "waste" and kd == "tableau" and model.chains:
        return None  # only with what lies on it next: test_solver_chains.py
    if ks == "waste":
        w = len(pos.piles[1])
        found = [
            m
            for m in moves
            if m[0] in (2, 3)
            and m[1] == w
            and (m[0] == 3) == (kd == "foundation")
            and (kd == "foundation" or m[2] == cols.index(d))
        ]
        return found[0] if found else ("missing", str(move))
    card = model.card(pos.piles[s][-1])
    if model.is_safe(st[1], card):
        return None  # a safe card is no better back in a column (safe.py)
    found = [
        m for m in moves if m[0] == 4 and m[2] == cols.index(d) and (m[1] // model.copies) * 16 + st[1][m[1]] == card
    ]
    return found[0] if found else ("missing", str(move))


def _uncovers_an_unusable_card(pos, move) -> bool:
    """Where runs move as a unit: does ``move`` take a run off a face-up card X
    it fits, while in the position after it no legal move would use X (send
    it home, move it, alone or in a run, or put a card on it other than the
    run's head back) and X could not go home at once either?"""
    rules = pos.rules
    if not pos.spec.runs:
        return False
    src = pos.piles[pos.spec.pile_index[move.src]]
    if len(src) <= move.count:
        return False
    head, x = src[-move.count], src[-move.count - 1]
    if x.islower() or head not in rules.accepts[x]:
        return False
    after = pos.apply(move)[0]
    col = after.piles[pos.spec.pile_index[move.src]]
    if not col or col[-1] != x:
        return False  # X went home by itself: used
    for m in after.legal_moves():
        if m.is_stock_action:
            continue
        if m.src == move.src:
            return False  # X moves (home, or onto a column, alone or in a run)
        if m.dst == move.src:
            moved = after.piles[after.spec.pile_index[m.src]][-m.count] if m.src != "waste" else after.piles[1][-1]
            if moved != head:
                return False  # a card other than the run's head goes onto X
    # talon cards that drawing (with at most one redeal) brings to the waste's top
    return not (rules.accepts[x] - {head}) & _waste_tops(after)


def _waste_tops(pos) -> set:
    rules, seen, p, redealt = pos.rules, set(), pos, False
    for _ in range(300):
        if p.piles[1]:
            seen.add(p.piles[1][-1])
        if p.piles[0]:
            p = rules.apply(p, Move("draw"))[0]
        elif p.piles[1] and not redealt and (pos.spec.redeals is None or p.redeals < pos.spec.redeals):
            p, redealt = rules.apply(p, Move("redeal"))[0], True
        else:
            break
    return seen


def _something_fits_on(pos, card) -> bool:
    """Could a card that is free to move now (a run's head, any talon card,
    a foundation's top) be placed on ``card``?"""
    rules = pos.rules
    free = {c.upper() for c in pos.piles[0] + pos.piles[1]}
    for t in rules.columns:
        col = pos.piles[t]
        free |= {col[-k] for k in range(1, rules.run_length(col) + 1)}
    free |= {pos.piles[f][-1] for f in rules.foundations if pos.piles[f]}
    return bool(rules.accepts[card] & free)


@pytest.mark.parametrize("game_id", BUILD_GAMES)
def test_solver_moves_cover_every_engine_move_and_give_the_same_position(game_id):
    import random

    rng = random.Random(7)
    pos = deal(game_id, 3)
    model = model_for(pos.spec)
    for _ in range(60):
        st = model.from_position(pos)
        moves = set(model.moves(st))
        legal = pos.legal_moves()
        for move in legal:
            if move.is_stock_action:
                continue
            m = _model_move(pos, model, st, move, moves)
            if m is None:
                continue
            assert m in moves, (str(move), m)
            assert model.key(model.apply(st, m)) == model.key(model.from_position(pos.apply(move)[0]))
        if not legal:
            break
        pos = pos.apply(rng.choice(legal))[0]


@pytest.mark.parametrize("game_id", ["klondike-1", "klondike-3", "little-forty", "forty-thieves", "solitario"])
def test_talon_targets_are_the_waste_tops_drawing_reaches(game_id):
    pos = deal(game_id, 2)
    rules = pos.rules
    for _ in range(4):  # from a few boundaries of the first pass
        model = model_for(pos.spec)
        st = model.from_position(pos)
        reached, p, redeals = set(), pos, 0
        if p.piles[1]:
            reached.add(len(p.piles[1]))
        for _ in range(200):
            if p.piles[0]:
                p = rules.apply(p, Move("draw"))[0]
            elif p.piles[1] and redeals == 0 and (pos.spec.redeals is None or p.redeals < pos.spec.redeals):
                p, redeals = rules.apply(p, Move("redeal"))[0], 1
                continue
            else:
                break
            reached.add(len(p.piles[1]))
        assert {j for j, _ in model.talon_targets(len(st[2]), st[3], st[4])} == reached
        if not pos.piles[0]:
            break
        pos = rules.apply(pos, Move("draw"))[0]


# --- canonical keys ------------------------------------------------------------------
def test_canonical_key_ignores_the_order_of_columns():
    pos = deal("forty-thieves", 7)
    data = pos.to_json()
    piles = data["piles"]
    swapped = dict(piles, t1=piles["t4"], t4=piles["t1"], t2=piles["t9"], t9=piles["t2"])
    other = read_position({"game": "forty-thieves", "piles": swapped})
    assert other != pos
    assert canonical_key(other) == canonical_key(pos)
    stock = list(piles["stock"])
    stock[0], stock[-1] = stock[-1], stock[0]
    if stock != piles["stock"]:
        changed = read_position({"game": "forty-thieves", "piles": dict(piles, stock=stock)})
        assert canonical_key(changed) != canonical_key(pos)


def test_canonical_key_ignores_which_foundation_holds_a_suit():
    a = make("klondike-1", {"f1": upto("S", "3"), "f2": upto("H", "2")})
    b = make("klondike-1", {"f3": upto("S", "3"), "f1": upto("H", "2")})
    assert canonical_key(a) == canonical_key(b)


def test_canonical_key_of_a_draw_one_talon_ignores_how_far_it_was_drawn():
    pos = deal("klondike-1", 5)
    drawn = pos.apply(pos.legal_moves()[-1])[0]  # draw
    assert drawn.piles[1] and canonical_key(drawn) == canonical_key(pos)
    pos3 = deal("klondike-3", 5)
    once = pos3.apply(get_spec("klondike-3").engine.legal_moves(pos3)[-1])[0]
    assert canonical_key(once) == canonical_key(pos3)  # both on the redeal cycle


# --- budgets and cancelling ----------------------------------------------------------
def test_budget_exhaustion_is_unknown():
    result = solve(deal("klondike-3", 1), budget_nodes=300)
    assert result.status == UNKNOWN and result.line == [] and result.nodes == 300


def test_time_limit_gives_unknown():
    result = solve(deal("forty-thieves", 1), budget_nodes=10**9, time_limit=0.0)
    assert result.status == UNKNOWN and result.nodes <= CHECK_EVERY


def test_the_time_limit_counts_cpu_time_not_time_spent_waiting():
    # Every CHECK_EVERY nodes the search asks should_stop, which here waits
    # 0.2 s without computing: 3000 nodes take well over a second of wall
    # time but a fraction of a second of CPU time, so a one-second limit of
    # CPU time never ends the search (a wall-clock limit would, after 1 s).
    import time

    waits = []

    def wait():
        waits.append(1)
        time.sleep(0.2)
        return False

    t0 = time.perf_counter()
    result = solve(deal("forty-thieves", 1), budget_nodes=3000, time_limit=1.0, should_stop=wait)
    wall = time.perf_counter() - t0
    assert result.status == UNKNOWN and not result.stopped
    assert result.nodes == 3000
    waited = 0.2 * len(waits)
    assert waited > 1.2 and wall >= waited  # the search went on well past a second of waiting
    assert result.seconds < wall - waited + 0.05  # seconds are CPU seconds, the waits left out


def test_should_stop_cancels_the_search():
    calls = []

    def stop():
        calls.append(1)
        return len(calls) >= 2

    result = solve(deal("forty-thieves", 1), budget_nodes=10**9, should_stop=stop)
    assert result.status == UNKNOWN and result.stopped
    assert len(calls) == 2 and result.nodes < 4 * CHECK_EVERY  # checked every CHECK_EVERY nodes


# --- hint and auto-complete ----------------------------------------------------------
def test_hint_is_the_first_move_of_a_winning_line():
    pos = near_won("forty-thieves")
    h = hint(pos)
    assert h.proven and h.status == WON
    assert h.move in pos.legal_moves()


def test_hint_without_a_proof_is_labelled_and_legal():
    pos = deal("klondike-3", 1)
    h = hint(pos, budget_nodes=200)
    assert not h.proven and h.status == UNKNOWN
    assert h.move in pos.legal_moves()


def test_hint_on_a_lost_position_says_so():
    piles = {
        "f1": upto("H", "K"),
        "f2": upto("D", "K"),
        "f3": upto("S", "8"),
        "f4": upto("C", "8"),
        "t1": ["KS"],
        "t2": ["KC"],
        "t3": ["QS"],
        "t4": ["QC"],
        "t5": ["JS"],
        "t6": ["JC"],
        "t7": ["9s", "9c", "ts", "TC"],
    }
    h = hint(make("klondike-1", piles, fill=None))
    assert h.status == LOST and not h.proven and h.move is None


def test_auto_complete_finishes_an_open_position():
    piles = {
        "f1": upto("S", "9"),
        "f2": upto("H", "9"),
        "f3": upto("D", "9"),
        "f4": upto("C", "9"),
        "t1": ["KS", "QH", "JS"],
        "t2": ["KH", "QS", "JH", "TS"],
        "t3": ["KD", "QC", "JD", "TC"],
        "t4": ["KC", "QD", "JC"],
        "waste": ["TH"],
        "stock": ["td"],
    }
    pos = make("reloaded", piles, fill=None)
    line = auto_complete(pos)
    assert line is not None and replays_to_win(pos, line)


def test_auto_complete_refuses_while_a_card_is_face_down():
    piles = {
        "f1": upto("S", "9"),
        "f2": upto("H", "9"),
        "f3": upto("D", "9"),
        "f4": upto("C", "9"),
        "t1": ["KS", "QH", "JS"],
        "t2": ["kh", "QS", "JH", "TS"],
        "t3": ["KD", "QC", "JD", "TC"],
        "t4": ["KC", "QD", "JC"],
        "waste": ["TH"],
        "stock": ["td"],
    }
    assert auto_complete(make("reloaded", piles, fill=None)) is None
    assert auto_complete(deal("forty-thieves", 3)) is None  # face up, but far from done


# --- the command line -----------------------------------------------------------------
def cli(*args, stdin=None):
    proc = subprocess.run(
        [sys.executable, "-m", "game", *args], cwd=ROOT, input=stdin, capture_output=True, text=True, timeout=60
    )
    return proc.returncode, json.loads(proc.stdout)


def test_cli_solve_prints_status_nodes_seconds_and_a_line_that_replays():
    code, out = cli("solve", "klondike-1", "--seed", "1", "--budget", "5000")
    assert code == 0 and set(out) == {"status", "nodes", "seconds", "line"}
    assert out["status"] == WON
    from game import parse_move

    assert replays_to_win(deal("klondike-1", 1), [parse_move(t)[0] for t in out["line"]])


def test_cli_solve_reads_a_position_and_reports_unknown_within_budget(tmp_path):
    path = tmp_path / "pos.json"
    path.write_text(json.dumps(deal("klondike-3", 1).to_json()))
    code, out = cli("solve", "klondike-3", "--position", str(path), "--budget", "50")
    assert code == 0 and out["status"] == UNKNOWN and out["nodes"] == 50 and out["line"] == []


@pytest.mark.parametrize(
    "args",
    [
        ["solve", "nope", "--seed", "1"],
        ["solve", "klondike-1"],
        ["solve", "klondike-1", "--seed", "x"],
        ["solve", "klondike-1", "--seed", "1", "--budget", "0"],
        ["solve", "reloaded", "--position", "/no/such/file.json"],
    ],
)
def test_cli_solve_refuses_bad_input_with_exit_2(args):
    code, out = cli(*args)
    assert code == 2 and "error" in out


def test_every_game_has_a_solver_model():
    for spec in GAMES.values():
        if spec.rules == "build":
            assert model_for(spec).spec is spec


def test_retinue_hint_and_auto_complete_follow_the_chain():
    won, lost = deal("retinue", 4), deal("retinue", 1)
    h = hint(won)
    assert h.proven and h.status == WON and h.move == won.legal_moves()[0]
    assert not hint(lost).proven
    line = auto_complete(won)
    assert line is not None and replays_to_win(won, line)
    assert auto_complete(lost) is None


@pytest.mark.parametrize("game_id,seed", [("klondike-1", 50), ("klondike-1", 641), ("klondike-3", 52)])
def test_lost_deals_are_lost_for_a_search_without_any_cut_too(game_id, seed):
    # The safe moves home and the talon cut only shrink the search: a search
    # that plays every legal move (bar renamed-column repeats) agrees.
    from game.solver.model import Model
    from game.solver.search import search

    assert solve(deal(game_id, seed), budget_nodes=20_000).status == LOST
    plain = Model(get_spec(game_id))
    plain.talon_auto = 0  # no automatic talon plays and no talon cut
    plain.safe_req = [((0, 99),)] * 128  # no card is ever safe to send home by itself
    plain.talon_cycle = 0  # the exact talon key, no dominance
    out = search(plain, plain.from_position(deal(game_id, seed)), 20_000)
    assert out.status == LOST


# --- best-first search (the single-card two-deck games) -------------------------------
def _nines_position():
    return make(
        "forty-thieves",
        {
            **{f"f{i}": upto("H", "K") for i in (1, 2)},
            **{f"f{i}": upto("S", "8") for i in (3, 4)},
            **{f"f{i}": upto("C", "8") for i in (5, 6)},
            **{f"f{i}": upto("D", "8") for i in (7, 8)},
            "t1": ["9S", "TS", "KS"],
            "t2": ["9S", "TS", "KS"],
            "t3": ["9C", "TC", "KC"],
            "t4": ["9C", "TC", "KC"],
            "t5": ["9D", "TD", "KD"],
            "t6": ["9D", "TD", "KD"],
            "t7": ["QS", "JS"],
            "t8": ["QS", "JS"],
            "t9": ["QC", "JC"],
            "t10": ["QC", "JC"],
            "stock": ["jd", "qd", "jd", "qd"],
        },
        fill=None,
    )


@pytest.mark.parametrize("game_id,seed", [("forty-thieves", 2), ("streets", 28), ("limited", 3)])
def test_best_first_wins_a_forty_thieves_family_deal_and_the_line_replays(game_id, seed):
    pos = deal(game_id, seed)
    result = solve(pos, budget_nodes=40_000)
    assert result.status == WON
    assert replays_to_win(pos, result.line)


def test_best_first_claims_lost_only_when_it_searched_everything():
    from game.solver.search import best_first

    pos = _nines_position()
    model = _NoRelaxation(pos.spec)  # the search alone, without Model.hopeless's quick proof
    st = model.from_position(pos)
    assert best_first(model, st, 100_000).status == LOST
    # the same space with cuts, a blurred score or a budget too small: never "lost"
    assert best_first(model, st, 100_000, greedy=True).status == UNKNOWN
    assert best_first(model, st, 3).status == UNKNOWN
    import random

    blurred = best_first(model, st, 100_000, jitter=random.Random(1), noise=50, depth_weight=-6)
    assert blurred.status == LOST  # the order changes, the space searched does not


def test_best_first_finds_a_near_won_line():
    from game.solver.search import best_first

    for game_id in ("forty-thieves", "maria", "lucas"):
        pos = near_won(game_id)
        model = model_for(pos.spec)
        out = best_first(model, model.from_position(pos), 20_000)
        assert out.status == WON and out.path


def test_supermove_steps_carry_a_run_one_card_at_a_time_through_empty_columns():
    from game.solver.model import supermove_steps

    for n, free in [(1, []), (2, [5]), (4, [5, 6]), (3, [5, 6]), (8, [5, 6, 7])]:
        cols = {0: list(range(n, 0, -1)), 9: [n + 1], **{f: [] for f in free}}
        for a, b in supermove_steps(n, 0, 9, free):
            card = cols[a].pop()
            assert not cols[b] or cols[b][-1] == card + 1  # onto an empty column or the next rank
            cols[b].append(card)
        assert cols[9] == list(range(n + 1, 0, -1)) and all(not cols[f] for f in free)
    with pytest.raises(ValueError):
        supermove_steps(5, 0, 9, [5, 6])


def _supermove_position():
    """Forty Thieves, two empty columns: 2♠ lies under the run 9♠ 8♠ 7♠,
    which can go onto 10♠ (on 3♠) one card at a time through them."""
    return make(
        "forty-thieves",
        {
            "f1": upto("H", "Q"),
            "f2": upto("H", "Q"),
            "f3": upto("D", "Q"),
            "f4": upto("D", "Q"),
            "f5": upto("C", "K"),
            "f6": upto("C", "K"),
            "f7": upto("S", "K"),
            "f8": ["AS"],
            "t1": ["2S", "9S", "8S", "7S"],
            "t2": ["3S", "TS"],
            "t3": ["KS", "QS", "JS"],
            "t4": ["6S", "5S", "4S"],
            "t5": ["KH"],
            "t6": ["KH"],
            "t7": ["KD"],
            "t8": ["KD"],
        },
        fill=None,
    )


def test_a_supermove_expands_to_single_card_moves_that_reach_the_same_position():
    from game.solver import expand

    pos = _supermove_position()
    model = model_for(pos.spec)
    st = model.from_position(pos)
    m = (0, 0, 1, 3)
    assert m in model.moves(st)
    line = expand(model, pos, [m])
    assert len(line) == 5 and all(x.count == 1 for x in line)
    end = pos
    for x in line:
        end = end.apply(x)[0]
    assert model.key(model.from_position(end)) == model.key(model.apply(st, m))
    result = solve(pos, budget_nodes=5_000)
    assert result.status == WON and replays_to_win(pos, result.line)


def test_a_large_budget_adds_best_first_runs_and_still_proves_losses(monkeypatch):
    import game.solver as solver

    monkeypatch.setattr(solver, "LARGE_BUDGET", 1_000)
    monkeypatch.setattr(solver, "BEST_FIRST_RUN", 300)
    calls = []
    real = solver._best_first_phase
    monkeypatch.setattr(solver, "_best_first_phase", lambda *a: calls.append(a[2]) or real(*a))
    piles = {
        "f1": upto("H", "K"),
        "f2": upto("D", "K"),
        "f3": upto("S", "8"),
        "f4": upto("C", "8"),
        "t1": ["KS"],
        "t2": ["KC"],
        "t3": ["QS"],
        "t4": ["QC"],
        "t5": ["JS"],
        "t6": ["JC"],
        "t7": ["9s", "9c", "ts", "TC"],
    }
    assert solve(make("klondike-1", piles, fill=None), budget_nodes=5_000).status == LOST
    pos = deal("klondike-3", 3)
    result = solve(pos, budget_nodes=5_000)
    assert result.status == WON and replays_to_win(pos, result.line)
    assert len(calls) == 2
    solve(pos, budget_nodes=999)  # below the large budget: depth-first only
    assert len(calls) == 2


@pytest.mark.parametrize("seed", [52, 67, 148])
def test_draw_three_boundaries_compared_by_dominance_prove_the_same_losses_with_fewer_positions(seed):
    # With unlimited redeals a state whose talon boundary reaches only cards
    # that an expanded state with the same layout reaches too is not expanded
    # (search._dominated); the exact key of model.key expands it. Both prove
    # the loss; dominance needs fewer positions.
    pos = deal("klondike-3", seed)
    dominance = Model(pos.spec)
    exact = Model(pos.spec)
    assert dominance.talon_cycle == 3
    exact.talon_cycle = 0
    dominance.hopeless = exact.hopeless = lambda st: False  # the searches alone
    a = search(dominance, dominance.from_position(pos), 50_000)
    b = search(exact, exact.from_position(pos), 50_000)
    assert a.status == b.status == LOST
    assert a.nodes < b.nodes


def test_a_dominated_talon_boundary_is_not_expanded_again():
    from game.solver.search import _dominated

    cols, found, T = ((1, 2), (3,)), (0, 0, 0, 0), tuple(range(20, 30))  # ten talon cards
    lows: dict = {}
    assert not _dominated(lows, (cols, found, T, 4, 0), 3)  # pass 4, 7, 10 and 3, 6, 9, 10
    assert _dominated(lows, (cols, found, T, 7, 0), 3)  # reaches less: 7, 10
    assert _dominated(lows, (cols, found, T, 0, 0), 3)  # a fresh pass: 3, 6, 9, 10
    assert _dominated(lows, (cols, found, T, 10, 0), 3)  # the last card: the same
    assert not _dominated(lows, (cols, found, T, 2, 0), 3)  # 2, 5, 8 are new
    assert _dominated(lows, (cols, found, T, 5, 0), 3)
    assert not _dominated(lows, (cols, found, T, 1, 0), 3)  # reaches 1 too
    assert not _dominated(lows, (cols, found, T[1:], 7, 0), 3)  # another talon


def test_the_draw_three_relaxation_lets_every_won_deal_through():
    # Deals of klondike-3 that the solver wins (the line replays): the
    # relaxation, which now leaves talon cards out of reach until a card
    # before or after them can leave, must not call any of them lost.
    for seed in (2, 3, 6, 7, 8, 9, 11, 12, 15, 16):
        pos = deal("klondike-3", seed)
        model = model_for(pos.spec)
        assert not model.hopeless(model.closure(model.from_position(pos))[0]), seed
        result = solve(pos, budget_nodes=100_000)
        assert result.status == WON and replays_to_win(pos, result.line), seed


@pytest.mark.parametrize("seed", [52, 103])
def test_a_draw_three_talon_move_made_before_from_the_same_layout_and_talon_is_not_made_again(seed, monkeypatch):
    # Its child is the one met before (a talon move takes the card at j,
    # whatever the boundary was), which the dominance test would turn away:
    # leaving it out changes no node of the search, only the children made.
    search_module = sys.modules[search.__module__]  # the module (the package's name "search" is the function)

    pos = deal("klondike-3", seed)

    def run(skip):
        monkeypatch.setattr(search_module, "SKIP_MADE_TALON_MOVES", skip)
        model = Model(pos.spec)
        model.hopeless = lambda st: False  # the search alone
        made, expanded = [], []
        step, moves = model.step, model.moves
        model.step = lambda st, m: made.append(m) or step(st, m)
        model.moves = lambda st, *a: expanded.append(st) or moves(st, *a)
        out = search(model, model.from_position(pos), 20_000)
        return out.status, out.nodes, expanded, len(made)

    outcomes = {skip: run(skip) for skip in (True, False)}
    assert outcomes[True][:3] == outcomes[False][:3]  # the same positions expanded, in the same order
    assert outcomes[True][3] < outcomes[False][3]


def test_the_solver_state_is_bytes_and_a_column_keeps_its_order():
    pos = deal("klondike-3", 7)
    model = model_for(pos.spec)
    cols, found, T, w, u = model.from_position(pos)
    assert all(isinstance(col, bytes) for col in cols) and isinstance(found, bytes) and isinstance(T, bytes)
    t1 = pos.piles[pos.spec.pile_index["t7"]]
    assert [model.text(c) for c in cols[6]] == [x.upper() for x in t1]
    assert cols[6][-1] < 64 and all(c >= 64 for c in cols[6][:-1])  # face-down cards below the top


@pytest.mark.parametrize(
    "game_id,seed", [("klondike-3", 52), ("klondike-3", 67), ("klondike-1", 196), ("klondike-1", 72)]
)
def test_a_search_goes_on_from_the_states_an_earlier_search_proved_lost(game_id, seed):
    # A proof table (search.proof_table) keeps the states a search proved
    # lost (Tarjan's components: expanded in full, leading only to proved
    # states); a later search skips them, so a search stopped half-way and
    # started again finishes the proof with about the nodes left.
    from game.solver.search import proof_table

    pos = deal(game_id, seed)
    model = Model(pos.spec)
    model.hopeless = lambda st: False  # the searches alone
    st = model.from_position(pos)
    whole = search(model, st, 100_000)
    assert whole.status == LOST
    table = proof_table()
    first = search(model, st, whole.nodes // 2, proven=table)
    assert first.status == UNKNOWN and table
    second = search(model, st, 100_000, proven=table)
    assert second.status == LOST
    assert first.nodes + second.nodes <= whole.nodes * 1.05
    assert search(model, st, 10, proven=table).status == LOST  # the root is proved now


@pytest.mark.parametrize("game_id", ["klondike-3", "klondike-1"])
def test_states_proved_by_searches_with_greedy_cuts_or_random_orders_never_hide_a_win(game_id):
    # Greedy cuts leave moves out, so a greedy search proves a state only if
    # no cut fired below it; restarts in random orders share the table. A
    # full search given the table still finds the wins.
    import random

    from game.solver.search import proof_table

    for seed in (2, 3, 6, 7, 8):
        pos = deal(game_id, seed)
        model = Model(pos.spec)
        st = model.from_position(pos)
        table = proof_table()
        for r, size in enumerate((30, 60, 120, 250)):
            search(model, st, size, greedy=r % 2 == 0, jitter=random.Random(r) if r else None, proven=table)
        out = search(model, st, 100_000, proven=table)
        assert out.status != LOST, seed


def test_a_card_comes_back_from_home_only_to_let_the_one_under_it_come_back():
    # The only win takes 7H back with no black 6 to go on it, so that 6H can
    # come back under 5S: a cut of foundation cards that nothing free could
    # go on called this position lost.
    down = lambda codes: [c.lower() for c in codes]  # noqa: E731
    piles = {
        "stock": down(["7D", "8D", "9D", "TD", "JD", "QD"]),
        "f1": ["AS", "2S", "3S"],
        "f2": ["AH", "2H", "3H", "4H", "5H", "6H", "7H"],
        "f3": ["AD", "2D", "3D", "4D", "5D"],
        "f4": ["AC", "2C", "3C", "4C", "5C"],
        "t1": ["KC"],
        "t2": ["KS"],
        "t3": down(["6D", "4S"]) + ["5S"],
        "t4": down(["6C", "6S"]) + ["KD"],
        "t5": down(["QS", "JS", "TS", "9S"]) + ["8S"],
        "t6": down(["QH", "JH", "TH", "9H", "8H"]) + ["KH"],
        "t7": down(["QC", "JC", "TC", "9C", "8C", "7C"]) + ["7S"],
    }
    for game_id in ("klondike-1", "klondike-3"):
        pos = read_position({"game": game_id, "piles": piles}, game=game_id)
        out = solve(pos, budget_nodes=100_000)
        assert out.status == WON, (game_id, out.status, out.nodes)


def test_a_two_deck_game_keeps_its_greedy_restarts_and_wins_a_listed_deal():
    """Number Ten 1 is listed winnable at 60,000 nodes (game/winnable.py); its
    restarts win it, which full restarts in their place did not."""
    from game import winnable

    budget = winnable.BUDGETS.get("number-ten", winnable.BUDGET)
    assert 1 in winnable.WINNABLE["number-ten"]
    out = solve(deal("number-ten", 1), budget_nodes=budget)
    assert out.status == WON, (out.status, out.nodes)
