"""Hints at once (game/advice.py, issue 13 §4): the legal steps ranked by rules
of thumb, checked as rules on positions a game can reach (``reach`` puts
every card not named home or into the stock, and the engine refuses what no
deal leads to), and over many openings and played lines of every game."""

from __future__ import annotations

import pytest
from engine_helpers import reach

from game import DRAW, PLAYER_GAMES, Game, Move, deal, new_game
from game.advice import (
    LAST_USEFUL_TIER,
    TIERS,
    advise,
    advise_game,
    follow_line,
    rank_steps,
)
from game.cards import is_face_down
from game.home import is_safe_home
from game.moves import parse_step, step_text


def steps(text: str) -> tuple:
    return parse_step(text)[0]


def hint(position, last=(), line=None):
    return advise(position, steps(last) if isinstance(last, str) else last, line)


def ranked(position, last=()) -> dict:
    """Step text -> reason, for every legal step."""
    return {r.text: r.reason for r in rank_steps(position, steps(last) if isinstance(last, str) else last)}


def order(position, *texts, last=()) -> list:
    """Where the given steps stand in the ranking."""
    at = [r.text for r in rank_steps(position, steps(last) if isinstance(last, str) else last)]
    return [at.index(t) for t in texts]


def home_step(position, src: str) -> Move:
    """The legal move of ``src``'s top card to a foundation."""
    return next(m for m in position.legal_moves() if m.src == src and m.dst.startswith("f"))


def all_steps(position) -> set:
    """Every legal step the player can choose knowing what it does, worked out
    from the rules alone: the stock's top card played straight to a pile
    only where it lies face up."""
    out = {str(m) for m in position.legal_moves()}
    if position.spec.stock_play and position.pile("stock") and not is_face_down(position.pile("stock")[-1]):
        drawn = position.apply(DRAW)[0]
        out |= {f"draw+{m}" for m in drawn.legal_moves() if m.src == "waste"}
    return out


# --- tier 1: a safe move home --------------------------------------------------------------------


def test_a_safe_move_home_comes_before_a_card_turned():
    # AS home is safe; 7C onto 8H (or home) turns the Queen of hearts.
    p = reach("reloaded", {"t1": ["AS"], "t2": ["qh", "7C"], "t3": ["8H"]})
    h = hint(p)
    assert (h.kind, h.text, h.reason) == ("rule", "t1>f4", "safe_home")
    assert ranked(p)["t2>t3"] == "reveals"


def test_a_move_home_that_is_not_safe_waits_behind_a_card_turned_and_comes_before_draw():
    # 8H could go home, but the black 7s may still need it (clubs are home
    # only to the 5): not safe in Klondike. 7C onto 8H turns the Queen.
    p = reach("reloaded", {"stock": ["6c"], "t2": ["qh", "7C"], "t3": ["8H"]})
    home = home_step(p, "t3")
    assert not is_safe_home(p, home)
    assert ranked(p)[str(home)] == "home"
    h = hint(p)
    assert (h.text, h.reason) == ("t2>t3", "reveals")
    first, then = order(p, str(home), "draw")
    assert first < then


def test_an_unsafe_move_home_is_suggested_before_drawing():
    p = reach("reloaded", {"stock": ["6c"], "t1": ["8H"]})
    h = hint(p)
    assert (h.step, h.reason) == ((home_step(p, "t1"),), "home")


def test_solitario_never_calls_a_waste_card_going_home_safe_but_a_column_ace_is():
    # Solitario draws three: taking a card off the waste changes what later
    # passes reach, so the waste's 2D going home is only "home".
    p = reach("solitario", {"waste": ["2D"], "t1": ["AS"], "t7": ["3d", "4d", "5d", "6d", "7d", "jd", "KC"]}, redeals=1)
    r = ranked(p)
    assert r[str(home_step(p, "waste"))] == "home"
    h = hint(p)
    assert (h.step, h.reason) == ((home_step(p, "t1"),), "safe_home")


# --- tier 2: a card turned --------------------------------------------------------------------------


def test_a_card_turned_first_from_the_column_with_more_face_down_cards():
    # 7C onto 8H turns one card of t2; 7D onto 8S turns one of five under it in t6.
    p = reach(
        "reloaded",
        {"t2": ["qh", "7C"], "t3": ["8H"], "t6": ["kd", "jc", "jh", "th", "9s", "7D"], "t7": ["8S"]},
        hold="6d",
    )
    h = hint(p)
    assert (h.text, h.reason) == ("t6>t7", "reveals")
    assert ranked(p)["t2>t3"] == "reveals"


