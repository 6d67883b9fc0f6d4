"""A new player's first visit over a slow line: bytes on the wire, first view
and interactive, for the game's addresses against the bare Pyodide page.

    bench/run --only network [--network-runs 2] [--slow-runs 1]

The folder is built as for a host (``tools/build.py``, its Brotli and gzip
copies included) with the bare page (``bench/pages/bare.html``) beside it,
which loads Pyodide as its package ships it (the whole standard library),
and served by ``tools/serve.py``, which sends the compressed copy a browser
accepts; a second server sends the same folder without any compression, as
a plain ``http.server`` or many NAS boxes do. Each load is a cold first
visit: a new browser context (empty cache, no storage), its network
throttled through the DevTools protocol (``Network.emulateNetworkConditions``)
to 10 Mbit/s down with 50 ms of round trip (``--network-runs`` loads of each
address) and to 1.6 Mbit/s with 150 ms (``--slow-runs`` loads, of the bare
address and a seeded deal only: each takes about a minute). The game's
loads and the bare page's go by turns (game, bare, bare, game, ...), so a
change in the machine's load falls on both; the table gives medians and
the game ÷ bare ratio of each pair's medians.

Bytes on the wire: what the network delivered until "interactive"
(``encodedDataLength`` of every response: headers and the body as sent).
First view: the first paint of a table (``performance.mark("first-view")``,
static/js/view.js), "none" when the page shows only its loading screen
until the deal. Interactive: ``performance.mark("interactive")``, the
board dealt and its input wired (the bare page: its ``1 + 1`` printed).
Service workers are blocked, so the offline copy, which the game fetches
after it is interactive, does not share the line.
"""

from __future__ import annotations

import shutil
import statistics
import tempfile
from datetime import date
from pathlib import Path

BENCH = Path(__file__).resolve().parent
ROOT = BENCH.parent
BARE = "bench/pages/bare.html"
BOOT_MS = 600_000
VIEWPORT = {"width": 1366, "height": 768}

# name -> (Mbit/s down, round trip in ms)
LINES = {"10 Mbit/s, 50 ms": (10.0, 50), "1.6 Mbit/s, 150 ms": (1.6, 150)}


def duel_query() -> str:
    """A duel link as a player receives it: one finished run of Reloaded's deal 7."""
    from game import new_game
    from game.duel import Run, encode_challenge

    g = new_game("reloaded", 7, time_limit=300)
    g.play(g.legal_moves()[0], 1.0)
    g.resign(2.0)
    return "?duel=" + encode_challenge([Run.from_game("Ann", g)])


def addresses() -> list[tuple[str, str, str]]:
    """(label, query, server) of each first visit the game is measured for."""
    today = date.today().isoformat()
    return [
        ("the bare address", "", "br"),
        ("a seeded deal, ?game=reloaded&seed=7", "?game=reloaded&seed=7", "br"),
        (f"a daily deal, ?game=reloaded&daily={today}", f"?game=reloaded&daily={today}", "br"),
        ("a duel link (Reloaded)", duel_query(), "br"),
        ("the bare address, server without compression", "", "plain"),
    ]


SLOW = ("the bare address", "a seeded deal, ?game=reloaded&seed=7")

MARKS = """() => {
  const at = (n) => { const e = performance.getEntriesByName(n)[0]; return e ? e.startTime : null; };
  return {interactive: at('interactive'), first_view: at('first-view'), fcp: at('first-contentful-paint')};
}"""


def build_folder(out: Path) -> None:
    """The game as ./build makes it, and the bare page with Pyodide as its
    package ships it (the whole standard library, not the game's cut of it:
    tools/stdlib.py) in a folder of its own."""
    from tools import build

    copied = build.build(ROOT, out)
    pages = out / "bench" / "pages"
    pages.mkdir(parents=True, exist_ok=True)
    shutil.copy2(BENCH / "pages" / "bare.html", pages / "bare.html")
    (pages / "bare.toml").write_text('interpreter = "../pyodide/pyodide.mjs"\n')
    copied += ["bench/pages/bare.html", "bench/pages/bare.toml"]
    runtime = out / "bench" / "pyodide"
    runtime.mkdir(parents=True)
    for name in ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "pyodide-lock.json", "python_stdlib.zip"):
        shutil.copy2(ROOT / "node_modules" / "pyodide" / name, runtime / name)
        copied.append(f"bench/pyodide/{name}")
    build.compress(out, [*copied, build.precache.OUTPUT])


def plain_server(folder: Path):
    """tools/serve.py without its precompressed copies: every file as it is."""
    from tools.serve import GameRequestHandler, make_server

    plain = type("Plain", (GameRequestHandler,), {"accepted_encodings": lambda self: set()})
    return make_server(folder, port=0, quiet=True, handler_class=plain)


