"""Hints at once: the legal steps of a position ranked by rules of thumb.

A hint must answer the moment it is asked, with no search: ``advise`` looks
a step ahead and ranks every legal step by what it does, best first:

1. ``safe_home``: a card goes home where safe.py's proofs show that this can
   never cost the game (``home.is_safe_home``, as the *when safe* auto-home);
2. ``reveals``: a face-down card turns up;
3. ``empties_column``: a column is emptied that can be used: a King waits
   for one (off the bottom of a column, or in the stock or waste), or,
   where an empty column takes any card, there are cards to put there;
4. ``frees_card``: a card is moved so that another can make a move it could
   not before: a card of the same column goes home, turns a card, empties
   its column or is built out of sequence; a card of another column goes
   onto it and turns one; the waste's top card finds a column. It ranks
   with what it frees: tier 4 when that is a step of tiers 1-3, else just
   after the steps of the tier it frees (a card freed to go home where that
   is not safe ranks after the moves home). A card brought back from a
   foundation is suggested only when a card can then go onto it and turn one;
5. ``waste_to_column``, and ``stock_to_column``: in the Forty Thieves family
   the stock's top card played straight to a pile (``draw+waste>t4``),
   ranked as the waste card it would be (so also ``safe_home`` or ``home``),
   but only where that card lies face up: a hint never tells what the
   player cannot see (a face-down stock card is drawn first, tier 8; a
   winning line's step of it is its draw);
6. ``home``: a card goes home where no proof says it is safe;
7. ``builds``: a card that lies out of sequence (the Forty Thieves family
   deals such cards) is built on a card it fits;
8. ``draw`` or ``redeal`` (turn the waste over): last of the useful steps.

Tier 9 is legal but never suggested: ``shuffle`` (a card moved between two
places it fits alike, or out of a column, gaining nothing; a card parked in
an empty column that frees nothing), ``undoes_last`` (the cards of the
previous step moved straight back) and ``pointless`` (a whole column moved
to an empty one). Within a tier: the column with more face-down cards
first, a build before the use of an empty column, fewer cards moved, lower
ranks home first, then the pile order, so the answer never depends on chance.

A step that only makes room for another (``frees_card`` by a card that lay
on a card it fits, moved to another such card or an empty column) gains
nothing by itself; the best one is checked to lead to the step it makes
room for (the position after it is ranked), so that a player who follows the
hints never goes round in a circle: every other suggested step turns a
card, sends one home, takes one from the stock or waste, or builds one that
lay out of sequence.

``advise`` adds the two answers a ranking cannot give: the only legal step
(``only``: Royal Retinue always) and the next step of a winning line the
solver proved (``winning``); ``follow_line`` keeps that line going after the
step, also when cards then went home by themselves.

Plain Python, no browser: the page calls it on every Hint press.
"""

from __future__ import annotations

from typing import NamedTuple, Optional, Sequence

from .cards import is_face_down
from .errors import GameError
from .home import is_safe_home
from .moves import DEAL, DRAW, REDEAL, Move, parse_step, step_text
from .rules import RulesKind
from .spec import EmptyColumn

# Reason codes of the ranking, by tier (the page words them).
SAFE_HOME = "safe_home"
REVEALS = "reveals"
EMPTIES_COLUMN = "empties_column"
FREES_CARD = "frees_card"
WASTE_TO_COLUMN = "waste_to_column"
STOCK_TO_COLUMN = "stock_to_column"
HOME = "home"
BUILDS = "builds"
DRAW_STEP = "draw"
REDEAL_STEP = "redeal"
SHUFFLE = "shuffle"
UNDOES_LAST = "undoes_last"
POINTLESS = "pointless"