def test_a_king_into_an_empty_column_to_turn_a_card():
    p = reach("reloaded", {"stock": ["2h", "qs"], "t4": ["qd", "jc", "KS"], "t5": ["9H"]})
    h = hint(p)
    assert (h.text, h.reason) == ("t4>t1", "reveals")


def test_solitario_turns_a_card_before_playing_the_waste():
    # 6D onto 7S turns the King under it; the waste's 5S could go onto 6D.
    p = reach("solitario", {"waste": ["5S"], "t2": ["kh", "6D"], "t3": ["7S"]}, hold="5d")
    r = ranked(p)
    assert r["waste>t2"] == "waste_to_column"
    h = hint(p)
    assert (h.text, h.reason) == ("t2>t3", "reveals")


def test_number_ten_turns_a_card_with_a_run_and_keeps_the_empty_columns():
    # 9S-8H moves as a run onto TH and turns a card; 9H could turn one too,
    # but only by taking an empty column.
    p = reach(
        "number-ten", {"t1": ["kd", "qd", "9S", "8H"], "t2": ["kc", "qc", "9H"], "t4": ["TH"]}, hold="2s 2s 2h 2h"
    )
    r = ranked(p)
    assert r["t2>t3"] == "reveals"
    h = hint(p)
    assert (h.text, h.reason) == ("t1:2>t4", "reveals")


def test_the_opening_hint_turns_a_card_not_draws():
    # Reloaded game 1: the complaint was "Best guess: draw".
    h = hint(deal("reloaded", 1))
    assert h.reason == "reveals" and h.step[0].src.startswith("t")


# --- tier 3: a column emptied that a King can use ---------------------------------------------------


def test_a_column_is_emptied_when_a_king_waits_for_one():
    # QH alone in t1 goes onto KS; KC lies on face-down cards in t6 and no column is empty.
    p = reach(
        "reloaded",
        {"t1": ["QH"], "t2": ["KS"], "t3": ["KD"], "t4": ["KH"], "t5": ["QC"], "t6": ["jd", "td", "KC"], "t7": ["JS"]},
    )
    h = hint(p)
    assert (h.text, h.reason) == ("t1>t2", "empties_column")


def test_no_column_is_emptied_when_no_king_can_use_it():
    # Every King lies at the bottom of a column or at home: an empty column is of no use.
    p = reach(
        "reloaded",
        {"t1": ["QH"], "t2": ["KS"], "t3": ["KC"], "t4": ["KD", "QC"], "t5": ["KH"], "t6": ["JS"], "t7": ["8D"]},
    )
    # (a Queen of hearts onto KS would empty t1, but nothing could ever go there)
    assert ranked(p)["t1>t2"] == "shuffle"


def test_forty_thieves_empties_a_column_for_any_card():
    # 9S alone in t1 goes onto TS; the stock holds cards that could use t1.
    p = reach(
        "forty-thieves",
        {"t1": ["9S"], "t2": ["KH", "TS"], "t3": ["KH", "QS", "5H", "4S"], "t4": ["QH", "JS", "6H", "5S"]},
        hold="2s 2s 2h 2h",
    )
    h = hint(p)
    assert (h.text, h.reason) == ("t1>t2", "empties_column")
    assert ranked(p)["t3>t4"] == "builds"  # 4S lay out of sequence on 5H


# --- tier 4: a build that frees a card ----------------------------------------------------------------


def test_a_card_moved_off_another_so_that_it_can_go_home():
    # 5H lies on 6C; moved onto 6S, it lets 6C go home (clubs are home to 5C;
    # hearts only to 3H, so neither can go home safely).
    p = reach(
        "reloaded", {"t3": ["9d", "6C", "5H"], "t4": ["9h", "8h", "6S"], "t5": ["KD"], "t7": ["9C"]}, hold="4h 5s"
    )
    h = hint(p)
    assert (h.text, h.reason) == ("t3>t4", "frees_card")
    after = p.apply(Move("t3", "t4"))[0]
    assert hint(after, "t3>t4").step == (home_step(after, "t3"),)


