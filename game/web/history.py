"""The history of finished games and the record of daily deals, plus the
statistics file (export and import). Plain Python: the page loads it only
once a game ends or the Statistics panel opens, never before the first deal.

Two stored values (``storage.py`` conventions: JSON, read through a check,
damaged parts dropped and the value read copied to ``<key>.corrupt``):

    solitaire.history   {"format": 1, "games": {game id: [entry, ...]}}
                        entry: {"date": "2026-11-22T23:40Z", "deal": 123 | null,
                        "result": "won" | "lost", "score", "time" (seconds), "moves"}
                        oldest first, at most ``KEEP`` per game
    solitaire.daily     {"format": 1, "days": {"YYYY-MM-DD": {game id: "goal" | "won" | "played"}}}
                        ("goal": won, and in under the day's goal of moves)
                        the days a daily deal was finished, at most ``KEEP_DAYS``

A history that does not fit the browser's storage loses its oldest entries
(of every game together), never the game just finished: ``keep`` drops the
oldest part and tries again. Reading never raises; an entry that does not fit
is dropped alone.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Optional

from game import PLAYER_GAMES, daily, jsonsafe

from .stats import MAX_COUNT, Stats, StatsDamaged
from .storage import DAILY_KEY, HISTORY_KEY
from .texts.ui import t

FORMAT = 1
KEEP = 200  # games kept per game
KEEP_DAYS = 3660  # days of daily deals kept (ten years)
FILE_KIND = "solitaire-statistics"
FILE_FORMAT = 1
MAX_FILE = 4_000_000  # characters of a statistics file; a full one is about 300 KB
MAX_SECONDS = 999_999_999.0
RESULTS = ("won", "lost")
DAY_RESULTS = ("played", "won", "goal")  # worst to best


def date_text(lang: str, date: str) -> str:
    """``2026-11-22`` as the language writes it: November 22, 2026; 22. November 2026."""
    year, month, day = date[:10].split("-")
    return t(lang, "date.long", day=int(day), month=t(lang, f"month.{int(month)}"), year=int(year))


def short_date(lang: str, date: str) -> str:
    """``2026-11-22`` in two digits each, as the language orders them: 11/22/26; 22.11.26."""
    year, month, day = date[:10].split("-")
    return t(lang, "date.short", day=day, month=month, yy=year[2:])


class HistoryDamaged(ValueError):
    """Stored or imported history that cannot be used; the message says why."""


def _whole(n, signed: bool = False) -> bool:
    low = -MAX_COUNT if signed else 0
    return isinstance(n, int) and not isinstance(n, bool) and low <= n <= MAX_COUNT


def _stamp(text) -> bool:
    """``YYYY-MM-DDTHH:MMZ`` (UTC, to the minute)."""
    if not isinstance(text, str) or len(text) != 17 or text[10] != "T" or text[13] != ":" or text[16] != "Z":
        return False
    try:
        daily.parse_day(text[:10])
    except ValueError:
        return False
    hh, mm = text[11:13], text[14:16]
    return hh.isdigit() and mm.isdigit() and int(hh) < 24 and int(mm) < 60


@dataclass(frozen=True)
class Entry:
    date: str  # UTC, YYYY-MM-DDTHH:MMZ
    deal: Optional[int]  # None: a game that started from a position
    won: bool
    score: int
    time: float  # seconds
    moves: int

    def to_json(self) -> dict:
        return {
            "date": self.date,
            "deal": self.deal,
            "result": "won" if self.won else "lost",
            "score": self.score,
            "time": self.time,
            "moves": self.moves,
        }

    @classmethod
    def from_json(cls, raw) -> "Entry":
        if not isinstance(raw, dict) or set(raw) != {"date", "deal", "result", "score", "time", "moves"}:
            raise HistoryDamaged("not a history entry")
        if not _stamp(raw["date"]):
            raise HistoryDamaged("bad date")
        deal = raw["deal"]
        if deal is not None and not (isinstance(deal, int) and not isinstance(deal, bool) and 0 <= deal < 1 << 53):
            raise HistoryDamaged("bad deal number")
        if raw["result"] not in RESULTS:
            raise HistoryDamaged("bad result")
        if not _whole(raw["score"], signed=True) or not _whole(raw["moves"]):
            raise HistoryDamaged("bad score or moves")
        seconds = raw["time"]
        if isinstance(seconds, bool) or not isinstance(seconds, (int, float)) or not 0 <= seconds <= MAX_SECONDS:
            raise HistoryDamaged("bad time")
        return cls(raw["date"], deal, raw["result"] == "won", raw["score"], float(seconds), raw["moves"])

    @property
    def daily(self) -> Optional[str]:
        """The day of the daily deal this game was, or None."""
        return daily.date_of(self.deal)


@dataclass
class History:
    games: dict = field(default_factory=dict)  # game id -> [Entry], in the order played (oldest first)

    def add(self, game_id: str, entry: Entry) -> None:
        entries = self.games.setdefault(game_id, [])
        entries.append(entry)
        del entries[:-KEEP]

    def entries(self, game_id: Optional[str] = None) -> list:
        """One game's entries, or every game's (as (game id, entry)), oldest first."""
        if game_id is not None:
            return list(self.games.get(game_id, ()))
        pairs = [(g, e) for g, es in sorted(self.games.items()) for e in es]
        return sorted(pairs, key=lambda p: (p[1].date, p[0]))  # stable: each game's own order stays

    def count(self) -> int:
        return sum(len(es) for es in self.games.values())

    def drop_oldest(self, n: int) -> int:
        """Forget the ``n`` oldest entries of every game together; how many went."""
        pairs = self.entries()[:n]
        for game_id, entry in pairs:
            self.games[game_id].remove(entry)
        self.games = {g: es for g, es in self.games.items() if es}
        return len(pairs)

    def reset(self, game_id: Optional[str] = None) -> None:
        if game_id is None:
            self.games.clear()
        else:
            self.games.pop(game_id, None)

    def to_json(self) -> dict:
        return {"format": FORMAT, "games": {g: [e.to_json() for e in es] for g, es in sorted(self.games.items()) if es}}

    @classmethod
    def read(cls, data) -> "tuple[History, list[str]]":
        """``(history, dropped)``: the entries that fit, and the ids of the games
        that lost some. Raises ``HistoryDamaged`` if ``data`` is no history of
        this format at all. Games this version does not know are left out."""
        if not isinstance(data, dict) or data.get("format") != FORMAT or not isinstance(data.get("games"), dict):
            raise HistoryDamaged("not a history of this format")
        out, dropped = cls(), []
        for game_id, raw in data["games"].items():
            if game_id not in PLAYER_GAMES:
                continue
            entries = []
            if isinstance(raw, list):
                for item in raw[-KEEP:]:
                    try:
                        entries.append(Entry.from_json(item))
                    except HistoryDamaged:
                        pass
            if not isinstance(raw, list) or len(entries) < min(len(raw), KEEP):
                dropped.append(game_id)
            if entries:
                out.games[game_id] = entries  # in the order they were played
        return out, dropped

    @classmethod
    def from_json(cls, data) -> "History":
        history, dropped = cls.read(data)
        if dropped:
            raise HistoryDamaged(f"bad history of {dropped[0]!r}")
        return history


def averages(entries) -> Optional[dict]:
    """Average score, moves and time of ``entries``, and the average time of
    the wins among them (None where there is none)."""
    if not entries:
        return None
    wins = [e for e in entries if e.won]
    n = len(entries)
    return {
        "score": sum(e.score for e in entries) / n,
        "moves": sum(e.moves for e in entries) / n,
        "time": sum(e.time for e in entries) / n,
        "win_time": sum(e.time for e in wins) / len(wins) if wins else None,
    }


# --- daily deals ----------------------------------------------------------------------------------
@dataclass
class Days:
    days: dict = field(default_factory=dict)  # "YYYY-MM-DD" -> {game id: "played" | "won" | "goal"}

    def mark(self, date: str, game_id: str, won: bool, goal: bool = False) -> None:
        """A daily deal finished (``goal``: won in under the day's goal of
        moves): the best result of the day stays, whatever comes after."""
        games = self.days.setdefault(date, {})
        result = "goal" if won and goal else "won" if won else "played"
        old = games.get(game_id)
        if old is None or DAY_RESULTS.index(result) > DAY_RESULTS.index(old):
            games[game_id] = result
        for old in sorted(self.days)[:-KEEP_DAYS]:
            del self.days[old]

    def state(self, date: str, game_id: Optional[str] = None) -> Optional[str]:
        """ "goal", "won", "played" or None for a day: one game's, or the best of any game."""
        games = self.days.get(date, {})
        if game_id is not None:
            return games.get(game_id)
        return max(games.values(), key=DAY_RESULTS.index) if games else None

    def won_days(self, game_id: Optional[str] = None) -> list[int]:
        return [daily.parse_day(d) for d in self.days if self.state(d, game_id) in ("won", "goal")]

    def streak(self, today: str, game_id: Optional[str] = None) -> int:
        return daily.streak(self.won_days(game_id), daily.parse_day(today))

    def longest(self, game_id: Optional[str] = None) -> int:
        return daily.longest_streak(self.won_days(game_id))

    def reset(self, game_id: Optional[str] = None) -> None:
        if game_id is None:
            self.days.clear()
            return
        for games in self.days.values():
            games.pop(game_id, None)
        self.days = {d: g for d, g in self.days.items() if g}

    def to_json(self) -> dict:
        return {"format": FORMAT, "days": {d: dict(sorted(g.items())) for d, g in sorted(self.days.items()) if g}}

    @classmethod
    def read(cls, data) -> "tuple[Days, list[str]]":
        """``(days, dropped)``: the days that fit and the dates that did not."""
        if not isinstance(data, dict) or data.get("format") != FORMAT or not isinstance(data.get("days"), dict):
            raise HistoryDamaged("not a daily record of this format")
        out, dropped = cls(), []
        for date, games in data["days"].items():
            try:
                daily.parse_day(date)
                if not isinstance(games, dict) or not all(v in DAY_RESULTS for v in games.values()):
                    raise ValueError(date)
            except ValueError:
                dropped.append(str(date)[:12])
                continue
            kept = {g: v for g, v in games.items() if g in PLAYER_GAMES}
            if kept:
                out.days[date] = kept
        for old in sorted(out.days)[:-KEEP_DAYS]:
            del out.days[old]
        return out, dropped

    @classmethod
    def from_json(cls, data) -> "Days":
        days, dropped = cls.read(data)
        if dropped:
            raise HistoryDamaged(f"bad day {dropped[0]!r}")
        return days


