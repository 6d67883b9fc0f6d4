"""Proved-winnable game numbers per game, for the "winnable deals only" setting.

    python -m tools.winnable [--games all|g1,g2] [--count 20] [--budget 20000]
                             [--budget-two-deck 80000] [--max-seeds 60]
                             [--seconds 45] [--jobs 2 | --scheduler ADDRESS]
                             [--log FILE]                      # regenerate
    python -m tools.winnable --games g1 --more [...]           # go on after the listed numbers
    python -m tools.winnable --verify [--jobs 2]               # re-prove the list

Deals 1, 2, 3, … of each player game are solved on Dask (tools/batch.py: a
LocalCluster of ``--jobs`` worker processes, or the cluster at
``--scheduler``), in order, a few at a time, until ``--count`` wins are
found, ``--max-seeds`` deals were tried or the deals solved for that game
took ``--seconds`` CPU seconds; the numbers kept are the first ``--count``
wins in order. Only ``won`` counts (the solver's line was replayed through
the engine's rules to a won position). Every answer is appended to the
``--log`` file as it comes in; a run started again after a stop takes the
answers it finds there (same game, number and budget) instead of solving
those deals again. The two-deck
games get their own, larger budget (``--budget-two-deck``): their best-first
runs need it. The result is written to game/winnable.py, a plain data module
the browser loads with the rest of the package, with the budget used for
each game (``BUDGETS``). ``--verify`` solves every listed number again with
that budget and fails if one is not proved won. A game whose deals are
rarely won within the budget may get fewer numbers than ``--count``; the
page then solves new deals on the fly in its worker.
"""

from __future__ import annotations

import argparse
import json
import sys
import textwrap
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from game import PLAYER_GAMES, deal, get_spec  # noqa: E402
from game.solver import WON, solve  # noqa: E402
from tools.batch import append_to, read_rows, task_of  # noqa: E402

OUTPUT = ROOT / "game" / "winnable.py"
LOG = ROOT / "artifacts" / "winnable.jsonl"
HEADER = '''"""Game numbers the solver proved winnable, per game (generated: do not edit).

Written by ``python -m tools.winnable``; the last run:
{params}
Re-proved by ``python -m tools.winnable --verify``. The "winnable deals
only" setting deals from these lists in order.
"""

BUDGET = {budget}

# the node budget each game's numbers were proved with (BUDGET where missing)
BUDGETS = {budgets}

WINNABLE = {{
'''


def find(
    game_id: str, count: int, budget: int, max_seeds: int, seconds: float, found: list[int] | None = None
) -> list[int]:
    """Deals 1, 2, … proved won, in this process; with ``found`` (numbers
    proved before, with this budget), go on after the last of them.
    ``seconds`` caps the CPU time."""
    found, t0 = list(found or []), time.process_time()
    for seed in range(max(found, default=0) + 1, max_seeds + 1):
        if len(found) >= count or time.process_time() - t0 > seconds:
            break
        if solve(deal(game_id, seed), budget_nodes=budget).status == WON:
            found.append(seed)
    return found


def find_batch(
    batch, game_id: str, count: int, budget: int, max_seeds: int, seconds: float, found=None, log=None
) -> list[int]:
    """``find`` on Dask: deals solved a few at a time in order, answers from
    ``log`` reused and new ones appended to it. The numbers kept are the
    first ``count`` wins among the deals answered without a gap; ``seconds``
    caps the CPU time the deals took (answers from the log count too)."""
    found = list(found or [])
    first = max(found, default=0) + 1
    seeds = list(range(first, max_seeds + 1))
    earlier = {task_of(r): r for r in read_rows(log)}
    status: dict = {}
    spent = 0.0

    def kept():
        wins = list(found)
        for seed in seeds:
            if seed not in status or len(wins) >= count:
                break
            if status[seed] == WON:
                wins.append(seed)
        return wins

    def complete(wins):
        done = 0
        for seed in seeds:
            if seed not in status:
                break
            done += 1
        return len(wins) >= count or done == len(seeds)

    todo = []
    for seed in seeds:
        row = earlier.get((game_id, seed, budget, None))
        if row is not None:
            status[seed] = row["status"]
            spent += row["seconds"]
        else:
            todo.append(seed)
    if complete(kept()) or spent > seconds:
        return kept()
    sink = append_to(log) if log else None
    runs = batch.map_ordered([(game_id, seed, budget, None) for seed in todo])
    try:
        for i, row in runs:
            status[todo[i]] = row["status"]
            spent += row["seconds"]
            if sink:
                sink.write(json.dumps(row) + "\n")
                sink.flush()
            if complete(kept()) or spent > seconds:
                break
    finally:
        runs.close()
        if sink:
            sink.close()
    return kept()