# The tier of each reason; ``frees_card`` ranks with what it frees (4: a
# card going home safely, turning a card or emptying a column; 5: the waste's
# top card; 6: a card going home; 7: a card built out of sequence).
TIERS: dict[str, int] = {
    SAFE_HOME: 1,
    REVEALS: 2,
    EMPTIES_COLUMN: 3,
    FREES_CARD: 4,
    WASTE_TO_COLUMN: 5,
    STOCK_TO_COLUMN: 5,
    HOME: 6,
    BUILDS: 7,
    DRAW_STEP: 8,
    REDEAL_STEP: 8,
    SHUFFLE: 9,
    UNDOES_LAST: 9,
    POINTLESS: 9,
}
LAST_USEFUL_TIER = 8  # tier 9 is never suggested

# Kinds of advice, and their reasons where no ranking speaks.
WINNING, ONLY, RULE, NONE = "winning", "only", "rule", "none"
WINNING_MOVE = "winning"
ONLY_MOVE = "only_move"
NO_STEP = "no_step"  # no legal step at all
NO_GAIN = "no_gain"  # legal steps, none worth making


class Ranked(NamedTuple):
    """One legal step and why it is worth (or not worth) making."""

    step: tuple[Move, ...]
    reason: str
    tier: int

    @property
    def useful(self) -> bool:
        """Worth suggesting (tiers 1-8)."""
        return self.tier <= LAST_USEFUL_TIER

    @property
    def text(self) -> str:
        return step_text(self.step)

    def to_json(self) -> dict:
        return {"step": self.text, "reason": self.reason, "tier": self.tier}


class Advice(NamedTuple):
    """What a hint says about a position.

    ``kind``: ``winning`` (the next step of the proved line given),
    ``only`` (the only legal step), ``rule`` (the ranking's best step) or
    ``none`` (no step to suggest: ``reason`` is ``no_step`` when there is no
    legal step at all, ``no_gain`` when every legal step is pointless).
    ``reason``: ``winning``, ``only_move``, a ranking reason, ``no_step`` or
    ``no_gain``. ``proven``: the step starts the winning line given (also
    for ``only``). ``rest``: the winning line after this step. ``ranked``:
    every legal step, best first."""

    kind: str
    step: Optional[tuple[Move, ...]]
    reason: str
    proven: bool = False
    rest: tuple[Move, ...] = ()
    ranked: tuple[Ranked, ...] = ()

    @property
    def text(self) -> Optional[str]:
        return None if self.step is None else step_text(self.step)

    def to_json(self) -> dict:
        return {
            "kind": self.kind,
            "step": self.text,
            "reason": self.reason,
            "proven": self.proven,
            "rest": [str(m) for m in self.rest],
            "ranked": [r.to_json() for r in self.ranked],
        }


# --- the answer -------------------------------------------------------------------------------
def advise(position, last: Sequence = (), line: Optional[Sequence] = None) -> Advice:
    """The hint for ``position``.

    ``last``: the previous step (moves, or its text such as ``t3>t7+t2>f1``),
    whose cards are never suggested to go straight back. ``line``: a winning
    line from this position proved by the solver (moves or their text); while
    its first step is legal here the answer follows it."""
    ranked = tuple(rank_steps(position, last))
    if not ranked:
        return Advice(NONE, None, NO_STEP)
    proved, rest = _line_step(position, line)
    if len(ranked) == 1:
        only = ranked[0].step
        return Advice(ONLY, only, ONLY_MOVE, proved == only, rest if proved == only else (), ranked)
    if proved is not None:
        return Advice(WINNING, proved, WINNING_MOVE, True, rest, ranked)
    best = ranked[0]
    if not best.useful:
        return Advice(NONE, None, NO_GAIN, ranked=ranked)
    return Advice(RULE, best.step, best.reason, ranked=ranked)


def advise_game(game, line: Optional[Sequence] = None) -> Advice:
    """``advise`` for a ``Game`` in play: its position, its last step."""
    if game.status != "playing":
        return Advice(NONE, None, NO_STEP)
    last = tuple(game.line[-game.step_sizes[-1] :]) if game.step_sizes else ()
    return advise(game.position, last, line)


def _moves_of(items) -> tuple[Move, ...]:
    if isinstance(items, str):
        return parse_step(items)[0]
    out: list[Move] = []
    for item in items or ():
        out.extend(parse_step(item)[0] if isinstance(item, str) else (item,))
    return tuple(out)


