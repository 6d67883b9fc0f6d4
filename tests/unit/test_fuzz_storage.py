"""Fuzzing every reader of stored values (game/web/storage.py) and the page
address (game/web/url.py): whatever the browser hands back -- any JSON value,
a good value with one part replaced by anything, text that is not JSON, deep
nesting -- a reader gives a value the page can use or a clean "damaged"
answer, and never raises. ``--fuzz-deep`` (tests/fuzz_deep.py) runs them long."""

from __future__ import annotations

import json

from fuzz_helpers import FakeStorage, json_like, json_values, nest, recursion_room
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game import PLAYER_GAMES, new_game
from game.shuffle import MAX_GAME_NUMBER
from game.web import storage
from game.web.stats import Stats, figures
from game.web.storage import CORRUPT, SETTINGS, Slot, Store, save_key, slot_checker
from game.web.url import MAX_LIMIT, Request, encode_position, parse_query

fuzz = settings(deadline=None, suppress_health_check=[HealthCheck.too_slow])
SAVE_GAMES = ("reloaded", "forty-thieves", "retinue")


def played(game_id: str, moves: int = 4):
    game = new_game(game_id, 11)
    for i in range(moves):
        if game.status != "playing":
            break
        game.play(game.legal_moves()[0], 1.0 + i)
    return game


GOOD = {
    storage.SETTINGS_KEY: {
        "lang": "de",
        "faces": "french",
        "back": "red",
        "motion": "off",
        "lost_notice": True,
        "winnable": ["reloaded", "solitario"],
        "winnable_next": {"reloaded": 3},
        "duel_name": "Ann",
    },
    storage.CURRENT_KEY: "maria",
    storage.STATS_KEY: {
        "format": 1,
        "games": {
            "reloaded": {"played": 4, "won": 2, "best_score": 120, "best_time": 300.5, "streak": 1, "best_streak": 2},
            "maria": {"played": 1, "won": 0, "best_score": -5, "best_time": None, "streak": 0, "best_streak": 0},
        },
    },
    **{save_key(g): Slot(played(g), 30.0).to_json() for g in SAVE_GAMES},
}


def reader(key: str):
    if key == storage.SETTINGS_KEY:
        return storage.check_settings
    if key == storage.CURRENT_KEY:
        return storage.check_current
    if key == storage.STATS_KEY:
        return storage.check_stats
    return slot_checker(key[len(storage.SAVE_PREFIX) :])


def assert_usable(key: str, value) -> None:
    """What the page does with each value, done here: it must not raise."""
    if key == storage.SETTINGS_KEY:
        assert isinstance(value, dict)
        for name, check in SETTINGS.items():
            if name in value:
                assert check(value[name]) == value[name]
        assert isinstance(value.get("winnable", []), list)
        for game_id in PLAYER_GAMES:  # what hints.py asks of them
            assert isinstance(game_id in value.get("winnable", []), bool)
            int(dict(value.get("winnable_next", {})).get(game_id, 0))
        json.dumps(value)
    elif key == storage.CURRENT_KEY:
        assert value in PLAYER_GAMES
    elif key == storage.STATS_KEY:
        assert isinstance(value, Stats)
        for game_id in PLAYER_GAMES:
            figures("en", value.record(game_id))
        figures("en", value.total(), whole=True)
        assert Stats.from_json(json.loads(json.dumps(value.to_json()))).to_json() == value.to_json()
    else:
        assert isinstance(value, Slot)
        assert value.game.spec.id == key[len(storage.SAVE_PREFIX) :]
        json.dumps(value.to_json())
        value.game.legal_moves()


def read_back(key: str, raw: str):
    """``Store.read`` of ``raw`` stored under ``key``, with its checks of what
    was set aside; within a recursion room the page's stack would have."""
    backend = FakeStorage()
    backend.items[key] = raw
    store = Store(backend)
    with recursion_room(200):
        value, damaged = store.read(key, reader(key))
    if damaged is True:
        assert value is None
        assert key not in backend.items and backend.items[key + CORRUPT] == raw
    elif damaged:
        assert backend.items[key + CORRUPT] == raw  # the value read, kept to look at
        assert Store(backend).read(key, reader(key)) == (value, False)  # the mended value, in its place
    else:
        assert backend.items[key] == raw and key + CORRUPT not in backend.items
    if value is not None:
        assert_usable(key, value)
    return value, damaged


keys = st.sampled_from(sorted(GOOD))


@fuzz
@given(keys, json_values)
def test_fuzz_every_reader_with_any_json_value(key, value):
    read_back(key, json.dumps(value))


