"""A solver for every game: is a position won, lost, or not known within a budget?

    >>> from game import deal
    >>> from game.solver import solve
    >>> r = solve(deal("klondike-1", 2), budget_nodes=50_000)
    >>> r.status, r.nodes <= 50_000               # "won" | "lost" | "unknown"
    ('won', True)
    >>> from game import Game
    >>> g = Game(deal("klondike-1", 2))
    >>> for move in r.line:
    ...     _ = g.play(move)
    >>> g.status                                  # the line wins by the engine's rules
    'won'
    >>> solve(deal("retinue", 1)).status         # no choices: its chain is played
    'lost'

``solve`` answers honestly: ``won`` comes with a line of engine moves that
was replayed through the engine's own rules to a won position; ``lost`` means
every position reachable from it was searched (the moves the search leaves
out are proved useless: see safe.py and model.py), or that a relaxation of
the rules in which every card can do at least what it really could already
leaves a card that never goes home (model.Model.hopeless); ``unknown`` means
the node budget, the time limit or ``should_stop`` ended the search first.

Time limits are CPU seconds of this process (``time.process_time``), so an
answer does not depend on what else the machine is doing; the node budget
makes it reproducible. In Pyodide the CPU clock follows the wall clock, so in
the browser's worker the same limit caps the player's wait.

The solver sees face-down cards ("thoughtful" solitaire), as a hint or a
winnable-deals list may. Royal Retinue has no choices: its chain is played.

Pure Python with no browser imports, so it runs in a Pyodide worker too.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Callable, Optional

from ..moves import DRAW, REDEAL, Move
from ..position import Position
from .model import FACE_DOWN, Model, supermove_steps
from .search import LOST, UNKNOWN, WON, best_first, clock, deadline_after, proof_table, search
from .tableau import TableauModel, uses_tableau_model

__all__ = [
    "solve",
    "hint",
    "auto_complete",
    "canonical_key",
    "SolveResult",
    "HintResult",
    "WON",
    "LOST",
    "UNKNOWN",
    "model_for",
]

DEFAULT_BUDGET = 200_000
_MODELS: dict = {}


def model_for(spec) -> Model | TableauModel:
    """The solver's model of ``spec``: ``Model`` for the games with a talon,
    ``TableauModel`` for FreeCell, Spider and Yukon (tableau.py)."""
    m = _MODELS.get(spec.id)
    if m is None or m.spec is not spec:
        m = _MODELS[spec.id] = TableauModel(spec) if uses_tableau_model(spec) else Model(spec)
    return m


# Best-first's weight per move from the root, for the tableau model: a little
# pull towards shorter lines, far below what one card home is worth (40).
TABLEAU_DEPTH_WEIGHT = 0.5


def _tableau_search(model, position, budget_nodes, deadline, should_stop):
    """Best-first over the tableau model; Spider with greedy cuts (a run that
    lies on a card it fits moves only to join its suit), so an exhausted
    search there says unknown, never lost."""
    return best_first(
        model,
        model.from_position(position),
        budget_nodes,
        should_stop=should_stop,
        greedy=model.runs_home,
        depth_weight=TABLEAU_DEPTH_WEIGHT,
        deadline=deadline,
    )


def _replayed(position: Position, moves: list, check_won: bool = False) -> list:
    """The tableau model's moves are engine moves: replay them through the
    engine's rules (which refuse anything illegal)."""
    pos = position
    for move in moves:
        pos = pos.apply(move)[0]
    if check_won and not pos.is_won():
        raise RuntimeError("solver bug: the line does not win when replayed")
    return list(moves)


@dataclass
class SolveResult:
    status: str  # won | lost | unknown
    line: list = field(default_factory=list)  # engine moves from the position, for won
    nodes: int = 0
    seconds: float = 0.0  # CPU seconds
    stopped: bool = False  # should_stop ended the search

    def to_json(self) -> dict:
        return {
            "status": self.status,
            "nodes": self.nodes,
            "seconds": round(self.seconds, 3),
            "line": [str(m) for m in self.line],
        }


