"""Moves and steps, and their text form (CONTRACT.md).

A move is ``t3>f1``, ``t3:4>t7``, ``waste>t2``, ``f2>t5``, ``t3>c1``,
``draw``, ``redeal`` or ``deal``. A step is one player action: one or more moves joined by ``+``
(``draw+waste>t4``: the stock's top card played directly; ``t3>t7+t2>f1``: a
move and a card that then went home by itself). A move or a step may carry
the elapsed play time at its end: ``t3>f1@12.5``, ``draw+waste>t4@31``.
"""

from __future__ import annotations

import math
import re
from typing import NamedTuple, Optional

from .errors import BadMoveText

_PILE = r"(?:stock|waste|f[1-9]|c[1-9]|t[1-9]\d?)"
_BARE = rf"(?:(?P<word>draw|redeal|deal)|(?P<src>{_PILE})(?::(?P<count>[1-9]\d{{0,2}}))?>(?P<dst>{_PILE}))"
_AT = r"(?:@(?P<at>\d{1,9}(?:\.\d{1,6})?))?"
_MOVE = re.compile(rf"^{_BARE}{_AT}$")
_BARE_MOVE = re.compile(rf"^{_BARE}$")
_STEP_AT = re.compile(rf"{_AT}$")
MAX_STEP = 160  # moves in one step: a move, and at most every card of two decks going home
_ACTION = re.compile(r"^(?P<word>undo|redo|resign)(?:@(?P<at>\d{1,9}(?:\.\d{1,6})?))?$")


class Move(NamedTuple):
    """A move: ``count`` cards from pile ``src`` to pile ``dst``; or a stock action.

    For ``draw`` and ``redeal`` the word stands in ``src`` and ``dst`` is empty.
    """

    src: str
    dst: str = ""
    count: int = 1

    @property
    def is_stock_action(self) -> bool:
        return not self.dst

    def __str__(self) -> str:
        if not self.dst:
            return self.src
        if self.count == 1:
            return f"{self.src}>{self.dst}"
        return f"{self.src}:{self.count}>{self.dst}"


DRAW = Move("draw")
REDEAL = Move("redeal")
DEAL = Move("deal")  # Spider's stock: a card face up onto every column


def format_time(at: float) -> str:
    return f"{at:.3f}".rstrip("0").rstrip(".")


def parse_move(text: str) -> tuple[Move, Optional[float]]:
    """Parse move text; returns the move and its time (None if it has none)."""
    if not isinstance(text, str):
        raise BadMoveText(f"a move must be text, not {type(text).__name__}")
    m = _MOVE.match(text.strip())
    if not m:
        raise BadMoveText(
            f"{text[:40]!r} is not a move; write e.g. t3>f1, t3:4>t7, waste>t2, t3>c1, draw, redeal or deal"
        )
    at = float(m["at"]) if m["at"] is not None else None
    return _move_of(m), at


def _move_of(m) -> Move:
    if m["word"]:
        return Move(m["word"])
    return Move(m["src"], m["dst"], int(m["count"] or 1))


def parse_step(text: str) -> tuple[tuple[Move, ...], Optional[float]]:
    """Parse step text (moves joined by ``+``, one optional ``@time`` at the
    end); returns the moves and the time (None if it has none)."""
    if not isinstance(text, str):
        raise BadMoveText(f"a move must be text, not {type(text).__name__}")
    body = text.strip()
    at_match = _STEP_AT.search(body)
    at = None
    if at_match and at_match["at"] is not None:
        at = float(at_match["at"])
        body = body[: at_match.start()]
    parts = body.split("+")
    if len(parts) > MAX_STEP:
        raise BadMoveText(f"a step holds at most {MAX_STEP} moves, not {len(parts)}")
    moves = []
    for part in parts:
        m = _BARE_MOVE.match(part)
        if not m:
            raise BadMoveText(
                f"{text[:40]!r} is not a move; write e.g. t3>f1, t3:4>t7, waste>t2, t3>c1, draw, redeal or deal"
            )
        moves.append(_move_of(m))
    return tuple(moves), at


def step_text(moves) -> str:
    """The text of a step: its moves joined by ``+``."""
    return "+".join(str(m) for m in moves)


def parse_action(text: str) -> tuple[str, Optional[float]]:
    """Parse ``undo``, ``redo`` or ``resign`` (with an optional time)."""
    m = _ACTION.match(text.strip()) if isinstance(text, str) else None
    if not m:
        raise BadMoveText(f"{str(text)[:40]!r} is not undo, redo or resign")
    return m["word"], float(m["at"]) if m["at"] is not None else None


def is_action(text) -> bool:
    return isinstance(text, str) and bool(_ACTION.match(text.strip()))


def with_time(text: str, at: Optional[float]) -> str:
    return text if at is None else f"{text}@{format_time(at)}"


MAX_SECONDS = 999_999_999  # what the move text's @time can carry (9 digits)


def check_time(at) -> float:
    if isinstance(at, bool) or not isinstance(at, (int, float)) or not math.isfinite(at) or not 0 <= at <= MAX_SECONDS:
        raise BadMoveText(f"elapsed time must be a number of seconds from 0 to {MAX_SECONDS}, not {str(at)[:24]!r}")
    return float(at)
