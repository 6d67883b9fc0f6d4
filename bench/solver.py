"""Solver win rates over seeded deals (not part of the test suite).

    python bench/solver.py [--games klondike-3,klondike-1 | all] [--deals N]
                           [--first K] [--budget NODES] [--jobs J] [--out FILE]
                           [--scheduler ADDRESS]
    python bench/solver.py --games klondike-3 --seeds 4,13,27 --budget 500000
    python bench/solver.py --games klondike-3 --only-unknown run1.jsonl \
                           [--only-unknown run2.jsonl] --budget 300000 --time-limit 8

Deals number K … K+N-1 of each game are solved with a node budget each (and,
with ``--time-limit``, at most that many CPU seconds each). The deals run on
Dask (tools/batch.py): a LocalCluster of ``--jobs`` single-threaded worker
processes, or the cluster whose scheduler is at ``--scheduler``.
Per game it prints won / lost / unknown counts and rates with 95% Wilson
intervals, the range the winnable rate must lie in whatever the unknowns
turn out to be, mean and median CPU seconds per deal and nodes per CPU
second (all workers' nodes over all workers' CPU time, so the figure does
not depend on the machine's load). ``--out`` writes one JSON line per deal
(game, seed, budget, time_limit, status, nodes, seconds, moves) as each
answer comes in; run the same command again after a stop and the deals the
file already answers are not solved again.

``--seeds`` solves the listed game numbers instead of a range.
``--only-unknown FILE`` (repeatable) reads such JSON lines and solves again
only the deals they left unknown, for the games in ``--games``; after the
table of the rerun it prints the table of the earlier runs with each rerun
deal's new answer in place of its old one (mean and median seconds and
nodes per second then mix the two runs' deals).

``klondike-1`` / ``klondike-3`` are the classics Klondike draw one and draw
three (RULES.md section 5): plain Klondike, unlimited redeals; the solver sees face-down cards, so these are
"thoughtful" win rates, comparable with Blake & Gent's Solvitaire (draw 3:
81.945% ± 0.084%) and ShootMe's Klondike-Solver (91.9% draw 1, 83.6% draw 3).
"""

from __future__ import annotations

import argparse
import json
import math
import platform
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game import ALL_PLAYER_GAMES  # noqa: E402
from tools.batch import solve_deal as run_one  # noqa: E402, F401 (bench/solver_pyodide.mjs calls it)

DEFAULT_GAMES = ("klondike-3", "klondike-1")


