"""The solver's picture of FreeCell, Spider and Yukon (``TableauModel``).

``model.Model`` is built around a talon (Klondike, the Forty Thieves family):
these three games have none (Spider's stock only deals rows), and move cards
in ways it does not know: free cells and the supermove limit, one-suit runs
that go home whole, groups of face-up cards in any order. This model plays
them for ``search.best_first`` with the same interface (``closure``, ``step``,
``moves``, ``key``, ``score``, ``is_won``, ``hopeless``), and its moves *are*
engine moves (``Move``), so a line replays through the engine as it is.

A state is ``(cols, cells, found, stock)``: one ``bytes`` per column and the
cells, foundations and stock as ``bytes``, all in the engine's pile order.
A card is ``suit * 16 + rank`` (suits in ``SUITS`` order, Ace = 1), 64 more
when face down; an empty cell or foundation is 0; a foundation holds its top
card (Spider: the King of the run that went there). The stock lists its
cards bottom to top, face up.

The key (transpositions) sorts the columns, the cells and the foundations:
which column, cell or foundation holds what never changes what can be won.

Moves the search leaves out, each because it can never matter:

- a whole column into an empty column (the same position, columns swapped);
- only the first of several empty columns, or free cells, as a target (they
  are interchangeable);
- a card sent home by ``closure`` (below) is not offered as a choice.

**Safe moves home** (``closure``; the proofs are safe.py's "mirror lemma"
and its Klondike rule, which hold here as they stand: a card may be placed
on another only by the alternating build, foundations take single cards, and
a free cell is a column that holds one card). An Ace always goes home. A
card of rank r >= 3 (FreeCell: r >= 2) goes home when both foundations of
the other colour are at r - 1 or higher and the other foundation of its
colour at r - 2 or higher. FreeCell's 2 is safe with its Ace home because a
winning line never needs to put an Ace on a column (safe.py, corollary A');
in Yukon an Ace may travel inside a group onto a 2, so there the 2 waits
for both Aces of the other colour, as the rule for r >= 3 says. Spider sends
no single card home: its whole runs go by the rules, as part of the move.

``hopeless`` proves nothing (no relaxation is known here): ``lost`` comes
only from a search that expanded every reachable state.
"""

from __future__ import annotations

from ..cards import SUITS
from ..moves import DEAL, Move
from ..spec import Moves

FACE_DOWN = 64
RED = tuple(s in "HD" for s in SUITS)
WEIGHTS = (40, 30, 12, 6, 2, 4, 12)
SPIDER_WEIGHTS = (10, 40, 20, 12, 3, 6, 0)


def uses_tableau_model(spec) -> bool:
    """Is ``spec`` a game of this model (free cells, groups, one-suit runs, a stock dealing rows)?"""
    return bool(spec.cells) or spec.movement in (Moves.GROUPS, Moves.SUIT_RUNS) or spec.runs_home


