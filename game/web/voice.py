"""What the page tells the player in words: the toast (a refusal, a short
word), the notice row (what went wrong at start, a bug), and the polite
live region for screen readers (what was picked up, moved, drawn)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import js

from game import DEAL, REDEAL

from .dom import by_id
from .texts.cards import card_name
from .texts.ui import t

if TYPE_CHECKING:
    from .table import Table

TOAST_MS = 2800


class Voice:
    def __init__(self, app, table: Table):
        self.app = app  # the language, the proxies
        self.table = table  # a notice is placed where it covers fewer cards
        self.board = table.board  # the cards and piles a sentence names
        self.toast_timer = None
        self._hide = None
        self.ways_on = False  # the notice shown is a dead end's, with its ways on

    def toast(self, text: str, clear_of=()) -> None:
        """Show ``text`` for a moment, at the middle of the window's foot, or
        elsewhere where it would cover one of the elements ``clear_of`` (the
        cards a hint points at)."""
        node = by_id("toast")
        node.textContent = text
        node.classList.remove("placed")
        node.classList.add("show")
        if clear_of:
            _clear_place(node, [el.getBoundingClientRect() for el in clear_of])
        if self.toast_timer is not None:
            js.clearTimeout(self.toast_timer)
        if self._hide is None:
            self._hide = self.app.proxy(lambda *_: self.hide_toast())  # (a timer passes nothing; keep it so)
        self.toast_timer = js.setTimeout(self._hide, TOAST_MS)

    def hide_toast(self, text=None) -> None:
        """Hide the toast now; with ``text``, only while it still says that."""
        node = by_id("toast")
        if text is not None and str(node.textContent) != text:
            return  # other words came since: they keep their time
        node.classList.remove("show")
        if self.toast_timer is not None:
            js.clearTimeout(self.toast_timer)  # when hidden early: the next toast keeps its time
        self.toast_timer = None

    def notice(self, text: str, ways_on: bool = False) -> None:
        """Show ``text`` in the notice row; ``ways_on``: a dead end, with the
        ways on from it (Undo where the game has it and can, Give up, New deal)."""
        by_id("notice-text").textContent = text
        by_id("notice-actions").hidden = not ways_on
        self.ways_on = ways_on
        if ways_on:
            undo, tool = by_id("notice-undo"), by_id("btn-undo")
            undo.hidden, undo.disabled = bool(tool.hidden), bool(tool.disabled)
        by_id("notice").hidden = False
        self.table.place_notice()  # at the table's foot where it covers no card

    def close_notice(self) -> None:
        by_id("notice").hidden = True
        self.ways_on = False

    def close_dead_end(self) -> None:
        """The position changed: a dead end's notice (and its ways on) no longer applies."""
        if self.ways_on:
            self.close_notice()

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
        code = self.board.codes(pick.pile)[pick.index]
        key = "status.picked_up_run" if pick.count > 1 else "status.picked_up"
        self.say(key, card=self.name_card(code))

    def announce_change(self, change) -> None:
        move = change.move
        if move.is_stock_action:
            if move == REDEAL:
                self.say("status.turned_over")
            elif move == DEAL:
                self.say("status.dealt")
            elif change.cards:
                self.say("status.drawn", card=self.name_card(change.cards[-1]))
            return
        pile = self.board.pile_title(move.dst)
        self.say("status.moved", card=self.name_card(change.cards[0]), pile=pile)


def _clear_place(node, rects) -> bool:
    """Move the shown toast ``node`` where it covers none of ``rects`` (True),
    if it covers one where it stands, at the middle of the window's foot:
    to the foot's left or right end over the table, under the header, or
    just above the cards it covers. Where each of those covers one too, it
    stays (False)."""
    box = node.getBoundingClientRect()  # (it may still be sliding in: only its size is read)
    width, height = float(box.width), float(box.height)
    try:  # where it ends, above the window's foot (app.css: .toast's bottom, in px once computed)
        foot = (
            float(js.window.innerHeight)
            - float(str(js.window.getComputedStyle(node).bottom).removesuffix("px"))
            - height
        )
    except ValueError:
        foot = float(box.top)
    board = by_id("board").getBoundingClientRect()
    view = float(js.window.innerWidth)
    middle = (view - width) / 2
    header = float(by_id("topbar").getBoundingClientRect().bottom) + 8

    def clear(x, y) -> bool:
        return not any(
            float(r.left) < x + width
            and float(r.right) > x
            and float(r.top) < y + height + 4
            and float(r.bottom) > y - 4
            for r in rects
        )

    if clear(middle, foot):
        return False
    low = min(float(r.top) for r in rects if float(r.bottom) > foot - 4)
    for x, y in (
        (float(board.left) + 16, foot),
        (min(float(board.right), view) - 16 - width, foot),
        (middle, header),
        (middle, low - 12 - height),
    ):
        if y >= header and clear(x, y):
            style = js.document.documentElement.style
            style.setProperty("--toast-x", f"{x:.0f}px")
            style.setProperty("--toast-y", f"{y:.0f}px")
            style.setProperty("--toast-w", f"{width + 0.01:.2f}px")  # its words wrap as they did where measured
            node.classList.add("placed")
            return True
    return False
