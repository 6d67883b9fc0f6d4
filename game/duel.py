"""Duels that travel as links (issues 6 and 18): there is no server, so a
challenge is a token that carries the deal and every player's actions, each
run signed by the device that played it, and each side's engine replays
them. Scores are never read from a link.

    >>> from game import new_game
    >>> ann = new_game("solitario", seed=2)
    >>> ann.act("t5>f1@4"); ann.act("resign@9")
    >>> token = encode_challenge([Run.from_game("Ann", ann)])   # send it
    >>> token[:3]
    's2.'
    >>> challenge = decode_challenge(token)   # strict: checks and replays every run
    >>> bea = new_game(challenge.game, challenge.seed)   # the same deal
    >>> bea.act("resign@5")
    >>> reply = encode_challenge(challenge.add_run(Run.from_game("Bea", bea)))
    >>> verdict = verify(decode_challenge(reply))   # scores, statuses, ranking
    >>> [(p.name, p.score, p.status) for p in verdict.players], verdict.ranking.order
    ([('Ann', 15, 'resigned'), ('Bea', 0, 'resigned')], ('Ann', 'Bea'))

A device that holds a key signs ``signed_message(challenge, run.linked(),
key)`` (``static/js/keys.js``) and sends ``run.signed(key, signature)``.

Token, version 2
----------------
``s2.`` followed by base64url without padding of::

    CRC-32 (4 bytes, big-endian) of b"s2." + the DEFLATE bytes that follow
    raw DEFLATE (zlib, wbits -15) of the payload

(The checksum covers the compressed bytes, so even a change to the unused
bits at the end of the DEFLATE stream is caught, and it covers the tag. It
catches damage, not forgery: the signatures are for that.)
The payload is JSON, UTF-8, written with sorted keys and no spaces::

    {"g": "reloaded",     game id: one of the player games (catalog.PLAYER_GAMES)
     "l": 300,            time limit in seconds: 180, 300, 600, or null (untimed)
     "r": [               the runs, in the order they were played: 1 to MAX_RUNS
       {"n": "Ann",       the player's name
        "m": "draw t3>f1 undo resign",   every action of Game.log, times removed:
                                         steps (moves joined by +), undo, redo, resign
        "t": [41, 6, 0, 13],             its time, in tenths of a second, as the
                                         difference from the action before
        "k": "A0Xb…",     the device's public key: P-256, SEC 1 compressed
                          (33 bytes), base64url without padding
        "z": "x1Qe…"}     the signature of the run: ECDSA P-256 with SHA-256,
     ],                   r and s (32 bytes each), base64url without padding
     "s": 1234}           the deal number (seed)

``k`` and ``z`` come together or not at all: a run without them is
*unsigned* (a device without Web Crypto, a run written by the command line,
every run of a version 1 link). Any other key (a ``score``, say) makes the
link invalid: nothing in a link is believed except the deal, the actions and
the signatures. In a page address the token is the ``duel`` parameter, in
the query or the fragment: ``index.html?duel=s2.…``.

Version 1 (``s1.``) is the same without ``k`` and ``z``, its CRC taken over
b"s1." and the DEFLATE bytes. Its links still open and verify, their runs
unsigned; a link written again is written as version 2.

The signed bytes
----------------
A device signs each run it plays, once it has ended, with its own key
(``static/js/keys.js``: Web Crypto, the private key never leaves the
browser). The signed bytes are ``b"solitaire duel run v2\n"`` followed by the
canonical JSON (sorted keys, no spaces, UTF-8, as the payload) of::

    {"g": game, "l": limit, "s": seed,          the deal and its time limit
     "n": name, "m": moves, "t": times,          the run, exactly as the link carries it
     "k": key,                                   the signer's public key (base64url)
     "p": earlier}                               what the player played against

``earlier`` is the hex SHA-256 of the canonical JSON of the list of the runs
before it, exactly as the link carries them (signatures included), or ""
for the first run. So a signature binds the run to its deal, limit, name,
every action and time, its own key, and the runs it answered: cutting,
changing or reordering anything, or dropping an earlier run, breaks it.
``decode_challenge`` refuses a link with a signature that does not match.
What a signature cannot say (that the name is the person's, that the
actions were not computed) is in docs/security.md, "Duels".

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
- **Pace**: times are what the sender's device wrote, so a run faster than a
  person can play is marked *implausible* (``pace``): four or more actions
  all at 0 s, four in one tenth of a second (over 30 a second), 11 in less
  than 0.6 s (over 16 a second), 21 in less than 2.2 s or 51 in less than
  6 s (a floor of 0.11 and 0.12 s an action kept up): PACE_WINDOWS. A quick
  player makes 5 to 8 actions a second in a burst, Finish plays a card
  every 0.14 s, and a key held down acts once in a duel; a browser driven by
  a program clicking as fast as it can made 10.7 a second with gaps of 0 to
  0.1 s, and a solver's line replayed at 0.1 s an action (10 a second kept
  up) are marked (bench/README.md, "Duel links"). Giving up is no action of
  the hands and is not counted.
  An implausible run is kept and shown, marked, and ranks below every
  plausible one. Times never go backwards (each is a difference ≥ 0).
- **Ranking**: plausible runs before implausible ones; then higher score
  first; then the earlier ``final_score_move``; then a draw that every device
  makes the same way: players are ordered by the SHA-256 of the deal, their
  name and their actions (``draw_key``). The draw settles players with no
  moves at all (RULES.md §3) and any other tie that is still left.
- **Rematch**: in an untimed duel with two or more plausible runs, equal
  scores in the first two places mean a rematch on a new deal from zero
  (RULES.md §3); the ranking still lists an order for display. The new deal
  number comes from the SHA-256 of the payload, runs sorted by name (1 to
  999,999,999, never the same deal again), so both sides get the same one. A
  timed duel never has a rematch; its ties go to the tie-breaks.
- **Time limits**: 180, 300 or 600 seconds, or untimed. The default is 300 s for
  Reloaded and Solitario (the two games played as duels at the source) and
  untimed for the others.
- **Names**: 1 to 24 characters, no control, bidirectional-formatting or blank
  characters, no spaces at either end, letters of one script (``names.py``:
  Latin may go with Chinese, Japanese or Korean), and no two in one duel
  alike: equal ignoring case, or look-alikes (``names.same_name``).
- **Bounds**, so that a link cannot make a device work for long: at most
  MAX_RUNS runs; a run of a timed duel holds at most PACE_CAP actions per
  second of its limit (1,800, 3,000 and 4,000 for 3, 5 and 10 minutes), any
  run at most MAX_ACTIONS, and a link at most MAX_LINK_ACTIONS in all; a
  token of at most MAX_TOKEN characters, a payload of MAX_PAYLOAD bytes, 24
  hours of play. Replaying costs the same for every action (the stall check
  after a draw looks at the stock's cards, not at a search per card), so the
  whole check is bounded, and ``decoding`` does it in slices for a page that
  must keep drawing (``decode_challenge`` runs them all).
"""