def load(browser, url: str, line: tuple[float, int]) -> dict:
    """One cold first visit: bytes on the wire, first view and interactive (ms)."""
    ctx = browser.new_context(viewport=VIEWPORT, service_workers="block")
    try:
        page = ctx.new_page()
        cdp = ctx.new_cdp_session(page)
        cdp.send("Network.enable")
        mbit, rtt = line
        cdp.send(
            "Network.emulateNetworkConditions",
            {
                "offline": False,
                "latency": rtt,
                "downloadThroughput": mbit * 1e6 / 8,
                "uploadThroughput": mbit * 1e6 / 8,
            },
        )
        got: dict[str, int] = {}
        names: dict[str, str] = {}
        done: dict[str, int] = {}
        cdp.on("Network.requestWillBeSent", lambda e: names.__setitem__(e["requestId"], e["request"]["url"]))
        cdp.on(
            "Network.dataReceived",
            lambda e: got.__setitem__(e["requestId"], got.get(e["requestId"], 0) + e["encodedDataLength"]),
        )
        cdp.on("Network.loadingFinished", lambda e: done.__setitem__(e["requestId"], e["encodedDataLength"]))
        page.goto(url, wait_until="commit", timeout=BOOT_MS)
        page.wait_for_function("performance.getEntriesByName('interactive').length > 0", timeout=BOOT_MS, polling=50)
        marks = page.evaluate(MARKS)
        per_file: dict[str, int] = {}
        for rid in set(got) | set(done):
            name = names.get(rid, "?").split("?")[0].rsplit("/", 1)[-1]
            per_file[name] = per_file.get(name, 0) + max(got.get(rid, 0), done.get(rid, 0))
        marks["bytes"] = sum(per_file.values())
        marks["files"] = per_file
        return marks
    finally:
        ctx.close()


def network(browser, runs: int, slow_runs: int) -> dict:
    from tools.serve import make_server, serve_in_thread

    out: dict = {"lines": {}}
    with tempfile.TemporaryDirectory(prefix="solitaire-net-") as tmp:
        folder = Path(tmp) / "dist"
        print("  building the folder (with its Brotli copies) ...", flush=True)
        build_folder(folder)
        servers = {"br": make_server(folder, port=0, quiet=True), "plain": plain_server(folder)}
        bases = {}
        for key, server in servers.items():
            serve_in_thread(server)
            bases[key] = f"http://127.0.0.1:{server.server_address[1]}/"
        try:
            for line_name, line in LINES.items():
                n = runs if line == LINES["10 Mbit/s, 50 ms"] else slow_runs
                if n <= 0:
                    continue
                rows = out["lines"][line_name] = {}
                for label, query, via in addresses():
                    if line != LINES["10 Mbit/s, 50 ms"] and label not in SLOW:
                        continue
                    game_url = bases[via] + query
                    bare_url = bases[via] + BARE
                    row = rows.setdefault(label, {"game": [], "bare": [], "server": via})
                    for i in range(n):
                        for kind in ("game", "bare") if i % 2 == 0 else ("bare", "game"):
                            r = load(browser, game_url if kind == "game" else bare_url, line)
                            row[kind].append(r)
                            print(
                                f"  {line_name} | {label} | {kind} #{i + 1}: interactive {r['interactive']:,.0f} ms, "
                                f"first view {r['first_view'] or 0:,.0f} ms, {r['bytes'] / 1e6:.2f} MB",
                                flush=True,
                            )
        finally:
            for server in servers.values():
                server.shutdown()
                server.server_close()
    return out


def _med(values):
    values = [v for v in values if v is not None]
    return statistics.median(values) if values else None


def table(r: dict) -> str:
    parts = []
    for line_name, rows in r["lines"].items():
        lines = [
            f"| first visit, {line_name} (median of loads by turns) | bytes on the wire | first view | interactive | "
            "bare page: bytes | bare: interactive | game ÷ bare: bytes | game ÷ bare: interactive |",
            "|---|---:|---:|---:|---:|---:|---:|---:|",
        ]
        for label, row in rows.items():
            g, b = row["game"], row["bare"]
            gb, bb = _med([x["bytes"] for x in g]), _med([x["bytes"] for x in b])
            gi, bi = _med([x["interactive"] for x in g]), _med([x["interactive"] for x in b])
            views = [x["first_view"] for x in g]
            view = "none (loading screen)" if any(v is None for v in views) else f"{_med(views) / 1000:.2f} s"
            lines.append(
                f"| {label} ({len(g)}) | {gb / 1e6:.2f} MB | {view} | {gi / 1000:.1f} s | {bb / 1e6:.2f} MB | "
                f"{bi / 1000:.1f} s | {gb / bb:.2f} | {gi / bi:.2f} |"
            )
        parts.append("\n".join(lines))
        big = {}
        for row in rows.values():
            for x in row["game"] if row["server"] == "br" else ():
                for name, n in x["files"].items():
                    big.setdefault(name, []).append(n)
        top = sorted(((statistics.median(v), k) for k, v in big.items()), reverse=True)[:6]
        parts.append(
            "Largest files of the game's first visits (median bytes on the wire): "
            + ", ".join(f"{k} {n / 1e6:.2f} MB" for n, k in top)
        )
    return "\n\n".join(parts)
