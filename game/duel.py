"""Duels that travel as links (issue 6): there is no server, so a challenge
is a token that carries the deal and every player's actions, and each side's
engine replays them. Scores are never read from a link.

    >>> run = Run.from_game("Ann", game)            # a finished Game
    >>> token = encode_challenge([run])              # "s1.…": send it
    >>> challenge = decode_challenge(url_or_token)   # strict; replays every run
    >>> reply = encode_challenge(challenge.add_run(Run.from_game("Bea", mine)))
    >>> verdict = verify(decode_challenge(reply))    # scores, statuses, ranking

Token, version 1
----------------
``s1.`` followed by base64url without padding of::

    CRC-32 (4 bytes, big-endian) of b"s1." + the DEFLATE bytes that follow
    raw DEFLATE (zlib, wbits -15) of the payload

(The checksum covers the compressed bytes, so even a change to the unused
bits at the end of the DEFLATE stream is caught, and it covers the tag.)
The payload is JSON, UTF-8, written with sorted keys and no spaces::

    {"g": "reloaded",     game id: one of the player games (catalog.PLAYER_GAMES)
     "l": 300,            time limit in seconds: 180, 300, 600, or null (untimed)
     "r": [               the runs, in the order they were played: 1 to MAX_RUNS
       {"n": "Ann",       the player's name
        "m": "draw t3>f1 undo resign",   every action of Game.log, times removed:
                                         steps (moves joined by +), undo, redo, resign
        "t": [41, 6, 0, 13]}             its time, in tenths of a second, as the
     ],                                  difference from the action before
     "s": 1234}           the deal number (seed)

Any other key (a ``score``, say) makes the link invalid: nothing in a link is
believed except the deal and the actions. In a page address the token is the
``duel`` parameter, in the query or the fragment: ``index.html?duel=s1.…``.

Decisions
---------
- **Times** are kept in tenths of a second, rounded down. Every rule that reads
  the clock counts whole seconds, whole tens of seconds or whole limits, and
  rounding down to a tenth never crosses a whole second, so it never changes a
  score, a status or the order of actions.
- **A run that stops while still playing**: in a timed duel the clock ran on to
  the limit, so it ends ``time-up`` and scores at the limit; in an untimed duel
  it counts as ``resigned`` at its last action (its score so far stands).
  Actions after the end of a game (after the limit, a win, a resignation) make
  the link invalid.
- **The move counter** counts every move a player makes, takes back or plays
  again: a move, a draw, a turn-over, each move of a step (the stock's top card
  played directly is a draw and a move; cards that went home by themselves are
  moves too), and the moves an undo takes back or a redo plays again (the
  counter never goes down). Giving up is not a move. ``moves`` in a result is
  that count (``Game.actions``); in a link of one move per action, as every
  ``s1.`` link written before steps, it is the number of actions.
- **Final score reached** (``final_score_move``) is the number of the last
  action that changed the player's points (``Game.final_score_action``); 0 if
  no action ever did. The clock's points (Reloaded's −2 per 10 s) and the
  bonuses paid at the end are not actions: they fall on everybody at the same
  times, and counting them would make everybody reach the final score at the
  end.
- **Ranking**: higher score first; then the earlier ``final_score_move``; then
  a draw that every device makes the same way: players are ordered by the
  SHA-256 of the deal, their name and their actions (``draw_key``). The draw
  settles players with no moves at all (RULES.md §3) and any other tie that is
  still left.
- **Rematch**: in an untimed duel with two or more runs, equal scores in first
  and second place mean a rematch on a new deal from zero (RULES.md §3); the
  ranking still lists an order for display. The new deal number comes from
  the SHA-256 of the payload, runs sorted by name (1 to 999,999,999, never the same deal again), so
  both sides get the same one. A timed duel never has a rematch; its ties go to
  the tie-breaks.
- **Time limits**: 180, 300 or 600 seconds, or untimed. The default is 300 s for
  Reloaded and Solitario (the two games played as duels at the source) and
  untimed for the others.
- **Names**: 1 to 24 characters, no control or bidirectional-formatting
  characters, no spaces at either end, no two alike ignoring case.
- **Sizes**, to protect the page: at most MAX_RUNS runs, MAX_ACTIONS actions per
  run, a token of MAX_TOKEN characters, a payload of MAX_PAYLOAD bytes, and
  24 hours of play.
"""

from __future__ import annotations

import base64
import binascii
import json
import re
import unicodedata
import zlib
from dataclasses import dataclass
from typing import Iterable, NamedTuple, Optional, Union

