"""Depth-first and best-first search with a transposition table over the
solver's model.

Every state the search reaches is closed under the safe moves (safe.py),
then looked up by its canonical key; a key seen before is never expanded
again (either it failed already or it lies on the current path). The search
ends with a win, with every reachable state expanded (a proof that the
position is lost: no move the model leaves out could have helped, see
model.Model.moves and safe.py), or when the budget runs out.

Limits are nodes and CPU time (``time.process_time``: what this process
computed, whatever else the machine runs). In Pyodide that clock follows the
wall clock, so there the same limit is the player-facing cap.
"""

from __future__ import annotations

import gc
import heapq
import time

from .model import _talon_key_exact, _talon_key_free

WON, LOST, UNKNOWN = "won", "lost", "unknown"
CHECK_EVERY = 256  # nodes between looks at the clock and should_stop
clock = time.process_time  # CPU seconds of this process


def deadline_after(time_limit):
    """The CPU-clock reading at which ``time_limit`` seconds from now are spent."""
    return None if time_limit is None else clock() + time_limit


def _halt(nodes, budget, deadline, should_stop):
    """None to go on; else whether a cancel (not the budget or the clock) stops the search."""
    if nodes >= budget:
        return False
    if nodes % CHECK_EVERY == 0:
        if deadline is not None and clock() >= deadline:
            return False
        if should_stop is not None and should_stop():
            return True
    return None


class Outcome:
    __slots__ = ("status", "path", "nodes", "root_moves", "root_autos", "stopped")

    def __init__(self, status, path, nodes, root_moves, root_autos, stopped=False):
        self.status = status
        self.path = path  # [(move, autos)] from the closed root, for WON
        self.nodes = nodes
        self.root_moves = root_moves  # the root's moves, best first (for hints)
        self.root_autos = root_autos
        self.stopped = stopped


def _without_gc(run):
    """``run`` with the cyclic garbage collector paused. A search makes
    no reference cycles (states are tuples of bytes and ints; freed by
    reference counts alone), but it allocates so many containers that the
    collector ran again and again over its large tables (the transposition
    table, the model's caches): a tenth of a search's time and more."""

    def paused(*args, **kwargs):
        if not gc.isenabled():
            return run(*args, **kwargs)
        gc.disable()
        try:
            return run(*args, **kwargs)
        finally:
            gc.enable()

    paused.__name__, paused.__doc__ = run.__name__, run.__doc__
    return paused


