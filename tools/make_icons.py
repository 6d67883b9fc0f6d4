"""Draw the app's icons (standard library only): static/icons/icon.svg and
PNGs at 192 and 512 pixels, plus a maskable 512 (full-bleed background,
picture inside the safe zone) for the web app manifest.

One description of the picture (two cards on the felt, a spade on the front
one) gives both the SVG and the PNGs; the PNGs are rasterised here, with
anti-aliased edges. ``tests/unit/test_web_icons.py`` checks that the
committed files are what this writes.

    python -m tools.make_icons
"""

from __future__ import annotations

import math
import struct
import sys
import zlib
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "static" / "icons"
FELT = (0x1D, 0x6B, 0x43, 255)
BACK = (0x2B, 0x4C, 0x9A, 255)
WHITE = (0xFF, 0xFD, 0xF7, 255)
EDGE = (0xB8, 0xB0, 0x9E, 255)
INK = (0x1B, 0x1B, 0x1B, 255)
PNG_SIZES = (192, 512)
SUPER = 4  # samples per pixel side on edges


@dataclass(frozen=True)
class Card:
    cx: float
    cy: float
    w: float
    h: float
    angle: float  # degrees, clockwise as in SVG

    def local(self, x: float, y: float) -> tuple[float, float]:
        """A point in the card's own frame, origin at its centre."""
        a = math.radians(-self.angle)
        dx, dy = x - self.cx, y - self.cy
        return dx * math.cos(a) - dy * math.sin(a), dx * math.sin(a) + dy * math.cos(a)


BACK_CARD = Card(0.40, 0.50, 0.42, 0.58, -12.0)
FACE_CARD = Card(0.60, 0.50, 0.42, 0.58, 9.0)
CARD_R = 0.045
BORDER = 0.022


def in_round_rect(x, y, w, h, r) -> bool:
    """(x, y) relative to the centre of a w*h rectangle with corner radius r."""
    ax, ay = abs(x) - (w / 2 - r), abs(y) - (h / 2 - r)
    if ax > r or ay > r:
        return False
    if ax <= 0 or ay <= 0:
        return True
    return ax * ax + ay * ay <= r * r


# The spade, in face-card coordinates (units of the icon, centre at 0, 0).
LOBE_R = 0.068
LOBES = ((-0.062, 0.035), (0.062, 0.035))
TOP = ((0.0, -0.135), (-0.122, 0.028), (0.122, 0.028))
STEM = ((0.0, 0.02), (-0.05, 0.135), (0.05, 0.135))


def in_triangle(p, a, b, c) -> bool:
    def side(p1, p2, p3):
        return (p1[0] - p3[0]) * (p2[1] - p3[1]) - (p2[0] - p3[0]) * (p1[1] - p3[1])

    d1, d2, d3 = side(p, a, b), side(p, b, c), side(p, c, a)
    neg = d1 < 0 or d2 < 0 or d3 < 0
    pos = d1 > 0 or d2 > 0 or d3 > 0
    return not (neg and pos)


def in_spade(x, y) -> bool:
    if any((x - cx) ** 2 + (y - cy) ** 2 <= LOBE_R**2 for cx, cy in LOBES):
        return True
    return in_triangle((x, y), *TOP) or in_triangle((x, y), *STEM)


def colour_at(x: float, y: float, maskable: bool):
    """The colour at a point of the unit square (None: transparent)."""
    if maskable:  # the picture shrinks into the safe zone; the felt fills the rest
        x, y = (x - 0.5) / 0.78 + 0.5, (y - 0.5) / 0.78 + 0.5
    elif not in_round_rect(x - 0.5, y - 0.5, 1.0, 1.0, 0.2):
        return None
    for card, fill in ((FACE_CARD, WHITE), (BACK_CARD, BACK)):
        u, v = card.local(x, y)
        if not in_round_rect(u, v, card.w, card.h, CARD_R):
            continue
        inner = in_round_rect(u, v, card.w - BORDER, card.h - BORDER, CARD_R - BORDER / 2)
        if card is FACE_CARD:
            if not inner:
                return EDGE
            return INK if in_spade(u, v) else WHITE
        return fill if inner else WHITE
    return FELT


