"""What the page keeps in the browser's ``localStorage``, behind a guard.

Plain Python: the controller hands in ``window.localStorage`` (or None when
reading it already failed); tests hand in a stand-in. Every access is wrapped:
a browser that refuses storage (private mode, a cross-site frame, a full
quota, ``SecurityError``) never stops the game. Values are then kept in memory
for the rest of the visit and ``Store.failed`` says that progress won't be
kept.

Keys, all JSON, each read through one check here (``check_settings``,
``check_current``, ``check_stats``, ``slot_checker``):

    solitaire.settings          {"lang", "faces", "back", "motion", ...}: SETTINGS
    solitaire.current           the id of the game played last ("reloaded")
    solitaire.save.<game id>    that game's deal in progress (``Slot``)
    solitaire.stats             statistics of every game (``stats.py``)
    solitaire.history           the last games of every game (``history.py``, read there)
    solitaire.daily             the days of daily deals played and won (``history.py``)

Every text read goes through ``game.jsonsafe`` (bounded size and depth)
before it is parsed. A value that cannot be read -- not JSON, over those
bounds, the wrong shape, a foreign game, a format this version does not know
-- is moved to ``<key>.corrupt`` (one copy, the latest) and the caller tells
the player. Where a value is made of parts that stand alone (each setting,
each game's statistics) only the parts that do not fit are dropped: the
value read is copied to ``<key>.corrupt``, the rest is kept and written back.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from typing import Callable, Optional

from game import DRAW, PLAYER_GAMES, Game, GameError, jsonsafe, names
from game.moves import is_action, parse_action, parse_step, step_text, with_time
from game.play import PLAYING, RESIGNED

from .stats import Stats

PREFIX = "solitaire."
SETTINGS_KEY = PREFIX + "settings"
CURRENT_KEY = PREFIX + "current"
STATS_KEY = PREFIX + "stats"
HISTORY_KEY = PREFIX + "history"  # the last games (history.py)
DAILY_KEY = PREFIX + "daily"  # the daily deals played (history.py)
SAVE_PREFIX = PREFIX + "save."
AHEAD_KEY = PREFIX + "ahead"  # a move the page showed before Python stored it (ahead.py), until it has
CORRUPT = ".corrupt"
SLOT_FORMAT = 2  # 2: steps in the game's log; 1 (stock-to-pile pairs beside it) still reads
SLOT_FORMATS = (1, 2)
MAX_TEXT = 2_000_000  # characters; a long game's save is a few tens of thousands
MAX_SECONDS = 999_999_999.0  # the longest time the move text can carry
MAX_SETTING = 4_000  # characters of JSON of a setting this version does not know
MAX_COUNT = 10**9

SETTING_VALUES = {
    "lang": ("en", "de", "it"),
    "faces": ("napoletane", "piacentine", "french"),
    "back": ("blue", "red", "green", "black"),
    "motion": ("on", "off"),
    "turn_hint": ("closed",),  # the phone's "turn it sideways" line was closed
    # play that flows (issue 13)
    "auto_home": ("off", "safe", "always"),  # cards that go home by themselves; safe by default
    "one_tap": ("on", "off"),  # a tap moves a card; unset: on where the pointer is coarse
    # sound, themes and the table (issue 16; game/web/looks.py, sound.py)
    "theme": ("auto", "light", "dark"),  # unset: auto, which follows prefers-color-scheme
    "table": ("green", "blue", "burgundy", "charcoal"),  # the table's colour; unset: green
    "card_size": ("small", "medium", "large"),  # on top of the automatic fit; unset: medium
    "hand": ("right", "left"),  # left: stock and waste on the right; unset: right
    "sound": ("on", "off"),  # unset: on, off where the system asks to save data
    "clock": ("shown", "hidden"),  # the clock in practice play (hud.py); unset: shown
    "guide": ("seen",),  # the first visit's guide was closed (guide.py)
}


class Damaged(ValueError):
    """A stored value that cannot be used; the message says why."""


@dataclass(frozen=True)
class Mended:
    """What a check returns when it kept the parts of a value that fit:
    ``value`` for the caller, ``data`` (JSON) to store in place of what was
    read, ``dropped`` the parts left out (setting names, game ids; never empty)."""

    value: object
    data: object
    dropped: tuple


def save_key(game_id: str) -> str:
    return SAVE_PREFIX + game_id


def dump(value) -> str:
    """A value as the store writes it (compact JSON)."""
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


def parsed(raw: str, check: Callable = lambda data: data):
    """``check`` of the JSON in ``raw`` (a stored text), or None when it does
    not read; nothing is set aside (``Store.peek``)."""
    try:
        value = check(jsonsafe.loads(raw, max_chars=MAX_TEXT))
    except Exception:  # as in Store.read: whatever the check raises
        return None
    return value.value if isinstance(value, Mended) else value


# --- two tabs of the game at once (progress.py) ------------------------------------------------------
def game_summary(data) -> Optional[str]:
    """What tells two saves of a game apart short of replaying them (a save's
    JSON, as ``Slot.to_json`` writes it): the deal, every action and the
    status, without the clock, which runs on between two saves of the same
    game. None when it is not a save."""
    game = data.get("game") if isinstance(data, dict) else None
    if not isinstance(game, dict):
        return None
    return dump({k: v for k, v in sorted(game.items()) if k not in ("clock", "score")})


def merge_settings(stored: dict, seen: dict, now: dict) -> dict:
    """The settings to write: what is stored now, with what this tab changed
    since it last read or wrote them (``seen`` then, ``now`` at present) on
    top. Settings that hold one entry per game (a list of game ids, a dict
    by game id) merge entry by entry, so another tab's entries stay."""
    merged = dict(stored)
    for key in set(now) | set(seen):
        old, new = seen.get(key), now.get(key)
        if key not in now:
            merged.pop(key, None)
        elif key in seen and new == old:
            continue
        elif isinstance(new, dict) and isinstance(old, dict) and isinstance(merged.get(key), dict):
            entries = dict(merged[key])
            for k in set(new) | set(old):
                if k not in new:
                    entries.pop(k, None)
                elif new.get(k) != old.get(k) or k not in old:
                    entries[k] = new[k]
            merged[key] = entries
        elif isinstance(new, list) and isinstance(old, list) and isinstance(merged.get(key), list):
            gone = [v for v in old if v not in new]
            merged[key] = [v for v in merged[key] if v not in gone] + [
                v for v in new if v not in old and v not in merged[key]
            ]
        else:
            merged[key] = new
    return merged


