"""The page's DOM helpers, once for all of ``game/web``.

    by_id(name), query(selector)   elements of the page
    el(tag, cls, text, **attrs)    a new element (``data_x=`` -> ``data-x``, ``for_=`` -> ``for``)
    close(*ids)                    close the dialogs that are open
    boot(method, *args)            the loading screen of index.html, while it is there
    Events                         the page's handlers: ``proxy``, ``on``, ``guard``, ``later``

``App`` owns one ``Events`` and lends its methods to the parts as
``app.proxy``, ``app.on``, ``app.guard`` and ``app.later``.
"""

from __future__ import annotations

import js
from pyodide.ffi import create_proxy
from pyscript import document

from game import GameError


def by_id(name: str):
    return document.getElementById(name)


def query(selector: str):
    return document.querySelector(selector)


def el(tag: str, cls: str = "", text: str = "", **attrs):
    node = document.createElement(tag)
    if cls:
        node.className = cls
    if text:
        node.textContent = text
    for key, value in attrs.items():
        node.setAttribute(key.rstrip("_").replace("_", "-"), str(value))
    return node


def close(*ids: str) -> None:
    for name in ids:
        node = by_id(name)
        if node is not None and node.open:
            node.close()


def boot(method: str, *args) -> None:
    loader = getattr(js.window, "boot", None)
    if loader is not None:
        getattr(loader, method)(*args)


class Events:
    """Handlers for the browser: kept alive (``proxy``), bound (``on``), never
    letting an exception reach the page (``guard``), or run once the next
    frame is on screen (``later``).

    ``refused(error)`` tells the player a ``GameError``; ``failed(error)``
    tells a bug plainly and keeps the page alive."""

    def __init__(self, refused, failed):
        self.refused, self.failed = refused, failed
        self.proxies: list = []
        self.pending: list = []  # work for after the next frame
        self._run_later = self.proxy(self.run_later)
        self._after_frame = self.proxy(lambda ts: js.setTimeout(self._run_later, 0))

    def proxy(self, fn):
        p = create_proxy(fn)
        self.proxies.append(p)
        return p

    def on(self, target, event: str, fn, capture: bool = False) -> None:
        target.addEventListener(event, self.proxy(fn), capture)

    def clicks(self, handlers: dict) -> None:
        """Each element (by id) runs its handler, with no argument, when clicked."""
        for name, fn in handlers.items():
            self.on(by_id(name), "click", self.guard(lambda event=None, fn=fn: fn()))

    def guard(self, fn):
        """``fn`` as an event handler: a refusal becomes a toast, a bug a notice."""

        def run(*args):
            try:
                js.SolTable.flush()  # a move table.js made ahead comes first (ahead.py)
                return fn(*args)
            except GameError as e:
                self.refused(e)
            except Exception as e:  # a bug: say so plainly, keep the page alive
                js.console.warn(f"solitaire: {type(e).__name__}: {e}")
                self.failed(e)
            return None

        return run

    def later(self, fn) -> None:
        """Run ``fn`` once the next frame is on screen: work the player need not
        wait for (looking for a Finish) stays out of a move's frame."""
        if fn in self.pending:
            return
        self.pending.append(fn)
        if len(self.pending) == 1:
            js.requestAnimationFrame(self._after_frame)

    def run_later(self) -> None:
        pending, self.pending = self.pending, []
        for fn in pending:
            self.guard(fn)()
