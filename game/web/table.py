"""The table: the board drawn for the table's size, its layout kept in step
with the window (and the hint to turn an upright phone), and the board
root's ``data-`` attributes for the style sheet and the tests: ``status``
(playing, won, stalled, time-up, resigned), ``seed``, the stock's ``redeal``."""

from __future__ import annotations

import js

from game import REDEAL

from .board import Board
from .dom import by_id
from .looks import Looks
from .part import Part

RELAYOUT_MS = 90
NOTICE_ROOM = 16  # px: the notice's margin from the table's edge, and room between it and the cards


class Table(Part):
    def __init__(self, app, looks: Looks):
        super().__init__(app)  # the controller: game, seed, settings, lang
        self.board = Board(by_id("board"))
        self.looks = looks  # the layout for the table's size, with the player's card size and hand
        looks.resized.append(self.relayout)
        self.first_stage = lambda: None  # after an action, what to show first (None: the game; flow.py sets it)
        self.resize_timer = None
        self._relayout = None
        self.status_shown = None  # the board's data-status, as last written

    def wire(self) -> None:
        app = self.app
        self._relayout = app.proxy(app.guard(self.relayout))
        app.on(js.window, "resize", app.guard(lambda e: self.schedule_relayout()))
        app.on(by_id("turn-hint-close"), "click", app.guard(lambda e: self.close_turn_hint()))

    # --- the lifecycle ----------------------------------------------------------------------
    def dealt(self, restored=None) -> None:
        app, board = self.app, self.board
        spec = app.game.spec
        board.deal(spec, self.piles(), self.plan_table(spec), self.turned_pile())
        board.set_language(app.lang)
        self.show_state()
        root = by_id("board")
        root.dataset.seed = "" if app.seed is None else str(app.seed)
        root.hidden = False
        by_id("settings-faces").hidden = not board.face_choice
        self.place_notice()

    def redraw(self) -> None:
        """The board drawn afresh from the game (the page's copy went astray)."""
        app, board = self.app, self.board
        board.deal(app.game.spec, self.piles(), board.layout, self.turned_pile())
        board.set_language(app.lang)
        self.show_stock()

    def changed(self) -> None:
        """After an action: the board shows the game (or, while cards go home
        one by one, the first stage of that: flow.py)."""
        self.show(self.first_stage())
        self.show_state()

    def show(self, position=None) -> None:
        """Bring the board to ``position`` (None: the game's), moving only what
        changed: the one place the board is synced."""
        if position is None:
            position = self.app.game.position
        names = position.spec.pile_names
        piles = {names[i]: p for i, p in enumerate(position.piles)}
        turned = None if position.waiting is None else names[position.waiting]
        self.board.sync(piles, turned)

    def show_state(self) -> None:
        self.show_stock()
        self.show_status()
        self.place_notice()

    def show_stock(self) -> None:
        """Whether the empty stock turns the waste over, and how many more times."""
        game = self.app.game
        limit = game.spec.redeals  # None: unlimited; 0: none
        left = limit - game.position.redeals if limit else None
        self.board.set_stock_state(any(m == REDEAL for m in game.legal_moves()), left)

    def ended(self) -> None:
        self.show_status()

    def language_changed(self) -> None:
        self.schedule_relayout()  # the words have changed: the labels' room may have too

    def show_status(self) -> None:
        status = self.app.game.status
        if status != self.status_shown:
            self.status_shown = status
            self.board.root.dataset.status = status

    # --- the game's piles, by name --------------------------------------------------------------
    def piles(self) -> dict:
        game = self.app.game
        names = game.spec.pile_names
        return {names[i]: p for i, p in enumerate(game.position.piles)}

    def turned_pile(self):
        game = self.app.game
        w = game.position.waiting
        return None if w is None else game.spec.pile_names[w]

    # --- the table's size -----------------------------------------------------------------------
    def board_space(self) -> tuple[float, float]:
        """The table's size: the page's frame (app.css) fixes it, whatever the
        header and the toolbar hold, so it is known before the first deal."""
        table = by_id("board").parentElement
        box = table.getBoundingClientRect()  # exact, as the first visit's sketch (app.css) sees it
        return float(box.width), float(box.height)

    def plan_table(self, spec):
        """The board's layout for the table's size. Cards narrower than a finger
        on an upright phone (ten columns; twelve or more stand in two rows
        there, layout.py) bring the hint to turn it (a row above the table,
        until the player closes it): the board is planned again for the table
        that is left, before anything is drawn."""
        layout = self.looks.plan(spec, *self.board_space())
        upright = float(js.window.innerHeight) > float(js.window.innerWidth)
        wanted = layout.narrow and upright and self.app.settings.get("turn_hint") != "closed"
        hint = by_id("turn-hint")
        if bool(hint.hidden) == wanted:
            hint.hidden = not wanted
            layout = self.looks.plan(spec, *self.board_space())
        if wanted:  # a toast stands above the hint's row (app.css), not over it
            lift_toast("--hint-lift", hint)
        return layout

    def close_turn_hint(self) -> None:
        by_id("turn-hint").hidden = True
        self.app.settings["turn_hint"] = "closed"
        self.app.save_settings()
        self.relayout()

    def schedule_relayout(self) -> None:
        if self.resize_timer is not None:
            js.clearTimeout(self.resize_timer)
        self.resize_timer = js.setTimeout(self._relayout, RELAYOUT_MS)

    def relayout(self) -> None:
        self.resize_timer = None
        if self.app.game is None:
            return
        layout = self.plan_table(self.app.game.spec)
        if layout != self.board.layout:
            self.board.relayout(layout)
        self.place_notice()

    def place_notice(self) -> None:
        """A notice stands at the table's top or at its foot (app.css), where
        it hides fewer of the columns' last cards, then where it covers less
        of the cards: at the foot when the table is bare below them. Placed
        again as the cards move and as the window changes."""
        notice = by_id("notice")
        if notice.hidden or self.app.game is None or self.board.layout is None:
            return
        height = float(notice.offsetHeight)
        table_h = self.board_space()[1]  # the board stands at the table's top
        at_top = self.board.covered(0.0, height + NOTICE_ROOM)
        at_foot = self.board.covered(table_h - height - NOTICE_ROOM, table_h)
        foot = at_foot[1] == 0 or at_foot < at_top
        notice.classList.toggle("at-foot", foot)
        if foot:  # a toast stands above it (app.css), not over it
            lift_toast("--notice-lift", notice)


def lift_toast(name: str, element) -> None:
    """``element``'s top, as a height over the window's foot, in the page's
    ``name`` property: where a toast stands clear of it (app.css)."""
    lift = float(js.window.innerHeight) - float(element.getBoundingClientRect().top)
    js.document.documentElement.style.setProperty(name, f"{lift:.0f}px")
