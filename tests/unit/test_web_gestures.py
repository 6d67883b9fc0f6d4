"""Every gesture's outcome (game/web/gestures.py), for positions of every
game, under CPython: what a tap, a double tap, a grab, a drop and the keys on
a pile do with the one-tap setting off and on, with cards picked up and with
cards dragged, checked against the engine's legal moves; and the gestures
Ahead gives table.js (ahead.gathered) are the ones resolve plays."""

from __future__ import annotations

import random

import pytest

from game import DEAL, DRAW, REDEAL, Move, new_game
from game.cards import is_face_down
from game.catalog import GAMES, PLAYER_GAMES
from game.spec import Stock
from game.web.ahead import gathered
from game.web.gestures import (
    Deselect,
    Gesture,
    Nothing,
    Pick,
    Play,
    Refuse,
    Select,
    View,
    board_view,
    gestures,
    last_step,
    outcomes,
    places,
    refusal,
    resolve,
)
from game.web.layout import plan

OUTCOMES = (Play, Select, Deselect, Refuse, Nothing)


def kinds_of(game) -> dict:
    return {name: slot.kind for name, slot in plan(game.spec, 1366, 768).slots.items()}


def games_along(game_id: str, seed: int, steps: int = 12) -> list:
    """The deal and the games after 4, 8, 12 random legal moves (each a fresh game)."""
    rng = random.Random(f"{game_id}:{seed}")
    line: list = []
    probe = new_game(game_id, seed)
    for _ in range(steps):
        moves = probe.legal_moves()
        if not moves:
            break
        move = rng.choice(moves)
        probe.play(move)
        if probe.status != "playing":  # a line that ends the game (FreeCell stuck): the games before it
            break
        line.append(move)
    out = []
    for k in range(0, len(line) + 1, 4):
        game = new_game(game_id, seed)
        for move in line[:k]:
            game.play(move)
        out.append(game)
    return out


# Every game the page lays out.
CASES = [(g, s) for g, spec in GAMES.items() if spec.in_browser for s in (1, 2)]


def legal_dsts(game, pile: str, count: int) -> list:
    return [m.dst for m in game.legal_moves() if m.src == pile and m.count == count]


def check_pick(game, view: View, pick: Pick) -> None:
    """A pick is face-up cards the player sees, to the top of their pile."""
    codes = view.piles[pick.pile]
    assert pick.index + pick.count == len(codes)
    assert not any(is_face_down(c) for c in codes[pick.index :])


@pytest.mark.parametrize(("game_id", "seed"), CASES)
def test_every_gesture_with_the_setting_off(game_id, seed):
    """A tap picks up (with the targets the engine allows) or lets go; only
    the stock plays; a double tap plays a card home (Royal Retinue: to its
    pile) or shakes it; Enter picks up the longest run that can move."""
    for game in games_along(game_id, seed):
        kinds = kinds_of(game)
        view = board_view(game, kinds)
        table = outcomes(game, view)
        assert set(table) == set(gestures(view))
        assert {g.name for g in table} == {"tap", "double", "key"}
        legal = game.legal_moves()
        for g, outcome in table.items():
            assert isinstance(outcome, OUTCOMES), (g, outcome)
            if g.pile == "stock" or g.at == "d":  # the stock turns: a draw, or the waste over
                if game.spec.stock is Stock.ROW:  # Spider: its deal, which the engine may refuse
                    assert outcome == Play(DEAL, ("stock", 0))
                elif game.spec.has_stock:
                    assert outcome == Play(DRAW if view.piles["stock"] else REDEAL, ("stock", 0))
                else:
                    assert outcome == Nothing()  # no stock: nothing to say of one
                continue
            if isinstance(outcome, Select):
                check_pick(game, view, outcome.pick)
                assert outcome.pick.pile == g.pile and not outcome.drag
                count = outcome.pick.count
                if g.name == "key":
                    wanted = {m.dst for m in legal if m.src == g.pile and m.count <= count}
                    assert set(outcome.targets) == wanted
                    assert count == max([m.count for m in legal if m.src == g.pile] or [1])
                else:
                    assert list(outcome.targets) == legal_dsts(game, g.pile, count)
            elif isinstance(outcome, Play):
                assert g.name == "double", (g, outcome)
                move = outcome.step
                assert move in legal and move.src == g.pile and move.count == 1
                assert kinds[move.dst] == "foundation" or kinds[g.pile] == "labelled"
            elif isinstance(outcome, Refuse):
                assert g.name == "double" and outcome.reason == "no_home"
                assert (
                    not any(
                        m.src == g.pile
                        and m.count == 1
                        and (kinds[m.dst] == "foundation" or kinds[g.pile] == "labelled")
                        for m in legal
                    )
                    or outcome.pick.count > 1
                )
            else:  # nothing to pick up there
                assert g.name in ("tap", "double", "key")


