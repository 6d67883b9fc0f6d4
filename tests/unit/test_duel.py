"""Duel links (issue 6): encode/decode, refusals, replay, ranking, CLI verify.

Tokens with chosen contents are built here with ``pack``, written from the
format in game/duel.py's docstring (not with the module's own encoder), so a
test also checks that the documented format is the real one.
"""

from __future__ import annotations

import base64
import json
import math
import random
import subprocess
import sys
import zlib

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import game
from game import PLAYER_GAMES, Game, GameError, InvalidChallenge, cli, duel
from game.duel import Challenge, Run, decode_challenge, encode_challenge, ranking, verify

# --- helpers --------------------------------------------------------------------------


def pack(payload, tag="s2.", raw: bytes | None = None, crc_tag: str | None = None) -> str:
    """A token as game/duel.py documents it (JSON → raw DEFLATE, CRC-32 of tag + DEFLATE first)."""
    data = (
        raw
        if raw is not None
        else json.dumps(payload, ensure_ascii=False, sort_keys=True, separators=(",", ":")).encode("utf-8")
    )
    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    body = packer.compress(data) + packer.flush()
    crc = zlib.crc32((crc_tag or tag).encode() + body).to_bytes(4, "big")
    return tag + base64.urlsafe_b64encode(crc + body).decode().rstrip("=")


def unpack(token: str) -> dict:
    text = token.split(".", 1)[1]
    raw = base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
    return json.loads(zlib.decompress(raw[4:], -15))


def payload(runs=None, g="solitario", s=2, l=300):  # noqa: E741
    if runs is None:
        runs = [{"n": "Ann", "m": "t5>f1", "t": [30]}]
    return {"g": g, "l": l, "r": runs, "s": s}


def refused(token, *words):
    with pytest.raises(InvalidChallenge) as info:
        decode_challenge(token)
    message = str(info.value)
    for word in words:
        assert word.lower() in message.lower(), message
    return message


def playout(game_id, seed, actions, time_limit=None, rng=None, step=(10, 60)):
    """A game of random legal play with human-like times (tenths of seconds,
    plus a few thousandths so that the link's rounding is exercised)."""
    rng = rng or random.Random(seed)
    g = Game.new(game_id, seed, time_limit=time_limit)
    t = 0.0
    while g.status == "playing" and g.actions < actions:
        t = round(t + rng.randint(*step) / 10 + rng.randint(0, 99) / 1000, 3)
        if time_limit is not None and t >= time_limit:
            break
        if g.undo_steps and rng.random() < 0.05:
            g.undo(t)
            continue
        moves = g.legal_moves()
        progress = [m for m in moves if not m.is_stock_action]
        g.play(rng.choice(progress if progress and rng.random() < 0.8 else moves), t)
    return g


def finish(g: Game) -> Game:
    """End a game the way a link's replay ends a run that stopped playing."""
    if g.status == "playing":
        if g.time_limit is not None:
            g.expire(g.time_limit)
        else:
            g.resign(g.clock)
    return g


def link(*games_and_names) -> str:
    return encode_challenge([Run.from_game(name, g) for name, g in games_and_names])


@pytest.fixture(scope="module")
def token():
    return link(("Ann", playout("reloaded", 11, 40, time_limit=300)))


# --- round trip -----------------------------------------------------------------------


def test_error_is_a_game_error():
    assert issubclass(InvalidChallenge, GameError)
    assert game.InvalidChallenge is InvalidChallenge


def test_token_shape(token):
    assert token.startswith("s2.")
    assert all(c.isascii() and (c.isalnum() or c in "-_") for c in token[3:])
    data = unpack(token)
    assert sorted(data) == ["g", "l", "r", "s"]
    assert sorted(data["r"][0]) == ["m", "n", "t"]
    assert "score" not in json.dumps(data)