def _line_step(position, line):
    """The first step of ``line`` and the rest, or (None, ()) when the line
    is absent or its first step is not legal here."""
    if not line:
        return None, ()
    try:
        moves = _moves_of(line)
    except GameError:
        return None, ()
    if not moves:
        return None, ()
    size = 1
    if moves[0] == DRAW and len(moves) > 1 and moves[1].src == "waste" and _stock_top_seen(position):
        size = 2  # the stock's top card, face up, played straight on: one step
    try:
        pos = position
        for move in moves[:size]:
            pos = pos.apply(move)[0]
    except GameError:
        return None, ()
    return moves[:size], moves[size:]


def follow_line(position, line: Sequence, played: Sequence) -> Optional[tuple[Move, ...]]:
    """The rest of a winning ``line`` from ``position`` once the step
    ``played`` has been made there (its moves, with the cards that then went
    home by themselves); None when the line cannot be followed any more
    (then ask the solver again).

    ``played`` must start with the line's next step. Cards that went home by
    themselves are left out of the rest of the line, as safe.py's mirror
    lemma allows: their moves are dropped and a run that carries them is
    shortened. The rest is replayed to a won position before it is given."""
    try:
        line, played = _moves_of(line), _moves_of(played)
    except GameError:
        return None
    step, rest = _line_step(position, line)
    if step is None or played[: len(step)] != step:
        return None
    if step == (DRAW,) and rest and rest[0].src == "waste" and played[1:2] == rest[:1]:
        # the drawn card played straight on in the same step: the line's next move too
        step, rest = step + rest[:1], rest[1:]
    old = position
    for move in step:
        old = old.apply(move)[0]
    new, homed = old, set()  # homed: (pile, index) in the line's position of each card gone home by itself
    for move in played[len(step) :]:
        if move.dst[0] != "f" or move.count != 1:
            return None
        homed.add((move.src, len(new.pile(move.src)) - 1))
        new = new.apply(move)[0]
    if not homed:
        return rest
    out: list[Move] = []
    try:
        for move in rest:
            if move.is_stock_action:
                stock, waste = len(old.pile("stock")), len(old.pile("waste"))
                if move == DRAW:
                    n = min(position.spec.draw, stock)
                    brought = _carry(
                        homed, {("stock", i): ("waste", waste + stock - 1 - i) for i in range(stock - n, stock)}
                    )
                    if brought and n != 1:
                        return None
                else:
                    brought = False
                    _carry(homed, {("waste", i): ("stock", waste - 1 - i) for i in range(waste)})
                if not brought:  # (a draw that only brings up a card gone home is left out)
                    new = new.apply(move)[0]
                    out.append(move)
                old = old.apply(move)[0]
                continue
            size = len(old.pile(move.src))
            start = size - move.count
            gone = sorted(i for i in range(start, size) if (move.src, i) in homed)
            if gone != list(range(size - len(gone), size)):
                return None  # a card gone home lies under another: the lemma does not hold
            if move.dst[0] == "f":
                homed.difference_update((move.src, i) for i in gone)  # home in both now
            else:
                _carry(homed, {(move.src, i): (move.dst, len(old.pile(move.dst)) + i - start) for i in gone})
            count = move.count - len(gone)
            if count:
                card = old.pile(move.src)[start]
                src = _same_foundation(new, old, move.src) if move.src[0] == "f" else move.src
                dst = _foundation_for(new, card) if move.dst[0] == "f" else move.dst
                adjusted = Move(src, dst, count)
                new = new.apply(adjusted)[0]
                out.append(adjusted)
            old = old.apply(move)[0]
    except (GameError, StopIteration):
        return None
    return tuple(out) if new.is_won() else None


def _carry(homed: set, places: dict) -> bool:
    """Move the places in ``homed`` that ``places`` maps; True if any did."""
    moved = [p for p in places if p in homed]
    homed.difference_update(moved)
    homed.update(places[p] for p in moved)
    return bool(moved)


