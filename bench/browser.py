"""Benchmarks in real Chromium: startup, move latency, drag smoothness,
engine speed in Pyodide, memory over many deals.

    bench/run [--runs 5] [--moves 100] [--only startup,latency,drag,engine,memory,autosave]
              [--json results.json]

(`bench/run` sets up the runtime files, .venv and Chromium as ./test does,
then runs this script.) Not part of the test suite: the figures depend on the
machine and on what else it is doing. Each part prints a Markdown table;
--json also writes every raw sample.

startup   navigation -> performance.mark("interactive") (board dealt, input
          wired) for the game page, against bench/pages/bare.html, which
          boots the same vendored PyScript + Pyodide and runs 1+1. Alternating,
          --runs of each, cold (a browser with a new profile: empty cache, no
          service worker) and warm (one browser per page whose profile keeps
          its disk cache, and for the game its service worker). Bytes are counted by the server
          (uncompressed; gzip figures beside them).
latency   --moves moves in Reloaded and in Forty Thieves, made with real
          pointer events: click-click and drags by turns, stock clicks. In the
          page: from the pointerup's timestamp to the end of the frame in
          which the board shows the move (requestAnimationFrame, then a task),
          and to the moment the DOM shows it. The floor: a click after each
          move, on the same page, answered by the probe itself with a
          one-line text change.
drag      frame times (requestAnimationFrame deltas) while a 10-card run is
          dragged around for two seconds with a pointer moving every 8 ms.
engine    bench/engine.py's playouts in Pyodide on a page, beside the same
          playouts in this CPython process.
memory    JS heap, elements in the page, JS event listeners, WebAssembly
          memory, Python objects and held proxies after 2 and after 22 new
          games (3 moves played in each).
autosave  what one save of the game on the table costs in the page (Slot,
          JSON, localStorage), for games of 0 to 1600 actions resumed from
          storage; then --crash-rounds times: a draw by a click, the page's
          renderer killed at once (SIGKILL, as a crash), and the save read
          back from a new page: how many of those draws were lost.
lighthouse  Lighthouse's four scores and its metrics, desktop and mobile
          presets, against ./build's output (bench/lighthouse.py).
network   cold first visits over a throttled line (10 Mbit/s / 50 ms and
          1.6 Mbit/s / 150 ms), the game's addresses and the bare page by
          turns, against ./build's output with and without compression:
          bytes on the wire, first view, interactive (bench/network.py).
"""

from __future__ import annotations

import argparse
import functools
import gzip
import json
import math
import os
import platform
import random
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from datetime import date
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

import engine as engine_bench  # noqa: E402  (bench/engine.py)
from playwright.sync_api import sync_playwright  # noqa: E402

from game import DRAW, REDEAL, Game, Position, new_game, read_position  # noqa: E402
from tests.e2e.ui_helpers import (  # noqa: E402
    click_card,
    click_pile,
    count,
    dom_piles,
    drag,
    grip,
    position_query,
    settle,
)
from tools import pyscript_files  # noqa: E402
from tools.chromium import ARGS as CHROMIUM_ARGS  # noqa: E402
from tools.chromium import find_chromium, launch_args  # noqa: E402
from tools.serve import make_server, serve_in_thread  # noqa: E402

PAGES = ROOT / "bench" / "pages"
VIEWPORT = {"width": 1440, "height": 900}
BOOT_MS = 120_000
MANUAL_HOME = "localStorage.getItem('solitaire.settings') || localStorage.setItem('solitaire.settings', '{\"auto_home\": \"off\"}')"
PARTS = ("startup", "latency", "drag", "engine", "memory", "autosave", "lighthouse", "network")


# --- the server, counting what it sends ---------------------------------------------------
class Counter:
    def __init__(self):
        self.reset()

    def reset(self):
        self.bytes = 0
        self.requests = 0
        self.paths: list[str] = []

    def add(self, path: str, n: int):
        self.bytes += n
        self.requests += 1
        self.paths.append(path)


def counting_server(counter: Counter):
    server = make_server(ROOT, port=0, quiet=True)
    partial = server.RequestHandlerClass
    base = partial.func

    def copyfile(self, source, outputfile):
        data = source.read()
        try:
            outputfile.write(data)
        except ConnectionError:  # the browser went away (a context closed mid-download)
            return
        counter.add(self.path.split("?")[0], len(data))

    handler = type("CountingHandler", (base,), {"copyfile": copyfile})
    server.RequestHandlerClass = functools.partial(handler, **partial.keywords)
    serve_in_thread(server)
    return server


@functools.lru_cache(maxsize=None)
def gzip_size(path: str) -> int:
    """Bytes of a served file after gzip -6, as most static hosts send it."""
    local = ROOT / path.lstrip("/")
    if not local.is_file():
        return 0
    return len(gzip.compress(local.read_bytes(), 6))


BROTLI = """
const {brotliCompressSync, constants} = require("node:zlib");
const fs = require("node:fs");
const out = {};
for (const path of fs.readFileSync(0, "utf8").split("\\n").filter(Boolean)) {
  out[path] = brotliCompressSync(fs.readFileSync(path), {params: {[constants.BROTLI_PARAM_QUALITY]: 11}}).length;
}
process.stdout.write(JSON.stringify(out));
"""


def brotli_sizes(paths) -> dict[str, int]:
    """Bytes of each served file after Brotli 11, as ./build's .br copies (Node's
    zlib), in one Node process: slow (about a minute for the runtime), so it
    runs once, after the loads."""
    local = {p: ROOT / p.lstrip("/") for p in paths}
    files = sorted({str(f) for f in local.values() if f.is_file()})
    done = subprocess.run(["node", "-e", BROTLI], input="\n".join(files), capture_output=True, text=True, check=True)
    sizes = json.loads(done.stdout)
    return {p: sizes.get(str(f), 0) for p, f in local.items()}


