"""Solitaire rules engine: nineteen games as data, plain Python, no browser.

>>> from game import new_game
>>> g = new_game("reloaded", seed=1)
>>> [c.cards for c in g.play("draw@2")]   # moves are CONTRACT.md text; @ gives elapsed seconds
[('9D',)]
>>> g.score(), g.status, [str(m) for m in g.legal_moves()]
(0, 'playing', ['waste>t3', 't3>t4', 'draw'])
"""

from .catalog import ALL_PLAYER_GAMES, GAMES, PLAYER_GAMES, get_spec, read_position
from .errors import (
    BadMoveText,
    GameError,
    IllegalMove,
    InvalidChallenge,
    InvalidPosition,
    InvalidSave,
    UnknownGame,
)
from .moves import DEAL, DRAW, REDEAL, Move, parse_move
from .play import STATUSES, Game
from .position import Position


def new_game(game_id: str, seed: int, time_limit=None, stall_notice: bool = False) -> Game:
    """Deal game number ``seed`` of ``game_id`` (``Game`` explains ``stall_notice``)."""
    return Game.new(game_id, seed, time_limit=time_limit, stall_notice=stall_notice)


def deal(game_id: str, seed: int) -> Position:
    """The opening position of game number ``seed``."""
    return Game.new(game_id, seed).start


__all__ = [
    "GAMES",
    "PLAYER_GAMES",
    "ALL_PLAYER_GAMES",
    "get_spec",
    "read_position",
    "Game",
    "Position",
    "Move",
    "DEAL",
    "DRAW",
    "REDEAL",
    "parse_move",
    "new_game",
    "deal",
    "STATUSES",
    "GameError",
    "IllegalMove",
    "InvalidPosition",
    "InvalidSave",
    "UnknownGame",
    "BadMoveText",
    "InvalidChallenge",
]
