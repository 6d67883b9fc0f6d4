"""Sound (issue 16): short sounds for picking up, putting down and turning
cards, a refused move, a shuffle and a win.

The sounds are made at run time with the Web Audio API by
static/js/sound.js, which the page loads only when the first sound is to
play (never before the first deal). Nothing plays before the player's first
tap, click or key (the browser's autoplay rule; static/js/start.js watches
for it), nor while sound is off. The settings are
``sound`` (on, off) and ``volume`` (0-100) in ``solitaire.settings``; unset,
sound is on, except where the system asks to save data
(``prefers-reduced-data``): then it stays off until the player turns it on,
and the module is never fetched. Where motion is reduced (the system's hint
or Animations off), the shuffle and the win are short.

Test hook: ``window.__sounds`` lists the sounds asked for and played, in
order; ``window.__soundsHeld`` those asked for before the first gesture,
which did not play.

``step_sounds`` is plain Python (tested under CPython); the class ties it to
the page.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game import DEAL, DRAW

from .part import Part

if TYPE_CHECKING:
    from .board import Board

NAMES = ("pick", "place", "flip", "refuse", "shuffle", "win")
MODULE = "./static/js/sound.js"
DEFAULT_VOLUME = 70


def step_sounds(changes) -> list[str]:
    """The sounds of a step the player played, in order: a draw (or
    Spider's deal) turns cards (flip), a move puts cards down (place), and a
    card that turned face up on the way flips after it. Cards that then went
    home by themselves put down once more after a flip; the same sound twice
    in a row plays once."""
    out: list[str] = []
    for change in changes:
        move = change.move
        if move in (DRAW, DEAL):
            name = "flip"
        else:  # a move, or the waste turned back into the stock (REDEAL)
            name = "place"
        if not out or out[-1] != name:
            out.append(name)
        if change.revealed is not None:
            out.append("flip")
    return out


class Sound(Part):
    def __init__(self, app, board: Board):
        super().__init__(app)
        self.board = board  # its refused moves shake: a sound
        self.loading = False
        self.queue: list = []  # sounds asked for while the module loads
        self.asked = self.held = None  # the test hook's lists (wire)
        # Kept between sounds (a move asks for one or two): each look-up in
        # the page costs a crossing from Python.
        self.queries: dict = {}  # media query -> its MediaQueryList
        self.player = None  # static/js/sound.js's SolSound, once loaded
        self.has_gestured = False  # once true, true for the page's life

    # --- the settings ----------------------------------------------------------------
    @property
    def on(self) -> bool:
        value = self.app.settings.get("sound")
        if value in ("on", "off"):
            return value == "on"
        return not self._media("(prefers-reduced-data: reduce)")

    @property
    def volume(self) -> int:
        value = self.app.settings.get("volume")
        return value if isinstance(value, int) and not isinstance(value, bool) else DEFAULT_VOLUME

    def _media(self, query: str) -> bool:
        mql = self.queries.get(query)
        if mql is None:
            mql = self.queries[query] = self.app.js.window.matchMedia(query)
        return bool(mql.matches)

    def short(self) -> bool:
        """Motion is reduced: the shuffle and the win are short."""
        from pyscript import document

        reduced = self._media("(prefers-reduced-motion: reduce)")
        return reduced or bool(document.documentElement.classList.contains("no-motion"))

    # --- the page --------------------------------------------------------------------------
    def wire(self) -> None:
        from pyscript import document

        js, app = self.app.js, self.app
        # setattr: a name with two leading underscores in a class body would be mangled
        self.asked, self.held = js.Array.new(), js.Array.new()
        setattr(js.window, "__sounds", self.asked)
        setattr(js.window, "__soundsHeld", self.held)
        app.on(document.getElementById("btn-sound"), "click", app.guard(lambda e: self.toggle()))
        dialog = document.getElementById("settings-dialog")
        app.on(dialog, "change", app.guard(self.setting_changed))
        app.on(document.getElementById("setting-volume"), "input", app.guard(self.volume_moved))
        self.board.on_shake = self.refused
        self.show_setting()

    def show_setting(self) -> None:
        from pyscript import document

        on = self.on
        button = document.getElementById("btn-sound")
        button.setAttribute("aria-pressed", "true" if on else "false")
        document.getElementById("setting-sound").checked = on
        volume = document.getElementById("setting-volume")
        volume.value = str(self.volume)
        volume.disabled = not on

    def toggle(self) -> None:
        self.set_on(not self.on)

    def set_on(self, on: bool) -> None:
        self.app.settings["sound"] = "on" if on else "off"
        self.app.save_settings()
        self.show_setting()
        if on:
            self.play("pick")  # the player hears at once what the sound is like

    def setting_changed(self, event) -> None:
        target = event.target
        if target.name == "sound":
            self.set_on(bool(target.checked))
        elif target.name == "volume":
            self.volume_moved(event)
            self.app.save_settings()
            self.play("place")

    def volume_moved(self, event) -> None:
        try:
            value = int(float(event.target.value))
        except (TypeError, ValueError):
            return
        self.app.settings["volume"] = max(0, min(100, value))
        player = getattr(self.app.js.window, "SolSound", None)
        if player is not None:
            player.volume(self.volume / 100)

    # --- what the game asks for --------------------------------------------------------------
    def dealt(self, restored) -> None:
        """A new deal is shuffled (a resumed one is not)."""
        if restored is None:
            self.play("shuffle")

    def played(self, changes) -> None:
        for name in step_sounds(changes):
            self.play(name)

    def refused(self) -> None:
        self.play("refuse")

    def play(self, name: str) -> None:
        if name not in NAMES or not self.on:
            return
        js = self.app.js
        if not self.gestured():
            self.held.push(name)  # the autoplay rule: not before a gesture
            return
        self.asked.push(name)
        player = self.player or getattr(js.window, "SolSound", None)
        if player is None:
            self.queue.append(name)
            self.load()
            return
        self.player = player
        player.play(name, self.volume / 100, self.short())

    def gestured(self) -> bool:
        """The player has pressed, tapped or typed in the page (static/js/start.js
        watches from the start), and the browser agrees where it tells."""
        if self.has_gestured:
            return True
        js = self.app.js
        looks = getattr(js.window, "SolLooks", None)
        if looks is None or not looks.gestured:
            return False
        active = getattr(js.navigator, "userActivation", None)
        self.has_gestured = active is None or bool(active.hasBeenActive)
        return self.has_gestured

    def load(self) -> None:
        """Add static/js/sound.js to the page, once; the sounds asked for meanwhile follow."""
        if self.loading:
            return
        from pyscript import document

        self.loading = True
        script = document.createElement("script")
        script.src = MODULE
        script.addEventListener("load", self.app.proxy(self.app.guard(lambda e: self.loaded())))
        document.head.append(script)

    def loaded(self) -> None:
        player = getattr(self.app.js.window, "SolSound", None)
        queue, self.queue = self.queue, []
        if player is None:
            return
        for name in queue:
            player.play(name, self.volume / 100, self.short())