from __future__ import annotations

import base64
import binascii
import json
import re
import zlib
from collections import OrderedDict
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Generator, Iterable, NamedTuple, Optional, Union

from . import jsonsafe, names, p256
from .catalog import PLAYER_GAMES
from .errors import GameError, InvalidChallenge
from .moves import is_action, parse_action, parse_step, step_text
from .names import check_name
from .play import PLAYING, Game, ScoreEvent, check_game_number

VERSION = 2
VERSIONS = (1, 2)  # the versions this one reads
TAG = f"s{VERSION}."
PARAMETER = "duel"  # the page address parameter that holds a token
SIGNING_CONTEXT = b"solitaire duel run v2\n"

TIME_LIMITS = (180, 300, 600, None)  # None: untimed
DEFAULT_TIME_LIMITS = {"reloaded": 300, "solitario": 300}  # others: untimed

MAX_RUNS = 8
PACE_CAP = 10  # actions per second of a timed duel's limit a run may hold
MAX_ACTIONS = 4000  # actions of any run (the cap of an untimed duel)
MAX_LINK_ACTIONS = 12_000  # actions of every run of a link together
MAX_NAME = names.MAX_NAME  # characters of a player's name (names.py checks names)
MAX_TOKEN = 40_000
MAX_PAYLOAD = 256 * 1024
MAX_TENTHS = 24 * 3600 * 10
REMATCH_DEALS = 999_999_999
SLICE = 50  # actions read or replayed between two steps of ``decoding``

