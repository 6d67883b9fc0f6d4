"""What a device remembers to judge the duel links it opens: plain Python,
tested under CPython (``duel_ui.py`` hands in the page's ``storage.Store``).

- **Keys first seen** (trust on first use): for each player's name, the
  public key that first came with it, from a link or from this device's own
  runs. A later link that carries the name (or a look-alike of it,
  ``game.names``) with another key, or unsigned, is flagged.
- **This device's runs**: the last runs played here, as the link carries
  them. A link that holds a run under one of their names on their deal that
  is none of them has changed a game played here: the page says so loudly.

Keys, JSON (``storage.py`` lists the others):

    solitaire.duel.keys   {"v": 1, "keys": [[name, key], …], "against": [name, …]}
                          keys oldest first, at most MAX_KEYS; "against": the names
                          this device has played against (in a link with a run
                          played here), whose keys are kept before the others
    solitaire.duel.runs   {"v": 1, "runs": [{"g", "s", "l", "n", "m", "t"}, …]}   at most MAX_RUNS

A value of another shape is set aside by the store (``<key>.corrupt``) and
the device starts remembering afresh.
"""

from __future__ import annotations

import base64
from dataclasses import dataclass, field
from typing import NamedTuple, Optional

from game import duel, names
from game.duel import Challenge, Run

KEYS_KEY = "solitaire.duel.keys"
RUNS_KEY = "solitaire.duel.runs"
FORMAT = 1
MAX_KEYS = 300
MAX_RUNS = 40
_KEY_CHARS = 44  # 33 bytes in base64url without padding


class Damaged(ValueError):
    pass


def key_text(key: bytes) -> str:
    return base64.urlsafe_b64encode(key).decode("ascii").rstrip("=")


class Flag(NamedTuple):
    """Something a device noticed about one run of a link."""

    name: str  # the run's player
    kind: str  # "new-key": another key than the one first seen with this name;
    #            "unsigned": unsigned, where a key was seen before; "changed": not
    #            the game this device played under this name
    known: str = ""  # the name the key was first seen with (a look-alike, maybe)


# --- keys first seen ------------------------------------------------------------------------------


def check_keys(data) -> list:
    if not isinstance(data, dict) or data.get("v") != FORMAT or not isinstance(data.get("keys"), list):
        raise Damaged("not a key book")
    out = []
    for entry in data["keys"][-MAX_KEYS:]:
        if not (isinstance(entry, list) and len(entry) == 2 and all(isinstance(x, str) for x in entry)):
            raise Damaged("a key book entry is not [name, key]")
        name, key = entry
        if len(key) != _KEY_CHARS:
            raise Damaged("a key is not 33 bytes")
        duel.check_name(name)
        out.append((name, key))
    return out


def check_against(data) -> list:
    """The names played against, from a key book (none in an older one)."""
    against = data.get("against", []) if isinstance(data, dict) else []
    if not isinstance(against, list):
        raise Damaged("the names played against are not a list")
    for name in against:
        duel.check_name(name)
    return against[-MAX_KEYS:]


def check_book(data) -> tuple:
    return check_keys(data), check_against(data)


@dataclass
class KeyBook:
    entries: list = field(default_factory=list)  # (name, key text), oldest first
    against: list = field(default_factory=list)  # names played against, oldest first

    def _index(self) -> dict:
        out = {}
        for name, key in self.entries:
            for ident in names.identities(name):
                out.setdefault(ident, (name, key))
        return out

    def known(self, name: str) -> Optional[tuple[str, str]]:
        """(name, key) first seen for ``name`` or a look-alike of it."""
        index = self._index()
        for ident in names.identities(name):
            if ident in index:
                return index[ident]
        return None

    def flags(self, challenge: Challenge) -> list[Flag]:
        out = []
        for run in challenge.runs:
            seen = self.known(run.name)
            if seen is None:
                continue
            if run.key is None:
                out.append(Flag(run.name, "unsigned", seen[0]))
            elif key_text(run.key) != seen[1]:
                out.append(Flag(run.name, "new-key", seen[0]))
        return out

    def learn(self, runs, against: bool = False) -> bool:
        """Remember the key of every signed run whose name (and look-alikes)
        has none yet, and with ``against`` (a link this device played in)
        that it played against each name; True if anything changed."""
        changed = False
        for run in runs:
            if run.key is not None and self.known(run.name) is None:
                self.entries.append((run.name, key_text(run.key)))
                changed = True
            if against and not any(names.same_name(run.name, n) for n in self.against):
                self.against.append(run.name)
                changed = True
        del self.against[:-MAX_KEYS]
        self.trim()
        return changed

    def trim(self) -> None:
        """At most MAX_KEYS keys: the oldest go first, but the keys of names
        played against go last (a device keeps the players it knows)."""
        extra = len(self.entries) - MAX_KEYS
        if extra <= 0:
            return
        marked = {ident for name in self.against for ident in names.identities(name)}
        strangers = [i for i, (name, _) in enumerate(self.entries) if not marked & set(names.identities(name))]
        drop = set(strangers[:extra])
        drop |= set([i for i in range(len(self.entries)) if i not in drop][: extra - len(drop)])
        self.entries = [e for i, e in enumerate(self.entries) if i not in drop]

    def to_json(self) -> dict:
        return {"v": FORMAT, "keys": [list(e) for e in self.entries], "against": list(self.against)}


