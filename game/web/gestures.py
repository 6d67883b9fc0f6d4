"""Where a gesture on the table becomes a move: one function, no browser.

``static/js/table.js`` reports what the player's pointer did on the board
(a tap, a double tap, a grab, a drop, a cancelled drag) and which pile and
card it did it on; the keyboard adds Enter (or Space), D and Escape on the
pile in focus. ``resolve(game, view, gesture)`` says what that gesture does
now, as one ``Outcome``:

- ``Play``: play this step (the engine still decides: it may refuse);
- ``Select``: pick these cards up (and show where they may go), or, for a
  grab, let them follow the pointer;
- ``Deselect``: let go of the cards picked up or dragged;
- ``Refuse``: no move, with the reason (the game is over, the cards have
  nowhere to go);
- ``Nothing``.

``Input`` (input.py) performs the outcome on the page, and ``Ahead``
(ahead.py) forecasts each likely gesture by calling ``resolve`` over every
gesture the board allows (``outcomes``), so the two never disagree. Which
cards can be picked up is a matter of what the player sees (``View``: the
board's cards, each pile's kind, the turned pile of Royal Retinue); whether
they may go somewhere is always the engine's answer (``legal_moves``).

One tap (the setting, issue 13): a tap on a movable card moves it at once to
its best place: home where it can go, else the column move the hint ranking
(``game.advice.rank_steps``) values most, then the other legal places in that
order. Tapping the same cards again, before anything else happens, moves them
on to the next place in turn (back where they came from too, where legal).

Plain Python: tests/unit/test_web_gestures.py lists every gesture's outcome
for positions of every game under CPython.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Mapping, NamedTuple, Optional, Sequence, Union

from game import DEAL, DRAW, REDEAL, GameError, Move
from game.cards import is_face_down
from game.spec import Stock

from .layout import UNUSED

# --- what table.js sends ---------------------------------------------------------------------


class Gesture(NamedTuple):
    """One call of table.js (or a key on the pile in focus), as it sends it:
    ``tap``, ``double`` and ``grab`` with the pile and the card's index
    (-1: the pile itself, not a card), ``drop`` with the pile under the
    dragged cards (None: off the piles), ``cancel``, and ``key`` with the
    pile in focus and the key (``Enter``, ``d``, ``Escape``)."""

    name: str
    pile: Optional[str] = None
    at: Union[int, str, None] = None

    @property
    def key(self) -> str:
        """The gesture as table.js looks a move made ahead up: ``tap|t3|4``,
        ``drop|t5``, ``key|t5|Enter``."""
        if self.name == "drop":
            return f"drop|{self.pile}"
        return f"{self.name}|{self.pile}|{self.at}"


class Pick(NamedTuple):
    pile: str
    index: int
    count: int
    from_stock: bool = False  # Forty Thieves family: the stock's top card, played directly


class Cycle(NamedTuple):
    """The last one-tap move: tapping the same cards again goes on from it."""

    game: object
    steps: int  # the game's steps just after the move
    pile: str  # where the cards are now
    cards: tuple  # the cards moved, bottom first
    order: tuple  # the places in turn, from the first tap
    at: int  # index in ``order`` of ``pile``


@dataclass(frozen=True)
class View:
    """What the player sees and holds: the board's cards (pile -> codes,
    bottom first), each pile's kind (layout.py: stock, waste, foundation,
    column, labelled), Royal Retinue's turned pile, the cards picked up or
    dragged, the one-tap setting and its last move. ``legal`` and ``order``:
    the position's legal moves and hint ranking, where the caller has them
    (ahead.py asks for every gesture of one position)."""

    piles: Mapping[str, Sequence[str]]
    kinds: Mapping[str, str]
    turned: Optional[str] = None
    selection: Optional[Pick] = None
    dragging: Optional[Pick] = None
    one_tap: bool = False
    cycle: Optional[Cycle] = None
    legal: Optional[tuple] = None
    order: Optional[dict] = None

    def codes(self, pile: str) -> Sequence[str]:
        return self.piles.get(pile, ())


def board_view(game, kinds: Mapping[str, str], **held) -> View:
    """The view of a board that shows ``game``'s position (tests, the CLI)."""
    names = game.spec.pile_names
    piles = {names[i]: tuple(p) for i, p in enumerate(game.position.piles)}
    w = game.position.waiting
    return View(piles, kinds, None if w is None else names[w], **held)


