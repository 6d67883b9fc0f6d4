"""The game package as the browser gets it: one archive, static/game.zip.

PyScript unpacks a ``.zip`` entry of pyscript.toml's [files] table mapped to
``"./*"`` into the browser's file system, so the page fetches one file
instead of one per module (about 55 requests fewer before Python can import
the game). The archive is made from the game/ tree, is not kept in git, and
is made again whenever a file under game/ changes: by tools/setup.sh (./play,
./test, ./build, bench/run run it), by tools/serve.py before it serves the
archive or the service worker's list, and by ./build. Its bytes depend on
the files alone (fixed dates, sorted names), so the same tree gives the same
archive and the same offline version.

Its modules come compiled: each ``game/x.py`` is ``game/x.pyc`` in the
archive, bytecode made by the pinned Pyodide itself (``tools/bytecode.mjs``
under Node.js, the Python the page runs; CPython here is another version),
so the page imports the game without compiling it, and writes no
``__pycache__``. The bytecode leaves out docstrings (``optimize=2``; the
game has no ``assert``). Compiled files are kept in ``.cache/bytecode/``
under a hash of the runtime's version, the path and the source, so Node runs
only for a changed module. Where Node or the runtime is missing (or
``SOLITAIRE_BYTECODE=0`` asks for it, to read sources in the browser's
tracebacks) the archive holds the sources instead, which the page compiles
as it imports them.

    python -m tools.pyscript_files           # report whether the archive and [files] are up to date
    python -m tools.pyscript_files --write   # make the archive and the [files] table afresh
"""

from __future__ import annotations

import argparse
import hashlib
import io
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import tomllib
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CONFIG = ROOT / "pyscript.toml"
PACKAGE = "game"
SKIP_DIRS = {"__pycache__"}
SKIP_SUFFIXES = {".pyc", ".pyo"}
ARCHIVE = "static/game.zip"
ENTRY = (f"./{ARCHIVE}", "./*")  # pyscript.toml: unpack the archive into the home folder
COMPILER = ROOT / "tools" / "bytecode.mjs"
RUNTIME = ROOT / "node_modules" / "pyodide" / "package.json"
CACHE = ROOT / ".cache" / "bytecode"


def package_files(root: Path = ROOT) -> list[str]:
    """Every file the browser needs from game/, as POSIX paths from root."""
    found = []
    for path in sorted((root / PACKAGE).rglob("*")):
        rel = path.relative_to(root)
        if not path.is_file() or path.suffix in SKIP_SUFFIXES:
            continue
        if any(part in SKIP_DIRS or part.startswith(".") for part in rel.parts):
            continue
        found.append(rel.as_posix())
    return found


def listed_files(config: Path = CONFIG) -> dict[str, str]:
    """The [files] table as {url: destination}."""
    with open(config, "rb") as fh:
        return dict(tomllib.load(fh).get("files", {}))


def runtime_version() -> str | None:
    """The pinned Pyodide's version, or None where it is not installed."""
    try:
        return json.loads(RUNTIME.read_text(encoding="utf-8"))["version"]
    except (OSError, ValueError, KeyError):
        return None


def bytecode_wanted() -> bool:
    """Whether the archive can hold bytecode: Node.js and the runtime are
    here, and SOLITAIRE_BYTECODE=0 does not ask for sources."""
    if os.environ.get("SOLITAIRE_BYTECODE", "1") == "0":
        return False
    return bool(shutil.which("node") and runtime_version() and COMPILER.is_file())


def compiled_name(rel: str) -> str:
    return rel[:-3] + ".pyc" if rel.endswith(".py") else rel


def bytecode(root: Path, rels: list[str]) -> dict[str, bytes] | None:
    """{rel: .pyc bytes} for the ``.py`` files among ``rels``, made by the
    pinned Pyodide (from the cache where it made them before); None where
    it cannot be made."""
    if not bytecode_wanted():
        return None
    version = runtime_version()
    sources = [rel for rel in rels if rel.endswith(".py")]
    keys = {}
    for rel in sources:
        h = hashlib.sha256(f"{version}\0{rel}\0".encode())
        h.update((root / rel).read_bytes())
        keys[rel] = CACHE / f"{h.hexdigest()}.pyc"
    missing = [rel for rel in sources if not keys[rel].is_file()]
    if missing:
        CACHE.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryDirectory(dir=CACHE) as out:
            done = subprocess.run(
                ["node", str(COMPILER), str(root), out, *missing], capture_output=True, text=True, check=False
            )
            if done.returncode != 0:
                print(f"bytecode: the runtime could not compile the game, sources go instead:\n{done.stderr}")
                return None
            for rel in missing:
                os.replace(Path(out) / compiled_name(rel), keys[rel])
    return {rel: keys[rel].read_bytes() for rel in sources}


