"""Which saved game a page load picks up, from its address. Plain Python.

- ``?game=ID&seed=N`` (the address every deal writes, so a reload): the save
  of game ID if it is deal N (finished or not); otherwise deal N, new.
- ``?game=ID&daily=DATE``: the same, for that day's deal (a refused day:
  as ``?game=ID``).
- ``?game=ID&position=P``: the save of game ID if it started from P.
- ``?game=ID``: game ID's save if it is still being played; else a new deal.
- No game named (the bare address, an installed app's start): the game
  played last (``solitaire.current``), resumed if it is still being played,
  else a new deal of it. With no such pointer (or a damaged one), the
  default game's save, resumed if still being played: a damaged pointer
  never replaces that game with a new deal.
A time limit (``&limit=``) must match too. Duel links never resume a save.
A parameter the page refused (a bad seed, position, day, limit or game) is
read as if it were not there: a bad link never replaces the saved game with
a new deal, nor counts that game as lost (an address with a refused duel
link is read without the link, ``without_duel``).
"""

from __future__ import annotations

from typing import Optional

from game import GameError, read_position

from .query import parse_qs

NO_RESUME = ("duel", "challenge")


def asked(query: str, request=None) -> set:
    """The parameter names present in the address query, less those
    ``request`` refused."""
    names = set(parse_qs(query.lstrip("?"), keep_blank_values=True))
    return names - set(getattr(request, "refused", ())) if request is not None else names


def without_duel(query: str) -> str:
    """The address query without its duel link (a link the page refused)."""
    pairs = [pair for pair in query.lstrip("?").split("&") if pair.partition("=")[0] not in NO_RESUME]
    return "?" + "&".join(pairs) if any(pairs) else ""


def wanted_game(query: str, request, current: Optional[str]) -> Optional[str]:
    """The game whose save may be resumed, or None for no resuming."""
    names = asked(query, request)
    if names & set(NO_RESUME):
        return None
    if "game" in names or "position" in names or current is None:
        return request.game  # no game played last known (none, or its pointer damaged): the default's save
    return current


def _start_matches(slot, position: dict) -> bool:
    if slot.game.seed is not None:
        return False
    try:
        return read_position(position) == slot.game.start
    except (GameError, ValueError, TypeError, KeyError):
        return False


def matches(slot, query: str, request) -> bool:
    """Whether ``slot`` (a ``storage.Slot``) is what this address asks for."""
    game = slot.game
    names = asked(query, request)
    limit = None if request.time_limit is None else round(request.time_limit, 3)
    if game.time_limit != limit and "limit" not in getattr(request, "refused", ()):
        return False
    if request.position is not None:
        return _start_matches(slot, request.position)
    if "seed" in names and request.seed is not None:
        return game.seed == request.seed
    if "daily" in names and getattr(request, "daily", None) is not None:
        return game.seed == request.seed
    return game.status == "playing"
