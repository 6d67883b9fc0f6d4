"""Statistics per game: played, won, win rate, best score, best time, streaks.

Plain Python; the controller stores ``Stats.to_json()`` under
``solitaire.stats`` (storage.py) and shows ``figures``.

When a game counts: a deal counts as played once a move (a draw included) has
been made in it, and it is recorded when it ends -- won, or lost: no moves
left, time up, given up, or left for another deal (New deal, Restart, another
game; a restart of the same deal counts as leaving it). A reload or a closed
tab does not end a game: it is saved and resumed. Games opened from a
``?position=`` link are practice and are not counted.

Best score is the highest final score of any recorded game; best time the
fastest win. A win extends the current streak; any loss ends it.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field, fields
from typing import Optional

from game import PLAYER_GAMES

from .hud import format_clock
from .texts.ui import t

STATS_FORMAT = 1
MAX_COUNT = 10**9


class StatsDamaged(ValueError):
    pass


@dataclass
class Record:
    played: int = 0
    won: int = 0
    best_score: Optional[int] = None
    best_time: Optional[float] = None  # seconds of the fastest win
    streak: int = 0  # wins in a row, up to the latest game
    best_streak: int = 0

    @property
    def win_rate(self) -> Optional[float]:
        return self.won / self.played if self.played else None

    @classmethod
    def from_json(cls, raw) -> "Record":
        if not isinstance(raw, dict) or set(raw) - _RECORD_FIELDS:
            raise StatsDamaged("not a record")
        return cls(**raw).check()

    def check(self) -> "Record":
        counts = (self.played, self.won, self.streak, self.best_streak)
        if not all(_whole(n) for n in counts):
            raise StatsDamaged("counts must be whole numbers")
        if not (self.streak <= self.best_streak <= self.won <= self.played):
            raise StatsDamaged("counts do not add up")
        if self.best_score is not None and not _whole(self.best_score, signed=True):
            raise StatsDamaged("best score must be a whole number")
        if self.best_time is not None:
            if (
                isinstance(self.best_time, bool)
                or not isinstance(self.best_time, (int, float))
                or not 0 <= self.best_time <= MAX_COUNT
            ):
                raise StatsDamaged("best time must be seconds")
            self.best_time = float(self.best_time)
        if (self.best_time is not None) != (self.won > 0):
            raise StatsDamaged("a best time belongs to a win")
        if self.played and self.best_score is None:
            raise StatsDamaged("a played game has a score")
        return self


_RECORD_FIELDS = frozenset(f.name for f in fields(Record))


def _whole(n, signed: bool = False) -> bool:
    low = -MAX_COUNT if signed else 0
    return isinstance(n, int) and not isinstance(n, bool) and low <= n <= MAX_COUNT


@dataclass
class Stats:
    games: dict = field(default_factory=dict)  # game id -> Record

    def record(self, game_id: str) -> Record:
        return self.games.get(game_id) or Record()

    def end(self, game_id: str, won: bool, score: int, seconds: float) -> Record:
        """Count one game that ended (won or lost) with this final score and time."""
        r = self.record(game_id)
        r.played += 1
        r.best_score = score if r.best_score is None else max(r.best_score, score)
        if won:
            r.won += 1
            r.streak += 1
            r.best_streak = max(r.best_streak, r.streak)
            seconds = round(max(0.0, seconds), 3)
            r.best_time = seconds if r.best_time is None else min(r.best_time, seconds)
        else:
            r.streak = 0
        self.games[game_id] = r
        return r

    def reset(self, game_id: Optional[str] = None) -> None:
        """Forget one game's statistics, or every game's."""
        if game_id is None:
            self.games.clear()
        else:
            self.games.pop(game_id, None)

    def total(self) -> Record:
        """Every game together: played, won (streaks and bests are per game)."""
        out = Record()
        for r in self.games.values():
            out.played += r.played
            out.won += r.won
        return out

    def to_json(self) -> dict:
        return {"format": STATS_FORMAT, "games": {g: asdict(r) for g, r in sorted(self.games.items()) if r.played}}

    @classmethod
    def from_json(cls, data) -> "Stats":
        """Strict: anything off raises ``StatsDamaged``. Games this version
        does not know are dropped."""
        stats, dropped = cls.read(data)
        if dropped:
            raise StatsDamaged(f"bad record for {dropped[0]!r}")
        return stats

    @classmethod
    def read(cls, data) -> "tuple[Stats, list[str]]":
        """``(stats, dropped)``: the games whose record fits, and the ids of
        those whose record does not. Raises ``StatsDamaged`` if ``data`` is
        not statistics of this format at all. Games this version does not
        know are left out (not dropped: they are no one's statistics here)."""
        if not isinstance(data, dict) or data.get("format") != STATS_FORMAT:
            raise StatsDamaged("not statistics of this format")
        games = data.get("games")
        if not isinstance(games, dict):
            raise StatsDamaged("'games' must be an object")
        out, dropped = cls(), []
        for game_id, raw in games.items():
            if game_id not in PLAYER_GAMES:
                continue
            try:
                out.games[game_id] = Record.from_json(raw)
            except StatsDamaged:
                dropped.append(game_id)
        return out, dropped


def figures(lang: str, record: Record, whole: bool = False) -> list[tuple[str, str]]:
    """(label, value) pairs to show; ``whole``: the all-games summary."""
    none = "\u2014"
    rate = record.win_rate
    rows = [
        (t(lang, "stats.played"), str(record.played)),
        (t(lang, "stats.won"), str(record.won)),
        (t(lang, "stats.win_rate"), none if rate is None else t(lang, "stats.percent", value=round(rate * 100))),
    ]
    if whole:
        return rows
    rows += [
        (t(lang, "stats.best_score"), none if record.best_score is None else str(record.best_score)),
        (t(lang, "stats.fastest_win"), none if record.best_time is None else format_clock(record.best_time)),
        (t(lang, "stats.streak"), str(record.streak)),
        (t(lang, "stats.best_streak"), str(record.best_streak)),
    ]
    return rows
