"""A game in progress: position, score, undo/redo, clock, status, saves.

A player's action is a *step* of one or more moves (CONTRACT.md "A step"):
``Game`` plays, undoes and redoes whole steps, while the score, the win
bonus's move count and every rule count moves. Time is injected: every
action may carry the elapsed play time in seconds (``t3>f1@12.5``); the
score is read at a given time. Nothing here reads a clock.
"""

from __future__ import annotations

from collections import deque
from typing import NamedTuple, Optional

from .catalog import get_spec
from .errors import GameError, IllegalMove, InvalidSave
from .home import AutoHome, home_moves
from .moves import DRAW, Move, check_time, is_action, parse_action, parse_step, step_text, with_time
from .position import Position
from .shuffle import MAX_GAME_NUMBER

PLAYING, WON, STALLED, TIME_UP, RESIGNED = "playing", "won", "stalled", "time-up", "resigned"
STATUSES = (PLAYING, WON, STALLED, TIME_UP, RESIGNED)
SAVE_VERSION = 2  # 2: steps in the move log, and the stall notice; 1 (one move per action) still reads
SAVE_VERSIONS = (1, 2)


class Snapshot(NamedTuple):
    """What an undo restores: the game as it stood before a step."""

    position: Position
    points: int
    homed: frozenset
    status: str
    end_time: Optional[float]