# --- small statistics ---------------------------------------------------------------------
def pct(values, q):
    """The q-th percentile (nearest rank) of values."""
    s = sorted(values)
    if not s:
        return float("nan")
    k = max(0, min(len(s) - 1, int(round(q / 100 * len(s) + 0.5)) - 1))
    return s[k]


def med(values):
    return statistics.median(values) if values else float("nan")


def mb(n):
    return f"{n / 1e6:.1f} MB"


# --- startup --------------------------------------------------------------------------------
INTERACTIVE = "performance.getEntriesByName('interactive').length > 0"


def time_to_interactive(page, url: str) -> float:
    page.goto(url, wait_until="commit")
    page.wait_for_function(INTERACTIVE, timeout=BOOT_MS, polling=20)
    return page.evaluate("performance.getEntriesByName('interactive')[0].startTime")


# After "interactive": when the table was first painted, and the layout shifts
# of the whole start (Cumulative Layout Shift, as Lighthouse sums them; the
# page's shifts stay in Chromium's buffer). The first view is the first paint
# with the last visit's table (static/js/view.js marks "first-view" before
# it), else the first deal, which is painted with "interactive".
FIRST_VIEW = """async () => {
  const at = (name) => { const e = performance.getEntriesByName(name)[0]; return e ? e.startTime : null; };
  await new Promise((done) => setTimeout(done, 1000));  // shifts after the deal count too
  const shifts = await new Promise((done) => {
    const seen = [];
    new PerformanceObserver((list) => seen.push(...list.getEntries())).observe({type: "layout-shift", buffered: true});
    setTimeout(() => done(seen), 50);
  });
  const cls = shifts.filter((e) => !e.hadRecentInput).reduce((sum, e) => sum + e.value, 0);
  const view = at("first-view");
  const paint = at("first-contentful-paint");
  return {first_view: view === null ? at("interactive") : Math.max(view, paint || 0), preview: view !== null, cls};
}"""


def first_view(page) -> dict:
    return page.evaluate(FIRST_VIEW)


# The game's own start: from the first line of the page's Python (index.html
# marks "python-start") to the first deal ("interactive"): importing the game
# and dealing, without the runtime's download and start.
OWN_START = """(() => { const at = (n) => (performance.getEntriesByName(n)[0] || {}).startTime;
  return at('interactive') - at('python-start'); })()"""


def wait_offline_copy(page) -> None:
    page.wait_for_function("window.SolOffline && window.SolOffline.state === 'ready'", timeout=BOOT_MS)


def wait_snapshot_kept(page) -> None:
    """Until the solver worker has kept the runtime's memory snapshot, which
    the next visits restore (static/js/runtime.mjs)."""
    page.wait_for_function("window.SolSolver && window.SolSolver.ready", timeout=BOOT_MS)


def profile(chromium, folder: Path):
    """A browser with its own profile folder: a disk cache, as a player's has."""
    ctx = chromium.launch_persistent_context(str(folder), viewport=VIEWPORT, **launch_args())
    return ctx, (ctx.pages[0] if ctx.pages else ctx.new_page())


def startup(chromium, base: str, counter: Counter, runs: int) -> dict:
    """Cold: each load in a browser with a new profile (empty cache, no
    service worker). Warm: loads again in one browser per page, whose
    profile keeps its HTTP cache (and, for the game, its service worker)."""
    urls = {"game": base + "index.html", "bare": base + "bench/pages/bare.html"}
    out = {
        "cold": {"game": [], "bare": []},
        "warm": {"game": [], "bare": []},
        "bytes": {"game": [], "bare": []},
        "gzip": {"game": [], "bare": []},
        "brotli": {"game": [], "bare": []},
        "paths": {"game": [], "bare": []},
        "view_cold": [],
        "view_warm": [],
        "own_cold": [],
        "own_warm": [],
        "offline_bytes": [],
    }
    with tempfile.TemporaryDirectory(prefix="solitaire-bench-") as tmp:
        for i in range(runs):
            for kind in ("game", "bare") if i % 2 == 0 else ("bare", "game"):
                ctx, page = profile(chromium, Path(tmp) / f"cold-{kind}-{i}")
                counter.reset()
                ms = time_to_interactive(page, urls[kind])
                out["cold"][kind].append(ms)
                out["bytes"][kind].append(counter.bytes)
                out["gzip"][kind].append(sum(gzip_size(p) for p in counter.paths))
                out["paths"][kind].append(sorted(counter.paths))
                if kind == "game":
                    out["own_cold"].append(page.evaluate(OWN_START))
                    out["view_cold"].append(first_view(page))
                if kind == "game" and i == 0:
                    wait_offline_copy(page)
                    out["offline_bytes"].append(counter.bytes)
                ctx.close()
                print(f"  cold {kind} #{i + 1}: {ms:.0f} ms, {mb(out['bytes'][kind][-1])}", flush=True)
        warm = {}
        for kind in ("game", "bare"):
            ctx, page = profile(chromium, Path(tmp) / f"warm-{kind}")
            time_to_interactive(page, urls[kind])
            if kind == "game":
                wait_offline_copy(page)
                wait_snapshot_kept(page)
            time_to_interactive(page, urls[kind])  # the cache (and service worker) in use
            warm[kind] = (ctx, page)
        for i in range(runs):
            for kind in ("game", "bare") if i % 2 == 0 else ("bare", "game"):
                ms = time_to_interactive(warm[kind][1], urls[kind])
                out["warm"][kind].append(ms)
                if kind == "game":
                    out["own_warm"].append(warm[kind][1].evaluate(OWN_START))
                    out["view_warm"].append(first_view(warm[kind][1]))
                print(f"  warm {kind} #{i + 1}: {ms:.0f} ms", flush=True)
        for ctx, _ in warm.values():
            ctx.close()
    sizes = brotli_sizes({p for kind in out["paths"].values() for run in kind for p in run})
    for kind, runs in out["paths"].items():
        out["brotli"][kind] = [sum(sizes[p] for p in run) for run in runs]
    return out