# --- what a gesture does ---------------------------------------------------------------------


class Play(NamedTuple):
    """Play ``step`` (a ``Move``, or moves that are one step); a refusal
    shakes ``shake`` (pile, index). ``pick``: the cards the player moves;
    ``cycle``: one tap's places in turn and the index of this one."""

    step: object
    shake: Optional[tuple] = None
    pick: Optional[Pick] = None
    cycle: Optional[tuple] = None


class Select(NamedTuple):
    """Pick ``pick`` up and show ``targets``; ``drag``: they follow the pointer."""

    pick: Pick
    targets: tuple
    drag: bool = False


class Deselect(NamedTuple):
    """Let go of what is picked up or dragged; ``said``: the words to say."""

    said: Optional[str] = None


class Refuse(NamedTuple):
    """No move: ``over`` (the game has ended), ``nowhere`` (one tap: the
    cards have no legal place; ``refusal`` gives the rule, where one says
    more), ``no_home`` (a double tap on cards that cannot go home).
    ``pick``: the cards that shake."""

    reason: str
    pick: Optional[Pick] = None
    card: Optional[str] = None  # the bottom card of ``pick``, for the words


class Nothing(NamedTuple):
    pass


NOTHING = Nothing()
Outcome = Union[Play, Select, Deselect, Refuse, Nothing]


def resolve(game, view: View, gesture: Gesture) -> Outcome:
    """What ``gesture`` does on the table ``view`` shows of ``game``."""
    name, pile, at = gesture
    if name == "tap":
        return _tap(game, view, pile, at)
    if name == "double":
        return _double(game, view, pile, at)
    if name == "grab":
        return _grab(game, view, pile, at)
    if name == "drop":
        return _drop(game, view, pile)
    if name == "cancel":
        return Deselect() if view.dragging is not None else NOTHING
    if name == "key":
        return _key(game, view, pile, at)
    return NOTHING


def _playing(game) -> bool:
    return game is not None and game.status == "playing"


def _legal(game, view: View):
    return game.legal_moves() if view.legal is None else view.legal


def _tap(game, view: View, pile, index) -> Outcome:
    if pile is None:
        return Deselect()
    if not _playing(game):
        return Refuse("over")
    if pile == "stock":
        return turn_stock(game, view)
    sel = view.selection
    if sel is not None:
        # The selection's own pile takes it only where that is a move (Royal
        # Retinue: a card of its own pile's rank); else a tap there picks
        # another card of it or lets go.
        if pile == sel.pile and pile not in legal_from(game, view, sel):
            again = pickable(view, pile, index)
            if again is None or again.index == sel.index:
                return Deselect()
            return Select(again, tuple(legal_from(game, view, again)))
        return put(sel, pile)
    pick = pickable(view, pile, index)
    if pick is None:
        return NOTHING
    if view.one_tap:
        return one_tap(game, view, pick)
    return Select(pick, tuple(legal_from(game, view, pick)))


def _double(game, view: View, pile, index) -> Outcome:
    """A card goes to a foundation (Royal Retinue: to its pile)."""
    if pile is None or not _playing(game):
        return NOTHING
    if pile == "stock":
        return turn_stock(game, view)
    pick = pickable(view, pile, index)
    if pick is None:
        return Deselect()
    move = home_move(game, view, pile) if pick.count == 1 else None
    if move is None:
        return Refuse("no_home", pick)
    return Play(move, pick=pick)


def _grab(game, view: View, pile, index) -> Outcome:
    if not _playing(game):
        return Refuse("over")
    if pile == "stock":
        if not stock_direct(game, view):
            return Deselect()
        pick = Pick("stock", len(view.codes("stock")) - 1, 1, from_stock=True)
    else:
        pick = pickable(view, pile, index)
        if pick is None:
            return Deselect()
    return Select(pick, tuple(legal_from(game, view, pick)), drag=True)