from . import jsonsafe
from .catalog import PLAYER_GAMES
from .errors import GameError, InvalidChallenge
from .moves import is_action, parse_action, parse_step, step_text
from .play import PLAYING, Game, ScoreEvent, check_game_number

VERSION = 1
TAG = f"s{VERSION}."
PARAMETER = "duel"  # the page address parameter that holds a token

TIME_LIMITS = (180, 300, 600, None)  # None: untimed
DEFAULT_TIME_LIMITS = {"reloaded": 300, "solitario": 300}  # others: untimed

MAX_RUNS = 8
MAX_ACTIONS = 4000
MAX_NAME = 24
MAX_TOKEN = 40_000
MAX_PAYLOAD = 256 * 1024
MAX_TENTHS = 24 * 3600 * 10
REMATCH_DEALS = 999_999_999

_TOKEN = re.compile(r"^s(0|[1-9]\d{0,5})\.(.*)$", re.S)
_BASE64URL = re.compile(r"^[A-Za-z0-9_-]*$")
_TIME = re.compile(r"@(\d+)(?:\.(\d+))?$")
_KEYS = {"g", "l", "r", "s"}
_RUN_KEYS = {"n", "m", "t"}
_BAD_CATEGORIES = {"Cc", "Cs", "Co", "Cn", "Zl", "Zp"}
_ZWJ = "\u200d"  # joins emoji; every other format character (Cf) is refused


def default_time_limit(game_id: str) -> Optional[int]:
    """The time limit a new duel of ``game_id`` starts with (None: untimed)."""
    return DEFAULT_TIME_LIMITS.get(game_id)


def check_time_limit(limit) -> Optional[int]:
    """A duel's time limit: 180, 300 or 600 seconds, or None (untimed)."""
    if isinstance(limit, float) and limit.is_integer():
        limit = int(limit)
    if limit is None or (isinstance(limit, int) and not isinstance(limit, bool) and limit in TIME_LIMITS):
        return limit
    raise InvalidChallenge(f"a duel's time limit is 180, 300 or 600 seconds or untimed, not {str(limit)[:12]!r}")


def check_game(game_id) -> str:
    if not isinstance(game_id, str) or game_id not in PLAYER_GAMES:
        raise InvalidChallenge(f"unknown game {str(game_id)[:24]!r}; duels are played in: {', '.join(PLAYER_GAMES)}")
    return game_id


def check_seed(seed) -> int:
    try:
        return check_game_number(seed)
    except GameError as e:
        raise InvalidChallenge(f"bad deal number: {e}") from None


def check_name(name) -> str:
    """A player's name as a link carries it; refused with the reason if unfit."""
    if not isinstance(name, str):
        raise InvalidChallenge(f"a player's name must be text, not {type(name).__name__}")
    if not name.strip():
        raise InvalidChallenge("a player's name must not be empty")
    if len(name) > MAX_NAME:
        raise InvalidChallenge(f"a player's name has at most {MAX_NAME} characters ({name[:MAX_NAME]!r}… is longer)")
    if name != name.strip():
        raise InvalidChallenge(f"a player's name must not start or end with a space ({name!r})")
    for ch in name:
        cat = unicodedata.category(ch)
        if cat in _BAD_CATEGORIES or (cat == "Cf" and ch != _ZWJ) or (cat == "Zs" and ch != " "):
            raise InvalidChallenge(f"a player's name must not hold the control character U+{ord(ch):04X}")
    return name


def _same_name(name: str) -> str:
    return unicodedata.normalize("NFKC", name).casefold()


# --- runs and challenges ----------------------------------------------------------


@dataclass(frozen=True)
class Run:
    """One player's game of a duel: who, which deal, and every action with its
    time, as ``Game.log`` writes them (``t3>f1@12.5``, ``undo@14``, ``resign@20``)."""

    name: str
    game: str
    seed: int
    time_limit: Optional[int]
    actions: tuple[str, ...]

    def __post_init__(self):
        check_name(self.name)
        check_game(self.game)
        check_seed(self.seed)
        object.__setattr__(self, "time_limit", check_time_limit(self.time_limit))
        actions = self.actions
        if not isinstance(actions, str):
            actions = tuple(actions)
        if isinstance(actions, str) or not all(isinstance(a, str) for a in actions):
            raise InvalidChallenge("a run's actions must be a list of texts like 't3>f1@12.5'")
        object.__setattr__(self, "actions", actions)

    @classmethod
    def from_game(cls, name: str, game: Game) -> "Run":
        """The run of a game dealt by number (``Game.new``)."""
        if game.seed is None:
            raise InvalidChallenge("only a game dealt by number can be sent as a duel")
        return cls(name, game.spec.id, game.seed, game.time_limit, tuple(game.log))

    @property
    def deal(self) -> tuple[str, int, Optional[int]]:
        return self.game, self.seed, self.time_limit


