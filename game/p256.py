"""ECDSA signature checking on the NIST P-256 curve with SHA-256, in plain
Python (standard library only), for duel links: a page signs each run with
the browser's Web Crypto (``static/js/keys.js``) and every device, and the
command line, checks the signature here. Only *checking* lives here; this
module never makes keys or signatures, so it handles no secret and need not
run in constant time.

    >>> public_key = bytes.fromhex(  # RFC 6979, A.2.5: P-256 with SHA-256
    ...     "0360FED4BA255A9D31C961EB74C6356D68C049B8923B61FA6CE669622E60F29FB6")
    >>> signature = bytes.fromhex(
    ...     "EFD48B2AACB6A8FD1140DD9CD45E81D69D2C877B56AAF991C34D0EA84EAF3716"
    ...     "F7CB1C942D657C41D436C7A1B6E29F65F3E900DBB9AFF4064DC4AB2F843ACDA8")
    >>> verify(public_key, b"sample", signature), verify(public_key, b"Sample", signature)
    (True, False)
    >>> verify(b"no key", b"sample", signature)   # True or False, never raises
    False

- ``public_key``: the point in SEC 1 form, compressed (33 bytes, ``02``/``03``
  and x) or uncompressed (65 bytes, ``04``, x and y), as Web Crypto exports it
  (``raw``) or ``compress`` writes it.
- ``signature``: r and s, 32 bytes each, big-endian (64 bytes): the IEEE P1363
  form Web Crypto gives, not DER.
- ``message``: the signed bytes; hashed here with SHA-256 (FIPS 186-4 §6.4).

Points are kept in Jacobian coordinates (x = X/Z², y = Y/Z³), so adding and
doubling need no modular inverse; u1·G + u2·Q is computed with one shared
chain of doublings and a table of 16 multiples of each point (Shamir's
trick, 4-bit windows).
"""

from __future__ import annotations

# The curve y² = x³ − 3x + b over GF(p), its base point G of prime order n
# (FIPS 186-4, D.1.2.3; SEC 2, 2.4.2).
P = 0xFFFFFFFF00000001000000000000000000000000FFFFFFFFFFFFFFFFFFFFFFFF
A = P - 3
B = 0x5AC635D8AA3A93E7B3EBBD55769886BC651D06B0CC53B0F63BCE3C3E27D2604B
N = 0xFFFFFFFF00000000FFFFFFFFFFFFFFFFBCE6FAADA7179E84F3B9CAC2FC632551
GX = 0x6B17D1F2E12C4247F8BCE6E563A440F277037D812DEB33A0F4A13945D898C296
GY = 0x4FE342E2FE1A7F9B8EE7EB4A7C0F9E162BCE33576B315ECECBB6406837BF51F5

KEY_BYTES = 33  # a compressed public key
SIGNATURE_BYTES = 64

_INFINITY = (1, 1, 0)  # Jacobian; Z = 0 is the point at infinity


def on_curve(x: int, y: int) -> bool:
    return 0 <= x < P and 0 <= y < P and (y * y - (x * x * x + A * x + B)) % P == 0


