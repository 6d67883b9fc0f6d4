"""Nodes per CPU second of the full depth-first search, for comparing two
versions of the solver by turns (not part of the test suite).

    python bench/solver_ab.py ROOT [NODES] [twins]   # ROOT: a checkout whose game/ to import

Runs ``search.search`` (the full search, no greedy phases) for NODES (15,000)
nodes on each of a few fixed deals (draw-3 103, 1, 27; draw-1 68, 32; Forty
Thieves 1, 3) and prints the nodes, the CPU seconds (``process_time``) and
their ratio; with ``twins``, the search runs with twins (``search.search``'s
``twins``, as ``solve`` does from ``solver.TWIN_BUDGET`` on). Run it for two checkouts one after the other, a few times, and
compare the ratios: the machine's load changes the absolute figures.

A count that no load changes: the instructions the process executes, under
``valgrind --tool=cachegrind --cache-sim=no`` ("I refs"), for NODES and for
10 nodes (start-up and imports); their difference over the extra nodes is
the instructions per node.
"""

from __future__ import annotations

import sys
import time

sys.path.insert(0, sys.argv[1] if len(sys.argv) > 1 else ".")

from game import deal  # noqa: E402
from game.solver import model_for  # noqa: E402
from game.solver.search import search  # noqa: E402

DEALS = (("klondike-3", (103, 1, 27)), ("klondike-1", (68, 32)), ("forty-thieves", (1, 3)))
NODES = int(sys.argv[2]) if len(sys.argv) > 2 else 15_000
OPTIONS = {"twins": True} if "twins" in sys.argv[3:] else {}


def main() -> None:
    nodes = seconds = 0.0
    for game_id, seeds in DEALS:
        for seed in seeds:
            pos = deal(game_id, seed)
            model = model_for(pos.spec)
            state = model.from_position(pos)
            t = time.process_time()
            out = search(model, state, NODES, **OPTIONS)
            seconds += time.process_time() - t
            nodes += out.nodes
    print(sys.path[0], *OPTIONS, int(nodes), round(seconds, 2), int(nodes / seconds))


if __name__ == "__main__":
    main()
