"""A small picture of a game's opening layout, drawn from its spec.

Plain Python: ``schematic_svg(spec)`` returns SVG text built from numbers
only (no words), laid out by the same ``layout.plan`` as the real board, with
the deal pattern of the spec: face-down and face-up cards per column, the
stock, the waste, empty foundations (Lucas: its Aces already home), Royal
Retinue's thirteen stacks. The picker shows it as an ``<img>`` data URL.
"""

from __future__ import annotations

from .layout import plan
from .query import quote

WIDTH, HEIGHT = 240.0, 150.0
COLOURS = {
    "down": ("#2f5597", "#1b3566"),
    "up": ("#fffdf7", "#9c9480"),
    "red": ("#fffdf7", "#9c9480"),
    "slot": ("none", "#ffffff66"),
}


def _deal_piles(spec) -> dict:
    """Pile -> codes with the right faces (the cards themselves are stand-ins)."""
    piles: dict = {}
    if spec.labels:  # Royal Retinue's labelled stacks
        for i in range(spec.columns):
            piles[f"t{i + 1}"] = ["as"] * 4
        start = spec.start_pile - 1
        piles[f"t{start + 1}"] = ["as"] * 3 + ["AS"]
        return piles
    deck = spec.deck
    suited = spec.build.fits(deck, deck.code("S", 2), deck.code("S", 1))  # builds in one suit
    for i, (down, up) in enumerate(spec.deal):
        # Colours hint at the build: one suit per column, or alternating.
        if suited:
            ups = ["AS" if i % 2 else "AH"] * up
        else:
            ups = ["AS" if (i + k) % 2 else "AH" for k in range(up)]
        piles[f"t{i + 1}"] = ["as"] * down + ups
    piles["stock"] = ["as"] * 4
    if spec.opening_waste:
        piles["waste"] = ["AH", "AS", "AH"][: spec.opening_waste]
    elif spec.draw > 1:  # a draw of several cards: show one drawn
        piles["waste"] = ["AS"]
    if spec.aces_on_foundations:
        for i in range(spec.foundations):
            piles[f"f{i + 1}"] = ["AH" if i % 2 else "AS"]
    return piles


def _f(v: float) -> str:
    return f"{v:.1f}".rstrip("0").rstrip(".")


def schematic_svg(spec, width: float = WIDTH, height: float = HEIGHT) -> str:
    layout = plan(spec, width, height)
    w, h = layout.card_w, layout.card_h
    r = max(1.0, w * 0.08)
    piles = _deal_piles(spec)
    shapes = []
    turned = f"t{spec.start_pile}" if spec.labels else None
    for name in layout.order:
        slot = layout.slots[name]
        codes = piles.get(name, [])
        top_y = slot.y + (layout.label_h if slot.kind == "labelled" else 0)
        if not codes:
            shapes.append(("slot", slot.x, top_y, w, h))
        offsets = layout.offsets(name, codes, turned=(name == turned))
        for code, (dx, dy) in zip(codes, offsets):
            kind = "down" if code.islower() else ("red" if code[1] in "HD" else "up")
            shapes.append((kind, slot.x + dx, slot.y + dy, w, h))
    right = max(x + cw for _, x, _, cw, _ in shapes)
    bottom = max(y + ch for _, _, y, _, ch in shapes)
    left = min(x for _, x, _, _, _ in shapes)
    top = min(y for _, _, y, _, _ in shapes)
    pad = 3.0
    vb = f"{_f(left - pad)} {_f(top - pad)} {_f(right - left + 2 * pad)} {_f(bottom - top + 2 * pad)}"
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="{vb}">']
    for kind, x, y, cw, ch in shapes:
        fill, stroke = COLOURS[kind]
        dash = ' stroke-dasharray="3 2"' if kind == "slot" else ""
        out.append(
            f'<rect x="{_f(x)}" y="{_f(y)}" width="{_f(cw)}" height="{_f(ch)}" rx="{_f(r)}" '
            f'fill="{fill}" stroke="{stroke}" stroke-width="1"{dash}/>'
        )
        if kind in ("up", "red"):
            colour = "#c8102e" if kind == "red" else "#1b1b1b"
            out.append(
                f'<rect x="{_f(x + cw * 0.14)}" y="{_f(y + ch * 0.08)}" width="{_f(cw * 0.22)}" '
                f'height="{_f(ch * 0.12)}" rx="1" fill="{colour}"/>'
            )
    out.append("</svg>")
    return "".join(out)


def schematic_url(spec) -> str:
    return "data:image/svg+xml," + quote(schematic_svg(spec), safe=" =:/\"'")