def test_round_trip_keeps_the_runs(token):
    challenge = decode_challenge(token)
    assert (challenge.game, challenge.seed, challenge.time_limit) == ("reloaded", 11, 300)
    assert encode_challenge(challenge) == token
    assert challenge.token() == token


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    game_id=st.sampled_from(PLAYER_GAMES),
    seed=st.integers(0, 2**53 - 1),
    limit=st.sampled_from(duel.TIME_LIMITS),
    data=st.data(),
)
def test_round_trip_of_random_legal_playouts(game_id, seed, limit, data):
    g = Game.new(game_id, seed, time_limit=limit)
    t = 0.0
    for _ in range(data.draw(st.integers(0, 50), label="length")):
        t = round(t + data.draw(st.integers(0, 80), label="tenths") / 10 + data.draw(st.integers(0, 99)) / 1000, 3)
        if g.status != "playing" or (limit is not None and t >= limit):
            break
        options = [str(m) for m in g.legal_moves()]
        if g.undo_steps:
            options.append("undo")
        if g.redo_steps:
            options.append("redo")
        options.append("resign")
        g.act(f"{data.draw(st.sampled_from(options), label='action')}@{t}")
    run = Run.from_game("Ann", g)
    token = encode_challenge([run])
    back = decode_challenge(token)
    assert encode_challenge(back) == token
    (got,) = back.runs
    assert [a.split("@")[0] for a in got.actions] == [a.split("@")[0] for a in g.log]
    for mine, theirs in zip(g.log, got.actions):  # times rounded down to a tenth
        exact, tenth = float(mine.split("@")[1]), float(theirs.split("@")[1])
        assert tenth <= exact < tenth + 0.1 + 1e-9
    # The replay gives the score, status and timeline the player saw.
    (result,) = verify(back).players
    finish(g)
    assert (result.score, result.status) == (g.score(), g.status)
    assert result.final_score_move == g.final_score_action()
    assert [(e.action, e.points) for e in result.timeline] == [(e.action, e.points) for e in g.timeline]
    assert result.moves == sum(1 for a in g.log if not a.startswith("resign"))


def test_reply_link_carries_both_runs_and_both_sides_agree(token):
    # The receiver opens the challenge, plays the same deal, and replies.
    challenge = decode_challenge(token)
    mine = challenge.new_game()
    assert mine.start == Game.new("reloaded", 11).start and mine.time_limit == 300
    bea = playout("reloaded", 11, 30, time_limit=300, rng=random.Random(5))
    reply = encode_challenge(challenge.add_run(Run.from_game("Bea", bea)))
    # The challenger opens the reply.
    both = decode_challenge(reply)
    assert [r.name for r in both.runs] == ["Ann", "Bea"]
    assert both.runs[0] == challenge.runs[0]
    receiver_side = verify(challenge.add_run(Run.from_game("Bea", bea)))
    challenger_side = verify(reply)
    assert receiver_side.to_json() == challenger_side.to_json()
    assert sorted(challenger_side.ranking.order) == ["Ann", "Bea"]


def test_pass_and_play_on_one_device():
    c = Challenge("solitario", 4, 300)
    for i, name in enumerate(["Ann", "Bea", "Cy"]):
        c = c.add_run(Run.from_game(name, playout("solitario", 4, 25, time_limit=300, rng=random.Random(i))))
    here = verify(c)
    assert verify(encode_challenge(c)).to_json() == here.to_json()
    scores = [p.score for p in here.players]
    assert len(here.ranking.order) == 3
    ranked = {p.name: p for p in here.players}
    assert [ranked[n].score for n in here.ranking.order] == sorted(scores, reverse=True)


def test_runs_of_other_deals_do_not_mix():
    a = Run.from_game("Ann", playout("solitario", 4, 5, time_limit=300))
    b = Run.from_game("Bea", playout("solitario", 5, 5, time_limit=300))
    c = Run.from_game("Cy", playout("solitario", 4, 5, time_limit=600))
    for other in (b, c):
        with pytest.raises(InvalidChallenge, match="another deal"):
            encode_challenge([a, other])


def test_encode_refuses_what_decode_would():
    with pytest.raises(InvalidChallenge, match="cannot be replayed"):
        encode_challenge([Run("Ann", "solitario", 2, 300, ("t1>f1@3",))])
    with pytest.raises(InvalidChallenge, match="back in time"):
        encode_challenge([Run("Ann", "solitario", 2, 300, ("draw@5", "draw@4"))])
    with pytest.raises(InvalidChallenge, match="at least one run"):
        encode_challenge([])
    with pytest.raises(InvalidChallenge, match="dealt by number"):
        Run.from_game("Ann", Game(Game.new("solitario", 2).start))


