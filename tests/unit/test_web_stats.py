"""Statistics per game (game/web/stats.py): counting, streaks, bests, the
stored form and its checks, and the figures the panel shows."""

from __future__ import annotations

import json

import pytest

from game.web.stats import Record, Stats, StatsDamaged, figures


def test_wins_and_losses_make_streaks():
    s = Stats()
    for won in (True, True, False, True, True, True, False):
        s.end("reloaded", won, 100, 300.0)
    r = s.record("reloaded")
    assert (r.played, r.won, r.streak, r.best_streak) == (7, 5, 0, 3)
    s.end("reloaded", True, 10, 500.0)
    assert s.record("reloaded").streak == 1
    assert s.record("reloaded").win_rate == pytest.approx(6 / 8)


def test_best_score_counts_every_game_best_time_only_wins():
    s = Stats()
    s.end("maria", False, 480, 50.0)
    r = s.record("maria")
    assert r.best_score == 480 and r.best_time is None
    s.end("maria", True, 300, 120.5)
    s.end("maria", True, 310, 99.25)
    s.end("maria", True, 320, 140.0)
    r = s.record("maria")
    assert r.best_score == 480 and r.best_time == 99.25


def test_games_are_kept_apart_and_reset_alone_or_together():
    s = Stats()
    s.end("lucas", True, 10, 60)
    s.end("streets", False, 5, 60)
    assert s.record("lucas").won == 1 and s.record("streets").won == 0
    assert s.record("limited") == Record()
    assert (s.total().played, s.total().won) == (2, 1)
    s.reset("lucas")
    assert s.record("lucas").played == 0 and s.record("streets").played == 1
    s.reset()
    assert s.games == {}


def test_round_trip():
    s = Stats()
    s.end("solitario", True, 85, 201.123)
    s.end("solitario", False, 40, 90)
    s.end("retinue", False, 1200, 400)
    back = Stats.from_json(json.loads(json.dumps(s.to_json())))
    assert back == s


def test_unknown_games_are_dropped_not_fatal():
    data = Stats().to_json()
    data["games"]["klondike-2099"] = {
        "played": 3,
        "won": 1,
        "best_score": 5,
        "best_time": 10.0,
        "streak": 0,
        "best_streak": 1,
    }
    assert Stats.from_json(data).games == {}


GOOD = {"played": 4, "won": 2, "best_score": 120, "best_time": 300.5, "streak": 1, "best_streak": 2}


@pytest.mark.parametrize(
    "data",
    [
        None,
        [],
        "stats",
        {"format": 2, "games": {}},
        {"games": {}},
        {"format": 1, "games": []},
        {"format": 1, "games": {"reloaded": "x"}},
        {"format": 1, "games": {"reloaded": {**GOOD, "won": 5}}},  # more won than played
        {"format": 1, "games": {"reloaded": {**GOOD, "streak": 3}}},  # streak over the best streak
        {"format": 1, "games": {"reloaded": {**GOOD, "played": -1}}},
        {"format": 1, "games": {"reloaded": {**GOOD, "played": 4.0}}},
        {"format": 1, "games": {"reloaded": {**GOOD, "played": True}}},
        {"format": 1, "games": {"reloaded": {**GOOD, "best_time": "fast"}}},
        {"format": 1, "games": {"reloaded": {**GOOD, "best_time": None}}},  # wins but no time
        {"format": 1, "games": {"reloaded": {**GOOD, "best_score": None}}},
        {"format": 1, "games": {"reloaded": {**GOOD, "best_score": 1.5}}},
        {"format": 1, "games": {"reloaded": {**GOOD, "extra": 1}}},
        {"format": 1, "games": {"reloaded": {k: v for k, v in GOOD.items() if k != "won"} | {"colour": 1}}},
    ],
)
def test_damaged_statistics_are_refused(data):
    with pytest.raises(StatsDamaged):
        Stats.from_json(data)


def test_a_good_record_passes():
    assert Stats.from_json({"format": 1, "games": {"reloaded": GOOD}}).record("reloaded").won == 2


def test_figures_in_every_language():
    s = Stats()
    s.end("reloaded", True, 1234, 125.0)
    s.end("reloaded", False, 100, 60.0)
    s.end("reloaded", False, 100, 60.0)
    rows = dict(figures("en", s.record("reloaded")))
    assert rows == {
        "Played": "3",
        "Won": "1",
        "Win rate": "33%",
        "Best score": "1234",
        "Fastest win": "02:05",
        "Current winning streak": "0",
        "Longest winning streak": "1",
    }
    assert dict(figures("de", s.record("reloaded")))["Gewinnquote"] == "33 %"
    assert len(figures("it", s.total(), whole=True)) == 3
    empty = dict(figures("en", Record()))
    assert empty["Win rate"] == "\u2014" and empty["Best score"] == "\u2014" and empty["Fastest win"] == "\u2014"