@dataclass(frozen=True)
class Challenge:
    """A duel: one deal, one time limit, and the runs played on it so far."""

    game: str
    seed: int
    time_limit: Optional[int]
    runs: tuple[Run, ...] = ()

    def __post_init__(self):
        check_game(self.game)
        check_seed(self.seed)
        object.__setattr__(self, "time_limit", check_time_limit(self.time_limit))
        object.__setattr__(self, "runs", tuple(self.runs))
        for run in self.runs:
            if not isinstance(run, Run):
                raise InvalidChallenge("a challenge holds runs")
            if run.deal != self.deal:
                raise InvalidChallenge(
                    f"{run.name}'s run is of another deal or time limit ({_deal_text(*run.deal)}, "
                    f"not {_deal_text(*self.deal)})"
                )
        if len(self.runs) > MAX_RUNS:
            raise InvalidChallenge(f"a duel has at most {MAX_RUNS} players, not {len(self.runs)}")
        seen = {}
        for run in self.runs:
            key = _same_name(run.name)
            if key in seen:
                raise InvalidChallenge(f"two players are named {seen[key]!r}; each needs a name of their own")
            seen[key] = run.name

    @classmethod
    def of(cls, runs: Iterable[Run]) -> "Challenge":
        runs = tuple(runs)
        if not runs:
            raise InvalidChallenge("a duel link carries at least one run")
        first = runs[0]
        return cls(first.game, first.seed, first.time_limit, runs)

    @property
    def deal(self) -> tuple[str, int, Optional[int]]:
        return self.game, self.seed, self.time_limit

    def new_game(self) -> Game:
        """A fresh game of this duel's deal and time limit, for the next player."""
        return Game.new(self.game, self.seed, time_limit=self.time_limit)

    def add_run(self, run: Run) -> "Challenge":
        """This challenge with one more run (the reply, or the next player at the
        same device)."""
        return Challenge(self.game, self.seed, self.time_limit, self.runs + (run,))

    def rematch(self, seed: int) -> "Challenge":
        """A new duel, with no runs yet, on deal ``seed`` with the same rules."""
        return Challenge(self.game, seed, self.time_limit)

    def token(self) -> str:
        return encode_challenge(self)


def _deal_text(game, seed, limit) -> str:
    return f"{game} #{seed}, {'untimed' if limit is None else f'{limit} s'}"


# --- encoding -------------------------------------------------------------------------


def _tenths(token: str, previous: int) -> int:
    """The time of a Game.log token in tenths of a second, rounded down (a
    token without a time happened at the time of the action before)."""
    m = _TIME.search(token)
    if not m:
        return previous
    return int(m[1]) * 10 + (int(m[2][0]) if m[2] else 0)


def _bare(token: str) -> str:
    """The action of a token without its time; refused if it is no action."""
    try:
        if is_action(token):
            return parse_action(token)[0]
        return step_text(parse_step(token)[0])
    except GameError as e:
        raise InvalidChallenge(str(e)) from None


def _payload(challenge: Challenge) -> dict:
    runs = []
    for run in challenge.runs:
        if len(run.actions) > MAX_ACTIONS:
            raise InvalidChallenge(
                f"{run.name}'s run has {len(run.actions)} actions; a link holds at most {MAX_ACTIONS}"
            )
        moves, deltas, clock = [], [], 0
        for token in run.actions:
            t = _tenths(token, clock)
            if t < clock:
                raise InvalidChallenge(f"{run.name}'s actions go back in time ({token[:24]!r})")
            moves.append(_bare(token))
            deltas.append(t - clock)
            clock = t
        runs.append({"n": run.name, "m": " ".join(moves), "t": deltas})
    return {"g": challenge.game, "l": challenge.time_limit, "r": runs, "s": challenge.seed}


def _canonical(payload: dict) -> bytes:
    return json.dumps(payload, ensure_ascii=False, sort_keys=True, separators=(",", ":")).encode("utf-8")


