"""The engine as an installable package (pyproject.toml): a wheel builds
offline from this folder, installs into a fresh virtual environment with
nothing else in it, and there ``import game`` works from any folder and the
``solitaire`` command answers as ``python -m game`` does. The browser's code
(game/web) stays out of the wheel. And the README's "Use the engine from
Python" examples run as written (doctest)."""

from __future__ import annotations

import doctest
import json
import re
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from game.catalog import PLAYER_GAMES

ROOT = Path(__file__).resolve().parents[2]
DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
SECTION = "## Use the engine from Python"


def run(*args, cwd=None) -> subprocess.CompletedProcess:
    return subprocess.run(args, cwd=cwd, capture_output=True, text=True, timeout=300)


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("wheel")
    # setuptools copies the package to .cache/setuptools (pyproject.toml) and
    # never removes a module deleted since: start from nothing.
    shutil.rmtree(ROOT / ".cache" / "setuptools", ignore_errors=True)
    # Offline and with this environment's setuptools (requirements-dev.txt):
    # CI reaches no index here, and an isolated build would fetch one.
    done = run(sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "--no-index", "-q",
               "-w", str(out), str(ROOT))  # fmt: skip
    assert done.returncode == 0, done.stderr[-3000:]
    (found,) = out.glob("*.whl")
    return found


@pytest.fixture(scope="module")
def installed(wheel, tmp_path_factory) -> Path:
    """A fresh virtual environment (no pip of its own) with only the wheel in it."""
    env = tmp_path_factory.mktemp("venv") / "env"
    done = run(sys.executable, "-m", "venv", "--without-pip", str(env))
    assert done.returncode == 0, done.stderr
    python = env / "bin" / "python"
    done = run(sys.executable, "-m", "pip", "--python", str(python), "install", "--no-index", "--no-deps", "-q",
               str(wheel))  # fmt: skip
    assert done.returncode == 0, done.stderr[-3000:]
    return env


def test_the_wheel_holds_the_engine_and_not_the_browser_code(wheel):
    names = zipfile.ZipFile(wheel).namelist()
    assert wheel.name.startswith("solitaire_rules_engine-")
    assert {"game/__init__.py", "game/cli.py", "game/duel.py", "game/solver/__init__.py"} <= set(names)
    assert not [n for n in names if n.startswith(("game/web", "tools/", "tests/", "bench/"))]
    meta = next(n for n in names if n.endswith(".dist-info/METADATA"))
    text = zipfile.ZipFile(wheel).read(meta).decode()
    assert "Requires-Dist" not in text  # no runtime dependency
    points = zipfile.ZipFile(wheel).read(meta.replace("METADATA", "entry_points.txt")).decode()
    assert "solitaire = game.cli:main" in points


def test_the_installed_command_answers_as_python_m_game(installed, tmp_path):
    asked = ["play", "reloaded", "--seed", "1", "t3>t4", "draw@2"]
    command = run(str(installed / "bin" / "solitaire"), *asked, cwd=tmp_path)
    module = run(sys.executable, "-m", "game", *asked, cwd=ROOT)
    assert command.returncode == 0, command.stderr
    assert json.loads(command.stdout) == json.loads(module.stdout)
    assert json.loads(command.stdout)["moves"] == 2
    refused = run(str(installed / "bin" / "solitaire"), "play", "reloaded", "--seed", "1", "t1>f1", cwd=tmp_path)
    assert refused.returncode == 2 and "error" in json.loads(refused.stdout) and not refused.stderr


def test_import_game_works_from_any_folder(installed, tmp_path):
    script = (
        "import game, game.solver, game.duel, game.cli; "
        "g = game.new_game('lucas', 5); "
        "print(game.__file__, g.status, len(game.PLAYER_GAMES))"
    )
    done = run(str(installed / "bin" / "python"), "-I", "-c", script, cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    path, status, count = done.stdout.split()
    assert Path(path).is_relative_to(installed) and (status, count) == ("playing", str(len(PLAYER_GAMES)))


def python_section() -> str:
    for doc in DOCS:
        text = doc.read_text(encoding="utf-8")
        if SECTION in text:
            part = text.split(SECTION, 1)[1]
            return re.split(r"\n## ", part, maxsplit=1)[0]
    raise AssertionError(f"no '{SECTION}' in {[d.name for d in DOCS]}")


def test_the_docs_python_examples_run_as_written():
    section = re.sub(r"^```.*$", "", python_section(), flags=re.M)  # a fence ends an example's output
    test = doctest.DocTestParser().get_doctest(section, {}, "Use the engine from Python", None, 0)
    names = {word for ex in test.examples for word in re.findall(r"\b(new_game|play|solve|verify)\(", ex.source)}
    assert names == {"new_game", "play", "solve", "verify"}, names
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    runner.run(test)
    result = runner.summarize(verbose=False)
    assert result.failed == 0 and result.attempted >= 8, result
