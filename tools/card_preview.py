#!/usr/bin/env python3
"""Write an HTML page showing every card drawn by tools/make_cards.py.

    python -m tools.card_preview                      # artifacts/card-preview.html
    python -m tools.card_preview --width 80 --out FILE
    python -m tools.card_preview --deck napoletane --width 240

Open the page in a browser, or screenshot it headless:
    chromium --headless --screenshot=/tmp/cards.png --window-size=1400,900 file://$PWD/artifacts/card-preview.html
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

from tools.make_cards import DECKS, FRENCH_RANKS, ITALIAN_RANKS, OUT, ROOT, SUITS


def page(out: Path, decks: tuple[str, ...], width: int, cards_dir: Path = OUT) -> str:
    rel = Path(os.path.relpath(cards_dir, out.parent)).as_posix()
    rows = []
    for deck in decks:
        ranks = FRENCH_RANKS if deck == "french" else ITALIAN_RANKS
        rows.append(f"<h2>{deck}</h2>")
        for suit in SUITS:
            imgs = "".join(f'<img src="{rel}/{deck}/{r}{suit}.svg" alt="{r}{suit}">' for r in ranks)
            rows.append(f'<div class="row">{imgs}</div>')
    # A fanned column per deck, as the tableau shows them (24% of a card apart).
    fans = []
    for deck in decks:
        ranks = FRENCH_RANKS if deck == "french" else ITALIAN_RANKS
        codes = [ranks[-1 - k] + "HCDS"[k % 4] for k in range(7)]
        imgs = "".join(
            f'<img src="{rel}/{deck}/{c}.svg" alt="{c}" style="top:{k * 0.24 * width * 1.4:.1f}px">'
            for k, c in enumerate(codes)
        )
        fans.append(f'<div class="fan">{imgs}</div>')
    if fans:
        rows.append(f'<h2>fanned</h2><div class="row">{"".join(fans)}</div>')
    extras = "".join(f'<img src="{rel}/{name}.svg" alt="{name}">' for name in ("back-blue", "back-red", "empty"))
    rows.append(f'<h2>backs</h2><div class="row">{extras}</div>')
    return f"""<!doctype html><meta charset="utf-8"><title>Cards</title>
<style>
body {{ margin: 8px; background: #1d6b43; color: #f4f1e8; font: 14px system-ui, sans-serif; }}
h2 {{ margin: 6px 0 4px; font-size: 14px; }}
.row {{ display: flex; gap: 6px; margin-bottom: 6px; flex-wrap: wrap; }}
.fan {{ position: relative; width: {width}px; height: {round(width * 1.4 * 2.5)}px; margin-right: 12px; }}
.fan img {{ position: absolute; left: 0; }}
img {{ width: {width}px; height: {round(width * 1.4)}px; box-shadow: 0 1px 2px rgba(0,0,0,.4); border-radius: {round(width * 0.064)}px; }}
</style>
{"".join(rows)}
"""


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "artifacts" / "card-preview.html")
    parser.add_argument("--deck", choices=DECKS, action="append", help="deck to show (default: all)")
    parser.add_argument("--width", type=int, default=80, help="card width in CSS pixels")
    args = parser.parse_args(argv)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(page(args.out.resolve(), tuple(args.deck or DECKS), args.width), encoding="utf-8")
    print(args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
