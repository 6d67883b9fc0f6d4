"""Fair play around the table (RULES.md "Clock" and "Game over, everywhere").

- The clock: in practice play it waits for the player's first action and
  stands still while a dialog covers the table or the page is hidden; in a
  duel run it starts at Accept (the challenger: at the first action) and
  never stands still.
- Leaving a deal: a new deal, a restart or another game while a deal with a
  move is in play asks first (it counts as a loss), unless the player said
  not to ask again (the ``ask_leave`` setting). A duel run cannot be
  restarted: the deal is known by then.
- The stall notice: in practice play of a game with undo, "No more moves"
  offers Undo next to "End the game"; only the player's answer (or leaving)
  ends the game.

Runs in the page; ``hud.Clock`` keeps the time and the engine keeps the
game (``Game(stall_notice=True)``, ``stall_pending``, ``accept_stall``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import js
from pyodide.ffi import to_js
from pyscript import document
from pyscript.ffi import is_none

from .dom import by_id
from .hud import Clock
from .part import Part
from .texts.ui import t

if TYPE_CHECKING:
    from .duel_ui import DuelUI
    from .hud import Hud
    from .progress import Progress


class FairPlay(Part):
    def __init__(self, app, duel: DuelUI, hud: Hud, progress: Progress, open_rules):
        super().__init__(app)  # the controller: game, clock, settings, now
        self.duel = duel  # a duel run: its clock never pauses, and leaving it is not a loss
        self.hud = hud  # shows the time the clock holds at
        self.progress = progress  # whether the game counts in the statistics
        self.open_rules = open_rules  # Dialogs.open_rules: the duel's rules of fair play
        self.leaving = None  # what to do once the player agrees to leave the deal

    def wire(self) -> None:
        app = self.app
        # Any dialog opening or closing anywhere (picker, rules, statistics,
        # settings, shortcuts, the duel panel, the end...) holds or frees the clock.
        observer = js.MutationObserver.new(app.proxy(app.guard(lambda *_: self.sync_clock())))
        options = to_js(
            {"subtree": True, "attributes": True, "attributeFilter": ["open"]}, dict_converter=js.Object.fromEntries
        )
        observer.observe(document.body, options)
        self._observer = observer
        buttons = {
            "leave-yes": self.leave_confirmed,
            "leave-no": self.leave_cancelled,
            "stall-undo": self.stall_undo,
            "stall-end": self.stall_end,
        }
        app.clicks(buttons)
        app.on(by_id("leave-dialog"), "close", app.guard(lambda e: self.leave_closed()))
        # No Escape out of the stall notice: it has its two answers.
        app.on(by_id("stall-dialog"), "cancel", lambda e: e.preventDefault())
        app.on(by_id("setting-ask-leave"), "change", app.guard(self.ask_setting_changed))
        # The rules stay readable before a duel is accepted: over the duel's panel, its clock not started.
        app.on(by_id("duel-rules"), "click", app.guard(lambda e: self.open_rules()))

    # --- the clock --------------------------------------------------------------------------
    @property
    def duel_run(self) -> bool:
        return bool(self.duel.playing)

    def new_clock(self, game, restored=None) -> Clock:
        """The clock of a deal just put on the table."""
        now = js.performance.now()
        if restored is not None:
            played = restored.played
            return Clock(now, restored.elapsed if played else 0.0, running=played)
        session = self.duel.session
        accepted = self.duel_run and session is not None and session.from_link
        return Clock(now, 0.0, running=accepted)  # an answered duel counts from Accept

    def dealt(self, restored=None) -> None:
        self.sync_clock()  # a dialog may cover the table already

    def ended(self) -> None:
        self.app.clock.stop(js.performance.now())

    def first_action(self) -> None:
        """A move or a draw was played: the clock counts from now on."""
        clock = self.app.clock
        if clock is not None and not clock.started:
            clock.start(js.performance.now())
            self.sync_clock()

    def covered(self) -> bool:
        return not is_none(document.querySelector("dialog[open]"))

    def sync_clock(self) -> None:
        app = self.app
        clock = app.clock
        if clock is None:
            return
        now = js.performance.now()
        before = clock.running
        duel = self.duel_run  # a duel run's clock never stands still
        for reason, held in (("dialog", self.covered()), ("hidden", bool(document.hidden))):
            if held and not duel:
                clock.hold(reason, now)
            else:
                clock.release(reason, now)
        if before != clock.running and app.game is not None:
            self.hud.update(app.game, app.now())  # show the time it holds
        by_id("board").dataset.clock = "running" if clock.running else "held" if clock.started else "waiting"

    # --- leaving a deal ------------------------------------------------------------------------
    def at_stake(self) -> bool:
        """Leaving now would cost something: a deal with a move, not over, that
        counts (a dealt practice game, or a duel run)."""
        app = self.app
        game = app.game
        if game is None or game.over or not game.log:
            return False
        return self.duel_run or self.progress.counted()

    def ask_leave(self, then, restart: bool = False) -> None:
        """Run ``then`` (it replaces the deal), asking first when a loss is at stake."""
        app = self.app
        if restart and self.duel_run:
            app.show_toast(t(app.lang, "leave.no_restart_in_duel"))
            return
        if not self.at_stake() or (not self.duel_run and app.settings.get("ask_leave", True) is False):
            then()
            return
        self.leaving = then
        self.fill_leave(restart)
        dialog = by_id("leave-dialog")
        dialog.dataset.restart = "1" if restart else ""
        if not dialog.open:
            dialog.showModal()
        by_id("leave-no").focus()

    def fill_leave(self, restart: bool) -> None:
        lang = self.app.lang
        duel = self.duel_run
        by_id("leave-title").textContent = t(lang, "confirm.restart_title" if restart else "confirm.leave_title")
        by_id("leave-body").textContent = t(lang, "leave.duel_body" if duel else "leave.body")
        by_id("leave-yes").textContent = t(lang, "confirm.restart_yes" if restart else "confirm.leave_yes")
        by_id("leave-again-row").hidden = duel
        by_id("leave-again").checked = False

    def leave_confirmed(self) -> None:
        then, self.leaving = self.leaving, None
        if by_id("leave-again").checked and not self.duel_run:
            self.set_ask(False)
        by_id("leave-dialog").close()
        if then is not None:
            then()

    def leave_cancelled(self) -> None:
        self.leaving = None
        by_id("leave-dialog").close()

    def leave_closed(self) -> None:
        self.leaving = None  # Escape: the player stays

    def set_ask(self, ask: bool) -> None:
        app = self.app
        app.settings["ask_leave"] = bool(ask)
        app.save_settings()
        by_id("setting-ask-leave").checked = bool(ask)

    def ask_setting_changed(self, event) -> None:
        self.set_ask(bool(event.target.checked))

    def show_setting(self) -> None:
        by_id("setting-ask-leave").checked = self.app.settings.get("ask_leave", True) is not False

    # --- the stall notice -----------------------------------------------------------------------
    def stopped(self) -> None:
        """The game on the table is no longer in play: a stall the player may
        still undo out of is a notice, anything else is the end."""
        game = self.app.game
        if game.stall_pending:
            self.show_stall()
            return
        self.close_stall()
        self.app.finish()

    def show_stall(self) -> None:
        app = self.app
        by_id("stall-body").textContent = t(app.lang, "stall.body", score=app.game.score(app.now()))
        by_id("board").dataset.stall = "pending"
        dialog = by_id("stall-dialog")
        if not dialog.open:
            dialog.showModal()
        by_id("stall-undo").focus()

    def close_stall(self) -> None:
        by_id("board").dataset.stall = ""
        dialog = by_id("stall-dialog")
        if dialog.open:
            dialog.close()

    def stall_undo(self) -> None:
        self.close_stall()
        self.app.undo()
        if self.app.game.stall_pending:  # the undo was refused: the notice stays
            self.show_stall()

    def stall_end(self) -> None:
        app = self.app
        game = app.game
        if game.stall_pending:
            game.accept_stall(app.now())
        self.close_stall()
        app.after_action()

    def language_changed(self) -> None:
        if by_id("stall-dialog").open:
            self.show_stall()
        if by_id("leave-dialog").open:
            self.fill_leave(bool(by_id("leave-dialog").dataset.restart))
