"""The solver's compact picture of a position, and its moves.

The engine's ``Position`` is built for clarity (card codes as text, named
piles, a new object per move). A search visits hundreds of thousands of
positions, so the solver works on a lean copy of the same facts:

* a card is a small int, ``suit * 16 + rank`` (suits in ``SUITS`` order,
  Ace = 1); a face-down card in a column has 64 added;
* ``cols``: one tuple per tableau column, bottom → top, in the engine's order
  (never reordered, so a column index is always ``t{i + 1}``);
* ``found``: how high each foundation is, by suit: ``found[suit * copies + k]``,
  the ``copies`` heights of one suit kept in ascending order. Which named pile
  holds a suit does not matter (any empty pile takes any Ace), so this is the
  canonical form of the foundations;
* the talon, ``T``: the waste (bottom → top) followed by the stock (top →
  bottom). Drawing, whether 1 or 3 cards, and turning the waste over never
  change this order; they only move the boundary ``w`` (= cards in the waste).
  So a talon is ``(T, w)`` plus ``u``, the redeals used;
* a state is the tuple ``(cols, found, T, w, u)``.

Moves are macro moves (tuples, first item the kind):

* ``(0, a, b, n)``   the top ``n`` cards of column a onto column b;
* ``(1, a)``         the top card of column a to a foundation;
* ``(2, j, b, u2)``  the talon card ``T[j - 1]`` onto column b, after the draws
  (and at most one redeal, leaving ``u2`` redeals used) that make it the
  waste's top card, i.e. ``w = j``;
* ``(3, j, u2)``     the same card to a foundation;
* ``(4, i, b)``      the top card of foundation slot i back onto column b.

Modelling the talon this way means the search never takes a "blind" draw:
one draw-3 pass is a choice among the cards it can reach, not a chain of
draws to explore one by one.
"""

from __future__ import annotations

from ..cards import SUITS
from .safe import safe_requirements

FACE_DOWN = 64
GREEDY_TALON = 3  # greedy cuts: where redeals are limited, only the nearest few useful talon cards