def raster(size: int, maskable: bool) -> list[list[tuple]]:
    """RGBA rows: each pixel's centre, then every edge pixel supersampled."""
    clear = (0, 0, 0, 0)
    base = [[colour_at((i + 0.5) / size, (j + 0.5) / size, maskable) for i in range(size)] for j in range(size)]
    rows = []
    for j in range(size):
        row = []
        for i in range(size):
            c = base[j][i]
            near = [
                base[jj][ii]
                for ii, jj in ((i - 1, j), (i + 1, j), (i, j - 1), (i, j + 1))
                if 0 <= ii < size and 0 <= jj < size
            ]
            if all(n == c for n in near):
                row.append(c or clear)
                continue
            acc = [0.0, 0.0, 0.0, 0.0]
            for sj in range(SUPER):
                for si in range(SUPER):
                    s = colour_at((i + (si + 0.5) / SUPER) / size, (j + (sj + 0.5) / SUPER) / size, maskable)
                    if s is None:
                        continue
                    acc[0] += s[0] * s[3]
                    acc[1] += s[1] * s[3]
                    acc[2] += s[2] * s[3]
                    acc[3] += s[3]
            alpha = acc[3] / (SUPER * SUPER)
            if acc[3] == 0:
                row.append(clear)
            else:
                row.append(tuple(round(v / acc[3]) for v in acc[:3]) + (round(alpha),))
        rows.append(row)
    return rows


def png(rows) -> bytes:
    height, width = len(rows), len(rows[0])
    raw = b"".join(b"\0" + bytes(v for px in row for v in px) for row in rows)

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    header = struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b"")


def hexc(c) -> str:
    return "#%02x%02x%02x" % c[:3]


def svg() -> str:
    s = 512

    def n(v: float) -> str:
        return f"{v * s:.1f}".rstrip("0").rstrip(".")

    def card(c: Card, fill, inner_fill, inner_extra="") -> str:
        x, y = c.cx - c.w / 2, c.cy - c.h / 2
        b = BORDER / 2
        return (
            f'<g transform="rotate({c.angle:g} {n(c.cx)} {n(c.cy)})">'
            f'<rect x="{n(x)}" y="{n(y)}" width="{n(c.w)}" height="{n(c.h)}" rx="{n(CARD_R)}" fill="{hexc(fill)}"/>'
            f'<rect x="{n(x + b)}" y="{n(y + b)}" width="{n(c.w - BORDER)}" height="{n(c.h - BORDER)}" '
            f'rx="{n(CARD_R - b)}" fill="{hexc(inner_fill)}"/>{inner_extra}</g>'
        )

    fc = FACE_CARD
    spade = "".join(f'<circle cx="{n(fc.cx + x)}" cy="{n(fc.cy + y)}" r="{n(LOBE_R)}"/>' for x, y in LOBES)
    for tri in (TOP, STEM):
        pts = " ".join(f"{n(fc.cx + x)},{n(fc.cy + y)}" for x, y in tri)
        spade += f'<polygon points="{pts}"/>'
    spade = f'<g fill="{hexc(INK)}">{spade}</g>'
    return (
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512">'
        f'<rect width="512" height="512" rx="{n(0.2)}" fill="{hexc(FELT)}"/>'
        + card(BACK_CARD, WHITE, BACK)
        + card(FACE_CARD, EDGE, WHITE, spade)
        + "</svg>\n"
    )


def outputs() -> dict[str, bytes]:
    files = {"icon.svg": svg().encode("utf-8")}
    for size in PNG_SIZES:
        files[f"icon-{size}.png"] = png(raster(size, False))
    files["icon-maskable-512.png"] = png(raster(512, True))
    return files


def main() -> int:
    OUT.mkdir(parents=True, exist_ok=True)
    for name, data in outputs().items():
        (OUT / name).write_bytes(data)
        print(f"wrote static/icons/{name} ({len(data)} bytes)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