class ScoreEvent(NamedTuple):
    """One change of the points: after action number ``action`` (1-based,
    counting every move played, taken back or replayed), at ``at`` seconds,
    the points stood at ``points`` (time points and end bonus not included)."""

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
    """One game: start it with ``Game.new(game_id, seed)`` or from a position.

    ``stall_notice``: in practice play of a game with undo, a stall is a
    notice, not yet the end (RULES.md "Game over, everywhere"): the status is
    ``stalled`` but ``stall_pending`` is true, and the player may undo out of
    it or ``accept_stall``. Off (the default), a stall ends the game at once,
    as on the command line and in duels."""

    def __init__(
        self,
        start: Position,
        seed: Optional[int] = None,
        time_limit: Optional[float] = None,
        stall_notice: bool = False,
    ):
        self.spec = start.spec
        self.start = start
        self.seed = seed
        self.time_limit = None if time_limit is None else to_millisecond(time_limit)
        self.stall_notice = bool(stall_notice)
        self.stall_accepted = False
        self.position = start
        self.points = self.spec.scoring.scheme.start  # points of the current line of play, before undo costs
        self.undo_costs = 0
        # Cards already home at the start have made their first trip (Reloaded).
        self.homed = frozenset(c for f in start.spec.foundation_range for c in start.piles[f])
        self.line: list[Move] = []  # moves of the current line (undone ones removed)
        self.step_sizes: list[int] = []  # moves of each step of the line, in order
        depth = self.spec.undo_depth
        self.history: deque[Snapshot] = deque(maxlen=depth) if depth is not None else deque()
        self.future: list[tuple[Move, ...]] = []  # undone steps, the next to redo last
        self.log: list[str] = []  # every action as text (a step, undo, redo, resign), for saves and replays
        self.actions = 0  # moves played, taken back or replayed (the duel's move counter)
        self.clock = 0.0  # elapsed time of the latest action
        self.timeline: list[ScoreEvent] = []
        self.status = PLAYING
        self.end_time: Optional[float] = None
        self._update_status(0.0)
        self.expire(0.0)  # a time limit of 0 s is over at once, as a reloaded save says

    @classmethod
    def new(cls, game_id: str, seed: int, time_limit: Optional[float] = None, stall_notice: bool = False) -> "Game":
        spec = get_spec(game_id)
        return cls(spec.engine.deal(check_game_number(seed)), seed, time_limit, stall_notice)

    # --- reading -------------------------------------------------------------
    def legal_moves(self) -> list[Move]:
        return self.position.legal_moves() if self.status == PLAYING else []

    @property
    def moves(self) -> int:
        """Moves in the current line of play (undone moves don't count)."""
        return len(self.line)

    @property
    def steps(self) -> int:
        """Steps in the current line of play."""
        return len(self.step_sizes)

    @property
    def stall_pending(self) -> bool:
        """A stall the player may still undo out of (``stall_notice``)."""
        return (
            self.status == STALLED
            and self.stall_notice
            and not self.stall_accepted
            and self.spec.undo_depth != 0
            and bool(self.history)
        )

    @property
    def over(self) -> bool:
        """The game has ended and its score is final."""
        return self.status != PLAYING and not self.stall_pending

    @property
    def undo_steps(self) -> int:
        """How many steps an undo could take back now."""
        if not self.spec.undo_depth and self.spec.undo_depth is not None:
            return 0
        if self.status != PLAYING and not self.stall_pending:  # a finished game is final (RULES.md)
            return 0
        return len(self.history)

    @property
    def redo_steps(self) -> int:
        return len(self.future) if self.spec.redo and self.status == PLAYING else 0

    def _time(self, at: Optional[float]) -> float:
        t = self.clock if at is None else to_millisecond(at)
        if t < self.clock:
            raise IllegalMove("time_backwards", at=f"{t:g}", clock=f"{self.clock:g}")
        return t

    def score(self, at: Optional[float] = None) -> int:
        """The score shown at elapsed time ``at`` (default: the latest action).

        Once the game is over the score is fixed at the moment it ended."""
        scheme = self.spec.scoring.scheme
        t = self.end_time if self.end_time is not None else max(self.clock, at or 0.0)
        if self.time_limit is not None:
            t = min(t, self.time_limit)
        total = self.points - self.undo_costs + scheme.time_points(t)
        if self.status == WON:
            total += scheme.win_bonus(len(self.line), t)
        return max(0, total) if scheme.floors_at_zero else total

    def win_bonus(self) -> int:
        """The bonus a win added to the score (0 unless won)."""
        if self.status != WON:
            return 0
        return self.spec.scoring.scheme.win_bonus(len(self.line), self.end_time or 0.0)

    def time_bonus(self, at: Optional[float] = None) -> int:
        """Retinue's falling bonus as it stands now (0 for other games)."""
        t = self.end_time if self.end_time is not None else max(self.clock, at or 0.0)
        return self.spec.scoring.scheme.time_bonus(t)

    def final_score_action(self) -> int:
        """The action number at which the points last changed (0: never)."""
        return self.timeline[-1].action if self.timeline else 0

    def stock_targets(self) -> list[str]:
        """Where the stock's top card may be played directly (``spec.stock_play``):
        the piles that take it once drawn; empty where the game has no such play."""
        if not self.spec.stock_play or self.status != PLAYING or not self.position.pile("stock"):
            return []
        after, _ = self.position.apply(DRAW)
        return [m.dst for m in after.legal_moves() if m.src == "waste"]

    # --- acting ----------------------------------------------------------------
    def play(self, step, at: Optional[float] = None, home=AutoHome.OFF):
        """Play a step: a ``Move``, a sequence of moves, or text (``t3>f1``,
        ``draw+waste>t4``, which may end in ``@time``).

        ``home`` (``AutoHome``: off, safe, always) appends the cards that then
        go home by themselves to the same step. Returns the ``Change`` of every
        move of the step. An illegal move anywhere in the step raises
        ``IllegalMove`` with the reason and leaves the game exactly as it was."""
        moves, text_at = self._step_of(step)
        at = text_at if at is None else at
        t = self._time(at)
        self._check_playing(t)
        self._check_shape(moves)
        position, applied = self.position, []
        for move in moves:
            position, change = position.apply(move)
            applied.append((move, position, change))
        for move in position.rules.runs_going_home(position):  # Spider: part of the step, always
            position, change = position.apply(move)
            applied.append((move, position, change))
        for move in home_moves(position, home) if home != AutoHome.OFF else ():
            position, change = position.apply(move)
            applied.append((move, position, change))
        self.future.clear()
        self._push(applied, t)
        return tuple(change for _, _, change in applied)

    def play_from_stock(self, dst: str, at: Optional[float] = None, home=AutoHome.OFF):
        """The stock's top card straight to pile ``dst``: one step of a draw and
        ``waste>dst`` (the Forty Thieves family, ``spec.stock_play``)."""
        return self.play((DRAW, Move("waste", dst)), at, home)

    @staticmethod
    def _step_of(step) -> tuple[tuple[Move, ...], Optional[float]]:
        if isinstance(step, Move):
            return (step,), None
        if isinstance(step, str):  # parse_step refuses anything that is no step
            return parse_step(step)
        if isinstance(step, (tuple, list)) and step and all(isinstance(m, Move) for m in step):
            return tuple(step), None
        return parse_step(step)  # refuses with the reason

    def _check_shape(self, moves: tuple[Move, ...]) -> None:
        """A step is one move (or, where the game plays the stock's top card
        directly, a draw and a move from the waste), then only cards going
        home: so one undo never takes back more than one action of the player."""
        first = 1
        if len(moves) > 1 and moves[0] == DRAW and moves[1].src == "waste" and not moves[1].dst.startswith("f"):
            if not self.spec.stock_play:
                raise IllegalMove("stock_play_not_here", game=self.spec.name)
            first = 2
        whole = self.spec.deck.top_rank if self.spec.runs_home else 1  # Spider: whole runs go home
        for move in moves[first:]:
            if move.is_stock_action or not move.dst.startswith("f") or move.count != whole:
                raise IllegalMove("not_one_step", step=step_text(moves)[:60])

    def _check_playing(self, t: float) -> None:
        self.expire(t)
        if self.status != PLAYING:
            raise IllegalMove("game_over", status=self.status)

    def _push(self, applied: list, t: float) -> None:
        """Make the applied moves (move, position after, change) one step of the line."""
        if self.spec.undo_depth != 0:
            self.history.append(Snapshot(self.position, self.points, self.homed, self.status, self.end_time))
        for move, after, change in applied:
            gained, self.homed = self.spec.scoring.scheme.move_points(self.spec, change, after, self.homed)
            self.position = after
            self.points += gained
            self.line.append(move)
            self._count(1, t, gained)
        self.step_sizes.append(len(applied))
        self.clock = t
        self.log.append(with_time(step_text(m for m, _, _ in applied), t))
        self._update_status(t)

    def _count(self, moves: int, t: float, gained: int) -> None:
        """``moves`` more actions at ``t``; the points changed by ``gained``."""
        self.actions += moves
        if gained:
            self.timeline.append(ScoreEvent(self.actions, t, self.points - self.undo_costs))

    def undo(self, at: Optional[float] = None) -> None:
        """Take back the last step (and, in Reloaded, pay for it)."""
        t = self._time(at)
        if self.spec.undo_depth == 0:
            raise IllegalMove("no_undo_game", game=self.spec.name)
        self.expire(t)
        if not self.undo_steps:
            if self.status != PLAYING:
                raise IllegalMove("game_over", status=self.status)
            if self.spec.undo_depth is not None and self.line:
                raise IllegalMove("undo_limit", count=self.spec.undo_depth)
            raise IllegalMove("nothing_to_undo")
        snap = self.history.pop()
        size = self.step_sizes.pop()
        self.future.append(tuple(self.line[-size:]))
        del self.line[-size:]
        self.position, self.homed = snap.position, snap.homed
        before = self.points - self.undo_costs
        self.points = snap.points
        self.undo_costs += self.spec.undo_cost
        self.status, self.end_time = snap.status, snap.end_time
        self.clock = t
        self.log.append(with_time("undo", t))
        self._count(size, t, (self.points - self.undo_costs) - before)
        self.expire(t)  # undone out of a stall after the time ran out: the time is up

    def redo(self, at: Optional[float] = None) -> None:
        """Play the last undone step again."""
        t = self._time(at)
        if not self.spec.redo:
            raise IllegalMove("no_redo_game", game=self.spec.name)
        self._check_playing(t)
        if not self.future:
            raise IllegalMove("nothing_to_redo")
        position, applied = self.position, []
        for move in self.future[-1]:
            position, change = position.apply(move)
            applied.append((move, position, change))
        self.future.pop()
        self._push(applied, t)
        self.log[-1] = with_time("redo", t)

    def resign(self, at: Optional[float] = None) -> None:
        t = self._time(at)
        self._check_playing(t)
        self.status, self.end_time = RESIGNED, t
        self.clock = t
        self.log.append(with_time("resign", t))

    def accept_stall(self, at: Optional[float] = None) -> None:
        """The player accepts a pending stall (``stall_notice``): the game is over."""
        t = self._time(at)
        if not self.stall_pending:
            raise IllegalMove("no_stall" if self.status != STALLED else "stall_final")
        self.stall_accepted = True
        self.clock = t

    def expire(self, at: float) -> bool:
        """End the game if its time limit has run out by ``at``; True if it has."""
        if self.status == PLAYING and self.time_limit is not None and at >= self.time_limit:
            self.status, self.end_time = TIME_UP, self.time_limit
            self.clock = max(self.clock, self.time_limit)
        return self.status == TIME_UP

    def act(self, text: str) -> None:
        """Apply one token of a move list: a step, ``undo``, ``redo`` or ``resign``."""
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
        if self.stall_notice:
            out["stall_notice"] = True
        if self.stall_accepted:
            out["stall_accepted"] = True
        return out

    @classmethod
    def from_json(cls, data) -> "Game":
        """Rebuild a saved game by replaying its moves, and check it against
        the saved position; any damage is refused with ``InvalidSave``."""
        if not isinstance(data, dict):
            raise InvalidSave("a saved game must be a JSON object")
        version = data.get("version")
        if isinstance(version, bool) or version not in SAVE_VERSIONS:
            raise InvalidSave(f"saved games of version {str(version)[:10]!r} cannot be read")
        notice, accepted = data.get("stall_notice", False), data.get("stall_accepted", False)
        if not isinstance(notice, bool) or not isinstance(accepted, bool):
            raise InvalidSave("'stall_notice' and 'stall_accepted' must be true or false")
        try:
            spec = get_spec(data.get("game"))
            limit = data.get("time_limit")
            if "seed" in data:
                game = cls.new(spec.id, data["seed"], time_limit=limit, stall_notice=notice)
            elif isinstance(data.get("start"), dict):
                extra = data.get("start_extra") or {}
                if not isinstance(extra, dict):
                    raise InvalidSave("'start_extra' must be an object")
                start = {"game": spec.id, "piles": data["start"], **extra}
                game = cls(Position.from_json(start, spec), time_limit=limit, stall_notice=notice)
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
            if accepted:
                game.accept_stall()
            clock = data.get("clock", game.clock)
            game.clock = game._time(clock)
            game.expire(game.clock)
            saved = Position.from_json({k: data[k] for k in ("game", "piles", "redeals", "turned") if k in data}, spec)
        except InvalidSave:
            raise
        except GameError as e:
            raise InvalidSave(f"the save is damaged: {e}") from None
        if saved != game.position:
            raise InvalidSave("the saved position does not match its moves")
        if data.get("status", game.status) != game.status:
            raise InvalidSave(f"the save says {data.get('status')!r} but its moves give {game.status!r}")
        return game
