"""One tap moves a card (issue 13, §3): the setting, and its last move.

With the setting *One tap moves a card* on (the default on touch screens), a
tap or click on a movable card, or on the run it heads, moves it at once to
its best place, and tapping the same cards again moves them on to the next
legal place in turn (``gestures.one_tap`` decides, for a tap and for Enter;
``cycle`` remembers the last such move). With no legal place the cards shake
and the reason is shown. Off, a tap selects and a second tap puts down, as
before. Drag and double tap always work.

The setting is ``one_tap`` (on, off) in ``solitaire.settings``; unset, it
follows ``(pointer: coarse)``.
"""

from __future__ import annotations

from typing import Optional

from .gestures import Cycle
from .part import Part

VALUES = ("on", "off")


class OneTap(Part):
    def __init__(self, app):
        super().__init__(app)
        self.cycle: Optional[Cycle] = None  # the last one-tap move (input.py writes it)

    # --- the setting ------------------------------------------------------------------
    def on(self) -> bool:
        value = self.app.settings.get("one_tap")
        if value in VALUES:
            return value == "on"
        import js

        return bool(js.window.matchMedia("(pointer: coarse)").matches)

    def wire(self) -> None:
        from pyscript import document

        app = self.app
        app.on(document.getElementById("settings-dialog"), "change", app.guard(self.setting_changed))
        self.show_setting()

    def show_setting(self) -> None:
        from pyscript import document

        value = "on" if self.on() else "off"
        for node in document.querySelectorAll('#settings-dialog input[name="one_tap"]'):
            node.checked = node.value == value

    def setting_changed(self, event) -> None:
        target = event.target
        if target.name != "one_tap" or target.value not in VALUES:
            return
        self.app.settings["one_tap"] = str(target.value)
        self.app.save_settings()
        self.cycle = None
