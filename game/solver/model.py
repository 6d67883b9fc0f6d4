"""The solver's compact picture of a position, and its moves.

The engine's ``Position`` is built for clarity (card codes as text, named
piles, a new object per move). A search visits hundreds of thousands of
positions, so the solver works on a lean copy of the same facts:

* a card is a small int, ``suit * 16 + rank`` (suits in ``SUITS`` order,
  Ace = 1); a face-down card in a column has 64 added;
* ``cols``: a tuple with one ``bytes`` per tableau column, bottom → top, in
  the engine's order (never reordered, so a column index is always
  ``t{i + 1}``). Bytes, not tuples of ints: a bytes object keeps its hash
  once computed and compares with one ``memcmp``, so the caches keyed by a
  column and the sorted columns of a canonical key cost far less;
* ``found`` (bytes): how high each foundation is, by suit: ``found[suit * copies + k]``,
  the ``copies`` heights of one suit kept in ascending order. Which named pile
  holds a suit does not matter (any empty pile takes any Ace), so this is the
  canonical form of the foundations;
* the talon, ``T`` (bytes): the waste (bottom → top) followed by the stock (top →
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
* ``(4, i, b)``      the top card of foundation slot i back onto column b;
* ``(5, cards, b, m)`` drawing one at a time with unlimited redeals: the talon
  cards ``cards`` onto column b, each on the one before, then move m (kind 0
  or 4, onto column b) puts what lies on the last of them (see ``moves``).

Modelling the talon this way means the search never takes a "blind" draw:
one draw-3 pass is a choice among the cards it can reach, not a chain of
draws to explore one by one.
"""

from __future__ import annotations

from dataclasses import replace
from functools import reduce
from operator import itemgetter, or_

from ..cards import SUITS
from ..safe import meets, safe_requirements

