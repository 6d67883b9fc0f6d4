"""The page address (game/web/url.py): every malformed value becomes a notice
and a playable default, never an error."""

from __future__ import annotations

import base64
import json
from urllib.parse import quote

import pytest

from game import new_game, read_position
from game.shuffle import MAX_GAME_NUMBER
from game.web.texts import t
from game.web.url import (
    DEFAULT_GAME,
    deal_query,
    decode_position,
    encode_position,
    parse_query,
    position_query,
)


def keys(request):
    return [n.key for n in request.notices]


def test_a_seeded_deal():
    r = parse_query("?game=forty-thieves&seed=42")
    assert (r.game, r.seed, r.position, r.notices) == ("forty-thieves", 42, None, ())


def test_no_query_is_a_random_deal_of_the_default_game():
    r = parse_query("")
    assert (r.game, r.seed, r.notices) == (DEFAULT_GAME, None, ())


@pytest.mark.parametrize("game", ["nope", "", "Reloaded", "klondike-2", "<b>x</b>"])
def test_an_unknown_game_is_a_notice_and_the_default(game):
    r = parse_query("?game=" + quote(game) + "&seed=3")
    assert r.game == DEFAULT_GAME and r.seed == 3
    assert keys(r) == ["error.unknown_game"]
    assert r.notices[0].params["game"] == game[:24]


@pytest.mark.parametrize("seed", ["abc", "-1", "1.5", "", str(MAX_GAME_NUMBER + 1), "9" * 40, "١٢"])
def test_a_bad_seed_is_a_notice_and_a_random_deal(seed):
    r = parse_query("?game=solitario&seed=" + quote(seed))
    assert r.game == "solitario" and r.seed is None
    assert keys(r) == ["error.bad_seed"]


def test_the_largest_game_number_is_accepted():
    assert parse_query(f"?seed={MAX_GAME_NUMBER}").seed == MAX_GAME_NUMBER


def position_json():
    return new_game("maria", 5).position.to_json()


def test_position_as_url_encoded_json_and_as_base64url():
    pos = position_json()
    plain = parse_query("?position=" + quote(json.dumps(pos)))
    packed = parse_query("?position=" + encode_position(pos))
    assert plain.position == pos == packed.position
    assert plain.game == "maria" == packed.game
    assert plain.notices == ()
    assert read_position(packed.position).to_json() == pos


def test_padded_base64_and_the_round_trip_through_the_query():
    pos = position_json()
    padded = base64.urlsafe_b64encode(json.dumps(pos).encode()).decode()
    assert decode_position(padded) == pos
    again = parse_query(position_query(pos))
    assert again.position == pos and again.game == "maria"


@pytest.mark.parametrize("bad", ["", "%%%", "bm90IGpzb24", "{not json", "[1,2]", "WzEsMl0", "x" * 30000])
def test_a_damaged_position_is_a_notice(bad):
    r = parse_query("?game=streets&position=" + quote(bad))
    assert r.position is None and r.game == "streets"
    assert keys(r) == ["error.bad_position"]
    assert r.notices[0].detail


def test_deal_query_round_trip_with_limit_and_language():
    q = deal_query("lucas", 12, lang="de", time_limit=300)
    r = parse_query(q)
    assert (r.game, r.seed, r.time_limit, r.lang) == ("lucas", 12, 300.0, "de")


@pytest.mark.parametrize("limit", ["0", "-5", "x", "1e9", "nan", "inf", "1e-300", "0.05", "59.9"])
def test_a_bad_limit_or_language_is_left_out_with_a_notice_that_says_so(limit):
    """The game is played without them (no limit, the page's own language),
    and the notice names the value and what a good one is."""
    r = parse_query(f"?game=maria&seed=5&limit={limit}&lang=xx")
    assert (r.game, r.seed, r.time_limit, r.lang) == ("maria", 5, None, None)
    assert [(n.key, n.params) for n in r.notices] == [
        ("error.bad_limit", {"limit": limit, "min": 60, "max": 86400}),
        ("error.bad_lang", {"code": "xx", "langs": "en, de, it"}),
    ]
    for lang in ("en", "de", "it"):
        for n in r.notices:
            assert limit in t(lang, n.key, **n.params) or "xx" in t(lang, n.key, **n.params)


@pytest.mark.parametrize("limit", ["60", "180", "86400"])
def test_a_limit_of_a_minute_or_more_is_taken(limit):
    r = parse_query(f"?game=maria&seed=5&limit={limit}")
    assert r.time_limit == float(limit) and r.notices == () and r.refused == frozenset()


def test_the_parameters_refused_are_named():
    r = parse_query("?game=nope&seed=x&position=%7B&limit=0.05&daily=soon&lang=xx")
    assert r.refused == {"game", "seed", "position", "limit", "daily"}
    assert parse_query("?game=maria&daily=soon").refused == {"daily"}


def test_an_empty_limit_or_language_is_no_value_at_all():
    r = parse_query("?game=maria&limit=&lang=")
    assert r.time_limit is None and r.lang is None and r.notices == ()