def test_forty_thieves_builds_that_free_a_card():
    # 4C lies out of sequence on 8D; onto 5C it frees 8D, which can then go onto 9D.
    p = reach(
        "forty-thieves",
        {
            "t1": ["9S", "3H", "8D", "4C"],
            "t2": ["KH", "QH", "JH", "5C"],
            "t3": ["KS", "QS", "JS", "9D"],
            "t4": ["KD", "QD", "JD", "TC"],
        },
        hold="2d 2d 2c 2c 2h 2h",
    )
    h = hint(p)
    assert (h.text, h.reason) == ("t1>t2", "builds")
    # Parked in an empty column instead, 4C would free 8D too: ranked after the build.
    assert ranked(p)["t1>t5"] == "frees_card"
    first, then = order(p, "t1>t2", "t1>t5")
    assert first < then


def test_a_card_parked_in_an_empty_column_must_free_something():
    # Forty Thieves: t5 is empty. 5D parked there would free 6H, which can go
    # home (hearts are home to 5H): worth it. 9C parked frees 2D, which goes nowhere.
    p = reach(
        "forty-thieves",
        {
            "t1": ["KC", "QC", "2D", "9C"],
            "t2": ["KS", "QS", "6H", "5D"],
            "t3": ["KD", "QD", "JD", "TD"],
            "t4": ["KH", "QH", "JH", "TH"],
            "t5": [],
        },
        hold="ad ad 2c 2c",
    )
    r = ranked(p)
    assert r["t1>t5"] == "shuffle"
    assert r["t2>t5"] == "frees_card"


# --- tier 5: waste to column, the stock's top card played directly ----------------------------------------------


def test_the_waste_card_goes_to_a_column_before_drawing():
    p = reach("reloaded", {"waste": ["7C"], "t1": ["KD"], "t2": ["8H"], "t3": ["KS"]}, hold="6c")
    h = hint(p)
    assert (h.text, h.reason) == ("waste>t2", "waste_to_column")


def test_a_face_down_stock_card_is_never_named_by_a_hint():
    """Forty Thieves deal 3: the stock's top card (face down) would go on t5,
    but the player cannot see it: no hint plays it straight there."""
    g = new_game("forty-thieves", 3)
    assert g.stock_targets() == ["t5"] and g.position.pile("stock")[-1].islower()
    r = ranked(g.position)
    assert "draw+waste>t5" not in r and r["draw"] == "draw"
    assert TIERS["stock_to_column"] == TIERS["waste_to_column"]


def test_the_stock_card_that_goes_home_safely_is_a_safe_step():
    # Forty Thieves: 2C on top of the stock goes home straight away, safely
    # (both club foundations hold their Ace).
    p = reach(
        "forty-thieves",
        {
            "stock": ["2c"],
            "t1": ["KC", "QC", "2D", "9C"],
            "t2": ["KS", "QS", "6H", "5D"],
            "t3": ["KD", "QD", "JD", "TD"],
            "t4": ["KH", "QH", "JH", "TH"],
        },
        hold="2c 2d 2h 2h",
    )
    h = hint(p)
    assert "waste" not in h.text  # face down: not named, though it would go home safely
    p = p.apply(DRAW)[0]  # drawn, it shows: now it goes home, safely
    h = hint(p)
    assert h.reason == "safe_home" and h.text.startswith("waste>f")


# --- tier 8: draw, last ---------------------------------------------------------------------------


DEAD_END = {"t1": ["KS"], "t2": [], "t3": ["KH", "QS"], "t4": ["KD"], "t5": ["KC"]}


def test_draw_when_nothing_else_helps_and_pointless_moves_are_never_suggested():
    # KS alone in t1 moved to an empty column, or KH with its Queen: nothing
    # changes. QS onto KD only trades places with it. Every foundation waits
    # for a Jack or Queen that lies in the stock.
    p = reach("reloaded", DEAD_END, hold="js qh qd qc")
    r = ranked(p)
    assert (r["t1>t2"], r["t3:2>t2"], r["t3>t4"]) == ("pointless", "pointless", "shuffle")
    h = hint(p)
    assert (h.kind, h.text, h.reason) == ("rule", "draw", "draw")


def test_turning_the_waste_over_ranks_last_of_the_useful_steps():
    p = reach("reloaded", DEAD_END, hold="js qh qd qc", rest="waste")
    useful = [r for r in rank_steps(p) if r.useful]
    assert p.pile("stock") == () and len(useful) > 1
    assert (useful[-1].text, useful[-1].reason) == ("redeal", "redeal")


