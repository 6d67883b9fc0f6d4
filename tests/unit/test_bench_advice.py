"""bench/advice.py: the hint benchmark's positions and its CPython table."""

import importlib.util
import sys
from pathlib import Path

from game import read_position

ROOT = Path(__file__).resolve().parents[2]


def _bench():
    spec = importlib.util.spec_from_file_location("bench_advice", ROOT / "bench" / "advice.py")
    mod = importlib.util.module_from_spec(spec)
    sys.modules["bench_advice"] = mod
    spec.loader.exec_module(mod)
    return mod


def test_the_positions_are_ones_play_reaches_and_the_same_on_every_run():
    bench = _bench()
    first = bench.positions("number-ten", 2, 15)
    assert len(first) == 30
    for position, _ in first:
        assert read_position(position.to_json()) == position  # a deal reaches it
    assert [p for p, _ in bench.positions("number-ten", 2, 15)] == [p for p, _ in first]


def test_the_cpython_table_has_a_row_per_game(capsys):
    bench = _bench()
    bench.main(["--no-pyodide", "--deals", "1", "--steps", "4", "--repeats", "1", "--games", "reloaded,maria"])
    out = capsys.readouterr().out
    assert "| reloaded | 4 |" in out and "| maria | 4 |" in out
    assert "first hint" in out