@dataclass
class HintResult:
    move: Optional[Move]  # None: no move at all
    proven: bool  # True: the move starts a winning line the solver found
    status: str  # the solver's answer for the position: won | lost | unknown
    nodes: int = 0
    seconds: float = 0.0  # CPU seconds


def canonical_key(position: Position):
    """The key the solver's transposition table uses for ``position``."""
    model = model_for(position.spec)
    return model.key(model.from_position(position))


def solve(
    position: Position,
    budget_nodes: int = DEFAULT_BUDGET,
    time_limit: Optional[float] = None,
    should_stop: Optional[Callable[[], bool]] = None,
) -> SolveResult:
    """Search for a win from ``position`` (see the module text); ``time_limit``
    is in CPU seconds."""
    t0 = clock()
    if position.spec.rules == "retinue":
        line, pos = _retinue_chain(position)
        status = WON if pos.is_won() else LOST
        return SolveResult(status, line if status == WON else [], len(line) + 1, clock() - t0)
    model = model_for(position.spec)
    tableau = isinstance(model, TableauModel)
    if tableau:
        out = _tableau_search(model, position, budget_nodes, deadline_after(time_limit), should_stop)
    else:
        out = _search(model, model.from_position(position), budget_nodes, deadline_after(time_limit), should_stop)
    line = []
    if out.status == WON:
        macros = list(out.root_autos or ())
        for m, autos in out.path:
            macros.append(m)
            macros.extend(autos or ())
        line = _replayed(position, macros, True) if tableau else expand(model, position, macros, check_won=True)
    return SolveResult(out.status, line, out.nodes, clock() - t0, out.stopped)


RESTART_BASE = 500  # nodes of the shortest restart (Luby et al.'s sequence)


def luby(i: int) -> int:
    """1, 1, 2, 1, 1, 2, 4, 1, 1, 2, … (Luby, Sinclair & Zuckerman, 1993)."""
    k = 1
    while (1 << k) - 1 < i:
        k += 1
    if (1 << k) - 1 == i:
        return 1 << (k - 1)
    return luby(i - (1 << (k - 1)) + 1)


def _search(model, state, budget_nodes, deadline, should_stop):
    """A position the relaxation (model.Model.hopeless) proves lost is
    answered at once. The two-deck games that move one card at a time
    (Forty Thieves, Indian, Limited, Lucas, Maria, Streets) first spend
    three quarters of the budget on best-first runs (_best_first_phase), the
    whole budget from WHOLE_BEST_FIRST_BUDGET on; everything then goes on
    with the depth-first phases (_dfs_phases) and the rest of the budget.
    The one-deck games begin with one short best-first run from
    PROBE_BUDGET on.
    Measured on deals 1-20 at 30,000 nodes, best-first wins more of those
    games (Limited 7 against 2, Lucas 18 against 15, Indian 9 against 7,
    Forty Thieves, Maria and Streets some against none; every deal the
    depth-first phases won, too) and fewer of the games that move runs
    (Number Ten 9 against 12), so those keep the depth-first phases alone.
    With a large budget (LARGE_BUDGET or more: the reruns of deals left
    unknown) every other game gets one round of best-first runs first too:
    they win some Klondike deals that the depth-first phases leave unknown
    (3 of 24 at 100,000 nodes), and it is cheap next to such a budget.
    """
    if model.hopeless(model.closure(state, -1)[0]):
        return search(model, state, 1)  # lost at once (model.Model.hopeless)
    spent = 0
    share, run = 0, BEST_FIRST_RUN
    if model.copies == 2 and not model.f2c and not model.runs:
        whole = budget_nodes >= WHOLE_BEST_FIRST_BUDGET
        share = budget_nodes if whole else budget_nodes * 3 // 4
    elif budget_nodes >= LARGE_BUDGET:
        share = BEST_FIRST_RUN * len(BEST_FIRST_PROFILES)
    greedy_nodes = None
    if share:
        out = _best_first_phase(model, state, share, deadline, should_stop, run)
    elif budget_nodes >= PROBE_BUDGET and model.copies == 1:
        # One short best-first run first: it wins some deals at once that the
        # depth-first phases miss (draw 3: 13 in 99 nodes, 4 in 3,045). Its
        # nodes come out of the restarts' share, never the first greedy
        # search's. From this budget on the restarts take everything after
        # the first greedy search (PROBE_GREEDY_SHARES).
        shares = PROBE_GREEDY_SHARES
        greedy_nodes = (int(budget_nodes * shares[0]), int(budget_nodes * sum(shares)) - PROBE_NODES)
        out = best_first(
            model, state, PROBE_NODES, None, should_stop, depth_weight=-6, order_weight=0.3, deadline=deadline
        )
        share = PROBE_NODES
    if share:
        if out.status != UNKNOWN or out.stopped or _past(deadline) or out.nodes >= budget_nodes:
            return out
        spent = out.nodes
        budget_nodes -= spent
    relax = model.one_at_a_time() if greedy_nodes is not None else None
    twins = budget_nodes + spent >= TWIN_BUDGET
    out = _dfs_phases(model, state, budget_nodes, deadline, should_stop, greedy_nodes, relax, twins)
    out.nodes += spent
    return out