def _foundation_for(position, card: str) -> str:
    """The foundation that takes ``card`` (raises StopIteration if none does)."""
    rules = position.rules
    for f in rules.foundations:
        pile = position.piles[f]
        if (rules.next_home.get(pile[-1]) == card) if pile else card in rules.aces:
            return rules.names[f]
    raise StopIteration


def _same_foundation(new, old, name: str) -> str:
    """The foundation of ``new`` that has the top card of ``old``'s ``name``."""
    top = old.pile(name)[-1]
    rules = new.rules
    return next(rules.names[f] for f in rules.foundations if new.piles[f] and new.piles[f][-1] == top)


# --- the ranking ------------------------------------------------------------------------------
def rank_steps(position, last: Sequence = ()) -> list[Ranked]:
    """Every legal step of ``position`` with its reason, best first (see the
    module text). The stock's top card played straight to a pile
    (``spec.stock_play``) is a step ``draw+waste>PILE``. ``last``: the
    previous step, as for ``advise``."""
    if position.spec.rules is not RulesKind.BUILD:
        out = []
        for move in position.legal_moves():
            reason = REVEALS if position.apply(move)[1].revealed else HOME
            out.append(Ranked((move,), reason, TIERS[reason]))
        return out
    return _rank(position, _moves_of(last), check=True)


def _rank(position, last: tuple, check: bool) -> list[Ranked]:
    look = _Look(position, last)
    scored = [(look.classify(move), order, (move,)) for order, move in enumerate(look.moves)]
    scored += [(mark, order, step) for order, (step, mark) in enumerate(look.stock_plays(), start=len(scored))]
    scored.sort(key=lambda s: (s[0][1], s[0][2], s[1]))
    ranked = [Ranked(step, reason, tier) for (reason, tier, _), _, step in scored]
    if check:
        # A step that only makes room must lead to the step it makes room
        # for: otherwise the next hint could put the cards back, or use the
        # room for something that just trades places (a card's twin).
        # Checked until the best step stands, each check costing a ranking:
        # a step like one that failed (the same cards to another empty
        # column) fails too, and after CHECKS failures the rest are let go.
        failed: set = set()
        for i, entry in enumerate(ranked):
            if not entry.useful or entry.step[0] not in look.focus:
                break
            move = entry.step[0]
            alike = (move.src, move.count, move.dst if look.pile(move.dst) else "empty")
            if alike not in failed and len(failed) < CHECKS:
                if _leads_on(position, entry.step, *look.focus[move]):
                    break
                failed.add(alike)
            ranked[i] = Ranked(entry.step, SHUFFLE, TIERS[SHUFFLE])
        ranked.sort(key=lambda r: r.tier)  # stable: the order within a tier stays
    return ranked


CHECKS = 3  # steps that only make room checked at most per hint (see _rank)


def _leads_on(position, step: tuple, pile: str, source: str) -> bool:
    """After ``step``, is the best step the one it made room for: a move
    from ``pile`` (``source`` "column"), or onto it from ``source`` ("waste",
    or "other": another column)?"""
    after = position
    for move in step:
        after = after.apply(move)[0]
    for entry in _rank(after, step, check=False):
        move = entry.step[-1]
        if source == "column" and move.src == pile or move.dst == pile and move.src[0] == source[0]:
            return entry.useful
        if entry.reason != FREES_CARD or not entry.useful:
            return False  # (past another step that makes room elsewhere)
    return False


# What a column move gains by itself (``_gain``).
REVEAL, EMPTIES, WEAK = "reveal", "empties", "weak"


