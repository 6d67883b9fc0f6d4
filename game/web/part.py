"""The lifecycle every part of the page shares (board, HUD, hints, progress,
frame, duel, fair play, the cards that go home, ...).

``App`` (app.py) only composes: it keeps the parts in ``App.parts`` and calls
each hook on every part, in that order. A part writes the hooks it needs; the
others do nothing. No browser import: CPython tests make parts too.

    wire()              once, as the page starts: listeners, proxies
    dealt(restored)     a game is on the table (``app.game``): a new deal, or
                        ``restored`` (a ``storage.Slot``) put back
    changed()           after every move, undo, redo, resignation, time-up
    ended()             the game on the table has just ended (once per game)
    language_changed()  the player chose another language (``app.lang``),
                        with a game on the table

Order matters where one part reads what another wrote: the board is drawn
before the HUD, the HUD before the clock is synced, the statistics are
recorded (progress) before the win's news is worked out (win).
"""

from __future__ import annotations


class Part:
    def __init__(self, app):
        self.app = app

    def wire(self) -> None:
        pass

    def dealt(self, restored=None) -> None:
        pass

    def changed(self) -> None:
        pass

    def ended(self) -> None:
        pass

    def language_changed(self) -> None:
        pass
