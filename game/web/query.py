"""Reading and writing the query part of an address, as ``urllib.parse`` does.

The page reads its address before the first deal, and in Pyodide importing
``urllib.parse`` costs about a fifth of a second (it imports ``ipaddress``,
and the standard library is compiled on import). These few functions give the
same answers for what the game needs: ``parse_qsl`` / ``parse_qs`` with
``keep_blank_values=True``, ``urlencode`` of pairs and ``quote``.
tests/unit/test_web_query.py checks them against ``urllib.parse``.
"""

from __future__ import annotations

import re

# Never escaped, as in urllib.parse (RFC 3986 unreserved characters).
_UNRESERVED = frozenset(b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_.-~")
_ESCAPE = re.compile(rb"%([0-9A-Fa-f]{2})")


def unquote_plus(text: str) -> str:
    """``+`` is a space and ``%XX`` a byte; the bytes are read as UTF-8."""
    text = text.replace("+", " ")
    if "%" not in text:
        return text
    raw = _ESCAPE.sub(lambda m: bytes([int(m.group(1), 16)]), text.encode("utf-8"))
    return raw.decode("utf-8", "replace")


def parse_qsl(query: str, keep_blank_values: bool = True) -> list[tuple[str, str]]:
    """``a=1&b=&c`` as ``[("a", "1"), ("b", ""), ("c", "")]`` (pairs split on ``&``)."""
    pairs = []
    for field in query.split("&"):
        if not field:
            continue
        name, eq, value = field.partition("=")
        if not value and not keep_blank_values:
            continue
        pairs.append((unquote_plus(name), unquote_plus(value)))
    return pairs


def parse_qs(query: str, keep_blank_values: bool = True) -> dict[str, list[str]]:
    """Each name with its values, in the order they come."""
    found: dict[str, list[str]] = {}
    for name, value in parse_qsl(query, keep_blank_values):
        found.setdefault(name, []).append(value)
    return found


def quote(text: str, safe: str = "/") -> str:
    """``text`` as UTF-8 with every byte escaped except letters, digits, ``_.-~``
    and the characters of ``safe``."""
    keep = _UNRESERVED | frozenset(safe.encode("ascii", "ignore"))
    return "".join(chr(b) if b in keep else f"%{b:02X}" for b in text.encode("utf-8"))


def quote_plus(text: str) -> str:
    return quote(text, safe=" ").replace(" ", "+")


def urlencode(pairs) -> str:
    """``[(name, value), ...]`` as ``name=value&...``, spaces as ``+``."""
    return "&".join(f"{quote_plus(str(k))}={quote_plus(str(v))}" for k, v in pairs)