def startup_table(r: dict) -> str:
    rows = ["| startup | game page | bare Pyodide page | game ÷ bare | target |", "|---|---:|---:|---:|---|"]
    for phase in ("cold", "warm"):
        g, b = med(r[phase]["game"]), med(r[phase]["bare"])
        rows.append(
            f"| {phase}, median of {len(r[phase]['game'])} | {g:,.0f} ms | {b:,.0f} ms | {g / b:.2f} | ≤ 1.10 |"
        )
    for phase in ("cold", "warm"):
        own = [v for v in r.get(f"own_{phase}", []) if v == v]  # NaN: a page without the mark
        if own:
            rows.append(f"| {phase}: the game's own start (its Python to the first deal) | {med(own):,.0f} ms | | | |")
    g, b = med(r["bytes"]["game"]), med(r["bytes"]["bare"])
    rows.append(
        f"| bytes to interactive, cold (gzip) | {mb(g)} ({mb(med(r['gzip']['game']))}) | "
        f"{mb(b)} ({mb(med(r['gzip']['bare']))}) | {g / b:.2f} | |"
    )
    if r.get("brotli", {}).get("game"):
        g, b = med(r["brotli"]["game"]), med(r["brotli"]["bare"])
        rows.append(f"| bytes to interactive, cold, Brotli 11 | {mb(g)} | {mb(b)} | {g / b:.2f} | |")
    if r["offline_bytes"]:
        rows.append(f"| bytes incl. the offline copy (service worker) | {mb(r['offline_bytes'][0])} | | | |")
    if r.get("view_cold"):
        rows += ["", "| first view (table painted) | median | max | loads with the last table | CLS median | CLS max |"]
        rows.append("|---|---:|---:|---:|---:|---:|")
        for phase, target in (("cold", "≤ 1,500 ms"), ("warm", "≤ 1,000 ms")):
            views = r[f"view_{phase}"]
            times = [v["first_view"] for v in views]
            cls = [v["cls"] for v in views]
            rows.append(
                f"| {phase} (target {target}, CLS ≤ 0.02) | {med(times):,.0f} ms | {max(times):,.0f} ms | "
                f"{sum(v['preview'] for v in views)} of {len(views)} | {med(cls):.3f} | {max(cls):.3f} |"
            )
    return "\n".join(rows)


# --- move latency ---------------------------------------------------------------------------
# Installed in every page before its scripts run. expect() arms a measurement:
# the next pointerup starts it; it ends when the board shows every pile of
# `want` with its count and top card, at the end of that frame.
PROBE = """
(() => {
  const B = window.__bench = { samples: [], armed: null, frames: [], framing: false };
  B.expect = (want, kind) => { B.armed = { want, kind, t0: null }; };
  // A floor drag (floor_like): the text follows the pointer, once a frame,
  // as the game's dragged cards do, and the pointer is captured as the board
  // captures it.
  B.follow = false;
  let following = 0;
  addEventListener("pointerdown", (e) => {
    if (B.follow) e.target.setPointerCapture(e.pointerId);
  }, true);
  addEventListener("pointermove", () => {
    if (B.follow && !following) following = requestAnimationFrame(() => { following = 0; floorChange(); });
  }, true);
  addEventListener("pointerup", (e) => {
    if (B.armed && B.armed.t0 === null) {
      B.armed.t0 = e.timeStamp;
      B.armed.queued = performance.now() - e.timeStamp;  // waiting for the main thread
      if (B.armed.want === null) floorChange();
      check();
    }
  }, true);
  // The floor: the least a pointerup can cause, a line of text changed by
  // this script itself, measured the same way on the same page.
  function floorChange() {
    let el = document.getElementById("bench-floor");
    if (!el) {
      el = document.createElement("div");
      el.id = "bench-floor";
      el.style.cssText = "position:fixed;left:0;bottom:0;font:10px monospace;color:#fff;z-index:9999";
      document.body.append(el);
    }
    el.textContent = String(B.samples.length + Math.random());
  }
  function shows(want) {
    if (want === null) return true;
    for (const [pile, [n, top]] of Object.entries(want)) {
      const el = document.querySelector('#board [data-pile="' + pile + '"]');
      if (!el) return false;
      const cards = [...el.children].filter((c) => c.dataset.card);
      if (cards.length !== n) return false;
      if (n && cards[n - 1].dataset.card !== top) return false;
    }
    return true;
  }
  function check() {
    const a = B.armed;
    if (!a || a.t0 === null || !shows(a.want)) return;
    B.armed = null;
    const t1 = performance.now();
    requestAnimationFrame((frame) => {
      setTimeout(() => {
        B.samples.push({ kind: a.kind, queued: a.queued, handled: t1 - a.t0, shown: performance.now() - a.t0,
                         frameStart: frame - a.t0 });
      }, 0);
    });
  }
  new MutationObserver(check).observe(document, { subtree: true, childList: true, attributes: true,
                                                  attributeFilter: ["data-card"] });
  B.startFrames = () => {
    B.frames = []; B.framing = true;
    let last = null;
    const step = (ts) => {
      if (!B.framing) return;
      if (last !== null) B.frames.push(ts - last);
      last = ts;
      requestAnimationFrame(step);
    };
    requestAnimationFrame(step);
  };
  B.stopFrames = () => { B.framing = false; return B.frames; };
})();
"""


def boot(page, url: str) -> None:
    """Open a deal and wait until the page is idle: the solver worker, which
    boots its own Pyodide a few seconds after the deal, is up (so its start
    does not compete with the moves measured; a player meets it only once)."""
    page.goto(url)
    page.wait_for_selector('#board[data-status="playing"]', state="attached", timeout=BOOT_MS)
    page.wait_for_function("window.SolSolver && (SolSolver.ready || SolSolver.failed)", timeout=BOOT_MS, polling=100)
    page.wait_for_timeout(300)
    settle(page)


