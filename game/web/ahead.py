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
from dataclasses import replace
from typing import TYPE_CHECKING, NamedTuple

from game import DEAL, DRAW, REDEAL, Move

from .gestures import Play, gestures, last_step, outcomes, ranking
from .part import Part
from .storage import AHEAD_KEY

if TYPE_CHECKING:
    from .flow import AutoHomeView
    from .input import Input
    from .progress import Progress
    from .table import Table

IDLE_FALLBACK_MS = 50  # without requestIdleCallback: a slice of work this long after an update
SLICE_MS = 8  # the longest such slice


class Ready(NamedTuple):
    text: str  # the board's changes for the move, as table.js applies them
    record: tuple  # the board's record after them (Board.adopt)
    epoch: int  # the board they were worked out on


class Ahead(Part):
    def __init__(self, app, table: Table, input: Input, auto_home: AutoHomeView, progress: Progress):
        super().__init__(app)  # the controller: game, playing
        self.table = table  # the board, and its redraw and sync (Table.show)
        self.board = table.board
        self.input = input  # the view gestures are resolved on, and the handlers a prepared move runs
        self.auto_home = auto_home  # no moves are made ahead while cards go home
        self.progress = progress  # the store, for the journal of a move made ahead
        input.handled.append(self.publish)  # after each gesture: what the next one may do
        self.ready: dict = {}  # move text -> Ready
        self.epoch = None  # the board epoch ``ready`` and ``todo`` belong to
        self.todo: list = []  # moves still to work out
        self.scheduled = False
        self._work = None
        self._ranking = None  # (board epoch, gestures.ranking of its position)

    # --- the lifecycle (part.py) -----------------------------------------------
    def wire(self) -> None:
        import js

        app = self.app
        self._work = app.proxy(app.guard(self.work))
        self.board.changes.on_sent = lambda moved: self.schedule()
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
        app, board = self.app, self.board
        if not app.playing or self.auto_home.busy:
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
        slots = self.board.layout.slots
        return sorted(
            moves, key=lambda m: (m not in (DRAW, REDEAL, DEAL), not (m.dst and slots[m.dst].kind == "foundation"))
        )

    def prepare(self, move: Move) -> None:
        app, board = self.app, self.board
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
        changes, the move], for the moves ready now: every gesture the board
        allows (``gestures.outcomes``, the same decision ``Input`` performs)
        whose outcome plays a prepared move. The keys are table.js's calls
        (``Gesture.key``); a pile's taps or double taps that all make one
        move are one key, ``tap|pile|*``, and D on every pile ``key|*|d``
        (as table.js looks them up)."""
        app, board, inp = self.app, self.board, self.input
        if not app.playing or self.auto_home.busy or self.epoch != board.epoch:
            return {}
        game = app.game
        view = inp.view(legal=tuple(game.legal_moves()))
        if view.one_tap and view.selection is None and view.dragging is None:
            view = replace(view, order=self.ranking())  # a tap on a card moves it: one ranking for all
        if view.dragging is not None:
            first = board.forecast_clear(False)
        else:
            first = board.forecast_clear(True) if view.selection is not None else None
        plays: dict = {}
        for gesture, outcome in outcomes(game, view).items():
            if isinstance(outcome, Play) and isinstance(outcome.step, Move):
                ready = self.ready.get(str(outcome.step))
                if ready is not None:
                    plays[gesture] = [first, ready.text, str(outcome.step)]
        return gathered(plays, gestures(view))

    def ranking(self) -> dict:
        """The hint ranking's order for the board's position (gestures.ranking),
        worked out once for its epoch."""
        board = self.board
        if self._ranking is None or self._ranking[0] != board.epoch:
            game = self.app.game
            self._ranking = (board.epoch, ranking(game.position, last_step(game)))
        return self._ranking[1]

    def publish(self) -> None:
        import js

        app = self.app
        gestures = self.gestures()
        journal = None  # what table.js writes down with a move it makes (storage.AheadMove)
        if gestures and not self.progress.in_duel():
            game = app.game
            journal = {
                "game": game.spec.id,
                "seed": game.seed,
                "steps": game.steps,
                "actions": len(game.log),
                "home": self.auto_home.mode(),
            }
        js.SolTable.ready(self.board.epoch, json.dumps(gestures, separators=(",", ":")), json.dumps(journal))

    # --- table.js applied one: Python catches up ---------------------------------
    def commit(self, move: str, epoch, name: str, *args) -> None:
        board, inp = self.board, self.input
        ready = self.ready.get(str(move))
        if ready is None or ready.epoch != int(epoch) or board.epoch != int(epoch):
            self.table.redraw()  # cannot happen (both sides count the same epoch): draw the game afresh
        else:
            board.expected = ready.record  # the handler decides on the board as it was; its sync adopts this
        handler = {"tap": inp.tap, "double": inp.double, "drop": inp.drop, "key": inp.keyed}[str(name)]
        try:
            handler(*args)
        finally:
            if board.expected is not None:  # refused after all (the clock ran out meanwhile): the cards go back
                self.table.show()
            self.progress.store.remove(AHEAD_KEY)  # the move is in the game's own save now (or was refused)
            self.schedule()


def gathered(plays: dict, every: list) -> dict:
    """``plays`` (Gesture -> what table.js applies) keyed as table.js looks
    them up: ``tap|pile|*`` where every tap on the pile and its cards plays
    the same, ``key|*|d`` where D on every pile does; else one key per
    gesture."""
    groups: dict = {}
    for g in every:
        if g.name == "tap":
            group = ("tap", g.pile, "*")
        elif g.name == "key" and g.at == "d":
            group = ("key", "*", "d")
        else:
            group = g
        groups.setdefault(group, []).append(g)
    out: dict = {}
    for group, members in groups.items():
        first = plays.get(members[0])
        if len(members) > 1 and first is not None and all(plays.get(g) == first for g in members[1:]):
            out["|".join(group)] = first
            continue
        for g in members:
            if g in plays:
                out[g.key] = plays[g]
    return out
