"""The ``>>>`` examples in the engine's docstrings run and pass (every module
of game/ outside game/web, the solver's too): the same check as
``python -m pytest --doctest-modules game --ignore=game/web``, kept in the
suite so an example that stops being true fails a run."""

from __future__ import annotations

import doctest
import importlib
from pathlib import Path

import pytest

GAME = Path(__file__).resolve().parents[2] / "game"


def engine_modules() -> list[str]:
    names = []
    for path in sorted(GAME.rglob("*.py")):
        parts = path.relative_to(GAME.parent).with_suffix("").parts
        if "web" in parts or parts[-1] == "__main__":
            continue
        names.append(".".join(parts[:-1] if parts[-1] == "__init__" else parts))
    return names


def examples(name: str) -> list[doctest.DocTest]:
    return [t for t in doctest.DocTestFinder().find(importlib.import_module(name)) if t.examples]


@pytest.mark.parametrize("name", engine_modules())
def test_the_examples_of_a_module_pass(name):
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    for test in examples(name):
        runner.run(test, out=lambda text: None)
    failed, tried = runner.summarize(verbose=False)
    assert failed == 0, f"{name}: {failed} of {tried} examples fail (python -m pytest --doctest-modules {name})"


def test_the_modules_that_show_examples_have_them():
    """The package, duels, P-256, names, safe moves and the solver each show
    how they are used; an example dropped from one of them is noticed."""
    shown = {name for name in engine_modules() if examples(name)}
    assert {"game", "game.duel", "game.p256", "game.names", "game.safe", "game.solver"} <= shown


def test_a_wrong_example_fails():
    wrong = doctest.DocTestParser().get_doctest(">>> 1 + 1\n3\n", {}, "wrong", "wrong.py", 0)
    runner = doctest.DocTestRunner()
    runner.run(wrong, out=lambda text: None)
    assert runner.summarize(verbose=False).failed == 1
