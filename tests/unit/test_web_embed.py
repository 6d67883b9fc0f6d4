"""The embedding protocol (game/web/embed.py): who may talk to the game,
exactly which commands it acts on, and the events it sends."""

from __future__ import annotations

import json

import pytest

from game import new_game
from game.shuffle import MAX_GAME_NUMBER
from game.web import url
from game.web.embed import Command, event, normalize_origin, origin_allowed, parse_origins, read_command
from game.web.query import parse_qs


@pytest.mark.parametrize(
    "text, origin",
    [
        ("https://a.example", "https://a.example"),
        ("https://a.example/", "https://a.example"),
        ("HTTPS://A.Example", "https://a.example"),
        ("https://a.example:443", "https://a.example"),
        ("http://localhost:8000", "http://localhost:8000"),
        (" http://127.0.0.1:9 ", "http://127.0.0.1:9"),
        ("http://[::1]:8000", "http://[::1]:8000"),
        ("https://a.example/page", None),
        ("https://a.example?x=1", None),
        ("https://user@a.example", None),
        ("javascript:alert(1)", None),
        ("file:///etc", None),
        ("*", None),
        ("a.example", None),
        ("https://", None),
        ("https://a.example:99999", None),
        ("", None),
    ],
)
def test_origins_are_normalised_like_event_origin(text, origin):
    assert normalize_origin(text) == origin


def test_the_allow_list():
    assert parse_origins(None) is None
    assert parse_origins("https://a.example,https://b.example:8443/") == ("https://a.example", "https://b.example:8443")
    assert parse_origins("https://a.example,https://a.example") == ("https://a.example",)
    assert parse_origins("*") == ()  # given but empty: nobody, never everybody
    assert parse_origins("") == ()
    assert origin_allowed("https://evil.example", None)
    assert not origin_allowed("https://evil.example", ("https://a.example",))
    assert not origin_allowed("https://a.example", ())
    assert origin_allowed("https://a.example", ("https://a.example",))


def msg(**fields):
    return {"type": "solitaire", "version": 1, **fields}


@pytest.mark.parametrize(
    "data, command",
    [
        (msg(command="new-game"), Command("new-game")),
        (msg(command="new-game", game="solitario"), Command("new-game", game="solitario")),
        (msg(command="new-game", game="solitario", seed=7), Command("new-game", game="solitario", seed=7)),
        (msg(command="new-game", seed=0), Command("new-game", seed=0)),
        (msg(command="new-game", seed=MAX_GAME_NUMBER), Command("new-game", seed=MAX_GAME_NUMBER)),
        (msg(command="set-language", lang="it"), Command("set-language", lang="it")),
    ],
)
def test_commands_of_the_documented_shape(data, command):
    assert read_command(json.loads(json.dumps(data))) == command


@pytest.mark.parametrize(
    "data",
    [
        None,
        "new-game",
        7,
        [msg(command="new-game")],
        {"command": "new-game"},
        {"type": "solitaire", "command": "new-game"},  # no version
        msg(command="new-game") | {"version": 2},
        msg(command="new-game") | {"version": "1"},
        msg(command="new-game") | {"version": True},
        msg(command="new-game") | {"version": 1.5},
        msg(command="new-game") | {"type": "Solitaire"},
        msg(command="New-Game"),
        msg(command="restart"),
        msg(command=["new-game"]),
        msg(command="new-game", game="klondike"),
        msg(command="new-game", game=None),
        msg(command="new-game", game=7),
        msg(command="new-game", seed="7"),
        msg(command="new-game", seed=7.5),
        msg(command="new-game", seed=True),
        msg(command="new-game", seed=-1),
        msg(command="new-game", seed=MAX_GAME_NUMBER + 1),
        msg(command="new-game", seed=None),
        msg(command="new-game", lang="de"),  # a field of another command
        msg(command="new-game", extra=1),
        msg(command="set-language"),
        msg(command="set-language", lang="fr"),
        msg(command="set-language", lang="DE"),
        msg(command="set-language", lang=["de"]),
        msg(command="set-language", lang="de", game="maria"),
    ],
)
def test_anything_else_is_ignored(data):
    assert read_command(data) is None


def test_events():
    e = event("move", "solitario", 7, "playing", 35, 12, 61.26)
    assert e == {
        "type": "solitaire",
        "version": 1,
        "event": "move",
        "game": "solitario",
        "seed": 7,
        "status": "playing",
        "score": 35,
        "moves": 12,
        "time": 61.3,
    }
    assert json.loads(json.dumps(e)) == e
    assert event("finished", "maria", None, "won", 480, 99, 300)["seed"] is None
    with pytest.raises(ValueError):
        event("crashed", "maria", 1, "won", 0, 0, 0)


# --- the address of an embedded game (game/web/url.py) ------------------------------------------
@pytest.mark.parametrize(
    "search, kept",
    [
        ("?game=maria&embed=1", [("embed", "1")]),
        (
            "?embed=1&origins=https%3A%2F%2Fa.example%2Chttp%3A%2F%2Flocalhost%3A8000&seed=4",
            [("embed", "1"), ("origins", "https://a.example,http://localhost:8000")],
        ),
        ("?embed=1&origins=", [("embed", "1"), ("origins", "")]),  # an empty list allows nobody: kept so
        ("?embed=1&embed=1&origins=x&origins=https://b.example", [("embed", "1"), ("origins", "https://b.example")]),
        ("?game=maria&origins=https://a.example", []),  # not embedded: nothing to keep
        ("?embed=0&origins=https://a.example", []),
        ("?embed=yes", []),
        ("", []),
    ],
)
def test_what_an_embedded_address_keeps(search, kept):
    assert url.embedding(search) == kept


def test_every_address_an_embedded_game_writes_keeps_its_frame():
    kept = url.embedding("?game=lucas&seed=3&embed=1&origins=https://a.example,https://b.example")
    written = [
        url.keeping(url.deal_query("maria", 12, lang="de", time_limit=300), kept),
        url.keeping(url.position_query(new_game("lucas", 2).position.to_json()), kept),
        url.keeping("?duel=abc", kept),
    ]
    for query in written:
        params = parse_qs(query[1:])
        assert params["embed"] == ["1"] and params["origins"] == ["https://a.example,https://b.example"], query
        assert url.embedding(query) == kept
    assert parse_qs(written[0][1:])["game"] == ["maria"] and url.parse_query(written[0]).seed == 12
    assert url.keeping("?game=maria&seed=1", []) == "?game=maria&seed=1"