def test_freecell_parks_a_card_in_a_free_cell_when_no_column_move_helps():
    # Deal 170 opens with no move but into the free cells: the hint parks a
    # card there (as a draw brings a card into play), never "no move helps".
    p = deal("freecell", 170)
    assert all(m.dst.startswith("c") for m in p.legal_moves())
    h = hint(p)
    assert h.step is not None and h.step[0].dst.startswith("c") and h.reason == "draw"


def test_spiders_deal_ranks_with_the_draw():
    p = deal("spider-1", 1)
    r = ranked(p)
    assert r["deal"] == "draw" and hint(p).text != "deal"  # a card that turns comes first


# --- no back-and-forth ------------------------------------------------------------------------------


def test_the_cards_of_the_last_step_are_not_sent_straight_back():
    p = reach(
        "reloaded",
        {"t3": ["9d", "6C", "5H"], "t4": ["9h", "8h", "6S"], "t5": ["KD"], "t7": ["9C"]},
        redeals=1,
    )
    after = p.apply(Move("t3", "t4"))[0]
    assert ranked(after, "t3>t4")["t4>t3"] == "undoes_last"
    assert hint(after, "t3>t4").text != "t4>t3"


def test_following_the_hints_never_comes_back_to_a_position():
    # Every suggested step gains something or leads to a step that does, so
    # a player who follows the hints never goes round in a circle (drawing
    # through the stock aside).
    for game_id in PLAYER_GAMES:
        for number in (1, 2, 3):
            game = new_game(game_id, number)
            seen = set()
            for _ in range(400):
                h = advise_game(game)
                if h.step is None or h.kind == "only":
                    break
                game.play(h.step, home="safe")
                if h.step == (DRAW,) or h.text == "redeal":
                    continue
                assert game.position not in seen, (game_id, number, game.log[-6:])
                seen.add(game.position)


# --- only move, winning move ------------------------------------------------------------------------


@pytest.mark.parametrize("number", [1, 2, 3])
def test_royal_retinue_always_has_only_one_move(number):
    game = new_game("retinue", number)
    while game.status == "playing":
        h = advise_game(game)
        assert (h.kind, h.reason) == ("only", "only_move")
        assert h.step == tuple(game.legal_moves())
        game.play(h.step)
    assert advise_game(game).kind == "none"


def test_a_forced_draw_is_the_only_move():
    h = hint(deal("reloaded", 2))  # its opening offers nothing but the stock
    assert (h.kind, h.text, h.reason) == ("only", "draw", "only_move")


def test_a_winning_line_is_followed_while_it_stays_legal():
    from game.solver import solve

    p = deal("reloaded", 1)
    line = solve(p, budget_nodes=20_000).line
    assert line
    h = hint(p, line=line)
    assert (h.kind, h.reason, h.proven) == ("winning", "winning", True)
    assert h.step == (line[0],) and h.rest == tuple(line[1:])
    after = p.apply(line[0])[0]
    assert hint(after, line[:1], line=h.rest).step == (line[1],)
    # A line that does not start here is no proof: the rules answer instead.
    stale = [Move("t1", "t2", 5)] + line
    assert hint(p, line=stale).kind == "rule"


def test_a_winning_line_shows_a_face_down_stock_card_it_plays_as_its_draw():
    """The line plays the stock's top card straight to t5; the player cannot
    see that card, so the hint is the draw, and the move follows it."""
    p = new_game("forty-thieves", 3).position
    line = [DRAW, Move("waste", "t5"), Move("t1", "t2")]
    h = hint(p, line=[str(m) for m in line])
    assert h.text == "draw" and h.rest == (Move("waste", "t5"), Move("t1", "t2"))


def test_a_line_goes_on_when_the_stock_card_is_played_straight_to_its_pile():
    """The hint said "draw"; the player dragged the stock's top card straight
    to the pile the line plays it to (one step, draw and move): the line goes
    on from its next move instead of being dropped."""
    game = new_game("forty-thieves", 3)
    before, line = game.position, [DRAW, Move("waste", "t5"), Move("t1", "t2")]
    game.play("draw+waste>t5", home="off")
    played = game.line[-game.step_sizes[-1] :]
    assert follow_line(before, line, played) == (Move("t1", "t2"),)
    assert follow_line(before, line, played[:1]) == (Move("waste", "t5"), Move("t1", "t2"))  # only the draw
    assert follow_line(before, line, [DRAW, Move("waste", "t6")]) is None  # the card went elsewhere