# --- tampering --------------------------------------------------------------------------


def test_every_changed_character_is_refused(token):
    alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
    for i in range(3, len(token)):
        c = alphabet[(alphabet.index(token[i]) + 1 + i % 63) % 64]
        refused(token[:i] + c + token[i + 1 :])


def test_every_flipped_bit_is_refused(token):
    raw = bytearray(base64.urlsafe_b64decode(token[3:] + "=" * (-len(token[3:]) % 4)))
    for i in range(len(raw)):
        for bit in (0, 3, 7):
            bad = bytearray(raw)
            bad[i] ^= 1 << bit
            refused("s2." + base64.urlsafe_b64encode(bytes(bad)).decode().rstrip("="))


def test_every_truncation_is_refused(token):
    for n in range(len(token)):
        with pytest.raises(InvalidChallenge):
            decode_challenge(token[:n])
    refused(token[: len(token) // 2], "damaged or incomplete")


def test_extra_characters_are_refused(token):
    for extra in ("A", "AA", "AAAA", "xyz", "."):
        with pytest.raises(InvalidChallenge):
            decode_challenge(token + extra)
    refused(token.replace("s2.", "s2.!", 1), "damaged")
    raw = base64.urlsafe_b64decode(token[3:] + "=" * (-len(token[3:]) % 4))
    refused("s2." + base64.urlsafe_b64encode(raw + b"\0").decode().rstrip("="), "damaged")


def test_unknown_versions_are_refused(token):
    refused("s3." + token[3:], "version 3", "newer")
    refused("s0." + token[3:], "version 0", "older")
    refused("s9999." + token[3:], "version 9999")
    refused(pack(payload(), tag="s3."), "version 3")
    refused("s1." + token[3:], "checksum")  # version 1's checksum covers its own tag
    refused("x1." + token[3:], "not a duel link")
    refused(token[3:], "not a duel link")
    refused("s01." + token[3:], "not a duel link")


def test_a_wrong_checksum_is_refused():
    good = pack(payload())
    assert decode_challenge(good).runs[0].actions == ("t5>f1@3",)
    refused(pack(payload(), crc_tag="s1."), "checksum")


def test_an_illegal_move_is_refused():
    assert decode_challenge(pack(payload()))
    refused(pack(payload([{"n": "Ann", "m": "t1>f1", "t": [30]}])), "Ann's action 1", "cannot be replayed")
    refused(pack(payload([{"n": "Ann", "m": "draw t7>t1", "t": [10, 10]}])), "action 2 (t7>t1@2)")
    refused(pack(payload([{"n": "Ann", "m": "undo", "t": [10]}])), "no undo")
    refused(pack(payload([{"n": "Ann", "m": "fly", "t": [10]}])), "not a move")
    refused(pack(payload([{"n": "Ann", "m": "t5>f1@3", "t": [30]}])), "not written as a link")
    refused(pack(payload([{"n": "Ann", "m": "t5:1>f1", "t": [30]}])), "not written as a link")
    refused(pack(payload([{"n": "Ann", "m": "draw  draw", "t": [1, 1, 1]}])), "not a move")
    refused(pack(payload([{"n": "Ann", "m": " draw", "t": [1, 1]}])), "not a move")


def test_the_other_runs_are_checked_too():
    good = {"n": "Ann", "m": "t5>f1", "t": [30]}
    refused(pack(payload([good, {"n": "Bea", "m": "t2>f1", "t": [30]}])), "Bea's action 1")


def test_actions_after_the_end_are_refused():
    refused(pack(payload([{"n": "Ann", "m": "draw resign draw", "t": [10, 10, 10]}])), "over (resigned)")
    refused(pack(payload([{"n": "Ann", "m": "draw t5>f1", "t": [10, 2990]}])), "over (time-up)")
    refused(pack(payload([{"n": "Ann", "m": "draw", "t": [1800]}], l=180)), "over (time-up)")
    assert decode_challenge(pack(payload([{"n": "Ann", "m": "draw", "t": [1799]}], l=180)))


def test_a_forged_score_is_refused():
    ok = {"n": "Ann", "m": "t5>f1", "t": [30]}
    refused(pack({**payload([ok]), "score": 9999}), "'score'", "does not know")
    refused(pack(payload([{**ok, "score": 9999}])), "'score'", "does not know")
    refused(pack(payload([{**ok, "p": [9999]}])), "'p'")


def test_missing_fields_are_refused():
    full = payload()
    for key in full:
        refused(pack({k: v for k, v in full.items() if k != key}), f"lacks a field '{key}'")
    for key in "nmt":
        run = {k: v for k, v in full["r"][0].items() if k != key}
        refused(pack(payload([run])), f"'{key}'")


@pytest.mark.parametrize(
    "field, value, words",
    [
        ("g", "chess", ("unknown game 'chess'",)),
        ("g", "spider-3", ("unknown game",)),
        ("g", 3, ("unknown game",)),
        ("s", -1, ("deal number",)),
        ("s", 2**53, ("deal number",)),
        ("s", "2", ("deal number",)),
        ("s", True, ("deal number",)),
        ("s", 2.0, ("deal number",)),
        ("l", 250, ("time limit",)),
        ("l", "300", ("time limit",)),
        ("l", 0, ("time limit",)),
        ("l", True, ("time limit",)),
        ("r", [], ("no runs",)),
        ("r", {"n": "Ann"}, ("no runs",)),
        ("r", ["Ann"], ("not a run",)),
    ],
)
def test_wrong_fields_are_refused(field, value, words):
    refused(pack({**payload(), field: value}), *words)


@pytest.mark.parametrize(
    "run, words",
    [
        ({"n": 5, "m": "", "t": []}, ("name must be text",)),
        ({"n": "Ann", "m": ["t5>f1"], "t": [30]}, ("moves must be text",)),
        ({"n": "Ann", "m": "t5>f1", "t": "30"}, ("times must be a list",)),
        ({"n": "Ann", "m": "t5>f1", "t": [30, 1]}, ("1 actions but 2 times",)),
        ({"n": "Ann", "m": "t5>f1", "t": []}, ("1 actions but 0 times",)),
        ({"n": "Ann", "m": "t5>f1", "t": [-1]}, ("whole number",)),
        ({"n": "Ann", "m": "t5>f1", "t": [3.5]}, ("whole number",)),
        ({"n": "Ann", "m": "t5>f1", "t": [True]}, ("whole number",)),
        ({"n": "Ann", "m": "t5>f1", "t": [None]}, ("whole number",)),
        ({"n": "Ann", "m": "draw t5>f1", "t": [10, 24 * 36000]}, ("24 hours",)),
    ],
)
def test_wrong_run_fields_are_refused(run, words):
    refused(pack(payload([run], l=None)), *words)


@pytest.mark.parametrize(
    "name, words",
    [
        ("", ("empty",)),
        ("   ", ("empty",)),
        ("A" * 25, ("at most 24",)),
        (" Ann", ("space",)),
        ("Ann\n", ("space",)),
        ("An\nn", ("U+000A",)),
        ("An\x00n", ("U+0000",)),
        ("An\x1bn", ("U+001B",)),
        ("\u202eAnn", ("U+202E",)),
        ("An\u2028n", ("U+2028",)),
        ("An\u00a0n", ("U+00A0",)),
    ],
)
def test_unfit_names_are_refused(name, words):
    refused(pack(payload([{"n": name, "m": "t5>f1", "t": [30]}])), *words)
    with pytest.raises(InvalidChallenge):
        Run(name, "solitario", 2, 300, ())


def test_fit_names():
    for name in ("A", "A" * 24, "José Müller", "王小明", "Anne-Marie O'Neil", "👩\u200d👩\u200d👧"):
        assert decode_challenge(pack(payload([{"n": name, "m": "t5>f1", "t": [30]}]))).runs[0].name == name


def test_two_players_of_one_name_are_refused():
    runs = [{"n": "Ann", "m": "t5>f1", "t": [30]}, {"n": "ANN", "m": "draw", "t": [30]}]
    refused(pack(payload(runs)), "two players are named 'Ann'")
    c = decode_challenge(pack(payload(runs[:1])))
    with pytest.raises(InvalidChallenge, match="named"):
        c.add_run(Run("ann", "solitario", 2, 300, ()))


def test_sizes_are_bounded():
    runs = [{"n": f"P{i}", "m": "", "t": []} for i in range(duel.MAX_RUNS + 1)]
    refused(pack(payload(runs)), f"at most {duel.MAX_RUNS} players")
    assert len(decode_challenge(pack(payload(runs[:-1]))).runs) == duel.MAX_RUNS
    n = duel.MAX_ACTIONS + 1
    refused(
        pack(payload([{"n": "Ann", "m": " ".join(["draw"] * n), "t": [1] * n}], l=None)), f"at most {duel.MAX_ACTIONS}"
    )
    # A small link that unpacks to a huge payload (a "zip bomb").
    bomb = pack(None, raw=b" " * (duel.MAX_PAYLOAD + 10))
    assert len(bomb) < 2000
    refused(bomb, "too much")
    refused("s2." + "A" * (duel.MAX_TOKEN + 1), "too long")
    with pytest.raises(InvalidChallenge, match="at most"):
        encode_challenge([Run("Ann", "solitario", 2, None, ("draw@1",) * n)])


def test_unreadable_contents_are_refused():
    refused(pack(None, raw=b"not json"), "not readable")
    refused(pack(None, raw=b"\xff\xfe"), "not readable")
    refused(pack(None, raw=b"[1, 2]"), "not a duel")
    refused(pack(None, raw=b'{"g": "solitario", "g": "reloaded", "l": 300, "r": [], "s": 1}'), "twice")
    refused(pack(None, raw=b'{"g": "solitario", "l": NaN, "r": [], "s": 1}'), "not readable")
    refused(pack(None, raw=b'{"g":' + b"[" * 100_000 + b"]" * 100_000 + b"}"), "nested too deeply")


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**60), 2**60) | st.floats(allow_nan=False) | st.text(max_size=12),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.sampled_from("glrsnmtx"), inner, max_size=4),
    max_leaves=12,
)


