#!/usr/bin/env python3
"""Draw the card artwork: every face and back is an SVG written by this file.

    python -m tools.make_cards              # rewrite static/cards/
    python -m tools.make_cards --out DIR    # write the same files under DIR

Standard library only (and the index letters of game/web/texts/cards.py),
deterministic: the same code always writes the same
bytes (tests/unit/test_web_cards.py checks the committed files against a fresh
run, so change the drawing here and regenerate; never edit the SVGs by hand).

Layout of the output (card codes as in /work/shared/CONTRACT.md):
    french/{CODE}.svg        52 cards, A 2 ... 9 T J Q K of S H D C
    french-de/{CODE}.svg     J and Q of S H D C with German corners, B and D
    napoletane/{CODE}.svg    40 cards, A 2 ... 7 J Q K of D H C S
    piacentine/{CODE}.svg    40 cards, same codes, a different pattern
    back-blue.svg, back-red.svg, back-green.svg, back-black.svg, empty.svg

Every file shares one viewBox (0 0 250 350, the app's 1:1.4 card), has rounded
corners, a thin border and a <title> naming the card.  Nothing is referenced
outside the file; repeated shapes are <defs> used with <use href="#...">.
"""

from __future__ import annotations

import argparse
import math
import sys
from pathlib import Path
from xml.sax.saxutils import escape

from game.web.texts.cards import INDEX_RANKS, relettered

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "static" / "cards"

W, H = 250, 350
CX, CY = W / 2, H / 2
VIEWBOX = f"0 0 {W} {H}"
RADIUS = 16

FRENCH_RANKS = "A23456789TJQK"
ITALIAN_RANKS = "A234567JQK"
SUITS = "SHDC"
DECKS = ("french", "napoletane", "piacentine")
RED_SUITS = "HD"

# Colours shared with static/css/app.css.
FACE = "#fffdf7"
EDGE = "#b8b09e"
RED = "#c8102e"
BLACK = "#1b1b1b"
GOLD = "#e0a526"
GOLD_DARK = "#9a6a10"
SKIN = "#f7d8b4"
INK = "#3a2a1e"


# --------------------------------------------------------------------------
# Small helpers


def n(x: float) -> str:
    """A number as short, stable text (at most two decimals)."""
    s = f"{x:.2f}".rstrip("0").rstrip(".")
    return "0" if s in ("-0", "") else s


def tf(x: float = 0, y: float = 0, s: float = 1, r: float = 0, sx: float | None = None) -> str:
    """A transform attribute: translate, then rotate, then scale."""
    parts = []
    if x or y:
        parts.append(f"translate({n(x)} {n(y)})")
    if r:
        parts.append(f"rotate({n(r)})")
    if sx is not None:
        parts.append(f"scale({n(sx * s)} {n(s)})")
    elif s != 1:
        parts.append(f"scale({n(s)})")
    return f' transform="{" ".join(parts)}"' if parts else ""


def use(
    ref: str, x: float = 0, y: float = 0, s: float = 1, r: float = 0, sx: float | None = None, fill: str | None = None
) -> str:
    paint = f' fill="{fill}"' if fill else ""
    return f'<use href="#{ref}"{tf(x, y, s, r, sx)}{paint}/>'


def attrs(**kw: object) -> str:
    out = []
    for key, value in kw.items():
        if value is None:
            continue
        name = key.rstrip("_").replace("_", "-")
        out.append(f'{name}="{n(value) if isinstance(value, (int, float)) else value}"')
    return " ".join(out)


def el(tag: str, **kw: object) -> str:
    return f"<{tag} {attrs(**kw)}/>"


def document(title: str, defs: list[str], body: list[str], face: str = FACE, edge: str = EDGE) -> str:
    head = (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="{VIEWBOX}" width="{W}" height="{H}">'
        f"<title>{escape(title)}</title>"
    )
    parts = [head]
    if defs:
        parts.append("<defs>" + "".join(defs) + "</defs>")
    parts.append(
        el("rect", x=0.75, y=0.75, width=W - 1.5, height=H - 1.5, rx=RADIUS, fill=face, stroke=edge, stroke_width=1.5)
    )
    parts.extend(body)
    parts.append("</svg>\n")
    return "\n".join(parts)


def both_ends(ref: str) -> list[str]:
    """The group `ref` as drawn, and again turned half a turn about the centre."""
    return [use(ref), f'<use href="#{ref}" transform="rotate(180 {n(CX)} {n(CY)})"/>']


# --------------------------------------------------------------------------
# Index glyphs: drawn as stroked paths on a 40-unit-high grid, so the corner
# indices look the same everywhere, whatever fonts the system has.

GLYPHS = {
    "A": (26, "M1.5 40L13 0L24.5 40M5.5 27H20.5"),
    "1": (14, "M1.5 8L10 0V40"),
    "2": (24, "M2 10C2 4 6.5 0 12 0C17.5 0 22 4 22 10C22 16.5 17 20.5 12 25L1.5 40H23"),
    "3": (
        24,
        "M2.5 5C4.5 2 8 0 12 0C17.5 0 21.5 3.5 21.5 9.5C21.5 15 17.5 18.5 11 18.5"
        "C18 18.5 22.5 23 22.5 29.5C22.5 36 17.5 40 12 40C7.5 40 3.5 38 1.5 34.5",
    ),
    "4": (25, "M18 40V0L1 27.5H25"),
    "5": (
        24,
        "M21.5 0H4.5L2.5 18.5C5 16.5 8 15.5 11.5 15.5C18.5 15.5 22.5 20.5 22.5 27.5"
        "C22.5 35 17.5 40 11.5 40C7 40 3.5 38 1.5 34.5",
    ),
    "6": (
        24,
        "M20.5 4C18.5 1.5 15.5 0 12.5 0C5.5 0 1.5 7.5 1.5 20C1.5 33 5.5 40 12 40"
        "C18.5 40 22.5 35 22.5 28C22.5 21 18.5 16.5 12 16.5C6.5 16.5 2.5 20 1.5 25",
    ),
    "7": (24, "M1 0H23L8.5 40"),
    "8": (
        24,
        "M12 18.5C6.5 18.5 3 15 3 9.5C3 4 7 0 12 0C17 0 21 4 21 9.5C21 15 17.5 18.5 12 18.5Z"
        "M12 18.5C5.5 18.5 1.5 23 1.5 29.5C1.5 36 6 40 12 40C18 40 22.5 36 22.5 29.5"
        "C22.5 23 18.5 18.5 12 18.5Z",
    ),
    "9": (
        24,
        "M3.5 36C5.5 38.5 8.5 40 11.5 40C18.5 40 22.5 32.5 22.5 20C22.5 7 18.5 0 12 0"
        "C5.5 0 1.5 5 1.5 12C1.5 19 5.5 23.5 12 23.5C17.5 23.5 21.5 20 22.5 15",
    ),
    "0": (22, "M11 0C4.5 0 1.5 8 1.5 20C1.5 32 4.5 40 11 40C17.5 40 20.5 32 20.5 20C20.5 8 17.5 0 11 0Z"),
    "J": (21, "M8 0H18.5V28.5C18.5 36 15 40 10 40C5.5 40 2 37 1.5 32"),
    "Q": (
        27,
        "M13.5 0C6 0 1.5 8 1.5 19.5C1.5 31 6 39 13.5 39C21 39 25.5 31 25.5 19.5C25.5 8 21 0 13.5 0ZM15.5 29L25 41",
    ),
    "K": (24, "M2.5 0V40M22.5 0L2.5 25M9.5 16.5L23.5 40"),
    # The German court letters: Bube and Dame (the King stays K).
    "B": (
        23,
        "M2.5 0V40M2.5 0H12C17 0 20 3.5 20 9.5C20 15.5 17 19 12 19H2.5"
        "M12 19C18 19 21.5 23 21.5 29.5C21.5 36 18 40 12 40H2.5",
    ),
    "D": (24, "M2.5 0V40H10C18 40 22 32 22 20C22 8 18 0 10 0H2.5"),
}


def glyphs(
    text: str, cx: float, top: float, height: float, colour: str, weight: float = 5.4, spacing: float = 1.5
) -> list[str]:
    """`text` centred on x = cx, from y = top down `height` units."""
    s = height / 40
    widths = [GLYPHS[c][0] for c in text]
    total = (sum(widths) + spacing * (len(text) - 1)) * s
    x = cx - total / 2
    out = []
    for c, w in zip(text, widths):
        out.append(
            f'<path d="{GLYPHS[c][1]}"{tf(x, top, s)} fill="none" stroke="{colour}" '
            f'stroke-width="{n(weight)}" stroke-linecap="round" stroke-linejoin="round"/>'
        )
        x += (w + spacing) * s
    return out


