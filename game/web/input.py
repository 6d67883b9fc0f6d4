"""Pointer and keyboard input turned into engine moves.

``static/js/table.js`` reports taps, double taps, grabs and drops on piles;
the keyboard arrives here directly. What may be picked up is a matter of
what the player can see (a face-up card and the cards on it, the top of the
waste or a foundation, Royal Retinue's turned card); whether it may go
somewhere is always the engine's answer (``legal_moves`` to highlight,
``play`` raising ``IllegalMove`` with the reason to refuse).
"""

from __future__ import annotations

from typing import NamedTuple, Optional

from game import Move
from game.cards import is_face_down

from .part import Part

KEY_DIRECTIONS = {"ArrowLeft": "left", "ArrowRight": "right", "ArrowUp": "up", "ArrowDown": "down"}


class Pick(NamedTuple):
    pile: str
    index: int
    count: int
    from_stock: bool = False  # Forty Thieves family: the stock's top card, played directly


class Input(Part):
    def __init__(self, app):
        super().__init__(app)  # the controller: game, board, play(), stock(), undo(), redo(), cue()
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
                    app.ahead.publish()

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

    # --- what can be picked up ---------------------------------------------------
    @property
    def game(self):
        return self.app.game

    @property
    def board(self):
        return self.app.board

    def kind(self, pile: str) -> str:
        return self.board.layout.slots[pile].kind

    def pickable(self, pile: str, index: int) -> Optional[Pick]:
        """The cards a press on card ``index`` of ``pile`` picks up, if any."""
        if pile not in self.board.cards:
            return None
        codes = self.board.codes(pile)
        if not codes:
            return None
        kind = self.kind(pile)
        top = len(codes) - 1
        if kind in ("waste", "foundation"):
            index = top  # only the top card of a stacked pile can be taken
        elif kind == "labelled":
            if pile != self.board.turned_pile:
                return None
            index = top
        elif kind == "stock":
            return None
        if not 0 <= index <= top or is_face_down(codes[index]):
            return None
        return Pick(pile, index, top - index + 1)

    def stock_direct(self) -> bool:
        """Can the stock's top card be played directly (``spec.stock_play``:
        RULES.md, the same as drawing it and playing it, one step)?"""
        return self.game.spec.stock_play and bool(self.board.codes("stock"))

    def legal_from(self, pick: Pick, any_count: bool = False) -> list:
        if pick.from_stock:
            return self.game.stock_targets()
        moves = self.game.legal_moves()
        return [
            m.dst
            for m in moves
            if m.src == pick.pile and (m.count == pick.count or any_count and m.count <= pick.count)
        ]

    # --- choosing the move --------------------------------------------------------------
    def move_for(self, pick: Pick, dst: str, flexible: bool = False) -> Move:
        """The move that puts ``pick`` on ``dst``; ``flexible`` (keyboard): the
        longest legal part of the picked run."""
        if flexible:
            counts = [
                m.count
                for m in self.game.legal_moves()
                if m.src == pick.pile and m.dst == dst and m.count <= pick.count
            ]
            if counts:
                return Move(pick.pile, dst, max(counts))
        return Move(pick.pile, dst, pick.count)

    def put(self, pick: Pick, dst: str, flexible: bool = False) -> bool:
        if pick.from_stock:
            return self.app.play_from_stock(dst)
        return self.app.play(self.move_for(pick, dst, flexible), shake=(pick.pile, pick.index))

    # --- selection ---------------------------------------------------------------------
    def select(self, pick: Pick, any_count: bool = False) -> None:
        self.selection = pick
        self.board.select(pick.pile, pick.index, pick.count)
        self.board.show_targets(self.legal_from(pick, any_count))
        self.app.announce_pick(pick)
        self.app.sound.play("pick")

    def deselect(self) -> None:
        self.selection = None
        self.board.clear_selection()

    # --- from table.js ------------------------------------------------------------------
    def tap(self, pile, index) -> bool:
        """A tap on ``pile`` at card ``index``: True when it put cards down (a
        move), so that table.js never pairs it with the next tap as a double."""
        if pile is None:
            self.deselect()
            return False
        if not self.app.playing:
            self.app.over_word()
            return False
        sel = self.selection
        if pile == "stock":
            self.deselect()
            self.app.stock()
            return False
        if sel is not None:
            # The selection's own pile takes it only where that is a move
            # (Royal Retinue: a card of its own pile's rank); else a tap there
            # picks another card of it or lets go.
            if pile == sel.pile and pile not in self.legal_from(sel):
                again = self.pickable(pile, index)
                if again is None or again.index == sel.index:
                    self.deselect()
                else:
                    self.select(again)
                return False
            self.deselect()
            return bool(self.put(sel, pile))
        pick = self.pickable(pile, index)
        if pick is not None:
            if self.app.one_tap.on():  # the setting: a tap moves the cards at once
                self.app.one_tap.tap(pick)
            else:
                self.select(pick)
        return False

    def double(self, pile, index) -> None:
        """Double tap: a card goes to a foundation (Royal Retinue: to its pile)."""
        if pile is None or not self.app.playing:
            return
        if pile == "stock":
            self.tap(pile, index)
            return
        self.deselect()
        pick = self.pickable(pile, index)
        if pick is None or pick.count != 1:
            if pick is not None:
                self.board.shake(pick.pile, pick.index)
            return
        move = self.home_move(pile)
        if move is not None:
            self.app.play(move)
            return
        self.board.shake(pile, pick.index)

    def home_move(self, pile: str, legal=None) -> Optional[Move]:
        """The move a double tap on ``pile``'s top card makes: to a foundation
        (Royal Retinue: to its own pile); ``legal``: the legal moves, if known."""
        for move in self.game.legal_moves() if legal is None else legal:
            if (
                move.src == pile
                and move.count == 1
                and (self.kind(move.dst) == "foundation" or self.kind(pile) == "labelled")
            ):
                return move
        return None

    def grab_for_js(self, pile, index):
        import js

        cards = self.grab(pile, index)
        return None if cards is None else js.Array.of(*cards)

    def grab(self, pile, index):
        """A drag starts: the cards that follow the pointer, as [pile, index, count]."""
        if not self.app.playing:
            self.app.over_word()
            return None
        self.deselect()
        if pile == "stock":
            if not self.stock_direct():
                return None
            codes = self.board.codes("stock")
            pick = Pick("stock", len(codes) - 1, 1, from_stock=True)
            self.board.peek_stock(True)
        else:
            pick = self.pickable(pile, index)
            if pick is None:
                return None
        self.dragging = pick
        targets = self.legal_from(pick)
        self.board.show_targets(targets)
        self.app.sound.play("pick")
        # The fourth: the cards may go back onto their own pile as a move (Royal
        # Retinue's turned card onto its rank's pile), so that pile is a target too.
        return [pick.pile, pick.index, pick.count, pick.pile in targets]

    def drop(self, dst) -> bool:
        """The dragged cards were let go over ``dst``: True if they moved there."""
        pick, self.dragging = self.dragging, None
        self.board.show_targets([])
        if pick is None:
            return False
        if dst is None or dst == pick.pile and dst not in self.legal_from(pick):
            if pick.from_stock:
                self.board.peek_stock(False)
            return False
        ok = self.put(pick, dst)
        if pick.from_stock and not ok:
            self.board.peek_stock(False)
        return ok

    def cancel(self) -> None:
        pick, self.dragging = self.dragging, None
        self.board.show_targets([])
        if pick is not None and pick.from_stock:
            self.board.peek_stock(False)

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
            if self.selection is not None:
                self.deselect()
                app.say("status.cancelled")
                return True
            return False
        if lower == "d":
            self.deselect()
            app.stock()
            return True
        if lower == "u":
            app.undo()
            return True
        if lower == "h":
            app.hints.ask()
            return True
        if lower == "r":
            app.redo()
            return True
        if key == "?":
            app.dialogs.open_shortcuts()
            return True
        if key in ("Enter", " ") and in_board:
            self.activate(self.board.focus)
            return True
        return False

    def move_focus(self, direction: str) -> None:
        board = self.board
        here = board.focus
        target = board.layout.order[0] if here is None else board.layout.neighbour(here, direction)
        board.set_focus(target)

    def activate(self, pile) -> None:
        """Enter or Space on the pile in focus: pick up, or put down."""
        if pile is None:
            return
        if not self.app.playing:
            self.app.over_word()
            return
        sel = self.selection
        if sel is not None:
            self.deselect()
            if pile != sel.pile or pile in self.legal_from(sel, any_count=True):
                self.put(sel, pile, flexible=True)
            else:
                self.app.say("status.cancelled")
            return
        if pile == "stock":
            self.app.stock()
            return
        pick = self.key_pick(pile)
        if pick is None:
            return
        if self.app.one_tap.on():  # Enter follows the one-tap setting
            self.app.one_tap.tap(pick)
            return
        self.select(pick, any_count=True)

    def key_pick(self, pile: str, legal=None) -> Optional[Pick]:
        """What Enter on ``pile`` picks up: the longest run that can move
        from it (the top card if none can); ``legal``: the legal moves, if known."""
        pick = self.pickable(pile, len(self.board.codes(pile)) - 1)
        if pick is None:
            return None
        moves = self.game.legal_moves() if legal is None else legal
        longest = max((m.count for m in moves if m.src == pile), default=1)
        start = len(self.board.codes(pile)) - longest
        if longest > 1 and self.pickable(pile, start) is not None:
            return Pick(pile, start, longest)
        return pick
