"""Moves made ready ahead (issue 15): a move shows in the frame after the
pointer comes up, and Python catches up just after that frame.

While the page is idle, this part works out, for each legal move of the game
on the table, what the board would send to the page for it (``Board.forecast``:
the same ``sync`` that plays it, gathered instead of sent), and tells
``static/js/table.js`` which pointer gestures make which of those moves
(``gestures``): a tap on the stock, a tap on a pile with cards selected, a
drop, a double tap. When the player makes one of them, table.js applies the
prepared changes at once in its pointer handler, then calls Python with the
same gesture once the frame is drawn (``commit``): the board takes the
prepared record as its own (``Board.adopt``), and the usual handler plays the
move through the engine, so rules, score, autosave, sounds and words are the
engine's and the page's as ever; the board has nothing left to send.

The two sides stay in step by the board's epoch (``Changes``): prepared moves
are good only for the board they were worked out on, and any Python entry
runs what table.js still owes first (``flush``, from ``Events.guard``). A
gesture Python has not prepared, or one whose move the engine then refuses
(the clock ran out meanwhile), simply goes the usual way, or slides back.
"""

from __future__ import annotations

import json
from typing import NamedTuple

from game import DRAW, REDEAL, Move

from .part import Part
from .storage import AHEAD_KEY

IDLE_FALLBACK_MS = 50  # without requestIdleCallback: a slice of work this long after an update
SLICE_MS = 8  # the longest such slice


class Ready(NamedTuple):
    text: str  # the board's changes for the move, as table.js applies them
    record: tuple  # the board's record after them (Board.adopt)
    epoch: int  # the board they were worked out on


