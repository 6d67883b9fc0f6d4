"""Hint and Finish: the page's side of the solver worker.

The search runs in a Web Worker (static/js/solver.js, solver-worker.js) so
the page never waits. Every request is tied to the position it asked about:
an answer that arrives after the player moved is dropped (the worker's
answers carry request ids, and the position is compared too).

- Hint (button, H key): answered at once by the engine's ranking
  (``game.advice``, imported while the page is idle after the deal), with
  its reason in words ("Turn over a card: 7♠ to Column 3", "Only move",
  "Winning move"). Meanwhile the worker searches the position; a winning
  line it proves turns the hint on screen into "Winning move", and later
  hints follow that line while the player does. The source cards and the
  destination pile are highlighted until the next move. No hints in a duel.
- The worker itself starts only once the page is idle after the first deal.
- Finish: offered when ``auto_complete`` (cheap, run here) finds the moves
  that finish the game without choices; they are played one by one through
  ``App.play``, so score, undo and autosave stay right.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING

import js
from pyscript.ffi import is_none

from game import DEAL, DRAW, REDEAL
from game.reach import PAGE_BUDGET, next_deal, winnable_deals

from .dom import by_id
from .part import Part
from .texts.ui import t

if TYPE_CHECKING:
    from .board import Board
    from .duel_ui import DuelUI
    from .voice import Voice

HINT_BUDGET = 20_000
HINT_SECONDS = 1.0
WARM_MS = 4000  # at the latest, the worker boots this long after the page is idle
WORKER_AFTER_MS = 1500  # after the ranking is imported, this pause before the worker starts
IMPORT_WITHIN_MS = 1000  # the hint ranking is imported when idle, within this
FINISH_STEP_MS = 140
DEAL_BUDGET = PAGE_BUDGET  # a random deal when the shipped list is used up (game/reach.py measures it)
DEAL_SECONDS = 3.0
DEAL_TRIES = 6  # then the deal is kept unproved rather than keep the player waiting
LOST_BUDGET = 20_000  # the quiet check after each move, when "no way to win" is on
LOST_SECONDS = 1.5


def describe(lang: str, move, name_card, pile_label) -> str:
    """Plain words for a move: 'draw from the stock', 'deal a card onto
    every column', '7♠ to Column 3'."""
    if move == DRAW:
        return t(lang, "solver.draw")
    if move == REDEAL:
        return t(lang, "solver.redeal")
    if move == DEAL:
        return t(lang, "solver.deal")
    return t(lang, "solver.move", card=name_card(move.src, move.count), pile=pile_label(move.dst))