class Store:
    """``localStorage`` that never raises. ``backend`` has ``getItem``,
    ``setItem`` and ``removeItem``; None means there is no storage at all."""

    def __init__(self, backend=None):
        self.backend = backend
        # What the browser would not keep (this visit's refused writes; None:
        # removed). Everything else is read from the browser each time, so a
        # value another tab of the game wrote since is what is read.
        self.memory: dict[str, Optional[str]] = {}
        self.failed = backend is None
        self.reason = "unavailable" if backend is None else ""

    def _fail(self, exc: BaseException) -> None:
        self.failed = True
        self.reason = self.reason or type(exc).__name__

    def get(self, key: str) -> Optional[str]:
        if key in self.memory:
            return self.memory[key]
        if self.backend is None:
            return None
        try:
            value = self.backend.getItem(key)
        except Exception as exc:
            self._fail(exc)
            return None
        return value if isinstance(value, str) else None

    def set(self, key: str, text: str) -> bool:
        """Keep ``text``; False if the browser would not store it (it stays in memory)."""
        self.memory[key] = text
        if self.backend is None:
            return False
        try:
            self.backend.setItem(key, text)
        except Exception as exc:
            self._fail(exc)
            return False
        del self.memory[key]  # the browser holds it
        return True

    def remove(self, key: str) -> None:
        self.memory[key] = None
        if self.backend is None:
            return
        try:
            self.backend.removeItem(key)
        except Exception as exc:
            self._fail(exc)
            return
        del self.memory[key]

    # --- JSON values ---------------------------------------------------------------------
    def write(self, key: str, value) -> bool:
        return self.set(key, dump(value))

    def peek(self, key: str, check: Callable):
        """The value as stored now, or None when there is none or it does not
        read. Unlike ``read`` it sets nothing aside: for reading again what
        another tab of the game wrote (perhaps a newer version of the game,
        in a form this one does not know)."""
        raw = self.get(key)
        return None if raw is None else parsed(raw, check)

    def read(self, key: str, check: Callable):
        """``(value, damaged)``: ``check(data)`` turns the parsed JSON into the
        value, or raises (``Damaged``, any ``ValueError``), or returns ``Mended``.

        - read as stored: ``(value, False)``; nothing stored: ``(None, False)``;
        - refused: the value is set aside and gives ``(None, True)``;
        - mended: the value read is copied aside, the mended one written in its
          place, and ``damaged`` is the tuple of parts dropped (never empty).

        Nothing raises: whatever goes wrong while reading a stored value, the
        page starts without that value rather than not at all."""
        raw = self.get(key)
        if raw is None:
            return None, False
        try:
            value = check(jsonsafe.loads(raw, max_chars=MAX_TEXT))
        except Exception:  # ValueError (Damaged, JsonRefused, GameError) or a check's own bug
            self.set_aside(key, raw)
            return None, True
        if isinstance(value, Mended):
            self.keep_aside(key, raw)
            self.write(key, value.data)
            return value.value, value.dropped
        return value, False

    def set_aside(self, key: str, raw: str) -> None:
        """Move an unreadable value out of the way, keeping a copy to look at."""
        self.keep_aside(key, raw)
        self.remove(key)

    def keep_aside(self, key: str, raw: str) -> None:
        if not self.set(key + CORRUPT, raw[:MAX_TEXT]):
            self.memory.pop(key + CORRUPT, None)