# --------------------------------------------------------------------------
# French suits: drawn on a 100-unit box centred on the origin.

FRENCH_SUIT_PATHS = {
    "H": "M0 44C-6 32-48 10-48-16C-48-34-36-44-23-44C-12-44-4-37 0-27C4-37 12-44 23-44"
    "C36-44 48-34 48-16C48 10 6 32 0 44Z",
    "D": "M0-48C10-30 22-15 37 0C22 15 10 30 0 48C-10 30-22 15-37 0C-22-15-10-30 0-48Z",
    "S": "M0-48C-6-35-46-16-46 8C-46 24-35 32-23 32C-14 32-7 27-3 21C-4 33-9 40-17 47H17"
    "C9 40 4 33 3 21C7 27 14 32 23 32C35 32 46 24 46 8C46-16 6-35 0-48Z",
    "C": "M-3 4C-13 14-23 21-32 21C-45 21-52 12-52 2C-52-9-44-17-33-17C-27-17-22-15-18-11"
    "C-21-16-22-21-22-25C-22-38-12-46 0-46C12-46 22-38 22-25C22-21 21-16 18-11"
    "C22-15 27-17 33-17C44-17 52-9 52 2C52 12 45 21 32 21C23 21 13 14 3 4"
    "C4 25 9 37 19 47H-19C-9 37-4 25-3 4Z",
}
FRENCH_NAMES = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
FRENCH_RANK_NAMES = {
    "A": "Ace",
    "2": "Two",
    "3": "Three",
    "4": "Four",
    "5": "Five",
    "6": "Six",
    "7": "Seven",
    "8": "Eight",
    "9": "Nine",
    "T": "Ten",
    "J": "Jack",
    "Q": "Queen",
    "K": "King",
}

# Pip centres for A-10: columns L/M/R and rows as fractions of the pip area.
_L, _M, _R = 78, 125, 172
_TOP, _BOT = 70, 280


def _row(f: float) -> float:
    return _TOP + (_BOT - _TOP) * f


FRENCH_PIPS = {
    1: [(_M, 0.5)],
    2: [(_M, 0), (_M, 1)],
    3: [(_M, 0), (_M, 0.5), (_M, 1)],
    4: [(_L, 0), (_R, 0), (_L, 1), (_R, 1)],
    5: [(_L, 0), (_R, 0), (_M, 0.5), (_L, 1), (_R, 1)],
    6: [(_L, 0), (_R, 0), (_L, 0.5), (_R, 0.5), (_L, 1), (_R, 1)],
    7: [(_L, 0), (_R, 0), (_M, 0.25), (_L, 0.5), (_R, 0.5), (_L, 1), (_R, 1)],
    8: [(_L, 0), (_R, 0), (_M, 0.25), (_L, 0.5), (_R, 0.5), (_M, 0.75), (_L, 1), (_R, 1)],
    9: [(_L, 0), (_R, 0), (_L, 1 / 3), (_R, 1 / 3), (_M, 0.5), (_L, 2 / 3), (_R, 2 / 3), (_L, 1), (_R, 1)],
    10: [
        (_L, 0),
        (_R, 0),
        (_M, 1 / 6),
        (_L, 1 / 3),
        (_R, 1 / 3),
        (_L, 2 / 3),
        (_R, 2 / 3),
        (_M, 5 / 6),
        (_L, 1),
        (_R, 1),
    ],
}


def french_index(rank: str, colour: str, letters: dict[str, str] | None = None) -> str:
    text = "10" if rank == "T" else (letters or {}).get(rank, rank)
    parts = glyphs(text, 29, 12, 42, colour, weight=6.4)
    parts.append(use("s", 29, 72, 0.29, fill=colour))
    return '<g id="i">' + "".join(parts) + "</g>"


def french_card(rank: str, suit: str, letters: dict[str, str] | None = None) -> str:
    colour = RED if suit in RED_SUITS else BLACK
    title = f"{FRENCH_RANK_NAMES[rank]} of {FRENCH_NAMES[suit]}"
    defs = [f'<path id="s" d="{FRENCH_SUIT_PATHS[suit]}"/>', french_index(rank, colour, letters)]
    body = both_ends("i")
    if rank in "JQK":
        defs.append(french_court_half(rank, suit, colour))
        body[:0] = french_court_frame(colour, suit)
        body.insert(1, use("h", CX, CY))
        body.insert(2, use("h", CX, CY, r=180))
    elif rank == "A":
        body.append(use("s", CX, CY, 1.25 if suit == "S" else 1.0, fill=colour))
        if suit == "S":
            # The ace of spades keeps its traditional flourish: a fine inner line.
            body.append(
                f'<path d="{FRENCH_SUIT_PATHS["S"]}"{tf(CX, CY + 3, 0.94)} fill="none" '
                f'stroke="{FACE}" stroke-width="3"/>'
            )
    else:
        count = 10 if rank == "T" else int(rank)
        for x, f in FRENCH_PIPS[count]:
            body.append(use("s", x, _row(f), 0.44, 180 if f > 0.5 else 0, fill=colour))
    return document(title, defs, body)


# French court cards: a framed, double-ended portrait.  The half-figure is
# drawn with the card centre as origin, in the upper half (y < 0).

COURT_FRAME = (54, 44, 196, 306)


def french_court_frame(colour: str, suit: str) -> list[str]:
    x0, y0, x1, y1 = COURT_FRAME
    tint = "#fbe8e3" if suit in RED_SUITS else "#e6eaf1"
    return [
        el("rect", x=x0, y=y0, width=x1 - x0, height=y1 - y0, rx=5, fill=tint, stroke=colour, stroke_width=2),
        el("path", d=f"M{x0} {n(CY)}H{x1}", stroke=GOLD_DARK, stroke_width=1.2),
    ]


def _face(cx: float, cy: float, r: float, lips: str = "#b5412f") -> list[str]:
    return [
        el("ellipse", cx=cx, cy=cy, rx=r * 0.84, ry=r, fill=SKIN, stroke=INK, stroke_width=1.4),
        el(
            "path",
            d=f"M{n(cx - r * 0.5)} {n(cy - r * 0.28)}q{n(r * 0.16)} {n(-r * 0.1)} {n(r * 0.3)} 0"
            f"M{n(cx + r * 0.2)} {n(cy - r * 0.28)}q{n(r * 0.16)} {n(-r * 0.1)} {n(r * 0.3)} 0",
            fill="none",
            stroke=INK,
            stroke_width=1.2,
            stroke_linecap="round",
        ),
        el("circle", cx=cx - r * 0.34, cy=cy - r * 0.08, r=r * 0.09, fill=INK),
        el("circle", cx=cx + r * 0.34, cy=cy - r * 0.08, r=r * 0.09, fill=INK),
        el(
            "path",
            d=f"M{n(cx - r * 0.02)} {n(cy + r * 0.02)}q{n(-r * 0.14)} {n(r * 0.26)} {n(r * 0.04)} {n(r * 0.3)}",
            fill="none",
            stroke=INK,
            stroke_width=1.1,
            stroke_linecap="round",
        ),
        el(
            "path",
            d=f"M{n(cx - r * 0.2)} {n(cy + r * 0.55)}q{n(r * 0.2)} {n(r * 0.12)} {n(r * 0.4)} 0",
            fill="none",
            stroke=lips,
            stroke_width=2,
            stroke_linecap="round",
        ),
    ]


