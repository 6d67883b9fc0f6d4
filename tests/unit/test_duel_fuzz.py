"""Fuzzing duel links (issue 18): whatever a link holds -- flipped bits,
cut or padded tokens, payloads of random JSON written with a right checksum,
huge numbers, deep nesting, forged signatures -- ``decode_challenge`` gives a
challenge or ``InvalidChallenge``, never another exception, and ``verify``
of what it gives works. Quick enough for every run of the suite;
``--fuzz-deep`` (tests/fuzz_deep.py) runs it long
(``./test tests/unit/test_duel_fuzz.py --fuzz-deep``)."""

from __future__ import annotations

import base64
import json
import os
import random
import zlib

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game import PLAYER_GAMES, Game, InvalidChallenge, duel
from game.duel import Challenge, Run, decode_challenge, encode_challenge, verify

DEEP = os.environ.get("SOLITAIRE_FUZZ_DEEP") == "1"
EXAMPLES = 3000 if DEEP else 120
FUZZ = settings(
    max_examples=EXAMPLES,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much, HealthCheck.data_too_large],
)
pytestmark = pytest.mark.timeout(1800 if DEEP else 240)  # a hang fails, never waits forever


def pack(data: bytes, tag: str = "s2.") -> str:
    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    body = packer.compress(data) + packer.flush()
    crc = zlib.crc32(tag.encode() + body).to_bytes(4, "big")
    return tag + base64.urlsafe_b64encode(crc + body).decode().rstrip("=")


def dumps(value) -> bytes:
    return json.dumps(value, ensure_ascii=False, sort_keys=True, separators=(",", ":")).encode("utf-8")


def raw_of(token: str) -> bytes:
    text = token.split(".", 1)[1]
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def check(text) -> None:
    """The property: a challenge (which then verifies) or InvalidChallenge."""
    try:
        challenge = decode_challenge(text)
    except InvalidChallenge as e:
        assert str(e)  # a reason, for the notice
        return
    verdict = verify(challenge)
    assert sorted(verdict.ranking.order) == sorted(r.name for r in challenge.runs)
    json.dumps(verdict.to_json())


def _signer():
    from cryptography.hazmat.primitives import hashes
    from cryptography.hazmat.primitives.asymmetric import ec
    from cryptography.hazmat.primitives.asymmetric.utils import decode_dss_signature
    from cryptography.hazmat.primitives.serialization import Encoding, PublicFormat

    private = ec.derive_private_key(12345, ec.SECP256R1())
    key = private.public_key().public_bytes(Encoding.X962, PublicFormat.CompressedPoint)

    def sign(challenge, run):
        r, s = decode_dss_signature(private.sign(duel.signed_message(challenge, run, key), ec.ECDSA(hashes.SHA256())))
        return run.signed(key, r.to_bytes(32, "big") + s.to_bytes(32, "big"))

    return sign


def _seed_tokens() -> list[str]:
    """Real links to mutate: every player game, timed and untimed, signed and not."""
    sign = _signer()
    out = []
    rng = random.Random(18)
    for i, game_id in enumerate(PLAYER_GAMES):
        limit = duel.TIME_LIMITS[i % 4]
        c = Challenge(game_id, 3 + i, limit)
        for name in ("Ann", "Bea")[: 1 + i % 2]:
            g = Game.new(game_id, 3 + i, time_limit=limit)
            t = 0.0
            for _ in range(rng.randint(3, 25)):
                if g.status != "playing":
                    break
                t += rng.randint(4, 20) / 10
                g.play(rng.choice(g.legal_moves()), t)
            run = Run.from_game(name, g)
            c = c.add_run(sign(c, run) if i % 3 else run)
        out.append(encode_challenge(c))
    return out


SEEDS = _seed_tokens()

json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.integers(min_value=10**18, max_value=10**40)
    | st.floats(allow_nan=False)
    | st.text(max_size=30),
    lambda children: st.lists(children, max_size=5) | st.dictionaries(st.text(max_size=4), children, max_size=5),
    max_leaves=25,
)
words = st.sampled_from(
    [
        "draw",
        "redeal",
        "undo",
        "redo",
        "resign",
        "t1>f1",
        "t3>t4",
        "waste>t1",
        "t2:3>t5",
        "draw+waste>t5",
        "f1>t2",
        "x",
        "",
    ]
)