# --- settings ---------------------------------------------------------------------------------
def _one_of(*allowed: str) -> Callable:
    def check(value) -> str:
        if isinstance(value, str) and value in allowed:
            return value
        raise Damaged(f"not one of {', '.join(allowed)}")

    return check


def _flag(value) -> bool:
    if not isinstance(value, bool):
        raise Damaged("not true or false")
    return value


def _games(value) -> list:
    """Game ids, each once, in order."""
    if not isinstance(value, list) or not all(isinstance(g, str) and g in PLAYER_GAMES for g in value):
        raise Damaged("not a list of game ids")
    return sorted(set(value))


def _counters(value) -> dict:
    """A whole number of at least 0 per game id."""
    if not isinstance(value, dict):
        raise Damaged("not an object")
    for game_id, n in value.items():
        if game_id not in PLAYER_GAMES or not isinstance(n, int) or isinstance(n, bool) or not 0 <= n <= MAX_COUNT:
            raise Damaged("not a count per game id")
    return dict(value)


def _percent(value) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 100:
        raise Damaged("not a whole number from 0 to 100")
    return value


def _player_name(value) -> str:
    if not isinstance(value, str) or names.clean(value) != value or names.problem(value) is not None:
        raise Damaged("not a player's name")
    return value


# Every setting the page keeps, and the check of its stored value. A missing
# or dropped setting is the default of the code that reads it.
SETTINGS: dict[str, Callable] = {
    **{key: _one_of(*values) for key, values in SETTING_VALUES.items()},
    "lost_notice": _flag,  # tell when the deal can no longer be won (hints.py)
    "winnable": _games,  # the games dealt from proved-winnable deals only (hints.py)
    "winnable_next": _counters,  # how far each game went through the list of those deals
    "duel_name": _player_name,  # the name the player last used in a duel (duel_ui.py)
    # Leaving a deal in play (fair.py): False once the player said "don't ask again".
    "ask_leave": _flag,
    "volume": _percent,  # the sounds' volume in percent (sound.py)
}