class Model:
    """Tables and move rules of one game spec (built once per spec)."""

    def __init__(self, spec):
        deck = spec.deck
        self.spec = spec
        self.copies = deck.copies
        self.top_rank = deck.top_rank
        self.size = deck.size
        self.draw = spec.draw
        self.redeals = spec.redeals  # None: unlimited
        self.runs = spec.runs
        self.f2c = spec.foundation_to_column
        self.supermoves = not spec.runs and spec.empty_column == "any"
        self.ncols = spec.columns
        self.ranks_text = deck.ranks
        top = deck.top_rank
        cards = [s * 16 + r for s in range(4) for r in range(1, top + 1)]
        self.cards = cards
        self.rank = [0] * 128
        self.suit = [0] * 128
        for c in cards:
            for code in (c, c + FACE_DOWN):
                self.rank[code] = c & 15
                self.suit[code] = c >> 4
        red = [SUITS[s] in "HD" for s in range(4)]

        def fits(below, card):
            if self.rank[card] != self.rank[below] - 1:
                return False
            if spec.build == "alternate":
                return red[card >> 4] != red[below >> 4]
            if spec.build == "same-suit":
                return card >> 4 == below >> 4
            return card >> 4 != below >> 4  # other-suit

        # acc[below]: cards that may lie on the face-up card ``below``.
        self.acc = [()] * 128
        self.acc_set = [frozenset()] * 128
        for b in cards:
            ok = tuple(c for c in cards if fits(b, c))
            self.acc[b] = ok
            self.acc_set[b] = frozenset(ok)
        self.rank_suit = [(c & 15, (c >> 4) & 3) for c in range(128)]
        self.empty_ok = frozenset(c for c in cards if spec.empty_column == "any" or c & 15 == top)
        # Safe moves home (safe.py proves them): card -> ((slot, min height), ...)
        self.safe_req = safe_requirements(spec, self)
        self._targets: dict = {}
        self._tindex: dict = {}

    # --- conversion ------------------------------------------------------------
    def card(self, code: str) -> int:
        deck = self.spec.deck
        c = SUITS.index(deck.suit[code]) * 16 + deck.rank[code]
        return c + FACE_DOWN if code.islower() else c

    def text(self, c: int) -> str:
        c &= 63
        return self.ranks_text[(c & 15) - 1] + SUITS[c >> 4]

    def from_position(self, pos):
        spec, piles = self.spec, pos.piles
        card = self.card
        cols = tuple(tuple(card(x) for x in piles[t]) for t in spec.tableau_range)
        heights = [[] for _ in range(4)]
        for f in spec.foundation_range:
            pile = piles[f]
            if pile:
                heights[SUITS.index(spec.deck.suit[pile[0]])].append(len(pile))
        found = []
        for s in range(4):
            h = heights[s] + [0] * (self.copies - len(heights[s]))
            found.extend(sorted(h))
        waste = tuple(card(x.upper()) for x in piles[1])
        stock = tuple(card(x.upper()) for x in reversed(piles[0]))
        return (cols, tuple(found), waste + stock, len(waste), pos.redeals)

    # --- facts -------------------------------------------------------------------
    def is_won(self, st) -> bool:
        return sum(st[1]) == self.size

    def home_slot(self, found, c):
        """The foundation slot that takes card c, or -1."""
        r = c & 15
        base = (c >> 4) * self.copies
        if self.copies == 1:
            return base if found[base] == r - 1 else -1
        # Two slots per suit, ascending: raise the higher one first so the
        # pair stays sorted.
        if found[base + 1] == r - 1:
            return base + 1
        if found[base] == r - 1:
            return base
        return -1

    def is_safe(self, found, c) -> bool:
        for slot, h in self.safe_req[c]:
            if found[slot] < h:
                return False
        return True

    def key(self, st):
        """Canonical key: equal for positions with the same future.

        Columns are interchangeable, so they are sorted; identical cards of
        two decks have equal codes; foundations are already per suit. The
        talon keeps its order; where every boundary of a pass can be reached
        again (unlimited redeals), boundaries that reach the same cards are
        one key.
        """
        cols, found, T, w, u = st
        if self.redeals is None:
            if self.draw == 1:
                wk = 0  # draw 1, unlimited: every boundary reaches every other
            elif w % self.draw == 0 or w == len(T):
                wk = -1  # on the cycle that a redeal starts
            else:
                wk = w
            return (tuple(sorted(cols)), found, T, wk)
        return (tuple(sorted(cols)), found, T, w, u)

    # --- the talon -----------------------------------------------------------------
    def talon_targets(self, n: int, w: int, u: int):
        """Boundaries ``j`` (waste top = ``T[j-1]``) reachable by drawing, with
        the redeals used on arrival. A second redeal only repeats the first
        pass with one fewer redeal left, so it is never needed."""
        key = (n, w, u)
        got = self._targets.get(key)
        if got is not None:
            return got
        k, limit = self.draw, self.redeals
        out, seen = [], set()
        if w > 0:
            out.append((w, u))
            seen.add(w)
        x = w
        while x < n:
            x = min(x + k, n)
            if x not in seen:
                seen.add(x)
                out.append((x, u))
        if n and (limit is None or u < limit):
            u2 = u if limit is None else u + 1
            x = 0
            while x < n:
                x = min(x + k, n)
                if x not in seen:
                    seen.add(x)
                    out.append((x, u2))
        got = tuple(out)
        self._targets[key] = got
        return got

    def talon_entries(self, T, w, u):
        """The reachable talon cards as (card, j, u2, cost, draws needed),
        nearest first (cached: most moves leave the talon alone)."""
        key = (T, w, u)
        got = self._tindex.get(key)
        if got is not None:
            return got
        if len(self._tindex) > 50_000:
            self._tindex.clear()
        limited = self.redeals is not None
        n = len(T)
        got = []
        for j, u2 in self.talon_targets(n, w, u):
            if limited:
                # cards drawn past stay buried in the waste: the deeper, the costlier
                depth = (j - w if u2 == u else j + n - w) // self.draw
                cost = depth * 2
            else:
                depth, cost = 0, (0 if u2 == u and j >= w else 3)
            got.append((T[j - 1], j, u2, cost, depth))
        self._tindex[key] = got
        return got

    # --- applying ------------------------------------------------------------------
    def apply(self, st, m):
        cols, found, T, w, u = st
        kind = m[0]
        if kind == 0:
            _, a, b, n = m
            src = cols[a]
            rest = src[:-n]
            if rest and rest[-1] >= FACE_DOWN:
                rest = rest[:-1] + (rest[-1] - FACE_DOWN,)
            new = list(cols)
            new[a] = rest
            new[b] = cols[b] + src[-n:]
            return (tuple(new), found, T, w, u)
        if kind == 1:
            a = m[1]
            src = cols[a]
            c = src[-1]
            rest = src[:-1]
            if rest and rest[-1] >= FACE_DOWN:
                rest = rest[:-1] + (rest[-1] - FACE_DOWN,)
            new = list(cols)
            new[a] = rest
            i = self.home_slot(found, c)
            return (tuple(new), found[:i] + (found[i] + 1,) + found[i + 1 :], T, w, u)
        if kind == 2:
            _, j, b, u2 = m
            c = T[j - 1]
            new = list(cols)
            new[b] = cols[b] + (c,)
            return (tuple(new), found, T[: j - 1] + T[j:], j - 1, u2)
        if kind == 3:
            _, j, u2 = m
            c = T[j - 1]
            i = self.home_slot(found, c)
            return (cols, found[:i] + (found[i] + 1,) + found[i + 1 :], T[: j - 1] + T[j:], j - 1, u2)
        # kind 4: foundation slot i onto column b
        _, i, b = m
        c = (i // self.copies) * 16 + found[i]
        new = list(cols)
        new[b] = cols[b] + (c,)
        return (tuple(new), found[:i] + (found[i] - 1,) + found[i + 1 :], T, w, u)

    def moved_card(self, st, m) -> int:
        """The (first) card a move takes, before it is made."""
        cols, found, T = st[0], st[1], st[2]
        kind = m[0]
        if kind == 0:
            return cols[m[1]][-m[3]]
        if kind == 1:
            return cols[m[1]][-1]
        if kind in (2, 3):
            return T[m[1] - 1]
        return (m[1] // self.copies) * 16 + found[m[1]]

    def closure(self, st, col_hint=-1, eager=False):
        """Play every safe move home (safe.py), repeatedly. Returns the new state
        and the moves played. ``col_hint`` >= 0: only that column's top can be
        new since the last closure (the foundations did not change)."""
        autos = None
        rank_ok = self.home_slot
        is_safe = _always if eager else self.is_safe
        talon_mode = self.talon_auto
        while True:
            cols, found, T, w, u = st
            m = None
            if col_hint >= 0:
                col = cols[col_hint]
                if col:
                    c = col[-1]
                    if rank_ok(found, c) >= 0 and is_safe(found, c):
                        m = (1, col_hint)
            else:
                for i, col in enumerate(cols):
                    if col:
                        c = col[-1]
                        if rank_ok(found, c) >= 0 and is_safe(found, c):
                            m = (1, i)
                            break
                if m is None and talon_mode and T:
                    if talon_mode == 1:
                        if w and rank_ok(found, T[w - 1]) >= 0 and is_safe(found, T[w - 1]):
                            m = (3, w, u)
                    else:
                        for j, c in enumerate(T, 1):
                            if rank_ok(found, c) >= 0 and is_safe(found, c):
                                m = (3, j, u)
                                break
            if m is None:
                return st, autos
            st = self.apply(st, m)
            if autos is None:
                autos = [m]
            else:
                autos.append(m)
            col_hint = -1

    @property
    def talon_auto(self) -> int:
        """Which talon cards a safe move may take: 0 none, 1 the waste's top
        (draw 1: taking it changes no other card's reach), 2 any (draw 1 with
        unlimited redeals: every talon card can always be reached)."""
        if self.draw != 1:
            return 0
        return 2 if self.redeals is None else 1

    # --- judging -------------------------------------------------------------------------
    # Weights of Model.score: (home, blocked, empty, face-down, waste, need,
    # stock draw, stock), tuned by measurement on Forty Thieves family deals.
    WEIGHTS = (20, 6, 12, 4, 4, 3, 0.25, 2)

    def score(self, st, weights=None) -> int:
        """How promising a state looks, for best-first search (higher is
        better). It only orders the search, so it needs no proof: cards home
        count most; a card lying above a lower card of its own suit (which
        must go home first, so the card above has to move out of the way) is
        bad, as are a face-down card, a card in the waste or the stock and the
        cards lying on the next cards the foundations want; an empty column
        is good."""
        w_home, w_blocked, w_empty, w_down, w_waste, w_need, w_draw, w_stock = weights or self.WEIGHTS
        cols, found, T, w, u = st
        rank_suit = self.rank_suit
        blocked = down = empty = 0
        for col in cols:
            if not col:
                empty += 1
                continue
            lo = [99, 99, 99, 99]
            for c in col:
                if c >= 64:
                    down += 1
                r, s = rank_suit[c]
                if lo[s] < r:
                    blocked += 1
                else:
                    lo[s] = r
        if w:
            lo = [99, 99, 99, 99]
            for c in T[:w]:
                r, s = rank_suit[c]
                if lo[s] < r:
                    blocked += 1
                else:
                    lo[s] = r
        # how deep the cards the foundations take next lie
        need = {}
        copies = self.copies
        for i in range(0, len(found), copies):
            h = found[i]
            if h < self.top_rank:
                need[(i // copies) * 16 + h + 1] = 99
            if copies == 2 and found[i + 1] != h and found[i + 1] < self.top_rank:
                need[(i // copies) * 16 + found[i + 1] + 1] = 99
        for col in cols:
            n = len(col)
            for idx, c in enumerate(col):
                c &= 63
                if c in need:
                    d = n - 1 - idx
                    if d < need[c]:
                        need[c] = d
        for idx, c in enumerate(T):
            if c in need:
                d = (w - 1 - idx) if idx < w else (idx - w) * w_draw
                if d < need[c]:
                    need[c] = d
        cover = sum(need.values())
        return (
            w_home * sum(found)
            - w_blocked * blocked
            + w_empty * empty
            - w_down * down
            - w_waste * w
            - w_need * cover
            - w_stock * (len(T) - w)
        )

    # --- generating ------------------------------------------------------------------
    def free_cards(self, st):
        """Cards that could move now: heads of movable runs, reachable talon cards."""
        cols, found, T, w, u = st
        acc_set = self.acc_set
        free = set()
        for col in cols:
            n, ln = 1, len(col)
            if ln:
                free.add(col[-1])
                if self.runs:
                    while n < ln and col[-n - 1] < FACE_DOWN and col[-n] in acc_set[col[-n - 1]]:
                        n += 1
                        free.add(col[-n])
        if T:
            for j, _ in self.talon_targets(len(T), w, u):
                free.add(T[j - 1])
        return free

    def home_set(self, found):
        """The cards that fit on a foundation now."""
        copies = self.copies
        top = self.top_rank
        out = set()
        for i, h in enumerate(found):
            if h < top:
                out.add((i // copies) * 16 + h + 1)
        return out

    def moves(self, st, greedy=False, jitter=None):
        """Every useful move, most promising first.

        Left out, because each provably changes nothing or repeats another:
        a whole column onto an empty column (the same position with the columns
        renamed); a move onto a second, third … empty column (interchangeable);
        a safe card back from a foundation (safe.py: it is no better there);
        with one card per draw and unlimited redeals, a talon card onto a
        column when no card that could lie on it is free to move now.

        Why the last cut loses no win: there every talon card can be reached
        at any time, so a talon card X is like a card in a cell of unlimited
        size. Take a winning line that plays X onto a column (Y on top, or
        empty) at step i, and let step j be the first later step that puts a
        card Z (or a run headed by Z) on X, moves X alone, or sends X home.
        Between i and j, X lies on top and nothing else uses it; a run moved
        with X on top can move without it. Delaying the play of X to just
        before step j (or, if step j moves X, playing X from the talon to
        where step j puts it) gives a line that is legal throughout (X's
        column even has Y on top, or an extra empty column, meanwhile) and
        plays X onto a column only when Z is free to move. Repeating this
        for every such play turns any winning line into one the cut keeps.

        ``greedy``: also leave out moves that are rarely needed — a run moved
        off a card it already fits, unless that card can then go home or take
        another card that is free to move; a card taken back from a
        foundation unless a free card could then go on it; where redeals are
        limited, talon cards beyond the GREEDY_TALON nearest that need draws
        and have somewhere to go. A search with
        these cuts can find wins faster but proves nothing about losses.
        """
        cols, found, T, w, u = st
        acc, acc_set, empty_ok = self.acc, self.acc_set, self.empty_ok
        homes = self.home_set(found)
        free = self.free_cards(st) if greedy else None
        wanted: dict = {}
        first_empty = -1
        for i, col in enumerate(cols):
            if col:
                for c in acc[col[-1]]:
                    if c in wanted:
                        wanted[c].append(i)
                    else:
                        wanted[c] = [i]
            elif first_empty < 0:
                first_empty = i
        out = []
        add = out.append
        runs = self.runs
        # One card at a time, but empty columns can hold a run's cards on the
        # way: k empty columns carry up to 2**k cards (a "supermove", see
        # supermove_steps); only where an empty column takes any card.
        cap = 1
        if not runs and self.supermoves and first_empty >= 0:
            cap = 1 << sum(1 for col in cols if not col)
        for a, col in enumerate(cols):
            if not col:
                continue
            ln = len(col)
            top = col[-1]
            if top in homes:
                add((95 if ln > 1 and col[-2] >= FACE_DOWN else 60, (1, a)))
            nrun = 1
            if runs or cap > 1:
                while nrun < ln and col[-nrun - 1] < FACE_DOWN and col[-nrun] in acc_set[col[-nrun - 1]]:
                    nrun += 1
                if not runs:
                    nrun = min(nrun, cap)
            for n in range(1, nrun + 1):
                head = col[-n]
                dests = wanted.get(head)
                to_empty = first_empty >= 0 and n < ln and head in empty_ok and (runs or n == 1 or n <= cap >> 1)
                if not dests and not to_empty:
                    continue
                below = col[-n - 1] if n < ln else -1
                if below >= FACE_DOWN:
                    prio = 80
                    for x in col:  # more face-down cards under it: better
                        if x < FACE_DOWN:
                            break
                        prio += 1
                elif below < 0:
                    prio = 40
                elif head in acc_set[below]:
                    # the run already lies on a fitting card: moving it only
                    # helps if that card can then be used
                    if below in homes:
                        prio = 30
                    elif greedy and not any(c in free and c != head for c in acc[below]):
                        continue
                    else:
                        prio = 10
                else:
                    prio = 50
                if dests:
                    for b in dests:
                        if b != a:
                            add((prio, (0, a, b, n)))
                if to_empty:
                    add((prio - 5, (0, a, first_empty, n)))
        if T:
            useful = homes.union(wanted)
            if first_empty >= 0:
                useful |= empty_ok
            lazy = self.talon_auto == 2
            if lazy:
                ready = free if free is not None else self.free_cards(st)
                if self.f2c:
                    copies = self.copies
                    ready = ready | {(i // copies) * 16 + h for i, h in enumerate(found) if h}
            seen_useful = 0
            for c, j, u2, cost, depth in self.talon_entries(T, w, u):
                if c not in useful:
                    continue
                if greedy and depth:
                    seen_useful += 1
                    if seen_useful > GREEDY_TALON:
                        break
                if c in homes:
                    add((70 - cost, (3, j, u2)))
                if lazy and not any(z in ready for z in acc[c]):
                    continue  # nothing to put on it yet: it can wait in the talon
                dests = wanted.get(c)
                if dests:
                    for b in dests:
                        add((55 - cost, (2, j, b, u2)))
                if first_empty >= 0 and c in empty_ok:
                    add((45 - cost, (2, j, first_empty, u2)))
        if self.f2c:
            copies = self.copies
            for i, h in enumerate(found):
                if h:
                    c = (i // copies) * 16 + h
                    if self.is_safe(found, c):
                        continue
                    if greedy and not any(x in free for x in acc[c]):
                        continue
                    dests = wanted.get(c)
                    if dests:
                        for b in dests:
                            add((5, (4, i, b)))
                    if first_empty >= 0 and c in empty_ok:
                        add((4, (4, i, first_empty)))
        if jitter is not None:
            # a randomised order for restarts: priorities blurred by up to 25
            rnd = jitter.random
            out.sort(key=lambda item: item[0] + 25 * rnd(), reverse=True)
        else:
            out.sort(key=_prio, reverse=True)
        return [m for _, m in out]


def _always(found, c):
    return True


def _prio(item):
    return item[0]


def supermove_steps(n: int, src: int, dst: int, free: list) -> list:
    """Single-card moves (src, dst) that carry the top ``n`` cards of a run
    from column src to column dst through the empty columns ``free`` (which
    exclude dst): half of the run goes to the first empty column (by the
    same means, with one empty column fewer), the other half to dst, then
    the first half on top of it. k empty columns carry 2**k cards."""
    if n == 1:
        return [(src, dst)]
    if n > 1 << len(free):
        raise ValueError(f"{n} cards need more than {len(free)} empty columns")
    e, rest = free[0], free[1:]
    k = n // 2
    return supermove_steps(k, src, e, rest) + supermove_steps(n - k, src, dst, rest) + supermove_steps(k, e, dst, rest)