def test_the_rest_of_a_line_after_its_step():
    from game.solver import solve

    p = deal("reloaded", 1)
    line = solve(p, budget_nodes=20_000).line
    assert follow_line(p, line, line[:1]) == tuple(line[1:])
    assert follow_line(p, line, [Move("t1", "t2", 3)]) is None  # not the line's step
    assert follow_line(p, [Move("t1", "t2", 3)] + line, line[:1]) is None  # not a line from here


@pytest.mark.parametrize(
    ("game_id", "number"), [("reloaded", 1), ("reloaded", 4), ("little-forty", 2), ("solitario", 2)]
)
def test_a_winning_line_is_followed_to_the_win_while_cards_go_home_by_themselves(game_id, number):
    # With the page's default (cards go home when safe) a step adds moves the
    # line did not make; the rest of the line leaves those cards out and
    # still wins, without asking the solver again.
    from game.solver import solve

    game = new_game(game_id, number)
    line = solve(game.position, budget_nodes=20_000).line
    extra = 0
    while game.status == "playing":
        h = advise_game(game, line)
        assert h.kind in ("winning", "only") and h.proven
        before = game.position
        game.play(h.step, home="safe")
        played = game.line[-game.step_sizes[-1] :]
        extra += len(played) - len(h.step)
        line = follow_line(before, line, played)
        assert line is not None, game.log[-3:]
    assert game.status == "won" and extra > 0


# --- the answer's shape ------------------------------------------------------------------------------


@pytest.mark.parametrize("game_id", PLAYER_GAMES)
def test_every_legal_step_is_ranked_once(game_id):
    game = new_game(game_id, 5)
    for _ in range(25):
        if game.status != "playing":
            break
        r = rank_steps(game.position)
        texts = [x.text for x in r]
        assert len(texts) == len(set(texts))
        assert set(texts) == all_steps(game.position)
        tiers = [x.tier for x in r]
        assert tiers == sorted(tiers)
        game.play(r[0].step, home="safe")


def test_the_answer_as_json():
    h = hint(deal("reloaded", 1))
    data = h.to_json()
    assert data["kind"] == "rule" and data["step"] == "t3>t4" and data["reason"] == "reveals"
    assert {"step", "reason", "tier"} <= set(data["ranked"][0])
    assert [x["step"] for x in data["ranked"]] == [step_text(x.step) for x in h.ranked]


def test_nothing_to_suggest():
    game = Game(deal("retinue", 1))
    while game.status == "playing":
        game.play(game.legal_moves()[0])
    h = advise(game.position)
    assert (h.kind, h.step, h.reason) == ("none", None, "no_step")


# --- many openings of every game ----------------------------------------------------------------------


def gains_at_once(position) -> bool:
    """Can a card be turned over, or sent home safely, by one step?"""
    for move in position.legal_moves():
        if move.is_stock_action:
            continue
        if move.dst.startswith("f") and is_safe_home(position, move):
            return True
        if position.apply(move)[1].revealed:
            return True
    if position.spec.stock_play and position.pile("stock") and not is_face_down(position.pile("stock")[-1]):
        drawn = position.apply(DRAW)[0]
        return any(m.src == "waste" and m.dst.startswith("f") and is_safe_home(drawn, m) for m in drawn.legal_moves())
    return False


@pytest.mark.parametrize("game_id", PLAYER_GAMES)
def test_the_opening_hint_is_not_draw_while_a_card_can_turn_or_go_home_safely(game_id):
    checked = 0
    for number in range(1, 201):
        p = deal(game_id, number)
        h = advise(p)
        # A game without a stock may open with no step that gains at once
        # (FreeCell: each first move only parks a card in a cell).
        assert h.step is not None or not p.spec.has_stock
        if gains_at_once(p):
            checked += 1
            assert h.step[0] != DRAW or len(h.step) > 1, (game_id, number, h.text)
            assert h.reason in ("safe_home", "reveals", "only_move"), (game_id, number, h.text, h.reason)
            assert h.ranked[0].tier <= 2 or h.kind == "only"
    assert checked >= 20  # (the rule was put to the test)


def test_useful_tiers_end_with_draw():
    assert max(t for r, t in TIERS.items() if r not in ("shuffle", "undoes_last", "pointless")) == LAST_USEFUL_TIER
    assert TIERS["draw"] == TIERS["redeal"] == LAST_USEFUL_TIER