def _past(deadline) -> bool:
    return deadline is not None and clock() >= deadline


LARGE_BUDGET = 300_000
PROBE_BUDGET = 50_000  # from this budget on, the one-deck games begin with a short best-first run
PROBE_NODES = 4_000
BEST_FIRST_RUN = 15_000  # nodes of one best-first run (more rarely helps: restart instead)
# The single-card two-deck games give best-first runs three quarters of the
# budget, the whole of it from this budget on: below it, the depth-first
# phases of the last quarter win deals that more best-first runs miss (12 of
# the listed winnable deals of Indian, Limited, Maria and Streets at 60,000
# nodes); from it on, the sixth and later runs win deals the depth-first
# phases do not (Forty Thieves 36, in the sixth run, at 75,646 nodes).
WHOLE_BEST_FIRST_BUDGET = 100_000
BEST_FIRST_NOISE = 20  # later rounds blur the score by up to this much


def _weights(**changes):
    names = ("home", "blocked", "empty", "down", "waste", "need", "draw", "stock")
    w = list(Model.WEIGHTS)
    for k, v in changes.items():
        w[names.index(k)] = v
    return tuple(w)


# Weight profiles of the best-first runs, in turn. Each wins deals the others
# miss (measured on deals 1-30 of Forty Thieves, Maria and Streets at 15,000
# nodes a run): empty columns matter more or less from deal to deal.
BEST_FIRST_PROFILES = (
    _weights(),
    _weights(empty=40),
    _weights(empty=25),
    _weights(waste=8, stock=4),
    _weights(empty=70),
)


def _best_first_phase(model, state, budget_nodes, deadline, should_stop, run=None):
    """Best-first runs (search.best_first) of BEST_FIRST_RUN nodes each, with
    the weight profiles of BEST_FIRST_PROFILES in turn, then again with the
    score blurred at random. One best-first run soon wanders a plateau of
    states that score alike, and more nodes rarely help it; a fresh run that
    weighs the position differently finds other lines. A run that exhausts
    its space proves a loss (best-first makes only the proved cuts)."""
    spent, r, out = 0, 0, None
    while spent < budget_nodes or out is None:
        if out is not None and _past(deadline):
            break
        size = max(1, min(run or BEST_FIRST_RUN, budget_nodes - spent))
        profile = BEST_FIRST_PROFILES[r % len(BEST_FIRST_PROFILES)]
        blur = r >= len(BEST_FIRST_PROFILES)
        out = best_first(
            model,
            state,
            size,
            None,
            should_stop,
            depth_weight=-6,
            order_weight=0.3,
            jitter=random.Random(r) if blur else None,
            noise=BEST_FIRST_NOISE if blur else 0,
            weights=profile,
            deadline=deadline,
        )
        spent += out.nodes
        r += 1
        if out.status != UNKNOWN or out.stopped or out.nodes < size:
            break
    out.nodes = spent
    return out