def check_settings(data):
    """The settings, each checked on its own: one that does not fit is dropped
    (it falls back to its default) and the others are kept (``Mended``). A
    setting this version does not know is kept as it is, up to a size, for
    the version that wrote it."""
    if not isinstance(data, dict):
        raise Damaged("settings must be a JSON object")
    out, dropped = {}, []
    for key, value in data.items():
        try:
            check = SETTINGS.get(key)
            if check is not None:
                out[key] = check(value)
            elif len(json.dumps(value)) <= MAX_SETTING:
                out[key] = value
            else:
                raise Damaged("too long")
        except ValueError:
            dropped.append(key)
    return Mended(out, out, tuple(dropped)) if dropped else out


def check_stats(data):
    """The statistics; a game whose record does not fit starts again from zero
    and the other games keep theirs (``Mended``)."""
    stats, dropped = Stats.read(data)
    return Mended(stats, stats.to_json(), tuple(dropped)) if dropped else stats


def check_current(data) -> str:
    if not isinstance(data, str) or data not in PLAYER_GAMES:
        raise Damaged("not a game id")
    return data


@dataclass(frozen=True)
class AheadMove:
    """A move table.js showed ahead of Python (ahead.py), written the moment
    it did: the game's save lacks it until Python has caught up, so a page
    that crashed in between plays it again on the save it follows."""

    game: str
    seed: Optional[int]  # the deal (None: a game from a position)
    steps: int  # the game's steps before the move
    actions: int  # the game's actions before it (its log: moves, undos, redos)
    move: str
    home: str  # the auto-home setting it was played with


def check_ahead(data) -> AheadMove:
    if not isinstance(data, dict):
        raise Damaged("not an object")
    game, seed, steps, actions, move, home = (data.get(k) for k in ("game", "seed", "steps", "actions", "move", "home"))
    if game not in PLAYER_GAMES or not isinstance(move, str) or len(move) > 40 or not isinstance(home, str):
        raise Damaged("not a move made ahead")
    for n in (steps, actions) + (() if seed is None else (seed,)):
        if isinstance(n, bool) or not isinstance(n, int) or not 0 <= n <= MAX_COUNT:
            raise Damaged("a count out of range")
    return AheadMove(game, seed, steps, actions, move, home)


def replay_ahead(slot: "Slot", ahead: AheadMove) -> bool:
    """Play ``ahead`` on the game saved just before it, if it is that one."""
    game = slot.game
    if (ahead.game, ahead.seed, ahead.steps, ahead.actions) != (game.spec.id, game.seed, game.steps, len(game.log)):
        return False
    if game.status != PLAYING:
        return False
    try:
        game.play(ahead.move, max(slot.elapsed, game.clock), home=ahead.home)
    except (GameError, ValueError):
        return False
    return True


# --- a game in progress --------------------------------------------------------------------------
@dataclass
class Slot:
    """One game's deal in progress, as saved after every move.

    ``elapsed`` is the play time when saved (it runs on after the last move).
    The clock's state is the game's: it has started once an action is in the
    log (``played``), and a resumed game that was under way runs on from
    ``elapsed`` (RULES.md "Clock"); one with no action waits for the first
    at 0 s, whatever a save from before that rule says it had counted;
    ``recorded`` says the statistics already have this game's end, so a reload
    does not count it twice. Steps (a stock card played directly, a move with
    the cards that went home after it) live in the game's own log.

    Format 1 (before steps) kept the stock-to-pile pairs beside the game:
    ``pairs``, the move counts after each such pair in the line of play, and
    ``redo_pairs``, the redo-stack sizes after undoing one. ``slot_checker``
    reads it and makes those pairs steps of the game."""

    game: Game
    elapsed: float = 0.0
    recorded: bool = False

    @property
    def played(self) -> bool:
        """A game counts as played once a move (a draw included) has been made."""
        return bool(self.game.log)

    def to_json(self) -> dict:
        return {
            "format": SLOT_FORMAT,
            "game": self.game.to_json(),
            "elapsed": round(max(self.elapsed, self.game.clock), 3),
            "recorded": self.recorded,
        }


