"""The daily deal on the page: the picker's row that deals a day's deal, the
deal's line under the title, and "Challenge a friend" after a daily game
(the duel set up on that day's deal; the friend's page shows the date from
the deal's number, ``duel_view.facts``). The rule itself is ``game/daily.py``.

Loaded only when the picker opens, a daily deal is on the table, or a daily
game ends: never before the first deal of an ordinary visit.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import js
from pyodide.ffi import create_proxy
from pyscript import document
from pyscript.ffi import is_none

from game import daily

from .dom import el
from .history import date_text, short_date
from .texts.ui import t

if TYPE_CHECKING:
    from .duel_ui import DuelUI


def today() -> str:
    """Today's date in UTC, ``YYYY-MM-DD`` (the browser's clock)."""
    return str(js.Date.new().toISOString())[:10]


def deal_label(lang: str, seed, short: bool = False) -> str | None:
    """The line under the title for a daily deal, or None for another deal;
    ``short``: with the date in figures, for a phone's narrow header."""
    date = daily.date_of(seed)
    if date is None:
        return None
    if short:  # (Italian says it in fewer letters there: "Giornaliera")
        return t(lang, "daily.deal_info_short", date=short_date(lang, date))
    return t(lang, "daily.deal_info", date=date_text(lang, date))


def duel_deal(lang: str, seed) -> str | None:
    """The deal of a duel set up by "Challenge a friend": the day and the number."""
    date = daily.date_of(seed)
    return None if date is None else t(lang, "daily.duel_deal", date=date_text(lang, date), number=seed)


class PickerDaily:
    """The picker's "Daily deal of [day]" row: while it is ticked, a tile deals
    that game's deal of the day instead of a random or typed number."""

    def __init__(self, picker):
        self.picker = picker
        self.lang = "en"
        row = el("p", "picker-daily", id="picker-daily")
        self.check = el("input", "", type="checkbox", id="picker-daily-on")
        self.label = el("label", "", **{"for": "picker-daily-on"})
        self.label.append(self.check, el("span", "", id="picker-daily-label"))
        self.date = el("input", "", type="date", id="picker-daily-date", required="")
        self.date.setAttribute("aria-labelledby", "picker-daily-label")
        self.date.setAttribute("aria-describedby", "picker-daily-hint")
        self.hint = el("span", "hint", id="picker-daily-hint", aria_live="polite")
        row.append(self.label, self.date, self.hint)
        number_row = picker.number.closest("p")
        number_row.after(row)
        self.row = row
        self._changed = create_proxy(lambda event: self.update())
        for node in (self.check, self.date):
            node.addEventListener("change", self._changed)
            node.addEventListener("input", self._changed)

    def open(self, lang: str, seed=None) -> None:
        """Fresh each time the picker opens: today, ticked when today's deal
        (or the deal on the table, a daily one) is what the player had last."""
        self.lang = lang
        day = today()
        self.date.max = day
        self.date.min = daily.FIRST_DAY
        shown = daily.date_of(seed)
        self.date.value = shown or day
        self.check.checked = shown is not None
        by = document.getElementById("picker-daily-label")
        by.textContent = t(lang, "daily.picker_on")
        self.update()

    def day(self) -> tuple[str | None, str | None]:
        """``(date, problem)``: the chosen day, or the reason it cannot be dealt."""
        value = str(self.date.value or "")
        try:
            daily.check_day(value, today())
        except ValueError as e:
            if str(e) == "not dealt yet":
                return None, t(self.lang, "daily.picker_future", date=date_text(self.lang, value))
            return None, t(self.lang, "daily.picker_bad", first=date_text(self.lang, daily.FIRST_DAY))
        return value, None

    @property
    def on(self) -> bool:
        return bool(self.check.checked)

    def update(self) -> None:
        on = self.on
        self.row.classList.toggle("on", on)
        self.picker.number.disabled = on
        date, problem = self.day()
        if problem:
            text = problem
        else:
            text = t(self.lang, "daily.picker_hint", date=date_text(self.lang, date))
        self.hint.textContent = text
        self.hint.hidden = not on
        self.hint.classList.toggle("warn", bool(problem))

    def seed(self):
        """``(use, seed)``: whether the row decides the deal, and its number
        (None with a notice shown when the day cannot be dealt)."""
        if not self.on:
            return False, None
        date, problem = self.day()
        if problem:
            self.hint.textContent = problem
            self.hint.hidden = False
            self.date.focus()
            return True, None
        return True, daily.daily_number(date)


# --- after a daily game ------------------------------------------------------------------------
def show_challenge(app, duel_ui: DuelUI) -> None:
    """The end dialog of a daily game (not a duel's) offers "Challenge a friend"."""
    button = document.getElementById("end-challenge")
    if button is None or is_none(button):
        button = el("button", "", id="end-challenge", type="button")
        document.getElementById("end-new").after(button)
        app.on(button, "click", app.guard(lambda e: challenge(app, duel_ui)))
    button.textContent = t(app.lang, "daily.challenge")
    button.hidden = daily.date_of(app.seed) is None or bool(duel_ui.active)


def show_goal(app, goal: int | None) -> None:
    """The end dialog of a daily deal won, where the day has a goal: met or not."""
    line = document.getElementById("end-goal")
    if line is None or is_none(line):
        line = el("p", "end-goal", id="end-goal")
    document.getElementById("end-body").append(line)  # the body is filled afresh for each ending
    game = app.game
    line.hidden = goal is None or game.status != "won" or daily.date_of(app.seed) is None
    if not line.hidden:
        met = daily.goal_met(game.moves, goal)
        line.textContent = t(app.lang, "daily.goal_met" if met else "daily.goal_missed", moves=game.moves, goal=goal)
        line.classList.toggle("met", met)


def challenge(app, duel_ui: DuelUI) -> None:
    """A duel on the day's deal, with the usual time limit of the game: the
    player plays it as a duel run and gets the link to send."""
    from game import duel

    game_id, seed = app.game.spec.id, app.seed
    if daily.date_of(seed) is None:
        return
    end = document.getElementById("end-dialog")
    if end.open:
        end.close()
    duel_ui.open_setup(fixed=(game_id, seed, duel.default_time_limit(game_id)))