@settings(max_examples=150, deadline=None)
@given(field=st.sampled_from(["g", "l", "r", "s", "n", "m", "t", None]), value=json_values)
def test_any_contents_are_read_or_refused_never_crash(field, value):
    run = {"n": "Ann", "m": "t5>f1", "t": [30]}
    if field is None:
        data = value
    elif field in "nmt":
        data = payload([{**run, field: value}])
    else:
        data = {**payload([run]), field: value}
    try:
        decode_challenge(pack(data))
    except InvalidChallenge:
        pass


@settings(max_examples=150, deadline=None)
@given(text=st.text(max_size=60))
def test_any_text_is_read_or_refused_never_crash(text):
    for candidate in (text, "s1." + text, "?duel=" + text):
        try:
            decode_challenge(candidate)
        except InvalidChallenge:
            pass


# --- links in addresses ----------------------------------------------------------------


def test_token_in_a_page_address(token):
    for text in (
        f"https://example.org/solitaire/index.html?duel={token}",
        f"https://example.org/index.html?lang=de&duel={token}&x=1",
        f"index.html#duel={token}",
        f"?duel={token}",
        f"  {token}\n",
        token[:40] + "\n" + token[40:],  # broken over lines by a mail program
    ):
        assert decode_challenge(text).seed == 11
    refused("https://example.org/index.html?game=reloaded&seed=3", "no duel=")
    refused("https://example.org/index.html?duel=", "not a duel link")
    refused("", "empty")
    refused("hello", "not a duel link")
    with pytest.raises(InvalidChallenge, match="must be text"):
        decode_challenge(None)


