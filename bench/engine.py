"""Engine speed under CPython: random playouts in every game.

    python bench/engine.py [--playouts N] [--moves M] [--games id,id]

Each playout deals game number k and plays random legal moves (seeded, so the
work is the same on every run) until the game ends or M moves are made.
Reported per game:
  gen/s     legal-move generations per second (Position.legal_moves)
  apply/s   moves applied per second (Position.apply: the rules alone)
  play/s    moves per second through Game.play (rules + scoring + end checks)
  nodes/s   positions a search could expand per second (one generation plus
            applying every legal move of it), the figure a solver lives by
  home µs   what "move cards home automatically: when safe" adds to a step:
            finding the cards that go home by themselves after it
            (game/home.py), in microseconds per step
"""

from __future__ import annotations

import argparse
import platform
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game import PLAYER_GAMES, new_game  # noqa: E402
from game.home import AutoHome, home_moves  # noqa: E402


def bench_game(game_id: str, playouts: int, max_moves: int) -> dict:
    gen_time = apply_time = play_time = node_time = home_time = 0.0
    gens = applies = plays = nodes = 0
    home_moves(new_game(game_id, 0).position, AutoHome.SAFE)  # the solver's proofs load once, not timed
    for k in range(1, playouts + 1):
        rng = random.Random(k)
        game = new_game(game_id, k)
        line = []
        while game.status == "playing" and len(line) < max_moves:
            pos = game.position
            t0 = time.perf_counter()
            moves = pos.legal_moves()
            t1 = time.perf_counter()
            gen_time += t1 - t0
            gens += 1
            if not moves:
                break
            move = rng.choice(moves)
            t0 = time.perf_counter()
            pos.apply(move)
            apply_time += time.perf_counter() - t0
            applies += 1
            # One node of a search: generate, then apply every child.
            t0 = time.perf_counter()
            for m in pos.legal_moves():
                pos.apply(m)
            node_time += time.perf_counter() - t0
            nodes += 1
            t0 = time.perf_counter()
            game.play(move)
            play_time += time.perf_counter() - t0
            plays += 1
            line.append(move)
            t0 = time.perf_counter()
            home_moves(game.position, AutoHome.SAFE)
            home_time += time.perf_counter() - t0
    return {
        "game": game_id,
        "moves": plays,
        "gen/s": gens / gen_time if gen_time else 0,
        "apply/s": applies / apply_time if apply_time else 0,
        "play/s": plays / play_time if play_time else 0,
        "nodes/s": nodes / node_time if node_time else 0,
        "home µs": home_time / plays * 1e6 if plays else 0,
    }


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--playouts", type=int, default=20)
    ap.add_argument("--moves", type=int, default=500)
    ap.add_argument("--games", default=",".join(PLAYER_GAMES))
    args = ap.parse_args(argv)
    print(
        f"Python {platform.python_version()} ({platform.python_implementation()}), {platform.machine()}, "
        f"{args.playouts} playouts × ≤{args.moves} moves per game\n"
    )
    print("| game | moves | gen/s | apply/s | play/s | nodes/s | home µs |")
    print("|---|---:|---:|---:|---:|---:|---:|")
    for gid in args.games.split(","):
        r = bench_game(gid, args.playouts, args.moves)
        print(
            f"| {r['game']} | {r['moves']} | {r['gen/s']:,.0f} | {r['apply/s']:,.0f} | "
            f"{r['play/s']:,.0f} | {r['nodes/s']:,.0f} | {r['home µs']:,.1f} |"
        )


if __name__ == "__main__":
    main()
