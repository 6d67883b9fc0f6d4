"""Themes and the table (issue 16): light or dark, the table's colour, the
card back, the card size and the left-handed layout.

Every choice is a setting in ``solitaire.settings`` (storage.SETTINGS) and
applies at once. The scheme and the table's colour are attributes of
``<html>`` that the style sheet reads (``data-scheme``, ``data-table``);
static/js/start.js sets them from the saved settings before the first paint,
so a dark or blue table never flashes green, and follows the system's
``prefers-color-scheme`` while the theme is "auto". The card size and the
left-handed layout go into ``layout.plan``; the board is planned again at
once. The card back is the board's (``Board.set_art``).
"""

from __future__ import annotations

from . import storage
from .layout import SIZES, plan
from .part import Part

THEMES = storage.SETTING_VALUES["theme"]
TABLES = storage.SETTING_VALUES["table"]
BACKS = storage.SETTING_VALUES["back"]
HANDS = storage.SETTING_VALUES["hand"]
# The browser's bar colour (<meta name="theme-color">) for each table, light and dark.
BAR_COLOURS = {
    ("green", "light"): "#145233",
    ("green", "dark"): "#0c2b1a",
    ("blue", "light"): "#173f63",
    ("blue", "dark"): "#0d2238",
    ("burgundy", "light"): "#5c1526",
    ("burgundy", "dark"): "#330b15",
    ("charcoal", "light"): "#2b2f33",
    ("charcoal", "dark"): "#15181a",
}
# Radio groups of the settings dialog this module owns: name -> allowed values.
CHOICES = {"theme": THEMES, "table": TABLES, "card_size": SIZES, "back": BACKS}


def choice(settings: dict, name: str) -> str:
    """The setting ``name`` if it is one of its values, else its default (the first)."""
    allowed = CHOICES.get(name) or storage.SETTING_VALUES[name]
    value = settings.get(name)
    if name == "card_size" and value not in allowed:
        return "medium"
    return value if value in allowed else allowed[0]


class Looks(Part):
    def __init__(self, app):
        super().__init__(app)
        self.resized: list = []  # told when the card size or the hand changes (Table.relayout)

    # --- what the settings say ---------------------------------------------------------
    @property
    def settings(self) -> dict:
        return self.app.settings

    @property
    def left(self) -> bool:
        return self.settings.get("hand") == "left"

    def plan(self, spec, width: float, height: float):
        """The board's layout for the space, with the card size and the hand."""
        return plan(spec, width, height, size=choice(self.settings, "card_size"), left=self.left)

    # --- the page --------------------------------------------------------------------------
    def wire(self) -> None:
        from pyscript import document

        app = self.app
        app.on(document.getElementById("settings-dialog"), "change", app.guard(self.setting_changed))
        self.apply()

    def apply(self) -> None:
        """The scheme and the table's colour on <html>, and the browser's bar colour."""
        import js
        from pyscript import document

        theme, table = choice(self.settings, "theme"), choice(self.settings, "table")
        looks = getattr(js.window, "SolLooks", None)
        if looks is not None:
            looks.apply(theme, table)
            scheme = str(looks.scheme())
        else:
            scheme = "dark" if theme == "dark" else "light"
        meta = document.querySelector('meta[name="theme-color"]')
        if meta is not None:
            meta.setAttribute("content", BAR_COLOURS[(table, scheme)])

    def show_setting(self) -> None:
        """The dialog's controls as the settings are (when it opens)."""
        from pyscript import document

        for name in ("theme", "table", "card_size"):
            value = choice(self.settings, name)
            for node in document.querySelectorAll(f'#settings-dialog input[name="{name}"]'):
                node.checked = node.value == value
        document.getElementById("setting-hand").checked = self.left

    def setting_changed(self, event) -> None:
        target = event.target
        name, value = str(target.name), str(target.value)
        if name in ("theme", "table") and value in CHOICES[name]:
            self.settings[name] = value
            self.apply()
        elif name == "card_size" and value in SIZES:
            self.settings[name] = value
            self.changed_size()
        elif name == "hand":
            self.settings["hand"] = "left" if target.checked else "right"
            self.changed_size()
        else:
            return
        self.app.save_settings()

    def changed_size(self) -> None:
        for then in self.resized:
            then()