# --- replay: statuses, time limits --------------------------------------------------------


def test_time_limits():
    assert duel.TIME_LIMITS == (180, 300, 600, None)
    assert duel.default_time_limit("reloaded") == duel.default_time_limit("solitario") == 300
    assert duel.default_time_limit("forty-thieves") is None
    assert duel.check_time_limit(300.0) == 300
    for bad in (0, 60, 250, 301, 1e9, -300, True, "300", math.nan):
        with pytest.raises(InvalidChallenge, match="time limit"):
            duel.check_time_limit(bad)
    with pytest.raises(InvalidChallenge, match="time limit"):
        Run.from_game("Ann", Game.new("reloaded", 1, time_limit=250))


def test_a_timed_run_that_stops_ends_at_the_limit():
    g = playout("reloaded", 21, 60, time_limit=300)
    assert g.status == "playing" and g.clock < 300
    (result,) = verify(link(("Ann", g))).players
    assert result.status == "time-up" and result.end_time == 300
    g.expire(300)
    assert result.score == g.score() == max(0, g.points - g.undo_costs - 2 * 30)


def test_an_untimed_run_that_stops_counts_as_resigned_at_its_last_action():
    g = playout("reloaded", 21, 60)
    last = g.clock
    (result,) = verify(link(("Ann", g))).players
    assert result.status == "resigned" and result.end_time == math.floor(last * 10) / 10
    assert result.score == g.score()
    assert result.moves == 60