def french_court_half(rank: str, suit: str, colour: str) -> str:
    """Upper half of a court card, origin at the card centre (y < 0)."""
    accent, second = GOLD, "#2a4f8f"
    hair = {"K": "#7a7166", "Q": "#c98a2b", "J": "#5a3518"}[rank]
    hy, hr = -80, 23  # head centre and radius
    p: list[str] = []
    # Held attribute, behind the figure: sceptre (K), flower (Q), halberd (J).
    if rank == "K":
        p.append(el("path", d="M-48 0V-104", stroke=GOLD_DARK, stroke_width=5, stroke_linecap="round"))
        p.append(el("circle", cx=-48, cy=-110, r=8, fill=accent, stroke=GOLD_DARK, stroke_width=1.5))
        p.append(el("path", d="M-48 -119V-128M-52.5 -124H-43.5", stroke=GOLD_DARK, stroke_width=2.4))
    elif rank == "Q":
        p.append(el("path", d="M-46 -6Q-52 -60 -46 -98", fill="none", stroke="#3f7a34", stroke_width=3))
        p.append(el("path", d="M-47 -62q-14 -4 -17 -16q14 0 17 16z", fill="#4f9a40"))
        p.append(el("path", d="M-47 -76q12 -4 14 -15q-12 1 -14 15z", fill="#4f9a40"))
        for k in range(6):
            p.append(
                el("ellipse", cx=-46, cy=-111, rx=4.8, ry=8.5, fill=colour, transform=f"rotate({k * 60} -46 -104)")
            )
        p.append(el("circle", cx=-46, cy=-104, r=4.6, fill=accent))
    else:
        p.append(el("path", d="M-48 0V-112", stroke="#7a5028", stroke_width=4.5, stroke_linecap="round"))
        p.append(el("path", d="M-48 -131L-42 -114H-54Z", fill="#aab6c6", stroke=INK, stroke_width=1.2))
        p.append(
            el(
                "path",
                d="M-48 -110q-15 3 -17 17q8 -8 17 -9zM-48 -110q15 3 17 17q-8 -8 -17 -9z",
                fill="#aab6c6",
                stroke=INK,
                stroke_width=1.2,
            )
        )
    if rank == "Q":  # long hair hangs behind the shoulders
        p.append(
            el(
                "path",
                d="M-24 -84C-32 -60 -30 -50 -38 -40H38C30 -50 32 -60 24 -84C16 -112 -16 -112 -24 -84Z",
                fill=hair,
                stroke=INK,
                stroke_width=1.2,
            )
        )
    # Robe: shoulders and sleeves in the suit's colour, a patterned front panel.
    p.append(
        el(
            "path",
            d="M-62 0V-24C-62 -40 -48 -50 -28 -54L-10 -57H10L28 -54C48 -50 62 -40 62 -24V0Z",
            fill=colour,
            stroke=INK,
            stroke_width=1.4,
        )
    )
    p.append(
        el(
            "path",
            d="M-36 -50C-42 -36 -42 -16 -40 0M36 -50C42 -36 42 -16 40 0",
            fill="none",
            stroke=accent,
            stroke_width=3,
        )
    )
    p.append(
        el("path", d="M-20 -56L-15 0H15L20 -56Z", fill=second, stroke=accent, stroke_width=3, stroke_linejoin="round")
    )
    zig = "M-8 -46" + "".join(f"L{8 if k % 2 == 0 else -8} {-46 + (k + 1) * 7}" for k in range(6))
    p.append(el("path", d=zig, fill="none", stroke=accent, stroke_width=2))
    p.append(use("s", 0, -8, 0.12, fill=FACE))
    # Collar: ermine for the king, pearls for the queen, a plain band for the jack.
    if rank == "K":
        p.append(
            el("path", d="M-34 -54Q0 -36 34 -54L30 -44Q0 -26 -30 -44Z", fill="#ffffff", stroke=INK, stroke_width=1.1)
        )
        for x in (-20, -8, 6, 18):
            p.append(el("path", d=f"M{x} -44v5", stroke=INK, stroke_width=2.2, stroke_linecap="round"))
    elif rank == "Q":
        for k in range(9):
            x = -24 + k * 6
            p.append(
                el(
                    "circle",
                    cx=x,
                    cy=-52 + (16 - (k - 4) ** 2) * 0.55,
                    r=2.3,
                    fill="#ffffff",
                    stroke="#b9ae9c",
                    stroke_width=0.6,
                )
            )
    else:
        p.append(el("path", d="M-28 -54Q0 -40 28 -54", fill="none", stroke=accent, stroke_width=5))
    # Hands: one on the attribute, one on the chest.
    p.append(
        el(
            "path",
            d="M-56 -20Q-47 -16 -38 -20M18 -12Q26 -8 34 -12",
            fill="none",
            stroke=accent,
            stroke_width=5,
            stroke_linecap="round",
        )
    )
    p.append(el("circle", cx=-47, cy=-28, r=7.5, fill=SKIN, stroke=INK, stroke_width=1.2))
    p.append(el("circle", cx=26, cy=-20, r=7, fill=SKIN, stroke=INK, stroke_width=1.2))
    # Neck and head.
    p.append(el("path", d=f"M-8 {hy + 14}V-54H8V{hy + 14}Z", fill=SKIN, stroke=INK, stroke_width=1.2))
    if rank == "K":
        p.append(
            el(
                "path",
                d="M-24 -88C-30 -72 -28 -58 -18 -52H18C28 -58 30 -72 24 -88Z",
                fill=hair,
                stroke=INK,
                stroke_width=1,
            )
        )
    p.extend(_face(0, hy, hr))
    if rank == "K":
        p.append(
            el(
                "path",
                d="M-19 -78C-20 -56 -10 -46 0 -44C10 -46 20 -56 19 -78C14 -68 7 -66 0 -68C-7 -66 -14 -68 -19 -78Z",
                fill=hair,
                stroke=INK,
                stroke_width=1.2,
            )
        )
        p.append(
            el("path", d="M-9 -69Q0 -74 9 -69", fill="none", stroke="#4a433c", stroke_width=2.6, stroke_linecap="round")
        )
        p.append(
            el("path", d="M-4 -60Q0 -58 4 -60", fill="none", stroke="#b5412f", stroke_width=1.8, stroke_linecap="round")
        )
        p.append(
            el(
                "path",
                d="M-22 -98L-26 -126L-13 -110L0 -131L13 -110L26 -126L22 -98Z",
                fill=accent,
                stroke=GOLD_DARK,
                stroke_width=1.5,
                stroke_linejoin="round",
            )
        )
        p.append(el("rect", x=-23, y=-104, width=46, height=10, rx=2, fill=accent, stroke=GOLD_DARK, stroke_width=1.5))
        for x, c in ((-13, second), (0, RED if colour == BLACK else second), (13, second)):
            p.append(el("circle", cx=x, cy=-99, r=2.8, fill=c))
    elif rank == "Q":
        p.append(
            el(
                "path",
                d="M-21 -88C-18 -101 -9 -105 0 -105C9 -105 18 -101 21 -88C10 -95 -10 -95 -21 -88Z",
                fill=hair,
                stroke=INK,
                stroke_width=1,
            )
        )
        p.append(
            el("path", d="M-21 -98Q0 -118 21 -98", fill="none", stroke=accent, stroke_width=6, stroke_linecap="round")
        )
        p.append(
            el(
                "path",
                d="M-7 -106L0 -122L7 -106Z",
                fill=accent,
                stroke=GOLD_DARK,
                stroke_width=1.2,
                stroke_linejoin="round",
            )
        )
        for x, y, r in ((0, -109, 3.4), (-13, -103, 2.5), (13, -103, 2.5)):
            p.append(el("circle", cx=x, cy=y, r=r, fill=RED if colour == BLACK else second))
    else:
        p.append(el("path", d="M-21 -84C-25 -72 -23 -62 -18 -58C-18 -70 -16 -80 -13 -90Z", fill=hair))
        p.append(el("path", d="M21 -84C25 -72 23 -62 18 -58C18 -70 16 -80 13 -90Z", fill=hair))
        p.append(el("path", d="M-20 -88C-14 -96 14 -96 20 -88C14 -92 -14 -92 -20 -88Z", fill=hair))
        # a flat cap with a feather
        p.append(
            el(
                "path",
                d="M-29 -94C-27 -111 -12 -118 4 -117C20 -116 30 -107 29 -96C12 -101 -12 -101 -29 -94Z",
                fill=colour,
                stroke=INK,
                stroke_width=1.4,
            )
        )
        p.append(el("path", d="M-28 -96C-12 -102 12 -102 28 -98", fill="none", stroke=accent, stroke_width=4))
        p.append(
            el(
                "path",
                d="M14 -110C24 -114 32 -122 33 -134C24 -126 18 -120 10 -114Z",
                fill=accent,
                stroke=GOLD_DARK,
                stroke_width=1.2,
            )
        )
        p.append(el("path", d="M12 -112C20 -117 28 -124 32 -131", fill="none", stroke=GOLD_DARK, stroke_width=1))
    # Suit pip in the frame's corner, beside the head.
    p.append(use("s", 52, -110, 0.26, fill=colour))
    return '<g id="h">' + "".join(p) + "</g>"


# --------------------------------------------------------------------------
# Italian decks