@pytest.mark.parametrize(("game_id", "seed"), CASES)
def test_every_tap_with_one_tap_on(game_id, seed):
    """A tap on cards that can move plays them to their best place (home
    first); on cards that cannot, it is refused as "nowhere to go"."""
    for game in games_along(game_id, seed):
        view = board_view(game, kinds_of(game), one_tap=True)
        legal = game.legal_moves()
        for g, outcome in outcomes(game, view).items():
            if g.name != "tap" or g.pile == "stock":
                continue
            if isinstance(outcome, Play):
                move = outcome.step
                assert move in legal and move.src == g.pile
                check_pick(game, view, outcome.pick)
                best = places(game.position, g.pile, move.count, last_step(game))
                assert move.dst == best[0]
                assert outcome.shake == (g.pile, outcome.pick.index)
            elif isinstance(outcome, Refuse):
                assert outcome.reason == "nowhere"
                check_pick(game, view, outcome.pick)
                assert not legal_dsts(game, g.pile, outcome.pick.count)
                assert outcome.card == view.piles[g.pile][outcome.pick.index]
            else:
                assert isinstance(outcome, Nothing), (g, outcome)


@pytest.mark.parametrize(("game_id", "seed"), CASES)
def test_every_gesture_with_cards_picked_up_and_with_cards_dragged(game_id, seed):
    """Cards picked up go where the next tap is (the engine then decides), or
    are let go on their own pile; every legal move is a grab and a drop."""
    for game in games_along(game_id, seed):
        kinds = kinds_of(game)
        view = board_view(game, kinds)
        legal = [m for m in game.legal_moves() if not m.is_stock_action]
        for move in legal:
            start = len(view.piles[move.src]) - move.count
            grabbed = resolve(game, view, Gesture("grab", move.src, start))
            assert isinstance(grabbed, Select) and grabbed.drag
            pick = grabbed.pick
            assert move.dst in grabbed.targets and pick.count >= move.count or kinds[move.src] != "column"
            dragging = View(view.piles, kinds, view.turned, dragging=pick)
            dropped = outcomes(game, dragging)
            assert {g.name for g in dropped} == {"drop"}
            for g, outcome in dropped.items():
                own = g.pile == pick.pile and g.pile not in grabbed.targets
                if own:
                    assert outcome == Deselect()
                else:
                    assert outcome == Play(Move(pick.pile, g.pile, pick.count), (pick.pile, pick.index), pick)
            assert resolve(game, dragging, Gesture("drop", None)) == Deselect()
            assert resolve(game, dragging, Gesture("cancel")) == Deselect()
            # Picked up (the setting off): a tap elsewhere puts the cards there.
            held = View(view.piles, kinds, view.turned, selection=pick)
            for g, outcome in outcomes(game, held).items():
                if g.name == "tap" and g.pile not in (pick.pile, "stock"):
                    assert outcome == Play(Move(pick.pile, g.pile, pick.count), (pick.pile, pick.index), pick)
                if g.name == "tap" and g.pile == pick.pile and g.pile not in grabbed.targets:
                    assert isinstance(outcome, (Deselect, Select))
            assert resolve(game, held, Gesture("key", move.src, "Escape")) == Deselect("status.cancelled")
            assert resolve(game, held, Gesture("tap", None, -1)) == Deselect()


def test_cards_with_nowhere_to_go_are_told_the_rule_only_where_one_stops_them():
    """One tap on cards that fit nowhere: a free cell taken, a run of two
    for a foundation, a Spider card one rank off say only "nowhere to go";
    a run too long for the free cells says so."""
    game = new_game("freecell", 1)
    for move in ("t1>c1", "t2>c2", "t3>c3", "t4>c4"):
        game.play(move)
    stuck = [t for t in ("t5", "t6", "t7", "t8") if not places(game.position, t, 1)]
    assert stuck and all(refusal(game.position, t, 1) is None for t in stuck)
    assert not places(game.position, "c1", 1) and refusal(game.position, "c1", 1) is None
    yukon = new_game("yukon", 1)
    pairs = [t for t in ("t2", "t3", "t4", "t5", "t6", "t7") if not places(yukon.position, t, 2)]
    assert pairs and all(refusal(yukon.position, t, 2) is None for t in pairs)
    spider = new_game("spider-2", 1)
    singles = [f"t{i}" for i in range(1, 11) if not places(spider.position, f"t{i}", 1)]
    assert singles and all(refusal(spider.position, t, 1) is None for t in singles)
    from game import read_position
    from tests.positions import FREECELL_SUPERMOVE

    # A third free cell taken (QH from t6): one free cell left, runs of two at most.
    piles = {**FREECELL_SUPERMOVE["piles"], "c3": ["QH"], "t6": ["9H", "JH"]}
    cells = read_position({"game": "freecell", "piles": piles}, "freecell")
    assert not places(cells, "t1", 3)  # three cards onto 9C, with one free cell: two at most
    assert refusal(cells, "t1", 3).reason == "supermove"


