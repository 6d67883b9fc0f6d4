"""ECDSA P-256 checking in plain Python (game/p256.py): known-answer vectors,
and signatures made by the ``cryptography`` package (OpenSSL), which the page
never loads: it is a test tool only (requirements-dev.txt)."""

from __future__ import annotations

import hashlib
import random

import pytest
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.asymmetric.utils import decode_dss_signature, encode_dss_signature
from hypothesis import given, settings
from hypothesis import strategies as st

from game import p256

# RFC 6979, A.2.5: ECDSA with P-256 and SHA-256 (deterministic k).
RFC_KEY = bytes.fromhex(
    "04"
    "60FED4BA255A9D31C961EB74C6356D68C049B8923B61FA6CE669622E60F29FB6"
    "7903FE1008B8BC99A41AE9E95628BC64F2F1B20C2D7E9F5177A3C294D4462299"
)
RFC_PRIVATE = 0xC9AFA9D845BA75166B5C215767B1D6934E50C3DB36E89B127B8A622B120F6721
RFC_VECTORS = [
    (
        b"sample",
        "EFD48B2AACB6A8FD1140DD9CD45E81D69D2C877B56AAF991C34D0EA84EAF3716",
        "F7CB1C942D657C41D436C7A1B6E29F65F3E900DBB9AFF4064DC4AB2F843ACDA8",
    ),
    (
        b"test",
        "F1ABB023518351CD71D881567B1EA663ED3EFCF6C5132B354F28D3B0B7D38367",
        "019F4113742A2B14BD25926B49C649155F267E60D3814B4C0CC84250E46F0083",
    ),
]


def raw(der: bytes) -> bytes:
    r, s = decode_dss_signature(der)
    return r.to_bytes(32, "big") + s.to_bytes(32, "big")


def compressed_key(private) -> bytes:
    return private.public_key().public_bytes(serialization.Encoding.X962, serialization.PublicFormat.CompressedPoint)


def uncompressed_key(private) -> bytes:
    return private.public_key().public_bytes(serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint)


@pytest.fixture(scope="module")
def keys():
    rng = random.Random(6979)
    return [ec.derive_private_key(rng.randrange(1, p256.N), ec.SECP256R1()) for _ in range(4)]


@pytest.mark.parametrize("message, r, s", RFC_VECTORS)
def test_rfc6979_vectors(message, r, s):
    signature = bytes.fromhex(r + s)
    assert p256.verify(RFC_KEY, message, signature)
    assert p256.verify(p256.compressed(RFC_KEY), message, signature)
    assert not p256.verify(RFC_KEY, message + b".", signature)
    # The vectors are what OpenSSL says too.
    public = ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), RFC_KEY)
    public.verify(encode_dss_signature(int(r, 16), int(s, 16)), message, ec.ECDSA(hashes.SHA256()))


def test_the_rfc_key_is_its_private_keys_point():
    numbers = ec.derive_private_key(RFC_PRIVATE, ec.SECP256R1()).public_key().public_numbers()
    assert p256.point(RFC_KEY) == (numbers.x, numbers.y)


def test_the_curve_constants():
    assert p256.on_curve(p256.GX, p256.GY)
    assert p256.N.bit_length() == 256 and pow(2, p256.N - 1, p256.N) == 1  # prime (Fermat, as a smoke check)
    # n·G is the point at infinity; (n − 1)·G is −G.
    assert p256._combined(p256.N, 0, (p256.GX, p256.GY, 1))[2] == 0
    x, y, z = p256._combined(p256.N - 1, 0, (p256.GX, p256.GY, 1))
    zi = pow(z, -1, p256.P)
    assert (x * zi * zi % p256.P, y * zi * zi * zi % p256.P) == (p256.GX, p256.P - p256.GY)


@settings(max_examples=40, deadline=None)
@given(message=st.binary(max_size=300), which=st.integers(0, 3))
def test_signatures_made_by_openssl_verify(keys, message, which):
    private = keys[which]
    signature = raw(private.sign(message, ec.ECDSA(hashes.SHA256())))
    assert p256.verify(compressed_key(private), message, signature)
    assert p256.verify(uncompressed_key(private), message, signature)
    other = keys[(which + 1) % 4]
    assert not p256.verify(compressed_key(other), message, signature)
    assert not p256.verify(compressed_key(private), message + b"\0", signature)