class Ahead(Part):
    def __init__(self, app):
        super().__init__(app)
        self.ready: dict = {}  # move text -> Ready
        self.epoch = None  # the board epoch ``ready`` and ``todo`` belong to
        self.todo: list = []  # moves still to work out
        self.scheduled = False
        self._work = None
        self._ranking = None  # (board epoch, onetap.ranking of its position)

    # --- the lifecycle (part.py) -----------------------------------------------
    def wire(self) -> None:
        import js

        app = self.app
        self._work = app.proxy(app.guard(self.work))
        app.board.changes.on_sent = lambda moved: self.schedule()
        js.SolTable.ahead(app.proxy(app.guard(self.commit)))

    def dealt(self, restored=None) -> None:
        self.schedule()

    def ended(self) -> None:
        self.publish()  # nothing to make ahead once the game is over (time up included)

    # --- working out, while the page is idle -----------------------------------
    def schedule(self) -> None:
        if self.scheduled or self._work is None:
            return
        import js

        self.scheduled = True
        idle = getattr(js.window, "requestIdleCallback", None)
        if idle is None:  # Safari: a short slice after a pause instead
            js.setTimeout(self._work, IDLE_FALLBACK_MS)
            return
        options = js.Object.new()
        options.timeout = 1000
        idle(self._work, options)

    def work(self, deadline=None) -> None:
        import js

        self.scheduled = False
        app, board = self.app, self.app.board
        if not app.playing or app.auto_home.busy:
            return  # the cards going home schedule this again as they land
        if self.epoch != board.epoch:
            self.epoch, self.ready, self.todo = board.epoch, {}, self.candidates()
        until = js.performance.now() + SLICE_MS
        while self.todo:
            left = deadline.timeRemaining() if hasattr(deadline, "timeRemaining") else until - js.performance.now()
            if left <= 2:
                break
            self.prepare(self.todo.pop(0))
        self.publish()
        if self.todo:
            self.schedule()

    def candidates(self) -> list:
        """The legal moves, the likeliest first: the stock, then home."""
        game = self.app.game
        moves = game.legal_moves()
        kind = self.app.input.kind
        return sorted(moves, key=lambda m: (m not in (DRAW, REDEAL), not (m.dst and kind(m.dst) == "foundation")))

    def prepare(self, move: Move) -> None:
        app, board = self.app, self.app.board
        try:
            after, _ = app.game.position.apply(move)
        except Exception:
            return
        names = after.spec.pile_names
        piles = {names[i]: p for i, p in enumerate(after.piles)}
        turned = None if after.waiting is None else names[after.waiting]
        text, record = board.forecast(piles, turned)
        self.ready[str(move)] = Ready(text, record, board.epoch)

    # --- what table.js may do on its own ---------------------------------------
    def gestures(self) -> dict:
        """Gesture -> [changes first (the selection let go), the move's
        changes, the move], for the moves ready now; the keys are table.js's
        calls: ``tap|pile|index`` (``*``: any index), ``double|pile|index``,
        ``drop|pile``, ``key|pile|Enter`` and ``key|*|d`` (a key on the pile
        in focus; ``*``: any pile)."""
        app, board, inp = self.app, self.app.board, self.app.input
        if not app.playing or app.auto_home.busy or self.epoch != board.epoch:
            return {}
        game = app.game
        sel, drag = inp.selection, inp.dragging
        out: dict = {}
        let_go = board.forecast_clear(True) if sel is not None else None

        def put(key: str, move: Move, first=None) -> None:
            ready = self.ready.get(str(move))
            if ready is not None:
                out[key] = [first, ready.text, str(move)]

        if game.spec.has_stock:
            put("tap|stock|*", app.stock_move(), let_go)
        if drag is not None:
            if not drag.from_stock:
                drop = board.forecast_clear(False)
                for dst in inp.legal_from(drag):
                    put(f"drop|{dst}", Move(drag.pile, dst, drag.count), drop)
            return out
        # Keys on a pile in focus (Input.key): D draws; Enter (or Space) puts
        # the selection there, or acts on the pile as Input.activate does.
        if game.spec.has_stock:
            put("key|*|d", app.stock_move(), let_go)
        if sel is not None:
            for dst in inp.legal_from(sel):
                put(f"tap|{dst}|*", inp.move_for(sel, dst), let_go)
            for dst in inp.legal_from(sel, any_count=True):
                put(f"key|{dst}|Enter", inp.move_for(sel, dst, flexible=True), let_go)
        elif game.spec.has_stock:
            put("key|stock|Enter", app.stock_move())
        legal = game.legal_moves()
        if sel is None and app.one_tap.on():  # a tap on a card moves it (onetap.py): each card's move
            order = self.ranking()

            def put_one_tap(key: str, pick) -> None:
                chosen = app.one_tap.choose(pick, order, legal) if pick is not None else None
                if chosen is not None:
                    put(key, chosen[0])

            for pile in board.cards:
                if pile == "stock":
                    continue
                for index in range(len(board.codes(pile))):
                    put_one_tap(f"tap|{pile}|{index}", inp.pickable(pile, index))
                put_one_tap(f"key|{pile}|Enter", inp.key_pick(pile, legal))  # Enter follows the setting too
        for pile in board.cards:  # a double tap sends a card home (Input.double)
            top = len(board.codes(pile)) - 1
            pick = inp.pickable(pile, top) if top >= 0 else None
            if pick is None or pick.count != 1:
                continue
            move = inp.home_move(pile, legal)
            if move is not None:
                put(f"double|{pile}|{top}", move, let_go)
        return out

    def ranking(self) -> dict:
        """The hint ranking's order for the board's position (onetap.ranking),
        worked out once for its epoch."""
        board = self.app.board
        if self._ranking is None or self._ranking[0] != board.epoch:
            from .onetap import ranking

            self._ranking = (board.epoch, ranking(self.app.game.position, self.app.one_tap.last_step()))
        return self._ranking[1]

    def publish(self) -> None:
        import js

        app = self.app
        gestures = self.gestures()
        journal = None  # what table.js writes down with a move it makes (storage.AheadMove)
        if gestures and not app.progress.in_duel():
            game = app.game
            journal = {
                "game": game.spec.id,
                "seed": game.seed,
                "steps": game.steps,
                "actions": len(game.log),
                "home": app.auto_home.mode(),
            }
        js.SolTable.ready(app.board.epoch, json.dumps(gestures, separators=(",", ":")), json.dumps(journal))

    # --- table.js applied one: Python catches up ---------------------------------
    def commit(self, move: str, epoch, name: str, *args) -> None:
        app, board = self.app, self.app.board
        ready = self.ready.get(str(move))
        if ready is None or ready.epoch != int(epoch) or board.epoch != int(epoch):
            app.table.redraw()  # cannot happen (both sides count the same epoch): draw the game afresh
        else:
            board.expected = ready.record  # the handler decides on the board as it was; its sync adopts this
        handler = {"tap": app.input.tap, "double": app.input.double, "drop": app.input.drop, "key": app.input.keyed}[
            str(name)
        ]
        try:
            handler(*args)
        finally:
            if board.expected is not None:  # refused after all (the clock ran out meanwhile): the cards go back
                board.sync(app.table.piles(), app.table.turned_pile())
            app.progress.store.remove(AHEAD_KEY)  # the move is in the game's own save now (or was refused)
            self.schedule()