def point(public_key: bytes) -> tuple[int, int]:
    """The affine point of a public key in SEC 1 form; ``ValueError`` if it
    is no point of the curve (wrong length or prefix, x or y out of range,
    no square root, the point at infinity)."""
    if not isinstance(public_key, (bytes, bytearray)):
        raise ValueError("a public key is bytes")
    data = bytes(public_key)
    if len(data) == 65 and data[0] == 4:
        x, y = int.from_bytes(data[1:33], "big"), int.from_bytes(data[33:], "big")
    elif len(data) == 33 and data[0] in (2, 3):
        x = int.from_bytes(data[1:], "big")
        if x >= P:
            raise ValueError("x is not below p")
        rhs = (x * x * x + A * x + B) % P
        y = pow(rhs, (P + 1) // 4, P)  # p ≡ 3 (mod 4): the square root, if there is one
        if y * y % P != rhs:
            raise ValueError("no point of P-256 has this x")
        if y & 1 != data[0] & 1:
            y = P - y
    else:
        raise ValueError("a P-256 public key is 33 bytes (compressed) or 65 (uncompressed)")
    if not on_curve(x, y):
        raise ValueError("the point is not on P-256")
    return x, y


def compress(x: int, y: int) -> bytes:
    """The 33-byte SEC 1 compressed form of an affine point."""
    return bytes([2 | (y & 1)]) + x.to_bytes(32, "big")


def compressed(public_key: bytes) -> bytes:
    """Any SEC 1 public key in its compressed form (checked)."""
    return compress(*point(public_key))


# --- arithmetic in Jacobian coordinates -------------------------------------------------------


def _double(p1):
    x1, y1, z1 = p1
    if z1 == 0 or y1 == 0:
        return _INFINITY
    # a = -3: 3x² + a·z⁴ = 3(x − z²)(x + z²)
    zz = z1 * z1 % P
    m = 3 * (x1 - zz) * (x1 + zz) % P
    yy = y1 * y1 % P
    s = 4 * x1 * yy % P
    x3 = (m * m - 2 * s) % P
    y3 = (m * (s - x3) - 8 * yy * yy) % P
    z3 = 2 * y1 * z1 % P
    return x3, y3, z3


def _add(p1, p2):
    x1, y1, z1 = p1
    x2, y2, z2 = p2
    if z1 == 0:
        return p2
    if z2 == 0:
        return p1
    z1z1 = z1 * z1 % P
    z2z2 = z2 * z2 % P
    u1 = x1 * z2z2 % P
    u2 = x2 * z1z1 % P
    s1 = y1 * z2 * z2z2 % P
    s2 = y2 * z1 * z1z1 % P
    h = (u2 - u1) % P
    r = (s2 - s1) % P
    if h == 0:
        return _double(p1) if r == 0 else _INFINITY  # the same point, or opposite points
    hh = h * h % P
    hhh = h * hh % P
    v = u1 * hh % P
    x3 = (r * r - hhh - 2 * v) % P
    y3 = (r * (v - x3) - s1 * hhh) % P
    z3 = h * z1 * z2 % P
    return x3, y3, z3


def _table(p1) -> list:
    """0·P, 1·P, …, 15·P."""
    out = [_INFINITY, p1]
    for _ in range(14):
        out.append(_add(out[-1], p1))
    return out


_G_TABLE: list = []


def _combined(u1: int, u2: int, q) -> tuple:
    """u1·G + u2·Q (Jacobian)."""
    if not _G_TABLE:
        _G_TABLE.extend(_table((GX, GY, 1)))
    tg, tq = _G_TABLE, _table(q)
    acc = _INFINITY
    for shift in range(252, -1, -4):
        if acc[2]:
            for _ in range(4):
                acc = _double(acc)
        a, b = (u1 >> shift) & 15, (u2 >> shift) & 15
        if a:
            acc = _add(acc, tg[a])
        if b:
            acc = _add(acc, tq[b])
    return acc


def verify(public_key: bytes, message: bytes, signature: bytes) -> bool:
    """Whether ``signature`` is a valid ECDSA P-256/SHA-256 signature of
    ``message`` under ``public_key`` (FIPS 186-4 §6.4.2). Anything malformed
    (a key that is no point, a signature of the wrong length, r or s out of
    range) is simply not valid."""
    try:
        qx, qy = point(public_key)
    except ValueError:
        return False
    if not isinstance(signature, (bytes, bytearray)) or len(signature) != SIGNATURE_BYTES:
        return False
    if not isinstance(message, (bytes, bytearray)):
        return False
    r = int.from_bytes(signature[:32], "big")
    s = int.from_bytes(signature[32:], "big")
    if not (0 < r < N and 0 < s < N):
        return False
    import hashlib  # here: a page loads this module at start, and hashlib costs 19 ms to import in Pyodide

    e = int.from_bytes(hashlib.sha256(bytes(message)).digest(), "big")  # 256 bits: n's length, no cut
    w = pow(s, -1, N)
    x, _, z = _combined(e * w % N, r * w % N, (qx, qy, 1))
    if z == 0:
        return False
    affine_x = x * pow(z * z % P, -1, P) % P
    return affine_x % N == r


__all__ = ["verify", "point", "compress", "compressed", "on_curve", "KEY_BYTES", "SIGNATURE_BYTES"]
