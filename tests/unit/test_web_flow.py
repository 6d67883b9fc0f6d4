"""The plain-Python parts of play that flows (issue 13): where one tap sends
a card (``gestures.places``), why it can go nowhere (``gestures.refusal``), and
the positions the table shows while cards go home one by one (``flow.staged``)."""

from __future__ import annotations

import pytest

from game import Game, Move, new_game, read_position
from game.advice import rank_steps
from game.web.flow import staged
from game.web.gestures import places, refusal
from game.web.texts.ui import UI
from tests.positions import NEAR_WON


def foundations(position) -> set:
    spec = position.spec
    return {spec.pile_names[f] for f in spec.foundation_range}


@pytest.mark.parametrize("game_id", ["reloaded", "solitario", "forty-thieves", "indian", "streets", "retinue"])
def test_one_tap_places_are_the_legal_ones_home_first_then_the_ranking(game_id):
    checked = 0
    for seed in range(1, 25):
        game = new_game(game_id, seed)
        for _ in range(12):  # a few positions of each deal
            position = game.position
            ranked = rank_steps(position)
            for src in position.spec.pile_names:
                for count in {m.count for m in position.legal_moves() if m.src == src and not m.is_stock_action}:
                    got = places(position, src, count)
                    legal = {m.dst for m in position.legal_moves() if m.src == src and m.count == count}
                    assert set(got) == legal and len(got) == len(legal)
                    home = [p for p in got if p in foundations(position)]
                    assert got[: len(home)] == home  # home where it can go
                    rest = got[len(home) :]
                    # the other places in the ranking's order
                    index = {
                        r.step[0].dst: i
                        for i, r in reversed(list(enumerate(ranked)))
                        if len(r.step) == 1 and r.step[0].src == src and r.step[0].count == count
                    }
                    assert [index[p] for p in rest] == sorted(index[p] for p in rest)
                    checked += 1
            best = rank_steps(position)[0]
            if not best.useful:
                break
            game.play(best.step)
            if game.status != "playing":
                break
    assert checked > 50


def test_one_tap_sends_a_card_home_before_a_column():
    position = read_position(NEAR_WON)
    assert places(position, "t1", 1)[0] == "f1"  # Q♠ home, though empty columns take it too


def test_nowhere_to_go_says_why_when_a_rule_says_more_than_no_fit():
    game = new_game("forty-thieves", 1)
    position = game.position
    src = next(p for p in position.spec.pile_names if p.startswith("t") and len(position.pile(p)) >= 2)
    assert places(position, src, 2) == []
    error = refusal(position, src, 2)  # Forty Thieves moves one card at a time
    assert error is not None and error.reason in ("one_card", "not_a_run")
    # A single card that fits nowhere: no rule to name, the page says "nowhere to go".
    for src in position.spec.pile_names:
        if src.startswith("t") and position.pile(src) and not places(position, src, 1):
            assert refusal(position, src, 1) is None
            break
    else:
        pytest.fail("no stuck card in this deal")


def test_the_flight_home_shows_the_players_move_then_each_card():
    game = Game(read_position(NEAR_WON))
    before = game.position
    changes = game.play(Move("t1", "f1"), home="always")
    assert [str(c.move) for c in changes] == ["t1>f1", "t2>f2", "t3>f1"]
    stages = staged(before, changes, 1)
    assert len(stages) == 3
    assert [len(s.pile("f1")) for s in stages] == [12, 12, 13]
    assert stages[-1].to_json() == game.position.to_json()


def test_flow_words_exist_in_every_language():
    from importlib import import_module

    flow = {lang: import_module(f"game.web.texts.flow_{lang}").WORDS for lang in UI}
    for lang, table in flow.items():
        assert set(table) == set(flow["en"]), lang
        for key, text in table.items():
            assert UI[lang][key] == text and text.strip()


def test_what_a_win_means():
    from game.web.stats import Record
    from game.web.win import win_news

    keys = lambda news: [k for k, _ in news]  # noqa: E731
    first = Record(played=1, won=1, best_score=500, best_time=300.0, streak=1, best_streak=1)
    assert keys(win_news(Record(), first, 500, 300.0, True)) == ["win.first"]
    before = Record(played=3, won=2, best_score=600, best_time=200.0, streak=1, best_streak=2)
    after = Record(played=4, won=3, best_score=700, best_time=200.0, streak=2, best_streak=2)
    assert win_news(before, after, 700, 250.0, True) == [("win.best_score", {}), ("win.streak", {"count": 2})]
    assert keys(win_news(before, after, 500, 150.0, True)) == ["win.fastest", "win.streak"]
    quiet = Record(played=4, won=3, best_score=600, best_time=200.0, streak=1, best_streak=2)
    assert win_news(before, quiet, 600, 200.0, True) == []  # a win that beats nothing and starts a streak
    assert keys(win_news(before, None, 900, 10.0, False)) == ["win.practice"]  # a position: not counted