@_without_gc
def search(
    model,
    state,
    budget_nodes,
    time_limit=None,
    should_stop=None,
    greedy=False,
    jitter=None,
    deadline=None,
    proven=None,
    relaxed=None,
    twins=False,
) -> Outcome:
    """Depth-first search from ``state`` with at most ``budget_nodes`` nodes
    and ``time_limit`` CPU seconds (or until the CPU clock reads ``deadline``).

    ``proven`` (a dict from ``proof_table``, shared by the phases of one
    solve): states proved lost; the search skips them and adds every state
    it proves lost (Tarjan's components, below), even with greedy cuts, where it proves a
    state only if no greedy cut left out a move below it.

    ``relaxed`` (draw k with unlimited redeals): (the model of the same game
    drawing one card at a time, a proof table of its searches, whether they
    ran with ``twins``). Every line of this game can be played there too
    (every talon card can be reached at any time), so a state whose picture
    there is proved lost is lost here: the search skips it (``_relaxed_lost``).

    ``twins``: every state reached is put in its form with runs on the lower
    of two twins (model.Model.canon), and the moves include those of the
    other layout (model.Model._twin_moves). Fewer nodes prove a loss (draw-3
    deal 173: 36,945 instead of 152,018), but a node costs about twice as
    much, so ``solve`` uses it for large budgets only (solver.TWIN_BUDGET)."""
    if deadline is None:
        deadline = deadline_after(time_limit)
    if not model.talon_cycle:
        relaxed = None
    root, root_autos = model.closure(state, -1)
    if model.is_won(root):
        return Outcome(WON, [], 1, [], root_autos)
    if not greedy and model.hopeless(root):
        return Outcome(LOST, None, 1, model.moves(root), root_autos)
    moves, step, talon_key = model.moves, model.step, model.talon_key
    canon = model.canon if twins and model.twins else None
    # model.talon_key's two plain forms, inline below
    talon_free = talon_key is _talon_key_free
    talon_exact = talon_key is _talon_key_exact
    size = model.size
    cycle = model.talon_cycle
    track = proven is not None
    rk = _proof_key(model, root, cycle)
    if (track and _is_proven(proven, rk, cycle)) or (relaxed is not None and _relaxed_lost(relaxed, root, rk[0])):
        return Outcome(LOST, None, 1, moves(root), root_autos)
    if cycle:
        # Draw k with unlimited redeals: the talon boundaries a state reaches
        # are those of its pass (w, w + k, …) and of every fresh pass (k, 2k,
        # …, the last card). A state whose boundary w lies in a pass that an
        # expanded state with the same layout and talon reaches at or before
        # w (same residue mod k), or whose boundary starts no pass of its own,
        # has only moves that state has too (a move is "take the card at j",
        # whatever w was): see _dominated.
        #
        # For the same reason a talon move from a state whose layout and
        # talon an earlier state had too leads to a child met before, which
        # _dominated would turn away: such a move is not even made. Each
        # layout-and-talon record keeps the talon moves made from it (with
        # the node that stands for the child, for the proofs).
        lows: dict = {}
        rec = _admit(lows, root, cycle)
        rec[cycle + 1][rk[1]] = 1
        skip_made = SKIP_MADE_TALON_MOVES
    else:
        seen = {rk: 1}  # rk is model.key(root) here
        rec = None
        skip_made = False
    root_moves = moves(root, greedy, jitter, twins)
    # Proofs (Tarjan's strongly connected components over the nodes): a node
    # is proved lost once it and every node it reaches are expanded in full
    # (no greedy cut) and none of them leads outside but to proved states.
    # A node's id is its number; ``onst``: ids on Tarjan's stack (on the
    # path, or finished but waiting for their component's root); ``bad``:
    # finished ids not proved.
    tst: list = []
    onst: set = set()
    bad: set = set()
    # frames: [state, moves, next index, dominance record (draw k), id,
    # lowest id it reaches, exact, proof key]; path[i] is the move into
    # frames[i + 1]; Tarjan's stack holds (id, proof key). The top frame
    # ``fr`` is also held in locals (st, mv, i, rec); its next index is
    # written back only when a child frame goes on top of it.
    fr = [root, root_moves, 0, rec, 1, 1, not model.greedy_cut, rk]
    frames = [fr]
    st, mv, i = root, root_moves, 0
    if track:
        tst.append((1, rk))
        onst.add(1)
    path = []
    nodes = 1
    budget = max(1, budget_nodes)
    while True:
        if i >= len(mv):
            frames.pop()
            if path:
                path.pop()
            if track:
                sid, low, exact = fr[4], fr[5], fr[6]
                if low == sid:  # the root of a component: all of it is settled
                    while True:
                        s, pk = tst.pop()
                        onst.discard(s)
                        if exact:
                            _prove(proven, pk, cycle)
                        else:
                            bad.add(s)
                        if s == sid:
                            break
                if frames:
                    par = frames[-1]
                    if low < par[5]:
                        par[5] = low
                    if not exact:
                        par[6] = False
            if not frames:
                break
            fr = frames[-1]
            st, mv, i, rec = fr[0], fr[1], fr[2], fr[3]
            continue
        m = mv[i]
        i += 1
        if skip_made and m[0] in TALON_KINDS:
            made = rec[cycle]
            tm = m[:3]
            h = made.get(tm)
            if h is not None:
                # the same child as from an earlier state with this layout and talon
                if track and h > 0:
                    _met(fr, h, onst, bad)
                continue
        else:
            tm = None
        child, autos = step(st, m)
        if canon is not None:
            child, autos = canon(child, autos)
        cols, found, T, w, u = child
        sid = nodes + 1
        if cycle:
            # _admit, inline
            n = len(T)
            r = w % cycle
            if w == n or r == 0:
                r = w = 0
            base = (tuple(sorted(cols)), found, T)
            if track:
                pr = proven.get(base)
                if pr is not None and pr[r] <= w:
                    if tm is not None:
                        made[tm] = -1
                    continue
            crec = lows.get(base)
            if crec is None and relaxed is not None and _relaxed_lost(relaxed, child, base):
                if tm is not None:
                    made[tm] = -1
                continue
            if crec is None:
                crec = lows[base] = [n + 1] * cycle
                crec[r] = w
                crec.append({})
                sids = [0] * cycle
                sids[r] = sid
                crec.append(sids)
            elif r == 0 or crec[r] <= w:
                sids = crec[cycle + 1]
                h = sids[r] or next(x for x in sids if x)
                if tm is not None:
                    made[tm] = h
                if track:
                    _met(fr, h, onst, bad)
                continue
            else:
                crec[r] = w
                crec[cycle + 1][r] = sid
            if tm is not None:
                made[tm] = sid
            ck = (base, r, w)
        else:
            if talon_free:
                ck = (tuple(sorted(cols)), found, T, 0)
            elif talon_exact:
                ck = (tuple(sorted(cols)), found, T, (w, u))
            else:
                ck = (tuple(sorted(cols)), found, T, talon_key(len(T), w, u))
            if track and ck in proven:
                continue
            h = seen.get(ck)
            if h is not None:
                if track:
                    _met(fr, h, onst, bad)
                continue
            seen[ck] = sid
            crec = None
        path.append((m, autos))
        if sum(found) == size:
            return Outcome(WON, path, nodes, root_moves, root_autos)
        nodes += 1
        if nodes >= budget or not nodes % CHECK_EVERY:
            halt = _halt(nodes, budget, deadline, should_stop)
            if halt is not None:
                return Outcome(UNKNOWN, None, nodes, root_moves, root_autos, stopped=halt)
        fr[2] = i
        cm = moves(child, greedy, jitter, twins)
        fr = [child, cm, 0, crec, sid, sid, not model.greedy_cut, ck]
        frames.append(fr)
        st, mv, i, rec = child, cm, 0, crec
        if track:
            tst.append((sid, ck))
            onst.add(sid)
    # With greedy cuts an exhausted search proves nothing.
    return Outcome(UNKNOWN if greedy else LOST, None, nodes, root_moves, root_autos)