class TableauModel:
    def __init__(self, spec):
        self.spec = spec
        deck = spec.deck
        self.copies = deck.copies
        self.top = deck.top_rank
        self.size = deck.size
        self.names = spec.pile_names
        self.col_names = tuple(self.names[t] for t in spec.tableau_range)
        self.cell_names = tuple(self.names[c] for c in spec.cell_range)
        self.found_names = tuple(self.names[f] for f in spec.foundation_range)
        self.movement = spec.movement
        self.groups = self.movement is Moves.GROUPS
        self.suit_runs = self.movement is Moves.SUIT_RUNS
        self.any_suit = spec.build == "any-suit"
        self.king_only = spec.empty_column == "king"
        self.supermove = spec.run_limit is not None
        self.f2c = spec.foundation_to_column
        self.runs_home = spec.runs_home
        self.two_safe = not self.groups  # FreeCell's 2 (see the module text)
        # score: per card home, empty column, face-down card, suited link, link by rank, break, free cell
        self.weights = SPIDER_WEIGHTS if self.runs_home else WEIGHTS

    # --- reading ---------------------------------------------------------------
    @staticmethod
    def card(code: str) -> int:
        c = SUITS.index(code[1].upper()) * 16 + "A23456789TJQK".index(code[0].upper()) + 1
        return c + FACE_DOWN if code.islower() else c

    def from_position(self, pos):
        spec, piles, card = self.spec, pos.piles, self.card
        cols = tuple(bytes(card(c) for c in piles[t]) for t in spec.tableau_range)
        cells = bytes(card(piles[c][0]) if piles[c] else 0 for c in spec.cell_range)
        found = bytes(card(piles[f][-1]) if piles[f] else 0 for f in spec.foundation_range)
        stock = bytes(card(c.upper()) for c in piles[0])
        return cols, cells, found, stock

    def is_won(self, st) -> bool:
        return all(st[2]) and all(f & 15 == self.top for f in st[2])

    def hopeless(self, st) -> bool:
        return False

    def key(self, st):
        cols, cells, found, stock = st
        return tuple(sorted(cols)), bytes(sorted(cells)), bytes(sorted(found)), len(stock)

    def fits(self, below: int, card: int) -> bool:
        """May ``card`` lie on the face-up ``below`` in a column by the build rule?"""
        if below >= FACE_DOWN or (card & 15) != (below & 15) - 1:
            return False
        return self.any_suit or RED[card >> 4] != RED[below >> 4]

    def run_length(self, col: bytes) -> int:
        """The cards at the top of ``col`` that may move together (Yukon: every face-up card)."""
        if not col or col[-1] >= FACE_DOWN:
            return 0
        n = 1
        while n < len(col):
            below, c = col[-n - 1], col[-n]
            if below >= FACE_DOWN:
                break
            if not self.groups:
                if not self.fits(below, c) or (self.suit_runs and below >> 4 != c >> 4):
                    break
            n += 1
        return n

    def home_slot(self, found: bytes, c: int) -> int:
        """The foundation that takes card ``c`` now, or -1."""
        if c & 15 == 1:
            return found.index(0) if 0 in found else -1
        want = c - 1
        return found.index(want) if want in found else -1

    def height(self, found: bytes, suit: int) -> int:
        return max((f & 15 for f in found if f and f >> 4 == suit), default=0)

    def is_safe(self, found: bytes, c: int) -> bool:
        r, s = c & 15, c >> 4
        if r == 1 or (r == 2 and self.two_safe):
            return True
        for t in range(4):
            if t != s and self.height(found, t) < (r - 1 if RED[t] != RED[s] else r - 2):
                return False
        return True

    # --- playing -----------------------------------------------------------------
    def apply(self, st, m: Move):
        """The state after engine move ``m`` (which ``moves`` offered)."""
        cols, cells, found, stock = st
        cols = list(cols)
        if m == DEAL:
            n = len(cols)
            dealt = stock[-n:][::-1]
            for i in range(n):
                cols[i] = cols[i] + dealt[i : i + 1]
            return tuple(cols), cells, found, stock[:-n]
        src, dst, n = m.src, m.dst, m.count
        kind = src[0]
        if kind == "t":
            i = self.col_names.index(src)
            col = cols[i]
            moved = col[-n:]
            rest = col[:-n]
            if rest and rest[-1] >= FACE_DOWN:
                rest = rest[:-1] + bytes((rest[-1] - FACE_DOWN,))
            cols[i] = rest
        elif kind == "c":
            i = self.cell_names.index(src)
            moved = cells[i : i + 1]
            cells = cells[:i] + b"\0" + cells[i + 1 :]
        else:  # a foundation's top card back onto a column
            i = self.found_names.index(src)
            top = found[i]
            moved = bytes((top,))
            found = found[:i] + bytes((top - 1 if top & 15 > 1 else 0,)) + found[i + 1 :]
        kind = dst[0]
        if kind == "t":
            j = self.col_names.index(dst)
            cols[j] = cols[j] + moved
        elif kind == "c":
            j = self.cell_names.index(dst)
            cells = cells[:j] + moved + cells[j + 1 :]
        else:
            j = self.found_names.index(dst)
            found = found[:j] + bytes((moved[0],)) + found[j + 1 :]  # a whole run: its King is bottom
        return tuple(cols), cells, found, stock

    def closure(self, st, col_hint=-1):
        """``st`` after the moves that follow by themselves: Spider's whole runs
        (the rules), and the safe moves home (see the module text)."""
        autos = []
        while True:
            m = self._auto(st)
            if m is None:
                return st, tuple(autos)
            st = self.apply(st, m)
            autos.append(m)

    def _auto(self, st):
        cols, cells, found, _ = st
        if self.runs_home:
            top = self.top
            for i, col in enumerate(cols):
                if len(col) >= top and col[-top] & 15 == top and self.run_length(col) >= top:
                    return Move(self.col_names[i], self.found_names[found.index(0)], top)
            return None
        for i, col in enumerate(cols):
            if col:
                c = col[-1]
                j = self.home_slot(found, c)
                if j >= 0 and self.is_safe(found, c):
                    return Move(self.col_names[i], self.found_names[j])
        for i, c in enumerate(cells):
            if c:
                j = self.home_slot(found, c)
                if j >= 0 and self.is_safe(found, c):
                    return Move(self.cell_names[i], self.found_names[j])
        return None

    def step(self, st, m):
        return self.closure(self.apply(st, m))

    def moves(self, st, greedy=False, jitter=None, twins=False) -> list:
        """Every move worth trying (see the module text), the most promising first."""
        cols, cells, found, stock = st
        names, cnames, fnames = self.col_names, self.cell_names, self.found_names
        empty = [i for i, col in enumerate(cols) if not col]
        first_empty = empty[0] if empty else -1
        free = [i for i, c in enumerate(cells) if not c]
        onto_col = onto_empty = 10**6
        if self.supermove:
            onto_col = (len(free) + 1) << len(empty)
            onto_empty = (len(free) + 1) << max(0, len(empty) - 1)
        good, fair, poor = [], [], []
        for i, col in enumerate(cols):
            if not col:
                continue
            top = col[-1]
            if not self.runs_home:
                j = self.home_slot(found, top)
                if j >= 0:
                    good.append(Move(names[i], fnames[j]))
            length = self.run_length(col)
            for k in range(1, length + 1):
                head = col[-k]
                below = col[-k - 1] if k < len(col) else None
                reveals = below is None or below >= FACE_DOWN
                # greedy (Spider): a run that lies where it fits moves only to join its suit
                linked = 0 if reveals or not self.fits(below, head) else 1 + (below >> 4 == head >> 4)
                if greedy and linked == 2:
                    continue
                for j, dcol in enumerate(cols):
                    if j == i or not dcol or k > onto_col or not self.fits(dcol[-1], head):
                        continue
                    joins = self.suit_runs and dcol[-1] >> 4 == head >> 4
                    if greedy and linked and not joins:
                        continue
                    (good if reveals or joins else fair).append(Move(names[i], names[j], k))
                if (
                    first_empty >= 0
                    and k < len(col)
                    and k <= onto_empty
                    and (not self.king_only or head & 15 == self.top)
                    and not (greedy and linked)
                ):
                    (fair if reveals else poor).append(Move(names[i], names[first_empty], k))
            if free:
                poor.append(Move(names[i], cnames[free[0]]))
        for ci, c in enumerate(cells):
            if not c:
                continue
            j = self.home_slot(found, c)
            if j >= 0:
                good.append(Move(cnames[ci], fnames[j]))
            for j, dcol in enumerate(cols):
                if dcol and self.fits(dcol[-1], c):
                    good.append(Move(cnames[ci], names[j]))
            if first_empty >= 0:
                fair.append(Move(cnames[ci], names[first_empty]))
        if self.f2c:
            for fi, f in enumerate(found):
                if f:
                    for j, dcol in enumerate(cols):
                        if dcol and self.fits(dcol[-1], f):
                            poor.append(Move(fnames[fi], names[j]))
        if self.spec.stock == "row" and stock and not empty:
            poor.append(DEAL)
        return good + fair + poor

    def score(self, st, weights=None) -> int:
        """How promising ``st`` looks (higher is better): cards home, face-up
        cards, free cells and empty columns, and columns in order."""
        cols, cells, found, stock = st
        w = self.weights
        home = sum(self.top if self.runs_home else f & 15 for f in found if f)
        points = w[0] * home
        for col in cols:
            if not col:
                points += w[1]
                continue
            for a, b in zip(col, col[1:]):
                if a >= FACE_DOWN:
                    points -= w[2]
                elif self.fits(a, b) and (not self.suit_runs or a >> 4 == b >> 4):
                    points += w[3]
                elif self.fits(a, b):
                    points += w[4]
                else:
                    points -= w[5]
        points += w[6] * sum(1 for c in cells if not c)
        return points