def test_won_stalled_and_resigned_runs_keep_their_status():
    retinue = playout("retinue", 1, 200, time_limit=600)
    assert retinue.status in ("won", "stalled")
    (result,) = verify(link(("Ann", retinue))).players
    assert (result.status, result.score) == (retinue.status, retinue.score())
    g = playout("solitario", 3, 10, time_limit=300)
    g.resign(g.clock + 1)
    (result,) = verify(link(("Ann", g))).players
    assert (result.status, result.score, result.moves) == ("resigned", g.score(), 10)


def test_rounding_times_down_never_changes_a_score():
    # Reloaded loses 2 points at every full 10 s: an action at 19.99 s stays before it.
    g = Game.new("reloaded", 1, time_limit=300)
    move = next(m for m in g.legal_moves() if not m.is_stock_action)
    g.play(move, 19.99)
    g.resign(29.999)
    (result,) = verify(link(("Ann", g))).players
    assert result.score == g.score() and result.end_time == 29.9


def test_ghost_score_follows_the_run_second_by_second():
    g = playout("reloaded", 8, 80, time_limit=300)
    run = Run.from_game("Ann", g)
    back = decode_challenge(encode_challenge([run])).runs[0]
    # Replay by hand: the score shown at every whole second.
    mirror = Game.new("reloaded", 8, time_limit=300)
    actions = list(back.actions)
    for second in range(0, 301, 1):
        while actions and float(actions[0].split("@")[1]) <= second:
            mirror.act(actions.pop(0))
        mirror.expire(second)
        assert duel.score_at(back, second) == mirror.score(second), second
    assert duel.score_at(back, 300) == verify(Challenge.of([back])).players[0].score


# --- ranking -------------------------------------------------------------------------------


def solitario_runs(limit):
    """Two runs of Solitario deal 2 with the same score (15: a card home and a
    card turned up); Ann reaches it at move 1, Bea at move 2."""
    deal = ("solitario", 2, limit)
    return Run("Bea", *deal, ("draw@1", "t5>f1@2")), Run("Ann", *deal, ("t5>f1@3",))


def test_equal_scores_are_decided_by_the_earlier_move_number():
    bea, ann = solitario_runs(300)
    verdict = verify(encode_challenge([bea, ann]))
    by_name = {p.name: p for p in verdict.players}
    assert by_name["Ann"].score == by_name["Bea"].score == 15
    assert (by_name["Ann"].final_score_move, by_name["Bea"].final_score_move) == (1, 2)
    assert verdict.ranking == duel.Ranking(("Ann", "Bea"), None)
    # The order in the link does not matter.
    assert verify(encode_challenge([ann, bea])).ranking == verdict.ranking


def test_a_higher_score_wins_whatever_the_move_number():
    deal = ("solitario", 2, 300)
    late = Run("Bea", *deal, ("draw@1", "draw@2", "t5>f1@3"))  # 15 points, at move 3
    idle = Run("Cy", *deal, ("draw@1",))  # 0 points, never changed (move 0)
    verdict = verify(encode_challenge([idle, late]))
    assert [(p.score, p.final_score_move) for p in verdict.players] == [(0, 0), (15, 3)]
    assert verdict.ranking.order == ("Bea", "Cy")


