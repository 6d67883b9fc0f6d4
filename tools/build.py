"""Build the folder to publish: dist/ holds exactly the files the app loads
(tools/precache.py lists them), the service worker and its file list with
the version of this build, and the runtime's licences. Upload dist/ to any
static host, at any path.

Beside every file that compresses well it writes FILE.gz (gzip -9) and
FILE.br (Brotli 11, by Node's zlib: tools/compress.mjs), for hosts that send
precompressed copies (nginx ``gzip_static``/``brotli_static``, Apache with
mod_rewrite, Caddy ``precompressed``). A host that compresses on its own, or
not at all, ignores them.

    ./build                          # sets up the runtime first, then this
    python -m tools.build [--out DIR] [--no-compress]
"""

from __future__ import annotations

import argparse
import gzip
import shutil
import subprocess
import sys
from pathlib import Path

from tools import precache, pyscript_files

ROOT = Path(__file__).resolve().parent.parent
EXTRA = ("sw.js", "static/vendor/pyodide/LICENSE", "static/vendor/pyscript/LICENSE")
# Already compressed (or too small to gain): no .gz/.br copies.
PACKED = (".png", ".jpg", ".jpeg", ".webp", ".woff2", ".gz", ".br", ".zip")
MIN_BYTES = 1024
MIN_GAIN = 0.9  # a copy is kept only if it is at most 90 % of the file


def build(root: Path = ROOT, out: Path = ROOT / "dist") -> list[str]:
    """Write ``out`` afresh; return the files copied."""
    if not (root / "static" / "vendor" / "pyodide" / "pyodide.mjs").is_file():
        raise SystemExit("static/vendor/ is empty: run `bash tools/setup.sh` (or ./build) first")
    pyscript_files.refresh_archive(root)
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


def compressible(out: Path, files) -> list[Path]:
    return [
        out / rel
        for rel in files
        if not rel.endswith(PACKED) and (out / rel).is_file() and (out / rel).stat().st_size >= MIN_BYTES
    ]


def compress(out: Path, files) -> dict[str, int]:
    """Write FILE.gz and FILE.br beside each of ``files`` (paths in ``out``) where
    that saves at least a tenth; return the bytes of the files, and of what a
    host would send with gzip and with Brotli (the file itself where no copy)."""
    paths = compressible(out, files)
    for path in paths:
        data = path.read_bytes()
        packed = gzip.compress(data, compresslevel=9, mtime=0)  # mtime 0: the same build, the same bytes
        if len(packed) <= MIN_GAIN * len(data):
            path.with_name(path.name + ".gz").write_bytes(packed)
    node = shutil.which("node")
    if node is None:
        print("node not found: no Brotli copies (gzip ones are written)", file=sys.stderr)
    elif paths:
        script = Path(__file__).with_name("compress.mjs")
        listing = "\n".join(str(p) for p in paths)
        subprocess.run([node, str(script)], input=listing, text=True, check=True)
        for path in paths:
            br = path.with_name(path.name + ".br")
            if br.stat().st_size > MIN_GAIN * path.stat().st_size:
                br.unlink()
    totals = {"raw": 0, "gzip": 0, "br": 0}
    for rel in files:
        path = out / rel
        if not path.is_file():
            continue
        size = path.stat().st_size
        totals["raw"] += size
        for kind, suffix in (("gzip", ".gz"), ("br", ".br")):
            copy = path.with_name(path.name + suffix)
            totals[kind] += copy.stat().st_size if copy.is_file() else size
    return totals


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.build", description=__doc__.splitlines()[0])
    parser.add_argument("--out", default=str(ROOT / "dist"), help="where to write (default: dist/)")
    parser.add_argument("--no-compress", action="store_true", help="no precompressed .gz and .br copies")
    args = parser.parse_args(argv)
    out = Path(args.out).resolve()
    if out == ROOT or ROOT.is_relative_to(out):
        print("refusing to replace the project folder", file=sys.stderr)
        return 2
    copied = build(ROOT, out)
    size = sum((out / rel).stat().st_size for rel in copied)
    print(f"{out}: {len(copied)} files, {size / 1e6:.1f} MB, version {precache.version(out)}")
    if not args.no_compress:
        sent = compress(out, [*copied, precache.OUTPUT])
        print(f"precompressed copies: {sent['gzip'] / 1e6:.1f} MB with gzip, {sent['br'] / 1e6:.1f} MB with Brotli")
    print("Upload the folder's contents to any static host (docs/hosting.md).")
    return 0


if __name__ == "__main__":
    sys.exit(main())