ITALIAN_SUIT_NAMES = {"D": "denari", "H": "coppe", "C": "bastoni", "S": "spade"}
ITALIAN_RANK_NAMES = {
    "A": "Asso",
    "2": "Due",
    "3": "Tre",
    "4": "Quattro",
    "5": "Cinque",
    "6": "Sei",
    "7": "Sette",
    "J": "Fante",
    "Q": "Cavallo",
    "K": "Re",
}
# The traditional corner numbers: Fante 8, Cavallo 9, Re 10.
ITALIAN_NUMBERS = {"A": "1", "J": "8", "Q": "9", "K": "10"}

NAPOLETANE = {
    "name": "napoletane",
    "face": "#fbf3df",
    "edge": "#9c7a4a",
    "red": "#c0392b",
    "black": "#222018",
    "gold": "#e6ac3c",
    "gold_dark": "#7a4a12",
    "gold_light": "#f6d37c",
    "green": "#4a7c2f",
    "blue": "#2e5a9a",
    "wood": "#9a5b2a",
    "wood_dark": "#4a2a10",
    "steel": "#a9bfdc",
    "steel_dark": "#2d3e57",
    "skin": "#f6d2a8",
    "ink": "#3b2616",
    "ground": "#e6d3a6",
}
PIACENTINE = {
    "name": "piacentine",
    "face": "#ffffff",
    "edge": "#8a94a6",
    "red": "#d42027",
    "black": "#16181f",
    "gold": "#f5c518",
    "gold_dark": "#6b5210",
    "gold_light": "#fbe27a",
    "green": "#1a8a4a",
    "blue": "#1f4e9c",
    "wood": "#b87a3d",
    "wood_dark": "#4e2e12",
    "steel": "#cfd8e3",
    "steel_dark": "#1f2a3a",
    "skin": "#f9dcc0",
    "ink": "#1a1a2a",
    "ground": "#dfe8f3",
}


def _ring(count: int, radius: float, r: float, fill: str, phase: float = 0) -> list[str]:
    out = []
    for k in range(count):
        a = math.radians(phase + k * 360 / count)
        out.append(el("circle", cx=radius * math.sin(a), cy=-radius * math.cos(a), r=r, fill=fill))
    return out


def denari_symbol(st: dict) -> str:
    """A coin, radius 40, centred on the origin."""
    g, d = st["gold"], st["gold_dark"]
    p = [el("circle", r=40, fill=g, stroke=d, stroke_width=3)]
    if st["name"] == "napoletane":
        p.append(el("circle", r=31, fill=st["gold_light"], stroke=d, stroke_width=1.6))
        p += _ring(16, 35.5, 1.7, d)
        for k in range(8):
            p.append(
                el(
                    "ellipse",
                    cy=-16,
                    rx=6.5,
                    ry=12,
                    fill=st["red"],
                    stroke=d,
                    stroke_width=1,
                    transform=f"rotate({k * 45})",
                )
            )
        p.append(el("circle", r=7, fill=st["green"], stroke=d, stroke_width=1.2))
    else:
        p.append(el("circle", r=30, fill=st["blue"], stroke=d, stroke_width=1.6))
        pts = []
        for k in range(16):
            a = math.radians(k * 22.5)
            rr = 27 if k % 2 == 0 else 11
            pts.append(f"{n(rr * math.sin(a))} {n(-rr * math.cos(a))}")
        p.append(el("path", d="M" + "L".join(pts) + "Z", fill=st["gold_light"], stroke=d, stroke_width=1))
        p.append(el("circle", r=7, fill=st["red"], stroke=d, stroke_width=1.2))
        p += _ring(12, 35, 1.8, d, 15)
    return "".join(p)


def coppe_symbol(st: dict) -> str:
    """A goblet, 100 units tall, centred on the origin."""
    g, d, lw = st["gold"], st["gold_dark"], 2
    if st["name"] == "napoletane":
        return "".join(
            [
                el("path", d="M-27 47C-24 37-12 32-5 29H5C12 32 24 37 27 47Z", fill=g, stroke=d, stroke_width=lw),
                el("rect", x=-5, y=2, width=10, height=28, fill=g, stroke=d, stroke_width=lw),
                el("ellipse", cy=16, rx=11, ry=5, fill=st["red"], stroke=d, stroke_width=1.5),
                el("path", d="M-33-42C-33-12-20 2 0 4C20 2 33-12 33-42Z", fill=g, stroke=d, stroke_width=lw),
                el(
                    "path",
                    d="M-31-26C-22-20 22-20 31-26L29-17C20-12-20-12-29-17Z",
                    fill=st["red"],
                    stroke=d,
                    stroke_width=1.2,
                ),
                el("circle", cx=0, cy=-17, r=3.2, fill=st["green"]),
                el("circle", cx=-14, cy=-18, r=2.4, fill=st["green"]),
                el("circle", cx=14, cy=-18, r=2.4, fill=st["green"]),
                el("ellipse", cy=-42, rx=33, ry=6.5, fill=st["gold_light"], stroke=d, stroke_width=lw),
                el("ellipse", cy=-42, rx=26, ry=3.5, fill=st["red"], opacity=0.85),
            ]
        )
    return "".join(
        [
            el("path", d="M-24 48L-16 36H16L24 48Z", fill=st["blue"], stroke=d, stroke_width=lw),
            el("path", d="M-5 36V4H5V36Z", fill=g, stroke=d, stroke_width=lw),
            el("path", d="M-12 22H12L8 14H-8Z", fill=st["red"], stroke=d, stroke_width=1.3),
            el("path", d="M-30-46H30L22-8C18 0 10 4 0 4C-10 4-18 0-22-8Z", fill=st["blue"], stroke=d, stroke_width=lw),
            el("path", d="M-28-36H28L26-28H-26Z", fill=g, stroke=d, stroke_width=1.2),
            el("path", d="M-22-16H22", stroke=g, stroke_width=3),
            el("path", d="M-33-46H33V-52H-33Z", fill=g, stroke=d, stroke_width=lw),
        ]
    )


def bastoni_symbol(st: dict) -> str:
    """A club, about 130 units long, upright, centred on the origin."""
    w, d = st["wood"], st["wood_dark"]
    if st["name"] == "napoletane":
        # A knobbly club, thick at the top, with a sprig of leaves.
        return "".join(
            [
                el("path", d="M6-44q12-10 16-4q-8 2-16 10z", fill=st["green"], stroke=d, stroke_width=1),
                el("path", d="M-6-30q-14-6-17 1q9 0 17 6z", fill=st["green"], stroke=d, stroke_width=1),
                el(
                    "path",
                    d="M-5 62C-7 30-11 0-14-36C-15-52-9-62 0-62C9-62 15-52 14-36C11 0 7 30 5 62C3 66-3 66-5 62Z",
                    fill=w,
                    stroke=d,
                    stroke_width=2,
                ),
                el("circle", cx=-12, cy=-16, r=5, fill=w, stroke=d, stroke_width=1.6),
                el("circle", cx=10, cy=4, r=4.5, fill=w, stroke=d, stroke_width=1.6),
                el("circle", cx=-8, cy=30, r=4, fill=w, stroke=d, stroke_width=1.6),
                el("circle", cx=11, cy=-40, r=4.5, fill=w, stroke=d, stroke_width=1.6),
                el(
                    "path",
                    d="M-4-54C-7-30-4 20-1 56",
                    fill="none",
                    stroke="#c98a52",
                    stroke_width=2.5,
                    stroke_linecap="round",
                ),
                el("ellipse", cx=0, cy=-56, rx=6, ry=3, fill="#c98a52", stroke=d, stroke_width=1),
            ]
        )
    # Piacentine: a straight staff with bound rings and knobbed ends.
    p = [
        el("rect", x=-7, y=-66, width=14, height=132, rx=7, fill=w, stroke=d, stroke_width=2),
        el("path", d="M-3-60V60", stroke="#dba46a", stroke_width=2.5),
    ]
    for y in (-40, -13, 14, 41):
        p.append(el("rect", x=-8.5, y=y - 2.5, width=17, height=5, rx=1.5, fill=st["green"], stroke=d, stroke_width=1))
    p.append(el("circle", cy=-66, r=8, fill=st["red"], stroke=d, stroke_width=1.6))
    p.append(el("circle", cy=66, r=8, fill=st["red"], stroke=d, stroke_width=1.6))
    return "".join(p)