def _drop(game, view: View, dst) -> Outcome:
    pick = view.dragging
    if pick is None:
        return NOTHING
    if dst is None or dst == pick.pile and dst not in legal_from(game, view, pick):
        return Deselect()
    return put(pick, dst)


def _key(game, view: View, pile, key) -> Outcome:
    """Keys on the pile in focus: Enter (or Space) picks up or puts down,
    D turns the stock, Escape lets go."""
    if key == "Escape":
        return Deselect("status.cancelled") if view.selection is not None else NOTHING
    if key in ("d", "D"):
        return turn_stock(game, view) if _playing(game) else Refuse("over")
    if key not in ("Enter", " ") or pile is None:
        return NOTHING
    if not _playing(game):
        return Refuse("over")
    sel = view.selection
    if sel is not None:
        if pile != sel.pile or pile in legal_from(game, view, sel, any_count=True):
            return put(sel, pile, move_for(game, view, sel, pile, flexible=True))
        return Deselect("status.cancelled")
    if pile == "stock":
        return turn_stock(game, view)
    pick = key_pick(game, view, pile)
    if pick is None:
        return NOTHING
    if view.one_tap:  # Enter follows the one-tap setting
        return one_tap(game, view, pick)
    return Select(pick, tuple(legal_from(game, view, pick, any_count=True)))


def turn_stock(game, view: View) -> Outcome:
    """A tap on the stock, or D: ``stock_play``, but nothing at all in a game
    without a stock (FreeCell, Yukon: no word of a stock "used up" that they
    never had)."""
    return stock_play(game, view) if game.spec.has_stock else NOTHING


# --- the pieces --------------------------------------------------------------------------------


def stock_play(game, view: View) -> Play:
    """A tap on the stock: a draw, or the waste turned over once the stock is
    empty; Spider's deal of a row (a game without a stock: a draw, which the
    engine refuses)."""
    if not game.spec.has_stock:
        return Play(DRAW)
    if game.spec.stock is Stock.ROW:  # Spider: a card onto every column
        return Play(DEAL, shake=("stock", 0))
    return Play(DRAW if view.codes("stock") else REDEAL, shake=("stock", 0))


def stock_direct(game, view: View) -> bool:
    """Can the stock's top card be played directly (``spec.stock_play``:
    RULES.md, the same as drawing it and playing it, one step)?"""
    return game.spec.stock_play and bool(view.codes("stock"))


def put(pick: Pick, dst: str, move: Optional[Move] = None) -> Play:
    """Put ``pick`` on ``dst``: the stock's top card as a draw and a move, one step."""
    if pick.from_stock:
        return Play((DRAW, Move("waste", dst)), pick=pick)
    return Play(move or Move(pick.pile, dst, pick.count), shake=(pick.pile, pick.index), pick=pick)


def pickable(view: View, pile: str, index: int) -> Optional[Pick]:
    """The cards a press on card ``index`` of ``pile`` picks up, if any."""
    codes = view.codes(pile)
    if not codes or pile not in view.kinds:
        return None
    kind = view.kinds[pile]
    top = len(codes) - 1
    if kind in ("waste", "foundation"):
        index = top  # only the top card of a stacked pile can be taken
    elif kind == "labelled":
        if pile != view.turned:
            return None
        index = top
    elif kind == "stock":
        return None
    if not 0 <= index <= top or is_face_down(codes[index]):
        return None
    return Pick(pile, index, top - index + 1)


def legal_from(game, view: View, pick: Pick, any_count: bool = False) -> list:
    """Where ``pick`` may go (``any_count``: or a part of it, from the top)."""
    if pick.from_stock:
        return game.stock_targets()
    return [
        m.dst
        for m in _legal(game, view)
        if m.src == pick.pile and (m.count == pick.count or any_count and m.count <= pick.count)
    ]


def move_for(game, view: View, pick: Pick, dst: str, flexible: bool = False) -> Move:
    """The move that puts ``pick`` on ``dst``; ``flexible`` (keyboard): the
    longest legal part of the picked run."""
    if flexible:
        counts = [m.count for m in _legal(game, view) if m.src == pick.pile and m.dst == dst and m.count <= pick.count]
        if counts:
            return Move(pick.pile, dst, max(counts))
    return Move(pick.pile, dst, pick.count)