def _dfs_phases(model, state, budget_nodes, deadline, should_stop, greedy_nodes=None, relax=None, twins=False):
    """Three phases, each with its share of the budget.

    1. One depth-first search with greedy cuts (model.Model.moves): most
       wins are found here, and quickly.
    2. Restarts of it with randomised move orders, their lengths following
       Luby's sequence: a depth-first search that took a wrong turn early
       can stay lost in a huge subtree, and restarting escapes it. With one
       deck, every second restart (RESTART_FULL_EVERY) is a full search in a
       random order instead of a greedy one.
    3. The full search with the rest; only its exhaustion proves a loss (or
       a full restart's: with the shares of PROBE_GREEDY_SHARES the
       restarts take the whole rest and there is no final full search).
    All searches share one proof table (search.search's ``proven``): the
    states a search proved lost (expanded in full, with everything they
    lead to) are skipped by the later ones, so the full restarts' work
    counts towards the final proof (a full search stopped and started again
    needs about the nodes left: draw-3 deal 103, 50,000 + 57,202 against
    107,202 at once), and the greedy restarts leave proved regions alone.
    A greedy search proves a state only where no greedy cut left a move
    out below it, which in Klondike is rare (6 in 10 of its nodes cut one).
    The greedy phases end early when their cut-down space is exhausted.
    Shares: GREEDY_SHARES of the budget (the rest is the full search's), or
    ``greedy_nodes``: where the first greedy search and the restarts end.
    """
    spent, r, out = 0, 0, None
    proven = proof_table() if SHARE_PROOFS else None
    relaxed = None
    if greedy_nodes is None:
        shares = GREEDY_SHARES[model.copies == 2]
        greedy_nodes = (int(budget_nodes * shares[0]), int(budget_nodes * sum(shares)))
    for phase, share in enumerate(greedy_nodes):
        if phase == 1 and relax is not None and not _past(deadline):
            # the relaxation (``relax``, Model.one_at_a_time): a full search there
            table = proof_table()
            one = search(
                relax,
                state,
                min(RELAXED_NODES, budget_nodes - spent),
                None,
                should_stop,
                deadline=deadline,
                proven=table,
                twins=twins,
            )
            spent += one.nodes
            if one.stopped or one.status == LOST:
                out = search(model, state, 1)  # the root's moves, in this game's terms
                out.status = LOST if one.status == LOST else UNKNOWN
                out.nodes, out.stopped = spent, one.stopped
                return out
            relaxed = (relax, table, twins)
        while spent < share:
            r += 1
            size = share - spent if r == 1 else min(RESTART_BASE * luby(r - 1), share - spent)
            if _past(deadline):
                break
            out = search(
                model,
                state,
                size,
                None,
                should_stop,
                greedy=r == 1 or not _full_restart(r, model),
                jitter=None if r == 1 else random.Random(r),
                deadline=deadline,
                proven=proven,
                relaxed=relaxed,
                twins=twins,
            )
            spent += out.nodes
            if out.status == WON or out.stopped:
                out.nodes = spent
                return out
            if out.status == LOST:
                out.nodes = spent
                return out
            if out.nodes < size:
                break  # the greedy space is exhausted (or time ran out): restarts can't help
        if out is not None and out.nodes < size:
            break
    if budget_nodes - spent < 1 or _past(deadline):
        if out is None:
            out = search(model, state, 1)
        out.status, out.nodes = UNKNOWN, max(1, spent)
        return out
    full = search(
        model,
        state,
        budget_nodes - spent,
        None,
        should_stop,
        deadline=deadline,
        proven=proven,
        relaxed=relaxed,
        twins=twins,
    )
    full.nodes += spent
    return full


RESTART_FULL_EVERY = 2  # one deck: every second restart is a full search sharing its proofs (0: none)


def _full_restart(r, model):
    """Whether restart ``r`` is a full search. Only with one deck: the
    two-deck games' restarts win deals their full searches do not reach
    (Indian, Limited, Maria, Number Ten, Rank and File and Streets lost 19
    of their listed winnable deals at 60,000 nodes when half their restarts
    were full searches)."""
    return model.copies == 1 and RESTART_FULL_EVERY and SHARE_PROOFS and r % RESTART_FULL_EVERY == 0


SHARE_PROOFS = True  # the phases share the states they prove lost (search.search's ``proven``)

