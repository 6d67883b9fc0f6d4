"""Fuzzing which saved game an address resumes (game/web/url.py and
game/web/resume.py, issue 41): whatever a parameter holds, one the page
refuses is read as if it were not there, so a game in play is never
replaced by a bad link (nor counted lost: the page counts a game in play only
when the address does not resume it). ``--fuzz-deep`` runs it long."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game import new_game
from game.web import resume
from game.web.query import quote
from game.web.storage import Slot
from game.web.url import encode_position, parse_query

fuzz = settings(deadline=None, suppress_health_check=[HealthCheck.too_slow])
NAMES = ("game", "seed", "position", "limit", "daily", "lang", "duel")
GOOD = {
    "game": ["maria", "reloaded"],
    "seed": ["7", "8"],
    "position": [encode_position(new_game("maria", 7).position.to_json())],
    "limit": ["300"],
    "daily": ["2025-01-01"],
    "lang": ["de"],
    "duel": [],
}


def in_play() -> Slot:
    game = new_game("maria", 7)
    game.play(game.legal_moves()[0], 1.0)
    return Slot(game, 3.0)


values = st.one_of(
    st.text(max_size=30),
    st.sampled_from(["", "-1", "0.05", "1e-300", "nan", "{", "[]", "99999999999999999", "s1.abc", "\u200b7"]),
)


@st.composite
def addresses(draw):
    params = {}
    for name in draw(st.lists(st.sampled_from(NAMES), unique=True, max_size=4)):
        good = GOOD[name]
        params[name] = draw(st.sampled_from(good) if good and draw(st.booleans()) else values)
    return "?" + "&".join(f"{k}={quote(v, safe='')}" for k, v in params.items())


def without(query: str, names) -> str:
    pairs = [p for p in query.lstrip("?").split("&") if p and p.partition("=")[0] not in names]
    return "?" + "&".join(pairs) if pairs else ""


@fuzz
@given(addresses())
def test_fuzz_a_refused_parameter_is_read_as_absent(query):
    request = parse_query(query, today="2026-01-01")
    plain = without(query, request.refused)
    plain_request = parse_query(plain, today="2026-01-01")
    assert plain_request.refused == frozenset()
    slot = in_play()
    for current in ("maria", "reloaded", None):
        wanted = resume.wanted_game(query, request, current)
        assert wanted == resume.wanted_game(plain, plain_request, current)
        if wanted == "maria":
            assert resume.matches(slot, query, request) == resume.matches(slot, plain, plain_request)


@fuzz
@given(st.sampled_from(("seed", "position", "limit", "daily", "game")), values)
def test_fuzz_a_bad_value_alone_never_replaces_the_game_in_play(name, value):
    """The game played last is in play: an address with only a refused
    value (and maybe its game) resumes it."""
    for query in (f"?{name}={quote(value, safe='')}", f"?game=maria&{name}={quote(value, safe='')}"):
        request = parse_query(query, today="2026-01-01")
        if name not in request.refused:
            continue  # a good value after all ("7", "300"...)
        assert resume.wanted_game(query, request, "maria") == "maria"
        assert resume.matches(in_play(), query, request)