class _Look:
    """One position, looked at once for every step's sake."""

    def __init__(self, position, last: tuple = ()):
        self.pos = position
        spec = self.spec = position.spec
        self.rules = position.rules
        self.piles = position.piles
        self.index = spec.pile_index
        self.order = {name: i for i, name in enumerate(spec.pile_names)}
        self.king_only = spec.empty_column is EmptyColumn.KING
        self.top_rank = spec.deck.top_rank
        self.rank = spec.deck.rank
        self.moves = position.legal_moves()
        self.exposers = {
            self.rules.names[t]: _exposer(self.rules, position.piles[t]) for t in self.rules.columns
        }  # the card whose move would turn one, per column
        self.focus: dict = {}  # a move that makes room: the pile where the room is
        self.alike: dict = {}  # (column, cards) moved into an empty column: its answer
        self.heads = _heads(position, self.moves)
        self.waste_placed = any(m.src == "waste" and m.dst[0] == "t" and self.pile(m.dst) for m in self.moves)
        moved = [m for m in last if not m.is_stock_action]
        self.back = {(m.dst, m.src, m.count) for m in moved}  # the last step's cards straight back
        self.placed = {m.dst: m.count for m in moved if m.dst[0] == "t"}  # columns the last step built on
        columns = [position.piles[t] for t in spec.tableau_range]
        empty = sum(1 for c in columns if not c)
        if self.king_only:
            kings = sum(1 for c in columns for card in c[1:] if self.rank[card] == self.top_rank)
            kings += sum(1 for p in ("stock", "waste") for card in self.pile(p) if self.rank[card] == self.top_rank)
            self.kings_waiting = kings - empty  # Kings that would use one more empty column
        else:
            self.talon = bool(self.pile("stock") or self.pile("waste"))
            self.tall = [len(c) >= 2 for c in columns]

    def pile(self, name: str) -> tuple:
        return self.piles[self.index[name]]

    def down(self, name: str) -> int:
        return sum(1 for c in self.pile(name) if c.islower())

    def column_useful(self, src: str) -> bool:
        """Would an empty column in place of ``src`` be of use?"""
        if self.king_only:
            return self.kings_waiting > 0
        skip = self.index[src] - self.spec.tableau_range.start
        return self.talon or any(tall for i, tall in enumerate(self.tall) if i != skip)

    def classify(self, move: Move) -> tuple[str, int, tuple]:
        """The reason for one legal move, its tier and its order within the tier."""
        if move in (DRAW, DEAL):  # Spider's deal: a row from the stock, the draw of its game
            return DRAW_STEP, 8, ()
        if move == REDEAL:
            return REDEAL_STEP, 8, ()
        src, dst = move.src, move.dst
        if (src, dst, move.count) in self.back:
            return UNDOES_LAST, 9, ()
        if dst[0] == "t" and not self.pile(dst):
            # The same cards into any empty column: one answer, in the pile order.
            order = (self.order[src], self.order[dst])
            known = self.alike.get((src, move.count))
            if known is None:
                reason, tier, key = self._classify(move)
                known = self.alike[(src, move.count)] = (reason, tier, key[:-2], self.focus.get(move))
            reason, tier, core, focus = known
            if focus:
                self.focus[move] = focus
            return reason, tier, (core + order if tier < 9 else ())
        return self._classify(move)

    def _classify(self, move: Move) -> tuple[str, int, tuple]:
        src, dst = move.src, move.dst
        after, change = self.pos.apply(move)
        to_home = dst[0] == "f"
        order = (self.order[src], self.order[dst])
        if to_home and is_safe_home(self.pos, move):
            card = self.pile(src)[-1]
            return SAFE_HOME, 1, (self.rank[card], src[0] != "t", -self.down(src) if src[0] == "t" else 0) + order
        dst_empty = not to_home and not self.pile(dst)
        if src == "waste":
            if to_home:
                return HOME, 6, (0, self.rank[self.pile(src)[-1]], 1) + order
            if dst_empty and not self.king_only and not _waste_playable(after):
                return SHUFFLE, 9, ()  # parked in an empty column, freeing nothing
            return WASTE_TO_COLUMN, 5, (0, dst_empty, self.down(dst)) + order
        if src[0] == "f":
            if self._makes_room(after, move):
                self.focus[move] = (dst, "other")
                return FREES_CARD, 4, (5, True, True, 0, 1) + order
            return SHUFFLE, 9, ()
        column = self.pile(src)
        rest = column[: -move.count]
        if change.revealed:
            key = (-self.down(src), dst_empty, to_home, move.count, 0 if to_home else self.down(dst))
            return REVEALS, 2, key + order
        if not rest:
            if dst_empty:
                return POINTLESS, 9, ()
            if self.column_useful(src):
                return EMPTIES_COLUMN, 3, (move.count, to_home) + order
            return (HOME, 6, (0, self.rank[column[-1]], 0) + order) if to_home else (SHUFFLE, 9, ())
        in_place = column[-move.count] in self.rules.accepts[rest[-1]]  # it lies on a card it is built on
        builds = not in_place and not dst_empty and not to_home
        target, source = self._frees(after, move, in_place and dst_empty)
        if target and not builds and self.placed.get(src, 0) >= move.count:
            target = None  # the cards the last step put here, moved on only to make room: a back-and-forth
        if target:
            if not builds and not to_home:
                self.focus[move] = (src, source)  # it only makes room
            key = (in_place, dst_empty, -self.down(src), move.count) + order
            if target <= 3:
                return FREES_CARD, 4, (target,) + key
            if not builds and not to_home:  # ranked after the moves of the tier it frees
                return FREES_CARD, target, (9,) + key
        if to_home:
            return HOME, 6, (0, self.rank[column[-1]], 0) + order
        if builds:
            return BUILDS, 7, (target is None, len(rest)) + order
        if dst[0] == "c" and src[0] == "t":
            # FreeCell: a card parked in a free cell brings the one under it
            # into play, as a draw brings a card: ranked with the draw.
            return DRAW_STEP, 8, (self.down(src), len(rest)) + order
        return SHUFFLE, 9, ()

    def _frees(self, after, move: Move, parked: bool) -> tuple[int, str]:
        """After ``move`` out of its column ``src``: the best tier of a move
        that a card of ``src`` can now make and could not before (1 safely
        home, 2 turning a card, 3 emptying a useful column, 6 home, 7 built
        out of sequence), or 2 for a card of another column now going onto
        ``src`` and turning a card, or 5 for the waste's top card now going
        onto ``src`` (having had no column); 0 for none. With it, where that
        move comes from: "column" (``src`` itself), "other" or "waste".

        ``parked``: the move took a card off a card it was built on into an
        empty column, which only pays when a card goes home, turns or leaves
        the waste: a column emptied or a card built in return would just
        trade places with it."""
        src = move.src
        before = self.heads.get(src, frozenset())
        column = after.pile(src)
        best = 0
        for mv in _moves_from(after, src):
            if (len(column) - mv.count, _dst_key(after, mv.dst)) in before:
                continue
            if mv.dst[0] == "f":
                tier = 1 if is_safe_home(after, mv) else 6
            else:
                gain = _gain(after, mv, self.king_only)
                if gain == REVEAL:
                    tier = 2
                elif parked or gain is None:
                    continue
                elif gain == EMPTIES:
                    tier = 3 if self.column_useful(src) else 0
                else:
                    tier = 7
            if tier and (not best or tier < best):
                best = tier
        if (not best or best > 2) and self._reveals_onto(after, move, src):
            return 2, "other"
        if (not best or best > 5) and not self.waste_placed:
            waste = after.pile("waste")
            if waste and waste[-1] in self.rules.accepts[column[-1]]:
                return 5, "waste"
        return best, "column"

    def _reveals_onto(self, after, move: Move, pile: str) -> bool:
        """After ``move``: can a card of another column go onto ``pile``
        (whose top card is face up) and turn a card by it?"""
        wanted = self.rules.accepts[after.pile(pile)[-1]]
        for name, card in self.exposers.items():
            if name in (move.src, move.dst):
                if name == pile:
                    continue
                card = _exposer(self.rules, after.pile(name))
            if card is not None and card in wanted:
                return True
        return False

    def _makes_room(self, after, move: Move) -> bool:
        """A card brought back from a foundation to ``move.dst``: can a card
        of a column then go onto it and turn a card? (Nothing less is worth a
        card taken from home.)"""
        return self._reveals_onto(after, move, move.dst)

    def stock_plays(self):
        """The stock's top card straight to a pile (``spec.stock_play``): steps
        ``draw+waste>PILE``, ranked as that card would be on the waste."""
        if not _stock_top_seen(self.pos):
            return  # a face-down card: the player cannot know where it would go
        drawn = self.pos.apply(DRAW)[0]
        card = drawn.pile("waste")[-1]
        stock = self.order["stock"]
        for mv in drawn.legal_moves():
            if mv.src != "waste":
                continue
            step = (DRAW, mv)
            if mv.dst[0] == "f":
                if is_safe_home(drawn, mv):
                    yield step, (SAFE_HOME, 1, (self.rank[card], 2, 0, stock, self.order[mv.dst]))
                else:
                    yield step, (HOME, 6, (0, self.rank[card], 2, stock, self.order[mv.dst]))
            elif drawn.pile(mv.dst):
                yield step, (STOCK_TO_COLUMN, 5, (1, False, self.down(mv.dst), stock, self.order[mv.dst]))
            else:
                yield step, (SHUFFLE, 9, ())  # parked in an empty column, freeing nothing


