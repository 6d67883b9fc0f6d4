"""The history of games and the daily record (game/web/history.py): the last
200 games of each game, oldest dropped first, nothing lost when the browser's
storage is full, damaged parts dropped alone, averages, and the statistics
file refused whole when anything in it is off."""

from __future__ import annotations

import json

import pytest

from game import daily
from game.web import history
from game.web.history import DAILY_KEY, HISTORY_KEY, KEEP, Days, Entry, History, HistoryDamaged, Records
from game.web.stats import Stats
from game.web.storage import CORRUPT, Store


class Backend:
    """localStorage with a quota in characters, like a browser's."""

    def __init__(self, quota: int = 10**9):
        self.items: dict[str, str] = {}
        self.quota = quota

    def getItem(self, key):
        return self.items.get(key)

    def setItem(self, key, value):
        size = sum(len(k) + len(v) for k, v in self.items.items() if k != key) + len(key) + len(value)
        if size > self.quota:
            raise RuntimeError("QuotaExceededError")
        self.items[key] = value

    def removeItem(self, key):
        self.items.pop(key, None)


def stamp(i: int) -> str:
    return f"2026-{1 + i // 600 % 12:02d}-{1 + i // 24 % 25:02d}T{i % 24:02d}:{i % 60:02d}Z"


def entry(i: int, won: bool = False, deal=None) -> Entry:
    return Entry(stamp(i), i if deal is None else deal, won, 10 * i - 50, 60.0 + i, 20 + i)


def test_each_game_keeps_its_last_200_games():
    h = History()
    for i in range(KEEP + 30):
        h.add("reloaded", entry(i))
    h.add("solitario", entry(5))
    kept = h.entries("reloaded")
    assert len(kept) == KEEP and kept[0] == entry(30) and kept[-1] == entry(KEEP + 29)
    assert len(h.entries("solitario")) == 1


def test_a_full_storage_drops_the_oldest_games_never_the_new_one():
    backend = Backend()
    store = Store(backend)
    records = Records(store)
    for i in range(300):
        game = ("reloaded", "solitario", "lucas")[i % 3]
        records.ended(game, i, i % 2 == 0, i, 30.0, 40, stamp(i))
    full = len(backend.items[HISTORY_KEY])
    backend.quota = full // 2  # the browser now holds half of it
    records.ended("reloaded", 9999, True, 700, 12.5, 90, stamp(400))
    stored = History.from_json(json.loads(backend.items[HISTORY_KEY]))
    assert not store.failed  # trimming cured it: no "won't be kept" notice
    assert stored.entries("reloaded")[-1].deal == 9999  # the game just finished is kept
    dates = [e.date for _, e in stored.entries()]
    dropped = [e.date for _, e in History.from_json(json.loads(json.dumps(records.history.to_json()))).entries()]
    assert dates == dropped and len(dates) < 301
    everything = sorted(stamp(i) for i in range(300))
    assert min(dates) >= everything[300 - len(dates) + 1]  # only the oldest went


def test_storage_that_refuses_everything_keeps_the_history_in_memory():
    backend = Backend(quota=0)
    store = Store(backend)
    records = Records(store)
    records.ended("reloaded", 3, True, 100, 10.0, 30, stamp(1))
    assert store.failed and len(records.history.entries("reloaded")) == 1


def test_damaged_entries_are_dropped_alone_and_the_value_read_is_set_aside():
    good = entry(3).to_json()
    data = {
        "format": 1,
        "games": {
            "reloaded": [good, {**good, "result": "maybe"}, {**good, "time": -1}, "x"],
            "solitario": [good],
            "no-such-game": [good],
        },
    }
    backend = Backend()
    backend.items[HISTORY_KEY] = json.dumps(data)
    backend.items[DAILY_KEY] = "{not json"
    records = Records(Store(backend))
    assert records.damaged
    assert records.history.entries("reloaded") == [entry(3)] == records.history.entries("solitario")
    assert backend.items[HISTORY_KEY + CORRUPT] == json.dumps(data)
    assert DAILY_KEY not in backend.items and backend.items[DAILY_KEY + CORRUPT] == "{not json"
    assert records.days.days == {}


@pytest.mark.parametrize("raw", ["[]", "null", '{"format": 2, "games": {}}', '{"format": 1}', "[" * 5000, '"x"'])
def test_a_history_unusable_as_a_whole_starts_empty_and_never_raises(raw):
    backend = Backend()
    backend.items[HISTORY_KEY] = raw
    records = Records(Store(backend))
    assert records.damaged and records.history.count() == 0


