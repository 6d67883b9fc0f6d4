"""The daily deal at the front door: the Today tool deals today's deal of the
game on the table in one tap, and carries the daily streak (days in a row
with a daily deal won) as its badge. The streak is read from the history of
daily deals once the page is idle after the first deal (history.py is not
loaded before it), and again after each daily game."""

from __future__ import annotations

import js

from .dom import by_id
from .part import Part
from .texts.ui import t

STREAK_AFTER_MS = 1200  # after the first deal: the history is read then, not in the boot


class Today(Part):
    def __init__(self, app):
        super().__init__(app)
        self.streak = None  # None until read
        self.asked = False

    def wire(self) -> None:
        self.app.clicks({"btn-today": self.deal_today})

    @staticmethod
    def today() -> str:
        return str(js.Date.new().toISOString())[:10]  # UTC, as the daily deal's rule

    def dealt(self, restored=None) -> None:
        if not self.asked:
            self.asked = True
            js.setTimeout(self.app.proxy(self.app.guard(self.read_streak)), STREAK_AFTER_MS)
        self.show()

    def ended(self) -> None:
        from game import daily  # deferred: start-up imports nothing of the daily deal

        if daily.date_of(self.app.seed) is not None:
            self.app.later(self.read_streak)  # once the day is recorded (progress, before this part)

    def language_changed(self) -> None:
        self.show()

    def read_streak(self) -> None:
        self.streak = self.app.progress.records.days.streak(self.today())
        self.show()

    def show(self) -> None:
        count = self.streak or 0
        by_id("today-streak").textContent = str(count) if count else ""
        by_id("btn-today").title = t(self.app.lang, "daily.today_title", count=count)

    def deal_today(self) -> None:
        from game import daily  # deferred: start-up imports nothing of the daily deal

        app = self.app
        seed = daily.daily_number(self.today())
        if app.seed == seed and app.start_position is None:
            app.show_toast(t(app.lang, "daily.today_on_table"))
            return
        app.choose(app.game.spec.id, seed)
