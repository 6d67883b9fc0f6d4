"""The message protocol between an embedded game and the page around it.

Plain Python (tested under CPython); ``frame.py`` connects it to
``postMessage``. Every message, both ways, is a JSON object with
``"type": "solitaire"`` and ``"version": 1``.

Commands (host page -> game), acted on only when they have exactly this shape:

    {"type": "solitaire", "version": 1, "command": "new-game", "game": "solitario", "seed": 7}
        "game" and "seed" are optional (the current game; a random deal)
    {"type": "solitaire", "version": 1, "command": "set-language", "lang": "de"}

Any other message -- another type or version, an unknown command, a missing,
extra or mistyped field, a value out of range -- is ignored.

Events (game -> host page), each with the game id, deal number ("seed", null
for a position), status, score, moves and play time in seconds:

    "ready"     the first deal is on the table and commands are listened to
    "started"   a new deal started (toolbar, end screen or a new-game command)
    "move"      a move, undo or redo changed the game
    "finished"  the game ended: status won, stalled, time-up or resigned

Who may talk to the game: ``&origins=https://a.example,https://b.example``
in the game's address lists the host pages' origins. Then commands are
accepted only from the parent window at one of them, and events are sent
only to them. Without the parameter any parent page may send commands, and
events are posted to "*", so any page embedding the game can read them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Optional

from game import PLAYER_GAMES
from game.shuffle import MAX_GAME_NUMBER

TYPE = "solitaire"
VERSION = 1
MAX_ORIGINS = 20
MAX_MESSAGE = 2_000  # characters of JSON; a valid command is far shorter
EVENTS = ("ready", "started", "move", "finished")

# command -> (required fields, optional fields), beside type, version, command
COMMANDS = {
    "new-game": (frozenset(), frozenset({"game", "seed"})),
    "set-language": (frozenset({"lang"}), frozenset()),
}
ENVELOPE = frozenset({"type", "version", "command"})


@dataclass(frozen=True)
class Command:
    name: str
    game: Optional[str] = None
    seed: Optional[int] = None
    lang: Optional[str] = None


def normalize_origin(text: str) -> Optional[str]:
    """``scheme://host[:port]`` as browsers write ``event.origin``, or None."""
    if not isinstance(text, str):
        return None
    text = text.strip()
    from urllib.parse import urlsplit  # here, not at start-up: it costs 0.2 s in Pyodide

    try:
        parts = urlsplit(text)
        port = parts.port
    except ValueError:
        return None
    if parts.scheme not in ("http", "https") or not parts.hostname:
        return None
    if parts.path not in ("", "/") or parts.query or parts.fragment or parts.username or parts.password:
        return None
    host = parts.hostname
    if ":" in host:
        host = f"[{host}]"
    default = {"http": 80, "https": 443}[parts.scheme]
    return f"{parts.scheme}://{host}" + (f":{port}" if port is not None and port != default else "")


def parse_origins(text: Optional[str]) -> Optional[tuple]:
    """The allow-list from ``&origins=``: None when the parameter is absent.

    Entries that are not origins are left out; a list given but with no valid
    entry allows nobody (it never falls back to allowing everyone)."""
    if text is None:
        return None
    found = []
    for piece in text.split(",")[:MAX_ORIGINS]:
        origin = normalize_origin(piece)
        if origin and origin not in found:
            found.append(origin)
    return tuple(found)


def origin_allowed(origin: str, allowed: Optional[tuple]) -> bool:
    return allowed is None or origin in allowed


def _whole(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def read_command(data, languages=("en", "de", "it")) -> Optional[Command]:
    """The command in a message's (JSON-parsed) data, or None to ignore it."""
    if not isinstance(data, dict):
        return None
    if data.get("type") != TYPE or data.get("version") != VERSION or not _whole(data.get("version")):
        return None
    name = data.get("command")
    if not isinstance(name, str) or name not in COMMANDS:
        return None
    required, optional = COMMANDS[name]
    extra = set(data) - ENVELOPE
    if not required <= extra or extra - required - optional:
        return None
    if name == "set-language":
        lang = data["lang"]
        return Command(name, lang=lang) if isinstance(lang, str) and lang in languages else None
    game = data.get("game")
    if "game" in data and not (isinstance(game, str) and game in PLAYER_GAMES):
        return None
    seed = data.get("seed")
    if "seed" in data and not (_whole(seed) and 0 <= seed <= MAX_GAME_NUMBER):
        return None
    return Command(name, game=game, seed=seed)


def event(name: str, game_id: str, seed, status: str, score: int, moves: int, seconds: float) -> dict:
    """An event for the host page."""
    if name not in EVENTS:
        raise ValueError(name)
    return {
        "type": TYPE,
        "version": VERSION,
        "event": name,
        "game": game_id,
        "seed": seed,
        "status": status,
        "score": int(score),
        "moves": int(moves),
        "time": round(float(seconds), 1),
    }
