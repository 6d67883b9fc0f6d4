"""Cards that go home by themselves, as the page shows them (issue 13, §2).

The engine plays a player's step and appends the cards that then go home
(``Game.play(step, at, home=mode)``: one step, one undo). The page shows
the player's own move at once, then the cards going home one at a time, a
short beat apart, so the eye can follow them. Any input (a press anywhere, a
key) skips what is left: the table jumps to the final position before the
input is handled, so a click never lands on a card that is still on its way.
Without animations (the setting, or ``prefers-reduced-motion``) the table
shows the final position at once.

``staged`` is plain Python (tested under CPython); the browser is imported
where it is used. The setting *Move cards home automatically* (``auto_home``: off, safe,
always; ``safe`` by default) lives in ``solitaire.settings``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.home import AutoHome

from .part import Part

if TYPE_CHECKING:
    from .table import Table

STAGE_MS = 110  # between two cards going home
DEFAULT_MODE = AutoHome.SAFE.value
MODES = tuple(m.value for m in AutoHome)


def staged(before, changes, player_moves: int) -> list:
    """The positions the table shows one after another for a step that
    ``before`` led to: after the player's own moves, then after each card
    that went home. ``changes`` are the step's changes (one per move)."""
    out = []
    position = before
    for i, change in enumerate(changes):
        position, _ = position.apply(change.move)
        if i + 1 >= player_moves:
            out.append(position)
    return out


class AutoHomeView(Part):
    """Plays the cards going home on the board, one at a time."""

    def __init__(self, app, table: Table):
        super().__init__(app)
        self.show = table.show  # the board brought to a position (None: the game's)
        table.first_stage = self.first_stage  # after a step, the table shows this first
        self.stages: list = []  # positions still to show, the last is the game's
        self.game = None  # the game the stages belong to
        self.waiting: list = []  # work for when the last card has landed (the win)
        self.timer = None
        self._tick = None
        self._skip = None  # skip, for table.js to call on any input while cards go home
        self._listening = False

    # --- the setting ------------------------------------------------------------------
    def mode(self) -> str:
        value = self.app.settings.get("auto_home", DEFAULT_MODE)
        return value if value in MODES else DEFAULT_MODE

    def wire(self) -> None:
        from pyscript import document

        app = self.app
        self._tick = app.proxy(app.guard(self.next_stage))
        self._skip = app.proxy(app.guard(self.skip))
        app.on(document.getElementById("settings-dialog"), "change", app.guard(self.setting_changed))
        self.show_setting()

    def listen(self, on: bool) -> None:
        """Any press or key skips the cards still going home: table.js calls
        ``skip`` first thing on a press or key (before the board, a button or
        a key handler sees it), but only while some are on their way, so that
        no other input waits for Python (ahead.py makes moves without it)."""
        import js

        if on == self._listening or self._skip is None:
            return
        self._listening = on
        js.SolTable.skipper(self._skip if on else None)

    def show_setting(self) -> None:
        from pyscript import document

        mode = self.mode()
        for node in document.querySelectorAll('#settings-dialog input[name="auto_home"]'):
            node.checked = node.value == mode

    def setting_changed(self, event) -> None:
        target = event.target
        if target.name != "auto_home" or target.value not in MODES:
            return
        self.app.settings["auto_home"] = str(target.value)
        self.app.save_settings()

    # --- a step was played ------------------------------------------------------------
    def landed(self, before, changes, player_moves: int) -> None:
        """``Game.play`` returned ``changes`` for a step of ``player_moves``
        moves of the player's own, played from ``before``."""
        self.stop()
        self.waiting = []
        if len(changes) <= player_moves or not self.animated():
            return
        self.game = self.app.game
        self.stages = staged(before, changes, player_moves)
        self.stages[-1] = self.game.position  # the same object: later changes show
        self.listen(True)

    @staticmethod
    def animated() -> bool:
        import js
        from pyscript import document

        reduced = js.window.matchMedia("(prefers-reduced-motion: reduce)").matches
        return not reduced and not document.documentElement.classList.contains("no-motion")

    @property
    def busy(self) -> bool:
        return bool(self.stages)

    def current(self) -> bool:
        """The stages still show the game on the table (no undo, deal or move since)."""
        game = self.app.game
        return bool(self.stages) and game is self.game and game.position is self.stages[-1]

    def first_stage(self):
        """After an action, what the table shows now (Table.changed): the
        first stage, the rest following one by one, or None (the game's
        position at once)."""
        if not self.current():
            self.stop()
            return None
        self.timer = self.app.js.setTimeout(self._tick, STAGE_MS)
        return self.stages.pop(0)

    def next_stage(self) -> None:
        self.timer = None
        if not self.current():
            self.stop()
            return
        self.show(self.stages.pop(0))
        if self.stages:
            self.timer = self.app.js.setTimeout(self._tick, STAGE_MS)
        else:
            self.done()

    def skip(self) -> None:
        """Any input: the cards still to go home are there at once."""
        if not self.stages:
            return
        if self.current():
            self.stages = []
            self.show()
        self.done()

    def after(self, fn) -> None:
        """Run ``fn`` once every card has landed (at once when none is flying)."""
        if self.current():
            self.waiting.append(fn)
        else:
            fn()

    def done(self) -> None:
        self.stop()
        waiting, self.waiting = self.waiting, []
        for fn in waiting:
            self.app.guard(fn)()

    def stop(self) -> None:
        if self.timer is not None:
            self.app.js.clearTimeout(self.timer)
            self.timer = None
        self.stages = []
        self.listen(False)