def _relaxed_lost(relaxed, st, base) -> bool:
    """Whether the proof table of ``relaxed`` (search's argument) holds
    state ``st`` of a draw-k search, ``base`` its (sorted columns,
    foundations, talon), closed there as the one-card model closes it
    (its talon cards may go home at once)."""
    m1, table, twins = relaxed
    found, T = st[1], st[2]
    safe = m1._safe.get(found)
    if safe is None:
        safe = m1._safe_set(found)
    if safe.isdisjoint(T):
        return base + (0,) in table
    st, autos = m1.closure(st, -1)
    if twins and m1.twins:
        st = m1.canon(st, autos)[0]
    return m1.key(st) in table


def _met(fr, h, onst, bad) -> None:
    """The search of frame ``fr`` met a child that node ``h`` stands for:
    on Tarjan's stack, it joins fr's component (low link); finished and not
    proved, fr is not proved either."""
    if h in onst:
        if h < fr[5]:
            fr[5] = h
    elif h in bad:
        fr[6] = False


def proof_table() -> dict:
    """A table of states proved lost, for ``search(..., proven=...)``."""
    return {}


def _proof_key(model, st, cycle):
    """The key of ``st`` in a proof table: (sorted columns, foundations,
    talon) with the boundary's residue and the boundary (draw k with
    unlimited redeals, where proofs extend to dominated boundaries, see
    _dominated), else model.key."""
    cols, found, T, w, u = st
    if not cycle:
        return model.key(st)
    n = len(T)
    r = w % cycle
    if w == n or r == 0:
        r = w = 0
    return ((tuple(sorted(cols)), found, T), r, w)


def _is_proven(proven, pk, cycle) -> bool:
    if not cycle:
        return pk in proven
    base, r, w = pk
    pr = proven.get(base)
    return pr is not None and pr[r] <= w


def _prove(proven, pk, cycle):
    """Record that the state of proof key ``pk`` is lost. Draw k: a state
    that it dominates (search._dominated) is lost too: from it the same
    cards are reachable, and fewer."""
    if not cycle:
        proven[pk] = True
        return
    base, r, w = pk
    pr = proven.get(base)
    if pr is None:
        pr = proven[base] = [len(base[2]) + 1] * cycle
    if w < pr[r]:
        pr[r] = w
    pr[0] = 0


TALON_KINDS = (2, 3)  # model moves that take a talon card
SKIP_MADE_TALON_MOVES = True  # draw k: a talon move made from a layout and talon is not made again


def _dominated(lows, st, k) -> bool:
    """Record ``st`` in ``lows`` unless a recorded state dominates it (draw
    ``k``, unlimited redeals). ``lows`` maps (sorted columns, foundations,
    talon) to a list: per residue r of the boundary mod k, the lowest
    boundary recorded (index 0: a boundary that starts no pass of its own —
    w ≡ 0 mod k or the last card —, recorded as 0), then the talon moves
    made from a state with this record, each with the id of the node that
    stands for its child, then per residue the id of the node recorded
    (``search``, for its proofs).

    Why this proves as much as the exact key: from boundary w the reachable
    boundaries are R(w) = {w, w + k, …} ∪ {k, 2k, …} ∪ {n}, and R(0) is in
    every R(w); w' ≡ w (mod k) with w' ≤ w gives R(w) ⊆ R(w'). A move takes
    the card at some reachable j and leaves the same child whatever the
    boundary was, so the dominated state's children are children of the
    recorded one, which the search expands (or is expanding: it lies on the
    current path). Every state a full search would reach is then a child
    of an expanded state, so an exhausted search is still a proof of a loss."""
    return _admit(lows, st, k) is None


