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

    python -m tools.pyscript_files           # report whether the archive and [files] are up to date
    python -m tools.pyscript_files --write   # make the archive and the [files] table afresh
"""

from __future__ import annotations

import argparse
import io
import re
import sys
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


def archive_bytes(root: Path = ROOT) -> bytes:
    """The archive of ``package_files``: stored uncompressed (hosts compress it
    on the wire, and unpacking costs nothing), with fixed dates."""
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_STORED) as zf:
        for rel in package_files(root):
            info = zipfile.ZipInfo(rel, date_time=(2020, 1, 1, 0, 0, 0))
            info.external_attr = 0o644 << 16
            zf.writestr(info, (root / rel).read_bytes())
    return buf.getvalue()


def archive_names(path: Path) -> list[str]:
    with zipfile.ZipFile(path) as zf:
        return sorted(zf.namelist())


def refresh_archive(root: Path = ROOT) -> bool:
    """Write ``ARCHIVE`` if it is missing or differs from game/; True if written.
    Cheap when nothing changed: the archive is newer than every game file."""
    if not (root / PACKAGE).is_dir():
        return False  # a built folder (dist/): its archive is already made
    target = root / ARCHIVE
    files = package_files(root)
    if target.is_file():
        built = target.stat().st_mtime_ns
        if all((root / rel).stat().st_mtime_ns <= built for rel in files) and archive_names(target) == files:
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
    missing += [f"./{rel}" for rel in wanted if rel not in packed]
    stale += [f"./{rel} (in {ARCHIVE})" for rel in packed if rel not in wanted]
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
