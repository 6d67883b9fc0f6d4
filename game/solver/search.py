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
    model, state, budget_nodes, time_limit=None, should_stop=None, greedy=False, jitter=None, deadline=None
) -> Outcome:
    """Depth-first search from ``state`` with at most ``budget_nodes`` nodes
    and ``time_limit`` CPU seconds (or until the CPU clock reads ``deadline``)."""
    if deadline is None:
        deadline = deadline_after(time_limit)
    root, root_autos = model.closure(state, -1)
    if model.is_won(root):
        return Outcome(WON, [], 1, [], root_autos)
    if not greedy and model.hopeless(root):
        return Outcome(LOST, None, 1, model.moves(root), root_autos)
    moves, step, talon_key = model.moves, model.step, model.talon_key
    size = model.size
    cycle = model.talon_cycle
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
        # layout-and-talon record keeps the talon moves made from it.
        lows: dict = {}
        rec = _admit(lows, root, cycle)
        skip_made = SKIP_MADE_TALON_MOVES
    else:
        seen = {model.key(root)}
        add_seen = seen.add
        rec = None
        skip_made = False
    root_moves = moves(root, greedy, jitter)
    # frames: [state, moves, next index, its dominance record (draw k)]; path[i]
    # is the move into frames[i + 1]
    frames = [[root, root_moves, 0, rec]]
    path = []
    nodes = 1
    budget = max(1, budget_nodes)
    while frames:
        fr = frames[-1]
        st, mv, i, rec = fr
        if i >= len(mv):
            frames.pop()
            if path:
                path.pop()
            continue
        fr[2] = i + 1
        m = mv[i]
        if skip_made and m[0] in TALON_KINDS:
            made = rec[cycle]
            tm = m[:3]
            if tm in made:
                continue  # the same child as from an earlier state with this layout and talon
            made.add(tm)
        child, autos = step(st, m)
        cols, found, T, w, u = child
        if cycle:
            # _admit, inline
            n = len(T)
            r = w % cycle
            if w == n:
                r = 0
            base = (tuple(sorted(cols)), found, T)
            rec = lows.get(base)
            if rec is None:
                rec = lows[base] = [n + 1] * cycle
                rec[r] = 0 if r == 0 else w
                rec.append(set())
            elif r == 0 or rec[r] <= w:
                continue
            else:
                rec[r] = w
        else:
            k = (tuple(sorted(cols)), found, T, talon_key(len(T), w, u))
            if k in seen:
                continue
            add_seen(k)
        path.append((m, autos))
        if sum(found) == size:
            return Outcome(WON, path, nodes, root_moves, root_autos)
        nodes += 1
        if nodes >= budget or not nodes % CHECK_EVERY:
            halt = _halt(nodes, budget, deadline, should_stop)
            if halt is not None:
                return Outcome(UNKNOWN, None, nodes, root_moves, root_autos, stopped=halt)
        frames.append([child, moves(child, greedy, jitter), 0, rec])
    # With greedy cuts an exhausted search proves nothing.
    return Outcome(UNKNOWN if greedy else LOST, None, nodes, root_moves, root_autos)


TALON_KINDS = (2, 3)  # model moves that take a talon card
SKIP_MADE_TALON_MOVES = True  # draw k: a talon move made from a layout and talon is not made again


def _dominated(lows, st, k) -> bool:
    """Record ``st`` in ``lows`` unless a recorded state dominates it (draw
    ``k``, unlimited redeals). ``lows`` maps (sorted columns, foundations,
    talon) to a list: per residue r of the boundary mod k, the lowest
    boundary recorded (index 0: a boundary that starts no pass of its own —
    w ≡ 0 mod k or the last card —, recorded as 0), then the set of talon
    moves made from a state with this record (``search``).

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
        got.append(set())
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
