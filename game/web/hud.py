"""The heads-up display: score, clock, moves, the time bonus, undo and redo.

No browser import: the controller hands in the elements, and a CPython test
hands in stand-ins. ``Clock`` keeps elapsed play time from the page's
``performance.now()`` readings (milliseconds) passed to it.
"""

from __future__ import annotations

from typing import Optional

from .part import Part
from .texts.ui import t


def format_clock(seconds: float) -> str:
    """``mm:ss`` (``h:mm:ss`` from one hour), never negative."""
    s = max(0, int(seconds))
    h, rest = divmod(s, 3600)
    m, s = divmod(rest, 60)
    return f"{h}:{m:02d}:{s:02d}" if h else f"{m:02d}:{s:02d}"


class Clock:
    """Elapsed play time. ``now`` is ``performance.now()`` in milliseconds.

    The clock waits until ``start`` (the player's first action, RULES.md
    "Clock"), unless made with ``running=True`` (a duel accepted, a resumed
    game that was already under way). While any reason is held (``hold``: a
    dialog over the table, a hidden page) it stands still, and ``release``
    of the last one lets it run on. ``stop`` ends it for good."""

    def __init__(self, now: float, offset: float = 0.0, running: bool = True):
        self.offset = offset  # seconds counted up to ``since`` (a restored game's time included)
        self.started = bool(running)
        self.stopped = False
        self.holds: set[str] = set()
        self.since: Optional[float] = now if running else None  # running since this reading

    def elapsed(self, now: float) -> float:
        if self.since is None:
            return self.offset
        return self.offset + max(0.0, (now - self.since) / 1000.0)

    def _fold(self, now: float) -> None:
        self.offset = self.elapsed(now)
        self.since = None

    def _run_if_free(self, now: float) -> None:
        if self.started and not self.stopped and not self.holds and self.since is None:
            self.since = now

    def start(self, now: float) -> None:
        """The first action: from now on the clock counts (unless held)."""
        if not self.started:
            self.started = True
            self._run_if_free(now)

    def hold(self, reason: str, now: float) -> None:
        if reason not in self.holds:
            self._fold(now)
            self.holds.add(reason)

    def release(self, reason: str, now: float) -> None:
        if reason in self.holds:
            self.holds.discard(reason)
            self._run_if_free(now)

    def stop(self, now: float) -> None:
        if not self.stopped:
            self._fold(now)
            self.stopped = True

    def pause(self, now: float) -> None:
        """Hold the time while the page is hidden; ``resume`` goes on from there."""
        self.hold("hidden", now)

    def resume(self, now: float) -> None:
        self.release("hidden", now)

    @property
    def running(self) -> bool:
        """Counting now: started, not stopped, nothing held."""
        return self.since is not None


class Hud(Part):
    """Writes the game's figures into the page, touching only what changed.
    As a part of the page (``app`` given) it follows the game on the table."""

    def __init__(self, score, time, moves, bonus, bonus_box, undo, undo_count, redo, time_label=None, app=None):
        super().__init__(app)
        self.el = {"score": score, "time": time, "moves": moves, "bonus": bonus}
        self.bonus_box = bonus_box
        self.undo, self.undo_count, self.redo = undo, undo_count, redo
        self.time_label = time_label
        self.shown: dict = {}
        self.lang = "en"
        self.after_update = None  # called with (game, at) after each update (the duel's ghost)
        self.play_buttons: tuple = ()  # Hint, Give up: nothing to do once the game is over (app.py)

    def dealt(self, restored=None) -> None:
        self.reset(self.app.game, self.app.lang)
        self.update(self.app.game, self.app.now())

    def changed(self) -> None:
        self.update(self.app.game, self.app.now())

    def ended(self) -> None:
        game = self.app.game
        self.update(game, game.end_time or game.clock)

    def language_changed(self) -> None:
        self.dealt()

    def _set(self, key: str, text: str) -> None:
        if self.shown.get(key) != text:
            self.shown[key] = text
            self.el[key].textContent = text

    def reset(self, game, lang: str) -> None:
        """A new game: which parts show, and their words."""
        self.lang = lang
        self.shown = {}
        spec = game.spec
        self.bonus_box.hidden = not spec.shows_bonus
        self.has_undo = spec.has_undo
        self.has_redo = spec.has_redo
        self.undo.hidden = not self.has_undo  # a game that never has undo shows no Undo
        self.redo.hidden = not self.has_redo
        # Say how time changes the score, where it does.
        penalty = spec.time_penalty
        self.el["score"].title = (
            t(lang, "hud.time_penalty_hint", points=penalty[0], seconds=penalty[1]) if penalty else ""
        )
        self.el["bonus"].title = t(lang, "hud.bonus_hint", points=spec.bonus_drop) if spec.shows_bonus else ""
        if self.time_label is not None:
            key = "hud.time_left" if game.time_limit is not None else "hud.time"
            self.time_label.textContent = t(lang, key)
        self.buttons_key = None
        self.show_clock()

    def show_clock(self) -> None:
        """The clock shows unless the player hid it (the ``clock`` setting) in
        practice play; a duel or a time limit always shows it. Hidden, it
        still runs and counts wherever the score counts time."""
        app = self.app
        if app is None or self.time_label is None or app.game is None:
            return
        hide = app.settings.get("clock") == "hidden" and app.practice and app.game.time_limit is None
        self.time_label.parentElement.hidden = hide

    def update(self, game, at: float) -> None:
        """The figures at elapsed time ``at`` (seconds)."""
        self._set("score", str(game.score(at)))
        if game.time_limit is not None:
            left = game.time_limit - (game.end_time if game.end_time is not None else at)
            self._set("time", format_clock(max(0.0, left) + 0.999))
        else:
            shown = game.end_time if game.end_time is not None else at
            self._set("time", format_clock(shown))
        self._set("moves", str(game.moves))
        if game.spec.shows_bonus:
            self._set("bonus", str(game.time_bonus(at)))
        self.update_buttons(game)
        if self.after_update is not None:
            self.after_update(game, at)

    def update_buttons(self, game) -> None:
        undo_steps, redo_steps = game.undo_steps, game.redo_steps
        over = game.status != "playing"
        key = (undo_steps, redo_steps, over, self.lang)
        if key == self.buttons_key:
            return
        self.buttons_key = key
        lang = self.lang
        for button in self.play_buttons:
            if over:
                self._disable(button, t(lang, "cue.game_over"))
            else:
                self._enable(button, "")
        if not self.has_undo:
            self._disable(self.undo, t(lang, "hud.no_undo"))
            self.undo_count.textContent = ""
        else:
            limited = game.spec.undo_depth is not None
            self.undo_count.textContent = str(undo_steps) if limited and undo_steps else ""
            if undo_steps:
                label = t(lang, "action.undo_left", count=undo_steps) if limited else t(lang, "action.undo")
                self._enable(self.undo, label)
            elif limited and game.moves:
                self._disable(self.undo, t(lang, "cue.undo_limit", count=game.spec.undo_depth))
            else:
                self._disable(self.undo, t(lang, "cue.nothing_to_undo"))
        if self.has_redo:
            if redo_steps:
                self._enable(self.redo, t(lang, "action.redo"))
            else:
                self._disable(self.redo, t(lang, "cue.nothing_to_redo"))

    @staticmethod
    def _enable(button, title: str) -> None:
        button.removeAttribute("aria-disabled")
        button.title = title

    @staticmethod
    def _disable(button, title: str) -> None:
        # aria-disabled, not disabled: the button keeps its tooltip and focus,
        # and a click on it explains why nothing happens.
        button.setAttribute("aria-disabled", "true")
        button.title = title
