"""The runtime's standard library, cut to what the page imports.

Pyodide's ``python_stdlib.zip`` is 2.5 MB and already deflated, so a host's
compression gains nothing on it: every first visit downloads all of it, for a
game that imports a fraction. ``static/vendor/pyodide/python_stdlib.zip`` is
instead a cut of it, made by ``tools/stdlib.mjs`` with the pinned Pyodide: the
library's files of every module loaded once these are imported:

- each module an ``import`` of the game names (``game/``, the solver worker's
  code included, imports inside functions too), read from the sources;
- each module PyScript's own Python imports (read from its vendored code);
- the modules the runtime uses from JavaScript (``EXTRA``): unpacking the
  game's archive, its event loop, its error reports.

What Pyodide imports to start is loaded anyway and kept. Each module is
imported for real, so what it imports when it loads comes too. The cut is
made again when the list of modules, the pinned Pyodide or these scripts
change (``tools/setup.sh`` calls ``refresh``); ``tests/unit/test_stdlib_cut.py``
imports every module the game names from the cut archive.

    python -m tools.stdlib            # make the cut if it is out of date
    python -m tools.stdlib --list     # the modules it is made for
"""

from __future__ import annotations

import argparse
import ast
import hashlib
import json
import re
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FULL = ROOT / "node_modules" / "pyodide" / "python_stdlib.zip"
OUTPUT = ROOT / "static" / "vendor" / "pyodide" / "python_stdlib.zip"
STAMP = ROOT / "static" / "vendor" / ".stdlib-stamp"
SCRIPT = ROOT / "tools" / "stdlib.mjs"
PYSCRIPT = ROOT / "node_modules" / "@pyscript" / "core" / "dist"

# Not the standard library: the game itself, and what the page provides.
NOT_STDLIB = ("game", "js", "pyscript", "pyodide_js", "_pyscript", "polyscript", "uio")
# Used by the runtime from JavaScript, or on paths the sources do not show:
# the archive unpacked into the file system (pyodide.unpackArchive: shutil,
# zipfile), the event loop and fetch (pyodide.webloop, pyodide.http), and
# what a Python error's report reads (traceback, linecache, tokenize).
EXTRA = (
    "pyodide", "pyodide.ffi", "pyodide.code", "pyodide.webloop", "pyodide.http", "pyodide._package_loader",
    "_pyodide", "_pyodide._base", "_pyodide._importhook", "_pyodide.docstring",
    "shutil", "zipfile", "tarfile", "asyncio", "inspect", "traceback", "linecache", "tokenize", "textwrap",
    "warnings", "encodings.utf_8", "encodings.utf_8_sig", "encodings.ascii", "encodings.latin_1",
    "encodings.utf_16", "encodings.utf_32", "encodings.idna", "encodings.aliases",
    "encodings.cp437",  # zipfile reads names that are not flagged UTF-8 as cp437
)  # fmt: skip


def imported_names(source: str) -> set[str]:
    """Every absolute module an ``import`` in ``source`` names (``from a.b
    import c`` names ``a.b``, and ``a.b.c`` where that is a module)."""
    out = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            out.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            out.add(node.module)
    return out


def stdlib_only(names) -> set[str]:
    return {n for n in names if n.split(".")[0] not in NOT_STDLIB and n != "__future__"}


def game_modules(root: Path = ROOT) -> set[str]:
    """The standard library modules the game's sources name."""
    names = set()
    for path in sorted((root / "game").rglob("*.py")):
        names |= imported_names(path.read_text(encoding="utf-8"))
    return stdlib_only(names)


def pyscript_modules(dist: Path = PYSCRIPT) -> set[str]:
    """The standard library modules PyScript's own Python names: its package's
    sources are string literals in its bundled JavaScript."""
    names = set()
    for js in sorted(dist.glob("*.js")):
        text = js.read_text(encoding="utf-8", errors="replace")
        if "pyscript" not in text:
            continue
        for literal in re.findall(r'"((?:[^"\\\n]|\\.)*(?:import )(?:[^"\\\n]|\\.)*)"', text):
            try:
                source = json.loads(f'"{literal}"')
            except ValueError:
                continue
            try:
                names |= imported_names(source)
            except SyntaxError:
                continue
    return stdlib_only(names)


def modules(root: Path = ROOT) -> list[str]:
    return sorted(game_modules(root) | pyscript_modules() | set(EXTRA))


def fingerprint(names: list[str]) -> str:
    digest = hashlib.sha256()
    for part in (FULL, SCRIPT, Path(__file__)):
        digest.update(part.read_bytes())
    digest.update("\n".join(names).encode())
    return digest.hexdigest()[:16]


def refresh(root: Path = ROOT, force: bool = False) -> bool:
    """Make the cut if it is missing or out of date; True if it was made."""
    names = modules(root)
    want = fingerprint(names)
    if not force and OUTPUT.is_file() and STAMP.is_file() and STAMP.read_text().strip() == want:
        return False
    node = shutil.which("node")
    if node is None:
        raise SystemExit("node is needed to cut the standard library")
    part = OUTPUT.with_name(OUTPUT.name + ".part")
    done = subprocess.run(
        [node, str(SCRIPT), "cut", str(FULL), str(part), *names], capture_output=True, text=True, cwd=root
    )
    if done.returncode != 0:
        part.unlink(missing_ok=True)
        tail = [line for line in done.stderr.splitlines() if len(line) < 300][-20:]
        raise SystemExit("cutting the standard library failed:\n" + "\n".join(tail))
    part.replace(OUTPUT)
    STAMP.write_text(want + "\n")
    summary = json.loads(done.stdout.strip().splitlines()[-1])
    print(
        f"standard library: {summary['files']} of {summary['of']} files, {summary['bytes'] / 1e6:.2f} MB"
        f" (not in it: {', '.join(summary['absent']) or 'none'})"
    )
    return True


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m tools.stdlib", description=__doc__.splitlines()[0])
    ap.add_argument("--list", action="store_true", help="print the modules the cut is made for")
    ap.add_argument("--force", action="store_true", help="make the cut even if it looks up to date")
    args = ap.parse_args(argv)
    if args.list:
        print("\n".join(modules()))
        return 0
    refresh(force=args.force)
    return 0


if __name__ == "__main__":
    sys.exit(main())
