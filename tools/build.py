"""Build the folder to publish: dist/ holds exactly the files the app loads
(tools/precache.py lists them), the service worker and its file list with
the version of this build, and the runtime's licences. Upload dist/ to any
static host, at any path.

    ./build                          # sets up the runtime first, then this
    python -m tools.build [--out DIR]
"""

from __future__ import annotations

import argparse
import shutil
import sys
from pathlib import Path

from tools import precache

ROOT = Path(__file__).resolve().parent.parent
EXTRA = ("sw.js", "static/vendor/pyodide/LICENSE", "static/vendor/pyscript/LICENSE")


def build(root: Path = ROOT, out: Path = ROOT / "dist") -> list[str]:
    """Write ``out`` afresh; return the files copied."""
    if not (root / "static" / "vendor" / "pyodide" / "pyodide.mjs").is_file():
        raise SystemExit("static/vendor/ is empty: run `bash tools/setup.sh` (or ./build) first")
    files = precache.app_files(root)
    if out.exists():
        shutil.rmtree(out)
    copied = []
    for rel in [*files, *EXTRA]:
        source = root / rel
        if not source.is_file():
            continue
        target = out / rel
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(source, target)
        copied.append(rel)
    precache.write(out, out)
    return copied


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.build", description=__doc__.splitlines()[0])
    parser.add_argument("--out", default=str(ROOT / "dist"), help="where to write (default: dist/)")
    args = parser.parse_args(argv)
    out = Path(args.out).resolve()
    if out == ROOT or ROOT.is_relative_to(out):
        print("refusing to replace the project folder", file=sys.stderr)
        return 2
    copied = build(ROOT, out)
    size = sum((out / rel).stat().st_size for rel in copied)
    print(f"{out}: {len(copied)} files, {size / 1e6:.1f} MB, version {precache.version(out)}")
    print("Upload the folder's contents to any static host (README: Host it on a static site).")
    return 0


if __name__ == "__main__":
    sys.exit(main())
