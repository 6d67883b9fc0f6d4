"""Which card element shows which card after a move: plain Python.

The board creates one element per card when it deals and afterwards only
moves elements between piles. ``match`` pairs the elements on the board with
the cards of the new position so that every card that stayed where it was
keeps its element, and only moved (or turned) cards get a different place.
Two-deck games hold identical cards; any element of the same face will do,
but one from the same pile is preferred so that nothing jumps needlessly.
"""

from __future__ import annotations

from typing import NamedTuple


class Placement(NamedTuple):
    piles: dict  # pile -> element ids, bottom to top, for the piles that changed
    turned: frozenset  # element ids whose card turned over (face up <-> down)


def match(old: dict, new: dict) -> Placement:
    """``old``: pile -> [(element id, code)]; ``new``: pile -> [code].

    Every pile of ``new`` must be in ``old`` (an empty list for an empty pile)
    and the two must hold the same cards; codes compare without their case.
    """
    keep: dict[str, list] = {}
    free: dict[str, list[tuple[str, int]]] = {}  # card -> [(pile, id)] not kept in place
    for pile, cards in new.items():
        had = old.get(pile, [])
        slots = []
        for i, code in enumerate(cards):
            if i < len(had) and had[i][1].upper() == code.upper():
                slots.append(had[i][0])
            else:
                slots.append(None)
        keep[pile] = slots
        kept = {s for s in slots if s is not None}
        for el, code in had:
            if el not in kept:
                free.setdefault(code.upper(), []).append((pile, el))
    for pile, slots in keep.items():
        for i, el in enumerate(slots):
            if el is None:
                code = new[pile][i].upper()
                options = free.get(code)
                if not options:
                    raise ValueError(f"no card element left for {code} on {pile}")
                pick = next((k for k, (p, _) in enumerate(options) if p == pile), 0)
                slots[i] = options.pop(pick)[1]
    was = {el: code for cards in old.values() for el, code in cards}
    changed = {}
    turned = set()
    for pile, slots in keep.items():
        if [el for el, _ in old.get(pile, [])] != slots:
            changed[pile] = slots
        for el, code in zip(slots, new[pile]):
            prev = was[el]
            if prev.islower() != code.islower():
                turned.add(el)
                changed.setdefault(pile, slots)
            elif prev != code:
                changed.setdefault(pile, slots)
    return Placement(changed, frozenset(turned))