# --- storage --------------------------------------------------------------------------------------
def check_history(data):
    from .storage import Mended

    history, dropped = History.read(data)
    return Mended(history, history.to_json(), tuple(dropped)) if dropped else history


def check_days(data):
    from .storage import Mended

    days, dropped = Days.read(data)
    return Mended(days, days.to_json(), tuple(dropped)) if dropped else days


def _dump(value) -> str:
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


def keep(store, history: History) -> bool:
    """Write the history; when the browser's storage is full, the oldest
    entries go (an eighth at a time) until it fits. Only a refusal that no
    trimming cures (storage denied) is the store's failure (``Store.set``).
    True if the browser holds it."""
    backend = store.backend
    if backend is None:
        return store.set(HISTORY_KEY, _dump(history.to_json()))
    while True:
        text = _dump(history.to_json())
        try:
            backend.setItem(HISTORY_KEY, text)
        except Exception:
            if history.count() <= 1:
                return store.set(HISTORY_KEY, text)
            history.drop_oldest(max(1, history.count() // 8))
            continue
        store.memory.pop(HISTORY_KEY, None)  # the browser holds it (a refused write before is past)
        return True


# --- the statistics file ------------------------------------------------------------------------------
def export_file(stats: Stats, history: History, days: Days, now: str) -> str:
    """Every statistic as one JSON text, to move to another browser."""
    data = {
        "kind": FILE_KIND,
        "format": FILE_FORMAT,
        "exported": now,
        "stats": stats.to_json(),
        "history": history.to_json(),
        "daily": days.to_json(),
    }
    return json.dumps(data, ensure_ascii=False, indent=1)


def import_file(text) -> tuple[Stats, History, Days]:
    """The statistics of a file made by ``export_file``. Strict: anything off
    raises ``HistoryDamaged`` with a short reason, and nothing is taken."""
    if not isinstance(text, str):
        raise HistoryDamaged("not a text file")
    try:
        data = jsonsafe.loads(text, max_chars=MAX_FILE)
    except ValueError as e:
        raise HistoryDamaged(f"not JSON ({e})"[:120]) from None
    if not isinstance(data, dict) or data.get("kind") != FILE_KIND:
        raise HistoryDamaged("not a statistics file of this game")
    if data.get("format") != FILE_FORMAT:
        raise HistoryDamaged("a format this version does not know")
    try:
        stats = Stats.from_json(data.get("stats"))
    except StatsDamaged as e:
        raise HistoryDamaged(f"statistics: {e}") from None
    return stats, History.from_json(data.get("history")), Days.from_json(data.get("daily"))


# --- what the page keeps -----------------------------------------------------------------------------
class Records:
    """The history and the daily record of this browser, read from ``store``
    (a ``storage.Store``) when first needed. ``damaged``: something stored
    was left out (the page says so once)."""

    def __init__(self, store):
        self.store = store
        history, bad_history = store.read(HISTORY_KEY, check_history)
        days, bad_days = store.read(DAILY_KEY, check_days)
        self.history: History = history or History()
        self.days: Days = days or Days()
        self.damaged = bool(bad_history or bad_days)

    def ended(
        self,
        game_id: str,
        deal: Optional[int],
        won: bool,
        score: int,
        seconds: float,
        moves: int,
        now: str,
        goal: Optional[int] = None,
    ):
        """A counted game ended at ``now`` (UTC, ``YYYY-MM-DDTHH:MM...``);
        ``goal``: the daily deal's goal of moves, where one was found."""
        seconds = round(min(max(0.0, float(seconds)), MAX_SECONDS), 3)
        self.history.add(game_id, Entry(now[:16] + "Z", deal, won, score, seconds, moves))
        keep(self.store, self.history)
        day = daily.date_of(deal)
        if day is not None:
            self.days.mark(day, game_id, won, daily.goal_met(moves, goal))
            self.save_days()

    def save_days(self) -> bool:
        return self.store.write(DAILY_KEY, self.days.to_json())

    def reset(self, game_id: Optional[str] = None) -> None:
        self.history.reset(game_id)
        self.days.reset(game_id)
        keep(self.store, self.history)
        self.save_days()

    def replace(self, history: History, days: Days) -> None:
        self.history, self.days = history, days
        keep(self.store, self.history)
        self.save_days()