def _admit(lows, st, k):
    """_dominated's work: None if ``st`` is dominated, else its record."""
    cols, found, T, w, u = st
    n = len(T)
    r = w % k
    if w == n:
        r = 0
    base = (tuple(sorted(cols)), found, T)
    got = lows.get(base)
    if got is None:
        got = lows[base] = [n + 1] * k
        got[r] = 0 if r == 0 else w
        got.append({})  # talon move -> the id of the node that stands for its child
        got.append([0] * k)  # per residue: the id of the node recorded
        return got
    if r == 0 or got[r] <= w:
        return None  # r == 0: dominated by anything recorded
    got[r] = w
    return got


@_without_gc
def best_first(
    model,
    state,
    budget_nodes,
    time_limit=None,
    should_stop=None,
    greedy=False,
    depth_weight=0.0,
    order_weight=1.0,
    jitter=None,
    noise=0.0,
    weights=None,
    deadline=None,
) -> Outcome:
    """Best-first search: always go on from the most promising state seen so
    far (model.Model.score, less ``depth_weight`` per move from the root).

    Evaluation is deferred: a state's moves enter the queue ranked by the
    state's own score (and, among them, by the model's move order, weighted
    ``order_weight`` per place); the move is made, closed under the safe moves
    and keyed only when it leaves the queue. A node is such a new state, as in
    ``search``. States are keyed as there, so none is expanded twice. The
    order changes which win is found first, never what is searched: an empty
    queue without ``greedy`` cuts means every reachable state was expanded, a
    proof of a loss.
    """
    if deadline is None:
        deadline = deadline_after(time_limit)
    root, root_autos = model.closure(state, -1)
    if model.is_won(root):
        return Outcome(WON, [], 1, [], root_autos)
    if not greedy and model.hopeless(root):
        return Outcome(LOST, None, 1, model.moves(root), root_autos)
    key, moves, step, is_won, score = model.key, model.moves, model.step, model.is_won, model.score
    rk = key(root)
    parent = {rk: None}  # key -> (parent key, move, autos)
    root_moves = moves(root, greedy)
    heap = []
    push, pop = heapq.heappush, heapq.heappop
    tick = 0

    lazy = order_weight > 0

    def expand(st, k, depth, mv):
        nonlocal tick
        base = depth_weight * (depth + 1) - score(st, weights)
        if jitter is not None:
            base -= noise * jitter.random()  # drawn for every state, moves or none
        if not mv:
            return
        # Move i ranks base + order_weight * i; equal ranks: the newest first
        # (deeper, like depth-first), by a tick that falls with every move.
        t0 = tick
        tick -= len(mv)
        if lazy:
            # A state's moves rank in their order, so only its next move needs
            # to wait in the queue: the same order, far fewer entries.
            push(heap, (base, t0 - 1, st, k, mv, 0, base, t0, depth + 1))
        else:
            for i, m in enumerate(mv):
                push(heap, (base + order_weight * i, t0 - i - 1, st, k, (m,), 0, base, t0, depth + 1))

    expand(root, rk, 0, root_moves)
    nodes = 1
    budget = max(1, budget_nodes)
    while heap:
        _, _, st, k, mv, i, base, t0, depth = pop(heap)
        m = mv[i]
        i += 1
        if i < len(mv):
            push(heap, (base + order_weight * i, t0 - i - 1, st, k, mv, i, base, t0, depth))
        child, autos = step(st, m)
        ck = key(child)
        if ck in parent:
            continue
        parent[ck] = (k, m, autos)
        if is_won(child):
            path = []
            while parent[ck] is not None:
                pk, pm, pa = parent[ck]
                path.append((pm, pa))
                ck = pk
            path.reverse()
            return Outcome(WON, path, nodes, root_moves, root_autos)
        nodes += 1
        halt = _halt(nodes, budget, deadline, should_stop)
        if halt is not None:
            return Outcome(UNKNOWN, None, nodes, root_moves, root_autos, stopped=halt)
        expand(child, ck, depth, moves(child, greedy))
    return Outcome(UNKNOWN if greedy else LOST, None, nodes, root_moves, root_autos)
