#!/usr/bin/env bash
# Prepare the folder to be served: install the pinned npm packages and copy
# the runtime files the page loads into static/vendor/.
# Shared by ./play and ./test; safe to run again (skips work already done).
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$root"

say() { printf '[setup] %s\n' "$*"; }
die() { printf '[setup] error: %s\n' "$*" >&2; exit 1; }

command -v node >/dev/null || die "node is not installed (Node.js 18 or newer is needed once, to fetch the runtime)"
command -v npm >/dev/null || die "npm is not installed"

# What the page loads from each package. Pyodide finds the other files
# relative to pyodide.mjs; PyScript loads its chunks from dist/ on demand.
PYODIDE_FILES="pyodide.mjs pyodide.asm.mjs pyodide.asm.wasm python_stdlib.zip pyodide-lock.json"

fingerprint() {
  # Changes when the pinned versions or this script change.
  cat package-lock.json "${BASH_SOURCE[0]}" | sha256sum | cut -c1-16
}
want=$(fingerprint)

# 1. npm packages (pinned exactly by package-lock.json).
npm_stamp=node_modules/.setup-stamp
if [ -f "$npm_stamp" ] && [ "$(cat "$npm_stamp")" = "$want" ]; then
  say "npm packages: up to date"
else
  say "npm packages: installing (npm ci) ..."
  npm ci --no-audit --no-fund --ignore-scripts --loglevel=error
  echo "$want" > "$npm_stamp"
fi

# 2. vendored runtime.
vendor=static/vendor
vendor_stamp=$vendor/.setup-stamp
if [ -f "$vendor_stamp" ] && [ "$(cat "$vendor_stamp")" = "$want" ] \
   && [ -f "$vendor/pyodide/pyodide.asm.wasm" ] && [ -f "$vendor/pyscript/core.js" ]; then
  say "static/vendor: up to date"
else
  say "static/vendor: copying Pyodide and PyScript ..."
  rm -rf "$vendor"
  mkdir -p "$vendor/pyodide" "$vendor/pyscript"
  for f in $PYODIDE_FILES; do
    cp node_modules/pyodide/"$f" "$vendor/pyodide/"
  done
  cp node_modules/pyodide/LICENSE "$vendor/pyodide/" 2>/dev/null || true
  # All of PyScript's dist except source maps: chunks are imported lazily.
  (cd node_modules/@pyscript/core/dist && find . -type f ! -name '*.map' -print0) |
    while IFS= read -r -d '' f; do
      mkdir -p "$vendor/pyscript/$(dirname "$f")"
      cp "node_modules/@pyscript/core/dist/$f" "$vendor/pyscript/$f"
    done
  cp node_modules/@pyscript/core/LICENSE "$vendor/pyscript/" 2>/dev/null || true
  echo "$want" > "$vendor_stamp"
  say "static/vendor: $(du -sh "$vendor" | cut -f1) copied"
fi

# 2b. the standard library cut to what the page imports (tools/stdlib.py):
# made again when the modules the game names, the pinned Pyodide or the
# cutting scripts change. Python itself starts from a memory snapshot the
# player's browser makes on its first visit (static/js/runtime.mjs): none
# is made or shipped here.
rm -f "$vendor/pyodide/snapshot.bin" "$vendor/.snapshot-stamp"
"${PYTHON:-python3}" -m tools.stdlib || die "cannot cut the standard library (tools/stdlib.py)"

# 3. the game package as one archive (static/game.zip, pyscript.toml unpacks
# it in the page): made again only when a file under game/ changed.
"${PYTHON:-python3}" -c 'from tools.pyscript_files import refresh_archive; refresh_archive()' \
  || die "cannot write static/game.zip"
# 3b. a first visit's first view (static/js/sketches.js, from game/web/layout.py).
"${PYTHON:-python3}" -m tools.sketches >/dev/null || die "cannot write static/js/sketches.js"
