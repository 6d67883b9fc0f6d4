"""game/web/query.py gives urllib.parse's answers (the page uses it to avoid
urllib.parse's import cost in Pyodide)."""

from __future__ import annotations

import urllib.parse

from hypothesis import given, settings
from hypothesis import strategies as st

from game.web import query

# Text as addresses hold it: plain, escaped, "+", "&", "=", broken escapes, any Unicode.
pieces = st.sampled_from(
    [
        "a",
        "Z",
        "0",
        "-",
        "_",
        ".",
        "~",
        "+",
        " ",
        "&",
        "=",
        "%",
        "%2",
        "%41",
        "%e2%82",
        "%E2%82%AC",
        "%zz",
        "%C3",
        "é",
        "€",
        "😀",
        "?",
        "#",
        "/",
        ":",
        ";",
        "%%",
        "%0A",
    ]
)
address_text = st.lists(st.one_of(pieces, st.text(max_size=3)), max_size=12).map("".join)


@settings(max_examples=400, deadline=None)
@given(address_text)
def test_reading_a_query_matches_urllib(text):
    assert query.parse_qsl(text) == urllib.parse.parse_qsl(text, keep_blank_values=True)
    assert query.parse_qs(text) == urllib.parse.parse_qs(text, keep_blank_values=True)
    assert query.unquote_plus(text) == urllib.parse.unquote_plus(text)


@settings(max_examples=300, deadline=None)
@given(st.lists(st.tuples(st.text(max_size=8), st.text(max_size=8)), max_size=5))
def test_writing_a_query_matches_urllib_and_reads_back(pairs):
    written = query.urlencode(pairs)
    assert written == urllib.parse.urlencode(pairs)
    assert query.parse_qsl(written) == pairs


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=20), st.sampled_from(["/", "", " =:/\"'", "~!*"]))
def test_quote_matches_urllib(text, safe):
    assert query.quote(text, safe=safe) == urllib.parse.quote(text, safe=safe)


def test_examples():
    assert query.parse_qs("game=reloaded&seed=7&lang") == {"game": ["reloaded"], "seed": ["7"], "lang": [""]}
    assert (
        query.urlencode([("game", "forty-thieves"), ("position", "a b+c/é")])
        == "game=forty-thieves&position=a+b%2Bc%2F%C3%A9"
    )