def _stock_top_seen(position) -> bool:
    """The stock's top card may be played straight to a pile (``spec.stock_play``)
    and the player sees it (it lies face up)."""
    stock = position.pile("stock") if position.spec.stock_play else ()
    return bool(stock) and not is_face_down(stock[-1])


def _dst_key(position, dst: str) -> str:
    """Where a move goes, with every foundation alike and every empty column alike."""
    if dst[0] == "f":
        return "f"
    return dst if position.pile(dst) else "empty"


def _heads(position, moves) -> dict:
    """For each column: (index of the moving card, destination key) of its moves."""
    out: dict = {}
    for m in moves:
        if m.src[0] == "t":
            out.setdefault(m.src, set()).add((len(position.pile(m.src)) - m.count, _dst_key(position, m.dst)))
    return out


def _gain(position, move: Move, king_only: bool):
    """What a column move gains by itself: REVEAL (a card turns), EMPTIES
    (its column empties onto another), WEAK (a card built that lay out of
    sequence, a King off another card into an empty column) or None."""
    column = position.pile(move.src)
    j = len(column) - move.count
    dst_empty = not position.pile(move.dst)
    if j == 0:
        return None if dst_empty else EMPTIES
    below = column[j - 1]
    if below.islower():
        return REVEAL
    if dst_empty:
        return WEAK if king_only else None
    return WEAK if column[j] not in position.rules.accepts[below] else None


