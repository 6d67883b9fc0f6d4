"""Pointer and keyboard input, performed on the page.

``static/js/table.js`` reports taps, double taps, grabs and drops on piles;
the keyboard arrives here directly. What each of them does is decided in one
place, ``gestures.resolve`` (plain Python: a move to play, cards to pick up
or let go, a refusal with its reason, or nothing); this part builds the view
it decides on (the board's cards, the selection, the drag, the one-tap
setting) and performs the outcome: it plays the step through ``App.play``
(the engine refuses with the reason), highlights, shakes and speaks.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable, Optional

from .gestures import Cycle, Deselect, Gesture, Nothing, Pick, Play, Refuse, Select, View, refusal, resolve
from .part import Part

if TYPE_CHECKING:
    from .board import Board
    from .onetap import OneTap
    from .sound import Sound

KEY_DIRECTIONS = {"ArrowLeft": "left", "ArrowRight": "right", "ArrowUp": "up", "ArrowDown": "down"}


class Input(Part):
    def __init__(self, app, board: Board, one_tap: OneTap, sound: Sound, ask_hint: Callable, open_shortcuts: Callable):
        super().__init__(app)  # the controller: game, play(), undo(), redo(), say()
        self.board = board
        self.one_tap = one_tap
        self.sound = sound
        self.ask_hint = ask_hint  # H: Hints.ask
        self.open_shortcuts = open_shortcuts  # ?: Dialogs.open_shortcuts
        self.handled: list[Callable] = []  # told after each gesture from table.js (ahead.py: what the next may do)
        self.selection: Optional[Pick] = None
        self.dragging: Optional[Pick] = None
        self.pointer = None  # table.js's pointer handling on the board, once wired

    # --- the lifecycle (part.py) -----------------------------------------------
    def wire(self) -> None:
        """table.js turns pointer input on the board into taps, drags and drops;
        the page's keys come here too."""
        import js
        from pyscript import document

        app = self.app

        def then_ready(fn):  # what the next gesture may do on its own (ahead.py), once this one is handled
            def run(*args):
                try:
                    return fn(*args)
                finally:
                    for then in self.handled:
                        then()

            return app.proxy(app.guard(run))

        handlers = js.Object.new()
        handlers.tap = then_ready(self.tap)
        handlers.double = then_ready(self.double)
        handlers.grab = then_ready(lambda pile, index: self.grab_for_js(pile, index))
        handlers.drop = then_ready(self.drop)
        handlers.cancel = then_ready(self.cancel)
        self.pointer = js.SolTable.attach(document.getElementById("board"), handlers)
        app.on(document, "keydown", app.guard(self.keydown))

    def dealt(self, restored=None) -> None:
        self.selection = self.dragging = None
        if self.pointer is not None:
            self.pointer.reset()

    def ended(self) -> None:
        self.deselect()

    # --- what the player sees and holds ------------------------------------------
    @property
    def game(self):
        return self.app.game

    def view(self, **known) -> View:
        """The board as ``gestures.resolve`` decides on it; ``known``: the
        position's legal moves and ranking, where the caller has them."""
        board, one_tap = self.board, self.one_tap
        slots = board.layout.slots
        piles = {p: board.codes(p) for p in board.cards}
        kinds = {p: slots[p].kind for p in piles if p in slots}
        on = one_tap.on()
        return View(piles, kinds, board.turned_pile, self.selection, self.dragging, on, one_tap.cycle, **known)

    def act(self, name: str, pile=None, at=None):
        """Resolve the gesture on the board as it is, and perform it."""
        return self.perform(resolve(self.game, self.view(), Gesture(name, pile, at)))

    # --- performing an outcome ------------------------------------------------------
    def perform(self, outcome) -> bool:
        """Do ``outcome`` on the page: True when it put cards down (a move)."""
        if isinstance(outcome, Play):
            return self.play(outcome)
        if isinstance(outcome, Select):
            self.select(outcome.pick, outcome.targets)
        elif isinstance(outcome, Deselect):
            self.deselect()
            if outcome.said:
                self.app.say(outcome.said)
        elif isinstance(outcome, Refuse):
            self.refuse(outcome)
        return False

    def play(self, outcome: Play) -> bool:
        app, game, pick = self.app, self.app.game, outcome.pick
        cards = tuple(self.board.codes(pick.pile)[pick.index :]) if outcome.cycle else ()
        self.selection = self.dragging = None  # a card dragged off the stock stays shown until it lands
        self.board.clear_selection()
        if outcome.cycle:
            self.one_tap.cycle = None
        ok = app.play(outcome.step, shake=outcome.shake)
        if not ok and pick is not None and pick.from_stock:
            self.board.peek_stock(False)
        if ok and outcome.cycle and game is app.game and game.status == "playing":
            turn, i = outcome.cycle
            self.one_tap.cycle = Cycle(game, game.steps, outcome.step.dst, cards, turn, i)
        return ok

    def select(self, pick: Pick, targets) -> None:
        self.selection = pick
        self.board.select(pick.pile, pick.index, pick.count)
        self.board.show_targets(targets)
        self.app.announce_pick(pick)
        self.sound.play("pick")

    def deselect(self) -> None:
        """Let go of the cards picked up, or dragged."""
        drag, self.selection, self.dragging = self.dragging, None, None
        self.board.clear_selection()
        if drag is not None and drag.from_stock:
            self.board.peek_stock(False)

    def refuse(self, outcome: Refuse) -> None:
        app, pick = self.app, outcome.pick
        self.deselect()
        if outcome.reason == "over":
            app.over_word()
            return
        self.board.shake(pick.pile, pick.index)
        if outcome.reason == "nowhere":  # one tap: say why, where a rule says more than "it does not fit"
            from .cues import cue_text
            from .texts.ui import t

            error = refusal(app.game.position, pick.pile, pick.count)
            if error is not None:
                app.show_toast(cue_text(app.lang, error, app.name_card))
            else:
                app.show_toast(t(app.lang, "tap.nowhere", card=app.name_card(outcome.card)))

    # --- from table.js ------------------------------------------------------------------
    def tap(self, pile, index) -> bool:
        """A tap on ``pile`` at card ``index``: True when it put cards down (a
        move), so that table.js never pairs it with the next tap as a double."""
        return self.act("tap", pile, index)

    def double(self, pile, index) -> None:
        """Double tap: a card goes to a foundation (Royal Retinue: to its pile)."""
        self.act("double", pile, index)

    def grab_for_js(self, pile, index):
        import js

        cards = self.grab(pile, index)
        return None if cards is None else js.Array.of(*cards)

    def grab(self, pile, index):
        """A drag starts: the cards that follow the pointer, as [pile, index,
        count, whether their own pile takes them as a move]."""
        outcome = resolve(self.game, self.view(), Gesture("grab", pile, index))
        if not isinstance(outcome, Select):
            self.perform(outcome)
            return None
        self.deselect()
        pick = outcome.pick
        if pick.from_stock:
            self.board.peek_stock(True)
        self.dragging = pick
        self.board.show_targets(outcome.targets)
        self.sound.play("pick")
        # The fourth: the cards may go back onto their own pile as a move (Royal
        # Retinue's turned card onto its rank's pile), so that pile is a target too.
        return [pick.pile, pick.index, pick.count, pick.pile in outcome.targets]

    def drop(self, dst) -> bool:
        """The dragged cards were let go over ``dst``: True if they moved there."""
        outcome = resolve(self.game, self.view(), Gesture("drop", dst))
        if isinstance(outcome, Nothing):
            self.board.show_targets([])
        return self.perform(outcome)

    def cancel(self) -> None:
        self.board.show_targets([])
        self.act("cancel")

    # --- keyboard --------------------------------------------------------------------------
    def keydown(self, event) -> None:
        """The page's keys, but not while a dialog or a field has them."""
        from pyscript.ffi import is_none

        target = event.target
        if event.altKey or event.metaKey or event.defaultPrevented:
            return
        if not is_none(target.closest("dialog, input, select, textarea")):
            return
        key = event.key
        pile_el = target.closest("#board [data-pile]")
        pile = None if is_none(pile_el) else str(pile_el.dataset.pile)
        if key in ("Enter", " ") and pile is None:
            return  # buttons and links keep their own keys
        if self.keyed(pile, key, bool(event.ctrlKey)):
            event.preventDefault()

    def keyed(self, pile, key: str, ctrl: bool = False) -> bool:
        """A key on ``pile`` (None: off the board), from keydown, or from
        table.js where it showed the key's move before Python ran (ahead.py):
        the focus follows the pile, then the key acts (``key``)."""
        if pile is not None and pile != self.board.focus:
            self.board.set_focus(pile, move_focus=False)
        return self.key(key, ctrl, pile is not None)

    def key(self, key: str, ctrl: bool, in_board: bool) -> bool:
        """Handle a key; True if it was used (the page then stops its default)."""
        app = self.app
        lower = key.lower() if len(key) == 1 else key
        if ctrl:
            if lower == "z":
                app.undo()
                return True
            if lower == "y":
                app.redo()
                return True
            return False
        if key in KEY_DIRECTIONS:
            self.move_focus(KEY_DIRECTIONS[key])
            return True
        if key == "Escape":
            if self.selection is None:
                return False
            self.act("key", self.board.focus, "Escape")
            return True
        if lower == "d":
            self.act("key", self.board.focus, "d")
            return True
        if lower == "u":
            app.undo()
            return True
        if lower == "h":
            self.ask_hint()
            return True
        if lower == "r":
            app.redo()
            return True
        if key == "?":
            self.open_shortcuts()
            return True
        if key in ("Enter", " ") and in_board:  # pick up, or put down, on the pile in focus
            self.act("key", self.board.focus, "Enter")
            return True
        return False

    def move_focus(self, direction: str) -> None:
        board = self.board
        here = board.focus
        target = board.layout.order[0] if here is None else board.layout.neighbour(here, direction)
        board.set_focus(target)