def piles_of(position: Position) -> dict[str, tuple]:
    return {name: tuple(p) for name, p in zip(position.spec.pile_names, position.piles)}


def expected(before: Position, after: Position) -> dict:
    """The piles a move changes, each as [count, top card code]."""
    a, b = piles_of(before), piles_of(after)
    return {name: [len(cards), cards[-1] if cards else None] for name, cards in b.items() if cards != a[name]}


def choose(game: Game, seen: set, rng: random.Random):
    """A move that leads somewhere new: to a foundation, from the waste, one
    that turns a card or empties a column, any other card move, the stock."""
    fresh = []
    for m in game.legal_moves():
        after, _ = game.position.apply(m)
        if after not in seen and not m.src.startswith("f"):
            fresh.append((m, after))
    if not fresh:
        return None
    home = [x for x in fresh if x[0].dst.startswith("f")]
    waste = [x for x in fresh if x[0].src == "waste"]
    opening = [
        x
        for x in fresh
        if x[0].src.startswith("t")
        and not x[0].dst.startswith("f")
        and len(game.position.pile(x[0].src)) - x[0].count >= 0
        and (len(game.position.pile(x[0].src)) == x[0].count or game.position.pile(x[0].src)[-x[0].count - 1].islower())
    ]
    stock = [x for x in fresh if x[0] in (DRAW, REDEAL)]
    other = [x for x in fresh if x[0] not in (DRAW, REDEAL)]
    for group in (home, waste, opening, other, stock):
        if group:
            return rng.choice(group)
    return None


def arm(page, want: dict, kind: str) -> None:
    page.evaluate("([w, k]) => window.__bench.expect(w, k)", [want, kind])


# A hand holds a click down for some tens of milliseconds, and lets go of a
# drag a moment after its last move, so a release comes at any point of the
# display's frame. Playwright's click and drag send the release at once after
# the press or the last move; where these drew a frame (a card lifted or
# picked up, a dragged card), every release then landed just after a frame
# and waited for a whole one, which the floor's click (it draws nothing
# before its release) did not. The moves and the floor alike hold each
# press (the ui_helpers' hold_ms) for a time drawn at random from --hold
# (milliseconds). The default, --hold 0, is Playwright's timing, as every
# figure before 2026-11-24 was measured; bench/README.md compares the two.
class Hold:
    def __init__(self, hold: tuple[float, float], seed: int):
        self.hold, self.rng = hold, random.Random(seed)

    def __call__(self) -> float:
        """A press's hold in milliseconds."""
        return self.rng.uniform(*self.hold)


def hold_range(text: str) -> tuple[float, float]:
    """``--hold``'s LO,HI (or one number) in milliseconds, for argparse."""
    try:
        lo, _, hi = text.partition(",")
        hold = (float(lo), float(hi or lo))
    except ValueError:
        raise argparse.ArgumentTypeError(f"takes LO,HI in milliseconds, not {text!r}") from None
    if not 0 <= hold[0] <= hold[1]:
        raise argparse.ArgumentTypeError(f"0 <= LO <= HI, not {text!r}")
    return hold


def probe_page(browser):
    """A page of a new context (no service worker) with the PROBE installed."""
    ctx = browser.new_context(viewport=VIEWPORT, service_workers="block")
    # The moves measured are the player's own: no cards going home after them
    # (that costs a step more; bench/flow.py measures it).
    ctx.add_init_script(MANUAL_HOME)
    ctx.add_init_script(PROBE)
    page = ctx.new_page()
    page.errors = []
    page.on("pageerror", lambda e: page.errors.append(str(e)))
    return page


def scripted_moves(
    page,
    base: str,
    game_id: str,
    moves: int,
    seed0: int,
    after_boot=None,
    hold: tuple[float, float] = (0, 0),
    floor: str = "click",
) -> list[dict]:
    """``moves`` moves of ``game_id`` by pointer, over as many deals as it
    takes, each followed by the floor: a click (floor_click), or with
    ``floor="matched"`` the move's own gesture on the title (floor_like)."""
    rng = random.Random(seed0)
    held = Hold(hold, seed0)
    samples, seed, turn, made, gesture = [], seed0, 0, 0, None
    while made < moves:
        boot(page, f"{base}index.html?game={game_id}&seed={seed}")
        if after_boot:
            after_boot(page)
        game, seen, last_click = new_game(game_id, seed), set(), None
        while made < moves and game.status == "playing":
            seen.add(game.position)
            pick = choose(game, seen, rng)
            if pick is None:
                break
            move, after = pick
            want = expected(game.position, after)
            settle(page)  # a person aims at where the cards are, not where they fly
            if floor == "matched":
                page.evaluate(IDLE)  # from a page at rest, as its floor starts
            if move in (DRAW, REDEAL):
                kind = "stock"
                arm(page, want, kind)
                click_pile(page, "stock", held())
                last_click = None
            else:
                index = len(game.position.pile(move.src)) - move.count
                kind = "click" if turn % 2 == 0 else "drag"
                turn += 1
                if kind == "click":
                    if game.position.pile(move.src)[index] == last_click:
                        page.wait_for_timeout(400)  # two quick clicks on one card are a double click
                    click_card(page, move.src, index, held())
                    arm(page, want, kind)
                    click_pile(page, move.dst, held())
                    top = game.position.pile(move.dst)
                    last_click = top[-1] if top else None
                else:
                    arm(page, want, kind)
                    gesture = drag(page, move.src, index, move.dst, held())
                    last_click = None
            try:
                samples.append(take_sample(page))
            except Exception as exc:
                shown = {k: v for k, v in dom_piles(page).items() if k in want}
                page.screenshot(path=str(ROOT / "artifacts" / "bench-failure.png"))
                raise SystemExit(
                    f"{game_id} #{seed}: the board never showed {move} "
                    f"(wanted {want}, shows {shown}; artifacts/bench-failure.png)"
                ) from exc
            game.play(move)
            made += 1
            samples.append(floor_like(page, held, kind, gesture) if floor == "matched" else floor_click(page, held))
            gesture = None
        seed += 1
    if page.errors:
        raise SystemExit(f"page errors during {game_id}: {page.errors[:3]}")
    return samples


