# Sourced by ./test and bench/run (from the project folder, with say() and
# die() defined): the Python tools in .venv and a Chromium to drive.

# Python tools in .venv, reinstalled only when requirements-dev.txt changes.
python=${PYTHON:-python3}
venv=.venv
stamp=$venv/.requirements-stamp
want=$(sha256sum requirements-dev.txt | cut -c1-16)
if [ -x "$venv/bin/python" ] && [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$want" ]; then
  say "test tools (.venv): up to date"
else
  command -v "$python" >/dev/null || die "$python not found (Python 3.11 or newer is needed)"
  if [ ! -x "$venv/bin/python" ]; then
    say "test tools: creating .venv ..."
    "$python" -m venv "$venv"
  fi
  say "test tools: installing requirements-dev.txt into .venv ..."
  log=$(mktemp)
  if ! "$venv/bin/python" -m pip install --disable-pip-version-check -q -r requirements-dev.txt >"$log" 2>&1; then
    cat "$log" >&2; rm -f "$log"; die "pip install failed"
  fi
  rm -f "$log"
  echo "$want" > "$stamp"
fi

# A Chromium for the end-to-end tests: the system's, else Debian's
#    package (as root), else Playwright's own download as the last resort.
find_chromium() {
  local name
  for name in "${CHROMIUM:-}" chromium chromium-browser google-chrome google-chrome-stable; do
    [ -n "$name" ] && command -v "$name" >/dev/null && { command -v "$name"; return 0; }
  done
  return 1
}
if chromium_path=$(find_chromium); then
  say "browser: $chromium_path"
elif [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
  say "browser: installing Debian's chromium (apt-get) ..."
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq >/dev/null || die "apt-get update failed"
  apt-get install -y -qq chromium >/dev/null || die "apt-get install chromium failed"
  chromium_path=$(find_chromium) || die "chromium did not install"
  say "browser: $chromium_path"
else
  say "browser: none found; downloading Playwright's Chromium ..."
  "$venv/bin/python" -m playwright install chromium
fi

