"""One-tap moves in the page: from the pointerup of a touch tap to the
board's first change, with one tap moving a card (the touch screens'
default). A card of Reloaded deal 9 is tapped again and again, so it goes
round its places; the page is left idle between taps, as it makes its moves
ready then (game/web/ahead.py).

    .venv/bin/python bench/onetap.py [ROOT] [--taps 30] [--keys]

--keys: the same moves by keyboard, Enter on the card's pile in focus (Enter
follows the one-tap setting), from the keydown.

ROOT: a checkout of the game (default: this one), to compare two versions
by turns. Prints the median and p95 in milliseconds.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from pathlib import Path

PROBE = """(type) => { window.__t = null; const board = document.getElementById('board');
  addEventListener(type, (e) => { const t0 = e.timeStamp;
    const obs = new MutationObserver(() => { window.__t = performance.now() - t0; obs.disconnect(); });
    obs.observe(board, {subtree: true, childList: true}); }, {capture: true, once: true}); }"""


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(prog="bench/onetap.py", description=__doc__.splitlines()[0])
    ap.add_argument("root", nargs="?", default=str(Path(__file__).resolve().parent.parent))
    ap.add_argument("--taps", type=int, default=30)
    ap.add_argument("--keys", action="store_true", help="Enter on the pile in focus instead of a tap")
    args = ap.parse_args(argv)
    sys.path.insert(0, args.root)
    from playwright.sync_api import sync_playwright

    from tools.chromium import launch_args
    from tools.serve import make_server, serve_in_thread

    server = make_server(args.root, port=0, quiet=True)
    serve_in_thread(server)
    origin = f"http://127.0.0.1:{server.server_address[1]}"
    settings = json.dumps({"auto_home": "off", "one_tap": "on"})
    storage = {
        "cookies": [],
        "origins": [{"origin": origin, "localStorage": [{"name": "solitaire.settings", "value": settings}]}],
    }
    times = []
    with sync_playwright() as p:
        browser = p.chromium.launch(**launch_args())
        context = browser.new_context(
            viewport={"width": 1280, "height": 800},
            has_touch=not args.keys,
            service_workers="block",
            storage_state=storage,
        )
        page = context.new_page()
        page.goto(origin + "/index.html?game=reloaded&seed=9&lang=en")
        page.wait_for_selector('#board[data-status="playing"]', state="attached", timeout=120_000)
        page.wait_for_timeout(3_000)
        pile = "t1"
        for _ in range(args.taps):
            before = page.evaluate("window.solitaire.state()")
            box = page.locator(f'#board [data-pile="{pile}"] .card').last.bounding_box()
            if args.keys:
                page.locator(f'#board [data-pile="{pile}"]').focus()
            page.wait_for_timeout(600)  # idle: the page makes its moves ready
            page.evaluate(PROBE, "keydown" if args.keys else "pointerup")
            if args.keys:
                page.keyboard.press("Enter")
            else:
                page.touchscreen.tap(box["x"] + box["width"] / 2, box["y"] + 10)
            page.wait_for_function("window.__t !== null")
            times.append(page.evaluate("window.__t"))
            page.wait_for_function(f"window.solitaire.state().moves > {before['moves']}")
            after = page.evaluate("window.solitaire.state()")
            card = before["position"]["piles"][pile][-1]
            pile = next(k for k, v in after["position"]["piles"].items() if v and v[-1] == card)
            page.wait_for_timeout(700)  # two taps this close would be a double tap
        browser.close()
    server.shutdown()
    times.sort()
    print(
        f"{args.root}: {len(times)} one-tap moves, {'keydown' if args.keys else 'pointerup'} -> "
        "first change of the board: "
        f"p50 {statistics.median(times):.1f} ms, p95 {times[int(0.95 * (len(times) - 1))]:.1f} ms"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
