"""Hint speed: ``game.advice.advise`` over many positions of every game, in
CPython and in Pyodide (not part of the test suite).

    python bench/advice.py [--deals 30] [--steps 60] [--repeats 3] [--games id,id] [--no-pyodide]

The positions: deals 1..N of each game, each played for up to S steps, the
hint's step four times in five and a random legal step otherwise (seeded, so
every run and both interpreters see the same positions), with cards going
home by themselves when safe, as on the page. Every position is advised with
the step that led to it, as the page would.

The time of a hint is CPU time, the least of ``--repeats`` calls on the same
position (the others only add the noise of a shared machine): CPython's
``time.process_time``; in Pyodide, run by Node.js (bench/advice_pyodide.mjs,
with the pyodide npm package that ./play and ./test install), Node's
``process.cpuUsage``. The two take turns game by game in one run. Reported
per game: positions, median, p95 and largest time per hint in each, and the
ratio Pyodide / CPython of the medians. The first hint of a page is timed
apart: importing ``game.advice`` and answering once, in a fresh interpreter
that has the engine loaded (``first``), which also loads the solver package
for safe.py's proofs unless a safe move home has already been played.
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from game import PLAYER_GAMES, new_game  # noqa: E402

TARGET_MS = 20.0  # what the page can spend on a hint in Pyodide


def legal_steps(game) -> list:
    """Every step the player could make: each legal move, and the stock's top
    card played straight to a pile where the game allows it."""
    steps = [(m,) for m in game.legal_moves()]
    if game.spec.stock_play:
        from game.moves import DRAW, Move

        steps += [(DRAW, Move("waste", dst)) for dst in game.stock_targets()]
    return steps


def positions(game_id: str, deals: int, steps: int) -> list:
    """(position, last step) pairs met while playing deals 1..deals (see the module text)."""
    from game.advice import advise_game

    out = []
    for k in range(1, deals + 1):
        rng = random.Random(k)
        game = new_game(game_id, k)
        for _ in range(steps):
            if game.status != "playing":
                break
            last = tuple(game.line[-game.step_sizes[-1] :]) if game.step_sizes else ()
            out.append((game.position, last))
            hint = advise_game(game)
            if hint.step is not None and rng.random() < 0.8:
                step = hint.step
            else:
                choices = legal_steps(game)
                if not choices:
                    break
                step = rng.choice(choices)
            game.play(step, home="safe")
    return out


def cpu_clock():
    """A CPU-time clock in seconds: Node's process.cpuUsage under Pyodide, else time.process_time."""
    if sys.platform == "emscripten":
        from js import process  # Node.js, which runs Pyodide here

        def clock() -> float:
            used = process.cpuUsage()
            return (used.user + used.system) / 1e6

        return clock
    return time.process_time


def time_game(game_id: str, deals: int, steps: int, repeats: int) -> dict:
    """Time ``advise`` on every position of one game; the samples in ms."""
    from game.advice import advise

    clock = cpu_clock()
    pairs = positions(game_id, deals, steps)
    samples = []
    kinds: dict = {}
    for position, last in pairs:
        best = None
        for _ in range(repeats):
            t0 = clock()
            answer = advise(position, last)
            dt = clock() - t0
            best = dt if best is None else min(best, dt)
        samples.append(best * 1000)
        kinds[answer.reason] = kinds.get(answer.reason, 0) + 1
    return {"game": game_id, "positions": len(pairs), "samples": samples, "reasons": kinds}


def first_hint(solver: bool = False) -> float:
    """ms to import game.advice and answer once (the engine already loaded;
    with ``solver``, the solver package too, as the page loads it after the
    deal to offer Finish), on the opening of Solitaire Reloaded game 9,
    which has a safe move home."""
    import game.home  # noqa: F401  (the page has the engine loaded already)

    if solver:
        import game.solver  # noqa: F401

    clock = cpu_clock()
    position = new_game("reloaded", 9).position
    t0 = clock()
    from game.advice import advise

    advise(position)
    return (clock() - t0) * 1000


def summary(samples: list) -> dict:
    ordered = sorted(samples)
    p95 = ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))] if ordered else 0.0
    return {
        "median": statistics.median(ordered) if ordered else 0.0,
        "p95": p95,
        "max": ordered[-1] if ordered else 0.0,
    }


