"""One tap moves a card (issue 13, §3).

With the setting *One tap moves a card* on (the default on touch screens), a
tap or click on a movable card, or on the run it heads, moves it at once to
its best place: home where it can go, else the column move the hint ranking
(``game.advice.rank_steps``) values most, then the other legal places in
that ranking's order. Tapping the same cards again, before anything else
happens, moves them on to the next legal place in turn (back to where they
came from too, where that is legal), round and round. With no legal place the
cards shake and the reason is shown. Off, a tap selects and a second tap
puts down, as before. Drag and double tap always work; Enter on the keyboard
follows the setting.

``places`` and ``refusal`` are plain Python (tested under CPython); the
class ties them to the page. The setting is ``one_tap`` (on, off) in
``solitaire.settings``; unset, it follows ``(pointer: coarse)``.
"""

from __future__ import annotations

from typing import NamedTuple, Optional

from game import GameError, Move

from .part import Part

VALUES = ("on", "off")


def ranking(position, last=()) -> dict:
    """Move -> its place in the hint ranking's order (``last``: the previous
    step, as for ``advise``); one ranking serves every card of a position."""
    from game.advice import rank_steps

    order: dict = {}
    for i, ranked in enumerate(rank_steps(position, last)):
        if len(ranked.step) == 1:
            order.setdefault(ranked.step[0], i)
    return order


def places(position, src: str, count: int, last=(), order=None, legal_moves=None) -> list[str]:
    """Where ``count`` cards from the top of ``src`` may go, best first:
    the foundations, then the other piles in the order the hint ranking
    puts their moves (``order``: ``ranking(position, last)``, worked out
    here when not given; ``legal_moves``: the position's, likewise)."""
    moves = position.legal_moves() if legal_moves is None else legal_moves
    legal = [m for m in moves if m.src == src and m.count == count and not m.is_stock_action]
    if not legal:
        return []
    if order is None:
        order = ranking(position, last)
    spec = position.spec
    foundations = {spec.pile_names[f] for f in spec.foundation_range}
    legal.sort(key=lambda m: (m.dst not in foundations, order.get(m, len(order)), spec.pile_names.index(m.dst)))
    out: list[str] = []
    for m in legal:
        if m.dst not in out:
            out.append(m.dst)
    return out


# Refusals that only say a card does not fit one place: no reason to show
# when it fits nowhere ("has nowhere to go" says it better).
FIT = frozenset(
    (
        "build_alternate",
        "build_same_suit",
        "build_other_suit",
        "foundation_suit",
        "foundation_ace",
        "empty_king",
        "empty_king_or_run",
        "own_pile",
        "retinue_pile",
    )
)


def refusal(position, src: str, count: int) -> Optional[GameError]:
    """Why ``count`` cards from ``src`` can go nowhere, when a rule says more
    than "it does not fit there": the engine's most frequent such refusal
    (a run too long to move, cards that stay on a foundation), else None."""
    found: dict = {}
    for dst in position.spec.pile_names:
        if dst in (src, "stock", "waste"):
            continue
        try:
            position.apply(Move(src, dst, count))
        except GameError as e:
            if e.reason not in FIT:
                found.setdefault(e.reason, []).append(e)
            continue
        return None  # a legal place after all
    if not found:
        return None
    return max(found.values(), key=len)[0]


class Cycle(NamedTuple):
    """The last one-tap move: tapping the same cards again goes on from it."""

    game: object
    steps: int  # the game's steps just after the move
    pile: str  # where the cards are now
    cards: tuple  # the cards moved, bottom first
    order: tuple  # the places in turn, from the first tap
    at: int  # index in ``order`` of ``pile``


class OneTap(Part):
    def __init__(self, app):
        super().__init__(app)
        self.cycle: Optional[Cycle] = None

    # --- the setting ------------------------------------------------------------------
    def on(self) -> bool:
        value = self.app.settings.get("one_tap")
        if value in VALUES:
            return value == "on"
        import js

        return bool(js.window.matchMedia("(pointer: coarse)").matches)

    def wire(self) -> None:
        from pyscript import document

        app = self.app
        app.on(document.getElementById("settings-dialog"), "change", app.guard(self.setting_changed))
        self.show_setting()

    def show_setting(self) -> None:
        from pyscript import document

        value = "on" if self.on() else "off"
        for node in document.querySelectorAll('#settings-dialog input[name="one_tap"]'):
            node.checked = node.value == value

    def setting_changed(self, event) -> None:
        target = event.target
        if target.name != "one_tap" or target.value not in VALUES:
            return
        self.app.settings["one_tap"] = str(target.value)
        self.app.save_settings()
        self.cycle = None

    # --- a tap ------------------------------------------------------------------------------
    def last_step(self) -> tuple:
        game = self.app.game
        return tuple(game.line[-game.step_sizes[-1] :]) if game.step_sizes else ()

    def choose(self, pick, order=None, legal_moves=None):
        """What a tap on ``pick`` does now: (the move, the places in turn, the
        move's index among them), or None where the cards have no legal
        place. ``order`` and ``legal_moves``: ``ranking`` and the legal moves
        of the position, when the caller has them (ahead.py asks for every
        card of a position)."""
        game = self.app.game
        moves = game.legal_moves() if legal_moves is None else legal_moves
        codes = tuple(self.app.board.codes(pick.pile)[pick.index :])
        c = self.cycle
        if c is not None and c.game is game and c.steps == game.steps and c.pile == pick.pile and c.cards == codes:
            turn, start = c.order, c.at + 1
        else:
            found = places(game.position, pick.pile, pick.count, self.last_step(), order, moves)
            # Back where they came from closes the round; where that pile is
            # itself a legal place (Royal Retinue's card of its pile's rank),
            # it is already among the places.
            turn, start = tuple(found) + (() if pick.pile in found else (pick.pile,)), 0
        legal = {m.dst for m in moves if m.src == pick.pile and m.count == pick.count}
        for k in range(len(turn)):
            i = (start + k) % len(turn)
            if turn[i] in legal:
                return Move(pick.pile, turn[i], pick.count), turn, i
        return None

    def tap(self, pick) -> None:
        """Move the picked cards to their best place, or on to the next one."""
        app = self.app
        game = app.game
        codes = tuple(app.board.codes(pick.pile)[pick.index :])
        chosen = self.choose(pick)
        self.cycle = None
        if chosen is None:
            self.nowhere(pick, codes)
            return
        move, turn, i = chosen
        if app.play(move, shake=(pick.pile, pick.index)):
            if game is app.game and game.status == "playing":
                self.cycle = Cycle(game, game.steps, move.dst, codes, turn, i)

    def nowhere(self, pick, codes) -> None:
        """No legal place: the cards shake and the page says why."""
        from .cues import cue_text
        from .texts.ui import t

        app = self.app
        app.board.shake(pick.pile, pick.index)
        error = refusal(app.game.position, pick.pile, pick.count)
        if error is not None:
            app.show_toast(cue_text(app.lang, error, app.name_card))
        else:
            app.show_toast(t(app.lang, "tap.nowhere", card=app.name_card(codes[0])))