# Shares of the budget for the greedy search and its restarts (one deck, two
# decks); the full search gets the rest.
GREEDY_SHARES = {False: (0.25, 0.25), True: (0.5, 0.25)}
# One deck, from PROBE_BUDGET on (below LARGE_BUDGET): the first greedy
# search gets a quarter and the restarts all the rest, with no final full
# search of its own. Every second restart is a full search sharing its
# proofs (RESTART_FULL_EVERY), so a loss is still proved, by the full
# restarts together. At 100,000 nodes, Klondike deals won after 50,000
# nodes came from the restarts, and hardly any loss was proved there by
# the full search: with the restarts going on to the end, draw 3 decides 2
# more of deals 1-200 (84, 186 and 200 won; 191, which the full search won
# at 91,945 nodes, unknown) and 2 more of 201-400 (357, 393 won); draw 1
# one fewer of 1-200 (196, proved lost at 92,055 nodes, unknown) and 2
# more of 201-400 (228, 237 won). bench/README.md has the table.
PROBE_GREEDY_SHARES = (0.25, 0.75)
# Drawing k > 1 with unlimited redeals, from PROBE_BUDGET on: after the first
# greedy search, a full search of at most this many nodes of the same game
# drawing one card at a time (Model.one_at_a_time), whose proofs the later
# searches use (search.search's ``relaxed``). At 100,000 nodes, 40,000
# decides draw-3 deal 14 too (lost at 64,064), which 20,000 left unknown, and
# changes no other answer of deals 1-400.
RELAXED_NODES = 40_000
# From this budget on (solve, not the hints' 20,000), the depth-first phases
# search with twins (search.search's ``twins``, model.Model.canon): a node
# costs about twice as much, and it pays only where proofs are long. At
# 100,000 nodes draw 3 decides 1 more of deals 1-200 (191 won) and 3 more
# of 201-400; at 20,000 the hints prove as many wins with or without it
# (deals 1-30 of draw 3, draw 1 and Solitario) in twice the CPU time.
TWIN_BUDGET = 50_000


def hint(
    position: Position,
    budget_nodes: int = 20_000,
    time_limit: Optional[float] = 1.0,
    should_stop: Optional[Callable[[], bool]] = None,
) -> HintResult:
    """The next move of a winning line if one is found within the budget
    (``proven``); otherwise the move the search ranks most promising.
    ``time_limit`` is in CPU seconds."""
    t0 = clock()
    if position.spec.rules == "retinue":
        moves = position.legal_moves()
        res = solve(position)
        return HintResult(moves[0] if moves else None, res.status == WON, res.status, res.nodes, clock() - t0)
    model = model_for(position.spec)
    if isinstance(model, TableauModel):
        out = _tableau_search(model, position, budget_nodes, deadline_after(time_limit), should_stop)
        seconds = clock() - t0
        first = list(out.root_autos or ())[:1]
        if not first and out.status == WON:
            first = [m for m, _ in out.path[:1]]
        first = first or out.root_moves[:1] or position.legal_moves()[:1]
        move = _replayed(position, first)[0] if first else None
        return HintResult(move, out.status == WON, out.status, out.nodes, seconds)
    out = _search(model, model.from_position(position), budget_nodes, deadline_after(time_limit), should_stop)
    seconds = clock() - t0
    if out.status == WON:
        first = list(out.root_autos or ())[:1] or [m for m, _ in out.path[:1]]
        if first:
            return HintResult(expand(model, position, first[:1])[0], True, WON, out.nodes, seconds)
        return HintResult(None, True, WON, out.nodes, seconds)  # already won
    first = list(out.root_autos or ())[:1] or out.root_moves[:1]
    if not first:
        # Nothing but the stock may be left to touch.
        legal = position.legal_moves()
        return HintResult(legal[0] if legal else None, False, out.status, out.nodes, seconds)
    return HintResult(expand(model, position, first)[0], False, out.status, out.nodes, seconds)


