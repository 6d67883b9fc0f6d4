"""What a first visit costs the server twice over: the page's own downloads,
then the service worker's copy of the app for offline play.

    python bench/offline_copy.py [ROOT]    # ROOT: a checkout as ./play leaves it, or ./build's dist/

The folder is served by ``tools/serve.py`` below a sub-folder, as ./play
serves it; Chromium loads it once in a new profile on disk (a real HTTP
cache, unlike a test's in-memory context) with the service worker allowed.
The server counts what it sends: from the load until the game plays, then
from then until the service worker is active and its install done. The
worker asks for every file with ``cache: "no-cache"`` (sw.js), so a file
the page already holds should come back "304 Not Modified", with no body.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import threading
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from playwright.sync_api import sync_playwright  # noqa: E402

from tools.chromium import launch_args  # noqa: E402
from tools.serve import ROOT, GameRequestHandler, make_server, serve_in_thread  # noqa: E402

SENT: list[tuple[int, int]] = []  # (status, body bytes) per reply, in order
LOCK = threading.Lock()


class CountingHandler(GameRequestHandler):
    def send_response(self, code, message=None):
        self.status = int(code)
        if code == 304:  # counted here: a plain file's 304 has no body to copy
            with LOCK:
                SENT.append((304, 0))
        super().send_response(code, message)

    def copyfile(self, source, outputfile):
        before = source.tell()
        super().copyfile(source, outputfile)
        if self.status != 304:  # a copy's 304 comes with an empty body, already counted
            with LOCK:
                SENT.append((self.status, source.tell() - before))


def summary(replies: list[tuple[int, int]]) -> str:
    statuses = Counter(status for status, _ in replies)
    body = sum(size for _, size in replies) / 1e6
    return f"{len(replies)} replies ({', '.join(f'{n} × {s}' for s, n in sorted(statuses.items()))}), {body:.2f} MB of bodies"


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("root", nargs="?", default=str(ROOT))
    args = ap.parse_args(argv)
    server = make_server(args.root, port=0, base="/sub/dir/", quiet=True, handler_class=CountingHandler)
    serve_in_thread(server)
    url = f"http://127.0.0.1:{server.server_address[1]}/sub/dir/?game=reloaded&seed=3"
    with sync_playwright() as p, tempfile.TemporaryDirectory() as profile:
        context = p.chromium.launch_persistent_context(profile, **launch_args())
        page = context.pages[0] if context.pages else context.new_page()
        page.goto(url)
        page.wait_for_selector('#board[data-status="playing"]', state="visible", timeout=120_000)
        with LOCK:
            playing = len(SENT)
        page.wait_for_function("navigator.serviceWorker.ready.then(r => !!r.active)", timeout=300_000)
        time.sleep(1)  # the install is done once the worker is active; let the last replies be counted
        context.close()
    server.shutdown()
    print(f"until the game plays:          {summary(SENT[:playing])}")
    print(f"the service worker's install:  {summary(SENT[playing:])}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
