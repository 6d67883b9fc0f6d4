"""Play that flows (issue 13): what a step with cards going home by itself
costs, and how long the page's first hint takes.

    python bench/flow.py step            # CPython: a step with auto-home against one without
    python bench/flow.py hint [--deals N] # Chromium: Hint press -> hint on screen, in the page
    python bench/flow.py stock|boot [--deals N]  # Chromium: stock clicks while the solver worker starts

``step``: every game, deals 1-20, up to 120 steps each, played by the hint
ranking's best step (or a draw). Each step is timed three ways on the same
position: ``Game.play`` with ``home`` off, safe and always (best of 3 runs
each); the table gives the median and 95th percentile per step and the
ratio to ``off`` in the same process.

``hint``: a first visit (no setting stored) of Reloaded, Solitario and
Forty Thieves deals; once the page is idle (the hint ranking imported), the
Hint button is clicked and the time from the press (pointerdown, in the
page's clock) to the hint's highlight and words on the board is read. Then
one move, and a second hint the same way.

``stock``: a first visit of Reloaded deals; from the deal on, the stock is
clicked as a quick player would: bursts of 5 clicks 150 ms apart, with a
2 s pause to think after each. Each click is timed from pointerup to the
frame that shows the drawn cards (bench/browser.py's probe) and marked by the
solver worker's state when it was pressed: not started yet, starting
(``SolSolver.started`` but not ``ready``), or up; clicks go on until as many
have been made with the worker up, for the baseline. The worker starts only
once the player has been still for a moment, from the runtime the page has
already compiled (static/js/solver.js).

``boot``: by turns on fresh pages of Reloaded, 16 stock clicks 150 ms apart
with no worker, then right after a request started the worker, once with a
worker that compiles its own runtime and once with one handed the page's
compiled runtime (what the page does).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from game import DRAW, PLAYER_GAMES, Game, new_game  # noqa: E402
from game.advice import advise_game  # noqa: E402


def pct(values, q):
    values = sorted(values)
    return values[min(len(values) - 1, int(q * len(values)))]


def timed_step(position, step, mode: str, runs: int = 3) -> float:
    """Microseconds of ``Game.play(step, home=mode)`` from ``position`` (best of ``runs``)."""
    best = float("inf")
    for _ in range(runs):
        game = Game(position)
        t0 = time.perf_counter()
        game.play(step, home=mode)
        best = min(best, time.perf_counter() - t0)
    return best * 1e6


def step_costs(deals=20, steps=120) -> dict:
    out = {}
    for game_id in PLAYER_GAMES:
        costs = {"off": [], "safe": [], "always": []}
        homes = 0
        for seed in range(1, deals + 1):
            game = new_game(game_id, seed)
            for _ in range(steps):
                advice = advise_game(game)
                step = advice.step or ((DRAW,) if DRAW in game.legal_moves() else None)
                if step is None:
                    break
                for mode in costs:
                    costs[mode].append(timed_step(game.position, step, mode))
                homes += len(game.play(step, home="safe")) - len(step)
                if game.status != "playing":
                    break
        out[game_id] = {
            mode: {"median": statistics.median(v), "p95": pct(v, 0.95), "n": len(v)} for mode, v in costs.items()
        }
        out[game_id]["homes"] = homes
    return out


def step_table(r: dict) -> str:
    lines = [
        "| game | steps | step, off (µs, median / p95) | safe | always | safe / off | cards home (safe) |",
        "|---|---:|---:|---:|---:|---:|---:|",
    ]
    for game_id, row in r.items():
        off, safe, always = row["off"], row["safe"], row["always"]
        lines.append(
            f"| {game_id} | {off['n']} | {off['median']:.0f} / {off['p95']:.0f} | "
            f"{safe['median']:.0f} / {safe['p95']:.0f} | {always['median']:.0f} / {always['p95']:.0f} | "
            f"{safe['median'] / off['median']:.2f} | {row['homes']} |"
        )
    return "\n".join(lines)


WATCH = """() => {
  window.__hint = [];
  const board = document.getElementById('board');
  let t0 = 0;
  document.getElementById('btn-hint').addEventListener('pointerdown', () => { t0 = performance.now(); }, true);
  new MutationObserver(() => {
    if (board.dataset.hint && t0) { window.__hint.push(performance.now() - t0); t0 = 0; }
  }).observe(board, {attributes: true, attributeFilter: ['data-hint']});
}"""


def hint_latency(deals: int) -> dict:
    from playwright.sync_api import sync_playwright

    from tests.e2e.ui_helpers import click_card, click_pile, count, settle
    from tools.chromium import launch_args
    from tools.serve import make_server, serve_in_thread

    server = make_server(ROOT, port=0, quiet=True)
    serve_in_thread(server)
    base = f"http://127.0.0.1:{server.server_address[1]}/"
    first, second = [], []
    with sync_playwright() as p:
        browser = p.chromium.launch(**launch_args())
        for game_id in ("reloaded", "solitario", "forty-thieves"):
            for seed in range(1, deals + 1):
                ctx = browser.new_context(viewport={"width": 1366, "height": 768}, service_workers="block")
                page = ctx.new_page()
                page.goto(f"{base}?game={game_id}&seed={seed}")
                page.wait_for_selector('#board[data-status="playing"]', state="attached", timeout=120_000)
                page.wait_for_timeout(2_500)  # idle: the ranking is imported (within 1 s of the deal)
                page.evaluate(WATCH)
                page.locator("#btn-hint").click()
                page.wait_for_function("window.__hint.length === 1", timeout=10_000)
                first.append(page.evaluate("window.__hint[0]"))
                step = page.get_attribute("#board", "data-hint-move") or ""
                if ">" in step and "+" not in step and not step.startswith("draw"):
                    src, dst = step.split(">")[:2]
                    click_card(page, src, count(page, src) - 1)
                    click_pile(page, dst)
                else:
                    click_pile(page, "stock")
                page.wait_for_timeout(400)
                settle(page)
                page.locator("#btn-hint").click()
                page.wait_for_function("window.__hint.length === 2", timeout=10_000)
                second.append(page.evaluate("window.__hint[1]"))
                ctx.close()
        browser.close()
    server.shutdown()
    return {"first": first, "second": second}


BURST, BURST_GAP_MS, THINK_MS = 5, 150, 2000


def stock_click_ms(page, game, probe) -> float:
    """One click on the stock (a draw, or the redeal), played in ``game`` too,
    timed from pointerup to the frame that shows it (bench/browser.py's probe)."""
    from game import REDEAL
    from tests.e2e.ui_helpers import click_pile, settle

    before = game.position
    game.play(DRAW if before.pile("stock") else REDEAL)
    settle(page)
    probe.arm(page, probe.expected(before, game.position), "stock")
    click_pile(page, "stock")
    page.wait_for_function("window.__bench.samples.length > 0", timeout=20_000)
    return page.evaluate("window.__bench.samples.pop()")["shown"]


def stock_while_worker_starts(deals: int, after: int = 20) -> dict:
    """Stock clicks from the deal on, in bursts, grouped by the solver
    worker's state when pressed: not started, starting, ready."""
    sys.path.insert(0, str(ROOT / "bench"))
    import browser as probe  # bench/browser.py: the pointerup -> frame probe

    server = probe.make_server(ROOT, port=0, quiet=True)
    probe.serve_in_thread(server)
    base = f"http://127.0.0.1:{server.server_address[1]}/"
    out = {"idle": [], "starting": [], "ready": []}
    state = "!window.SolSolver ? 'idle' : SolSolver.ready || SolSolver.failed ? 'ready' : SolSolver.started ? 'starting' : 'idle'"
    with probe.sync_playwright() as p:
        browser = p.chromium.launch(**probe.launch_args())
        for seed in range(1, deals + 1):
            page = probe.probe_page(browser)
            page.goto(f"{base}?game=reloaded&seed={seed}")
            page.wait_for_selector('#board[data-status="playing"]', state="attached", timeout=120_000)
            game, done_after, clicks = new_game("reloaded", seed), 0, 0
            while done_after < after:
                worker = page.evaluate(state)
                out[worker].append(stock_click_ms(page, game, probe))
                done_after += worker == "ready"
                clicks += 1
                page.wait_for_timeout(THINK_MS if clicks % BURST == 0 else BURST_GAP_MS)
            page.context.close()
        browser.close()
    server.shutdown()
    return out


# A page whose start.js cannot keep the runtime: its worker compiles its own.
NO_SHARED_RUNTIME = "Object.defineProperty(window, 'solitaireRuntime', {get() { return null; }, set(v) {}});"
BOOT_VARIANTS = ("none", "compiles", "shared")


def clicks_while_worker_boots(rounds: int, clicks: int = 16) -> dict:
    """By turns, on fresh pages of Reloaded: stock clicks every 150 ms with no
    worker running, and right after a request starts the worker, which
    either compiles its own runtime or is handed the page's."""
    sys.path.insert(0, str(ROOT / "bench"))
    import browser as probe

    from tests.e2e.ui_helpers import settle

    server = probe.make_server(ROOT, port=0, quiet=True)
    probe.serve_in_thread(server)
    base = f"http://127.0.0.1:{server.server_address[1]}/"
    out = {v: [] for v in BOOT_VARIANTS}
    with probe.sync_playwright() as p:
        browser = p.chromium.launch(**probe.launch_args())
        for seed in range(1, rounds + 1):
            for variant in BOOT_VARIANTS:
                page = probe.probe_page(browser)
                if variant == "compiles":
                    page.add_init_script(NO_SHARED_RUNTIME)
                page.goto(f"{base}?game=reloaded&seed={seed}")
                page.wait_for_selector('#board[data-status="playing"]', state="attached", timeout=120_000)
                settle(page)
                if variant != "none":  # a request starts the worker at once
                    page.evaluate("SolSolver.ask('solve', '{}', 1, 1, () => {})")
                game = new_game("reloaded", seed)
                for _ in range(clicks):
                    out[variant].append(stock_click_ms(page, game, probe))
                    page.wait_for_timeout(BURST_GAP_MS)
                assert page.evaluate("SolSolver.started") == (variant != "none"), variant
                if variant != "none":
                    page.wait_for_function("SolSolver.ready", timeout=120_000)
                    assert page.evaluate("SolSolver.shared") == (variant == "shared"), variant
                page.context.close()
        browser.close()
    server.shutdown()
    return out


def boot_table(r: dict) -> str:
    rows = [
        "| stock click, pointerup -> frame, in the 16 clicks after the worker is started | clicks | median ms | p95 ms | max ms | median ÷ no worker |",
        "|---|---:|---:|---:|---:|---:|",
    ]
    base = statistics.median(r["none"])
    labels = {
        "none": "no worker",
        "compiles": "the worker compiles its own runtime",
        "shared": "the worker is handed the page's runtime",
    }
    for name in BOOT_VARIANTS:
        v = r[name]
        rows.append(
            f"| {labels[name]} | {len(v)} | {statistics.median(v):.0f} | {pct(v, 0.95):.0f} | {max(v):.0f} "
            f"| {statistics.median(v) / base:.2f} |"
        )
    return "\n".join(rows)


def stock_table(r: dict) -> str:
    rows = [
        "| stock click, pointerup -> frame | clicks | median ms | p95 ms | max ms |",
        "|---|---:|---:|---:|---:|",
    ]
    for name, label in (
        ("idle", "before the solver worker starts"),
        ("starting", "while the solver worker starts"),
        ("ready", "once the worker is up"),
    ):
        v = r[name]
        if v:
            rows.append(f"| {label} | {len(v)} | {statistics.median(v):.0f} | {pct(v, 0.95):.0f} | {max(v):.0f} |")
    return "\n".join(rows)


def hint_table(r: dict) -> str:
    rows = ["| hint in the page (press -> on screen) | n | median ms | p95 ms | max ms |", "|---|---:|---:|---:|---:|"]
    for name, label in (("first", "first hint of a deal"), ("second", "after one move")):
        v = r[name]
        rows.append(f"| {label} | {len(v)} | {statistics.median(v):.0f} | {pct(v, 0.95):.0f} | {max(v):.0f} |")
    return "\n".join(rows)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(prog="bench/flow.py", description=__doc__.splitlines()[0])
    ap.add_argument("part", choices=("step", "hint", "stock", "boot"))
    ap.add_argument("--deals", type=int, default=None)
    args = ap.parse_args(argv)
    if args.part == "step":
        print(step_table(step_costs(args.deals or 20)))
    elif args.part == "hint":
        print(hint_table(hint_latency(args.deals or 4)))
    elif args.part == "boot":
        print(boot_table(clicks_while_worker_boots(args.deals or 3)))
    else:
        print(stock_table(stock_while_worker_starts(args.deals or 3)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
