"""Which saved game a page load picks up, from its address. Plain Python.

- ``?game=ID&seed=N`` (the address every deal writes, so a reload): the save
  of game ID if it is deal N (finished or not); otherwise deal N, new.
- ``?game=ID&daily=DATE``: the same, for that day's deal (a refused day:
  as ``?game=ID``).
- ``?game=ID&position=P``: the save of game ID if it started from P.
- ``?game=ID``: game ID's save if it is still being played; else a new deal.
- No game named (the bare address, an installed app's start): the game
  played last (``solitaire.current``), resumed if it is still being played,
  else a new deal of it.
A time limit (``&limit=``) must match too. Duel links never resume a save.
"""

from __future__ import annotations

from typing import Optional

from game import GameError, read_position

from .query import parse_qs

NO_RESUME = ("duel", "challenge")


def asked(query: str) -> set:
    """The parameter names present in the address query."""
    return set(parse_qs(query.lstrip("?"), keep_blank_values=True))


def wanted_game(query: str, request, current: Optional[str]) -> Optional[str]:
    """The game whose save may be resumed, or None for no resuming."""
    names = asked(query)
    if names & set(NO_RESUME):
        return None
    if "game" in names or "position" in names:
        return request.game
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
    limit = None if request.time_limit is None else round(request.time_limit, 3)
    if game.time_limit != limit:
        return False
    names = asked(query)
    if request.position is not None:
        return _start_matches(slot, request.position)
    if "seed" in names and request.seed is not None:
        return game.seed == request.seed
    if "daily" in names and getattr(request, "daily", None) is not None:
        return game.seed == request.seed  # a daily deal refused (a bad or later day) asks for nothing
    if "position" in names or "seed" in names:
        return False  # a damaged seed or position: a new deal, never an old one
    return game.status == "playing"
