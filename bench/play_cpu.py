"""Moves per CPU second through ``Game.play``, for comparing two engines.

    python bench/play_cpu.py                       # this tree's engine
    PYTHONPATH=/tmp/old python bench/play_cpu.py   # another one (e.g. `git archive REV game | tar -x -C /tmp/old`)

Seeded random play (10 deals of every game, at most 500 moves each); only the
``Game.play`` calls are timed, with ``time.process_time``, so other jobs on
the machine weigh less than on a wall clock. Run the engines by turns.
"""

from __future__ import annotations

import os
import random
import sys
import time
from pathlib import Path

if not os.environ.get("PYTHONPATH"):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game import PLAYER_GAMES, new_game  # noqa: E402


def main() -> None:
    moves, seconds = 0, 0.0
    for game_id in PLAYER_GAMES:
        for k in range(1, 11):
            rng = random.Random(k)
            game = new_game(game_id, k)
            while game.status == "playing" and len(game.line) < 500:
                legal = game.legal_moves()
                move = rng.choice(legal)
                t0 = time.process_time()
                game.play(move)
                seconds += time.process_time() - t0
                moves += 1
    print(f"{moves} moves, {moves / seconds:,.0f} moves per CPU second through Game.play")


if __name__ == "__main__":
    main()