def render(lists: dict, budget: int, params: str, budgets: dict | None = None) -> str:
    """The module's text, laid out as ``ruff format`` lays it out."""
    params = "\n".join(textwrap.wrap(f"``{params}``", 76, break_long_words=False, break_on_hyphens=False))
    budgets = dict(budgets or {})
    table = "{\n" + "".join(f'    "{g}": {b},\n' for g, b in budgets.items()) + "}" if budgets else "{}"
    out = HEADER.format(params=params, budget=budget, budgets=table)
    for game_id, seeds in lists.items():
        out += f'    "{game_id}": {tuple(seeds)!r},\n'
    return out + "}\n"


def verify(budget: int | None = None, batch=None) -> list[str]:
    """Problems: every listed number must be proved won again (on ``batch``,
    a tools.batch.Batch, when given)."""
    from game import winnable

    budgets = getattr(winnable, "BUDGETS", {})
    tasks = [
        (g, s, budget or budgets.get(g, winnable.BUDGET), None) for g, seeds in winnable.WINNABLE.items() for s in seeds
    ]
    if batch is None:
        return [f"{g} #{s} not proved won" for g, s, b, _ in tasks if solve(deal(g, s), budget_nodes=b).status != WON]
    return sorted(f"{r['game']} #{r['seed']} not proved won" for r in batch.solve(tasks) if r["status"] != WON)


def game_budget(game_id: str, budget: int, two_deck: int) -> int:
    return two_deck if get_spec(game_id).deck.copies == 2 else budget


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--games", default="all")
    ap.add_argument("--count", type=int, default=20)
    ap.add_argument("--budget", type=int, default=20_000)
    ap.add_argument("--budget-two-deck", type=int, default=80_000)
    ap.add_argument("--max-seeds", type=int, default=60)
    ap.add_argument("--seconds", type=float, default=45.0, help="CPU seconds per game")
    ap.add_argument("--jobs", type=int, default=1, help="local Dask workers (one process each)")
    ap.add_argument("--scheduler", help="address of a running Dask scheduler (instead of local workers)")
    ap.add_argument("--log", default=str(LOG), help="JSON lines of every answer (a rerun reuses them)")
    ap.add_argument("--verify", action="store_true")
    ap.add_argument("--more", action="store_true", help="keep each game's listed numbers and go on after the last one")
    args = ap.parse_args(argv)
    from tools.batch import Batch

    if args.verify:
        with Batch(args.jobs, args.scheduler) as batch:
            problems = verify(batch=batch)
        print("\n".join(problems) or "every listed deal proved won again")
        return 1 if problems else 0
    Path(args.log).parent.mkdir(parents=True, exist_ok=True)
    games = PLAYER_GAMES if args.games == "all" else tuple(args.games.split(","))
    lists, budgets = {}, {}
    if args.games != "all" and OUTPUT.exists():  # regenerate some games, keep the others
        from game import winnable

        lists = {g: list(v) for g, v in winnable.WINNABLE.items()}
        budgets = {g: getattr(winnable, "BUDGETS", {}).get(g, winnable.BUDGET) for g in lists}
    with Batch(args.jobs, args.scheduler) as batch:
        for g in games:
            t0 = time.perf_counter()
            budget = game_budget(g, args.budget, args.budget_two_deck)
            keep = lists.get(g) if args.more and budgets.get(g) == budget else None
            budgets[g] = budget
            lists[g] = find_batch(batch, g, args.count, budget, args.max_seeds, args.seconds, keep, args.log)
            print(f"{g}: {len(lists[g])} winnable ({time.perf_counter() - t0:.1f} s wall)", flush=True)
    params = (
        f"--games {args.games} --count {args.count} --budget {args.budget} "
        f"--budget-two-deck {args.budget_two_deck} --max-seeds {args.max_seeds} --seconds {args.seconds:g}"
    )
    budget = min(budgets.values(), default=args.budget)
    budgets = {g: b for g, b in budgets.items() if b != budget}
    OUTPUT.write_text(render(lists, budget, params, budgets), encoding="utf-8")
    print(f"wrote {OUTPUT.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
