"""The solver on the classics: its model of FreeCell, Spider and Yukon
(game/solver/tableau.py) agrees with the engine on random play, the safe
moves home hold there, and its answers replay through the engine."""

from __future__ import annotations

import pytest
from engine_helpers import make, rest_face_up, upto
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game import Game, deal, get_spec, read_position
from game.home import AutoHome, home_moves
from game.moves import DEAL
from game.safe import safe_requirements
from game.solver import LOST, UNKNOWN, WON, auto_complete, hint, model_for, solve
from game.solver.tableau import TableauModel

TABLEAU_GAMES = ("freecell", "spider-1", "spider-2", "spider-4", "yukon")


def engine_after(pos, move):
    """The engine's position after ``move`` and the runs that then go home by themselves."""
    pos = pos.apply(move)[0]
    for home in pos.rules.runs_going_home(pos):
        pos = pos.apply(home)[0]
    return pos


def check_agrees(pos) -> None:
    """The model's moves are engine moves and reach what the engine reaches;
    every engine move reaches a state one of them reaches, or changes nothing
    the model tells apart (a whole column into an empty one)."""
    model = model_for(pos.spec)
    st = model.from_position(pos)
    closed, autos = model.closure(st)
    for m in autos:  # what closure sends home, the engine allows, one move at a time
        pos = pos.apply(m)[0]
    assert model.from_position(pos) == closed
    offered = model.moves(closed)
    reach = {model.key(closed)}
    for m in offered:
        after = engine_after(pos, m)  # refused (IllegalMove) if the model offered an illegal move
        assert model.apply(closed, m) == model.from_position(pos.apply(m)[0]), str(m)
        child, _ = model.step(closed, m)
        assert model.key(child) == model.key(model.closure(model.from_position(after))[0]), str(m)
        reach.add(model.key(child))
    for m in pos.legal_moves():
        if m.count == model.top and m.dst.startswith("f"):
            continue  # a whole run at the top of a column: it went home by closure already
        child = model.closure(model.from_position(engine_after(pos, m)))[0]
        assert model.key(child) in reach, f"{m} leads where the model's moves do not"
    if pos.spec.id.startswith("spider"):
        assert (DEAL in offered) == (DEAL in pos.legal_moves())


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    game_id=st.sampled_from(TABLEAU_GAMES),
    seed=st.integers(0, 2**31 + 5),
    picks=st.lists(st.integers(0, 10_000), min_size=1, max_size=60),
)
def test_the_model_agrees_with_the_engine_on_random_play(game_id, seed, picks):
    pos = deal(game_id, seed)
    model = model_for(pos.spec)
    assert isinstance(model, TableauModel)
    for pick in picks:
        check_agrees(pos)
        moves = pos.legal_moves()
        if not moves:
            break
        pos = engine_after(pos, moves[pick % len(moves)])
        assert model.is_won(model.from_position(pos)) == pos.is_won()


@pytest.mark.parametrize("game_id", ("klondike-1", "klondike-3"))
def test_klondike_classics_keep_the_talon_model_and_agree_on_random_play(game_id):
    import random

    from game.solver.model import Model

    pos = deal(game_id, 9)
    model = model_for(pos.spec)
    assert isinstance(model, Model)
    rng = random.Random(game_id)
    for _ in range(80):
        st = model.from_position(pos)
        for m in model.moves(st):
            if m[0] in (0, 1):  # a column's move: the same position as the engine's
                names = pos.spec.pile_names
                cols = tuple(pos.spec.tableau_range)
                src = names[cols[m[1]]]
                if m[0] == 1:
                    engine = next(x for x in pos.legal_moves() if x.src == src and x.dst.startswith("f"))
                else:
                    engine = next(x for x in pos.legal_moves() if x.src == src and x.dst == names[cols[m[2]]])
                    if engine.count != m[3]:
                        continue
                assert model.key(model.apply(st, m)) == model.key(model.from_position(pos.apply(engine)[0]))
        legal = pos.legal_moves()
        if not legal:
            break
        pos = pos.apply(rng.choice(legal))[0]


# --- safe moves home ---------------------------------------------------------------------


def test_spider_sends_no_single_card_home_in_any_mode():
    g = Game(make("spider-1", {"t1": ["AS"]}))
    for mode in AutoHome:
        assert home_moves(g.position, mode) == []


def test_yukon_sends_a_two_home_safely_only_when_the_aces_of_the_other_colour_are_home():
    """In Yukon an Ace may travel inside a group onto a 2 of the other colour,
    so a 2 is not safe by itself as it is in Klondike: 2H, with AH home and
    the black Aces out, waits."""
    model = model_for(get_spec("yukon"))
    c = model.card
    found = bytes([c("AH"), 0, 0, 0])
    assert not model.is_safe(found, c("2H"))
    assert model.is_safe(bytes([c("AH"), c("AS"), c("AC"), 0]), c("2H"))
    freecell = model_for(get_spec("freecell"))
    assert freecell.is_safe(found, c("2H"))
    # the engine's safe mode (safe.py) agrees for Yukon
    req = safe_requirements(get_spec("yukon"))
    assert req[1 * 16 + 2] != ()


def _cards(spec):
    from game.home import _Cards

    return _Cards(spec.deck)


# --- answers -----------------------------------------------------------------------------


def replays_to_win(pos, line) -> bool:
    for move in line:
        pos = pos.apply(move)[0]
    return pos.is_won()


@pytest.mark.parametrize("game_id,seed", [("freecell", 1), ("freecell", 3), ("yukon", 2), ("spider-1", 3)])
def test_easy_deals_are_won_and_the_line_replays(game_id, seed):
    start = deal(game_id, seed)
    r = solve(start, budget_nodes=100_000)
    assert r.status == WON
    assert replays_to_win(start, r.line)
    g = Game.new(game_id, seed)  # and as a player's steps, runs going home by themselves
    for move in r.line:
        if not (g.spec.runs_home and move.dst.startswith("f")):
            g.play(move)
    assert g.status == "won"


def test_freecell_11982_is_never_won():
    r = solve(deal("freecell", 11982), budget_nodes=100_000)
    assert r.status in (LOST, UNKNOWN) and r.line == []


def test_hint_and_auto_complete_on_a_classic():
    h = hint(deal("freecell", 1), budget_nodes=20_000, time_limit=None)
    assert h.proven and h.move in deal("freecell", 1).legal_moves()
    piles = {
        "f1": upto("S", "Q"),
        "f2": upto("H", "Q"),
        "f3": upto("D", "Q"),
        "f4": upto("C", "J"),
        "c1": ["KS"],
        "t1": ["KH", "QC"],
        "t2": ["KD", "KC"],
    }
    pos = read_position({"game": "freecell", "piles": piles}, reachable=False)
    line = auto_complete(pos)
    assert line is not None and replays_to_win(pos, line)


def test_the_engines_safe_mode_takes_aces_from_free_cells_and_columns_in_freecell():
    piles = {"c1": ["AS"], "t1": ["9D", "AH"], "t2": ["2H"]}
    pos = read_position(
        {"game": "freecell", "piles": rest_face_up("freecell", piles, ["t3", "t4", "t5"])}, reachable=False
    )
    assert [str(m) for m in home_moves(pos, AutoHome.SAFE)] == ["t1>f1", "c1>f2"]
    # FreeCell's safe mode keeps safe.py's Ace rule: the 2 of hearts stays out
    assert [str(m) for m in home_moves(pos, AutoHome.ALWAYS)][:3] == ["t1>f1", "t2>f1", "c1>f2"]