# (gaps, tenths): any gaps + 1 actions in a row take at least that long, or
# the run is implausible. 4 in one tenth; 11 in < 0.6 s; 21 in < 2.2 s;
# 51 in < 6 s. The last two are the floor an action kept up: above Finish's
# 0.14 s, below a replayed line at 0.1 s.
PACE_WINDOWS = ((3, 1), (10, 6), (20, 22), (50, 60))

_TOKEN = re.compile(r"^s(0|[1-9]\d{0,5})\.(.*)$", re.S)
_BASE64URL = re.compile(r"^[A-Za-z0-9_-]*$")
_TIME = re.compile(r"@(\d+)(?:\.(\d+))?$")
_AT = re.compile(r"\d{1,9}(?:\.\d{1,6})?")  # a time as move text writes it (moves.py)
_KEYS = {"g", "l", "r", "s"}
_RUN_KEYS = {"n", "m", "t"}
_SIGNED_KEYS = {"k", "z"}


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


def max_actions(limit: Optional[int]) -> int:
    """The most actions one run of a duel with this time limit may hold: what
    the limit allows at PACE_CAP actions a second, and never more than
    MAX_ACTIONS (an untimed duel's cap)."""
    return MAX_ACTIONS if limit is None else min(MAX_ACTIONS, int(limit) * PACE_CAP)


def check_game(game_id) -> str:
    if not isinstance(game_id, str) or game_id not in PLAYER_GAMES:
        raise InvalidChallenge(f"unknown game {str(game_id)[:24]!r}; duels are played in: {', '.join(PLAYER_GAMES)}")
    return game_id


def check_seed(seed) -> int:
    try:
        return check_game_number(seed)
    except GameError as e:
        raise InvalidChallenge(f"bad deal number: {e}") from None


def _b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).decode("ascii").rstrip("=")