def spade_symbol(st: dict) -> str:
    """A sword, point up, about 140 units long, centred on the origin."""
    g, gd, s, sd = st["gold"], st["gold_dark"], st["steel"], st["steel_dark"]
    if st["name"] == "napoletane":
        # Straight broadsword.
        return "".join(
            [
                el("path", d="M0-72L8-58V30H-8V-58Z", fill=s, stroke=sd, stroke_width=1.8, stroke_linejoin="round"),
                el("path", d="M0-58V26", stroke=sd, stroke_width=1.4),
                el("rect", x=-24, y=28, width=48, height=8, rx=4, fill=g, stroke=gd, stroke_width=1.6),
                el("rect", x=-4.5, y=36, width=9, height=24, rx=2, fill=st["red"], stroke=gd, stroke_width=1.4),
                el("circle", cy=64, r=6.5, fill=g, stroke=gd, stroke_width=1.6),
            ]
        )
    # Piacentine: a slender curved sabre with a bowed guard, its middle on the origin.
    return (
        '<g transform="translate(-2 9)">'
        + "".join(
            [
                el(
                    "path",
                    d="M-4.5 28C-4.5-8 0-48 15-84C12-50 6-10 5 28Z",
                    fill=s,
                    stroke=sd,
                    stroke_width=1.6,
                    stroke_linejoin="round",
                ),
                el("path", d="M0 22C0-8 3-40 10-68", fill="none", stroke=sd, stroke_width=1),
                el("path", d="M-17 25Q0 34 17 25L17 31Q0 40-17 31Z", fill=g, stroke=gd, stroke_width=1.4),
                el("path", d="M-3.5 34L-4.5 56H4.5L3.5 34Z", fill=st["blue"], stroke=gd, stroke_width=1.3),
                el("path", d="M-6.5 56H6.5L3.5 65H-3.5Z", fill=g, stroke=gd, stroke_width=1.3),
            ]
        )
        + "</g>"
    )


ITALIAN_SYMBOLS = {"D": denari_symbol, "H": coppe_symbol, "C": bastoni_symbol, "S": spade_symbol}

# Pip layouts. Round symbols (coins, cups): (x, y) with one scale per count.
ROUND_PIPS = {
    2: ([(125, 108), (125, 242)], 0.85),
    3: ([(82, 92), (125, 175), (168, 258)], 0.78),
    4: ([(84, 108), (166, 108), (84, 242), (166, 242)], 0.78),
    5: ([(80, 96), (170, 96), (125, 175), (80, 254), (170, 254)], 0.72),
    6: ([(86, 86), (164, 86), (86, 175), (164, 175), (86, 264), (164, 264)], 0.64),
    7: ([(86, 86), (164, 86), (125, 130), (86, 175), (164, 175), (86, 264), (164, 264)], 0.6),
}
# Long symbols (clubs, swords) in the Napoletane style: single items in rows,
# (x, y, angle) with one scale per count.
LONG_PIPS = {
    2: ([(96, 175, -8), (154, 175, 8)], 1.55),
    3: ([(78, 175, -6), (125, 175, 0), (172, 175, 6)], 1.4),
    4: ([(92, 110, -8), (158, 110, 8), (92, 240, -8), (158, 240, 8)], 0.86),
    5: ([(82, 110, -8), (168, 110, 8), (125, 175, 0), (82, 240, -8), (168, 240, 8)], 0.86),
    6: ([(78, 110, -6), (125, 110, 0), (172, 110, 6), (78, 240, -6), (125, 240, 0), (172, 240, 6)], 0.86),
    7: ([(78, 86, -6), (125, 86, 0), (172, 86, 6), (125, 175, 90), (78, 264, -6), (125, 264, 0), (172, 264, 6)], 0.62),
}
# Long symbols in the Piacentine style: staves and sabres crossing in a
# lattice, (x offset, angle) pairs about the centre.
_X1 = [(125, 175, 26, 1.5), (125, 175, -26, 1.5)]
_X2 = [(125, 108, 30, 0.9), (125, 108, -30, 0.9), (125, 242, 30, 0.9), (125, 242, -30, 0.9)]
_BAR = [(125, 175, 90, 1.2)]
LATTICE = {
    2: _X1,
    3: _X1 + [(125, 175, 0, 1.55)],
    4: _X2,
    5: _X2 + _BAR,
    6: _X2 + [(125, 108, 0, 0.92), (125, 242, 0, 0.92)],
    7: _X2 + [(125, 108, 0, 0.92), (125, 242, 0, 0.92)] + _BAR,
}


def italian_index(st: dict, rank: str, suit: str) -> str:
    number = ITALIAN_NUMBERS.get(rank, rank)
    colour = st["red"] if suit in RED_SUITS else st["black"]
    mini = {"D": 0.33, "H": 0.29, "C": 0.27, "S": 0.25}[suit]
    if st["name"] == "napoletane":
        parts = glyphs(number, 28, 13, 38, colour, weight=6.4, spacing=0.5)
        parts.append(use("p", 28, 71, mini, 20 if suit in "CS" else 0))
    else:
        # A small filled badge: red or black at a glance.
        parts = [el("rect", x=12, y=12, width=38, height=36, rx=6, fill=colour)]
        parts += glyphs(number, 31, 18, 24, "#ffffff", weight=6, spacing=0)
        parts.append(use("p", 31, 70, mini, 20 if suit in "CS" else 0))
    return '<g id="i">' + "".join(parts) + "</g>"


def italian_frame(st: dict) -> list[str]:
    if st["name"] == "piacentine":
        return [
            el("rect", x=6, y=6, width=W - 12, height=H - 12, rx=11, fill="none", stroke=st["blue"], stroke_width=2.2),
            el(
                "rect", x=9.5, y=9.5, width=W - 19, height=H - 19, rx=8, fill="none", stroke=st["red"], stroke_width=0.9
            ),
        ]
    return [el("rect", x=5, y=5, width=W - 10, height=H - 10, rx=12, fill="none", stroke="#d9c28f", stroke_width=1)]


def wreath(st: dict, cx: float, cy: float, r: float) -> list[str]:
    """Two laurel branches rising from a bow under the centre, open at the top."""
    out = []
    for side in (1, -1):
        branch = []
        for k in range(10):
            a = 168 - k * 14  # degrees round the circle, from the bottom upwards
            rad = math.radians(a)
            bx, by = cx + side * r * math.sin(rad), cy - r * math.cos(rad)
            branch.append(f"{n(bx)} {n(by)}")
            heading = side * (a - 90)
            for tilt, colour in ((34, st["green"]), (-34, "#6fa34c")):
                t = heading + side * tilt
                lx = bx + 8.5 * math.sin(math.radians(t))
                ly = by - 8.5 * math.cos(math.radians(t))
                out.append(
                    el("ellipse", cx=lx, cy=ly, rx=4, ry=9, fill=colour, transform=f"rotate({n(t)} {n(lx)} {n(ly)})")
                )
        out.insert(0, el("path", d="M" + "L".join(branch), fill="none", stroke=st["wood_dark"], stroke_width=1.6))
    y = cy + r
    out += [
        el("path", d=f"M{n(cx)} {n(y)}l-12 24M{n(cx)} {n(y)}l12 24", stroke=st["red"], stroke_width=4.5),
        el(
            "ellipse",
            cx=cx - 10,
            cy=y - 2,
            rx=10,
            ry=5.5,
            fill=st["red"],
            transform=f"rotate(-20 {n(cx - 10)} {n(y - 2)})",
        ),
        el(
            "ellipse",
            cx=cx + 10,
            cy=y - 2,
            rx=10,
            ry=5.5,
            fill=st["red"],
            transform=f"rotate(20 {n(cx + 10)} {n(y - 2)})",
        ),
        el("circle", cx=cx, cy=y, r=4.5, fill=st["red"], stroke=st["gold_dark"], stroke_width=1),
    ]
    return out


def sunburst(st: dict, cx: float, cy: float, r0: float, r1: float, count: int = 24) -> str:
    d = []
    for k in range(count):
        a = math.radians(k * 360 / count)
        b = math.radians((k + 0.5) * 360 / count)
        c = math.radians((k + 1) * 360 / count)
        d.append(
            f"M{n(cx + r0 * math.sin(a))} {n(cy - r0 * math.cos(a))}"
            f"L{n(cx + r1 * math.sin(b))} {n(cy - r1 * math.cos(b))}"
            f"L{n(cx + r0 * math.sin(c))} {n(cy - r0 * math.cos(c))}Z"
        )
    return el("path", d="".join(d), fill=st["gold_light"], stroke=st["gold"], stroke_width=1)