FACE_DOWN = 64
GREEDY_TALON = 3  # greedy cuts: where redeals are limited, only the nearest few useful talon cards
FITS = -1  # column info: the run lies on a card it fits (its priority depends on the position)
# Entries a per-model cache holds before it is emptied: small ones (foundation
# tuples) and large ones (a column's or a talon's facts, up to a few kB each:
# the browser's worker has little memory to spare). The caches per talon and
# per row of tops hold the most (a model lives on between searches): with
# these limits four searches of 250,000 nodes peak about where they did before
# those caches grew (bench/README.md, solver speed, fourth pass), at the same
# speed.
_CACHE_LIMIT = 200_000
TWINS = True  # Model.canon
TWIN_MOVES_BY_SEARCH = False  # Model._twin_moves
_LOW64 = (1 << 64) - 1
_BIG_CACHE_LIMIT = 30_000
_TALON_CACHE_LIMIT = 20_000
_TOPS_CACHE_LIMIT = 4_000
# Drawing one at a time with unlimited redeals, a talon card goes onto a
# column only together with what lies on it next (Model.moves, kind 5).
CHAINS = True
_first = itemgetter(0)
_second = itemgetter(1)
_top_slice = itemgetter(slice(-1, None))  # a column's top card as bytes (b"" for an empty column)
_ONE = [bytes((i,)) for i in range(256)]  # one card (or one foundation height) as bytes


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
        # Face-down codes accept nothing (a face-down card is never a top card).
        self.acc = [()] * 128
        self.acc_set = [frozenset()] * 128
        for b in cards:
            ok = tuple(c for c in cards if fits(b, c))
            self.acc[b] = ok
            self.acc_set[b] = frozenset(ok)
        self.rank_suit = [(c & 15, (c >> 4) & 3) for c in range(128)]
        # parents[c]: the cards that c may lie on
        self.parents = [()] * 64
        for c in cards:
            self.parents[c] = tuple(p for p in cards if c in self.acc_set[p])
        self.acc_bits = [_mask(a) for a in self.acc]
        self.empty_ok = frozenset(c for c in cards if spec.empty_column == "any" or c & 15 == top)
        self.empty_ok_bits = _mask(self.empty_ok)
        # Safe moves home (safe.py proves them): card -> ((slot, min height), ...)
        self.safe_req = safe_requirements(spec)
        self._targets: dict = {}
        self._tindex: dict = {}
        self._homes: dict = {}
        self._home_bits: dict = {}
        self._tops_bits: dict = {}
        self._safe: dict = {}
        self._cinfo = _ColumnFacts(self._col_info)
        self._talon_facts: dict = {}
        self._backs: dict = {}
        self._tops: dict = {}
        self._by_tops: dict = {}
        # The talon part of a key: see key().
        if self.redeals is None:
            if self.draw == 1:
                self.talon_key = _talon_key_free
            else:
                self.talon_key = _cycle_key(self.draw)
        else:
            self.talon_key = _talon_key_exact
        # Which talon cards a safe move may take: 0 none, 1 the waste's top
        # (draw 1: taking it changes no other card's reach), 2 any (draw 1 with
        # unlimited redeals: every talon card can always be reached).
        self.talon_auto = 0 if self.draw != 1 else (2 if self.redeals is None else 1)
        # draw k > 1 with unlimited redeals: search.search compares boundaries by dominance
        self.talon_cycle = self.draw if self.redeals is None and self.draw > 1 else 0
        self.greedy_cut = False  # whether the last ``moves`` call left out a move by a greedy cut
        self._one = None  # one_at_a_time()
        self.chains = CHAINS and self.talon_auto == 2 and self.copies == 1
        # twin[c]: the other card that takes exactly the cards c takes (the
        # other red or black card of c's rank, building in alternate colours),
        # or -1; only where runs move as a unit and every card is unique.
        self.twin = [-1] * 64
        if TWINS and self.runs and self.copies == 1:
            for c in cards:
                for d in cards:
                    if d != c and self.acc[c] and self.acc_set[d] == self.acc_set[c]:
                        self.twin[c] = d
        self.twins = any(t >= 0 for t in self.twin)
        self.high_twins = _mask(c for c in range(64) if self.twin[c] >= 0 and self.twin[c] < c)
        self._twin_facts = _ColumnFacts(self._twin_facts_of)
        self._twin_bits = self._twin_facts.__getitem__  # a column's facts, made if missing

    def one_at_a_time(self):
        """The model of this game drawing one card at a time, or None.
        Drawing k > 1 with unlimited redeals, it is a relaxation: there every
        talon card can be reached at any time, so every line of this game can
        be played there too, and a position it proves lost is lost here (its
        states are this model's: the talon keeps its order)."""
        if not self.talon_cycle:
            return None
        if self._one is None:
            self._one = Model(replace(self.spec, id=f"{self.spec.id}-drawing-one", draw=1, hidden=True))
        return self._one

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
        cols = tuple(bytes(card(x) for x in piles[t]) for t in spec.tableau_range)
        heights = [[] for _ in range(4)]
        for f in spec.foundation_range:
            pile = piles[f]
            if pile:
                heights[SUITS.index(spec.deck.suit[pile[0]])].append(len(pile))
        found = []
        for s in range(4):
            h = heights[s] + [0] * (self.copies - len(heights[s]))
            found.extend(sorted(h))
        waste = bytes(card(x.upper()) for x in piles[1])
        stock = bytes(card(x.upper()) for x in reversed(piles[0]))
        return (cols, bytes(found), waste + stock, len(waste), pos.redeals)

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
        return meets(found, self.safe_req[c])

    def key(self, st):
        """Canonical key: equal for positions with the same future.

        Columns are interchangeable, so they are sorted; identical cards of
        two decks have equal codes; foundations are already per suit. The
        talon keeps its order; where every boundary of a pass can be reached
        again (unlimited redeals), boundaries that reach the same cards are
        one key.
        """
        cols, found, T, w, u = st
        return (tuple(sorted(cols)), found, T, self.talon_key(len(T), w, u))

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
        nearest first."""
        got = self._tindex.get((T, w, u))
        if got is None:
            got = self._talon(T, w, u)
        return got[0]

    def _talon(self, T, w, u):
        """(talon_entries, the set of their cards, the same as bits, card ->
        its entries), cached: most moves leave the talon alone."""
        if len(self._tindex) > _TALON_CACHE_LIMIT:
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
        by_card: dict = {}  # card -> its entries, in their order
        for e in got:
            by_card[e[0]] = by_card.get(e[0], ()) + (e,)
        got = (tuple(got), frozenset(by_card), _mask(by_card), by_card)
        self._tindex[(T, w, u)] = got
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
                rest = rest[:-1] + _ONE[rest[-1] - FACE_DOWN]
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
                rest = rest[:-1] + _ONE[rest[-1] - FACE_DOWN]
            new = list(cols)
            new[a] = rest
            i = self.home_slot(found, c)
            return (tuple(new), found[:i] + _ONE[found[i] + 1] + found[i + 1 :], T, w, u)
        if kind == 2:
            _, j, b, u2 = m
            c = T[j - 1]
            new = list(cols)
            new[b] = cols[b] + _ONE[c]
            return (tuple(new), found, T[: j - 1] + T[j:], j - 1, u2)
        if kind == 3:
            _, j, u2 = m
            c = T[j - 1]
            i = self.home_slot(found, c)
            return (cols, found[:i] + _ONE[found[i] + 1] + found[i + 1 :], T[: j - 1] + T[j:], j - 1, u2)
        if kind == 5:
            # talon cards onto column b, then what lies on the last of them
            _, chain, b, final = m
            for x in chain:
                j = T.index(x)
                T = T[:j] + T[j + 1 :]
                w = j
            new = list(cols)
            new[b] = cols[b] + bytes(chain)
            return self.apply((tuple(new), found, T, w, u), final)
        if kind == 6:
            return self.apply(self.apply(st, m[1]), m[2])  # a swap of twins, then a move (_twin_moves)
        # kind 4: foundation slot i onto column b
        _, i, b = m
        c = (i // self.copies) * 16 + found[i]
        new = list(cols)
        new[b] = cols[b] + _ONE[c]
        return (tuple(new), found[:i] + _ONE[found[i] - 1] + found[i + 1 :], T, w, u)

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

    def step(self, st, m):
        """``apply`` then ``closure``, looking only where the move can have
        made a safe move possible: a column move, the source column's new top;
        a talon card onto a column, that card (and, drawing one at a time,
        the new waste top); a foundation card back onto a column, nowhere (the
        foundations went down, which makes no card safe); a card home,
        everywhere."""
        kind = m[0]
        if kind == 0:
            # apply, inline: the most common move
            cols, found, T, w, u = st
            _, a, b, n = m
            src = cols[a]
            rest = src[:-n]
            new = list(cols)
            new[b] = cols[b] + src[-n:]
            if rest:
                if rest[-1] >= FACE_DOWN:
                    rest = rest[:-1] + _ONE[rest[-1] - FACE_DOWN]
                new[a] = rest
                st = (tuple(new), found, T, w, u)
                safe = self._safe.get(found)
                if safe is None:
                    safe = self._safe_set(found)
                if rest[-1] in safe:
                    return self.closure(st, a, False)
                return st, None
            new[a] = rest
            return (tuple(new), found, T, w, u), None
        if kind == 2:
            # apply, inline; the closure only if the card (or, drawing one at
            # a time, the new waste top) goes home safely
            cols, found, T, w, u = st
            _, j, b, u2 = m
            c = T[j - 1]
            new = list(cols)
            new[b] = cols[b] + _ONE[c]
            T = T[: j - 1] + T[j:]
            st = (tuple(new), found, T, j - 1, u2)
            safe = self._safe.get(found)
            if safe is None:
                safe = self._safe_set(found)
            if c in safe:
                return self.closure(st, b, self.talon_auto == 1)
            if self.talon_auto == 1 and j > 1 and T[j - 2] in safe:
                return self.closure(st, b, True)
            return st, None
        st = self.apply(st, m)
        if kind == 4:
            return st, None
        if kind == 5:
            # The talon's cards were not safe (its safe cards go home at once),
            # nor was what came onto them, and the foundations did not rise:
            # only the new top of a column the final move left can be.
            final = m[3]
            if final[0] == 0:
                a = final[1]
                col = st[0][a]
                if col:
                    safe = self._safe.get(st[1])
                    if safe is None:
                        safe = self._safe_set(st[1])
                    if col[-1] in safe:
                        return self.closure(st, a, False)
            return st, None
        return self.closure(st, -1, True)

    def closure(self, st, col_hint=-1, talon=True):
        """Play every safe move home (safe.py), repeatedly. Returns the new state
        and the moves played (None if none). ``col_hint`` >= 0: only that
        column's top can be new since the last closure and the foundations did
        not change; then ``talon`` says whether the talon may hold a new
        candidate too."""
        autos = None
        talon_mode = self.talon_auto
        safe_sets = self._safe
        while True:
            cols, found, T, w, u = st
            safe = safe_sets.get(found)
            if safe is None:
                safe = self._safe_set(found)
            m = None
            if col_hint >= 0:
                col = cols[col_hint]
                if col and col[-1] in safe:
                    m = (1, col_hint)
                scan_talon = talon
            else:
                for i, col in enumerate(cols):
                    if col and col[-1] in safe:
                        m = (1, i)
                        break
                scan_talon = True
            if m is None and talon_mode and T and scan_talon:
                if talon_mode == 1:
                    if w and T[w - 1] in safe:
                        m = (3, w, u)
                elif not safe.isdisjoint(T):
                    for j, c in enumerate(T, 1):
                        if c in safe:
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

    def canon(self, st, autos):
        """``st`` (closed, with the safe moves ``autos`` that closed it) with
        every run lying on the higher card of a pair of twins (``twin``) moved
        onto the lower one where that one is a column's top, and closed again.

        Why the answer stays the same: a run R lies on card x, and x's twin y
        is the top of another column. R fits on y as it fits on x (they take
        the same cards), so one legal move puts R on y, and one more puts it
        back: each position is reached from the other, so one is won if and
        only if the other is. The search goes on from the form with R on the
        lower of the two (a move in ``autos``, replayed like the others): the
        layouts that differ only in which twin carries a run are one node.
        That node has the moves of both layouts: those that need the lower
        twin free are made as one move with the run's move (_twin_moves).
        Without the second half a search proves won positions lost: the
        run's move off the lower twin is undone at once.
        Draw-1 deal 60 (of Klondike drawing three, searched drawing one) is
        proved lost in 111,515 nodes instead of 530,957."""
        bits = reduce(or_, map(self._twin_bits, st[0]))
        # the higher twins that carry a run while the lower is a top
        todo = bits & (bits >> 64) & self.high_twins
        if not todo:
            return st, autos
        twin, twin_bits = self.twin, self._twin_bits
        while todo:
            x = (todo & -todo).bit_length() - 1
            t = twin[x]
            cols = st[0]
            i = a = -1
            for k, c in enumerate(cols):
                if c:
                    if c[-1] == t:
                        i = k
                    elif x in c:
                        a = k
            src = cols[a]
            cut = src.index(x) + 1
            new = list(cols)
            new[a] = src[:cut]
            new[i] = cols[i] + src[cut:]
            m = (0, a, i, len(src) - cut)
            autos = [m] if autos is None else autos + [m]
            st = (tuple(new), st[1], st[2], st[3], st[4])
            safe = self._safe.get(st[1])
            if safe is None:
                safe = self._safe_set(st[1])
            if x in safe:
                st, more = self.closure(st, a, False)
                autos += more or ()
            bits = reduce(or_, map(twin_bits, st[0]))
            todo = bits & (bits >> 64) & self.high_twins
        return st, autos

    def _twin_facts_of(self, col):
        """The bit of the twin of the column's top card, with (shifted by 64)
        the bits of the cards of its top run that carry a card; cached
        (``_twin_bits``)."""
        cache = self._twin_facts
        if len(cache) > _CACHE_LIMIT:
            cache.clear()
        if not col:
            cache[col] = 0
            return 0
        acc_set = self.acc_set
        k = len(col) - 1
        carried = 0
        while k > 0 and col[k - 1] < FACE_DOWN and col[k] in acc_set[col[k - 1]]:
            k -= 1
            carried |= 1 << col[k]
        t = self.twin[col[-1]]
        got = cache[col] = ((1 << t) if t >= 0 else 0) | carried << 64
        return got

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
        cinfo = self._cinfo
        blocked = down = empty = 0
        # how deep the cards the foundations take next lie
        needed = self._home_set(found)
        need = dict.fromkeys(needed, 99)
        for col in cols:
            if not col:
                empty += 1
                continue
            info = cinfo.get(col)
            if info is None:
                info = self._col_info(col)
            blocked += info[5]
            down += info[6]
            hit = needed & info[7]
            if hit:
                depth = info[8]
                for c in hit:
                    d = depth[c]
                    if d < need[c]:
                        need[c] = d
        if T:
            talon = self._talon_facts.get((T, w))
            if talon is None:
                talon = self._talon_facts_of(T, w)
            blocked += talon[0]
            where = talon[1]
            for c in needed & where.keys():
                for idx in where[c]:
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

    def _talon_facts_of(self, T, w):
        """(blocked cards in the waste, card -> its places in the talon)."""
        cache = self._talon_facts
        if len(cache) > _BIG_CACHE_LIMIT:
            cache.clear()
        rank_suit = self.rank_suit
        blocked = 0
        lo = [99, 99, 99, 99]
        for c in T[:w]:
            r, s = rank_suit[c]
            if lo[s] < r:
                blocked += 1
            else:
                lo[s] = r
        where: dict = {}
        for idx, c in enumerate(T):
            where.setdefault(c, []).append(idx)
        got = cache[(T, w)] = (blocked, where)
        return got

    # --- generating ------------------------------------------------------------------
    def _col_info(self, col):
        """What move generation and scoring need to know of one column (cached
        per column: most columns are shared by many positions):
        (top, priority of sending the top home, run heads, cards that fit on
        the top, free cards, blocked cards, face-down cards, the cards in it
        (face up or down), card -> how many cards lie on it, the run heads'
        cards as the bits of an int, whether a run head may go to an empty
        column, the run cut's facts per head (filled by _cut_facts), how many
        cards the movable run has, head card -> run head, the free cards as
        bits; None for an empty column); a run head is
        (n, head card, card below or -1, base priority or FITS, may go to an
        empty column)."""
        cache = self._cinfo
        if len(cache) > _BIG_CACHE_LIMIT:
            cache.clear()
        if not col:
            cache[col] = None
            return None
        acc_set = self.acc_set
        ln = len(col)
        top = col[-1]
        nrun = 1
        if self.runs or self.supermoves:
            while nrun < ln and col[-nrun - 1] < FACE_DOWN and col[-nrun] in acc_set[col[-nrun - 1]]:
                nrun += 1
        down = 0
        for x in col:
            if x < FACE_DOWN:
                break
            down += 1
        heads = []
        empty_ok = self.empty_ok
        for n in range(1, nrun + 1):
            head = col[-n]
            below = col[-n - 1] if n < ln else -1
            if below >= FACE_DOWN:
                base = 80 + down  # more face-down cards under it: better
            elif below < 0:
                base = 40
            elif head in acc_set[below]:
                base = FITS
            else:
                base = 50
            heads.append((n, head, below, base, n < ln and head in empty_ok))
        free = frozenset(col[-nrun:]) if self.runs else frozenset((top,))
        blocked = 0
        lo = [99, 99, 99, 99]
        rank_suit = self.rank_suit
        for c in col:
            r, s = rank_suit[c]
            if lo[s] < r:
                blocked += 1
            else:
                lo[s] = r
        depth: dict = {}  # card (face up or down) -> how many cards lie on it
        for i, c in enumerate(col):
            depth[c & 63] = ln - 1 - i  # a twin lower down is deeper: keep the upper
        info = (
            top,
            95 if ln > 1 and col[-2] >= FACE_DOWN else 60,
            tuple(heads),
            self.acc[top],
            free,
            blocked,
            sum(1 for c in col if c >= FACE_DOWN),
            frozenset(depth),
            depth,
            _mask(h[1] for h in heads),
            any(h[4] for h in heads),
            {},  # the run cut's facts, per head (Model._cut_facts), when first asked
            nrun,
            {h[1]: h for h in heads},
            _mask(free),
        )
        cache[col] = info
        return info

    def _cut_facts(self, col, n, info):
        """For the run cut (runs move as a unit), of the head ``n`` cards
        from the top of ``col`` that lies on a card x it fits: what
        _uncovered_usable looks at — the cards other than the head that
        could go on x, and the run from x down (it ends where the movable
        run ends), with whether one of them could go to an empty column.
        Kept in the column's facts."""
        nrun, ln = info[12], len(col)
        walk = tuple(col[-k] for k in range(n + 1, nrun + 1))
        got = info[11][n] = (
            _mask(z for z in self.acc[col[-n - 1]] if z != col[-n]),
            _mask(walk),
            any(col[-k] in self.empty_ok for k in range(n + 1, min(nrun, ln - 1) + 1)),
            walk,
        )
        return got

    def _tops_facts(self, tops, infos):
        """(card -> the columns whose top takes it, in column order; the
        first empty column or -1; how many columns are empty), cached per
        the columns' top cards (``tops``: each column's last byte, or b"")."""
        cache = self._by_tops
        if len(cache) > _TOPS_CACHE_LIMIT:
            cache.clear()
        wanted: dict = {}
        acc_bits = self.acc_bits
        bits = 0
        for i, info in enumerate(infos):
            if info is not None:
                bits |= acc_bits[info[0]]
                for c in info[3]:
                    got = wanted.get(c)
                    if got is None:
                        wanted[c] = [i]
                    else:
                        got.append(i)
        if None in infos:
            first_empty, n_empty = infos.index(None), infos.count(None)
            placed = bits | self.empty_ok_bits  # the talon cards that have a column to go to
        else:
            first_empty = -1
            n_empty = 0
            placed = bits
        got = cache[tops] = (wanted, first_empty, n_empty, bits, placed)
        return got

    def _backs_of(self, found):
        """(slot, card) of the foundations' tops that may come back to a
        column: all but the safe ones (safe.py: no better in a column)."""
        cache = self._backs
        if len(cache) > _CACHE_LIMIT:
            cache.clear()
        copies = self.copies
        got = []
        for i, h in enumerate(found):
            if h:
                c = (i // copies) * 16 + h
                if not meets(found, self.safe_req[c]):
                    got.append((i, c))
        got = cache[found] = tuple(got)
        return got

    def _home_set(self, found):
        got = self._homes.get(found)
        if got is None:
            if len(self._homes) > _CACHE_LIMIT:
                self._homes.clear()
            copies = self.copies
            top = self.top_rank
            got = frozenset((i // copies) * 16 + h + 1 for i, h in enumerate(found) if h < top)
            self._homes[found] = got
        return got

    def _safe_set(self, found):
        """The cards that go home now by a safe move (safe.py), cached."""
        got = self._safe.get(found)
        if got is None:
            if len(self._safe) > _CACHE_LIMIT:
                self._safe.clear()
            safe_req = self.safe_req
            got = frozenset(c for c in self._home_set(found) if meets(found, safe_req[c]))
            self._safe[found] = got
        return got

    def home_set(self, found):
        """The cards that fit on a foundation now."""
        return set(self._home_set(found))

    def free_cards(self, st):
        """Cards that could move now: heads of movable runs, reachable talon cards."""
        cols, found, T, w, u = st
        cinfo = self._cinfo
        free = set()
        for col in cols:
            if col:
                info = cinfo.get(col)
                if info is None:
                    info = self._col_info(col)
                free |= info[4]
        if T:
            for e in self.talon_entries(T, w, u):
                free.add(e[0])
        return free

    def _found_tops(self, found):
        """The foundations' top cards (cached)."""
        got = self._tops.get(found)
        if got is None:
            if len(self._tops) > _CACHE_LIMIT:
                self._tops.clear()
            copies = self.copies
            got = self._tops[found] = frozenset((i // copies) * 16 + h for i, h in enumerate(found) if h)
        return got

    def _usable_bits(self, infos, T, talon, found):
        """_free as bits, with the foundations' top cards where they may come back."""
        bits = talon[2] if T else 0
        for info in infos:
            if info is not None:
                bits |= info[14]
        if self.f2c:
            tb = self._tops_bits.get(found)
            if tb is None:
                if len(self._tops_bits) > _CACHE_LIMIT:
                    self._tops_bits.clear()
                tb = self._tops_bits[found] = _mask(self._found_tops(found))
            bits |= tb
        return bits

    @staticmethod
    def _free(infos, T, talon):
        """The cards free to move: heads of movable runs (from the columns'
        facts), reachable talon cards."""
        free = set()
        for info in infos:
            if info is not None:
                free |= info[4]
        if T:
            free |= talon[1]
        return free

    def moves(self, st, greedy=False, jitter=None, twins=False):
        """Every useful move, most promising first.

        Left out, because each provably changes nothing or repeats another:
        a whole column onto an empty column (the same position with the columns
        renamed); a move onto a second, third … empty column (interchangeable);
        a safe card back from a foundation (safe.py: it is no better there);
        with one card per draw and unlimited redeals, a talon card onto a
        column when no card that could lie on it is free to move now; where
        runs move as a unit, a run moved off a card it already fits while the
        card it uncovers could not be used next (see ``_uncovered_usable``).
        (A card back from a foundation is always made: it may be taken back
        only to let the card under it come back, with nothing to go on it;
        tests/unit/test_solver.py has such a position.)

        Why the talon cut loses no win: there every talon card can be reached
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

        The same argument gives more: in the line it builds, every play of a
        talon card X onto a column comes just before the step that puts a
        card on X. That card is the head of a run of another column, a card
        back from a foundation, or another talon card, whose play in turn
        comes just before the step that puts a card on it. So such plays are
        made only as one move (kind 5, ``_chains``): a chain of talon cards,
        each on the one before, ended by a run or a foundation card onto the
        last; the position with a talon card waiting on a column, which then
        combined with every other choice of the search, is never a node.
        Draw-1 deal 196 is proved lost in 5,635 nodes instead of 53,865.

        ``greedy``: also leave out moves that are rarely needed — a run moved
        off a card it already fits, unless that card can then go home or take
        another card that is free to move; a card taken back from a
        foundation unless a free card could then go on it; where redeals are
        limited, talon cards beyond the GREEDY_TALON nearest that need draws
        and have somewhere to go. A search with
        these cuts can find wins faster but proves nothing about losses.
        """
        cols, found, T, w, u = st
        acc, empty_ok = self.acc, self.empty_ok
        homes = self._homes.get(found)
        if homes is None:
            homes = self._home_set(found)
        # a missing column's facts are made at once (_ColumnFacts); an empty column's are None
        infos = list(map(self._cinfo.__getitem__, cols))
        # what the columns' top cards take: the same for many positions
        tops = tuple(map(_top_slice, cols))
        got = self._by_tops.get(tops)
        if got is None:
            got = self._tops_facts(tops, infos)
        wanted, first_empty, n_empty, wanted_bits, placed_bits = got
        runs = self.runs
        # One card at a time, but empty columns can hold a run's cards on the
        # way: k empty columns carry up to 2**k cards (a "supermove", see
        # supermove_steps); only where an empty column takes any card.
        if runs:
            cap = half = 1 << 20
        elif self.supermoves and n_empty:
            cap = 1 << n_empty
            half = max(1, cap >> 1)
        else:
            cap = half = 1
        free = None  # the cards free to move now (heads of movable runs, reachable talon cards), when needed
        cut = runs and not greedy
        talon = None
        if T:
            talon = self._tindex.get((T, w, u))
            if talon is None:
                talon = self._talon(T, w, u)
            entries = talon[0]
        usable_bits = None  # the cards free now as bits, with the foundations' tops where cards come back
        acc_bits = self.acc_bits
        fired = False  # a greedy cut left out a move the full search makes
        out = []
        add = out.append
        for a, info in enumerate(infos):
            if info is None:
                continue
            if info[0] in homes:
                add((info[1], (1, a)))
            hits = info[9] & wanted_bits  # the run heads some top takes
            if hits:
                heads = info[2]
                if not hits & (hits - 1) and len(heads) > 2 and (first_empty < 0 or not info[10]):
                    heads = (info[13][hits.bit_length() - 1],)  # just one, and none goes to an empty column
            elif first_empty >= 0 and info[10]:
                heads = info[2]  # only to an empty column
            else:
                continue  # no run head of this column has anywhere to go
            for n, head, below, base, te_ok in heads:
                if n > cap:
                    break
                dests = wanted.get(head)
                te = te_ok and first_empty >= 0 and n <= half
                if not dests and not te:
                    continue
                if base == FITS:
                    # the run already lies on a fitting card: moving it only
                    # helps if that card can then be used
                    if below in homes:
                        prio = 30
                    elif greedy:
                        if free is None:
                            free = self._free(infos, T, talon)
                        if not any(c in free and c != head for c in acc[below]):
                            if not fired:
                                if usable_bits is None:
                                    usable_bits = self._usable_bits(infos, T, talon, found)
                                fired = not runs or self._uncovered_usable(
                                    cols[a], n, a, info, usable_bits, wanted, wanted_bits, first_empty
                                )
                            continue
                        prio = 10
                    else:
                        if cut:
                            if usable_bits is None:
                                usable_bits = self._usable_bits(infos, T, talon, found)
                            if not self._uncovered_usable(
                                cols[a], n, a, info, usable_bits, wanted, wanted_bits, first_empty
                            ):
                                continue
                        prio = 10
                else:
                    prio = base
                if dests:
                    for b in dests:
                        if b != a:
                            add((prio, (0, a, b, n)))
                if te:
                    add((prio - 5, (0, a, first_empty, n)))
        if T:
            # most talon cards fit nowhere: keep the others (cards home, on a
            # column or in an empty column), found by bits
            hb = self._home_bits.get(found)
            if hb is None:
                if len(self._home_bits) > _CACHE_LIMIT:
                    self._home_bits.clear()
                hb = self._home_bits[found] = _mask(homes)
            fit = talon[2] & (placed_bits | hb)
            if not fit:
                useful = None
            elif fit & (fit - 1):
                useful = [e for e in entries if fit >> e[0] & 1]
            else:
                useful = talon[3][fit.bit_length() - 1]  # one card: its entries
            if useful:
                lazy = self.talon_auto == 2
                chains = lazy and self.chains
                head_bits = None
                if lazy and usable_bits is None:
                    usable_bits = self._usable_bits(infos, T, talon, found)
                seen_useful = 0
                for c, j, u2, cost, depth in useful:
                    if greedy and depth:
                        seen_useful += 1
                        if seen_useful > GREEDY_TALON:
                            fired = True
                            break
                    if c in homes:
                        add((70 - cost, (3, j, u2)))
                    if lazy and not usable_bits & acc_bits[c]:
                        continue  # nothing to put on it yet: it can wait in the talon
                    if chains:
                        if head_bits is None:
                            head_bits = 0  # the columns' run heads, as bits
                            for info in infos:
                                if info is not None:
                                    head_bits |= info[9]
                            backs = self._backs.get(found) if self.f2c else ()
                            if backs is None:
                                backs = self._backs_of(found)
                        dests = wanted.get(c)
                        if dests:
                            for b in dests:
                                self._chains(c, b, infos, head_bits, talon[1], backs, add, 55 - cost)
                        if first_empty >= 0 and c in empty_ok:
                            self._chains(c, first_empty, infos, head_bits, talon[1], backs, add, 45 - cost)
                        continue
                    dests = wanted.get(c)
                    if dests:
                        for b in dests:
                            add((55 - cost, (2, j, b, u2)))
                    if first_empty >= 0 and c in empty_ok:
                        add((45 - cost, (2, j, first_empty, u2)))
        if self.f2c:
            backs = self._backs.get(found)
            if backs is None:
                backs = self._backs_of(found)
            if greedy and backs and free is None:
                free = self._free(infos, T, talon)
            for i, c in backs:
                if greedy and free.isdisjoint(acc[c]):
                    fired = True  # the full search makes it
                    continue
                dests = wanted.get(c)
                if dests:
                    for b in dests:
                        add((5, (4, i, b)))
                if first_empty >= 0 and c in empty_ok:
                    add((4, (4, i, first_empty)))
        if twins and self.twins:
            fired = self._twin_moves(st, cols, greedy, out, homes) or fired
        self.greedy_cut = fired
        if jitter is not None:
            # a randomised order for restarts: priorities blurred by up to 25
            rnd = jitter.random
            out.sort(key=lambda item: item[0] + 25 * rnd(), reverse=True)
        else:
            out.sort(key=_first, reverse=True)
        return list(map(_second, out))

    def _twin_moves(self, st, cols, greedy, out, homes) -> bool:
        """Model.canon keeps a run R on the lower card y of two twins while
        the other, x, is a column's top; the position with R on x instead
        (one move away, and back) has the moves that use y: y goes home, or
        something goes onto y. They are made here as one move each (kind 6:
        R onto x, then that move), so the node stands for both layouts with
        the moves of both (those that move y, or cards under it, too: where
        y goes R goes with it in this layout, and canon makes the two one
        again). Returns whether a greedy cut left a move out."""
        bits = reduce(or_, map(self._twin_bits, cols))
        hits = bits & (bits >> 64) & _LOW64  # lower twins that carry a run, the other a top
        if not hits:
            return False
        twin = self.twin
        fired = False
        for i, col in enumerate(cols):
            if not col:
                continue
            y = twin[col[-1]]
            if y < 0 or not hits >> y & 1:
                continue
            a = next((k for k, c in enumerate(cols) if k != i and y in c), -1)
            if a < 0:
                continue
            src = cols[a]
            k = src.index(y)
            if k == len(src) - 1 or not self._twin_bits(src) >> 64 + y & 1:
                continue  # y is a top too, or what lies on it is no run
            swap = (0, a, i, len(src) - k - 1)
            if TWIN_MOVES_BY_SEARCH:  # the plain form, for the tests: every move of that layout
                for m in self.moves(self.apply(st, swap), greedy):
                    kind = m[0]
                    if (kind < 2 and m[1] == a) or (kind != 1 and kind != 3 and m[2] == a):
                        out.append((15, (6, swap, m)))
                fired = fired or self.greedy_cut
                continue
            # There y takes what x takes here, from the same places (but R):
            # each move onto x, made onto y instead.
            if y in homes:
                out.append((60, (6, swap, (1, a))))
            for n in range(len(out)):
                p, m = out[n]
                kind = m[0]
                if kind == 1 or kind == 3 or m[2] != i or kind == 6 or (kind == 0 and m[1] == a):
                    continue
                if kind == 5:
                    f = m[3]  # what goes onto the chain: from where it is in that layout
                    f = (0, i if f[1] == a else f[1], a, f[3]) if f[0] == 0 else (4, f[1], a)
                    m = (5, m[1], a, f)
                else:
                    m = m[:2] + (a,) + m[3:]
                out.append((p, (6, swap, m)))
        return fired

    def _chains(self, c, b, infos, head_bits, tcards, backs, add, prio):
        """Drawing one at a time with unlimited redeals: the talon card c
        onto column b only together with what lies on it next (moves, the
        talon cut): a run of another column, a card back from a foundation,
        or another talon card, itself followed the same way. ``infos``: the
        columns' facts; ``head_bits``: their run heads as bits; ``tcards``:
        the talon's cards; ``backs``: Model._backs_of."""
        acc = self.acc
        todo = [(c,)]
        while todo:
            chain = todo.pop()
            x = chain[-1]
            for z in acc[x]:
                if head_bits >> z & 1:
                    for a, info in enumerate(infos):
                        if a != b and info is not None and info[9] >> z & 1:
                            add((prio, (5, chain, b, (0, a, b, info[13][z][0]))))
                elif z in tcards and z not in chain:
                    todo.append(chain + (z,))
            for i, z in backs:
                if z in acc[x]:
                    add((prio, (5, chain, b, (4, i, b))))

    def _uncovered_usable(self, col, n, a, info, usable_bits, wanted, wanted_bits, first_empty) -> bool:
        """Moving the top ``n`` cards of column ``a`` off a card X they fit
        uncovers X: could X be used right after? (X goes home — checked by the
        caller —, X moves, alone or in a run under it, or a card that is free
        now, other than the run's head, could go onto X.)

        Why leaving such a move out loses no win, where runs move as a unit:
        in a winning line, let the move M (run R from X to Y, or to an empty
        column) be step i and let step j be the first later step that uses X
        (puts a card on X, moves X with or without cards on it, or sends X
        home; one comes, as X goes home at last). Between i and j nothing
        touches X, and Y (or the empty column) is covered by R in the line.
        Leave M out and play it just before step j instead: meanwhile R stays
        on X, every move onto R's last card or of a part of R is the same
        move from X's column, and Y stays uncovered (more room, never less);
        if R's head moves on before j, it moves from X instead and M is not
        needed at all. The line stays legal, and now M comes right before a
        use of X, which this test sees (the cards a move of R can free are
        R's head, which cannot go back, and lower cards, which cannot go on X).
        Repeating this for every such move (with the talon cut, which delays
        moves in the same way) gives a winning line the cut keeps.

        Read from the column's facts (``info``, _cut_facts): ``usable_bits``
        are the cards free now (with the foundations' tops where cards come
        back), ``wanted`` and ``wanted_bits`` the cards the columns' tops take."""
        got = info[11].get(n)
        if got is None:
            got = self._cut_facts(col, n, info)
        alt, walk_bits, walk_te, walk = got
        if usable_bits & alt or (walk_te and first_empty >= 0):
            return True
        if wanted_bits & walk_bits:
            for v in walk:
                d = wanted.get(v)
                if d and (len(d) > 1 or d[0] != a):
                    return True
        return False

    # --- a quick proof of a loss ----------------------------------------------------------
    def hopeless(self, st) -> bool:
        """True if some card can never go home, by a relaxation of the rules
        that only ever allows more (so True proves the position lost).

        In the relaxation a card, once it could move, stays able to: a card
        *can leave* its place if every card above it in its column can leave
        (or lies on it in a run that moves with it) and it can go home, or some
        card it fits on can be uncovered, or an empty column could take it and
        some column can be emptied; a card *can go home* if it can leave
        (talon cards can) and a card one rank lower of its suit can go home
        (Aces: always). A card off the columns (a talon card, or a card home
        where cards may come back) counts as uncovered only once it could lie
        on a column's top: once a card it fits on can be uncovered, or, where
        an empty column takes it, a column can be emptied (a talon card that
        could only go home takes no card on the way).
        Nothing here ever runs out: a card lying on a card stops no other
        card from lying there too. Every card that leaves its place or goes
        home in a real line passes these tests at that moment (by induction
        over the line), so if the relaxation leaves a card that can never go
        home, no line wins."""
        cols, found, T, w, u = st
        copies = self.copies
        acc_set = self.acc_set
        empty_ok = self.empty_ok
        # instances: (column, depth); cards of the talon and home are free
        canhome = set()  # codes with an instance that can go home
        for i in range(len(found)):
            s = i // copies
            for r in range(1, found[i] + 1):
                canhome.add(s * 16 + r)
        # codes with an instance that can be uncovered (cards home can come back
        # only where the rules allow it)
        uncovered = set()
        # cards off the columns (in the talon, or home where they may come
        # back) that could lie on a column's top: see below
        loose = set(canhome) if self.f2c else set()
        parents = self.parents
        cycle = self.talon_cycle
        if cycle:
            # Draw k, unlimited redeals: a talon card can be reached without
            # another talon card leaving first only at a boundary of a pass
            # (its own, w, w + k, …, or a fresh one: k, 2k, …, the last card).
            # Otherwise a card before it must leave (shifting it), or the card
            # after it (so that it becomes the waste's top). Only talon cards
            # that can leave count as uncovered.
            n = len(T)
            reach = [j % cycle == 0 or j == n or (j >= w > 0 and (j - w) % cycle == 0) for j in range(1, n + 1)]
            tleft = [False] * n
            first_left = n
            talon = set()
        else:
            talon = {c & 63 for c in T}
            loose |= talon
        leaves = [[False] * len(col) for col in cols]
        empty_possible = any(not col for col in cols)
        changed = True
        while changed:
            changed = False
            if cycle:
                for j in range(n):
                    if tleft[j] or not (reach[j] or j > first_left or (j + 1 < n and tleft[j + 1])):
                        continue
                    c = T[j]
                    ok = (
                        (c & 15 == 1 or c - 1 in canhome)
                        or (empty_possible and c in empty_ok)
                        or not uncovered.isdisjoint(parents[c])
                    )
                    if ok:
                        tleft[j] = True
                        talon.add(c)
                        loose.add(c)
                        if j < first_left:
                            first_left = j
                        changed = True
            # talon cards go home once a lower card can
            for c in talon:
                if c not in canhome and (c & 15 == 1 or c - 1 in canhome):
                    canhome.add(c)
                    if self.f2c:
                        loose.add(c)
                    changed = True
            # A card off the columns can take a card only once it lies on a
            # column's top, and it gets there only onto a card that can be
            # uncovered, or into an empty column.
            for c in loose:
                if c not in uncovered:
                    if (empty_possible and c in empty_ok) or not uncovered.isdisjoint(parents[c]):
                        uncovered.add(c)
                        changed = True
            for i, col in enumerate(cols):
                lv = leaves[i]
                ln = len(col)
                k = ln - 1
                while k >= 0:
                    c = col[k] & 63
                    if c not in uncovered:
                        uncovered.add(c)
                        changed = True
                    if not lv[k]:
                        ok = (
                            (c & 15 == 1 or c - 1 in canhome)
                            or (empty_possible and c in empty_ok)
                            or not uncovered.isdisjoint(parents[c])
                        )
                        if not ok and k > 0 and self.runs:
                            d = col[k - 1]
                            ok = d < FACE_DOWN and c in acc_set[d] and lv[k - 1]
                        if ok:
                            lv[k] = True
                            changed = True
                    if lv[k] and c not in canhome and (c & 15 == 1 or c - 1 in canhome):
                        canhome.add(c)
                        changed = True
                    if not lv[k]:
                        # the card below can still be reached in a run under this one
                        if not (self.runs and k > 0 and col[k - 1] < FACE_DOWN and c in acc_set[col[k - 1]]):
                            break
                    k -= 1
                if not empty_possible and all(lv):
                    empty_possible = True
                    changed = True
        return len(canhome) < len(self.cards)


class _ColumnFacts(dict):
    """A cache of one kind of facts per column (Model._col_info,
    Model._twin_facts_of): a column not in it is made at once by ``make``,
    which stores it."""

    __slots__ = ("make",)

    def __init__(self, make):
        super().__init__()
        self.make = make

    def __missing__(self, col):
        return self.make(col)


def _mask(cards) -> int:
    """A set of card codes as the bits of an int (an ``&`` of two is cheaper than isdisjoint)."""
    bits = 0
    for c in cards:
        bits |= 1 << c
    return bits


def _talon_key_free(n, w, u):
    return 0  # draw 1, unlimited: every boundary reaches every other


def _cycle_key(draw):
    def talon_key(n, w, u):
        # on the cycle that a redeal starts, or a boundary of its own
        return -1 if w % draw == 0 or w == n else w

    return talon_key


def _talon_key_exact(n, w, u):
    return (w, u)


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