# The page at rest for the floor's click: the pile the move left in focus
# let go (a click on the title would blur it, and draw that in the click's
# frame), then an idle period of 40 ms or more (the app's own idle work after
# a move, game/web/ahead.py, is done).
IDLE = """() => new Promise((done) => {
  if (document.activeElement) document.activeElement.blur();
  const wait = (d) => (d.timeRemaining() > 40 ? done() : requestIdleCallback(wait));
  requestIdleCallback(wait);
})"""


def take_sample(page) -> dict:
    """The probe's sample of the gesture just made, once it has one."""
    page.wait_for_function("window.__bench.samples.length > 0", timeout=10_000)
    return page.evaluate("window.__bench.samples.pop()")


def title_at_rest(page) -> tuple[float, float]:
    """The middle of the game's title (the app ignores clicks there), with
    the pointer on it and the page at rest: where a floor's gesture starts."""
    box = page.locator("#game-title").bounding_box()
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    settle(page)
    page.mouse.move(x, y)  # the pointer there first: leaving the board redraws what it hovered
    page.evaluate(IDLE)  # a floor is the page at rest, as the 50 clicks after the moves met it
    return x, y


def floor_tap(page, x: float, y: float, held, kind: str = "floor") -> dict:
    """A click at (x, y) that the probe answers with a line of text, and its sample."""
    arm(page, None, kind)
    page.mouse.click(x, y, delay=held())
    return take_sample(page)


def floor_click(page, held) -> dict:
    """A click on the game's title that the probe answers itself with the
    smallest change to the page: the floor. One follows each move, held as
    the moves are (``held``, a Hold), so the floor meets the same load on the
    machine as the moves around it (until 2026-11-24 the floor was 50 clicks
    after all of a game's moves, and a change of load between the two blocks
    moved the ratio)."""
    return floor_tap(page, *title_at_rest(page), held)


# The floor of a gesture, not only of a click (``--floor matched``). Chromium
# asks the display for frames while a page draws, and for two frames or so
# after; an input that comes in that time waits for the next refresh, while an
# input on a page at rest gets a frame at once. A drag draws until its last
# move and a card click follows the click that picked the card up, so with a
# hand's timing their releases often come in that time, and the floor's click,
# on a page at rest, never does. A matched floor makes the move's own gesture
# on the game's title, after the same rest, and the probe draws a line of
# text wherever the game draws: at each frame of a drag (the text follows the
# pointer, captured as the board captures it), at the release of a click pair's
# first click. What it measures is the release that follows, as for the move.
def floor_like(page, held, kind: str, gesture) -> dict:
    """After a move of ``kind`` ("click", "drag" or "stock"), the same gesture
    on the title, answered by the probe alone (``gesture``: the drag's path)."""
    x, y = title_at_rest(page)
    if kind == "click":  # the first click, which picked the card up (its sample is not kept)
        floor_tap(page, x, y, held, "floor-pick")
    if kind == "drag":
        (x0, y0), (tx, ty) = gesture
        page.evaluate("window.__bench.follow = true")
        arm(page, None, "floor")
        page.mouse.down()
        page.mouse.move(x + 6, y + 6, steps=2)
        vw, vh = page.viewport_size["width"], page.viewport_size["height"]
        page.mouse.move(min(max(x + tx - x0, 1), vw - 1), min(max(y + ty - y0, 1), vh - 1), steps=10)
        hold_ms = held()
        if hold_ms:
            page.wait_for_timeout(hold_ms)
        page.mouse.up()
        page.evaluate("window.__bench.follow = false")
        out = take_sample(page)
    else:
        out = floor_tap(page, x, y, held)
    out["gesture"] = kind
    return out


def latency(browser, base: str, moves: int, hold: tuple[float, float] = (0, 0), floor: str = "click") -> dict:
    out = {}
    for game_id in ("reloaded", "forty-thieves"):
        page = probe_page(browser)
        out[game_id] = scripted_moves(page, base, game_id, moves, seed0=1, hold=hold, floor=floor)
        page.context.close()
        shown = [s["shown"] for s in out[game_id] if s["kind"] != "floor"]
        print(
            f"  {game_id}: {len(shown)} moves, p50 {pct(shown, 50):.1f} ms, p95 {pct(shown, 95):.1f} ms, "
            f"max {max(shown):.1f} ms",
            flush=True,
        )
    return out


