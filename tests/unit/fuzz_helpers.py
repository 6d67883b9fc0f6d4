"""Shared by the tests of JSON from outside and of stored values: random JSON
values and JSON-like text, deep nesting, a recursion limit as tight as the
page's stack, and a stand-in for ``localStorage``."""

from __future__ import annotations

import sys
from contextlib import contextmanager

from hypothesis import strategies as st

json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(10**30), 10**30)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=12),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4),
    max_leaves=40,
)

# Text made of the characters that matter to a JSON scan, with long runs of brackets.
_pieces = st.sampled_from(['"', "\\", "[", "]", "{", "}", ":", ",", "1", "-", "e", ".", " ", "a", "true", '"x"'])
_runs = st.builds(
    lambda c, n: c * n, st.sampled_from(["[", "{", "]", "}", '{"a":', "[[]", "\\", '"']), st.integers(1, 3000)
)
json_like = st.lists(st.one_of(_pieces, _runs, st.text(max_size=4)), max_size=30).map("".join)


def nest(depth: int, open_: str = "[", close: str = "]", inner: str = "") -> str:
    return open_ * depth + inner + close * depth


@contextmanager
def recursion_room(levels: int):
    """Only ``levels`` more frames than this one may be entered (the C JSON
    parser counts each array or object it enters against the same limit)."""
    frame, depth = sys._getframe(), 0
    while frame is not None:
        frame, depth = frame.f_back, depth + 1
    old = sys.getrecursionlimit()
    sys.setrecursionlimit(depth + levels)
    try:
        yield
    finally:
        sys.setrecursionlimit(old)


class FakeStorage:
    """localStorage: strings by key; ``fail`` makes the named methods raise."""

    def __init__(self, fail=()):
        self.items: dict[str, str] = {}
        self.fail = set(fail)

    def _check(self, name):
        if name in self.fail:
            raise RuntimeError(f"SecurityError in {name}")

    def getItem(self, key):
        self._check("getItem")
        return self.items.get(key)

    def setItem(self, key, value):
        self._check("setItem")
        self.items[key] = value

    def removeItem(self, key):
        self._check("removeItem")
        self.items.pop(key, None)