def wilson(k: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """95% Wilson score interval for k successes in n trials."""
    if n == 0:
        return 0.0, 1.0
    p = k / n
    d = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / d
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return max(0.0, centre - half), min(1.0, centre + half)


def pct(x: float) -> str:
    return f"{100 * x:.1f}%"


def summarise(game_id: str, rows: list) -> dict:
    n = len(rows)
    count = {s: sum(1 for r in rows if r["status"] == s) for s in ("won", "lost", "unknown")}
    secs = [r["seconds"] for r in rows]
    nodes = sum(r["nodes"] for r in rows)
    return {
        "game": game_id,
        "deals": n,
        **count,
        "won_ci": wilson(count["won"], n),
        "lost_ci": wilson(count["lost"], n),
        "mean_s": statistics.fmean(secs) if secs else 0.0,
        "median_s": statistics.median(secs) if secs else 0.0,
        "nodes_per_s": nodes / sum(secs) if sum(secs) else 0.0,
    }


def table(summaries: list) -> str:
    lines = [
        "| game | deals | won | lost | unknown | won rate (95% CI) | winnable if unknowns resolved | "
        "mean CPU s | median CPU s | nodes/CPU s |",
        "|---|---:|---:|---:|---:|---|---|---:|---:|---:|",
    ]
    for s in summaries:
        n = s["deals"]
        lo, hi = s["won_ci"]
        # The winnable rate lies between "no unknown is winnable" and "all are".
        low = wilson(s["won"], n)[0]
        high = wilson(s["won"] + s["unknown"], n)[1]
        lines.append(
            f"| {s['game']} | {n} | {s['won']} | {s['lost']} | {s['unknown']} | "
            f"{pct(s['won'] / n)} ({pct(lo)}–{pct(hi)}) | {pct(low)}–{pct(high)} | "
            f"{s['mean_s']:.2f} | {s['median_s']:.2f} | {s['nodes_per_s']:,.0f} |"
        )
    return "\n".join(lines)


def main(argv=None) -> dict:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument(
        "--games", default=",".join(DEFAULT_GAMES), help="comma-separated game ids, or 'all' for every game"
    )
    ap.add_argument("--deals", type=int, default=200)
    ap.add_argument("--first", type=int, default=1, help="first game number")
    ap.add_argument("--budget", type=int, default=200_000, help="nodes per deal")
    ap.add_argument("--time-limit", type=float, default=None, help="CPU seconds per deal")
    ap.add_argument("--jobs", type=int, default=1, help="local Dask workers (one process each)")
    ap.add_argument("--scheduler", help="address of a running Dask scheduler (instead of local workers)")
    ap.add_argument("--out", help="append one JSON line per deal here; a rerun skips the deals it holds")
    ap.add_argument("--seeds", help="comma-separated game numbers (instead of --first/--deals)")
    ap.add_argument(
        "--only-unknown",
        action="append",
        metavar="FILE",
        help="rerun only the deals this --out file of an earlier run left unknown",
    )
    args = ap.parse_args(argv)
    games = list(ALL_PLAYER_GAMES) if args.games == "all" else args.games.split(",")
    base: dict = {}
    if args.only_unknown:
        for path in args.only_unknown:
            for line in open(path):
                row = json.loads(line)
                if row["game"] in games:
                    base[(row["game"], row["seed"])] = row
        tasks = [
            (g, seed, args.budget, args.time_limit)
            for (g, seed), row in sorted(base.items())
            if row["status"] == "unknown"
        ]
        what = f"{len(tasks)} deals left unknown in {', '.join(args.only_unknown)}"
    elif args.seeds:
        seeds = [int(x) for x in args.seeds.split(",")]
        tasks = [(g, seed, args.budget, args.time_limit) for g in games for seed in seeds]
        what = f"game numbers {args.seeds}"
    else:
        tasks = [
            (g, seed, args.budget, args.time_limit)
            for g in games
            for seed in range(args.first, args.first + args.deals)
        ]
        what = f"{args.deals} deals per game from #{args.first}"
    print(
        f"Python {platform.python_version()} ({platform.python_implementation()}), "
        f"{what}, budget {args.budget:,} nodes"
        f"{'' if args.time_limit is None else f', {args.time_limit:g} s per deal'}, "
        f"{args.scheduler or f'{args.jobs} local worker(s)'}",
        flush=True,
    )
    rows: dict = {g: [] for g in games}
    t0 = time.perf_counter()
    done = 0
    from tools.batch import Batch

    with Batch(args.jobs, args.scheduler) as batch:
        for row in batch.solve(tasks, args.out):
            rows[row["game"]].append(row)
            done += 1
            if done % 50 == 0:
                print(f"  {done}/{len(tasks)} deals, {time.perf_counter() - t0:.0f} s", file=sys.stderr, flush=True)
    print(table([summarise(g, rows[g]) for g in games if rows[g]]))
    if base:
        for g in games:
            for row in rows[g]:
                base[(g, row["seed"])] = row
        print("\nThe earlier runs with these answers in place:")
        print(
            table(
                [
                    summarise(g, [r for (gg, _), r in sorted(base.items()) if gg == g])
                    for g in games
                    if any(gg == g for gg, _ in base)
                ]
            )
        )
    print(f"\nwall time {time.perf_counter() - t0:.0f} s")
    return rows


if __name__ == "__main__":
    main()