def test_the_stock_card_dragged_straight_to_a_pile_is_a_draw_and_a_move():
    game = new_game("forty-thieves", 3)
    kinds = kinds_of(game)
    view = board_view(game, kinds)
    grabbed = resolve(game, view, Gesture("grab", "stock", len(view.piles["stock"]) - 1))
    assert isinstance(grabbed, Select) and grabbed.pick.from_stock
    assert list(grabbed.targets) == game.stock_targets()
    dragging = View(view.piles, kinds, dragging=grabbed.pick)
    for dst in grabbed.targets:
        assert resolve(game, dragging, Gesture("drop", dst)).step == (DRAW, Move("waste", dst))
    reloaded = new_game("reloaded", 3)  # no such play: the stock is not dragged
    assert resolve(reloaded, board_view(reloaded, kinds_of(reloaded)), Gesture("grab", "stock", 0)) == Deselect()


def test_one_tap_plays_a_retinue_card_onto_its_own_pile():
    """Royal Retinue deal 4 turns an eight up on the eight pile (issue 42)."""
    game = new_game("retinue", 4)
    view = board_view(game, kinds_of(game), one_tap=True)
    top = len(view.piles["t8"]) - 1
    assert resolve(game, view, Gesture("tap", "t8", top)).step == Move("t8", "t8")
    assert resolve(game, view, Gesture("key", "t8", "Enter")).step == Move("t8", "t8")
    assert resolve(game, board_view(game, view.kinds), Gesture("double", "t8", top)).step == Move("t8", "t8")


def test_a_second_tap_on_the_same_cards_goes_on_to_the_next_place():
    from game.web.gestures import Cycle

    game = new_game("reloaded", 24)
    kinds = kinds_of(game)
    top = len(game.position.pile("t6")) - 1
    first = resolve(game, board_view(game, kinds, one_tap=True), Gesture("tap", "t6", top))
    assert first.step == Move("t6", "t1")  # the 7 of clubs fits two red 8s
    turn, at = first.cycle
    cards = tuple(game.position.pile("t6")[top:])
    game.play(first.step)
    cycle = Cycle(game, game.steps, "t1", cards, turn, at)
    top = len(game.position.pile("t1")) - 1
    again = resolve(game, board_view(game, kinds, one_tap=True, cycle=cycle), Gesture("tap", "t1", top))
    assert again.step == Move("t1", "t2")
    assert turn[:2] == ("t1", "t2") and turn[-1] == "t6"  # the places in turn, then back where it came from


@pytest.mark.parametrize("game_id", PLAYER_GAMES)
def test_a_game_that_is_over_refuses_every_gesture(game_id):
    """Taps, grabs and keys get the page's word that the game is over; a
    double tap does nothing (its first tap said so already)."""
    game = new_game(game_id, 1)
    game.resign()
    view = board_view(game, kinds_of(game))
    for g, outcome in outcomes(game, view).items():
        assert outcome == (Nothing() if g.name == "double" else Refuse("over")), (g, outcome)
    assert resolve(game, view, Gesture("grab", "t1", 0)) == Refuse("over")


@pytest.mark.parametrize("one_tap", [False, True])
@pytest.mark.parametrize("game_id", PLAYER_GAMES)
def test_what_ahead_gives_table_js_is_what_resolve_plays(game_id, one_tap):
    """Each key table.js may look up (a wildcard too) names a gesture whose
    outcome plays that move, and every gesture that plays a move has one."""
    for game in games_along(game_id, 1):
        view = board_view(game, kinds_of(game), one_tap=one_tap)
        table = outcomes(game, view)
        plays = {g: ["", "", str(o.step)] for g, o in table.items() if isinstance(o, Play) and isinstance(o.step, Move)}
        sent = gathered(plays, gestures(view))
        for g, entry in plays.items():
            looked = sent.get(g.key) or sent.get(f"{g.name}|{g.pile}|*") or sent.get(f"key|*|{g.at}")
            assert looked == entry, g
        for key, entry in sent.items():
            name, pile, *at = key.split("|")
            matching = [g for g in plays if g.name == name and (pile == "*" or g.pile == pile)]
            assert matching and all(plays[g] == entry for g in matching if at in ([str(g.at)], ["*"]))