def latency_table(r: dict) -> str:
    rows = [
        "| pointerup → frame shown | moves | p50 | p95 | max | to DOM p50 | to DOM p95 | p95 ÷ floor p95 |",
        "|---|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for game_id, samples in r.items():
        moves = [s for s in samples if s["kind"] != "floor"]
        floor = [s for s in samples if s["kind"] == "floor"]
        # With matched floors (floor_like) each kind of move has its own.
        own = {k: [s for s in floor if s.get("gesture") == k] for k in ("click", "drag", "stock")}
        groups = [("all moves", moves, floor)]
        for k in ("click", "drag", "stock"):
            groups.append((k, [s for s in moves if s["kind"] == k], own[k] or floor))
        groups.append(("floor", floor, floor))
        groups += [(f"floor of a {k}", own[k], own[k]) for k in ("click", "drag", "stock") if own[k]]
        for kind, group, base in groups:
            if not group:
                continue
            shown = [s["shown"] for s in group]
            handled = [s["handled"] for s in group]
            rows.append(
                f"| {game_id}, {kind} | {len(group)} | {pct(shown, 50):.1f} ms | {pct(shown, 95):.1f} ms | "
                f"{max(shown):.1f} ms | {pct(handled, 50):.1f} ms | {pct(handled, 95):.1f} ms | "
                f"{pct(shown, 95) / pct([s['shown'] for s in base], 95):.2f} |"
            )
    return "\n".join(rows)


# --- drag smoothness -------------------------------------------------------------------------
RUN = ["KS", "QH", "JC", "TD", "9S", "8H", "7C", "6D", "5S", "4H"]


def run_position() -> dict:
    """A Reloaded position with a 10-card run (K♠ down to 4♥) face up on t7's
    six face-down cards, the other columns as dealt, the rest in the stock
    (a position a deal can reach)."""
    rest = [c for c in new_game("reloaded", 1).position.to_json()["piles"]["stock"]] + [
        c.lower() for c in (r + s for s in "SHDC" for r in "A23456789TJQK")
    ]
    rest = list(dict.fromkeys(c for c in rest if c.upper() not in RUN))  # every card once, the run left out
    piles = {"t7": [rest.pop() for _ in range(6)] + RUN}
    for i in range(1, 7):
        piles[f"t{i}"] = [rest.pop() for _ in range(i - 1)] + [rest.pop().upper()]
    piles["stock"] = rest
    data = {"game": "reloaded", "piles": piles}
    read_position(data)  # a position the engine accepts
    return data


def drag_frames(browser, base: str, seconds: float = 2.0) -> dict:
    page = probe_page(browser)
    boot(page, base + "index.html" + position_query(run_position()))
    n = count(page, "t7")
    x, y = grip(page, "t7", n - len(RUN))
    page.mouse.move(x, y)
    page.mouse.down()
    page.mouse.move(x + 8, y + 8, steps=2)
    page.evaluate("window.__bench.startFrames()")
    start = time.perf_counter()
    steps = 0
    while (elapsed := time.perf_counter() - start) < seconds:
        # A figure of eight across the board, a pointer event about every 8 ms.
        a = elapsed / seconds * 2 * math.pi
        page.mouse.move(x - 300 * math.sin(a), y + 150 * math.sin(2 * a) + 120)
        steps += 1
        time.sleep(max(0.0, start + steps * 0.008 - time.perf_counter()))
    frames = page.evaluate("window.__bench.stopFrames()")
    dragged = page.evaluate("document.querySelectorAll('#board .dragging').length")
    page.mouse.move(x, y, steps=4)
    page.mouse.up()
    page.context.close()
    if dragged != len(RUN):
        raise SystemExit(f"the drag held {dragged} cards, not {len(RUN)}")
    print(
        f"  drag: {len(frames)} frames, {steps} pointer moves, median {med(frames):.1f} ms, max {max(frames):.1f} ms",
        flush=True,
    )
    return {"frames": frames, "pointer_moves": steps, "cards": dragged}


def drag_table(r: dict) -> str:
    f = r["frames"]
    return "\n".join(
        [
            "| drag of a 10-card run, 2 s | frames | median | p95 | max | frames > 50 ms | target |",
            "|---|---:|---:|---:|---:|---:|---|",
            f"| Reloaded, {r['pointer_moves']} pointer moves | {len(f)} | {med(f):.1f} ms | {pct(f, 95):.1f} ms | "
            f"{max(f):.1f} ms | {sum(1 for v in f if v > 50)} | median ≤ 17 ms, none > 50 ms |",
        ]
    )


# --- engine speed in Pyodide --------------------------------------------------------------
ENGINE_PAGE_CONFIG = PAGES / "engine.toml"


def write_engine_config() -> None:
    """engine.html's PyScript configuration: the engine (game/ without web/)
    and bench/engine.py, listed afresh from the tree."""
    lines = [
        "# Written by bench/browser.py; not kept in git.",
        'interpreter = "../../static/vendor/pyodide/pyodide.mjs"',
        "",
        "[files]",
    ]
    for rel in pyscript_files.package_files(ROOT):
        if not rel.startswith("game/web/"):
            lines.append(f'"../../{rel}" = "./{rel}"')
    lines.append('"../engine.py" = "./bench_engine.py"')
    ENGINE_PAGE_CONFIG.write_text("\n".join(lines) + "\n")


def engine_speed(browser, base: str, playouts: int, max_moves: int) -> dict:
    """Each game's playouts in Pyodide and in CPython by turns."""
    write_engine_config()
    ctx = browser.new_context(viewport=VIEWPORT)
    page = ctx.new_page()
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{base}bench/pages/engine.html")
    try:
        page.wait_for_selector("body[data-python]", state="attached", timeout=BOOT_MS)
    except Exception:
        raise SystemExit(f"the engine page did not start: {errors[:3]}") from None
    cpython, pyodide = {}, {}
    for g in engine_bench.PLAYER_GAMES:
        pyodide[g] = json.loads(page.evaluate("([g, p, m]) => benchGame(g, p, m)", [g, playouts, max_moves]))
        cpython[g] = engine_bench.bench_game(g, playouts, max_moves)
    version = page.get_attribute("body", "data-python")
    ctx.close()
    return {
        "playouts": playouts,
        "moves": max_moves,
        "cpython": cpython,
        "pyodide": pyodide,
        "pyodide_version": version,
    }


def engine_table(r: dict) -> str:
    rows = [
        f"| engine: CPython {platform.python_version()} vs Pyodide (Python {r['pyodide_version']}) | moves | "
        "nodes/s CPython | nodes/s Pyodide | play/s CPython | play/s Pyodide | Pyodide ÷ CPython |",
        "|---|---:|---:|---:|---:|---:|---:|",
    ]
    ratios = []
    for g, c in r["cpython"].items():
        p = r["pyodide"][g]
        ratio = p["nodes/s"] / c["nodes/s"]
        ratios.append(ratio)
        rows.append(
            f"| {g} | {c['moves']} | {c['nodes/s']:,.0f} | {p['nodes/s']:,.0f} | "
            f"{c['play/s']:,.0f} | {p['play/s']:,.0f} | {ratio:.2f} |"
        )
    rows.append(f"| median over the games | | | | | | {med(ratios):.2f} |")
    return "\n".join(rows)


# --- memory over many deals ----------------------------------------------------------------
def measure_memory(page, cdp) -> dict:
    py = page.evaluate("Object.fromEntries(Object.entries(window.solitaire.diagnostics()))")
    cdp.send("HeapProfiler.collectGarbage")
    heap = cdp.send("Runtime.getHeapUsage")
    dom = cdp.send("Memory.getDOMCounters")
    elements = page.evaluate("document.getElementsByTagName('*').length")
    return {
        "js_heap": heap["usedSize"],
        "elements": elements,
        "listeners": dom["jsEventListeners"],
        "wasm_bytes": py["wasm_bytes"],
        "python_objects": py["python_objects"],
        "proxies": py["proxies"],
    }


def new_games(page, n: int, rng: random.Random) -> None:
    """Click New game n times; in each deal play up to 3 card moves by clicks."""
    for _ in range(n):
        before = page.get_attribute("#board", "data-seed")
        page.click("#btn-new")
        page.wait_for_function(f"document.querySelector('#board').dataset.seed !== {json.dumps(before)}")
        settle(page)
        state = page.evaluate("window.solitaire.state()")
        game = Game(read_position(state["position"]))
        for _ in range(3):
            plays = [m for m in game.legal_moves() if m not in (DRAW, REDEAL)]
            if not plays:
                break
            move = rng.choice(plays)
            settle(page)
            click_card(page, move.src, len(game.position.pile(move.src)) - move.count)
            click_pile(page, move.dst)
            game.play(move)
            page.wait_for_function(f"window.solitaire.state().moves === {game.moves}")


def memory(browser, base: str) -> dict:
    ctx = browser.new_context(viewport=VIEWPORT, service_workers="block")
    page = ctx.new_page()
    cdp = ctx.new_cdp_session(page)
    boot(page, base + "index.html?game=forty-thieves&seed=1")
    rng = random.Random(7)
    new_games(page, 2, rng)
    first = measure_memory(page, cdp)
    new_games(page, 20, rng)
    after = measure_memory(page, cdp)
    ctx.close()
    print(f"  memory: {first} -> {after}", flush=True)
    return {"after_2": first, "after_22": after}


def memory_table(r: dict) -> str:
    a, b = r["after_2"], r["after_22"]
    rows = ["| memory, Forty Thieves | after 2 new games | after 22 | growth |", "|---|---:|---:|---:|"]
    for key, label, fmt in (
        ("js_heap", "JS heap (after GC)", mb),
        ("wasm_bytes", "WebAssembly memory", mb),
        ("elements", "elements in the page", str),
        ("listeners", "JS event listeners", str),
        ("python_objects", "Python objects (after gc)", str),
        ("proxies", "proxies held", str),
    ):
        if a.get(key) is None:
            continue
        growth = b[key] - a[key]
        rows.append(
            f"| {label} | {fmt(a[key])} | {fmt(b[key])} | {'+' if growth >= 0 else ''}"
            f"{fmt(growth) if fmt is mb else growth} |"
        )
    return "\n".join(rows)


# --- autosave ------------------------------------------------------------------------------
SAVE_LENGTHS = (0, 100, 400, 1600)


def played_for(game_id: str, actions: int, seed: int = 3) -> Game:
    """A game of about ``actions`` actions: random legal moves, a third of
    the time an undo, so the log grows past what a deal's moves alone allow."""
    game, rng, at = new_game(game_id, seed), random.Random(seed), 0.0
    while len(game.log) < actions and game.status == "playing":
        at += 1.0
        if game.undo_steps and game.spec.undo_depth != 0 and rng.random() < 0.3:
            game.undo(at)
        else:
            game.play(rng.choice(game.legal_moves()), at)
    return game


def store_and_open(page, base: str, items: dict, query: str = "") -> None:
    page.goto(base + "manifest.webmanifest")
    page.evaluate(
        "items => { localStorage.clear(); Object.entries(items).forEach(([k, v]) => localStorage.setItem(k, v)); }",
        items,
    )
    page.goto(base + "index.html" + query)
    page.wait_for_selector('#board[data-status="playing"]', state="attached", timeout=BOOT_MS)


def autosave(browser, base: str, rounds: int) -> dict:
    from game.web.storage import Slot

    out = {"cost": [], "crash": {}}
    ctx = browser.new_context(viewport=VIEWPORT, service_workers="block")
    page = ctx.new_page()
    for n in SAVE_LENGTHS:
        game = played_for("reloaded", n)
        text = json.dumps(Slot(game, game.clock + 1).to_json())
        store_and_open(page, base, {"solitaire.save.reloaded": text, "solitaire.current": '"reloaded"'})
        page.wait_for_timeout(1_000)
        assert page.evaluate("window.solitaire.state().moves") == game.moves, "the save was not resumed"
        samples = [page.evaluate("window.solitaire.diagnostics().save_ms") for _ in range(25)]
        out["cost"].append({"actions": len(game.log), "chars": len(text), "samples": samples})
        print(f"  save of {len(game.log)} actions ({len(text)} chars): median {med(samples):.2f} ms", flush=True)
    ctx.close()

    if not hasattr(signal, "SIGKILL"):  # no such signal on Windows: no crash rounds
        return out
    ctx = browser.new_context(viewport=VIEWPORT, service_workers="block")
    cdp = browser.new_browser_cdp_session()

    def renderers() -> set:
        info = cdp.send("SystemInfo.getProcessInfo")["processInfo"]
        return {p["id"] for p in info if p["type"] == "renderer"}

    def kill(pids) -> None:
        for pid in pids:
            os.kill(pid, signal.SIGKILL)

    lost = 0
    for i in range(rounds):
        before = renderers()
        page = ctx.new_page()
        store_and_open(page, base, {}, f"?game=reloaded&seed={10 + i}")
        settle(page)
        # The draw made ahead (table.js shows it before Python stores it; its note is stored first).
        page.wait_for_function("SolTable.prepared().includes('tap|stock|*')", timeout=BOOT_MS)
        mine = renderers() - before  # the page's renderer (and perhaps a spare one)
        click_pile(page, "stock")  # returns once the renderer has handled the release
        kill(mine)
        time.sleep(1.0)
        # What a player finds: the game page opened again (it plays a move the
        # page showed ahead of its save, storage.AheadMove, on that save).
        reader = ctx.new_page()
        reader.goto(base + "index.html?game=reloaded")
        reader.wait_for_selector('#board[data-status="playing"]', state="attached", timeout=BOOT_MS)
        lost += not reader.evaluate("window.solitaire.state().moves")
        reader.close()
        try:
            page.close()
        except Exception:
            pass  # the crashed page may already be gone
    ctx.close()
    out["crash"] = {"rounds": rounds, "lost": lost}
    print(f"  renderer killed right after a draw: {lost} of {rounds} draws lost", flush=True)
    return out


def autosave_table(r: dict) -> str:
    rows = ["| autosave, Reloaded | actions | save JSON | median | p90 |", "|---|---:|---:|---:|---:|"]
    for c in r["cost"]:
        rows.append(
            f"| one save in the page | {c['actions']} | {c['chars']:,} chars | {med(c['samples']):.2f} ms "
            f"| {pct(c['samples'], 90):.2f} ms |"
        )
    crash = r.get("crash")
    if crash:
        rows += ["", f"Renderer killed right after a draw: {crash['lost']} of {crash['rounds']} draws lost."]
    return "\n".join(rows)


# --- main ----------------------------------------------------------------------------------
def main(argv=None) -> int:
    ap = argparse.ArgumentParser(prog="bench/run", description=" ".join(__doc__.split("\n\n")[0].split()))
    ap.add_argument("--runs", type=int, default=5, help="startup loads of each page, cold and warm (default 5)")
    ap.add_argument("--moves", type=int, default=100, help="moves per game for the latency (default 100)")
    ap.add_argument(
        "--hold",
        type=hold_range,
        default="0",
        help="latency: a press held LO,HI ms (drawn at random) before its release, as a hand does (default 0: none, as Playwright clicks)",
    )
    ap.add_argument(
        "--floor",
        choices=("click", "matched"),
        default="click",
        help="latency: the floor after each move, a click (default) or the move's own gesture (floor_like)",
    )
    ap.add_argument("--playouts", type=int, default=5, help="engine playouts per game (default 5)")
    ap.add_argument("--playout-moves", type=int, default=300, help="moves per engine playout (default 300)")
    ap.add_argument("--crash-rounds", type=int, default=10, help="renderer kills for the autosave (default 10)")
    ap.add_argument("--lighthouse-runs", type=int, default=3, help="Lighthouse runs per preset (default 3)")
    ap.add_argument(
        "--network-runs", type=int, default=2, help="network: loads of each address at 10 Mbit/s (default 2)"
    )
    ap.add_argument("--slow-runs", type=int, default=1, help="network: loads at 1.6 Mbit/s (default 1; 0: none)")
    ap.add_argument("--only", default=",".join(PARTS), help="parts to run, comma-separated")
    ap.add_argument("--json", help="write every figure and sample to this file")
    args = ap.parse_args(argv)
    parts = [p for p in args.only.split(",") if p]
    unknown = [p for p in parts if p not in PARTS]
    if unknown:
        ap.error(f"unknown part(s): {', '.join(unknown)}; choose from {', '.join(PARTS)}")

    hold = args.hold

    counter = Counter()
    server = counting_server(counter)
    base = f"http://127.0.0.1:{server.server_address[1]}/"
    results, tables = {}, []
    with sync_playwright() as p:
        browser = p.chromium.launch(**launch_args())
        head = (
            f"Chromium {browser.version} (headless), {platform.machine()} with "
            f"{os.cpu_count()} cores, {date.today().isoformat()}"
        )
        print(head, flush=True)
        results["machine"] = head
        for part in parts:
            print(f"{part} ...", flush=True)
            if part == "startup":
                results[part] = startup(p.chromium, base, counter, args.runs)
                tables.append(startup_table(results[part]))
            elif part == "latency":
                results[part] = latency(browser, base, args.moves, hold, args.floor)
                results["latency_hold_ms"] = list(hold)
                results["latency_floor"] = args.floor
                tables.append(
                    f"Presses held {hold[0]:g}–{hold[1]:g} ms before the release; the floor: {args.floor}.\n\n"
                    + latency_table(results[part])
                )
            elif part == "drag":
                results[part] = drag_frames(browser, base)
                tables.append(drag_table(results[part]))
            elif part == "engine":
                results[part] = engine_speed(browser, base, args.playouts, args.playout_moves)
                tables.append(engine_table(results[part]))
            elif part == "memory":
                results[part] = memory(browser, base)
                tables.append(memory_table(results[part]))
            elif part == "autosave":
                results[part] = autosave(browser, base, args.crash_rounds)
                tables.append(autosave_table(results[part]))
            elif part == "lighthouse":
                import lighthouse  # bench/lighthouse.py

                chromium = find_chromium() or p.chromium.executable_path
                results[part] = lighthouse.lighthouse(args.lighthouse_runs, chromium, CHROMIUM_ARGS)
                tables.append(lighthouse.table(results[part]))
            elif part == "network":
                import network  # bench/network.py

                results[part] = network.network(browser, args.network_runs, args.slow_runs)
                tables.append(network.table(results[part]))
        browser.close()
    server.shutdown()
    print("\n" + head + "\n")
    print("\n\n".join(tables))
    if args.json:
        Path(args.json).write_text(json.dumps(results, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
