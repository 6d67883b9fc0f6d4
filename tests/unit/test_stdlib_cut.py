"""The runtime's standard library is cut to what the page imports (tools/stdlib.py):
every module the game names imports from the cut archive, in the pinned Pyodide."""

from __future__ import annotations

import json
import shutil
import subprocess
import zipfile

import pytest

from tools import stdlib

ROOT = stdlib.ROOT


def _check(modules: list[str]) -> dict:
    node = shutil.which("node")
    if node is None or not stdlib.OUTPUT.is_file():
        pytest.skip("needs Node.js and the set-up runtime (tools/setup.sh)")
    done = subprocess.run(
        [node, str(stdlib.SCRIPT), "check", str(stdlib.OUTPUT), str(ROOT), *modules],
        capture_output=True,
        text=True,
        cwd=ROOT,
    )
    return json.loads(done.stdout.strip().splitlines()[-1])["failed"]


def test_every_module_the_game_and_pyscript_name_imports_from_the_cut_archive():
    # The engine's modules (the solver worker's included) are imported
    # themselves; game/web/ needs the page (pyscript, js), so the standard
    # library modules it names are imported instead.
    engine = sorted(
        str(p.relative_to(ROOT).with_suffix("")).replace("/", ".").removesuffix(".__init__")
        for p in (ROOT / "game").rglob("*.py")
        if "web" not in p.relative_to(ROOT / "game").parts and p.name != "__main__.py"
    )
    named = sorted(stdlib.game_modules() | stdlib.pyscript_modules() | set(stdlib.EXTRA))
    # PyScript's MicroPython names are not CPython's library.
    named = [n for n in named if n not in ("jsffi", "ubinascii", "ujson", "_pyscript_input")]
    assert "json" in named and "game.solver.service" in engine
    assert _check(engine + named) == {}


def test_the_cut_is_smaller_and_leaves_out_what_no_page_imports():
    cut = set(zipfile.ZipFile(stdlib.OUTPUT).namelist()) if stdlib.OUTPUT.is_file() else None
    if cut is None:
        pytest.skip("needs the set-up runtime (tools/setup.sh)")
    full = set(zipfile.ZipFile(stdlib.FULL).namelist())
    assert cut < full
    for absent in ("unittest/__init__.py", "pdb.py", "doctest.py", "pydoc.py", "email/__init__.py"):
        assert absent in full and absent not in cut
    assert stdlib.OUTPUT.stat().st_size < 0.5 * stdlib.FULL.stat().st_size


def test_a_module_missing_from_the_cut_is_reported():
    assert set(_check(["json", "unittest"])) == {"unittest"}


def test_imported_names_reads_every_kind_of_import():
    source = "import a.b, c\nfrom d.e import f\nfrom . import g\ndef h():\n    import i\n"
    assert stdlib.imported_names(source) == {"a.b", "c", "d.e", "i"}
