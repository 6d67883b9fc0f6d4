"""A game in progress: position, score, undo/redo, clock, status, saves.

Time is injected: every action may carry the elapsed play time in seconds
(``t3>f1@12.5``); the score is read at a given time. Nothing here reads a clock.
"""

from __future__ import annotations

from collections import deque
from typing import NamedTuple, Optional

from . import scoring
from .catalog import get_spec
from .errors import GameError, IllegalMove, InvalidSave
from .moves import Move, check_time, is_action, parse_action, parse_move, with_time
from .position import Position
from .shuffle import MAX_GAME_NUMBER

PLAYING, WON, STALLED, TIME_UP, RESIGNED = "playing", "won", "stalled", "time-up", "resigned"
STATUSES = (PLAYING, WON, STALLED, TIME_UP, RESIGNED)
SAVE_VERSION = 1


class Snapshot(NamedTuple):
    """What an undo restores."""

    position: Position
    points: int
    homed: frozenset
    status: str
    end_time: Optional[float]


class ScoreEvent(NamedTuple):
    """One change of the points: after action number ``action`` (1-based,
    counting moves, undos and redos), at ``at`` seconds, the points stood at
    ``points`` (time points and end bonus not included)."""

    action: int
    at: float
    points: int


def check_game_number(number) -> int:
    if isinstance(number, bool) or not isinstance(number, int) or not 0 <= number <= MAX_GAME_NUMBER:
        raise GameError(f"a game number is a whole number from 0 to {MAX_GAME_NUMBER}, not {str(number)[:24]!r}")
    return number


def to_millisecond(at) -> float:
    """An elapsed time as the game keeps it: to the millisecond, the precision
    the move log writes (``moves.format_time``), so that replaying a save
    reaches exactly the same clock and score."""
    return round(check_time(at), 3)


