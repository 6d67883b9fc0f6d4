"""bench/solver.py and tools/batch.py: deals solved on Dask (a LocalCluster
here), answers streamed to a JSON-lines file, reruns that resume."""

import importlib.util
import json
from pathlib import Path

from tools.batch import engine_zip, read_rows, solve_deal

ROOT = Path(__file__).resolve().parents[2]


def _bench():
    spec = importlib.util.spec_from_file_location("bench_solver", ROOT / "bench" / "solver.py")
    mod = importlib.util.module_from_spec(spec)
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


def test_a_local_cluster_of_two_workers_streams_rows_and_a_rerun_resumes(tmp_path, capsys):
    bench = _bench()
    out = tmp_path / "run.jsonl"
    # A run stopped after one answer (and in the middle of writing the next):
    # its row for deal 1 says "lost" (deal 1 is in truth won), so a rerun that
    # solved deal 1 again would show it.
    stopped = {
        "game": "klondike-1",
        "seed": 1,
        "budget": 5000,
        "time_limit": None,
        "status": "lost",
        "nodes": 7,
        "seconds": 0.01,
        "moves": 0,
    }
    out.write_text(json.dumps(stopped) + "\n" + '{"game": "klondike-1", "se')
    rows = bench.main(
        ["--games", "klondike-1", "--seeds", "1,2,3,4", "--budget", "5000", "--jobs", "2", "--out", str(out)]
    )
    assert "2 local worker(s)" in capsys.readouterr().out
    written = read_rows(out)
    assert sorted(r["seed"] for r in written) == [1, 2, 3, 4]  # deal 1 once: not solved again
    assert next(r for r in written if r["seed"] == 1) == stopped
    for r in written:
        if r["seed"] != 1:
            assert r == solve_deal(("klondike-1", r["seed"], 5000, None)) | {"seconds": r["seconds"]}
    assert sorted(r["seed"] for r in rows["klondike-1"]) == [1, 2, 3, 4]
    again = bench.main(["--games", "klondike-1", "--seeds", "1,2,3,4", "--budget", "5000", "--out", str(out)])
    assert len(read_rows(out)) == 4 and len(again["klondike-1"]) == 4  # nothing left to solve


def test_seeds_lists_the_game_numbers(capsys):
    bench = _bench()
    bench.main(["--games", "solitario", "--seeds", "2,4", "--budget", "20000"])
    assert "| solitario | 2 |" in capsys.readouterr().out


def test_the_zip_for_remote_workers_holds_the_engine_and_no_browser_code(tmp_path):
    import zipfile

    path = tmp_path / "engine.zip"
    path.write_bytes(engine_zip())
    names = zipfile.ZipFile(path).namelist()
    assert "game/solver/search.py" in names and "tools/batch.py" in names and "game/__init__.py" in names
    assert not [n for n in names if n.startswith("game/web/")]
