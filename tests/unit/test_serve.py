"""The static server sends the types browsers insist on, and honours a base path."""

from __future__ import annotations

import urllib.error
import urllib.request

import pytest

from tools.serve import make_server, serve_in_thread


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    tmp_path = tmp_path_factory.mktemp("site")
    for name in ("index.html", "a.wasm", "m.mjs", "s.js", "d.json", "c.toml", "p.py", "z.zip", "x.css"):
        (tmp_path / name).write_bytes(b"x")
    (tmp_path / "big.wasm").write_bytes(b"plain")
    (tmp_path / "big.wasm.gz").write_bytes(b"gzipped")
    (tmp_path / "big.wasm.br").write_bytes(b"brotli")
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "index.html").write_text("<p>sub</p>")
    servers = []

    def start(base="/"):
        server = make_server(tmp_path, port=0, base=base, quiet=True)
        serve_in_thread(server)
        servers.append(server)
        return f"http://127.0.0.1:{server.server_address[1]}"

    yield start
    for server in servers:
        server.shutdown()
        server.server_close()


def fetch(url):
    with urllib.request.urlopen(url, timeout=5) as response:
        return response.status, response.headers.get_content_type(), response.read()


@pytest.mark.parametrize(
    "name, ctype",
    [
        ("a.wasm", "application/wasm"),
        ("m.mjs", "text/javascript"),
        ("s.js", "text/javascript"),
        ("d.json", "application/json"),
        ("c.toml", "application/toml"),
        ("p.py", "text/x-python"),
        ("z.zip", "application/zip"),
        ("x.css", "text/css"),
        ("index.html", "text/html"),
    ],
)
def test_mime_types(site, name, ctype):
    status, got, _ = fetch(f"{site()}/{name}")
    assert (status, got) == (200, ctype)


def test_base_path(site):
    url = site("/games/solitaire/")
    assert fetch(f"{url}/games/solitaire/a.wasm")[:2] == (200, "application/wasm")
    assert fetch(f"{url}/games/solitaire/sub/")[2] == b"<p>sub</p>"
    # A folder without its slash redirects inside the base path.
    assert fetch(f"{url}/games/solitaire/sub")[2] == b"<p>sub</p>"
    with pytest.raises(urllib.error.HTTPError) as err:
        fetch(f"{url}/a.wasm")
    assert err.value.code == 404


def test_port_zero_picks_a_free_port(site):
    assert site() != site()


@pytest.mark.parametrize(
    "accept, body, encoding",
    [
        ("gzip, deflate, br", b"brotli", "br"),
        ("gzip", b"gzipped", "gzip"),
        ("br;q=0, gzip;q=1", b"gzipped", "gzip"),
        ("", b"plain", None),
        ("identity", b"plain", None),
    ],
)
def test_precompressed_copies_are_sent_to_browsers_that_accept_them(site, accept, body, encoding):
    request = urllib.request.Request(f"{site()}/big.wasm", headers={"Accept-Encoding": accept})
    with urllib.request.urlopen(request, timeout=5) as response:
        assert response.read() == body
        assert response.headers.get_content_type() == "application/wasm"
        assert response.headers.get("Content-Encoding") == encoding


def test_a_precompressed_copy_is_not_sent_again_to_a_browser_that_has_it(site):
    """A service worker that revalidates the app on install (sw.js asks with
    cache: "no-cache") gets "not modified" for a copy the browser already holds."""
    url = f"{site()}/big.wasm"
    first = urllib.request.Request(url, headers={"Accept-Encoding": "br"})
    with urllib.request.urlopen(first, timeout=5) as response:
        stamp = response.headers["Last-Modified"]
        assert response.read() == b"brotli" and stamp
    again = urllib.request.Request(url, headers={"Accept-Encoding": "br", "If-Modified-Since": stamp})
    with pytest.raises(urllib.error.HTTPError) as answer:
        urllib.request.urlopen(again, timeout=5)
    assert answer.value.code == 304 and answer.value.read() == b""
    # An older date, a malformed one, or an ETag to match: the copy is sent whole.
    for headers in (
        {"If-Modified-Since": "Mon, 01 Jan 1990 00:00:00 GMT"},
        {"If-Modified-Since": "yesterday"},
        {"If-Modified-Since": stamp, "If-None-Match": '"x"'},
    ):
        request = urllib.request.Request(url, headers={"Accept-Encoding": "br", **headers})
        with urllib.request.urlopen(request, timeout=5) as response:
            assert response.status == 200 and response.read() == b"brotli"


def test_not_modified_keeps_the_copys_headers_and_reads_every_http_date_form(site):
    url = f"{site()}/big.wasm"
    with urllib.request.urlopen(urllib.request.Request(url, headers={"Accept-Encoding": "br"}), timeout=5) as response:
        stamp = response.headers["Last-Modified"]
    later = "Sun Nov  6 08:49:37 2101"  # the asctime form, with no zone: GMT
    for since in (stamp, later, "Sun, 06 Nov 2101 08:49:37 -0000"):
        for method in ("GET", "HEAD"):
            request = urllib.request.Request(
                url, method=method, headers={"Accept-Encoding": "br", "If-Modified-Since": since}
            )
            with pytest.raises(urllib.error.HTTPError) as answer:
                urllib.request.urlopen(request, timeout=5)
            assert answer.value.code == 304, (since, method)
            assert answer.value.headers["Vary"] == "Accept-Encoding"
            assert answer.value.headers["Cache-Control"] == "no-cache"
