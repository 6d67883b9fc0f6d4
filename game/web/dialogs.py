"""The page's dialogs around a game: the picker, the rules, the settings
(card faces and backs), the keyboard shortcuts, giving up, and the end of
a game. Their markup is in index.html; words go in with ``textContent``."""

from __future__ import annotations

from typing import TYPE_CHECKING

from pyscript import document

from .board import FACE_SETS, Board
from .dom import by_id, close
from .looks import BACKS
from .panels import fill_end, fill_rules
from .part import Part
from .picker import Picker
from .shortcuts import fill_shortcuts
from .texts.ui import t

if TYPE_CHECKING:
    from .hud import Hud
    from .win import WinView

CLOSED_BY_A_DEAL = ("end-dialog", "confirm-dialog", "leave-dialog", "stall-dialog")


class Dialogs(Part):
    def __init__(self, app, board: Board, win: WinView, hud: Hud):
        super().__init__(app)  # the controller: game, seed, settings, lang, choose
        self.board = board  # its card faces and backs, as the settings choose them
        self.win = win  # what a win means, on the end panel
        self.hud = hud  # shows or hides the clock as its setting changes
        self.end_shown: list = []  # told as the end dialog is filled: a daily deal's lines (today.py)
        self.settings_shown: list = []  # told as the settings open: each part shows its own setting
        self.picker = Picker(by_id("picker"), by_id("picker-games"), by_id("picker-number"), app.choose)

    def wire(self) -> None:
        app = self.app
        buttons = {
            "btn-games": self.open_picker,
            "btn-giveup": self.ask_give_up,
            "btn-rules": self.open_rules,
            "btn-settings": self.open_settings,
            "btn-keys": self.open_shortcuts,
            "end-other": self.open_picker,
            "end-close": lambda: close("end-dialog"),
            "confirm-yes": self.give_up,
            "confirm-no": lambda: close("confirm-dialog"),
        }
        app.clicks(buttons)
        for dialog in ("picker", "rules-dialog", "settings-dialog", "keys-dialog"):
            for node in document.querySelectorAll(f"#{dialog} [data-close]"):
                app.on(node, "click", lambda e, d=dialog: by_id(d).close())
        app.on(by_id("settings-dialog"), "change", app.guard(self.settings_changed))

    def dealt(self, restored=None) -> None:
        close(*CLOSED_BY_A_DEAL)

    def language_changed(self) -> None:
        app = self.app
        if by_id("rules-dialog").open:
            fill_rules(by_id("rules-title"), by_id("rules-body"), app.lang, app.game.spec.id)
        if by_id("end-dialog").open:
            self.show_end()
        if by_id("picker").open:
            self.picker.open(app.lang, app.game.spec.id, app.seed)
        if by_id("keys-dialog").open:
            self.open_shortcuts()

    # --- the panels ---------------------------------------------------------------------------
    def open_picker(self) -> None:
        close("end-dialog", "rules-dialog", "settings-dialog")
        self.picker.open(self.app.lang, self.app.game.spec.id, self.app.seed)

    def open_rules(self) -> None:
        fill_rules(by_id("rules-title"), by_id("rules-body"), self.app.lang, self.app.game.spec.id)
        by_id("rules-dialog").showModal()

    def open_settings(self) -> None:
        board = self.board
        faces = board.faces if board.faces in FACE_SETS else FACE_SETS[0]
        for node in document.querySelectorAll('#settings-dialog input[name="faces"]'):
            node.checked = node.value == faces
        for node in document.querySelectorAll('#settings-dialog input[name="back"]'):
            node.checked = node.value == board.back
        by_id("setting-clock").checked = self.app.settings.get("clock") != "hidden"
        for show in self.settings_shown:
            show()
        by_id("settings-dialog").showModal()

    def open_shortcuts(self) -> None:
        """The "?" key and the Keyboard shortcuts tool: the keys this game has."""
        fill_shortcuts(by_id("keys-list"), self.app.lang, self.app.game.spec)
        dialog = by_id("keys-dialog")
        if not dialog.open:
            dialog.showModal()

    def settings_changed(self, event) -> None:
        app, target = self.app, event.target
        if target.name == "faces" and target.value in FACE_SETS:
            app.settings["faces"] = target.value
        elif target.name == "back" and target.value in BACKS:
            app.settings["back"] = target.value
        elif target.name == "show_clock":
            app.settings["clock"] = "shown" if target.checked else "hidden"
            self.hud.show_clock()
            app.save_settings()
            return
        else:
            return
        board = self.board
        board.set_art(app.settings.get("faces", board.faces), app.settings.get("back", board.back))
        app.save_settings()

    # --- giving up and the end ----------------------------------------------------------------
    def ask_give_up(self) -> None:
        app = self.app
        if app.over_word() or not app.playing:
            return
        by_id("confirm-title").textContent = t(app.lang, "confirm.give_up_title")
        by_id("confirm-body").textContent = t(app.lang, "confirm.give_up_body", score=app.game.score(app.now()))
        by_id("confirm-dialog").showModal()

    def give_up(self) -> None:
        close("confirm-dialog")
        app = self.app
        if app.playing:
            app.game.resign(app.now())
            app.after_action()

    def show_end_if_current(self, game):
        return lambda: self.show_end() if self.app.game is game else None

    def show_end(self) -> None:
        app = self.app
        game = app.game
        dialog = by_id("end-dialog")
        dialog.dataset.status = game.status
        fill_end(by_id("end-title"), by_id("end-body"), app.lang, game, game.score())
        self.win.fill(by_id("end-body"), app.lang, game, game.score())
        for show in self.end_shown:
            show()
        if not dialog.open:
            dialog.showModal()
            by_id("end-new").focus()
