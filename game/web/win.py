"""A win worth winning (issue 13, §5).

When the last card goes home the cards celebrate (static/js/celebrate.js:
they leap off the foundations and bounce over the table, or, without
motion, the table glows), skippable by any press or key. Then the end
dialog shows the score, the time and the moves, and what the win means:
a first win, a new best score, a fastest win, a streak; a practice
position (``?position=``) or a duel run says it is not counted.

``win_news`` is plain Python (tested under CPython); the class ties it to
the page.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Optional

from .hud import format_clock
from .part import Part

if TYPE_CHECKING:
    from .progress import Progress
    from .sound import Sound


def win_news(before, after, score: int, seconds: float, counted: bool) -> list[tuple[str, dict]]:
    """What a win means, as (text key, params): ``before`` and ``after`` are
    the game's statistics ``Record`` before and after this win was recorded
    (``counted``: it was; a practice game is not)."""
    if not counted or after is None or after.won <= (before.won if before else 0):
        return [("win.practice", {})]
    if before is None or before.won == 0:
        out = [("win.first", {})]
    else:
        out = []
        if before.best_score is None or score > before.best_score:
            out.append(("win.best_score", {}))
        if before.best_time is None or seconds < before.best_time:
            out.append(("win.fastest", {}))
    if after.streak >= 2:
        out.append(("win.streak", {"count": after.streak}))
    return out


class WinView(Part):
    def __init__(self, app, progress: Progress, sound: Sound):
        super().__init__(app)  # the controller: game, lang
        self.progress = progress  # the statistics, as they were before this game and after it
        self.sound = sound  # the win's fanfare
        self.news: list = []

    def ended(self) -> None:
        """The game is in the statistics by now (progress ends first): work out
        what the win means, against the record as it was before this game."""
        app = self.app
        game = app.game
        self.news = []
        if game is None or game.status != "won":
            return
        counted = bool(self.progress.recorded) and self.progress.counted()
        if app.arrived_over:  # put back over (a reload, another tab's win): nothing new to tell
            self.news = [] if counted else [("win.practice", {})]
            return
        after = self.progress.stats.record(game.spec.id) if counted else None
        seconds = game.end_time if game.end_time is not None else game.clock
        self.news = win_news(self.progress.before, after, game.score(), seconds, counted)

    def celebrate(self, then=None) -> None:
        """The cards celebrate; ``then`` (the end dialog) follows when they are done or skipped."""
        import js

        app = self.app
        self.sound.play("win")
        runner = getattr(js.window, "SolCelebrate", None)
        if runner is None:
            if then is not None:
                then()
            return
        done = app.proxy(app.guard(lambda: then())) if then is not None else None
        runner.run(done)

    def stop(self) -> None:
        import js

        runner = getattr(js.window, "SolCelebrate", None)
        if runner is not None:
            runner.stop()

    def fill(self, body_el, lang: str, game, score: int) -> None:
        """The won game's figures and news, at the top of the end dialog's body."""
        from pyscript import document

        from .texts.ui import t

        if game.status != "won":
            return
        figures = document.createElement("dl")
        figures.className = "win-figures"
        seconds = game.end_time if game.end_time is not None else game.clock
        for key, value in (
            ("win.score", str(score)),
            ("win.time", format_clock(seconds)),
            ("win.moves", str(game.moves)),
        ):
            box = document.createElement("div")
            dt = document.createElement("dt")
            dt.textContent = t(lang, key)
            dd = document.createElement("dd")
            dd.textContent = value
            dd.dataset.win = key.split(".")[1]
            box.append(dt, dd)
            figures.append(box)
        nodes = [figures]
        for key, params in self.news:
            p = document.createElement("p")
            p.className = "win-practice" if key == "win.practice" else "win-news"
            p.dataset.news = key.split(".")[1]
            p.textContent = t(lang, key, **params)
            nodes.append(p)
        first: Optional[object] = body_el.firstChild
        for node in nodes:
            body_el.insertBefore(node, first)