class Game:
    """One game: start it with ``Game.new(game_id, seed)`` or from a position."""

    def __init__(self, start: Position, seed: Optional[int] = None, time_limit: Optional[float] = None):
        self.spec = start.spec
        self.start = start
        self.seed = seed
        self.time_limit = None if time_limit is None else to_millisecond(time_limit)
        self.position = start
        self.points = 0  # points of the current line of play, before undo costs
        self.undo_costs = 0
        # Cards already home at the start have made their first trip (Reloaded).
        self.homed = frozenset(c for f in start.spec.foundation_range for c in start.piles[f])
        self.line: list[Move] = []  # moves of the current line (undone ones removed)
        depth = self.spec.undo_depth
        self.history: deque[Snapshot] = deque(maxlen=depth) if depth is not None else deque()
        self.future: list[Move] = []
        self.log: list[str] = []  # every action as text, for saves and replays
        self.actions = 0
        self.clock = 0.0  # elapsed time of the latest action
        self.timeline: list[ScoreEvent] = []
        self.status = PLAYING
        self.end_time: Optional[float] = None
        self._update_status(0.0)
        self.expire(0.0)  # a time limit of 0 s is over at once, as a reloaded save says

    @classmethod
    def new(cls, game_id: str, seed: int, time_limit: Optional[float] = None) -> "Game":
        spec = get_spec(game_id)
        return cls(spec.engine.deal(check_game_number(seed)), seed=seed, time_limit=time_limit)

    # --- reading -------------------------------------------------------------
    def legal_moves(self) -> list[Move]:
        return self.position.legal_moves() if self.status == PLAYING else []

    @property
    def moves(self) -> int:
        """Moves in the current line of play (undone moves don't count)."""
        return len(self.line)

    @property
    def undo_steps(self) -> int:
        """How many moves an undo could take back now."""
        if not self.spec.undo_depth and self.spec.undo_depth is not None:
            return 0
        if self.status != PLAYING:  # a finished game is final (RULES.md, "Game over")
            return 0
        return len(self.history)

    @property
    def redo_steps(self) -> int:
        return len(self.future) if self.spec.redo and self.status == PLAYING else 0

    def _time(self, at: Optional[float]) -> float:
        t = self.clock if at is None else to_millisecond(at)
        if t < self.clock:
            raise IllegalMove(f"time runs forward: {t:g} s is before the last action at {self.clock:g} s")
        return t

    def score(self, at: Optional[float] = None) -> int:
        """The score shown at elapsed time ``at`` (default: the latest action).

        Once the game is over the score is fixed at the moment it ended."""
        spec = self.spec
        t = self.end_time if self.end_time is not None else max(self.clock, at or 0.0)
        if self.time_limit is not None:
            t = min(t, self.time_limit)
        total = self.points - self.undo_costs + scoring.time_points(spec, t)
        if self.status == WON:
            total += scoring.win_bonus(spec, len(self.line), t)
        return max(0, total) if scoring.floors_at_zero(spec) else total

    def time_bonus(self, at: Optional[float] = None) -> int:
        """Retinue's falling bonus as it stands now (0 for other games)."""
        t = self.end_time if self.end_time is not None else max(self.clock, at or 0.0)
        return scoring.time_bonus(self.spec, t)

    def final_score_action(self) -> int:
        """The action number at which the points last changed (0: never)."""
        return self.timeline[-1].action if self.timeline else 0

    # --- acting ----------------------------------------------------------------
    def play(self, move, at: Optional[float] = None):
        """Make a move (a ``Move`` or its text, which may carry ``@time``).

        Returns the ``Change``. An illegal move raises ``IllegalMove`` with the
        reason and leaves the game exactly as it was."""
        if not isinstance(move, Move):  # text; parse_move refuses anything else
            move, text_at = parse_move(move)
            at = text_at if at is None else at
        t = self._time(at)
        self._check_playing(t)
        after, change = self.position.apply(move)
        self.future.clear()
        self._push(move, after, change, t)
        return change

    def _check_playing(self, t: float) -> None:
        self.expire(t)
        if self.status != PLAYING:
            raise IllegalMove(f"the game is over ({self.status})")

    def _push(self, move: Move, after: Position, change, t: float) -> None:
        if self.spec.undo_depth != 0:
            self.history.append(Snapshot(self.position, self.points, self.homed, self.status, self.end_time))
        gained, self.homed = scoring.move_points(self.spec, change, after, self.homed)
        self.position = after
        self.points += gained
        self.line.append(move)
        self._record(str(move), t, gained)
        self._update_status(t)

    def _record(self, text: str, t: float, gained: int) -> None:
        self.actions += 1
        self.clock = t
        self.log.append(with_time(text, t))
        if gained:
            self.timeline.append(ScoreEvent(self.actions, t, self.points - self.undo_costs))

    def undo(self, at: Optional[float] = None) -> None:
        t = self._time(at)
        if self.spec.undo_depth == 0:
            raise IllegalMove(f"{self.spec.name} has no undo")
        self.expire(t)
        if not self.undo_steps:
            if self.status != PLAYING:
                raise IllegalMove(f"the game is over ({self.status})")
            if self.spec.undo_depth is not None and self.line:
                raise IllegalMove(f"only the last {self.spec.undo_depth} moves can be taken back")
            raise IllegalMove("there is no move to take back")
        snap = self.history.pop()
        self.future.append(self.line.pop())
        self.position, self.homed = snap.position, snap.homed
        before = self.points - self.undo_costs
        self.points = snap.points
        self.undo_costs += self.spec.undo_cost
        self.status, self.end_time = snap.status, snap.end_time
        self._record("undo", t, (self.points - self.undo_costs) - before)

    def redo(self, at: Optional[float] = None) -> None:
        t = self._time(at)
        if not self.spec.redo:
            raise IllegalMove(f"{self.spec.name} has no redo")
        self._check_playing(t)
        if not self.future:
            raise IllegalMove("there is no move to redo")
        move = self.future[-1]
        after, change = self.position.apply(move)
        self.future.pop()
        self._push(move, after, change, t)
        self.log[-1] = with_time("redo", t)

    def resign(self, at: Optional[float] = None) -> None:
        t = self._time(at)
        self._check_playing(t)
        self.status, self.end_time = RESIGNED, t
        self.actions += 1
        self.clock = t
        self.log.append(with_time("resign", t))

    def expire(self, at: float) -> bool:
        """End the game if its time limit has run out by ``at``; True if it has."""
        if self.status == PLAYING and self.time_limit is not None and at >= self.time_limit:
            self.status, self.end_time = TIME_UP, self.time_limit
            self.clock = max(self.clock, self.time_limit)
        return self.status == TIME_UP

    def act(self, text: str) -> None:
        """Apply one token of a move list: a move, ``undo``, ``redo`` or ``resign``."""
        if is_action(text):
            word, at = parse_action(text)
            getattr(self, word)(at)
        else:
            self.play(text)

    def _update_status(self, t: float) -> None:
        rules = self.spec.engine
        if rules.is_won(self.position):
            self.status, self.end_time = WON, t
        elif rules.is_stalled(self.position):
            self.status, self.end_time = STALLED, t

    # --- saving ------------------------------------------------------------------
    def to_json(self) -> dict:
        """A saved game: the position (CONTRACT.md) plus how it came about."""
        out = self.position.to_json()
        out.update(
            version=SAVE_VERSION,
            moves=list(self.log),
            clock=self.clock,
            status=self.status,
            score=self.score(),
        )
        if self.seed is not None:
            out["seed"] = self.seed
        else:
            out["start"] = self.start.to_json()["piles"]
            extra = {k: v for k, v in self.start.to_json().items() if k in ("redeals", "turned")}
            if extra:
                out["start_extra"] = extra
        if self.time_limit is not None:
            out["time_limit"] = self.time_limit
        return out

    @classmethod
    def from_json(cls, data) -> "Game":
        """Rebuild a saved game by replaying its moves, and check it against
        the saved position; any damage is refused with ``InvalidSave``."""
        if not isinstance(data, dict):
            raise InvalidSave("a saved game must be a JSON object")
        if data.get("version") != SAVE_VERSION:
            raise InvalidSave(f"saved games of version {str(data.get('version'))[:10]!r} cannot be read")
        try:
            spec = get_spec(data.get("game"))
            limit = data.get("time_limit")
            if "seed" in data:
                game = cls.new(spec.id, data["seed"], time_limit=limit)
            elif isinstance(data.get("start"), dict):
                extra = data.get("start_extra") or {}
                if not isinstance(extra, dict):
                    raise InvalidSave("'start_extra' must be an object")
                start = {"game": spec.id, "piles": data["start"], **extra}
                game = cls(Position.from_json(start), time_limit=limit)
            else:
                raise InvalidSave("the save has neither a game number ('seed') nor a start position")
            moves = data.get("moves")
            if not isinstance(moves, list):
                raise InvalidSave("'moves' must be a list of moves")
            for i, token in enumerate(moves):
                try:
                    game.act(token)
                except GameError as e:
                    raise InvalidSave(f"move {i + 1} ({str(token)[:20]!r}) cannot be replayed: {e}") from None
            clock = data.get("clock", game.clock)
            game.clock = game._time(clock)
            game.expire(game.clock)
            saved = Position.from_json({k: data[k] for k in ("game", "piles", "redeals", "turned") if k in data})
        except InvalidSave:
            raise
        except GameError as e:
            raise InvalidSave(f"the save is damaged: {e}") from None
        if saved != game.position:
            raise InvalidSave("the saved position does not match its moves")
        if data.get("status", game.status) != game.status:
            raise InvalidSave(f"the save says {data.get('status')!r} but its moves give {game.status!r}")
        return game