# --- this device's runs ------------------------------------------------------------------------------


def _item(run: Run) -> dict:
    item = duel._run_payload(run)
    return {"g": run.game, "s": run.seed, "l": run.time_limit, **item}


def check_runs(data) -> list:
    if not isinstance(data, dict) or data.get("v") != FORMAT or not isinstance(data.get("runs"), list):
        raise Damaged("not a list of runs")
    out = []
    for item in data["runs"][-MAX_RUNS:]:
        if not isinstance(item, dict) or set(item) != {"g", "s", "l", "n", "m", "t"}:
            raise Damaged("a run is not {g, s, l, n, m, t}")
        if not isinstance(item["m"], str) or not isinstance(item["t"], list):
            raise Damaged("a run's moves or times are not text and a list")
        if not all(isinstance(x, int) and not isinstance(x, bool) and x >= 0 for x in item["t"]):
            raise Damaged("a run's times are not whole numbers")
        duel.check_game(item["g"])
        duel.check_seed(item["s"])
        duel.check_time_limit(item["l"])
        duel.check_name(item["n"])
        out.append(item)
    return out


@dataclass
class MyRuns:
    items: list = field(default_factory=list)  # as _item gives them, oldest first

    def add(self, run: Run) -> None:
        item = _item(run)
        if item not in self.items:
            self.items.append(item)
        del self.items[:-MAX_RUNS]

    def played_here(self, run: Run) -> bool:
        return _item(run) in self.items

    def flags(self, challenge: Challenge) -> list[Flag]:
        """A flag for each run of the link under the name of a run played here
        on the same deal that is none of the runs played here."""
        out = []
        for run in challenge.runs:
            mine = [i for i in self.items if (i["g"], i["s"], i["l"]) == run.deal and names.same_name(i["n"], run.name)]
            if mine and _item(run) not in mine:
                out.append(Flag(run.name, "changed", mine[0]["n"]))
        return out

    def to_json(self) -> dict:
        return {"v": FORMAT, "runs": list(self.items)}


# --- both, with the store -------------------------------------------------------------------------------


class Trust:
    """The key book and this device's runs, read from and written to ``store``
    (``storage.Store``: ``read(key, check) -> (value, damaged)``, ``write``)."""

    def __init__(self, store):
        self.store = store
        book, bad_keys = store.read(KEYS_KEY, check_book)
        runs, bad_runs = store.read(RUNS_KEY, check_runs)
        self.book = KeyBook(*(book or ([], [])))
        self.mine = MyRuns(runs or [])
        self.damaged = bad_keys or bad_runs
        self.version = 0  # counts the changes: what was noticed before may be stale

    def refresh(self) -> None:
        """The book and the runs as stored now: another tab of the game may have
        added to them since. What does not read stays as this tab has it."""
        book = self.store.peek(KEYS_KEY, check_book)
        runs = self.store.peek(RUNS_KEY, check_runs)
        if book is not None:
            self.book = KeyBook(*book)
        if runs is not None:
            self.mine = MyRuns(runs)
        self.version += 1

    def flags(self, challenge: Challenge) -> list[Flag]:
        """What this device notices about a link: its own games changed
        first, then keys that differ from the first seen."""
        changed = self.mine.flags(challenge)
        flagged = {f.name for f in changed}
        return changed + [f for f in self.book.flags(challenge) if f.name not in flagged]

    def seen(self, challenge: Challenge) -> None:
        """A link was opened: remember keys of names seen for the first time."""
        self.refresh()  # builds on what other tabs stored meanwhile
        against = any(self.mine.played_here(run) for run in challenge.runs)
        if self.book.learn(challenge.runs, against):
            self.version += 1
            self.store.write(KEYS_KEY, self.book.to_json())

    def played(self, run: Run, challenge: Optional[Challenge] = None) -> None:
        """A run was played on this device (into ``challenge``, which holds
        it): keep it, its key for its name, and the names it played against."""
        self.refresh()
        self.mine.add(run)
        self.version += 1
        self.store.write(RUNS_KEY, self.mine.to_json())
        self.seen(challenge if challenge is not None else Challenge(*run.deal, (run,)))

    def played_here(self, run: Run) -> bool:
        return self.mine.played_here(run)
