"""Offline play and any static host: the service worker's file list covers
everything the app loads, its version follows the files, every address is
relative, the manifest makes the app installable, the CSP names no other
origin, and the icons are what their generator draws."""

from __future__ import annotations

import json
import re
import shutil
import struct
import urllib.request
import zlib
from html.parser import HTMLParser

import pytest

from tools import make_icons, precache
from tools.serve import ROOT, make_server, serve_in_thread

VENDOR = ROOT / "static" / "vendor"
needs_vendor = pytest.mark.skipif(
    not (VENDOR / "pyscript" / "core.js").exists(), reason="static/vendor/ not set up (run bash tools/setup.sh)"
)


class Refs(HTMLParser):
    """Every src/href/content-URL attribute of a page, and its CSP."""

    def __init__(self):
        super().__init__()
        self.urls: list[str] = []
        self.csp = None

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        for name in ("src", "href"):
            if a.get(name):
                self.urls.append(a[name])
        if tag == "meta" and (a.get("http-equiv") or "").lower() == "content-security-policy":
            self.csp = a.get("content")
        if tag == "script" and a.get("config"):
            self.urls.append(a["config"])


def page_refs(name="index.html") -> Refs:
    refs = Refs()
    refs.feed((ROOT / name).read_text(encoding="utf-8"))
    return refs


def listed() -> set[str]:
    return set(precache.app_files(ROOT))


def local(url: str) -> str:
    return url[2:] if url.startswith("./") else url


def test_every_address_in_index_html_is_relative_and_precached():
    files = listed()
    for url in page_refs().urls:
        if url.startswith("#"):
            continue
        assert url.startswith("./"), f"not relative: {url}"
        if "vendor" in url and not VENDOR.exists():
            continue
        assert local(url) in files, f"{url} is loaded by index.html but not precached"


def test_the_python_files_and_scripts_are_precached():
    files = listed()
    for rel in precache.game_files(ROOT):
        if rel.startswith("static/vendor") and not VENDOR.exists():
            continue
        assert rel in files
    for folder in ("static/js", "static/css", "static/cards", "static/icons"):
        for path in (ROOT / folder).rglob("*"):
            if path.is_file():
                assert path.relative_to(ROOT).as_posix() in files, path
    assert "sw.js" not in files and precache.OUTPUT not in files


@needs_vendor
def test_the_runtime_and_every_pyscript_chunk_are_precached():
    files = listed()
    for name in ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json"):
        assert f"static/vendor/pyodide/{name}" in files
    chunks = set()
    for js in (VENDOR / "pyscript").glob("*.js"):
        text = js.read_text(encoding="utf-8", errors="replace")
        chunks |= set(re.findall(r"""["'`]\./([\w.-]+\.(?:js|css))["'`]""", text))
    assert chunks, "no chunk imports found in PyScript's files"
    for chunk in chunks:
        assert f"static/vendor/pyscript/{chunk}" in files, chunk


def test_the_version_follows_every_file(tmp_path):
    for rel in ("index.html", "manifest.webmanifest", "sw.js", "static/js/a.js", "game/__init__.py"):
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_text(rel)
    (tmp_path / "pyscript.toml").write_text('[files]\n"./game/__init__.py" = "./game/__init__.py"\n')
    (tmp_path / "static" / ".setup-stamp").write_text("x")
    (tmp_path / "static" / "LICENSE").write_text("x")
    first = precache.manifest(tmp_path)
    assert first["files"] == [
        "./game/__init__.py",
        "./index.html",
        "./manifest.webmanifest",
        "./pyscript.toml",
        "./static/js/a.js",
    ]
    seen = {first["version"]}
    for rel in ("static/js/a.js", "game/__init__.py", "sw.js", "index.html"):
        (tmp_path / rel).write_text(rel + " changed")
        version = precache.version(tmp_path)
        assert version not in seen, rel
        seen.add(version)
    assert precache.version(tmp_path) == precache.version(tmp_path)
    text = precache.render(tmp_path)
    data = json.loads(text[text.index("{") : text.rindex("}") + 1])
    assert data["version"] == precache.version(tmp_path)


def test_the_server_writes_the_list_afresh(tmp_path):
    shutil.copy(ROOT / "sw.js", tmp_path / "sw.js")
    (tmp_path / "index.html").write_text("v1")
    (tmp_path / "pyscript.toml").write_text("[files]\n")
    server = make_server(tmp_path, port=0, base="/games/x/", quiet=True)
    serve_in_thread(server)
    try:
        url = f"http://127.0.0.1:{server.server_address[1]}/games/x/{precache.OUTPUT}"

        def fetch():
            with urllib.request.urlopen(url, timeout=5) as r:
                assert r.headers.get_content_type() == "text/javascript"
                return r.read().decode()

        one = fetch()
        assert '"./index.html"' in one
        (tmp_path / "index.html").write_text("v2, longer")
        two = fetch()
        assert one != two
        assert not (tmp_path / precache.OUTPUT).exists()
    finally:
        server.shutdown()
        server.server_close()


