"""pyscript.toml loads the vendored runtime and unpacks the archive that holds every file of game/."""

from __future__ import annotations

import _imp
import os
import re
import tomllib
import zipfile
from pathlib import Path

import pytest

from tools import pyscript_files
from tools.serve import ROOT

# Written so that this file does not match itself.
CDN = re.compile(r"cdn\.js[d]elivr|un[p]kg\.com|cdn[j]s|py[s]cript\.net|google[a]pis", re.I)
APP_SUFFIXES = {".html", ".toml", ".py", ".js", ".mjs", ".json", ".css"}
NOT_APP = {
    "vendor",
    "node_modules",
    ".git",
    ".venv",
    "dist",
    "artifacts",
    "test-results",
    "__pycache__",
    ".pytest_cache",
    ".hypothesis",
}


def load_config() -> dict:
    with open(ROOT / "pyscript.toml", "rb") as fh:
        return tomllib.load(fh)


def test_every_game_file_is_mapped_into_the_browser():
    missing, stale = pyscript_files.differences()
    fix = "run: python -m tools.pyscript_files --write"
    assert not missing, f"game files missing from pyscript.toml [files]: {missing}; {fix}"
    assert not stale, f"pyscript.toml [files] names files that do not exist: {stale}; {fix}"


def test_the_game_comes_as_one_archive_unpacked_in_place():
    assert load_config()["files"] == {"./static/game.zip": "./*"}
    with zipfile.ZipFile(ROOT / pyscript_files.ARCHIVE) as zf:
        names = zf.namelist()
        assert names == sorted(names) and all(n.startswith("game/") for n in names)
        assert names == pyscript_files.expected_names(pyscript_files.package_files())


@pytest.mark.skipif(not pyscript_files.bytecode_wanted(), reason="no Node.js or Pyodide to compile with")
def test_each_module_comes_as_bytecode_of_its_current_source():
    """An unchecked-hash .pyc of the runtime's Python: a 16-byte header (the
    runtime's magic number, flags 1 = hash-based without a check, the
    source's hash keyed by that magic number), then the code."""
    with zipfile.ZipFile(ROOT / pyscript_files.ARCHIVE) as zf:
        names = set(zf.namelist())
        sources = [rel for rel in pyscript_files.package_files() if rel.endswith(".py")]
        assert sources and not any(n.endswith(".py") for n in names)
        magics = set()
        for rel in sources:
            data = zf.read(rel + "c")
            magic = data[:4]
            magics.add(magic)
            assert magic[2:] == b"\r\n" and int.from_bytes(data[4:8], "little") == 1, rel
            key = int.from_bytes(magic, "little")
            assert data[8:16] == _imp.source_hash(key, (ROOT / rel).read_bytes()), f"{rel}: bytecode of an older source"
    assert len(magics) == 1


def test_the_archive_follows_the_tree_and_keeps_its_bytes(tmp_path):
    (tmp_path / "game").mkdir()
    (tmp_path / "game" / "__init__.py").write_text("")
    assert pyscript_files.refresh_archive(tmp_path)
    first = (tmp_path / pyscript_files.ARCHIVE).read_bytes()
    assert not pyscript_files.refresh_archive(tmp_path)
    (tmp_path / "game" / "rules.py").write_text("X = 1\n")
    assert pyscript_files.refresh_archive(tmp_path)
    second = (tmp_path / pyscript_files.ARCHIVE).read_bytes()
    assert second != first
    assert pyscript_files.archive_names(tmp_path / pyscript_files.ARCHIVE) == pyscript_files.expected_names(
        ["game/__init__.py", "game/rules.py"]
    )
    (tmp_path / "game" / "rules.py").unlink()
    (tmp_path / "game" / "__init__.py").write_text("")
    assert pyscript_files.refresh_archive(tmp_path)
    assert (tmp_path / pyscript_files.ARCHIVE).read_bytes() == first  # same files, same bytes


def test_interpreter_is_the_vendored_pyodide():
    # runtime.mjs starts the vendored Pyodide (from its snapshot), nothing else.
    interpreter = load_config()["interpreter"]
    assert interpreter == "./static/js/runtime.mjs"
    source = (ROOT / interpreter).read_text(encoding="utf-8")
    imports = re.findall(r'^import .* from "([^"]+)";', source, re.M)
    assert imports == ["../vendor/pyodide/pyodide.mjs"]


def test_write_lists_new_modules(tmp_path):
    (tmp_path / "game" / "web").mkdir(parents=True)
    for name in ("__init__.py", "rules.py", "web/__init__.py", "data.json"):
        (tmp_path / "game" / name).write_text("")
    (tmp_path / "game" / "__pycache__").mkdir()
    (tmp_path / "game" / "__pycache__" / "rules.cpython-311.pyc").write_text("")
    config = tmp_path / "pyscript.toml"
    config.write_text('interpreter = "x.mjs"\n\n[files]\n"./game/gone.py" = "./game/gone.py"\n')
    assert pyscript_files.differences(tmp_path, config) == (
        [
            './static/game.zip = "./*" in [files]',
            "./game/__init__.py",
            "./game/data.json",
            "./game/rules.py",
            "./game/web/__init__.py",
        ],
        ["./game/gone.py"],
    )
    pyscript_files.write(tmp_path, config)
    assert pyscript_files.differences(tmp_path, config) == ([], [])
    assert tomllib.loads(config.read_text())["interpreter"] == "x.mjs"


def test_app_files_name_no_cdn():
    offenders = []
    for folder, dirs, files in os.walk(ROOT):
        dirs[:] = [d for d in dirs if d not in NOT_APP]
        for name in files:
            path = Path(folder, name)
            if path.suffix in APP_SUFFIXES and CDN.search(path.read_text("utf-8", "replace")):
                offenders.append(path.relative_to(ROOT).as_posix())
    assert offenders == []


def test_the_plugins_the_game_does_not_use_are_off_for_both_interpreters():
    """PyScript's core sets up plugins for Pyodide (pyscript.toml) and for
    MicroPython (index.html's inline <mpy-config>) as it loads: both turn
    off the same plugins, among them the editor and the terminal, and every
    name is one of the vendored core's plugins."""
    import json

    toml_off = load_config()["plugins"]
    html = (ROOT / "index.html").read_text(encoding="utf-8")
    found = re.findall(r"<mpy-config hidden>(.*?)</mpy-config>", html, re.S)
    assert len(found) == 1
    assert json.loads(found[0])["plugins"] == toml_off
    assert {"!py-editor", "!py-terminal"} <= set(toml_off)
    core = next((ROOT / "static" / "vendor" / "pyscript").glob("core-*.js")).read_text(encoding="utf-8")
    for name in toml_off:
        assert re.search(rf'"?{re.escape(name[1:])}"?:\(\)=>', core), name
