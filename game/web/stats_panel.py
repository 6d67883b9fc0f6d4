"""The Statistics panel: one game's figures (or every game's totals) and a
reset that asks first. Every word goes in as text."""

from __future__ import annotations

from pyscript import document

from game.catalog import PLAYER_GAMES

from .dom import by_id
from .stats import figures
from .texts.games import game_name
from .texts.ui import t

ALL = "all"


class StatsPanel:
    def __init__(self, progress):
        self.progress = progress
        self.choice = ALL  # the game shown: a game id or ALL
        self.can_reset = False
        self.more = None  # stats_more.StatsMore: the history, calendar and file, made when the panel opens

    @property
    def app(self):
        return self.progress.app

    def wire(self) -> None:
        app = self.app
        actions = {
            "btn-stats": self.open,
            "stats-reset": self.ask_reset,
            "stats-reset-yes": self.reset,
            "stats-reset-no": self.cancel_reset,
        }
        app.clicks(actions)
        app.on(by_id("stats-game"), "change", app.guard(self.chosen))
        for close in document.querySelectorAll("#stats-dialog [data-close]"):
            app.on(close, "click", lambda e: by_id("stats-dialog").close())

    @property
    def dialog(self):
        return by_id("stats-dialog")

    def open(self) -> None:
        for d in ("end-dialog", "rules-dialog", "settings-dialog", "picker"):
            node = by_id(d)
            if node is not None and node.open:
                node.close()
        game = self.app.game
        self.choice = game.spec.id if game is not None else ALL
        self.render()
        if not self.dialog.open:
            self.dialog.showModal()

    def refresh(self) -> None:
        if self.dialog.open:
            self.render()

    def chosen(self, event) -> None:
        value = str(event.target.value)
        if value == ALL or value in PLAYER_GAMES:
            self.choice = value
            self.render()

    def render(self) -> None:
        lang = self.app.lang
        select = by_id("stats-game")
        frame = document.createDocumentFragment()
        for value in (ALL, *PLAYER_GAMES):
            option = document.createElement("option")
            option.value = value
            option.textContent = t(lang, "stats.all_games") if value == ALL else game_name(lang, value)
            frame.append(option)
        select.replaceChildren(frame)
        select.value = self.choice
        stats = self.progress.stats
        whole = self.choice == ALL
        record = stats.total() if whole else stats.record(self.choice)
        rows = document.createDocumentFragment()
        for label, value in figures(lang, record, whole=whole):
            item = document.createElement("div")
            dt = document.createElement("dt")
            dt.textContent = label
            dd = document.createElement("dd")
            dd.textContent = value
            item.append(dt, dd)
            rows.append(item)
        by_id("stats-figures").replaceChildren(rows)
        by_id("stats-storage").hidden = not self.progress.store.failed
        if self.more is None:
            from .stats_more import StatsMore  # once the panel opens: nothing of it before the first deal

            self.more = StatsMore(self)
        self.more.render()
        self.can_reset = record.played > 0
        self.cancel_reset()

    def ask_reset(self) -> None:
        lang = self.app.lang
        if self.choice == ALL:
            text = t(lang, "stats.reset_all_confirm")
        else:
            text = t(lang, "stats.reset_confirm", game=game_name(lang, self.choice))
        by_id("stats-confirm-text").textContent = text
        by_id("stats-confirm").hidden = False
        by_id("stats-reset").hidden = True
        by_id("stats-reset-no").focus()

    def cancel_reset(self) -> None:
        by_id("stats-confirm").hidden = True
        by_id("stats-reset").hidden = not self.can_reset

    def reset(self) -> None:
        self.progress.stats.reset(None if self.choice == ALL else self.choice)
        self.progress.save_stats()
        self.progress.records.reset(None if self.choice == ALL else self.choice)
        self.render()
        self.app.show_toast(t(self.app.lang, "stats.reset_done"))