def _exposer(rules, column):
    """The card of ``column`` whose move would turn a face-down card: the
    lowest face-up one, if the face-up cards move together; else None."""
    up = 0
    for card in reversed(column):
        if card.islower():
            break
        up += 1
    if up == len(column) or up == 0 or rules.run_length(column) < up:
        return None
    return column[-up]


def _moves_from(position, src: str) -> list[Move]:
    """The legal moves out of column ``src`` (to one foundation at most:
    they are alike here), without working out every other pile's."""
    rules = position.rules
    piles, names = position.piles, rules.names
    column = position.pile(src)
    out: list[Move] = []
    if not column or column[-1].islower():
        return out
    top = column[-1]
    for f in rules.foundations:
        pile = piles[f]
        if (rules.next_home.get(pile[-1]) == top) if pile else top in rules.aces:
            out.append(Move(src, names[f]))
            break
    run = rules.run_length(column)
    for t in rules.columns:
        name = names[t]
        if name == src:
            continue
        other = piles[t]
        takes = rules.accepts[other[-1]] if other else rules.empty_takes
        for k in range(1, run + 1):
            if column[-k] in takes:
                out.append(Move(src, name, k))
    return out


def _waste_playable(position) -> bool:
    """Can the waste's top card go home or onto a card in a column?"""
    rules = position.rules
    waste = position.pile("waste")
    if not waste:
        return False
    card = waste[-1]
    for f in rules.foundations:
        pile = position.piles[f]
        if (rules.next_home.get(pile[-1]) == card) if pile else card in rules.aces:
            return True
    return any(position.piles[t] and card in rules.accepts[position.piles[t][-1]] for t in rules.columns)