def encode_challenge(runs: Union[Challenge, Iterable[Run]]) -> str:
    """The link token of a challenge (or of runs on one deal).

    The token is checked by decoding it again, so a link that the other side
    would refuse (an illegal move, say) is refused here, with the same reason."""
    challenge = runs if isinstance(runs, Challenge) else Challenge.of(runs)
    if not challenge.runs:
        raise InvalidChallenge("a duel link carries at least one run")
    data = _canonical(_payload(challenge))
    packer = zlib.compressobj(9, zlib.DEFLATED, -15, 9)
    body = packer.compress(data) + packer.flush()
    crc = zlib.crc32(TAG.encode("ascii") + body).to_bytes(4, "big")
    token = TAG + base64.urlsafe_b64encode(crc + body).decode("ascii").rstrip("=")
    decode_challenge(token)
    return token


# --- decoding ---------------------------------------------------------------------------


def token_from(text) -> str:
    """The token in ``text``: a bare token, or a page address whose query or
    fragment has ``duel=<token>``. White space anywhere is dropped (a link
    broken over lines by a mail program still reads)."""
    if not isinstance(text, str):
        raise InvalidChallenge(f"a duel link must be text, not {type(text).__name__}")
    text = "".join(text.split())
    if not text:
        raise InvalidChallenge("the duel link is empty")
    if len(text) > MAX_TOKEN + 2048:
        raise InvalidChallenge(f"the duel link is too long ({len(text)} characters)")
    if _TOKEN.match(text):
        return text
    if any(c in text for c in "?#&/=:"):
        # Imported here: pages load this module at start, and urllib.parse
        # costs about 0.3 s to import in Pyodide (324 ms measured with the
        # vendored Pyodide under Node; 3 ms in CPython).
        from urllib.parse import parse_qsl, urlsplit

        parts = urlsplit(text)
        for part in (parts.query, parts.fragment):
            for key, value in parse_qsl(part, keep_blank_values=True):
                if key == PARAMETER:
                    return value
        raise InvalidChallenge(f"the address has no {PARAMETER}=… part, so it holds no duel")
    raise InvalidChallenge("this is not a duel link (it should start with 's1.')")


def _unpack(token: str) -> dict:
    if len(token) > MAX_TOKEN:
        raise InvalidChallenge(f"the duel link is too long ({len(token)} characters; at most {MAX_TOKEN})")
    m = _TOKEN.match(token)
    if not m:
        raise InvalidChallenge("this is not a duel link (it should start with 's1.')")
    version = int(m[1])
    if version != VERSION:
        newer = "a newer" if version > VERSION else "an older"
        raise InvalidChallenge(
            f"this duel link is of version {version}, from {newer} version of the game; this one reads version {VERSION}"
        )
    text = m[2]
    damaged = "the duel link is damaged or incomplete (was it copied whole?)"
    if not _BASE64URL.match(text) or len(text) % 4 == 1:
        raise InvalidChallenge(damaged)
    try:
        raw = base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
    except (binascii.Error, ValueError):
        raise InvalidChallenge(damaged) from None
    if base64.urlsafe_b64encode(raw).decode("ascii").rstrip("=") != text or len(raw) < 5:
        raise InvalidChallenge(damaged)
    crc, body = raw[:4], raw[4:]
    if zlib.crc32(TAG.encode("ascii") + body).to_bytes(4, "big") != crc:
        raise InvalidChallenge(f"{damaged} (its checksum does not match)")
    unpacker = zlib.decompressobj(-15)
    try:
        data = unpacker.decompress(body, MAX_PAYLOAD + 1)
    except zlib.error:
        raise InvalidChallenge(damaged) from None
    if len(data) > MAX_PAYLOAD or unpacker.unconsumed_tail:
        raise InvalidChallenge(f"the duel link holds too much (more than {MAX_PAYLOAD} bytes)")
    if not unpacker.eof or unpacker.unused_data:
        raise InvalidChallenge(damaged)
    try:
        payload = jsonsafe.loads(
            data.decode("utf-8"), max_chars=MAX_PAYLOAD, object_pairs_hook=_no_repeats, parse_constant=_no_constant
        )
    except (UnicodeDecodeError, ValueError) as e:
        raise InvalidChallenge(f"the duel link's contents are not readable: {str(e)[:80]}") from None
    except RecursionError:
        raise InvalidChallenge("the duel link's contents are not readable: nested too deeply") from None
    if not isinstance(payload, dict):
        raise InvalidChallenge("the duel link's contents are not a duel")
    return payload