def auto_complete(position: Position) -> Optional[list]:
    """The moves that finish the game when the rest needs no choices, else None.

    "No choices" here: no face-down card is left in the tableau, and sending
    cards home one by one (from the columns and, by drawing, the talon) wins.
    In Royal Retinue the chain itself is choice-free.
    """
    if position.spec.rules == "retinue":
        line, pos = _retinue_chain(position)
        return line if pos.is_won() else None
    model = model_for(position.spec)
    st = model.from_position(position)
    if any(c >= FACE_DOWN for col in st[0] for c in col):
        return None
    if isinstance(model, TableauModel):
        return _home_one_by_one(position)
    macros = []
    while not model.is_won(st):
        cols, found, T, w, u = st
        m = None
        for i, col in enumerate(cols):
            if col and model.home_slot(found, col[-1]) >= 0:
                m = (1, i)
                break
        if m is None and T:
            for j, u2 in model.talon_targets(len(T), w, u):
                if model.home_slot(found, T[j - 1]) >= 0:
                    m = (3, j, u2)
                    break
        if m is None:
            return None
        macros.append(m)
        st = model.apply(st, m)
    return expand(model, position, macros, check_won=True)


# --- from the model's macro moves to engine moves ------------------------------------
def expand(model: Model, position: Position, macros, check_won: bool = False) -> list:
    """Engine moves for a list of macro moves, each replayed through the
    engine's rules (which refuse anything illegal)."""
    rules = position.rules
    names = position.spec.pile_names
    cols = tuple(position.spec.tableau_range)
    pos = position
    out: list = []

    def play(move):
        nonlocal pos
        pos = pos.apply(move)[0]
        out.append(move)

    def one(m):
        kind = m[0]
        if kind == 0:
            if m[3] > 1 and not position.spec.runs:  # a supermove: one card at a time
                free = [i for i, t in enumerate(cols) if not pos.piles[t] and i != m[2]]
                for a, b in supermove_steps(m[3], m[1], m[2], free):
                    play(Move(names[cols[a]], names[cols[b]]))
            else:
                play(Move(names[cols[m[1]]], names[cols[m[2]]], m[3]))
        elif kind == 1:
            src = names[cols[m[1]]]
            play(Move(src, names[_home_pile(rules, pos, pos.piles[cols[m[1]]][-1])]))
        elif kind in (2, 3):
            j = m[1]
            for _ in range(2 * len(pos.piles[0]) + 2 * len(pos.piles[1]) + 4):
                if len(pos.piles[1]) == j:
                    break
                play(DRAW if pos.piles[0] else REDEAL)
            else:
                raise RuntimeError(f"solver bug: talon position {j} not reached")
            if kind == 2:
                play(Move("waste", names[cols[m[2]]]))
            else:
                play(Move("waste", names[_home_pile(rules, pos, pos.piles[1][-1])]))
        elif kind == 5:
            # each talon card as a move of kind 2 (its place in the talon as it is
            # then), then the final move
            for x in m[1]:
                one((2, model.from_position(pos)[2].index(x) + 1, m[2], None))
            one(m[3])
        elif kind == 6:
            one(m[1])  # twins (Model._twin_moves): a run onto the other twin, then the move
            one(m[2])
        else:
            suit = "SHDC"[m[1] // model.copies]
            src = next(f for f in rules.foundations if pos.piles[f] and rules.deck.suit[pos.piles[f][-1]] == suit)
            play(Move(names[src], names[cols[m[2]]]))

    for m in macros:
        one(m)
    if check_won and not pos.is_won():
        raise RuntimeError("solver bug: the line does not win when replayed")
    return out


def _home_one_by_one(position: Position) -> Optional[list]:
    """Every card home one at a time, the first that can go each time; None
    if that does not win (Spider: its runs are to be built first)."""
    line, pos = [], position
    while not pos.is_won():
        move = next((m for m in pos.legal_moves() if m.dst.startswith("f") and m.count == 1), None)
        if move is None:
            return None
        pos = pos.apply(move)[0]
        line.append(move)
    return line


def _home_pile(rules, pos, card):
    for f in rules.foundations:
        pile = pos.piles[f]
        if (not pile and card in rules.aces) or (pile and rules.next_home.get(pile[-1]) == card):
            return f
    raise RuntimeError(f"solver bug: no foundation takes {card}")


def _retinue_chain(position: Position):
    line, pos = [], position
    while True:
        moves = pos.legal_moves()
        if not moves:
            return line, pos
        pos = pos.apply(moves[0])[0]
        line.append(moves[0])