def _seconds(value) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
        raise Damaged("elapsed must be a number of seconds")
    if not 0 <= value <= MAX_SECONDS:
        raise Damaged("elapsed is out of range")
    return float(value)


def _counts(value, limit: int) -> list:
    """A list of whole numbers in 0..limit; anything else is no list at all."""
    if not isinstance(value, list) or len(value) > limit + 1:
        return []
    if all(isinstance(v, int) and not isinstance(v, bool) and 0 <= v <= limit for v in value):
        return list(value)
    return []


def _paired(game: Game, pairs: list, redo_pairs: list) -> Game:
    """A format-1 game with its stock-to-pile pairs made steps.

    The game is played again from its start: the line of play step by step
    at the times its moves were made, each pair one step; then the undone
    steps that redo can bring back are played and taken back again, at the
    time of the last action. Position, score, status, clock and what undo and
    redo do next come out as the page of format 1 had them (the record of
    undone branches, which only duels read, is not kept). A pair that does
    not fit the game is left as two steps."""
    if not game.spec.stock_play or not (pairs or redo_pairs):
        return game
    times: list = []  # the time each move of the line was made
    for token in game.log:
        word, at = parse_action(token) if is_action(token) else (None, parse_step(token)[1])
        if word == "undo":
            times.pop()
        elif word != "resign":
            times.append(at)
    line = game.line
    starts = {p - 2 for p in pairs if p >= 2 and line[p - 2] == DRAW and line[p - 1].src == "waste"}
    log, i = [], 0
    while i < len(line):
        size = 2 if i in starts else 1
        log.append(with_time(step_text(line[i : i + size]), times[i + size - 1]))
        i += size
    if game.status == RESIGNED:
        log.append(with_time("resign", game.end_time))
    elif game.status == PLAYING:
        future = game.future  # the next to redo last
        joined = {r - 1 for r in redo_pairs if r >= 2 and future[r - 1] == (DRAW,) and future[r - 2][0].src == "waste"}
        steps, k = [], len(future) - 1
        while k >= 0:
            if k in joined:
                steps.append(future[k] + future[k - 1])
                k -= 2
            else:
                steps.append(future[k])
                k -= 1
        log += [with_time(step_text(s), game.clock) for s in steps] + [with_time("undo", game.clock)] * len(steps)
    data = {**game.to_json(), "moves": log}
    rebuilt = Game.from_json(data)
    redo_moves = sum(len(step) for step in rebuilt.future)
    future = len(game.future) if game.status == PLAYING else 0  # a finished game redoes nothing
    if (rebuilt.points, rebuilt.moves, rebuilt.status, redo_moves) != (game.points, game.moves, game.status, future):
        raise Damaged("the pairs do not fit the game")
    return rebuilt


def slot_checker(game_id: str) -> Callable:
    """A ``check`` for ``Store.read`` of ``save_key(game_id)``."""

    def check(data) -> Slot:
        if not isinstance(data, dict):
            raise Damaged("a save must be a JSON object")
        fmt = data.get("format")
        if isinstance(fmt, bool) or fmt not in SLOT_FORMATS:
            raise Damaged(f"unknown save format {str(fmt)[:12]!r}")
        engine = data.get("game")
        if not isinstance(engine, dict) or engine.get("game") != game_id:
            raise Damaged(f"the save is not a game of {game_id}")
        game = Game.from_json(engine)  # InvalidSave is a GameError
        if fmt == 1:
            actions = len(game.log)
            pairs, redo_pairs = _counts(data.get("pairs"), actions), _counts(data.get("redo_pairs"), actions)
            try:
                game = _paired(game, pairs, redo_pairs)
            except (GameError, Damaged, IndexError):
                pass  # the pairs stay two steps each: the game itself is whole
        elapsed = max(_seconds(data.get("elapsed", game.clock)), game.clock)
        if not game.log:
            elapsed = 0.0  # the clock starts at the first action (saves before that rule counted from the deal)
        recorded = data.get("recorded", False)
        if not isinstance(recorded, bool):
            raise Damaged("'recorded' must be true or false")
        return Slot(game, elapsed, recorded)

    return check