def home_move(game, view: View, pile: str) -> Optional[Move]:
    """The move a double tap on ``pile``'s top card makes: to a foundation
    (Royal Retinue: to its own pile)."""
    kinds = view.kinds
    for move in _legal(game, view):
        if (
            move.src == pile
            and move.count == 1
            and (kinds.get(move.dst) == "foundation" or kinds.get(pile) == "labelled")
        ):
            return move
    return None


def key_pick(game, view: View, pile: str) -> Optional[Pick]:
    """What Enter on ``pile`` picks up: the longest run that can move from
    it (the top card if none can)."""
    pick = pickable(view, pile, len(view.codes(pile)) - 1)
    if pick is None:
        return None
    longest = max((m.count for m in _legal(game, view) if m.src == pile), default=1)
    start = len(view.codes(pile)) - longest
    if longest > 1 and pickable(view, pile, start) is not None:
        return Pick(pile, start, longest)
    return pick


# --- one tap ------------------------------------------------------------------------------------


def last_step(game) -> tuple:
    """The moves of the game's last step (the hint ranking takes them into account)."""
    return tuple(game.line[-game.step_sizes[-1] :]) if game.step_sizes else ()


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


def one_tap(game, view: View, pick: Pick) -> Outcome:
    """A tap on ``pick`` with the setting on: its best place, or the next one
    in turn after the last tap on the same cards; no place: refused."""
    moves = _legal(game, view)
    codes = tuple(view.codes(pick.pile)[pick.index :])
    c = view.cycle
    if c is not None and c.game is game and c.steps == game.steps and c.pile == pick.pile and c.cards == codes:
        turn, start = c.order, c.at + 1
    else:
        found = places(game.position, pick.pile, pick.count, last_step(game), view.order, moves)
        # Back where they came from closes the round; where that pile is
        # itself a legal place (Royal Retinue's card of its pile's rank),
        # it is already among the places.
        turn, start = tuple(found) + (() if pick.pile in found else (pick.pile,)), 0
    legal = {m.dst for m in moves if m.src == pick.pile and m.count == pick.count}
    for k in range(len(turn)):
        i = (start + k) % len(turn)
        if turn[i] in legal:
            return Play(Move(pick.pile, turn[i], pick.count), (pick.pile, pick.index), pick, (turn, i))
    return Refuse("nowhere", pick, codes[0])


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
        "build_down",
        "cell_one",
        "cell_full",
        "cell_to_cell",
        "foundation_whole_run",
        "foundation_full",
        "foundation_one",
    )
)


def refusal(position, src: str, count: int) -> Optional[GameError]:
    """Why ``count`` cards from ``src`` can go nowhere, when a rule says more
    than "it does not fit there": the engine's most frequent such refusal
    (a run too long to move, cards that stay on a foundation), else None.
    Worked out only when a refusal is shown (it tries every pile)."""
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


# --- every gesture at once (ahead.py, the tests) ------------------------------------------------


def gestures(view: View) -> list[Gesture]:
    """Every gesture table.js (and the keys on a pile in focus) can send on
    this board: while cards are dragged, a drop on each pile; else a tap on
    each pile and each of its cards, a double tap on its top card (the one
    card a double tap sends anywhere), and Enter and D on each pile."""
    out: list[Gesture] = []
    for pile, kind in view.kinds.items():
        if kind == UNUSED:  # hidden: nothing to tap or drop on (FreeCell's stock)
            continue
        n = len(view.codes(pile))
        if view.dragging is not None:
            out.append(Gesture("drop", pile))
            continue
        out += [Gesture("tap", pile, i) for i in range(-1, n)]
        out += [Gesture("double", pile, n - 1)] if n else []
        out += [Gesture("key", pile, "Enter"), Gesture("key", pile, "d")]
    return out


def outcomes(game, view: View) -> dict:
    """Gesture -> its outcome, for every gesture of ``gestures(view)``, with
    the legal moves worked out once."""
    if view.legal is None:
        view = replace(view, legal=tuple(game.legal_moves()))
    return {g: resolve(game, view, g) for g in gestures(view)}