def test_the_service_worker_uses_relative_addresses_only():
    sw = (ROOT / "sw.js").read_text(encoding="utf-8")
    assert 'importScripts("./sw-precache.js")' in sw
    assert "http" not in re.sub(r"//.*", "", sw)
    offline = (ROOT / "static" / "js" / "offline.js").read_text(encoding="utf-8")
    assert 'register("./sw.js"' in offline
    start = (ROOT / "static" / "js" / "start.js").read_text(encoding="utf-8")
    assert '"./static/vendor/pyscript/core.js"' in start


def test_the_manifest_makes_an_installable_app():
    manifest = json.loads((ROOT / "manifest.webmanifest").read_text(encoding="utf-8"))
    assert manifest["name"] and manifest["short_name"]
    assert manifest["start_url"] == "." and manifest["scope"] == "."
    assert manifest["display"] == "standalone"
    sizes = {i["sizes"] for i in manifest["icons"] if i["type"] == "image/png"}
    assert {"192x192", "512x512"} <= sizes
    assert any("maskable" in i.get("purpose", "") for i in manifest["icons"])
    files = listed()
    for icon in manifest["icons"]:
        src = icon["src"]
        assert not src.startswith(("/", "http")) and "//" not in src, src
        assert src in files and (ROOT / src).is_file(), src
    assert "manifest.webmanifest" in files


def test_the_content_security_policy_allows_no_other_origin():
    csp = page_refs().csp
    assert csp, "index.html has no Content-Security-Policy"
    directives = dict((part.split()[0], part.split()[1:]) for part in csp.split(";") if part.strip())
    assert directives["default-src"] == ["'self'"]
    assert "'wasm-unsafe-eval'" in directives["script-src"]
    assert directives["object-src"] == ["'none'"]
    for name, values in directives.items():
        for value in values:
            assert value.startswith("'") or value in ("data:",), f"{name} allows {value}"
    assert "'unsafe-inline'" not in csp
    assert "data:" not in directives["script-src"]


def pixels(png: bytes):
    """Width, height and raw RGBA rows of a PNG this project wrote (filter 0)."""
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    pos, idat, size = 8, b"", None
    while pos < len(png):
        length, kind = struct.unpack(">I4s", png[pos : pos + 8])
        body = png[pos + 8 : pos + 8 + length]
        if kind == b"IHDR":
            size = struct.unpack(">II", body[:8])
        elif kind == b"IDAT":
            idat += body
        pos += 12 + length
    return size, zlib.decompress(idat)


def test_the_icons_are_what_the_generator_draws():
    wanted = make_icons.outputs()
    for name, data in wanted.items():
        path = make_icons.OUT / name
        assert path.is_file(), f"{name} missing: run python -m tools.make_icons"
        if name.endswith(".png"):
            assert pixels(path.read_bytes()) == pixels(data), f"{name} differs: run python -m tools.make_icons"
        else:
            assert path.read_bytes() == data, f"{name} differs: run python -m tools.make_icons"


@needs_vendor
def test_the_build_holds_exactly_the_app_and_a_list_that_matches_it(tmp_path):
    from tools import build

    out = tmp_path / "dist"
    copied = build.build(ROOT, out)
    assert set(precache.app_files(ROOT)) <= set(copied)
    assert {"sw.js", "index.html", "manifest.webmanifest"} <= set(copied)
    assert not any(rel.startswith(("tests/", "tools/", "node_modules/", "examples/")) for rel in copied)
    text = (out / precache.OUTPUT).read_text(encoding="utf-8")
    written = json.loads(text[text.index("{") : text.rindex("}") + 1])
    assert written == precache.manifest(out)  # the list names what dist/ holds, at its version
    assert written["version"] == precache.version(ROOT)


def test_the_build_writes_precompressed_copies_that_decode_to_the_files(tmp_path):
    import gzip
    import shutil
    import subprocess

    from tools import build

    text = ("def deal():\n    return 'cards'\n" * 200).encode()
    (tmp_path / "game").mkdir()
    (tmp_path / "game" / "rules.py").write_bytes(text)
    (tmp_path / "icon.png").write_bytes(bytes(range(256)) * 8)  # already packed: left alone
    (tmp_path / "tiny.js").write_bytes(b"x=1")  # too small to gain
    totals = build.compress(tmp_path, ["game/rules.py", "icon.png", "tiny.js"])
    assert gzip.decompress((tmp_path / "game/rules.py.gz").read_bytes()) == text
    assert not (tmp_path / "icon.png.gz").exists() and not (tmp_path / "tiny.js.gz").exists()
    assert totals["raw"] == len(text) + 2048 + 3
    assert totals["gzip"] == (tmp_path / "game/rules.py.gz").stat().st_size + 2048 + 3
    node = shutil.which("node")
    if node:
        decoded = subprocess.run(
            [
                node,
                "-e",
                "process.stdout.write(require('zlib').brotliDecompressSync(require('fs').readFileSync(process.argv[1])))",
                str(tmp_path / "game/rules.py.br"),
            ],
            capture_output=True,
            check=True,
        ).stdout
        assert decoded == text
        assert totals["br"] < totals["raw"]
