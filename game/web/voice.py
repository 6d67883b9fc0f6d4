"""What the page tells the player in words: the toast (a refusal, a short
word), the notice row (what went wrong at start, a bug), and the polite
live region for screen readers (what was picked up, moved, drawn)."""

from __future__ import annotations

import js

from game import REDEAL

from .dom import by_id
from .texts.cards import card_name
from .texts.ui import t

TOAST_MS = 2800


class Voice:
    def __init__(self, app):
        self.app = app
        self.toast_timer = None
        self._hide = None

    def toast(self, text: str) -> None:
        node = by_id("toast")
        node.textContent = text
        node.classList.add("show")
        if self.toast_timer is not None:
            js.clearTimeout(self.toast_timer)
        if self._hide is None:
            self._hide = self.app.proxy(self.hide_toast)
        self.toast_timer = js.setTimeout(self._hide, TOAST_MS)

    def hide_toast(self) -> None:
        by_id("toast").classList.remove("show")
        if self.toast_timer is not None:
            js.clearTimeout(self.toast_timer)  # when hidden early: the next toast keeps its time
        self.toast_timer = None

    def notice(self, text: str) -> None:
        by_id("notice-text").textContent = text
        by_id("notice").hidden = False
        self.app.table.place_notice()  # at the table's foot where it covers no card

    def close_notice(self) -> None:
        by_id("notice").hidden = True

    def say(self, key: str, **params) -> None:
        """Tell screen readers what happened (a polite live region)."""
        by_id("live").textContent = t(self.app.lang, key, **params)

    def name_card(self, code: str) -> str:
        game = self.app.game
        if game is None:
            return code
        try:
            return card_name(self.app.lang, code, game.spec.deck.name)
        except (ValueError, KeyError, TypeError):
            return code

    def announce_pick(self, pick) -> None:
        code = self.app.board.codes(pick.pile)[pick.index]
        key = "status.picked_up_run" if pick.count > 1 else "status.picked_up"
        self.say(key, card=self.name_card(code))

    def announce_change(self, change) -> None:
        move = change.move
        if move.is_stock_action:
            if move == REDEAL:
                self.say("status.turned_over")
            elif change.cards:
                self.say("status.drawn", card=self.name_card(change.cards[-1]))
            return
        pile = self.app.board.pile_title(move.dst)
        self.say("status.moved", card=self.name_card(change.cards[0]), pile=pile)
