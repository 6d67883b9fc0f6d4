"""The first-run guide: three short steps on a first visit (how to move,
what Hint and Undo do, and what the score rewards and costs where time
counts in it, else where the rules are). It stands over the table's foot
without taking the board's input or the focus, and once closed (the ``guide``
setting, "seen") it never shows again. Not in an embedded page."""

from __future__ import annotations

import string

from pyscript import document

from .dom import by_id, el
from .part import Part
from .texts.ui import TOOL_NAMES, t


def fill(node, lang: str, key: str) -> None:
    """``node`` shows the text ``key``; each ``{tool}`` in it is the tool's
    name in both forms (``TOOL_NAMES``), and the stylesheet shows the one
    the toolbar shows on this screen, so the words name the button as it reads."""
    node.textContent = ""
    for literal, field, _, _ in string.Formatter().parse(t(lang, key)):
        if literal:
            node.append(document.createTextNode(literal))
        if field:
            long_key, short_key = TOOL_NAMES[field]
            named = el("span", "named")
            named.append(el("span", "long", t(lang, long_key)), el("span", "short", t(lang, short_key)))
            node.append(named)


class Guide(Part):
    def __init__(self, app, progress):
        super().__init__(app)
        self.progress = progress  # keeps the settings (``guide``: "seen")
        self.step = None  # the step shown (0, 1, 2), None while closed

    def wire(self) -> None:
        self.app.clicks({"guide-next": self.next, "guide-back": self.back, "guide-close": self.close})

    def steps(self) -> tuple:
        spec = self.app.game.spec
        help_body = "guide.help_body" if spec.has_undo else "guide.help_body_no_undo"
        third = (
            ("guide.score_title", "guide.score_body")
            if spec.time_penalty
            else ("guide.rules_title", "guide.rules_body")
        )
        return (("guide.move_title", "guide.move_body"), ("guide.help_title", help_body), third)

    def dealt(self, restored=None) -> None:
        app = self.app
        if self.step is not None:
            self.show()  # the game's own words (Undo, the score)
            return
        if app.settings.get("guide") == "seen" or document.documentElement.classList.contains("embed"):
            return
        self.step = 0
        self.show()

    def language_changed(self) -> None:
        if self.step is not None:
            self.show()

    def show(self) -> None:
        lang, steps = self.app.lang, self.steps()
        title, body = steps[self.step]
        by_id("guide-count").textContent = t(lang, "guide.step", n=self.step + 1, of=len(steps))
        fill(by_id("guide-title"), lang, title)
        fill(by_id("guide-body"), lang, body)
        by_id("guide-back").hidden = self.step == 0
        by_id("guide-next").textContent = t(lang, "guide.done" if self.step == len(steps) - 1 else "guide.next")
        by_id("guide").hidden = False

    def next(self) -> None:
        if self.step is None:
            return
        if self.step >= len(self.steps()) - 1:
            self.close()
            return
        self.step += 1
        self.show()

    def back(self) -> None:
        if self.step:
            self.step -= 1
            self.show()

    def close(self) -> None:
        self.step = None
        by_id("guide").hidden = True
        self.app.settings["guide"] = "seen"
        self.progress.save_settings(self.app.settings)
