"""A ``?duel=`` link checked at start, in slices: the page keeps drawing and
the loading screen counts up while the engine decodes the link and checks
every run in it (``game.duel.decoding``). Nothing here decides about the
duel: ``done`` gets the challenge, ``refused`` the engine's reason."""

from __future__ import annotations

import js

from game import duel
from game.duel import InvalidChallenge

from .dom import boot
from .texts.ui import t

SLICE_MS = 25  # a link is checked in slices this long, so the page keeps drawing


class LinkCheck:
    def __init__(self, href: str, lang: str, done, refused, wrap):
        """Check the link ``href``; ``wrap`` makes a callback the page may
        call (dom.Events: a proxy with the error guard)."""
        self.steps = duel.decoding(href)
        self.lang = lang
        self.done, self.refused = done, refused
        self.running = True
        self._slice = wrap(self.slice)
        boot("stage", t(lang, "duel.checking", percent=0), 95, 99)
        js.setTimeout(self._slice, 0)

    def slice(self) -> None:
        if not self.running:
            return
        now = js.performance.now
        deadline = now() + SLICE_MS
        progress = None
        try:
            while now() < deadline:
                progress = next(self.steps)
        except StopIteration as finished:
            self.running = False
            self.done(finished.value)
            return
        except InvalidChallenge as e:
            self.running = False
            self.refused(e)
            return
        if progress is not None:
            done, total = progress
            percent = int(100 * done / total) if total else 100
            boot("stage", t(self.lang, "duel.checking", percent=percent), 95, 99)
        js.setTimeout(self._slice, 0)
