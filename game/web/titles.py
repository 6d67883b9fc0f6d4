"""The page's titles and address: the game's name and deal number in the
header, the document's title, and the URL (``?game=…&seed=…``, the
``?position=`` a game started from, or the duel's ``?duel=…``), kept with
``history.replaceState`` so a reload or a shared link finds the same deal."""

from __future__ import annotations

from typing import TYPE_CHECKING

import js
from pyscript import document

from . import url
from .dom import by_id
from .part import Part
from .texts.games import game_name
from .texts.ui import t

if TYPE_CHECKING:
    from .duel_ui import DuelUI
    from .frame import Frame
    from .today import Today


class Titles(Part):
    def __init__(self, app, duel: DuelUI, frame: Frame, today: Today):
        super().__init__(app)  # the controller: game, seed, lang, the address's language
        self.duel = duel  # the address of a duel (?duel=…)
        self.frame = frame  # an embedded game's parameters, kept in every address
        self.today = today  # a daily deal's goal of moves

    def dealt(self, restored=None) -> None:
        self.refresh()
        self.update_url()

    def language_changed(self) -> None:
        self.refresh()

    def refresh(self) -> None:
        app = self.app
        name = game_name(app.lang, app.game.spec.id)
        by_id("game-title").textContent = name
        info = t(app.lang, "app.deal_info", number=app.seed) if app.seed is not None else ""
        short = ""
        if app.seed is not None and app.seed >= url.DAILY_FLOOR:  # a daily deal: its date
            from .daily_ui import deal_label

            info = deal_label(app.lang, app.seed) or info
            short = deal_label(app.lang, app.seed, short=True) or ""
            goal = self.today.goal()  # the day's goal of moves, once the solver found its line
            if goal is not None and short:  # (a phone's short line has no room: the HUD shows it, today.py)
                info = t(app.lang, "daily.with_goal", info=info, goal=t(app.lang, "daily.goal_tag", moves=goal))
        line = by_id("deal-info")
        line.textContent = info
        # A phone's header shows this instead, where the long date would be cut
        # before its day (app.css: .deal-info[data-short]).
        if short:
            line.dataset.short = short
        else:
            line.removeAttribute("data-short")
        document.title = f"{name} \u2013 {t(app.lang, 'app.title')}"

    def update_url(self) -> None:
        app = self.app
        query = self.duel.query()  # ?duel=…, while the board belongs to a duel
        lang = app.address_lang  # an address that named the language keeps it: a reload finds it
        if query is not None and lang:
            query += f"&lang={lang}"  # (one of the page's languages: parse_query checked it)
        elif query is None and app.start_position is not None:
            query = url.position_query(app.start_position, lang=lang, time_limit=app.time_limit)
        elif query is None:
            query = url.deal_query(app.game.spec.id, app.seed, lang=lang, time_limit=app.time_limit)
        query = url.keeping(query, self.frame.kept)  # an embedded game's address stays embedded
        try:
            js.history.replaceState(js.history.state, "", query)
        except Exception:
            pass
