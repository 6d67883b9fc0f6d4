"""JSON from outside, read within bounds.

``json.loads`` recurses once per nested array or object. In CPython a deep
enough text raises ``RecursionError``; in Pyodide it can exhaust the
WebAssembly stack first, which is a fatal error of the whole runtime, not an
exception anyone can catch. So every JSON text that comes from outside the
program -- an address, a duel link, the browser's storage, a message from the
host page, a file -- goes through ``loads`` here: a scan without recursion
bounds its size, its depth and the length of its numbers, and only then is it
parsed.

    >>> loads('{"piles": {"t1": ["AS"]}}')
    {'piles': {'t1': ['AS']}}
    >>> loads("[" * 100 + "]" * 100)
    Traceback (most recent call last):
    ...
    game.jsonsafe.JsonRefused: the JSON is nested too deeply (more than 32 levels)

The scan costs a few passes of ``str`` methods over the text (C loops, no
Python loop per character) over its UTF-8 bytes: escapes and then strings
are cut out, every byte but brackets is dropped, and then each pass
removes the innermost ``[]`` and ``{}`` pairs, one level of nesting a pass.
Brackets that do not pair up count as deep as they could go, so a text the
parser would refuse anyway cannot make it recurse on its way to the error.
"""

from __future__ import annotations

import json
import re

from .errors import GameError

MAX_DEPTH = 32  # the game's own JSON (a save, a duel link) nests at most 5 levels
MAX_CHARS = 2_000_000  # a long game's save is a few tens of thousands
MAX_NUMBER = 40  # characters of one number: a float's repr is at most 24

_ESCAPE = re.compile(rb"\\.", re.DOTALL)  # a backslash and the character it escapes
_NOT_BRACKETS = bytes(c for c in range(256) if c not in b"[]{}")
_NUMBER_CHARS = bytes(ord("0") if chr(c) in "-+0123456789.eE" else ord(" ") for c in range(256))
_LONG_NUMBER = b"0" * (MAX_NUMBER + 1)


class JsonRefused(GameError):
    """JSON text over the bounds: too long, nested too deep, or a number too long.
    (A ``GameError``, so a ``ValueError`` too: callers that catch either catch it.)"""


def check(text: str, max_depth: int = MAX_DEPTH, max_chars: int = MAX_CHARS) -> None:
    """Raise ``JsonRefused`` if ``text`` is over the bounds; return None if
    the parser may read it (it may still be invalid JSON)."""
    if not isinstance(text, str):
        raise JsonRefused(f"JSON must be text, not {type(text).__name__}")
    if len(text) > max_chars:
        raise JsonRefused(f"the JSON is too long ({len(text)} characters; at most {max_chars})")
    # In UTF-8 no byte of a multi-byte character is ASCII, so the scan reads bytes.
    data = text.encode("utf-8", "surrogatepass")
    # Outside strings: with escapes taken out, every other quote opens a string.
    # (A backslash outside a string is an error the parser stops at, before
    # anything it could hide.)
    if b"\\" in data:
        data = _ESCAPE.sub(b"", data)
    if b'"' in data:
        data = b"".join(data.split(b'"')[0::2])
    if _LONG_NUMBER in data.translate(_NUMBER_CHARS):
        raise JsonRefused(f"the JSON holds a number longer than {MAX_NUMBER} characters")
    brackets = data.translate(None, _NOT_BRACKETS)
    passes = 0
    while brackets and passes < max_depth:
        inner = brackets.replace(b"[]", b"").replace(b"{}", b"")
        if inner == brackets:
            break  # brackets that do not pair up: invalid, but how deep would the parser go?
        brackets = inner
        passes += 1
    # Each pass took off one level of every chain of pairs; what is left can
    # still open as many levels as it has opening brackets.
    if passes + brackets.count(b"[") + brackets.count(b"{") > max_depth:
        raise JsonRefused(f"the JSON is nested too deeply (more than {max_depth} levels)")


def loads(text: str, *, max_depth: int = MAX_DEPTH, max_chars: int = MAX_CHARS, **options):
    """``json.loads(text, **options)`` once ``check`` has passed it.

    Raises ``JsonRefused`` over the bounds, ``json.JSONDecodeError`` (a
    ``ValueError``) for text that is not JSON, and ``ValueError`` for what
    the parser refuses beyond that. ``NaN`` and ``Infinity``, which are not
    JSON, are refused unless ``parse_constant`` is given."""
    check(text, max_depth, max_chars)
    options.setdefault("parse_constant", _no_constant)
    try:
        return json.loads(text, **options)
    except RecursionError:  # cannot happen within MAX_DEPTH; kept as a last guard
        raise JsonRefused("the JSON is nested too deeply") from None


def _no_constant(name: str):
    raise JsonRefused(f"{name} is not a JSON value")
