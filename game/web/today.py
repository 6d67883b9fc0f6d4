"""The daily deal at the front door: the Today tool deals today's deal of the
game on the table in one tap, and carries the daily streak (days in a row
with a daily deal won) as its badge. The streak is read from the history of
daily deals once the page is idle after the first deal (history.py is not
loaded before it), and again after each daily game.

A daily deal has a goal beside winning: win in under N moves, N from the
solver's winning line from the deal's start (``game/daily.py``). The worker
looks for that line in the background once a daily deal is dealt; until it
has found one, and where it finds none, the deal shows no goal (nothing
waits for it). The goal shows in the deal's line under the title and on the
Today tool; the win is measured against it (``progress.py``, the calendar)."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING

import js
from pyscript import document
from pyscript.ffi import is_none

from . import url
from .dom import by_id
from .part import Part
from .texts.ui import t

if TYPE_CHECKING:
    from .duel_ui import DuelUI
    from .progress import Progress

STREAK_AFTER_MS = 1200  # after the first deal: the history is read then, not in the boot


class Today(Part):
    def __init__(self, app, progress: Progress, duel: DuelUI):
        super().__init__(app)  # the controller: game, seed, lang, choose
        self.progress = progress  # the history of daily deals, for the streak
        self.duel = duel  # a duel's board shows no goal; a daily deal is challenged as a duel
        self.goal_shown: list = []  # told once the goal of the deal on the table is found
        self.streak = None  # None until read
        self.asked = False
        self.goals = {}  # (game id, daily deal number) -> N, or None: asked, or no line found
        self.asking = {}  # the solver's request id -> (game id, deal number)
        self._goal_found = app.proxy(app.guard(self.goal_found))

    def wire(self) -> None:
        self.app.clicks({"btn-today": self.deal_today})

    @staticmethod
    def today() -> str:
        return str(js.Date.new().toISOString())[:10]  # UTC, as the daily deal's rule

    def dealt(self, restored=None) -> None:
        if not self.asked:
            self.asked = True
            js.setTimeout(self.app.proxy(self.app.guard(self.read_streak)), STREAK_AFTER_MS)
        self.ask_goal()
        self.show()

    def ended(self) -> None:
        from game import daily  # deferred: start-up imports nothing of the daily deal

        if daily.date_of(self.app.seed) is not None:
            self.app.later(self.read_streak)  # once the day is recorded (progress, before this part)

    def language_changed(self) -> None:
        self.show()

    def read_streak(self) -> None:
        self.streak = self.progress.records.days.streak(self.today())
        self.show()

    def show(self) -> None:
        count = self.streak or 0
        by_id("today-streak").textContent = str(count) if count else ""
        title = t(self.app.lang, "daily.today_title", count=count)
        goal = self.goal()
        if goal is not None:  # today's deal is on the table
            title += "\n" + t(self.app.lang, "daily.goal", moves=goal)
        by_id("btn-today").title = title
        self.show_goal()

    def changed(self) -> None:
        if self.goal() is not None:
            self.show_goal()

    def show_goal(self) -> None:
        """The goal in the HUD, beside the moves ("< 180"), out of a duel's
        way; marked once the moves have reached it."""
        app = self.app
        goal = None if self.duel.active else self.goal()
        item = by_id("hud-goal")
        item.hidden = goal is None
        if goal is not None:
            value = item.querySelector("dd")
            value.textContent = f"< {goal}"
            item.title = t(app.lang, "daily.goal", moves=goal)
            item.classList.toggle("over", app.game.moves >= goal)

    # --- the day's goal ---------------------------------------------------------------------
    def goal_of(self, game_id: str, seed) -> int | None:
        """The goal of moves of a daily deal, once the solver has found its line."""
        return self.goals.get((game_id, seed))

    def goal(self) -> int | None:
        """The goal of the daily deal on the table (None for another deal)."""
        app = self.app
        if app.game is None or app.start_position is not None:
            return None
        return self.goal_of(app.game.spec.id, app.seed)

    def ask_goal(self) -> None:
        """A daily deal is on the table: ask the worker for its line (once a deal)."""
        app = self.app
        key = (app.game.spec.id, app.seed)
        if app.seed is None or app.seed < url.DAILY_FLOOR or app.start_position is not None or key in self.goals:
            return
        from game import daily, new_game  # deferred: start-up imports nothing of the daily deal

        solver = getattr(js.window, "SolSolver", None)
        if daily.date_of(app.seed) is None or solver is None or app.game.spec.forced:
            return
        self.goals[key] = None  # asked: no goal until the line is found
        start = json.dumps(new_game(*key).position.to_json(), sort_keys=True)
        self.asking[int(solver.keep("line", start, daily.GOAL_NODES, self._goal_found))] = key

    def goal_found(self, text) -> None:
        from game import daily

        data = json.loads(str(text))
        key = self.asking.pop(data.get("id"), None)
        if key is None or data.get("status") != "won" or not data.get("moves"):
            return  # no line within the budget: this deal has no goal
        self.goals[key] = daily.goal_moves(len(data["moves"]))
        app = self.app
        if app.game is not None and (app.game.spec.id, app.seed) == key:
            for show in self.goal_shown:
                show()
            self.show()

    def end_shown(self) -> None:
        """The end dialog of a daily game offers "Challenge a friend", and says
        whether the day's goal was met."""
        app = self.app
        if (
            app.seed is not None
            and app.seed >= url.DAILY_FLOOR
            or not is_none(document.getElementById("end-challenge"))
        ):
            from .daily_ui import show_challenge, show_goal  # deferred: start-up imports nothing of the daily deal

            show_challenge(app, self.duel)
            show_goal(app, self.goal())

    def deal_today(self) -> None:
        from game import daily  # deferred: start-up imports nothing of the daily deal

        app = self.app
        seed = daily.daily_number(self.today())
        if app.seed == seed and app.start_position is None:
            app.show_toast(t(app.lang, "daily.today_on_table"))
            return
        app.choose(app.game.spec.id, seed)