class Hints(Part):
    def __init__(self, app, board: Board, duel: DuelUI, voice: Voice):
        super().__init__(app)  # the controller: game, play, settings, start_game
        self.board = board  # the hinted cards are marked on it
        self.duel = duel  # a duel run gets no help (no_help)
        self.voice = voice  # the hint's words, taken away once the position changes
        self.asked = None  # the position (JSON text) of the hint in flight
        self.marked: list = []  # (element, class) of the highlight shown
        self.said = None  # the words of the hint in the toast, until the position changes
        self.finish_line = None  # engine moves that finish the game, when offered
        self.finishing = False
        self._answer = None
        self._step = None
        self._checked = None
        self.checking = None  # the position (JSON text) of the "no way to win" check in flight
        self.lost_told = None  # the game already told it is lost
        self.want_winnable = False  # the deal being started must be proved winnable in the worker
        self.deal_check = None  # its position (JSON text) while the worker solves it
        self.deal_tries = 0
        self._dealt = None
        self.line = None  # a winning line the worker proved (engine moves), from line_from
        self.line_from = None
        self.warmed = False

    def wire(self) -> None:
        app = self.app
        self._answer = app.proxy(app.guard(self.answered))
        self._step = app.proxy(app.guard(self.finish_step))
        app.on(by_id("btn-hint"), "click", app.guard(lambda e=None: self.ask()))
        app.on(by_id("btn-finish"), "click", app.guard(lambda e=None: self.finish()))
        app.on(by_id("setting-winnable"), "change", app.guard(self.winnable_changed))
        app.on(by_id("setting-lost"), "change", app.guard(self.lost_changed))
        self._checked = app.proxy(app.guard(self.checked))
        self._dealt = app.proxy(app.guard(self.deal_checked))
        by_id("setting-lost").checked = bool(app.settings.get("lost_notice"))

    # --- hint -----------------------------------------------------------------------------
    def position_text(self) -> str:
        return json.dumps(self.app.game.position.to_json(), sort_keys=True)

    def ask(self) -> None:
        """The Hint button and the H key: an answer at once from the engine's
        ranking (game/advice.py), in words that say why; the worker is then
        asked, in the background, for a winning line the next hint follows."""
        app = self.app
        if app.over_word() or not app.playing or self.finishing or self.duel.no_help:  # no hints in a duel run
            return
        self.clear()
        from game.advice import advise_game  # imported while idle after the deal: no wait here

        self.keep_line()
        advice = advise_game(app.game, self.line)
        self.show_advice(advice)
        solver = getattr(js.window, "SolSolver", None)
        if solver is not None and advice.kind not in ("winning", "none") and not app.game.spec.forced:
            self.asked = self.position_text()
            solver.ask("solve", self.asked, HINT_BUDGET, HINT_SECONDS, self._answer)

    def show_advice(self, advice) -> None:
        app = self.app
        board_el = by_id("board")
        board_el.dataset.hint = advice.kind
        board_el.dataset.hintReason = advice.reason
        if advice.step is None:
            board_el.dataset.hintMove = ""
            key = "hint.none" if advice.reason == "no_step" else "hint.no_gain"
            self.said = t(app.lang, key)
            app.show_toast(self.said)
            app.say(key)
            return
        board_el.dataset.hintMove = advice.text
        self.mark(advice.step)
        words = self.step_words(advice.step)
        text = t(app.lang, "hint.line", reason=t(app.lang, f"hint.reason.{advice.reason}"), move=words)
        self.said = text
        app.show_toast(text, clear_of=self.lit())
        by_id_live = by_id("live")
        if by_id_live is not None:
            by_id_live.textContent = text

    def step_words(self, step) -> str:
        app = self.app
        if len(step) > 1 and step[0] == DRAW:  # the stock's top card played straight on
            card = app.game.position.pile("stock")[-1].upper()
            return t(app.lang, "hint.from_stock", card=app.name_card(card), pile=self.pile_words(step[1].dst))
        return describe(app.lang, step[0], self.card_words, self.pile_words)

    def answered(self, text) -> None:
        """The worker's search for the hinted position: a winning line is kept
        (the next hints follow it), and the hint on screen becomes its first step."""
        app = self.app
        data = json.loads(str(text))
        if self.asked is None or not app.playing or self.asked != self.position_text():
            return  # the player moved on: a stale answer
        self.asked = None
        if data.get("status") != "won" or not data.get("moves"):
            return
        self.line, self.line_from = tuple(data["moves"]), app.game.position
        if self.marked:  # the hint is still on screen: say it is a winning move
            from game.advice import advise_game

            self.clear()
            self.show_advice(advise_game(app.game, self.line))

    def keep_line(self) -> None:
        """Keep a proved winning line in step with the game: after the step it
        named (and the cards that then went home) it goes on; anything else
        (an undo, another step, a new deal) drops it."""
        game = self.app.game
        if self.line is None or game is None:
            self.line = None
            return
        if game.position is self.line_from:
            return
        from game.advice import follow_line

        rest = None
        if game.history and game.history[-1].position is self.line_from and game.step_sizes:
            played = game.line[-game.step_sizes[-1] :]
            rest = follow_line(self.line_from, self.line, played)
        self.line, self.line_from = (tuple(rest), game.position) if rest else (None, None)

    def card_words(self, pile: str, count: int) -> str:
        codes = self.board.codes(pile)
        return self.app.name_card(codes[-count]) if len(codes) >= count else pile

    def pile_words(self, pile: str) -> str:
        """The pile's name ("Column 4"), without the count its label adds."""
        board = self.board
        return board.pile_title(pile) if pile in board.pile_els else pile

    def mark(self, step) -> None:
        board = self.board
        if len(step) > 1 and step[0] == DRAW:  # from the stock straight to a pile
            self.marked = [(board.pile_els[p], c) for p, c in (("stock", "hint-src"), (step[1].dst, "hint-dst"))]
            for el, cls in self.marked:
                el.classList.add(cls)
            return
        move = step[0]
        if move.is_stock_action:
            els = [board.pile_els["stock"]] if "stock" in board.pile_els else []
            self.marked = [(el, "hint-dst") for el in els]
        else:
            self.marked = [
                (el, "hint-src") for el in board.card_elements(move.src, len(board.codes(move.src)) - move.count)
            ]
            if move.dst in board.pile_els:
                self.marked.append((board.pile_els[move.dst], "hint-dst"))
        for el, cls in self.marked:
            el.classList.add(cls)

    def lit(self) -> list:
        """The elements the hint lights up: its cards, and each pile with its top card."""
        out = []
        for el, _ in self.marked:
            out.append(el)
            top = el.querySelector(":scope > .card:last-child") if el.classList.contains("pile") else None
            if not is_none(top):
                out.append(top)
        return out

    def clear(self) -> None:
        for el, cls in self.marked:
            el.classList.remove(cls)
        self.marked = []
        root = by_id("board")
        if root is not None:
            root.dataset.hint = ""
            root.dataset.hintMove = ""
            root.dataset.hintReason = ""

    # --- after every move, undo, redo and deal ------------------------------------------
    def changed(self) -> None:
        """The position changed: drop any hint, and offer Finish if the rest is trivial."""
        self.asked = None
        self.voice.close_dead_end()  # an undo, a resignation, a new deal: no longer the dead end
        solver = getattr(js.window, "SolSolver", None)
        if solver is not None:
            solver.cancel()
        self.clear()
        if self.said is not None:  # a hint's words are out of date once the cards moved
            self.voice.hide_toast(self.said)
            self.said = None
        self.keep_line()
        if self.finishing:
            return
        self.finish_line = None
        self.app.later(self.reconsider)  # not in the move's frame: it can wait a frame

    def reconsider(self) -> None:
        """After a change, once it is on screen: offer Finish if the rest is
        trivial, and ask whether the deal can still be won (if asked to)."""
        if self.finishing:
            return
        app = self.app
        solver = getattr(js.window, "SolSolver", None)
        if app.game is not None and app.playing and not app.game.spec.forced:
            # (Where every move is forced, a Finish would only tell the deal's fate.)
            from game.solver import auto_complete  # imported on first use: boot stays fast

            self.finish_line = auto_complete(app.game.position) or None
        self.show_finish()
        if self.duel.no_help:  # a duel run gets no "no way to win"
            return
        if app.settings.get("lost_notice") and app.playing and not self.finish_line and solver is not None:
            self.checking = self.position_text()
            solver.ask("solve", self.checking, LOST_BUDGET, LOST_SECONDS, self._checked, True)  # in the background

    def show_finish(self) -> None:
        button = by_id("btn-finish")
        offer = bool(self.finish_line) and self.app.playing and not self.finishing
        if button is not None and bool(button.hidden) == offer:
            button.hidden = not offer
            if offer:
                self.app.say("solver.finish_offer")

    # --- finish -----------------------------------------------------------------------------
    def finish(self) -> None:
        if not self.finish_line or not self.app.playing or self.finishing:
            return
        self.finishing = True
        self.show_finish()
        self.finish_step()

    def finish_step(self) -> None:
        app = self.app
        if not self.finishing:
            return
        if not self.finish_line or not app.playing:
            self.finishing = False
            self.finish_line = None
            self.show_finish()
            return
        move = self.finish_line.pop(0)
        if not app.play(move, home=False):  # the line already carries every card home
            self.finishing = False
            self.finish_line = None
            self.changed()
            return
        js.setTimeout(self._step, FINISH_STEP_MS)

    def dealt(self, restored=None) -> None:
        """A new deal: nothing in flight, nothing offered."""
        self.finishing = False
        self.lost_told = None
        self.line = self.line_from = None
        self.changed()
        self.when_idle()
        if self.want_winnable:
            self.want_winnable = False
            self.check_deal()
        else:
            self.deal_tries = 0
        self.show_winnable()

    def show_winnable(self) -> None:
        """The setting for this game: ticked as saved; where the solver proves
        no deal of the game winnable, not offered, and the words say why."""
        box, note = by_id("setting-winnable"), by_id("winnable-none")
        if box is None or self.app.game is None:
            return
        game_id = self.app.game.spec.id
        offered = winnable_deals(game_id).offered
        box.disabled = not offered
        box.checked = offered and game_id in self.app.settings.get("winnable", [])
        if note is not None:
            note.hidden = offered

    # --- while the player looks at a new deal ---------------------------------------------------
    def when_idle(self) -> None:
        """After the first deal, once the page is idle: import the hint ranking
        (so the first Hint answers at once), then start the solver worker (so
        its start does not compete with the first moves)."""
        if self.warmed:
            return
        self.warmed = True
        idle = getattr(js.window, "requestIdleCallback", None)
        app = self.app

        def when_idle_within(fn, ms):
            if idle is not None:
                options = js.Object.new()
                options.timeout = ms
                idle(app.proxy(app.guard(lambda deadline=None: fn())), options)
            else:
                js.setTimeout(app.proxy(app.guard(fn)), ms)

        def warm_worker():
            solver = getattr(js.window, "SolSolver", None)
            if solver is not None:
                solver.warm()

        def import_advice():
            import game.advice  # noqa: F401  (about 30 ms in Pyodide: not in the first click)

            js.setTimeout(app.proxy(lambda: when_idle_within(warm_worker, WARM_MS)), WORKER_AFTER_MS)

        when_idle_within(import_advice, IMPORT_WITHIN_MS)

    # --- "no way to win" ----------------------------------------------------------------------
    def checked(self, text) -> None:
        """The worker's answer to the quiet check after a move: tell a proved loss, once."""
        app = self.app
        data = json.loads(str(text))
        if self.checking is None or not app.playing or self.duel.no_help or self.checking != self.position_text():
            return
        self.checking = None
        if data.get("status") == "won" and data.get("moves"):  # a winning line: the next hint follows it
            self.line, self.line_from = tuple(data["moves"]), app.game.position
        if data.get("status") == "lost" and self.lost_told is not app.game:
            self.lost_told = app.game
            app.show_notice(t(app.lang, "solver.lost"), ways_on=True)

    def lost_changed(self, event) -> None:
        self.app.settings["lost_notice"] = bool(event.target.checked)
        self.app.save_settings()
        self.changed()

    # --- winnable deals only --------------------------------------------------------------------
    def winnable_changed(self, event) -> None:
        app = self.app
        on = set(app.settings.get("winnable", []))
        game_id = app.game.spec.id
        if event.target.checked:
            on.add(game_id)
        else:
            on.discard(game_id)
        app.settings["winnable"] = sorted(on)
        app.save_settings()

    def next_deal(self, game_id: str):
        """The next proved-winnable number for ``game_id`` when the setting is on,
        else None (a random deal). Goes through the shipped list in order; when
        it is used up, None: the deal is then checked in the worker (see dealt)."""
        app = self.app
        if game_id not in app.settings.get("winnable", []):
            return None
        used = dict(app.settings.get("winnable_next", {}))
        nxt = next_deal(game_id, int(used.get(game_id, 0)))
        self.want_winnable = nxt.prove  # a random deal, proved in the worker before it counts
        if nxt.number is not None:
            used[game_id] = nxt.used
            app.settings["winnable_next"] = used
            app.save_settings()
        return nxt.number

    def check_deal(self) -> None:
        """The shipped list is used up: solve this random deal in the worker and
        deal again if it is not proved winnable (at most DEAL_TRIES times)."""
        app = self.app
        solver = getattr(js.window, "SolSolver", None)
        if solver is None or not app.playing or self.deal_tries >= DEAL_TRIES:
            self.deal_tries = 0
            return
        self.deal_check = self.position_text()
        app.show_toast(t(app.lang, "solver.searching_deal"))
        solver.ask("solve", self.deal_check, DEAL_BUDGET, DEAL_SECONDS, self._dealt)

    def deal_checked(self, text) -> None:
        app = self.app
        data = json.loads(str(text))
        if self.deal_check is None or not app.playing or app.game.moves or self.deal_check != self.position_text():
            return  # the player started playing it, or left it
        self.deal_check = None
        if data.get("status") == "won" or data.get("status") == "error":
            self.deal_tries = 0
            return
        self.deal_tries += 1
        self.want_winnable = True
        app.start_game(app.game.spec.id, None, limit=app.time_limit)