def test_an_undo_counts_as_a_move():
    g = Game.new("reloaded", 3, time_limit=300)
    move = next(m for m in g.legal_moves() if not m.is_stock_action)
    g.play("draw", 1)
    g.undo(2)  # costs 1 point: the points changed at action 2
    g.play(move, 3)
    assert g.timeline[0] == (2, 2.0, -1)
    (result,) = verify(link(("Ann", g))).players
    assert result.moves == 3
    assert result.final_score_move == g.final_score_action() == g.timeline[-1].action


def test_players_without_moves_are_ordered_the_same_on_both_sides():
    orders = set()
    for seed in range(40):
        runs = [Run(name, "reloaded", seed, 300, ()) for name in ("Ann", "Bea", "Cy")]
        token = encode_challenge(runs)
        here = verify(decode_challenge(token))
        there = verify(decode_challenge(token))  # the other side, the same link
        assert here.ranking == there.ranking
        assert verify(encode_challenge(runs[::-1])).ranking == here.ranking  # any order of runs
        assert all(p.score == 0 and p.moves == 0 and p.final_score_move == 0 for p in here.players)
        orders.add(here.ranking.order)
    assert len(orders) > 1  # a draw: different links may differ


def test_the_draw_is_a_hash_of_the_link_not_pythons_random_state():
    runs = [Run(name, "solitario", 9, 300, ()) for name in ("Ann", "Bea")]
    token = encode_challenge(runs)
    first = verify(token).ranking
    random.seed(1)
    code = f"from game.duel import verify; print(verify({token!r}).ranking.order)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == str(first.order)


def test_untimed_tie_for_first_means_a_rematch_on_a_new_deal():
    bea, ann = solitario_runs(None)
    token = encode_challenge([bea, ann])
    verdict = verify(token)
    assert verdict.ranking.order == ("Ann", "Bea")  # still an order, for display
    seed = verdict.ranking.rematch
    assert isinstance(seed, int) and 1 <= seed <= 999_999_999 and seed != 2
    assert verify(decode_challenge(token)).ranking.rematch == seed  # the same on both sides
    assert verify(encode_challenge([ann, bea])).ranking.rematch == seed
    assert verdict.to_json()["rematch"] == {"seed": seed}
    again = decode_challenge(token).rematch(seed)
    assert (again.game, again.seed, again.time_limit, again.runs) == ("solitario", seed, None, ())
    # Another link gives another deal.
    other = Run("Cy", "solitario", 2, None, ("t5>f1@3",))
    assert verify(encode_challenge([bea, other])).ranking.rematch not in (None, seed)


def test_timed_tie_has_no_rematch():
    bea, ann = solitario_runs(300)
    assert verify(encode_challenge([bea, ann])).ranking.rematch is None
    assert verify(encode_challenge([bea, ann])).to_json()["rematch"] is None


def test_untimed_without_a_tie_for_first_has_no_rematch():
    deal = ("solitario", 2, None)
    ann = Run("Ann", *deal, ("t5>f1@3",))
    bea = Run("Bea", *deal, ("draw@1", "resign@2"))
    cy = Run("Cy", *deal, ())
    verdict = verify(encode_challenge([bea, cy, ann]))
    assert verdict.ranking.rematch is None and verdict.ranking.order[0] == "Ann"
    assert verify(encode_challenge([ann])).ranking.rematch is None  # one run: no duel yet


def test_ranking_takes_results():
    bea, ann = solitario_runs(300)
    c = Challenge.of([bea, ann])
    results = [duel.result(c, r) for r in c.runs]
    assert ranking(c, results) == ranking(c) == verify(c).ranking


# --- link size ----------------------------------------------------------------------------