def test_daily_days_keep_a_win_and_give_streaks():
    days = Days()
    for date, game, won in [
        ("2026-11-18", "solitario", True),
        ("2026-11-18", "solitario", False),  # played again and lost: still won that day
        ("2026-11-19", "reloaded", True),
        ("2026-11-20", "solitario", False),
    ]:
        days.mark(date, game, won)
    assert days.state("2026-11-18") == "won" and days.state("2026-11-20") == "played"
    assert days.state("2026-11-19", "solitario") is None
    assert days.streak("2026-11-20") == 2 and days.streak("2026-11-20", "solitario") == 0
    assert days.streak("2026-11-22") == 0 and days.longest() == 2


def test_a_daily_game_marks_its_day():
    records = Records(Store(Backend()))
    number = daily.daily_number("2026-11-19")
    records.ended("solitario", number, True, 500, 100.0, 80, "2026-11-22T10:00:00.000Z")
    assert records.days.state("2026-11-19", "solitario") == "won"
    assert records.history.entries("solitario")[0].daily == "2026-11-19"
    assert records.history.entries("solitario")[0].date == "2026-11-22T10:00Z"


def test_a_daily_win_under_the_goal_is_marked_and_stays_the_best_of_the_day():
    records = Records(Store(Backend()))
    number = daily.daily_number("2026-11-19")
    records.ended("reloaded", number, True, 500, 100.0, 150, "2026-11-19T10:00:00.000Z", goal=150)
    assert records.days.state("2026-11-19", "reloaded") == "won"  # 150 is not under 150
    records.ended("reloaded", number, True, 500, 100.0, 149, "2026-11-19T11:00:00.000Z", goal=150)
    assert records.days.state("2026-11-19", "reloaded") == "goal"
    records.ended("reloaded", number, True, 500, 100.0, 90, "2026-11-19T12:00:00.000Z")  # no goal found
    records.ended("reloaded", number, False, 50, 100.0, 20, "2026-11-19T13:00:00.000Z", goal=150)
    assert records.days.state("2026-11-19", "reloaded") == "goal"
    records.ended("solitario", daily.daily_number("2026-11-20"), True, 1, 1.0, 10, "2026-11-20T10:00:00.000Z")
    assert records.days.state("2026-11-19") == "goal" and records.days.state("2026-11-20") == "won"
    assert records.days.streak("2026-11-20") == 2  # a goal met is a day won
    # The record comes back from its stored form.
    again = Records(records.store)
    assert again.days.state("2026-11-19", "reloaded") == "goal" and not again.damaged


def test_averages():
    found = history.averages([entry(1, won=True), entry(3)])
    assert found == {"score": -30, "moves": 22, "time": 62.0, "win_time": 61.0}
    assert history.averages([]) is None


def full_file() -> str:
    stats = Stats()
    stats.end("reloaded", True, 500, 120.0)
    stats.end("reloaded", False, 40, 300.0)
    h = History()
    h.add("reloaded", entry(1, won=True))
    h.add("reloaded", entry(2))
    days = Days()
    days.mark("2026-11-19", "reloaded", True)
    return history.export_file(stats, h, days, "2026-11-22T10:00:00Z")


def test_the_statistics_file_comes_back_the_same():
    stats, h, days = history.import_file(full_file())
    again = history.export_file(stats, h, days, "2026-11-22T10:00:00Z")
    assert again == full_file()
    assert stats.record("reloaded").played == 2 and h.count() == 2 and days.state("2026-11-19") == "won"


def damaged_files():
    data = json.loads(full_file())
    yield "not json", "{oops"
    yield "another kind", json.dumps({**data, "kind": "other"})
    yield "a later format", json.dumps({**data, "format": 9})
    yield (
        "counts that do not add up",
        json.dumps({**data, "stats": {"format": 1, "games": {"reloaded": {"played": 1, "won": 5}}}}),
    )
    bad_entry = {**data["history"]["games"]["reloaded"][0], "score": "lots"}
    yield "a bad entry", json.dumps({**data, "history": {"format": 1, "games": {"reloaded": [bad_entry]}}})
    yield "a bad day", json.dumps({**data, "daily": {"format": 1, "days": {"2026-02-30": {"reloaded": "won"}}}})
    yield "no history", json.dumps({k: v for k, v in data.items() if k != "history"})
    yield "too deep", "[" * 100 + "]" * 100
    yield "not text", None


@pytest.mark.parametrize("why,text", list(damaged_files()), ids=[w for w, _ in damaged_files()])
def test_a_damaged_statistics_file_is_refused_whole(why, text):
    with pytest.raises(HistoryDamaged):
        history.import_file(text)


@pytest.mark.parametrize("lang, expected", [("en", "11/02/26"), ("de", "02.11.26"), ("it", "02/11/26")])
def test_the_history_writes_a_short_date_in_each_languages_order(lang, expected):
    assert history.short_date(lang, "2026-11-02T08:05:00") == expected
    assert history.short_date(lang, "2026-11-02") == expected