@FUZZ
@given(seed=st.sampled_from(SEEDS), data=st.data())
def test_flipped_bits_with_and_without_a_right_checksum(seed, data):
    raw = bytearray(raw_of(seed))
    for _ in range(data.draw(st.integers(1, 6), label="flips")):
        i = data.draw(st.integers(0, len(raw) * 8 - 1), label="bit")
        raw[i // 8] ^= 1 << (i % 8)
    tag = seed[:3]
    check(tag + base64.urlsafe_b64encode(bytes(raw)).decode().rstrip("="))
    body = bytes(raw[4:])  # the same damage with the checksum made right: DEFLATE and JSON must cope
    fixed = zlib.crc32(tag.encode() + body).to_bytes(4, "big") + body
    check(tag + base64.urlsafe_b64encode(fixed).decode().rstrip("="))


@FUZZ
@given(seed=st.sampled_from(SEEDS), data=st.data())
def test_cut_padded_and_spliced_tokens(seed, data):
    n = len(seed)
    i = data.draw(st.integers(0, n), label="i")
    j = data.draw(st.integers(i, n), label="j")
    junk = data.draw(st.text(max_size=12), label="junk")
    check(seed[:i] + junk + seed[j:])
    check(seed[:i])
    check("https://example.org/s/?x=1&duel=" + seed[:j] + "#" + junk)


@FUZZ
@given(seed=st.sampled_from(SEEDS), data=st.data())
def test_payloads_rewritten_with_random_json(seed, data):
    payload = json.loads(zlib.decompress(raw_of(seed)[4:], -15))
    where = data.draw(st.sampled_from(["g", "l", "s", "r", "run", "n", "m", "t", "k", "z", "extra", "whole"]))
    value = data.draw(json_values, label="value")
    run = payload["r"][0]
    if where == "whole":
        payload = value
    elif where == "run":
        payload["r"][data.draw(st.integers(0, len(payload["r"]) - 1))] = value
    elif where == "extra":
        run[data.draw(st.text(max_size=3))] = value
    elif where in ("n", "m", "t", "k", "z"):
        run[where] = value
    else:
        payload[where] = value
    check(pack(dumps(payload), seed[:3]))


@FUZZ
@given(seed=st.sampled_from(SEEDS), data=st.data())
def test_runs_rewritten_with_random_actions_and_times(seed, data):
    """Well-formed links whose actions and times are random: the rules and
    the signatures must refuse them cleanly, or the link stands."""
    payload = json.loads(zlib.decompress(raw_of(seed)[4:], -15))
    run = payload["r"][-1]
    chosen = data.draw(st.lists(words, max_size=40), label="actions")
    run["m"] = " ".join(chosen)
    run["t"] = data.draw(
        st.lists(st.integers(min_value=-2, max_value=10**12), min_size=len(chosen), max_size=len(chosen)), label="t"
    )
    if data.draw(st.booleans(), label="unsign"):
        run.pop("k", None)
        run.pop("z", None)
    check(pack(dumps(payload), seed[:3]))


@pytest.mark.parametrize(
    "text",
    [
        "[" * 100_000 + "]" * 100_000,
        '{"g":' * 50_000 + "1" + "}" * 50_000,
        '{"g":"reloaded","l":null,"r":[],"s":' + "9" * 5000 + "}",
        '{"g":"reloaded","l":1e999,"r":[{"n":"A","m":"draw","t":[1]}],"s":1}',
        '{"g":"reloaded","l":null,"r":[{"n":"A","m":"draw","t":[1e400]}],"s":1}',
        '{"g":"reloaded","l":null,"r":[{"n":"A","m":"draw","t":[' + "9" * 4000 + ']}],"s":1}',
        '{"g":"reloaded","l":null,"r":[{"n":"A","m":"draw","t":[-1]}],"s":1}',
        '{"g":"reloaded","l":NaN,"r":[],"s":1}',
        '{"g":"reloaded","g":"retinue","l":null,"r":[],"s":1}',
        '{"g":"reloaded","l":null,"r":[{"n":"A","m":"' + "draw " * 3000 + 'draw","t":[]}],"s":1}',
        '{"g":"reloaded","l":null,"r":[{"n":"A","m":"' + "+".join(["t1>f1"] * 200) + '","t":[1]}],"s":1}',
        '"just a string"',
        "",
    ],
)
def test_hostile_payloads_with_a_right_checksum(text):
    for tag in ("s1.", "s2."):
        check(pack(text.encode("utf-8"), tag))


@FUZZ
@given(text=st.text(max_size=200))
def test_any_text_at_all(text):
    check(text)
    check("s2." + text)
    check("?duel=" + text)


@FUZZ
@given(blob=st.binary(max_size=400))
def test_any_bytes_behind_a_right_checksum(blob):
    check(pack(blob))
    raw = zlib.crc32(b"s2." + blob).to_bytes(4, "big") + blob  # not even DEFLATE
    check("s2." + base64.urlsafe_b64encode(raw).decode().rstrip("="))


def test_non_text_input_is_refused():
    for value in (None, 5, b"s2.abc", ["s2."], {"duel": "x"}):
        with pytest.raises(InvalidChallenge):
            decode_challenge(value)


@FUZZ
@given(seed=st.sampled_from(SEEDS), name=st.text(min_size=1, max_size=30))
def test_random_names(seed, name):
    payload = json.loads(zlib.decompress(raw_of(seed)[4:], -15))
    payload["r"][0]["n"] = name
    check(pack(dumps(payload), seed[:3]))
