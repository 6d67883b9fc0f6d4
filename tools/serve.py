"""A small static file server for the game folder (standard library only).

Browsers refuse to compile WebAssembly streamed with the wrong type and
refuse module scripts served as text/plain, so the types are set explicitly
rather than taken from the platform's mimetypes table, which differs between
machines.

    python -m tools.serve [--port 8000] [--host 127.0.0.1] [--base /sub/path/] [DIR]

The service worker's file list, sw-precache.js, is written afresh for each
request when the folder has none (tools/precache.py), so it always matches
the files being served; the game's archive, static/game.zip, is made again
before either is served if a file under game/ changed
(tools/pyscript_files.py), so an edited module shows after a reload. Where a file has a precompressed copy beside it
(FILE.br, FILE.gz, as ./build writes them) and the browser accepts that
encoding, the copy is sent, as nginx's ``gzip_static`` does.
"""

from __future__ import annotations

import argparse
import datetime
import email.utils
import functools
import io
import os
import posixpath
import sys
import threading
from http import HTTPStatus
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import urlsplit

from tools import precache, pyscript_files

ROOT = Path(__file__).resolve().parent.parent
ARCHIVE_LOCK = threading.Lock()  # requests are served by threads

MIME_TYPES = {
    ".wasm": "application/wasm",
    ".mjs": "text/javascript",
    ".js": "text/javascript",
    ".json": "application/json",
    ".map": "application/json",
    ".toml": "application/toml",
    ".py": "text/x-python",
    ".zip": "application/zip",
    ".html": "text/html",
    ".css": "text/css",
    ".svg": "image/svg+xml",
    ".png": "image/png",
    ".ico": "image/x-icon",
    ".webmanifest": "application/manifest+json",
    ".txt": "text/plain",
    "": "application/octet-stream",
}


class GameRequestHandler(SimpleHTTPRequestHandler):
    """Serves one folder, optionally mounted under a URL prefix (``base``)."""

    extensions_map = MIME_TYPES
    base = "/"
    quiet = False

    def handle(self) -> None:
        try:
            super().handle()
        except ConnectionError:
            pass  # the browser went away mid-reply (a tab or a test's page closed): nothing to tell

    def end_headers(self) -> None:
        # Always revalidate, so an edited game/*.py shows after a reload.
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def guess_type(self, path: str) -> str:
        ext = posixpath.splitext(path)[1].lower()
        mime = MIME_TYPES.get(ext, MIME_TYPES[""])
        if mime.startswith("text/") or mime in ("application/json", "application/toml"):
            mime += "; charset=utf-8"
        return mime

    def send_head(self):
        path = urlsplit(self.path).path
        if self.base != "/" and not (path + "/").startswith(self.base):
            self.send_error(HTTPStatus.NOT_FOUND, "Outside the served folder")
            return None
        if path in (self.base + precache.OUTPUT, self.base + pyscript_files.ARCHIVE):
            with ARCHIVE_LOCK:
                pyscript_files.refresh_archive(Path(self.directory))
        if path == self.base + precache.OUTPUT and not os.path.exists(self.translate_path(path)):
            return self.send_precache()
        return self.send_precompressed(self.translate_path(path)) or super().send_head()

    def accepted_encodings(self) -> set[str]:
        out = set()
        for part in self.headers.get("Accept-Encoding", "").split(","):
            name, _, params = part.strip().partition(";")
            if name and params.replace(" ", "") not in ("q=0", "q=0.0", "q=0.00", "q=0.000"):
                out.add(name.strip().lower())
        return out

    def send_precompressed(self, fs_path: str):
        """FILE.br or FILE.gz in place of FILE, if present and accepted (or "not
        modified" where the browser's copy is current); else None."""
        if not os.path.isfile(fs_path):
            return None
        accepted = self.accepted_encodings()
        for encoding, suffix in (("br", ".br"), ("gzip", ".gz")):
            copy = fs_path + suffix
            if encoding in accepted and os.path.isfile(copy):
                # Dated by the newer of the file and its copy, so a rebuilt copy is never taken for the old one.
                changed = int(max(os.path.getmtime(fs_path), os.path.getmtime(copy)))
                if self.unchanged_since(changed):
                    # The browser's copy is current: a service worker revalidating the app on
                    # install (sw.js) gets this answer, not the whole file a second time.
                    self.send_response(HTTPStatus.NOT_MODIFIED)
                    self.send_header("Vary", "Accept-Encoding")
                    self.end_headers()
                    return io.BytesIO()  # no body; something, so the plain file is not sent as well
                fh = open(copy, "rb")  # the server closes it once it is copied out
                self.send_response(HTTPStatus.OK)
                self.send_header("Content-Type", self.guess_type(fs_path))
                self.send_header("Content-Encoding", encoding)
                self.send_header("Content-Length", str(os.fstat(fh.fileno()).st_size))
                self.send_header("Last-Modified", email.utils.formatdate(changed, usegmt=True))
                self.send_header("Vary", "Accept-Encoding")
                self.end_headers()
                return fh
        return None

    def unchanged_since(self, changed: int) -> bool:
        """Whether the request's If-Modified-Since covers a file last changed at
        ``changed`` (whole seconds). A malformed date counts as no date."""
        if "If-None-Match" in self.headers:
            return False  # we send no ETags, so none can match
        try:
            since = email.utils.parsedate_to_datetime(self.headers.get("If-Modified-Since", ""))
        except (TypeError, ValueError, IndexError, OverflowError):
            return False
        if since is None:
            return False
        if since.tzinfo is None:  # the asctime form and -0000: HTTP dates are GMT
            since = since.replace(tzinfo=datetime.timezone.utc)
        return changed <= since.timestamp()

    def send_precache(self):
        """sw-precache.js written afresh from the folder, so it is never stale."""
        body = precache.render(Path(self.directory)).encode("utf-8")
        self.send_response(HTTPStatus.OK)
        self.send_header("Content-Type", self.guess_type(precache.OUTPUT))
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        return io.BytesIO(body)

    def translate_path(self, path: str) -> str:
        if self.base != "/":
            path = "/" + path[len(self.base) :] if path.startswith(self.base) else "/"
        return super().translate_path(path)

    def log_message(self, format: str, *args) -> None:
        if not self.quiet:
            super().log_message(format, *args)