def archive_entries(root: Path = ROOT) -> list[tuple[str, bytes]]:
    """(name, bytes) of every file of the archive, sorted by name: the
    package's files, each module as its bytecode where it can be made."""
    files = package_files(root)
    compiled = bytecode(root, files) or {}
    return sorted(
        (compiled_name(rel), compiled[rel]) if rel in compiled else (rel, (root / rel).read_bytes()) for rel in files
    )


def archive_bytes(root: Path = ROOT) -> bytes:
    """The archive of ``archive_entries``, with fixed dates, compressed
    (deflate): most static hosts send a .zip as it is, and bytecode
    compresses to less than half (1.16 MB to 0.52 MB), for 3-7 ms more to
    unpack in the page."""
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as zf:
        for name, data in archive_entries(root):
            info = zipfile.ZipInfo(name, date_time=(2020, 1, 1, 0, 0, 0))
            info.external_attr = 0o644 << 16
            zf.writestr(info, data, compress_type=zipfile.ZIP_DEFLATED, compresslevel=9)
    return buf.getvalue()


def expected_names(files: list[str]) -> list[str]:
    """The archive's names for these package files, as this machine makes it."""
    return sorted(map(compiled_name, files)) if bytecode_wanted() else files


def archive_names(path: Path) -> list[str]:
    with zipfile.ZipFile(path) as zf:
        return sorted(zf.namelist())


def refresh_archive(root: Path = ROOT) -> bool:
    """Write ``ARCHIVE`` if it is missing or differs from game/; True if written.
    Cheap when nothing changed: the archive is newer than every game file
    and than the code that makes it (this file, tools/bytecode.mjs)."""
    if not (root / PACKAGE).is_dir():
        return False  # a built folder (dist/): its archive is already made
    target = root / ARCHIVE
    files = package_files(root)
    if target.is_file():
        built = target.stat().st_mtime_ns
        makers = [Path(__file__), COMPILER]
        fresh = all(path.stat().st_mtime_ns <= built for path in [*(root / rel for rel in files), *makers])
        if fresh and archive_names(target) == expected_names(files):
            return False
    data = archive_bytes(root)
    if target.is_file() and target.read_bytes() == data:
        target.touch()
        return False
    target.parent.mkdir(parents=True, exist_ok=True)
    tmp = target.with_name(target.name + ".tmp")
    tmp.write_bytes(data)
    tmp.replace(target)
    return True


def differences(root: Path = ROOT, config: Path = CONFIG) -> tuple[list[str], list[str]]:
    """(files under game/ the browser would not get, entries of [files] or of
    the archive naming no file). The browser gets game/ through the archive,
    which [files] must map to the home folder."""
    listed = listed_files(config)
    wanted = package_files(root)
    missing, stale = [], []
    if listed.get(ENTRY[0]) != ENTRY[1]:
        missing.append(f'{ENTRY[0]} = "{ENTRY[1]}" in [files]')
    stale += sorted(url for url in listed if url != ENTRY[0])
    archive = root / ARCHIVE
    packed = archive_names(archive) if archive.is_file() else []
    if archive.is_file() and archive.read_bytes() != archive_bytes(root):
        stale.append(f"{ARCHIVE} (older than game/)")
    known = {*wanted, *map(compiled_name, wanted)}  # a module, as source or as bytecode
    missing += [f"./{rel}" for rel in wanted if rel not in packed and compiled_name(rel) not in packed]
    stale += [f"./{name} (in {ARCHIVE})" for name in packed if name not in known]
    return missing, stale


def render_table(root: Path = ROOT) -> str:
    return f'[files]\n"{ENTRY[0]}" = "{ENTRY[1]}"\n'


def write(root: Path = ROOT, config: Path = CONFIG) -> None:
    text = config.read_text(encoding="utf-8")
    table = re.compile(r"^\[files\]\n(?:(?!\[).*\n?)*", re.MULTILINE)
    if table.search(text):
        text = table.sub(lambda _: render_table(root) + "\n", text, count=1).rstrip("\n") + "\n"
    else:
        text = text.rstrip("\n") + "\n\n" + render_table(root)
    config.write_text(text, encoding="utf-8")
    refresh_archive(root)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.pyscript_files")
    parser.add_argument("--write", action="store_true", help="make the archive and the [files] table afresh")
    args = parser.parse_args(argv)
    if args.write:
        write()
    missing, stale = differences()
    for url in missing:
        print(f"missing from what the browser gets: {url}")
    for url in stale:
        print(f"stale: {url}")
    if missing or stale:
        print("Fix: python -m tools.pyscript_files --write")
        return 1
    print(f"{ARCHIVE} holds all {len(package_files())} files of {PACKAGE}/; pyscript.toml unpacks it")
    return 0


if __name__ == "__main__":
    sys.exit(main())