def _unb64(text, size: int, what: str) -> bytes:
    """Exactly ``size`` bytes written as base64url without padding."""
    if not isinstance(text, str) or not _BASE64URL.match(text) or len(text) != -(-size * 4 // 3):
        raise InvalidChallenge(f"{what} is not {size} bytes in base64url")
    raw = base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
    if len(raw) != size or _b64(raw) != text:
        raise InvalidChallenge(f"{what} is not {size} bytes in base64url")
    return raw


# --- runs and challenges ----------------------------------------------------------


@dataclass(frozen=True)
class Run:
    """One player's game of a duel: who, which deal, and every action with its
    time, as ``Game.log`` writes them (``t3>f1@12.5``, ``undo@14``, ``resign@20``);
    with ``key`` and ``signature`` when the device that played it signed it."""

    name: str
    game: str
    seed: int
    time_limit: Optional[int]
    actions: tuple[str, ...]
    key: Optional[bytes] = None  # the signer's P-256 public key, SEC 1 compressed
    signature: Optional[bytes] = None  # r and s, 64 bytes

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
        if (self.key is None) != (self.signature is None):
            raise InvalidChallenge(f"{self.name}'s run has a key without a signature, or a signature without a key")
        if self.key is not None:
            if not isinstance(self.key, bytes) or len(self.key) != p256.KEY_BYTES:
                raise InvalidChallenge(f"{self.name}'s key is not a compressed P-256 key ({p256.KEY_BYTES} bytes)")
            if not isinstance(self.signature, bytes) or len(self.signature) != p256.SIGNATURE_BYTES:
                raise InvalidChallenge(f"{self.name}'s signature is not {p256.SIGNATURE_BYTES} bytes")

    @classmethod
    def from_game(cls, name: str, game: Game) -> "Run":
        """The run of a game dealt by number (``Game.new``), not yet signed."""
        if game.seed is None:
            raise InvalidChallenge("only a game dealt by number can be sent as a duel")
        return cls(name, game.spec.id, game.seed, game.time_limit, tuple(game.log))

    @property
    def deal(self) -> tuple[str, int, Optional[int]]:
        return self.game, self.seed, self.time_limit

    @property
    def signed_run(self) -> bool:
        return self.key is not None

    def linked(self) -> "Run":
        """This run as a link gives it back (times rounded down to tenths)."""
        return replace(self, actions=tuple(_as_linked(self.actions)))

    def signed(self, key: bytes, signature: bytes) -> "Run":
        """This run with its signer's key and signature (both checked when a
        link carrying it is read)."""
        return replace(self.linked(), key=bytes(key), signature=bytes(signature))


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
            for key in names.identities(run.name):
                if key in seen:
                    other = seen[key]
                    if other == run.name or names.folded(other) == names.folded(run.name):
                        raise InvalidChallenge(f"two players are named {other!r}; each needs a name of their own")
                    raise InvalidChallenge(
                        f"the names {other!r} and {run.name!r} look alike; each player needs a name of their own"
                    )
            for key in names.identities(run.name):
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
    word, at, time = token.partition("@")
    if at and not _AT.fullmatch(time):
        word = token  # a time that is no time: the full parse says why
    return _bare_word(word)


@lru_cache(maxsize=2048)
def _bare_word(word: str) -> str:
    # Cached: a run repeats few distinct actions ("draw" above all), and a
    # link at the bounds holds 12,000 of them.
    try:
        if is_action(word):
            return parse_action(word)[0]
        return step_text(parse_step(word)[0])
    except GameError as e:
        raise InvalidChallenge(str(e)) from None


def _check_count(name: str, count: int, limit: Optional[int]) -> None:
    cap = max_actions(limit)
    if count > cap:
        where = "an untimed duel" if limit is None else f"a duel of {limit // 60} minutes"
        pace = "" if limit is None or cap == MAX_ACTIONS else f" ({PACE_CAP} a second)"
        raise InvalidChallenge(f"{name}'s run has {count} actions; in {where} a run holds at most {cap}{pace}")


def _run_payload(run: Run) -> dict:
    """A run as the link carries it, without its key and signature."""
    _check_count(run.name, len(run.actions), run.time_limit)
    moves, deltas, clock = [], [], 0
    for token in run.actions:
        t = _tenths(token, clock)
        if t < clock:
            raise InvalidChallenge(f"{run.name}'s actions go back in time ({token[:24]!r})")
        moves.append(_bare(token))
        deltas.append(t - clock)
        clock = t
    return {"n": run.name, "m": " ".join(moves), "t": deltas}


def _run_item(run: Run) -> dict:
    item = _run_payload(run)
    if run.key is not None:
        item.update(k=_b64(run.key), z=_b64(run.signature))
    return item


def _payload(challenge: Challenge) -> dict:
    runs = [_run_item(run) for run in challenge.runs]
    _check_total(sum(len(r.actions) for r in challenge.runs))
    return {"g": challenge.game, "l": challenge.time_limit, "r": runs, "s": challenge.seed}


def _check_total(total: int) -> None:
    if total > MAX_LINK_ACTIONS:
        raise InvalidChallenge(f"the duel link holds {total} actions in all; a link holds at most {MAX_LINK_ACTIONS}")


def _canonical(payload) -> bytes:
    return json.dumps(payload, ensure_ascii=False, sort_keys=True, separators=(",", ":")).encode("utf-8")


def _message(deal: tuple, earlier: list, item: dict, key_text: str) -> bytes:
    """The signed bytes (module docstring) of run ``item`` (as the link
    carries it) after the runs ``earlier`` (likewise)."""
    import hashlib  # here, as in draw_key: 19 ms in Pyodide that a page load need not pay

    game, seed, limit = deal
    before = hashlib.sha256(_canonical(earlier)).hexdigest() if earlier else ""
    body = {
        "g": game,
        "l": limit,
        "s": seed,
        "n": item["n"],
        "m": item["m"],
        "t": item["t"],
        "k": key_text,
        "p": before,
    }
    return SIGNING_CONTEXT + _canonical(body)


def signed_message(challenge: Challenge, run: Run, key: bytes) -> bytes:
    """The bytes the device with public ``key`` (33 bytes, compressed) signs
    for ``run``, played as the next run of ``challenge``: its runs are the
    ones before it. The signature goes back with ``run.signed(key, sig)``."""
    if run.deal != challenge.deal:
        raise InvalidChallenge(f"{run.name}'s run is of another deal or time limit")
    try:
        key = p256.compressed(bytes(key))
    except (ValueError, TypeError) as e:
        raise InvalidChallenge(f"not a P-256 public key: {e}") from None
    earlier = [_run_item(r) for r in challenge.runs]
    return _message(challenge.deal, earlier, _run_payload(run), _b64(key))


def encode_challenge(runs: Union[Challenge, Iterable[Run]]) -> str:
    """The link token of a challenge (or of runs on one deal).

    The token is checked by decoding it again, so a link that the other side
    would refuse (an illegal move, a signature that does not match, say) is
    refused here, with the same reason."""
    challenge = runs if isinstance(runs, Challenge) else Challenge.of(runs)
    if not challenge.runs:
        raise InvalidChallenge("a duel link carries at least one run")
    data = _canonical(_payload(challenge))
    packer = zlib.compressobj(9, zlib.DEFLATED, -15, 9)
    body = packer.compress(data) + packer.flush()
    crc = zlib.crc32(TAG.encode("ascii") + body).to_bytes(4, "big")
    token = TAG + _b64(crc + body)
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

        try:
            parts = urlsplit(text)
            pairs = [p for part in (parts.query, parts.fragment) for p in parse_qsl(part, keep_blank_values=True)]
        except ValueError as e:  # an address that is no address ("http://[x")
            raise InvalidChallenge(f"this is not a page address with a duel: {str(e)[:60]}") from None
        for key, value in pairs:
            if key == PARAMETER:
                return value
        raise InvalidChallenge(f"the address has no {PARAMETER}=… part, so it holds no duel")
    raise InvalidChallenge(f"this is not a duel link (it should start with '{TAG}')")


def _unpack(token: str) -> tuple[int, dict]:
    """The version and the payload of a token."""
    if len(token) > MAX_TOKEN:
        raise InvalidChallenge(f"the duel link is too long ({len(token)} characters; at most {MAX_TOKEN})")
    m = _TOKEN.match(token)
    if not m:
        raise InvalidChallenge(f"this is not a duel link (it should start with '{TAG}')")
    version = int(m[1])
    if version not in VERSIONS:
        newer = "a newer" if version > VERSION else "an older"
        raise InvalidChallenge(
            f"this duel link is of version {version}, from {newer} version of the game; "
            f"this one reads versions {' and '.join(map(str, VERSIONS))}"
        )
    tag = f"s{version}."
    text = m[2]
    damaged = "the duel link is damaged or incomplete (was it copied whole?)"
    if not _BASE64URL.match(text) or len(text) % 4 == 1:
        raise InvalidChallenge(damaged)
    try:
        raw = base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
    except (binascii.Error, ValueError):
        raise InvalidChallenge(damaged) from None
    if _b64(raw) != text or len(raw) < 5:
        raise InvalidChallenge(damaged)
    crc, body = raw[:4], raw[4:]
    if zlib.crc32(tag.encode("ascii") + body).to_bytes(4, "big") != crc:
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
    except RecursionError:
        raise InvalidChallenge("the duel link's contents are not readable: nested too deeply") from None
    except (ValueError, TypeError, OverflowError) as e:  # UnicodeDecodeError and JSONDecodeError are ValueErrors
        raise InvalidChallenge(f"the duel link's contents are not readable: {str(e)[:80]}") from None
    if not isinstance(payload, dict):
        raise InvalidChallenge("the duel link's contents are not a duel")
    return version, payload


def _no_repeats(pairs):
    out = {}
    for key, value in pairs:
        if key in out:
            raise ValueError(f"the key {key[:10]!r} appears twice")
        out[key] = value
    return out


def _no_constant(name):
    raise ValueError(f"{name} is not a number")


def _check_keys(obj: dict, allowed: set, where: str, optional: set = frozenset()) -> None:
    extra = sorted(set(obj) - allowed - optional)
    if extra:
        raise InvalidChallenge(
            f"the duel link carries {where} field {str(extra[0])[:16]!r} that this version does not know"
        )
    missing = sorted(allowed - set(obj))
    if missing:
        raise InvalidChallenge(f"the duel link lacks {where} field {missing[0]!r}")


def _format_tenths(t: int) -> str:
    return f"{t // 10}" if t % 10 == 0 else f"{t // 10}.{t % 10}"


def _read_run(item, index: int, deal, version: int) -> Generator[None, None, Run]:
    """Read run ``index`` of a payload (a step every SLICE actions)."""
    if not isinstance(item, dict):
        raise InvalidChallenge(f"run {index} of the duel link is not a run")
    _check_keys(item, _RUN_KEYS, "a run", _SIGNED_KEYS if version >= 2 else frozenset())
    name = check_name(item["n"])
    moves, times = item["m"], item["t"]
    if not isinstance(moves, str):
        raise InvalidChallenge(f"{name}'s moves must be text")
    if not isinstance(times, list):
        raise InvalidChallenge(f"{name}'s times must be a list")
    words = moves.split(" ") if moves else []
    _check_count(name, len(words), deal[2])
    if len(times) != len(words):
        raise InvalidChallenge(f"{name}'s run has {len(words)} actions but {len(times)} times")
    key = signature = None
    if set(item) & _SIGNED_KEYS:
        if not _SIGNED_KEYS <= set(item):
            raise InvalidChallenge(f"{name}'s run carries a key without a signature, or a signature without a key")
        key = _unb64(item["k"], p256.KEY_BYTES, f"{name}'s key")
        signature = _unb64(item["z"], p256.SIGNATURE_BYTES, f"{name}'s signature")
    actions, clock = [], 0
    for i, (word, delta) in enumerate(zip(words, times), 1):
        if isinstance(delta, bool) or not isinstance(delta, int) or delta < 0:
            raise InvalidChallenge(
                f"{name}'s action {i}: a time step must be a whole number ≥ 0 (times never go back), "
                f"not {str(delta)[:12]!r}"
            )
        clock += delta
        if clock > MAX_TENTHS:
            raise InvalidChallenge(f"{name}'s run lasts more than {MAX_TENTHS // 36000} hours")
        if "@" in word or _bare(word) != word:
            raise InvalidChallenge(f"{name}'s action {i} ({word[:20]!r}) is not written as a link writes it")
        actions.append(f"{word}@{_format_tenths(clock)}")
        if i % SLICE == 0:
            yield
    return Run(name, *deal, tuple(actions), key, signature)


def _check_signatures(deal: tuple, items: list, runs: tuple) -> Generator[None, None, None]:
    """Refuse a link with a key that is no key or a signature that does not
    match its run (one check per step of the generator)."""
    for i, (item, run) in enumerate(zip(items, runs)):
        if run.key is None:
            continue
        try:
            p256.point(run.key)
        except ValueError as e:
            raise InvalidChallenge(f"{run.name}'s key is not a P-256 key ({e})") from None
        if not p256.verify(run.key, _message(deal, items[:i], item, item["k"]), run.signature):
            raise InvalidChallenge(
                f"{run.name}'s run does not match its signature: the link was changed after {run.name} played"
            )
        yield


def _text(value) -> bool:
    return isinstance(value, str) and bool(value)


def decoding(text) -> Generator[tuple[int, int], None, Challenge]:
    """``decode_challenge`` in slices, for a page that must keep drawing:
    each step checks a signature or replays up to SLICE actions and yields
    (actions replayed, actions in all); the generator returns the challenge.
    Refusals are ``InvalidChallenge``, at the step that finds them."""
    version, payload = _unpack(token_from(text))
    _check_keys(payload, _KEYS, "a")
    deal = check_game(payload["g"]), check_seed(payload["s"]), check_time_limit(payload["l"])
    items = payload["r"]
    if not isinstance(items, list) or not items:
        raise InvalidChallenge("the duel link carries no runs")
    if len(items) > MAX_RUNS:
        raise InvalidChallenge(f"a duel has at most {MAX_RUNS} players, not {len(items)}")
    counts = [len(item["m"].split(" ")) if isinstance(item, dict) and _text(item.get("m")) else 0 for item in items]
    _check_total(sum(counts))  # before reading: a flood is refused at once
    runs = []
    for i, item in enumerate(items, 1):
        reading = _read_run(item, i, deal, version)
        while True:
            try:
                next(reading)
            except StopIteration as done:
                runs.append(done.value)
                break
            yield 0, sum(counts)
    runs = tuple(runs)
    total = sum(len(run.actions) for run in runs)
    challenge = Challenge(*deal, runs)
    for _ in _check_signatures(deal, items, runs):
        yield 0, total
    done = 0
    for run in runs:
        if run in _RESULTS:
            _RESULTS.move_to_end(run)
            done += len(run.actions)
            continue
        for step in _replaying(run):
            yield done + step[1], total
        _remember(run, _result_of(run, step[0]))
        done += len(run.actions)
    return challenge


def decode_challenge(text: str) -> Challenge:
    """The challenge in a token or page address. Strict: anything damaged,
    unknown, too big or unfit is refused with ``InvalidChallenge``, and so is
    a signature that does not match and a run whose actions the rules do not
    allow when replayed."""
    steps = decoding(text)
    while True:
        try:
            next(steps)
        except StopIteration as done:
            return done.value


# --- replay, verification and ranking -------------------------------------------------


@dataclass(frozen=True)
class Result:
    """A run as the engine replays it; nothing here comes from the link but
    the actions, their times and the signature."""

    name: str
    score: int
    status: str
    moves: int  # actions made (moves, draws, turn-overs, undos, redos)
    final_score_move: int  # number of the action that last changed the points; 0: none did
    end_time: float  # when the game ended (a time-up ends at the limit)
    timeline: tuple[ScoreEvent, ...]  # every change of the points (time points not included)
    draw_key: str  # for the draw that settles the ties left over
    key: Optional[bytes] = None  # the signer's public key; None: the run is unsigned
    pace: Optional[str] = None  # why the times are implausible ("burst", "zero"); None: plausible

    @property
    def signed(self) -> bool:
        return self.key is not None

    @property
    def plausible(self) -> bool:
        return self.pace is None

    def to_json(self) -> dict:
        return {
            "name": self.name,
            "score": self.score,
            "status": self.status,
            "moves": self.moves,
            "final_score_move": self.final_score_move,
            "signed": self.signed,
            "key": None if self.key is None else _b64(self.key),
            "plausible": self.plausible,
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


def _replaying(run: Run, until: Optional[float] = None) -> Generator[tuple[Game, int], None, None]:
    """Replay ``run`` (see ``replay``), yielding the game and the actions
    played so far every SLICE actions and once at the end."""
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
        if i % SLICE == 0 and i < len(run.actions):
            yield game, i
    if done == len(run.actions) and game.status == PLAYING and game.time_limit is None:
        game.resign(game.clock)  # untimed and stopped: it gave up at its last action
    if game.time_limit is not None:
        game.expire(game.time_limit if until is None else until)  # timed: the clock ran on
    yield game, done


def replay(run: Run, until: Optional[float] = None) -> Game:
    """The game of ``run`` replayed by the engine, and ended as the module
    docstring says. With ``until``, only the actions up to that elapsed time,
    and the game as it stood then (for a ghost)."""
    *_, (game, _) = _replaying(run, until)
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


def _times(actions: tuple[str, ...]) -> list[int]:
    out, clock = [], 0
    for token in actions:
        clock = _tenths(token, clock)
        out.append(clock)
    return out


def pace(run: Run) -> Optional[str]:
    """Why the run's times are faster than a person can play (module
    docstring, "Pace"): "zero" (four or more actions, all at 0 s), "burst"
    (a stretch faster than PACE_WINDOWS allow); None if they are plausible.
    Giving up is not counted: it ends the game, it is no move."""
    times = [t for t, token in zip(_times(run.actions), run.actions) if not token.startswith("resign")]
    if len(times) >= 4 and times[-1] == 0:
        return "zero"
    for gaps, tenths in PACE_WINDOWS:
        for i in range(len(times) - gaps):
            if times[i + gaps] - times[i] < tenths:
                return "burst"
    return None


def draw_key(challenge: Challenge, run: Run) -> str:
    actions = " ".join(_as_linked(run.actions))
    text = f"{challenge.game}:{challenge.seed}:{challenge.time_limit}\n{run.name}\n{actions}"
    # Imported here: pages load this module at start, and hashlib costs about
    # 19 ms to import in Pyodide (measured with the vendored Pyodide under Node).
    import hashlib

    return hashlib.sha256(text.encode("utf-8")).hexdigest()


# The results of the runs replayed last, so that the page (which decodes a link,
# ranks it and draws the panel again on a language switch) replays a run once.
_RESULTS: "OrderedDict[Run, Result]" = OrderedDict()
_KEEP = 2 * MAX_RUNS


def _remember(run: Run, res: Result) -> None:
    _RESULTS[run] = res
    _RESULTS.move_to_end(run)
    while len(_RESULTS) > _KEEP:
        _RESULTS.popitem(last=False)


def _result_of(run: Run, game: Game) -> Result:
    return Result(
        name=run.name,
        score=game.score(),
        status=game.status,
        moves=game.actions,
        final_score_move=game.final_score_action(),
        end_time=game.end_time if game.end_time is not None else game.clock,
        timeline=tuple(game.timeline),
        draw_key=draw_key(Challenge(*run.deal), run),
        key=run.key,
        pace=pace(run),
    )


def result(challenge: Challenge, run: Run) -> Result:
    found = _RESULTS.get(run)
    if found is None:
        found = _result_of(run, replay(run))
        _remember(run, found)
    return found


def rematch_seed(challenge: Challenge) -> int:
    """The deal of a rematch: the same on every device that holds the link,
    whatever the order of its runs."""
    payload = _payload(challenge)
    for run in payload["r"]:  # the draw is the same however the runs were signed
        run.pop("k", None)
        run.pop("z", None)
    payload["r"].sort(key=lambda r: r["n"])
    import hashlib  # here, as in draw_key: 19 ms in Pyodide that a page load need not pay

    digest = hashlib.sha256(b"rematch\n" + _canonical(payload)).digest()
    seed = int.from_bytes(digest[:8], "big") % REMATCH_DEALS + 1
    return seed if seed != challenge.seed else seed % REMATCH_DEALS + 1


def ranking(challenge: Challenge, results: Optional[Iterable[Result]] = None) -> Ranking:
    """Rank the players (RULES.md §3, and the module docstring)."""
    results = tuple(results) if results is not None else tuple(result(challenge, r) for r in challenge.runs)
    ordered = sorted(results, key=lambda r: (not r.plausible, -r.score, r.final_score_move, r.draw_key))
    rematch = None
    fair = [r for r in ordered if r.plausible]
    if challenge.time_limit is None and len(fair) >= 2 and fair[0].score == fair[1].score:
        rematch = rematch_seed(challenge)
    return Ranking(tuple(r.name for r in ordered), rematch)


def verify(challenge: Union[Challenge, str]) -> Verdict:
    """Check every signature, replay every run of a challenge (or of a token)
    and rank the players."""
    if isinstance(challenge, str):
        challenge = decode_challenge(challenge)  # checks the signatures as it reads them
    else:
        for _ in _check_signatures(challenge.deal, _payload(challenge)["r"], challenge.runs):
            pass
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
    "decoding",
    "signed_message",
    "token_from",
    "verify",
    "ranking",
    "replay",
    "score_at",
    "pace",
    "rematch_seed",
    "default_time_limit",
    "check_time_limit",
    "check_name",
    "max_actions",
    "TIME_LIMITS",
    "PARAMETER",
    "VERSION",
]
