"""How much smaller a Klondike search would be if positions that differ only
by cards that can go home and come back were one node (not part of the test
suite; bench/README.md, "Eighth pass").

    python bench/solver_rest.py MODE KIND SEEDS [NODES]
    # MODE: plain | bound | depth1 | classes; KIND: full | relax; SEEDS: 50,60

A card c that lies on a card d it fits, and whose foundation takes it, can go
home and come straight back onto d: the two positions are each one move from
the other, so they are won or lost together. Its *rest form* has every such
card home (repeatedly). The search with twins (``search.search``, ``twins``)
on Klondike draw 3 (``full``) or on its relaxation drawing one at a time
(``relax``), NODES (300,000) nodes a deal:

- ``plain``: as ``solve`` runs it from ``solver.TWIN_BUDGET`` on.
- ``bound``: every position is put in its rest form after each move, and
  nothing else changes. The rest form has fewer moves than the positions it
  stands for (a card can only be put on c where c is on a column), so a loss
  here is **no proof**: its node count is a lower bound for a sound search
  with rest forms.
- ``depth1``: as ``bound``, with one compound move more for each foundation
  top t that can come down onto a column's top: t down, then a move onto t
  (a run, a talon card, a chain). Still no proof (t may need cards above it
  to come down first, or land on another card come down), but closer.
- ``classes``: how many positions the rest forms of the first 5,000 nodes
  of ``depth1`` stand for (every position reached from it by bringing
  foundation tops down onto columns' tops, as the search brings them back:
  not the safe ones, see ``Model._backs_of``; with twins).

It builds its own models (``Model``), so nothing it changes reaches the
solver's shared models.
"""

from __future__ import annotations

import collections
import sys
import time

sys.path.insert(0, ".")

from game import deal, get_spec  # noqa: E402
from game.solver.model import FACE_DOWN, Model  # noqa: E402
from game.solver.search import search  # noqa: E402


def model_of(kind: str, mode: str) -> Model:
    draw3 = Model(get_spec("klondike-3"))
    model = draw3.one_at_a_time() if kind == "relax" else draw3
    if mode == "plain":
        return model
    acc = model.acc_set
    canon, moves, apply = model.canon, model.moves, model.apply

    def rest_canon(st, autos):
        while True:
            st, autos = canon(st, autos)
            cols, found = st[0], st[1]
            a = next(
                (
                    i
                    for i, col in enumerate(cols)
                    if len(col) > 1
                    and col[-2] < FACE_DOWN
                    and col[-1] in acc[col[-2]]
                    and model.home_slot(found, col[-1]) >= 0
                ),
                -1,
            )
            if a < 0:
                return st, autos
            st, more = model.step(st, (1, a))
            autos = (autos or []) + [(1, a)] + (more or [])

    def apply_down(st, m):
        if m[0] == 7:  # a foundation top down, then a move onto it
            return apply(apply(st, m[1]), m[3])
        return apply(st, m)

    def moves_down(st, greedy=False, jitter=None, twins=False):
        out = moves(st, greedy, jitter, twins)
        if not twins:
            return out
        cols = st[0]
        extra = []
        for m in out:
            if m[0] == 4 and cols[m[2]] and cols[m[2]][-1] < FACE_DOWN:
                b = m[2]
                down = apply(st, m)
                extra.extend((7, m, (), m2) for m2 in moves(down, greedy) if m2[0] in (0, 2, 5) and m2[2] == b)
        return out + extra

    model.canon = rest_canon
    if mode != "bound":
        model.apply, model.moves = apply_down, moves_down
    model.plain_canon, model.plain_apply = canon, apply
    return model


def class_sizes(model, st) -> collections.Counter:
    seen = []
    moves = model.moves

    def recorded(s, greedy=False, jitter=None, twins=False):
        seen.append(s)
        return moves(s, greedy, jitter, twins)

    model.moves = recorded
    search(model, st, 5_000, twins=True)
    model.moves = moves
    acc = model.acc_set
    sizes: collections.Counter = collections.Counter()
    for p in seen:
        members = {(tuple(sorted(p[0])), p[1])}
        todo = [p]
        while todo:
            x = todo.pop()
            cols, found = x[0], x[1]
            for s, c in model._backs_of(found):  # the foundation tops the search brings back
                for b, col in enumerate(cols):
                    if col and col[-1] < FACE_DOWN and c in acc[col[-1]]:
                        y = model.plain_canon(model.plain_apply(x, (4, s, b)), None)[0]
                        k = (tuple(sorted(y[0])), y[1])
                        if k not in members:
                            members.add(k)
                            todo.append(y)
        sizes[len(members)] += 1
    return sizes


def main() -> None:
    mode, kind, seeds = sys.argv[1], sys.argv[2], [int(x) for x in sys.argv[3].split(",")]
    budget = int(sys.argv[4]) if len(sys.argv) > 4 else 300_000
    for seed in seeds:
        model = model_of(kind, "depth1" if mode == "classes" else mode)
        st = model.from_position(deal("klondike-3", seed))
        if mode == "classes":
            sizes = class_sizes(model, st)
            n = sum(sizes.values())
            mean = sum(k * v for k, v in sizes.items()) / n
            print(f"classes {kind} {seed}: {n} rest forms, {mean:.1f} positions each, largest {max(sizes)}")
            continue
        t = time.process_time()
        out = search(model, st, budget, twins=True)
        print(
            f"{mode} {kind} {seed}: {out.status} at {out.nodes} nodes, {time.process_time() - t:.1f} CPU s", flush=True
        )


if __name__ == "__main__":
    main()