def italian_ace(st: dict, suit: str) -> list[str]:
    out: list[str] = []
    if st["name"] == "napoletane":
        out += wreath(st, CX, CY, 92)
    else:
        out.append(el("circle", cx=CX, cy=CY, r=96, fill="none", stroke=st["blue"], stroke_width=1.5))
        out.append(sunburst(st, CX, CY, 56, 92))
        out.append(el("circle", cx=CX, cy=CY, r=56, fill=st["face"], stroke=st["red"], stroke_width=1.5))
    if suit == "D":
        out.append(
            el(
                "circle",
                cx=CX,
                cy=CY,
                r=70,
                fill="none",
                stroke=st["gold_dark"],
                stroke_width=1.2,
                stroke_dasharray="2 4",
            )
        )
        out.append(use("p", CX, CY, 1.5))
    elif suit == "H":
        out.append(use("p", CX, CY, 1.55))
    elif suit == "C":
        out.append(use("p", CX, CY, 1.75, -24))
    else:
        out.append(use("p", CX, CY, 1.7, 24 if st["name"] == "piacentine" else 0))
    return out


def italian_pips(st: dict, rank: str, suit: str) -> list[str]:
    count = int(rank)
    out = []
    if suit in "DH":
        spots, s = ROUND_PIPS[count]
        out += [use("p", x, y, s) for x, y in spots]
    elif st["name"] == "napoletane":
        spots3, s = LONG_PIPS[count]
        if suit == "S":
            s *= 0.97
        out += [use("p", x, y, s, a) for x, y, a in spots3]
    else:
        for x, y, a, s in LATTICE[count]:
            if suit == "S":  # sabres curve away from each other
                out.append(use("p", x, y, s, a, sx=-1 if a < 0 else 1))
            else:  # straight staves splay wider
                out.append(use("p", x, y, s, a if abs(a) == 90 else a * 1.25))
    return out


# ---- Italian court figures (full length, facing the viewer) ----

SUIT_TINT = {"D": 0, "H": 1, "C": 2, "S": 3}


def _held(suit: str, x: float, y: float, s_round: float, s_long: float, angle: float = 0) -> str:
    """The suit symbol held at (x, y)."""
    if suit in "DH":
        return use("p", x, y, s_round)
    return use("p", x, y, s_long, angle)


def _garments(st: dict, suit: str) -> tuple[str, str, str]:
    """Main garment, second garment and trim colours, varied by suit."""
    cycle = [st["red"], st["blue"], st["green"], st["red"]]
    other = [st["blue"], st["green"], st["red"], st["green"]]
    k = SUIT_TINT[suit]
    return cycle[k], other[k], st["gold"]


def _head(st: dict, cx: float, cy: float, r: float, hair: str, beard: bool = False) -> list[str]:
    ink, skin = st["ink"], st["skin"]
    out = [
        el(
            "path",
            d=f"M{n(cx - r)} {n(cy)}C{n(cx - r * 1.1)} {n(cy + r * 0.9)} {n(cx - r * 0.6)} {n(cy + r * 1.1)}"
            f" {n(cx - r * 0.5)} {n(cy + r * 0.9)}H{n(cx + r * 0.5)}C{n(cx + r * 0.6)} {n(cy + r * 1.1)}"
            f" {n(cx + r * 1.1)} {n(cy + r * 0.9)} {n(cx + r)} {n(cy)}Z",
            fill=hair,
        )
    ]
    out.append(el("ellipse", cx=cx, cy=cy, rx=r * 0.84, ry=r, fill=skin, stroke=ink, stroke_width=1.3))
    out.append(el("circle", cx=cx - r * 0.34, cy=cy - r * 0.08, r=r * 0.1, fill=ink))
    out.append(el("circle", cx=cx + r * 0.34, cy=cy - r * 0.08, r=r * 0.1, fill=ink))
    out.append(
        el(
            "path",
            d=f"M{n(cx)} {n(cy)}l{n(-r * 0.12)} {n(r * 0.32)}h{n(r * 0.2)}",
            fill="none",
            stroke=ink,
            stroke_width=1,
            stroke_linecap="round",
        )
    )
    if beard:
        out.append(
            el(
                "path",
                d=f"M{n(cx - r * 0.82)} {n(cy + r * 0.05)}C{n(cx - r * 0.9)} {n(cy + r * 1.3)}"
                f" {n(cx - r * 0.3)} {n(cy + r * 1.9)} {n(cx)} {n(cy + r * 2)}"
                f"C{n(cx + r * 0.3)} {n(cy + r * 1.9)} {n(cx + r * 0.9)} {n(cy + r * 1.3)}"
                f" {n(cx + r * 0.82)} {n(cy + r * 0.05)}C{n(cx + r * 0.5)} {n(cy + r * 0.5)}"
                f" {n(cx - r * 0.5)} {n(cy + r * 0.5)} {n(cx - r * 0.82)} {n(cy + r * 0.05)}Z",
                fill=hair,
                stroke=ink,
                stroke_width=1.1,
            )
        )
        out.append(
            el(
                "path",
                d=f"M{n(cx - r * 0.35)} {n(cy + r * 0.58)}q{n(r * 0.35)} {n(-r * 0.2)} {n(r * 0.7)} 0",
                fill="none",
                stroke=ink,
                stroke_width=1.2,
                stroke_linecap="round",
            )
        )
    else:
        out.append(
            el(
                "path",
                d=f"M{n(cx - r * 0.2)} {n(cy + r * 0.55)}q{n(r * 0.2)} {n(r * 0.12)} {n(r * 0.4)} 0",
                fill="none",
                stroke=st["red"],
                stroke_width=1.6,
                stroke_linecap="round",
            )
        )
    # hair on top
    out.append(
        el(
            "path",
            d=f"M{n(cx - r * 0.86)} {n(cy - r * 0.1)}C{n(cx - r * 0.9)} {n(cy - r * 1.2)}"
            f" {n(cx + r * 0.9)} {n(cy - r * 1.2)} {n(cx + r * 0.86)} {n(cy - r * 0.1)}"
            f"C{n(cx + r * 0.5)} {n(cy - r * 0.6)} {n(cx - r * 0.5)} {n(cy - r * 0.6)}"
            f" {n(cx - r * 0.86)} {n(cy - r * 0.1)}Z",
            fill=hair,
        )
    )
    return out


def _crown(st: dict, cx: float, base: float, w: float) -> list[str]:
    g, gd = st["gold"], st["gold_dark"]
    h = w * 0.7
    return [
        el(
            "path",
            d=f"M{n(cx - w / 2)} {n(base)}L{n(cx - w / 2 - 3)} {n(base - h)}L{n(cx - w / 4)} {n(base - h * 0.45)}"
            f"L{n(cx)} {n(base - h * 1.1)}L{n(cx + w / 4)} {n(base - h * 0.45)}L{n(cx + w / 2 + 3)} {n(base - h)}"
            f"L{n(cx + w / 2)} {n(base)}Z",
            fill=g,
            stroke=gd,
            stroke_width=1.4,
            stroke_linejoin="round",
        ),
        el("rect", x=cx - w / 2, y=base - 5, width=w, height=7, rx=2, fill=g, stroke=gd, stroke_width=1.4),
        el("circle", cx=cx, cy=base - 1.5, r=2.3, fill=st["red"]),
        el("circle", cx=cx - w / 4, cy=base - 1.5, r=2, fill=st["blue"]),
        el("circle", cx=cx + w / 4, cy=base - 1.5, r=2, fill=st["blue"]),
    ]


