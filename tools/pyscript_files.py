"""Keep the [files] table of pyscript.toml in step with the game/ package.

PyScript copies into the browser's file system only the files listed there,
so a module added under game/ and not listed fails to import in the page
(while every CPython test still passes).

    python -m tools.pyscript_files           # report what is missing or stale
    python -m tools.pyscript_files --write   # rewrite the [files] table
"""

from __future__ import annotations

import argparse
import re
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CONFIG = ROOT / "pyscript.toml"
PACKAGE = "game"
SKIP_DIRS = {"__pycache__"}
SKIP_SUFFIXES = {".pyc", ".pyo"}


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


def differences(root: Path = ROOT, config: Path = CONFIG) -> tuple[list[str], list[str]]:
    """(files under game/ missing from [files], entries naming no file)."""
    wanted = {f"./{rel}" for rel in package_files(root)}
    listed = listed_files(config)
    missing = sorted(wanted - set(listed))
    stale = sorted(url for url in listed if url not in wanted)
    return missing, stale


def render_table(root: Path = ROOT) -> str:
    lines = ["[files]"]
    lines += [f'"./{rel}" = "./{rel}"' for rel in package_files(root)]
    return "\n".join(lines) + "\n"


def write(root: Path = ROOT, config: Path = CONFIG) -> None:
    text = config.read_text(encoding="utf-8")
    table = re.compile(r"^\[files\]\n(?:(?!\[).*\n?)*", re.MULTILINE)
    if table.search(text):
        text = table.sub(lambda _: render_table(root) + "\n", text, count=1).rstrip("\n") + "\n"
    else:
        text = text.rstrip("\n") + "\n\n" + render_table(root)
    config.write_text(text, encoding="utf-8")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.pyscript_files")
    parser.add_argument("--write", action="store_true", help="rewrite the [files] table")
    args = parser.parse_args(argv)
    if args.write:
        write()
    missing, stale = differences()
    for url in missing:
        print(f"missing from pyscript.toml [files]: {url}")
    for url in stale:
        print(f"listed in pyscript.toml [files] but not found: {url}")
    if missing or stale:
        print("Fix: python -m tools.pyscript_files --write")
        return 1
    print(f"pyscript.toml [files] lists all {len(package_files())} files of {PACKAGE}/")
    return 0


if __name__ == "__main__":
    sys.exit(main())
