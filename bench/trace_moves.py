"""Trace the latency benchmark's moves and show where each late frame waited
(not part of the test suite).

    python bench/trace_moves.py [GAME] [MOVES] [--hold LO,HI] [--out FILE]

Makes MOVES (100) of GAME (reloaded) as ``bench/run --only latency`` does,
with presses held LO–HI ms (40,120), under a Chromium trace (``cc``,
``viz``, ``devtools.timeline`` and others), writes the trace to FILE if
given, and prints every release whose next main frame began 5 ms or more
after its handler ended: how long ago the page last drew a frame, and
whether the compositor was asking the display for frames then
(``NeedsBeginFrameChanged``). A release that comes while it asks, or just
after it stopped, waits for the next refresh (bench/README.md, "a floor of
the same gesture").
"""

from __future__ import annotations

import argparse
import bisect
import collections
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import browser as B  # noqa: E402  (bench/browser.py)
from playwright.sync_api import sync_playwright  # noqa: E402

CATEGORIES = [
    "devtools.timeline",
    "disabled-by-default-devtools.timeline",
    "disabled-by-default-devtools.timeline.frame",
    "blink",
    "cc",
    "gpu",
    "viz",
    "toplevel",
]


WAITED_MS = 5  # a release's frame is late when the main thread idles this long before it


def late_releases(events: list) -> list[str]:
    names = {(e["pid"], e["tid"]): e["args"]["name"] for e in events if e.get("name") == "thread_name"}
    busiest = collections.Counter(
        (e.get("pid"), e.get("tid")) for e in events if names.get((e.get("pid"), e.get("tid"))) == "CrRendererMain"
    )
    main_thread = busiest.most_common(1)[0][0]
    timed = sorted((e for e in events if "ts" in e), key=lambda e: e["ts"])
    main = [e for e in timed if (e["pid"], e["tid"]) == main_thread and e.get("ph") == "X"]
    ups = [e for e in main if e["name"] == "EventDispatch" and e["args"].get("data", {}).get("type") == "pointerup"]
    frames = [e["ts"] for e in main if e["name"] == "ProxyMain::BeginMainFrame"]
    drawn = sorted(
        e["ts"]
        for e in timed
        if e["name"] == "ProxyImpl::ScheduledActionDraw" and names.get((e["pid"], e["tid"])) == "Compositor"
    )
    changes = sorted(
        (e["ts"], e["args"]["data"]["needsBeginFrame"])
        for e in timed
        if e["name"] == "NeedsBeginFrameChanged" and e["pid"] == main_thread[0]
    )
    out = []
    for up in ups:
        t0 = up["ts"]
        i = bisect.bisect_right(frames, t0)
        waited = (frames[i] - t0 - up["dur"]) / 1000 if i < len(frames) else 0
        if waited < WAITED_MS:
            continue
        j = bisect.bisect_left(drawn, t0)
        k = bisect.bisect_left(changes, (t0, 2))
        last_drawn = (t0 - drawn[j - 1]) / 1000 if j else float("nan")
        if k:
            when, asking = changes[k - 1]
            state = (
                f"{'asking for frames since' if asking else 'stopped asking for frames'} {(t0 - when) / 1000:.1f} ms"
            )
        else:
            state = "never asked for frames"
        out.append(
            f"release at {t0 / 1000:10.1f} ms: handled in {up['dur'] / 1000:4.1f} ms, then {waited:5.1f} ms to the "
            f"next main frame; last frame drawn {last_drawn:6.1f} ms before; compositor {state}"
        )
    out.append(
        f"{len(out)} of {len(ups)} releases (moves, floors, a click pair's first) waited {WAITED_MS} ms or more "
        "for a frame after their handler"
    )
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("game", nargs="?", default="reloaded")
    ap.add_argument("moves", nargs="?", type=int, default=100)
    ap.add_argument("--hold", type=B.hold_range, default="40,120")
    ap.add_argument("--out")
    args = ap.parse_args()
    server = B.make_server(str(B.ROOT), port=0, quiet=True)
    B.serve_in_thread(server)
    base = f"http://127.0.0.1:{server.server_address[1]}/"
    with sync_playwright() as p:
        browser = p.chromium.launch(**B.launch_args())
        page = B.probe_page(browser)
        tracing = []

        def trace_from_first_deal(page):  # once the first deal is up (scripted_moves' after_boot)
            if not tracing:
                browser.start_tracing(page=page, categories=CATEGORIES)
                tracing.append(True)

        B.scripted_moves(page, base, args.game, args.moves, seed0=1, after_boot=trace_from_first_deal, hold=args.hold)
        data = browser.stop_tracing()
        browser.close()
    server.shutdown()
    if args.out:
        Path(args.out).write_bytes(data)
    trace = json.loads(data)
    events = trace["traceEvents"] if isinstance(trace, dict) else trace
    print("\n".join(late_releases(events)))


if __name__ == "__main__":
    main()