def fante(st: dict, suit: str) -> list[str]:
    main, second, trim = _garments(st, suit)
    ink, skin = st["ink"], st["skin"]
    hose = st["gold"] if st["name"] == "napoletane" else st["red"]
    out = [
        el("ellipse", cx=125, cy=298, rx=48, ry=6, fill=ink, opacity=0.15),
        el("path", d="M109 226L105 292H118L121 226Z", fill=hose, stroke=ink, stroke_width=1.3),
        el("path", d="M129 226L132 292H145L141 226Z", fill=second, stroke=ink, stroke_width=1.3),
        el("ellipse", cx=109, cy=294, rx=11, ry=5, fill=ink),
        el("ellipse", cx=141, cy=294, rx=11, ry=5, fill=ink),
        # tunic with a flared skirt
        el(
            "path",
            d="M103 118H147L152 176L164 234Q125 246 86 234L98 176Z",
            fill=main,
            stroke=ink,
            stroke_width=1.4,
            stroke_linejoin="round",
        ),
        el("path", d="M88 230Q125 242 162 230", fill="none", stroke=trim, stroke_width=4),
        el("path", d="M125 118V176", stroke=trim, stroke_width=3, stroke_dasharray="3 4"),
        el("rect", x=97, y=172, width=56, height=8, rx=2, fill=st["wood_dark"]),
        el("rect", x=121, y=171, width=9, height=10, rx=1, fill=trim),
        # left arm on the hip, right arm up holding the suit
        el("path", d="M104 124Q86 150 100 176", fill="none", stroke=second, stroke_width=13, stroke_linecap="round"),
        el("circle", cx=102, cy=178, r=6, fill=skin, stroke=ink, stroke_width=1.2),
        el("path", d="M146 124Q166 136 170 160", fill="none", stroke=second, stroke_width=13, stroke_linecap="round"),
        _held(suit, 172, 128 if suit in "DH" else 120, 0.56, 0.9, 6),
        el("circle", cx=171, cy=163, r=6.5, fill=skin, stroke=ink, stroke_width=1.2),
        el("path", d="M118 104V120H132V104Z", fill=skin, stroke=ink, stroke_width=1.2),
        el("path", d="M104 120Q125 134 146 120", fill="none", stroke=trim, stroke_width=4),
    ]
    out += _head(st, 125, 92, 17, "#6b3f1d")
    # beret with a feather
    out += [
        el(
            "path",
            d="M100 82C100 70 112 64 128 64C144 64 152 72 150 80C136 76 114 77 100 82Z",
            fill=second,
            stroke=ink,
            stroke_width=1.3,
        ),
        el(
            "path",
            d="M138 68C150 52 164 46 172 40C168 54 156 66 142 72Z",
            fill=st["red"] if second != st["red"] else st["blue"],
            stroke=ink,
            stroke_width=1.1,
        ),
    ]
    return out


def cavallo(st: dict, suit: str) -> list[str]:
    main, second, trim = _garments(st, suit)
    ink, skin = st["ink"], st["skin"]
    horse = "#f4ecdc" if st["name"] == "napoletane" else "#a8693a"
    mane = "#8a7a66" if st["name"] == "napoletane" else "#3a2414"
    hs = ink
    out = [
        el("ellipse", cx=130, cy=299, rx=72, ry=6, fill=ink, opacity=0.15),
        # tail
        el(
            "path",
            d="M186 206C204 214 204 246 194 270",
            fill="none",
            stroke=mane,
            stroke_width=9,
            stroke_linecap="round",
        ),
        # far legs (darker)
        el("path", d="M170 236L176 294H186L180 234Z", fill=mane, opacity=0.55),
        el("path", d="M100 238L92 294H102L110 240Z", fill=mane, opacity=0.55),
        # near legs
        el("path", d="M156 236L158 294H169L168 236Z", fill=horse, stroke=hs, stroke_width=1.3),
        el("path", d="M112 238L112 294H123L124 238Z", fill=horse, stroke=hs, stroke_width=1.3),
        el("rect", x=156, y=290, width=14, height=6, rx=1, fill=ink),
        el("rect", x=110, y=290, width=14, height=6, rx=1, fill=ink),
        el("rect", x=174, y=290, width=13, height=6, rx=1, fill=ink),
        el("rect", x=90, y=290, width=13, height=6, rx=1, fill=ink),
        # body, neck and head
        el(
            "path",
            d="M100 224C94 206 88 186 82 166L77 148C78 134 92 128 100 134C110 158 124 186 146 190"
            "C172 190 192 198 192 218C192 238 172 246 142 246C120 246 104 240 100 224Z",
            fill=horse,
            stroke=hs,
            stroke_width=1.4,
            stroke_linejoin="round",
        ),
        el(
            "path",
            d="M80 140C70 150 58 166 52 178C48 186 56 192 64 188C72 184 84 170 98 156Z",
            fill=horse,
            stroke=hs,
            stroke_width=1.4,
            stroke_linejoin="round",
        ),
        el("path", d="M86 134L90 118L96 134Z", fill=horse, stroke=hs, stroke_width=1.2),
        el(
            "path",
            d="M95 134C106 156 118 180 134 190",
            fill="none",
            stroke=mane,
            stroke_width=6,
            stroke_linecap="round",
        ),
        el("circle", cx=76, cy=152, r=2.2, fill=ink),
        el("path", d="M56 182l3 -2", stroke=ink, stroke_width=1.6),
        # saddle cloth with a fringe
        el("path", d="M116 196H176L180 240Q148 248 112 240Z", fill=second, stroke=ink, stroke_width=1.3),
        el("path", d="M113 238Q148 246 179 238", fill="none", stroke=trim, stroke_width=3.5, stroke_dasharray="2 3"),
        # rider
        el("path", d="M128 140H154L158 200H124Z", fill=main, stroke=ink, stroke_width=1.4, stroke_linejoin="round"),
        el("path", d="M126 196L128 206", stroke=trim, stroke_width=3),
        el("rect", x=124, y=182, width=34, height=6, fill=st["wood_dark"]),
        el("path", d="M144 196Q150 220 140 246", fill="none", stroke=main, stroke_width=12, stroke_linecap="round"),
        el("path", d="M140 240L138 262H152L148 242Z", fill=ink),
        # reins and the arm holding them
        el("path", d="M130 150Q112 168 112 176", fill="none", stroke=main, stroke_width=11, stroke_linecap="round"),
        el("path", d="M112 176L68 178", stroke=st["wood_dark"], stroke_width=1.5),
        el("circle", cx=112, cy=178, r=5.5, fill=skin, stroke=ink, stroke_width=1.1),
        # raised arm with the suit
        el("path", d="M152 146Q170 138 174 116", fill="none", stroke=main, stroke_width=11, stroke_linecap="round"),
        _held(suit, 178, 90 if suit in "DH" else 98, 0.5, 0.85, 14),
        el("circle", cx=175, cy=112, r=6, fill=skin, stroke=ink, stroke_width=1.1),
        el("path", d="M135 128V142H147V128Z", fill=skin, stroke=ink, stroke_width=1.1),
    ]
    out += _head(st, 141, 118, 14, "#4a2a14")
    # a plumed hat
    out += [
        el(
            "path",
            d="M124 112C124 98 132 92 141 92C150 92 158 98 158 112Q141 104 124 112Z",
            fill=second,
            stroke=ink,
            stroke_width=1.2,
        ),
        el("path", d="M146 94C150 80 160 74 166 72C164 82 158 90 150 96Z", fill=trim, stroke=ink, stroke_width=1),
    ]
    return out


def re(st: dict, suit: str) -> list[str]:
    main, second, trim = _garments(st, suit)
    ink, skin = st["ink"], st["skin"]
    seated = st["name"] == "piacentine"
    out: list[str] = []
    if seated:
        # throne behind the king
        out += [
            el(
                "rect",
                x=78,
                y=66,
                width=94,
                height=200,
                rx=6,
                fill=st["gold"],
                stroke=st["gold_dark"],
                stroke_width=1.6,
            ),
            el(
                "rect",
                x=86,
                y=74,
                width=78,
                height=150,
                rx=4,
                fill=st["red"] if main != st["red"] else st["blue"],
                opacity=0.85,
            ),
            el("circle", cx=82, cy=66, r=7, fill=st["gold"], stroke=st["gold_dark"], stroke_width=1.4),
            el("circle", cx=168, cy=66, r=7, fill=st["gold"], stroke=st["gold_dark"], stroke_width=1.4),
            el(
                "rect",
                x=70,
                y=228,
                width=110,
                height=12,
                rx=3,
                fill=st["gold"],
                stroke=st["gold_dark"],
                stroke_width=1.4,
            ),
            el("path", d="M76 240V296M174 240V296", stroke=st["gold_dark"], stroke_width=6),
        ]
        robe = "M104 118H146L168 232H152L150 286H100L98 232H82Z"
        out.append(el("ellipse", cx=125, cy=299, rx=54, ry=5, fill=ink, opacity=0.15))
        out.append(el("path", d=robe, fill=main, stroke=ink, stroke_width=1.4, stroke_linejoin="round"))
        out.append(el("path", d="M82 232H168", stroke=trim, stroke_width=3))
        out.append(el("path", d="M98 286H152", stroke="#ffffff", stroke_width=7))
        out += [
            el("ellipse", cx=110, cy=292, rx=11, ry=5, fill=ink),
            el("ellipse", cx=140, cy=292, rx=11, ry=5, fill=ink),
        ]
    else:
        out += [
            el("ellipse", cx=125, cy=299, rx=60, ry=6, fill=ink, opacity=0.15),
            # cape, robe
            el(
                "path",
                d="M100 120L68 296H182L150 120Z",
                fill=second,
                stroke=ink,
                stroke_width=1.4,
                stroke_linejoin="round",
            ),
            el("path", d="M104 118H146L168 296H82Z", fill=main, stroke=ink, stroke_width=1.4, stroke_linejoin="round"),
            el("path", d="M84 288H166", stroke="#ffffff", stroke_width=10),
            el("path", d="M84 288H166", stroke=ink, stroke_width=10, stroke_dasharray="2 9", opacity=0.8),
        ]
    # ermine front stripe and belt
    bottom = 282 if seated else 283
    out += [
        el("rect", x=119, y=130, width=12, height=bottom - 130, fill="#ffffff", stroke=ink, stroke_width=0.8),
        el("path", d=f"M125 140V{bottom}", stroke=ink, stroke_width=2.4, stroke_dasharray="2 12"),
        el("rect", x=101, y=168, width=48, height=7, rx=2, fill=trim, stroke=st["gold_dark"], stroke_width=1),
        # ermine collar
        el("path", d="M98 122Q125 140 152 122L150 132Q125 148 100 132Z", fill="#ffffff", stroke=ink, stroke_width=1),
        # left hand on the belt, right hand holding the suit
        el("path", d="M104 128Q88 156 106 168", fill="none", stroke=main, stroke_width=13, stroke_linecap="round"),
        el("circle", cx=108, cy=168, r=6, fill=skin, stroke=ink, stroke_width=1.2),
        el("path", d="M146 128Q166 150 164 176", fill="none", stroke=main, stroke_width=13, stroke_linecap="round"),
        _held(suit, 168, 150 if suit in "DH" else 140, 0.55, 0.95, 0),
        el("circle", cx=166, cy=178, r=6.5, fill=skin, stroke=ink, stroke_width=1.2),
        el("path", d="M118 104V122H132V104Z", fill=skin, stroke=ink, stroke_width=1.2),
    ]
    out += _head(st, 125, 92, 17, "#8c8478", beard=True)
    out += _crown(st, 125, 80, 34)
    return out