def test_every_flipped_bit_of_a_signature_or_message_is_refused(keys):
    private = keys[0]
    message = b'{"g":"reloaded","n":"Ann"}'
    signature = raw(private.sign(message, ec.ECDSA(hashes.SHA256())))
    key = compressed_key(private)
    for i in range(len(signature) * 8):
        bad = bytearray(signature)
        bad[i // 8] ^= 1 << (i % 8)
        assert not p256.verify(key, message, bytes(bad))
    for i in range(len(message) * 8):
        bad = bytearray(message)
        bad[i // 8] ^= 1 << (i % 8)
        assert not p256.verify(key, bytes(bad), signature)


def test_the_other_s_of_a_signature_also_verifies(keys):
    """ECDSA signatures are malleable: (r, n − s) verifies too. A link does
    not rely on a signature being unique, only on it matching its run."""
    private = keys[1]
    signature = raw(private.sign(b"run", ec.ECDSA(hashes.SHA256())))
    s = int.from_bytes(signature[32:], "big")
    other = signature[:32] + (p256.N - s).to_bytes(32, "big")
    assert p256.verify(compressed_key(private), b"run", other)


def test_out_of_range_and_malformed_inputs_are_not_valid(keys):
    private = keys[2]
    key = compressed_key(private)
    message = b"m"
    good = raw(private.sign(message, ec.ECDSA(hashes.SHA256())))
    r, s = good[:32], good[32:]
    for bad in (
        bytes(32) + s,  # r = 0
        r + bytes(32),  # s = 0
        p256.N.to_bytes(32, "big") + s,  # r = n
        r + p256.N.to_bytes(32, "big"),  # s = n
        b"\xff" * 64,
        good[:63],
        good + b"\0",
        b"",
    ):
        assert not p256.verify(key, message, bad)
    assert not p256.verify(key, "m", good)  # text is not bytes
    assert not p256.verify(key, message, "x" * 64)


def test_keys_that_are_no_points_are_refused(keys):
    key = compressed_key(keys[3])
    message, signature = b"m", raw(keys[3].sign(b"m", ec.ECDSA(hashes.SHA256())))
    x = int.from_bytes(key[1:], "big")
    no_root = next(v for v in range(x + 1, x + 200) if not _has_root(v))
    for bad in (
        b"",
        key[:32],
        b"\x05" + key[1:],  # no such prefix
        b"\x02" + p256.P.to_bytes(32, "big"),  # x = p
        b"\x02" + no_root.to_bytes(32, "big"),  # no point has this x
        b"\x04" + bytes(64),  # (0, 0) is not on the curve
        b"\x04" + p256.GX.to_bytes(32, "big") + (p256.GY + 1).to_bytes(32, "big"),
        "02" + key.hex(),
    ):
        with pytest.raises(ValueError):
            p256.point(bad)
        assert not p256.verify(bad, message, signature)
    # The other parity of the same x is the opposite point: a different key.
    flipped = bytes([key[0] ^ 1]) + key[1:]
    assert p256.point(flipped)[1] == p256.P - p256.point(key)[1]
    assert not p256.verify(flipped, message, signature)


def _has_root(x: int) -> bool:
    rhs = (x**3 + p256.A * x + p256.B) % p256.P
    return pow(rhs, (p256.P - 1) // 2, p256.P) in (0, 1)


def test_compressed_keys_round_trip(keys):
    for private in keys:
        point = p256.point(uncompressed_key(private))
        assert p256.compress(*point) == compressed_key(private)
        assert p256.point(compressed_key(private)) == point


def test_the_hash_is_sha256_of_the_whole_message(keys):
    """A long message is hashed, never cut: two messages that differ only
    after the first 32 bytes have different signatures."""
    private = keys[0]
    long = b"x" * 100
    signature = raw(private.sign(long, ec.ECDSA(hashes.SHA256())))
    assert p256.verify(compressed_key(private), long, signature)
    assert not p256.verify(compressed_key(private), long[:-1] + b"y", signature)
    assert hashlib.sha256(long).digest_size * 8 == p256.N.bit_length()