def test_a_typical_150_move_game_makes_a_short_link():
    sizes = {}
    for game_id in PLAYER_GAMES:
        g = playout(game_id, 7, 150, time_limit=600 if game_id != "retinue" else None)
        sizes[game_id] = (g.actions, len(link(("Ann", g))))
    print("\nduel link length (actions, characters):", sizes)
    for game_id, (actions, size) in sizes.items():
        assert size < 1200, (game_id, actions, size)
    two = link(("Ann", playout("reloaded", 7, 150, 600)), ("Bea", playout("reloaded", 7, 150, 600, random.Random(2))))
    assert len(two) < 2000


# --- command line --------------------------------------------------------------------------


def cli_json(capsys, *argv):
    code = cli.main(list(argv))
    return code, json.loads(capsys.readouterr().out)


def test_cli_verify(capsys):
    bea, ann = solitario_runs(None)
    token = encode_challenge([bea, ann])
    code, out = cli_json(capsys, "verify", token)
    assert code == 0
    seed = verify(token).ranking.rematch
    unsigned = {"signed": False, "key": None, "plausible": True}
    assert out == {
        "game": "solitario",
        "seed": 2,
        "time_limit": None,
        "players": [
            {"name": "Bea", "score": 15, "status": "resigned", "moves": 2, "final_score_move": 2, **unsigned},
            {"name": "Ann", "score": 15, "status": "resigned", "moves": 1, "final_score_move": 1, **unsigned},
        ],
        "ranking": ["Ann", "Bea"],
        "rematch": {"seed": seed},
    }
    assert cli_json(capsys, "verify", f"https://example.org/index.html?duel={token}") == (0, out)


def test_cli_verify_refuses_bad_links(capsys, token):
    for bad in (token[:-5], "s3." + token[3:], "nonsense", pack(payload([{"n": "Ann", "m": "t1>f1", "t": [1]}]))):
        code, out = cli_json(capsys, "verify", bad)
        assert code == 2 and list(out) == ["error"] and out["error"]
    code, out = cli_json(capsys, "verify")
    assert code == 2 and "link" in out["error"]


def test_cli_verify_as_a_program(token):
    done = subprocess.run([sys.executable, "-m", "game", "verify", token], capture_output=True, text=True)
    assert done.returncode == 0 and done.stderr == ""
    assert json.loads(done.stdout)["players"][0]["name"] == "Ann"
    done = subprocess.run([sys.executable, "-m", "game", "verify", token[:30]], capture_output=True, text=True)
    assert done.returncode == 2 and "error" in json.loads(done.stdout)


def test_the_draw_is_the_same_on_the_device_that_played_and_after_the_link():
    """The draw hashes the actions as the link carries them (tenths of a
    second), so runs fresh from their games rank as the decoded link does."""
    for k in range(30):
        runs = []
        for name, t in (("Ann", 1.2345 + k * 0.001), ("Bea", 2.7182 + k * 0.003)):
            g = Game.new("reloaded", 2, time_limit=300)
            g.play("draw", t)
            g.resign(3.3333)
            runs.append(Run.from_game(name, g))
        here = verify(Challenge.of(runs))
        there = verify(decode_challenge(encode_challenge(runs)))
        assert [p.draw_key for p in here.players] == [p.draw_key for p in there.players]
        assert here.ranking == there.ranking
    # A decoded run is already in link form: links keep the draw they had.
    back = decode_challenge(link(("Ann", playout("solitario", 4, 30, time_limit=180))))
    assert duel._as_linked(back.runs[0].actions) == list(back.runs[0].actions)


def test_steps_travel_in_a_link_and_count_their_moves():
    g = Game.new("forty-thieves", 3)
    g.play_from_stock("t5", 4.2)  # one step: a draw and a move
    move = g.legal_moves()[0]
    g.play(move, 6)
    g.undo(7.5)
    g.undo(8)  # takes back both moves of the first step
    g.redo(9.1)
    g.resign(10)
    run = Run.from_game("Ann", g)
    assert run.actions == ("draw+waste>t5@4.2", f"{move}@6", "undo@7.5", "undo@8", "redo@9.1", "resign@10")
    token = encode_challenge([run])
    assert token.startswith("s2.")
    (back,) = decode_challenge(token).runs
    assert back.actions == run.actions
    (result,) = verify(token).players
    assert result.moves == 2 + 1 + 1 + 2 + 2  # every move played, taken back and played again
    assert duel.replay(back).position == g.position