ITALIAN_COURTS = {"J": fante, "Q": cavallo, "K": re}


def italian_card(st: dict, rank: str, suit: str) -> str:
    title = f"{ITALIAN_RANK_NAMES[rank]} di {ITALIAN_SUIT_NAMES[suit]}"
    defs = [f'<g id="p">{ITALIAN_SYMBOLS[suit](st)}</g>', italian_index(st, rank, suit)]
    body = italian_frame(st)
    if rank in ITALIAN_COURTS:
        if st["name"] == "piacentine":
            body.append(
                el(
                    "rect",
                    x=50,
                    y=38,
                    width=150,
                    height=274,
                    rx=6,
                    fill=st["ground"],
                    stroke=st["blue"],
                    stroke_width=1.4,
                )
            )
        else:
            body.append(el("path", d="M58 300Q125 284 192 300Q125 310 58 300Z", fill=st["ground"]))
        body += ITALIAN_COURTS[rank](st, suit)
    elif rank == "A":
        body += italian_ace(st, suit)
    else:
        body += italian_pips(st, rank, suit)
    body += both_ends("i")
    return document(title, defs, body, face=st["face"], edge=st["edge"])


# --------------------------------------------------------------------------
# Suit signs: the face set's own suit, alone in a square, for the short index
# the page shows on small cards and in tight fans (app.css), so an Italian
# card never carries a French suit there.

SIGN_BOX = 120
SIGN_SCALE = {"D": 1.4, "H": 1.12, "C": 0.78, "S": 0.76}  # each sign fills the square
SIGN_TURN = {"D": 0, "H": 0, "C": 35, "S": 35}  # long ones lie along the diagonal


def suit_sign(st: dict, suit: str) -> str:
    half = SIGN_BOX / 2
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="{n(-half)} {n(-half)} {SIGN_BOX} {SIGN_BOX}" '
        f'width="{SIGN_BOX}" height="{SIGN_BOX}">'
        f"<title>{escape(ITALIAN_SUIT_NAMES[suit])}</title>\n"
        f"<g{tf(0, 0, SIGN_SCALE[suit], SIGN_TURN[suit])}>{ITALIAN_SYMBOLS[suit](st)}</g>\n"
        "</svg>\n"
    )


# --------------------------------------------------------------------------
# Backs and the empty-pile outline


def back(colour: str, light: str, dark: str, name: str) -> str:
    defs = [
        f'<pattern id="t" width="20" height="20" patternUnits="userSpaceOnUse">'
        f"{el('rect', width=20, height=20, fill=colour)}"
        f"{el('path', d='M10 1L19 10L10 19L1 10Z', fill='none', stroke=light, stroke_width=1.4)}"
        f"{el('circle', cx=10, cy=10, r=2.6, fill=light)}"
        f"{el('path', d='M0 0L3 0L0 3ZM20 0L17 0L20 3ZM0 20L3 20L0 17ZM20 20L17 20L20 17Z', fill=light)}"
        f"</pattern>"
    ]
    star = []
    for k in range(16):
        a = math.radians(k * 22.5)
        rr = 40 if k % 2 == 0 else 17
        star.append(f"{n(CX + rr * math.sin(a))} {n(CY - rr * math.cos(a))}")
    body = [
        el("rect", x=12, y=12, width=W - 24, height=H - 24, rx=9, fill="url(#t)", stroke=dark, stroke_width=3),
        el(
            "rect",
            x=20,
            y=20,
            width=W - 40,
            height=H - 40,
            rx=5,
            fill="none",
            stroke="#ffffff",
            stroke_width=1.5,
            opacity=0.7,
        ),
        el("circle", cx=CX, cy=CY, r=52, fill=dark, stroke="#ffffff", stroke_width=3),
        el("circle", cx=CX, cy=CY, r=45, fill="none", stroke=light, stroke_width=1.5),
        el("path", d="M" + "L".join(star) + "Z", fill=light, stroke="#ffffff", stroke_width=1.2),
        el("circle", cx=CX, cy=CY, r=8, fill="#ffffff"),
    ]
    return document(f"Card back, {name}", defs, body, face="#ffffff", edge="#9aa0a8")


def empty() -> str:
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="{VIEWBOX}" width="{W}" height="{H}">'
        f"<title>Empty pile</title>\n"
        + el(
            "rect",
            x=3,
            y=3,
            width=W - 6,
            height=H - 6,
            rx=RADIUS,
            fill="#000000",
            fill_opacity=0.12,
            stroke="#ffffff",
            stroke_opacity=0.55,
            stroke_width=4,
            stroke_dasharray="14 9",
        )
        + "\n</svg>\n"
    )


# --------------------------------------------------------------------------


def all_files() -> dict[str, str]:
    """Every output file as {relative path: SVG text}, in a stable order."""
    files: dict[str, str] = {}
    for suit in SUITS:
        for rank in FRENCH_RANKS:
            files[f"french/{rank}{suit}.svg"] = french_card(rank, suit)
    # French cards whose corners a language letters otherwise (German B, D):
    # the page shows these in that language, so corners and short index agree.
    for lang in INDEX_RANKS["french"]:
        letters = relettered(lang)
        for suit in SUITS:
            for rank in letters:
                files[f"french-{lang}/{rank}{suit}.svg"] = french_card(rank, suit, letters)
    for st in (NAPOLETANE, PIACENTINE):
        for suit in SUITS:
            for rank in ITALIAN_RANKS:
                files[f"{st['name']}/{rank}{suit}.svg"] = italian_card(st, rank, suit)
    for st in (NAPOLETANE, PIACENTINE):
        for suit in SUITS:
            files[f"signs/{st['name']}-{suit}.svg"] = suit_sign(st, suit)
    files["back-blue.svg"] = back("#24457a", "#3c64a6", "#17305a", "blue")
    files["back-red.svg"] = back("#9e1b24", "#c8414a", "#6b0f16", "red")
    files["back-green.svg"] = back("#1f5f3b", "#43905f", "#123d25", "green")
    files["back-black.svg"] = back("#1d1d22", "#c29a3a", "#0c0c0f", "black and gold")
    files["empty.svg"] = empty()
    return files


def generate(out: Path = OUT) -> list[Path]:
    written = []
    for rel, text in all_files().items():
        path = out / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(text.encode("utf-8"))
        written.append(path)
    return written


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=OUT, help="output folder (default: static/cards)")
    args = parser.parse_args(argv)
    written = generate(args.out)
    print(f"wrote {len(written)} files under {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
