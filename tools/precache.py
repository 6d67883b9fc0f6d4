"""The files the service worker keeps for offline play, and their version.

Every file the app loads is listed: index.html, the manifest, pyscript.toml,
the game's Python files as pyscript.toml maps them, and everything under
static/ (css, js, card art, icons, the vendored Pyodide and PyScript, whose
chunks load lazily) except licences and dotfiles. The version is a hash of
every listed file's path and contents, so any change to any of them makes a
new cache; nothing is kept by hand, so the list cannot go stale.

``sw-precache.js`` (read by sw.js) is never kept in the working tree:
tools/serve.py writes it afresh for each request, and ./build
(tools/build.py) writes it into dist/ beside the files it copies.

    python -m tools.precache            # how many files, how big, the version
    python -m tools.precache --list     # every file
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUTPUT = "sw-precache.js"
TOP_FILES = ("index.html", "manifest.webmanifest", "pyscript.toml")
SKIP_NAMES = {"LICENSE", "LICENSE.txt", "LICENSE.md", "README.md", OUTPUT}
SKIP_SUFFIXES = {".map", ".pyc"}

_digests: dict = {}  # path -> ((mtime_ns, size), sha256 hex)


def game_files(root: Path) -> list[str]:
    """The game files pyscript.toml copies into the browser, as paths from root."""
    with open(root / "pyscript.toml", "rb") as fh:
        config = tomllib.load(fh)
    out = []
    for url in config.get("files", {}):
        rel = url[2:] if url.startswith("./") else url
        out.append(rel)
    interpreter = config.get("interpreter", "")
    if interpreter.startswith("./"):
        out.append(interpreter[2:])
    return out


def static_files(root: Path) -> list[str]:
    out = []
    for folder, dirs, files in os.walk(root / "static", followlinks=True):
        dirs[:] = sorted(d for d in dirs if not d.startswith(".") and d != "__pycache__")
        for name in files:
            path = Path(folder, name)
            if name.startswith(".") or name in SKIP_NAMES or path.suffix in SKIP_SUFFIXES:
                continue
            out.append(path.relative_to(root).as_posix())
    return out


def app_files(root: Path = ROOT) -> list[str]:
    """Every file the app loads, as POSIX paths from the app folder, sorted."""
    found = [name for name in TOP_FILES if (root / name).is_file()]
    found += game_files(root) + static_files(root)
    return sorted(set(found))


def digest(path: Path) -> str:
    stat = path.stat()
    key = (stat.st_mtime_ns, stat.st_size)
    known = _digests.get(path)
    if known and known[0] == key:
        return known[1]
    value = hashlib.sha256(path.read_bytes()).hexdigest()
    _digests[path] = (key, value)
    return value


def version(root: Path = ROOT, files: list[str] | None = None) -> str:
    """A short hash of every listed file's path and contents (and sw.js)."""
    files = app_files(root) if files is None else files
    h = hashlib.sha256()
    for rel in [*files, "sw.js"]:
        path = root / rel
        h.update(rel.encode("utf-8") + b"\0")
        h.update((digest(path) if path.is_file() else "missing").encode("ascii") + b"\n")
    return h.hexdigest()[:16]


def manifest(root: Path = ROOT) -> dict:
    files = app_files(root)
    return {"version": version(root, files), "files": ["./" + rel for rel in files]}


def render(root: Path = ROOT) -> str:
    """The text of sw-precache.js."""
    data = json.dumps(manifest(root), indent=1)
    return f"// Written by tools/precache.py: the files sw.js keeps for offline play.\nself.PRECACHE = {data};\n"


def write(root: Path, out_dir: Path) -> Path:
    target = out_dir / OUTPUT
    target.write_text(render(root), encoding="utf-8")
    return target


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.precache", description=__doc__.splitlines()[0])
    parser.add_argument("--list", action="store_true", help="print every file")
    args = parser.parse_args(argv)
    files = app_files(ROOT)
    if args.list:
        print("\n".join(files))
    size = sum((ROOT / f).stat().st_size for f in files if (ROOT / f).is_file())
    print(f"{len(files)} files, {size / 1e6:.1f} MB, version {version(ROOT, files)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