def _no_repeats(pairs):
    out = {}
    for key, value in pairs:
        if key in out:
            raise ValueError(f"the key {key[:10]!r} appears twice")
        out[key] = value
    return out


def _no_constant(name):
    raise ValueError(f"{name} is not a number")


def _check_keys(obj: dict, allowed: set, where: str) -> None:
    extra = sorted(set(obj) - allowed)
    if extra:
        raise InvalidChallenge(f"the duel link carries {where} field {extra[0][:16]!r} that this version does not know")
    missing = sorted(allowed - set(obj))
    if missing:
        raise InvalidChallenge(f"the duel link lacks {where} field {missing[0]!r}")


def _format_tenths(t: int) -> str:
    return f"{t // 10}" if t % 10 == 0 else f"{t // 10}.{t % 10}"


def _read_run(item, index: int, deal) -> Run:
    if not isinstance(item, dict):
        raise InvalidChallenge(f"run {index} of the duel link is not a run")
    _check_keys(item, _RUN_KEYS, "a run")
    name = check_name(item["n"])
    moves, times = item["m"], item["t"]
    if not isinstance(moves, str):
        raise InvalidChallenge(f"{name}'s moves must be text")
    if not isinstance(times, list):
        raise InvalidChallenge(f"{name}'s times must be a list")
    words = moves.split(" ") if moves else []
    if len(words) > MAX_ACTIONS:
        raise InvalidChallenge(f"{name}'s run has {len(words)} actions; a link holds at most {MAX_ACTIONS}")
    if len(times) != len(words):
        raise InvalidChallenge(f"{name}'s run has {len(words)} actions but {len(times)} times")
    actions, clock = [], 0
    for i, (word, delta) in enumerate(zip(words, times), 1):
        if isinstance(delta, bool) or not isinstance(delta, int) or delta < 0:
            raise InvalidChallenge(
                f"{name}'s action {i}: a time step must be a whole number ≥ 0, not {str(delta)[:12]!r}"
            )
        clock += delta
        if clock > MAX_TENTHS:
            raise InvalidChallenge(f"{name}'s run lasts more than {MAX_TENTHS // 36000} hours")
        if "@" in word or _bare(word) != word:
            raise InvalidChallenge(f"{name}'s action {i} ({word[:20]!r}) is not written as a link writes it")
        actions.append(f"{word}@{_format_tenths(clock)}")
    return Run(name, *deal, tuple(actions))


def decode_challenge(text: str) -> Challenge:
    """The challenge in a token or page address. Strict: anything damaged,
    unknown, too big or unfit is refused with ``InvalidChallenge``, and so is
    a run whose actions the rules do not allow when replayed."""
    payload = _unpack(token_from(text))
    _check_keys(payload, _KEYS, "a")
    deal = check_game(payload["g"]), check_seed(payload["s"]), check_time_limit(payload["l"])
    runs = payload["r"]
    if not isinstance(runs, list) or not runs:
        raise InvalidChallenge("the duel link carries no runs")
    if len(runs) > MAX_RUNS:
        raise InvalidChallenge(f"a duel has at most {MAX_RUNS} players, not {len(runs)}")
    challenge = Challenge(*deal, tuple(_read_run(item, i, deal) for i, item in enumerate(runs, 1)))
    for run in challenge.runs:
        replay(run)
    return challenge


# --- replay, verification and ranking -------------------------------------------------


@dataclass(frozen=True)
class Result:
    """A run as the engine replays it; nothing here comes from the link but
    the actions."""

    name: str
    score: int
    status: str
    moves: int  # actions made (moves, draws, turn-overs, undos, redos)
    final_score_move: int  # number of the action that last changed the points; 0: none did
    end_time: float  # when the game ended (a time-up ends at the limit)
    timeline: tuple[ScoreEvent, ...]  # every change of the points (time points not included)
    draw_key: str  # for the draw that settles the ties left over

    def to_json(self) -> dict:
        return {
            "name": self.name,
            "score": self.score,
            "status": self.status,
            "moves": self.moves,
            "final_score_move": self.final_score_move,
        }


class Ranking(NamedTuple):
    order: tuple[str, ...]  # names, first place first
    rematch: Optional[int]  # untimed duel tied for first: the new deal number


