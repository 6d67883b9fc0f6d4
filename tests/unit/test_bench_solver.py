"""bench/solver.py: reruns of the deals an earlier run left unknown."""

import importlib.util
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _bench():
    spec = importlib.util.spec_from_file_location("bench_solver", ROOT / "bench" / "solver.py")
    mod = importlib.util.module_from_spec(spec)
    sys.modules["bench_solver"] = mod  # the worker pool finds run_one by module name
    spec.loader.exec_module(mod)
    return mod


def test_only_unknown_reruns_the_unknown_deals_and_merges_the_answers(tmp_path, capsys):
    bench = _bench()
    earlier = tmp_path / "run.jsonl"
    rows = [
        {"game": "klondike-1", "seed": 1, "status": "unknown", "nodes": 50, "seconds": 0.1, "moves": 0},
        {"game": "klondike-1", "seed": 2, "status": "lost", "nodes": 9, "seconds": 0.1, "moves": 0},
        {"game": "klondike-3", "seed": 3, "status": "unknown", "nodes": 50, "seconds": 0.1, "moves": 0},
    ]
    earlier.write_text("".join(json.dumps(r) + "\n" for r in rows))
    out = tmp_path / "rerun.jsonl"
    bench.main(["--games", "klondike-1", "--only-unknown", str(earlier), "--budget", "50000", "--out", str(out)])
    text = capsys.readouterr().out
    rerun = [json.loads(line) for line in out.read_text().splitlines()]
    assert [(r["game"], r["seed"]) for r in rerun] == [("klondike-1", 1)]  # klondike-3 not asked for
    assert rerun[0]["status"] == "won"  # deal 1 is won within the budget
    assert "1 deals left unknown" in text
    merged = text.split("The earlier runs with these answers in place:")[1]
    assert "| klondike-1 | 2 | 1 | 1 | 0 |" in merged


def test_seeds_lists_the_game_numbers(capsys):
    bench = _bench()
    bench.main(["--games", "solitario", "--seeds", "2,4", "--budget", "20000"])
    assert "| solitario | 2 |" in capsys.readouterr().out
