"""A first visit over a slow line, two checkouts by turns: the time until the
game plays and the bytes the page downloads (the runtime's .wasm apart).

    python bench/first_visit_ab.py ROOT_A ROOT_B [--pairs 3] [--rate 4]

Each checkout (set up, as ./play leaves it) is served by its own
``tools/serve.py`` below a sub-folder; each load is a new browser context
(nothing cached, no service worker) with Chromium's network emulation at
``--rate`` MB/s down and 40 ms of latency (none with ``--rate 0``), and the loads go A, B, B, A, ...
so a drift of the machine's load falls on both. Bytes are what the network
delivered (Chromium's ``encodedDataLength``), summed per file name.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from playwright.sync_api import sync_playwright  # noqa: E402

from tools.chromium import ARGS, find_chromium  # noqa: E402
from tools.serve import make_server, serve_in_thread  # noqa: E402

RUNTIME = "pyodide.asm.wasm"


def load(browser, url: str, rate: float) -> tuple[float, Counter]:
    context = browser.new_context(service_workers="block")
    try:
        page = context.new_page()
        cdp = context.new_cdp_session(page)
        cdp.send("Network.enable")
        if rate > 0:
            cdp.send(
                "Network.emulateNetworkConditions",
                {"offline": False, "latency": 40, "downloadThroughput": rate * 1e6, "uploadThroughput": 1e6},
            )
        names: dict[str, str] = {}
        got: Counter = Counter()
        cdp.on("Network.requestWillBeSent", lambda e: names.__setitem__(e["requestId"], e["request"]["url"]))
        cdp.on(
            "Network.dataReceived",
            lambda e: got.update({names.get(e["requestId"], "?").rsplit("/", 1)[-1]: e["encodedDataLength"]}),
        )
        t0 = time.perf_counter()
        page.goto(url + "?game=reloaded&seed=3")
        page.wait_for_selector('#board[data-status="playing"]', state="visible", timeout=300_000)
        return time.perf_counter() - t0, got
    finally:
        context.close()


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("root_a")
    ap.add_argument("root_b")
    ap.add_argument("--pairs", type=int, default=3)
    ap.add_argument("--rate", type=float, default=4.0, help="MB/s down (0: no emulation; Chromium's at 1000 hung)")
    args = ap.parse_args(argv)
    urls = {}
    for key, root in (("A", args.root_a), ("B", args.root_b)):
        server = make_server(root, port=0, base="/sub/dir/", quiet=True)
        serve_in_thread(server)
        urls[key] = f"http://127.0.0.1:{server.server_address[1]}/sub/dir/"
    seconds: dict[str, list[float]] = {"A": [], "B": []}
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=find_chromium(), args=ARGS)
        for i in range(args.pairs):
            for key in "AB" if i % 2 == 0 else "BA":
                took, got = load(browser, urls[key], args.rate)
                seconds[key].append(took)
                print(
                    f"{key}: playing after {took:.2f} s; {sum(got.values()) / 1e6:.1f} MB,"
                    f" of which {RUNTIME} {got[RUNTIME] / 1e6:.1f} MB",
                    flush=True,
                )
        browser.close()
    pairs = [b / a for a, b in zip(seconds["A"], seconds["B"])]
    print(
        f"median A {statistics.median(seconds['A']):.2f} s, B {statistics.median(seconds['B']):.2f} s;"
        f" B / A by pairs {', '.join(f'{r:.2f}' for r in pairs)}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