@dataclass(frozen=True)
class Verdict:
    challenge: Challenge
    players: tuple[Result, ...]  # in the order of the runs
    ranking: Ranking

    def to_json(self) -> dict:
        c = self.challenge
        return {
            "game": c.game,
            "seed": c.seed,
            "time_limit": c.time_limit,
            "players": [p.to_json() for p in self.players],
            "ranking": list(self.ranking.order),
            "rematch": None if self.ranking.rematch is None else {"seed": self.ranking.rematch},
        }


def replay(run: Run, until: Optional[float] = None) -> Game:
    """The game of ``run`` replayed by the engine, and ended as the module
    docstring says. With ``until``, only the actions up to that elapsed time,
    and the game as it stood then (for a ghost)."""
    game = Game.new(run.game, run.seed, time_limit=run.time_limit)
    done = 0
    for i, token in enumerate(run.actions, 1):
        if until is not None and _tenths(token, round(game.clock * 10)) / 10 > until:
            break
        try:
            game.act(token)
        except GameError as e:
            raise InvalidChallenge(f"{run.name}'s action {i} ({token[:24]}) cannot be replayed: {e}") from None
        done = i
    if done == len(run.actions) and game.status == PLAYING and game.time_limit is None:
        game.resign(game.clock)  # untimed and stopped: it gave up at its last action
    if game.time_limit is not None:
        game.expire(game.time_limit if until is None else until)  # timed: the clock ran on
    return game


def score_at(run: Run, at: float) -> int:
    """The score ``run``'s player had at elapsed time ``at`` (the ghost)."""
    return replay(run, until=at).score(at)


def _as_linked(actions: tuple[str, ...]) -> list[str]:
    """Actions as a link gives them back (times rounded down to tenths), so
    the device that played a run draws as every device that opens its link."""
    out, clock = [], 0
    for token in actions:
        clock = _tenths(token, clock)
        out.append(f"{_bare(token)}@{_format_tenths(clock)}")
    return out


def draw_key(challenge: Challenge, run: Run) -> str:
    actions = " ".join(_as_linked(run.actions))
    text = f"{challenge.game}:{challenge.seed}:{challenge.time_limit}\n{run.name}\n{actions}"
    # Imported here: pages load this module at start, and hashlib costs about
    # 19 ms to import in Pyodide (measured with the vendored Pyodide under Node).
    import hashlib

    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def result(challenge: Challenge, run: Run) -> Result:
    game = replay(run)
    return Result(
        name=run.name,
        score=game.score(),
        status=game.status,
        moves=game.actions,
        final_score_move=game.final_score_action(),
        end_time=game.end_time if game.end_time is not None else game.clock,
        timeline=tuple(game.timeline),
        draw_key=draw_key(challenge, run),
    )


def rematch_seed(challenge: Challenge) -> int:
    """The deal of a rematch: the same on every device that holds the link,
    whatever the order of its runs."""
    payload = _payload(challenge)
    payload["r"].sort(key=lambda r: r["n"])
    import hashlib  # here, as in draw_key: 19 ms in Pyodide that a page load need not pay

    digest = hashlib.sha256(b"rematch\n" + _canonical(payload)).digest()
    seed = int.from_bytes(digest[:8], "big") % REMATCH_DEALS + 1
    return seed if seed != challenge.seed else seed % REMATCH_DEALS + 1


def ranking(challenge: Challenge, results: Optional[Iterable[Result]] = None) -> Ranking:
    """Rank the players (RULES.md §3, and the module docstring)."""
    results = tuple(results) if results is not None else tuple(result(challenge, r) for r in challenge.runs)
    ordered = sorted(results, key=lambda r: (-r.score, r.final_score_move, r.draw_key))
    rematch = None
    if challenge.time_limit is None and len(ordered) >= 2 and ordered[0].score == ordered[1].score:
        rematch = rematch_seed(challenge)
    return Ranking(tuple(r.name for r in ordered), rematch)


def verify(challenge: Union[Challenge, str]) -> Verdict:
    """Replay every run of a challenge (or of a token) and rank the players."""
    if isinstance(challenge, str):
        challenge = decode_challenge(challenge)
    players = tuple(result(challenge, run) for run in challenge.runs)
    return Verdict(challenge, players, ranking(challenge, players))


__all__ = [
    "Run",
    "Challenge",
    "Result",
    "Ranking",
    "Verdict",
    "InvalidChallenge",
    "encode_challenge",
    "decode_challenge",
    "token_from",
    "verify",
    "ranking",
    "replay",
    "score_at",
    "rematch_seed",
    "default_time_limit",
    "check_time_limit",
    "check_name",
    "TIME_LIMITS",
    "PARAMETER",
    "VERSION",
]