class Pyodide:
    """bench/advice_pyodide.mjs in Node.js: one request per line, one JSON answer per line."""

    def __init__(self):
        self.proc = subprocess.Popen(
            ["node", str(ROOT / "bench" / "advice_pyodide.mjs")],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )
        self.hello = self.read()

    def read(self) -> dict:
        line = self.proc.stdout.readline()
        if not line:
            raise SystemExit("bench/advice_pyodide.mjs stopped (is node_modules/pyodide installed? run ./test once)")
        return json.loads(line)

    def ask(self, request: dict) -> dict:
        self.proc.stdin.write(json.dumps(request) + "\n")
        self.proc.stdin.flush()
        return self.read()

    def close(self) -> None:
        self.proc.stdin.close()
        self.proc.wait()


def first_hint_cpython(solver: bool) -> float:
    """``first_hint`` in a fresh CPython; the least of three runs."""
    code = f"import sys; sys.path[:0] = sys.argv[1:3]; import advice; print(advice.first_hint({solver}))"
    runs = [
        subprocess.run(
            [sys.executable, "-c", code, str(ROOT), str(ROOT / "bench")], capture_output=True, text=True, check=True
        )
        for _ in range(3)
    ]
    return min(float(r.stdout.strip()) for r in runs)


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--deals", type=int, default=30)
    ap.add_argument("--steps", type=int, default=60)
    ap.add_argument("--repeats", type=int, default=3)
    ap.add_argument("--games", default=",".join(PLAYER_GAMES))
    ap.add_argument("--no-pyodide", action="store_true", help="CPython only")
    ap.add_argument("--json", metavar="FILE", help="also write every sample to FILE")
    args = ap.parse_args(argv)
    games = args.games.split(",")
    pyodide = None if args.no_pyodide else Pyodide()
    print(
        f"CPython {platform.python_version()}"
        + (f" and Pyodide {pyodide.hello['python']} in Node.js {pyodide.hello['node']}" if pyodide else "")
        + f", {platform.machine()}; deals 1-{args.deals}, up to {args.steps} steps each, "
        f"least of {args.repeats} calls per position; CPU time\n"
    )
    cols = "| game | positions | CPython median | p95 | max |"
    sep = "|---|---:|---:|---:|---:|"
    if pyodide:
        cols += " Pyodide median | p95 | max | Pyodide ÷ CPython |"
        sep += "---:|---:|---:|---:|"
    print(cols)
    print(sep)
    rows, ratios, worst_p95 = [], [], 0.0
    for gid in games:
        here = time_game(gid, args.deals, args.steps, args.repeats)
        c = summary(here["samples"])
        line = f"| {gid} | {here['positions']} | {c['median']:.2f} ms | {c['p95']:.2f} ms | {c['max']:.2f} ms |"
        row = {"game": gid, "cpython": here}
        if pyodide:
            there = pyodide.ask({"game": gid, "deals": args.deals, "steps": args.steps, "repeats": args.repeats})
            if there["positions"] != here["positions"]:
                raise SystemExit(f"{gid}: Pyodide met {there['positions']} positions, CPython {here['positions']}")
            p = summary(there["samples"])
            ratio = p["median"] / c["median"] if c["median"] else 0.0
            ratios.append(ratio)
            worst_p95 = max(worst_p95, p["p95"])
            line += f" {p['median']:.2f} ms | {p['p95']:.2f} ms | {p['max']:.2f} ms | {ratio:.2f} |"
            row["pyodide"] = there
        print(line, flush=True)
        rows.append(row)
    print("\nfirst hint: import game.advice and answer once, the engine loaded")
    for solver in (True, False):
        what = (
            "the solver package loaded too (the page's Finish check loads it after the deal)"
            if solver
            else "no solver package yet"
        )
        print(f"- {what}: CPython {first_hint_cpython(solver):.1f} ms", end="")
        print(f", Pyodide {pyodide.ask({'first': solver})['ms']:.1f} ms" if pyodide else "")
    if pyodide:
        print(
            f"median ratio Pyodide / CPython over the games: {statistics.median(ratios):.2f}; "
            f"worst p95 in Pyodide {worst_p95:.2f} ms (target {TARGET_MS:.0f} ms)"
        )
        pyodide.close()
    if args.json:
        Path(args.json).write_text(json.dumps(rows))


if __name__ == "__main__":
    main()