@fuzz
@given(keys, st.one_of(json_like, st.text(max_size=40)))
def test_fuzz_every_reader_with_any_text(key, text):
    read_back(key, text)


@fuzz
@given(keys, st.integers(40, 50_000), st.sampled_from(["[", "{", '{"a":', "[{"]))
def test_fuzz_every_reader_with_deep_nesting(key, depth, opener):
    closer = {"[": "]", "{": "}", '{"a":': "}", "[{": "}]"}[opener]
    read_back(key, opener * depth + closer * depth)
    read_back(key, opener * depth)


def paths(doc, here=()):
    """Every place in a JSON document: the paths to its values."""
    yield here
    if isinstance(doc, dict):
        for k, v in doc.items():
            yield from paths(v, here + (k,))
    elif isinstance(doc, list):
        for i, v in enumerate(doc):
            yield from paths(v, here + (i,))


def replaced(doc, path, value):
    if not path:
        return value
    doc = json.loads(json.dumps(doc))
    parent = doc
    for part in path[:-1]:
        parent = parent[part]
    parent[path[-1]] = value
    return doc


@fuzz
@given(keys, st.data())
def test_fuzz_a_good_value_with_one_part_replaced(key, data):
    good = GOOD[key]
    path = data.draw(st.sampled_from(list(paths(good))), label="path")
    bad = data.draw(json_values, label="replacement")
    value, damaged = read_back(key, json.dumps(replaced(good, path, bad)))
    # Nothing else is lost: the settings and the statistics keep every part
    # the replacement did not touch.
    if key == storage.SETTINGS_KEY and path:
        assert {k: v for k, v in value.items() if k != path[0]} == {k: v for k, v in good.items() if k != path[0]}
        assert damaged in (False, (path[0],))
        assert (path[0] in value) != bool(damaged)
    if key == storage.STATS_KEY and len(path) >= 2 and path[0] == "games":
        others = {g: r for g, r in good["games"].items() if g != path[1]}
        assert {g: r for g, r in value.to_json()["games"].items() if g != path[1]} == others


@fuzz
@given(keys)
def test_fuzz_readers_refuse_only_with_value_errors(key):
    """Called directly (as the tests do), a check refuses with a ValueError
    (``Damaged``, ``GameError`` ...), never a TypeError or a KeyError."""
    check = reader(key)
    for path in paths(GOOD[key]):
        for bad in (None, True, 0, -1, 1.5, "", "x", [], {}, [None], {"": None}, 10**20):
            try:
                check(replaced(GOOD[key], path, bad))
            except ValueError:
                pass


# --- the address ---------------------------------------------------------------------------------
good_position = encode_position(new_game("forty-thieves", 3).position.to_json())
param_values = st.one_of(
    st.text(max_size=20),
    st.sampled_from(["", "reloaded", "maria", "7", "-1", str(MAX_GAME_NUMBER + 1), "1e999", "nan", "inf", "300"]),
    st.sampled_from(["{", good_position, good_position[:-3], "%7B%22game%22%3A"]),
    json_like.map(lambda t: t[:2000]),
    json_values.map(json.dumps),
    st.integers(1, 9_500).map(lambda n: '{"piles":' + nest(n) + "}"),
)
names = st.sampled_from(["game", "seed", "position", "limit", "lang", "duel", "embed", "", "x"])
queries = st.lists(st.tuples(names, param_values), max_size=6).map(
    lambda pairs: "?" + "&".join(f"{k}={v}" for k, v in pairs)
)


@fuzz
@given(st.one_of(queries, st.text(max_size=60)))
def test_fuzz_the_address(query):
    with recursion_room(200):
        request = parse_query(query)
    assert isinstance(request, Request)
    assert request.game in PLAYER_GAMES
    assert request.seed is None or 0 <= request.seed <= MAX_GAME_NUMBER
    assert request.position is None or isinstance(request.position, dict)
    assert request.time_limit is None or 0 < request.time_limit <= MAX_LIMIT
    assert request.lang in (None, "en", "de", "it")


def test_the_known_deep_address_is_a_notice():
    """Finding 2: 9,000 nested arrays in ?position= under the length limit
    raised a RecursionError out of parse_query."""
    query = "?position=" + "{%22piles%22:" + nest(9_000) + "}"
    with recursion_room(200):
        request = parse_query(query)
    assert request.position is None
    assert [n.key for n in request.notices] == ["error.bad_position"]
    assert "nested too deeply" in request.notices[0].detail