def make_server(
    directory: str | os.PathLike = ROOT,
    port: int = 8000,
    host: str = "127.0.0.1",
    base: str = "/",
    quiet: bool = False,
    handler_class: type[GameRequestHandler] | None = None,
) -> ThreadingHTTPServer:
    """Bind a threaded server for ``directory``; port 0 picks a free port.
    ``handler_class`` (a GameRequestHandler) lets a bench watch the replies."""
    base = "/" + base.strip("/") + "/" if base.strip("/") else "/"
    handler = type("Handler", (handler_class or GameRequestHandler,), {"base": base, "quiet": quiet})
    server = ThreadingHTTPServer((host, port), functools.partial(handler, directory=os.fspath(directory)))
    server.daemon_threads = True
    server.base = base
    return server


def serve_in_thread(server: ThreadingHTTPServer, poll_interval: float = 0.05) -> threading.Thread:
    """Serve in a daemon thread (tests); ``server.shutdown()`` stops it quickly."""
    thread = threading.Thread(target=server.serve_forever, args=(poll_interval,), name="static-server", daemon=True)
    thread.start()
    return thread


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.serve", description=__doc__.splitlines()[0])
    parser.add_argument("directory", nargs="?", default=str(ROOT))
    parser.add_argument("--port", type=int, default=int(os.environ.get("PORT", "8000")))
    parser.add_argument("--host", default=os.environ.get("HOST", "127.0.0.1"))
    parser.add_argument("--base", default="/", help="URL prefix to serve the folder under")
    parser.add_argument("--quiet", action="store_true", help="do not log requests")
    args = parser.parse_args(argv)
    try:
        server = make_server(args.directory, args.port, args.host, args.base, args.quiet)
    except OSError as exc:
        print(f"Cannot listen on {args.host}:{args.port}: {exc.strerror}", file=sys.stderr)
        return 1
    host, port = server.server_address[:2]
    shown = "localhost" if host in ("127.0.0.1", "0.0.0.0", "::", "::1") else host
    print(f"Serving the game at http://{shown}:{port}{server.base}  (Ctrl+C to stop)", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        print("\nStopped.")
    finally:
        server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
