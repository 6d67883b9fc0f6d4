"""Drawing one card at a time with unlimited redeals, a talon card goes onto
a column only together with what lies on it next (Model.moves, the talon
cut; Model._chains); and drawing k > 1, the same game drawing one at a time
is a relaxation whose proofs of a loss hold (Model.one_at_a_time)."""

from __future__ import annotations

import random

import pytest

import game.solver.model as solver_model
from game import Move, Position, deal, get_spec
from game.solver import LOST, UNKNOWN, WON, expand, model_for, solve
from game.solver.model import Model
from game.solver.search import proof_table, search


def _to_waste_top(pos, card):
    """``pos`` after the draws (and redeal) that bring talon card ``card`` to the waste's top, or None."""
    rules = pos.rules
    for _ in range(2 * (len(pos.piles[0]) + len(pos.piles[1])) + 4):
        if pos.piles[1] and pos.piles[1][-1].upper() == card:
            return pos
        if pos.piles[0]:
            pos = rules.apply(pos, Move("draw"))[0]
        elif pos.piles[1]:
            pos = rules.apply(pos, Move("redeal"))[0]
        else:
            return None
    return None


def _talon_cards(pos):
    return {c.upper() for c in pos.piles[0] + pos.piles[1]}


def _chain_ends(pos, model, card, dst, chain) -> bool:
    """By the engine alone: with ``card`` just played from the talon onto
    column ``dst``, can a run of another column, a foundation card the model
    may bring back (not a safe one) or another talon card (itself followed
    the same way) go onto it next?"""
    st = model.from_position(pos)
    for m in pos.legal_moves():
        if m.dst != dst or m.is_stock_action:
            continue
        kind = pos.rules.kind[pos.spec.pile_index[m.src]]
        if kind == "tableau":
            return True
        if kind == "foundation" and not model.is_safe(st[1], model.card(pos.pile(m.src)[-1])):
            return True
    for z in _talon_cards(pos) - set(chain):
        if z in pos.rules.accepts[card]:
            p = _to_waste_top(pos, z)
            if p is not None and _chain_ends(p.apply(Move("waste", dst))[0], model, z, dst, chain + (z,)):
                return True
    return False


def _positions(game_id, seeds, rng):
    for seed in seeds:
        pos = deal(game_id, seed)
        for _ in range(rng.randrange(0, 80)):
            legal = pos.legal_moves()
            if not legal:
                break
            pos = pos.apply(rng.choice(legal))[0]
        yield pos


@pytest.mark.parametrize("game_id", ["klondike-1", "reloaded"])
def test_chain_moves_replay_through_the_engine_and_cover_every_talon_play(game_id):
    model = model_for(get_spec(game_id))
    assert model.chains
    rng = random.Random(5)
    chains_seen = plays_left_out = 0
    for pos in _positions(game_id, range(1, 25), rng):
        st = model.from_position(pos)
        moves = model.moves(st)
        starts = set()
        for m in (m for m in moves if m[0] == 5):
            chains_seen += 1
            starts.add((m[1][0], m[2]))
            after = pos
            for move in expand(model, pos, [m]):  # each step refused if illegal
                after = after.apply(move)[0]
            assert model.key(model.apply(st, m)) == model.key(model.from_position(after))
        assert not any(m[0] == 2 for m in moves)  # no talon card onto a column alone
        # every talon card that could go onto a column, and has a chain there, has one
        cols = list(pos.spec.tableau_range)
        empty = [i for i, t in enumerate(cols) if not pos.piles[t]]
        for card in sorted(_talon_cards(pos)):
            p = _to_waste_top(pos, card)
            for b, t in enumerate(cols):
                if b in empty[1:]:
                    continue  # empty columns are interchangeable
                move = Move("waste", pos.spec.pile_names[t])
                if p is None or move not in p.legal_moves():
                    continue
                has = (model.card(card), b) in starts
                ends = _chain_ends(p.apply(move)[0], model, card, move.dst, (card,))
                assert has == ends, (str(pos), card, t)
                plays_left_out += not ends
    assert chains_seen > 50 and plays_left_out > 10  # both sides were met


def _random_positions(game_id, count, seed):
    rng = random.Random(seed)
    return list(_positions(game_id, range(1000, 1000 + count), rng))


def test_the_full_search_with_chains_agrees_with_the_search_without_them(monkeypatch):
    """Soundness: on positions both searches decide, they give the same answer."""
    spec = get_spec("klondike-1")
    with_chains = Model(spec)
    monkeypatch.setattr(solver_model, "CHAINS", False)
    without = Model(spec)
    assert with_chains.chains and not without.chains
    answers = {}
    for pos in _random_positions("klondike-1", 60, 11):
        a = search(with_chains, with_chains.from_position(pos), 6_000).status
        b = search(without, without.from_position(pos), 6_000).status
        assert {a, b} != {WON, LOST}, str(pos)
        answers[(a, b)] = answers.get((a, b), 0) + 1
    assert answers.get((LOST, LOST), 0) >= 5 and answers.get((WON, WON), 0) >= 20


def test_chains_decide_draw_one_deals_the_plain_search_left_unknown():
    # deals 53 and 123 won, 196 proved lost, within 100,000 nodes (all three unknown before)
    for seed, status in ((53, WON), (123, WON), (196, LOST)):
        pos = deal("klondike-1", seed)
        r = solve(pos, budget_nodes=100_000)
        assert r.status == status, seed
        if status == WON:
            for move in r.line:
                pos = pos.apply(move)[0]
            assert pos.is_won()


def test_drawing_one_at_a_time_is_the_relaxation_of_drawing_three():
    model = model_for(get_spec("klondike-3"))
    one = model.one_at_a_time()
    assert one.draw == 1 and one.chains and one.one_at_a_time() is None
    assert model_for(get_spec("klondike-1")).one_at_a_time() is None
    # the same state, read the same way by both
    pos = deal("klondike-3", 103)
    assert one.from_position(Position(one.spec, pos.piles, pos.redeals)) == model.from_position(pos)
    # 103: the relaxation is lost at once, draw 3's own full search needs over 100,000 nodes
    assert search(one, model.from_position(pos), 2_000).status == LOST
    r = solve(pos, budget_nodes=100_000)
    assert r.status == LOST and r.nodes < 40_000


def test_the_relaxation_never_calls_a_won_draw_three_deal_lost():
    model = model_for(get_spec("klondike-3"))
    one = model.one_at_a_time()
    for seed in range(1, 16):
        pos = deal("klondike-3", seed)
        r = solve(pos, budget_nodes=20_000)
        if r.status != WON:
            continue
        assert search(one, model.from_position(pos), 20_000).status != LOST, seed


def test_draw_three_searches_skip_states_the_relaxation_proved_lost():
    model = model_for(get_spec("klondike-3"))
    one = model.one_at_a_time()
    st = model.from_position(deal("klondike-3", 103))
    table = proof_table()
    assert search(one, st, 2_000, proven=table).status == LOST
    assert search(model, st, 1, relaxed=(one, table, False)).status == LOST  # the root itself
    assert search(model, st, 20_000).status == UNKNOWN  # without it
