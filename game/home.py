"""Cards that go home by themselves after a step (RULES.md, CONTRACT.md "A step").

The page's setting *Move cards home automatically* has three modes:

- ``off``: nothing moves by itself;
- ``safe``: a card goes home only where the proofs of ``game/safe.py``
  show that this can never cost the game;
- ``always``: every card that can go home goes.

``home_moves`` lists the moves, one card at a time, that ``Game.play``
appends to the player's step, so one undo takes them back with it. Column
tops are looked at left to right, then the free cells, then the waste's top card, again after
each card that went home, until none is left.
"""

from __future__ import annotations

from enum import StrEnum

from .cards import SUITS
from .moves import Move
from .safe import meets, safe_requirements


class AutoHome(StrEnum):
    OFF = "off"
    SAFE = "safe"
    ALWAYS = "always"


_REQUIREMENTS: dict = {}


def _requirements(spec) -> list:
    found = _REQUIREMENTS.get(spec.id)
    if found is None or found[0] is not spec:
        found = _REQUIREMENTS[spec.id] = (spec, safe_requirements(spec))
    return found[1]


def _heights(position) -> list:
    """Foundation heights by suit, the ``copies`` piles of a suit in ascending
    order (the slots that the requirements of ``safe.py`` index)."""
    spec = position.spec
    copies = spec.deck.copies
    by_suit: list = [[] for _ in SUITS]
    for f in spec.foundation_range:
        pile = position.piles[f]
        if pile:
            by_suit[SUITS.index(spec.deck.suit[pile[0]])].append(len(pile))
    out = []
    for heights in by_suit:
        out.extend(sorted(heights + [0] * (copies - len(heights))))
    return out


def _is_safe(position, card: str, requirements: list) -> bool:
    deck = position.spec.deck
    return meets(_heights(position), requirements[SUITS.index(deck.suit[card]) * 16 + deck.rank[card]])


def is_safe_home(position, move: Move) -> bool:
    """Would the ``safe`` mode send this card home by itself? ``move`` is a
    legal move of one card to a foundation; the proofs of safe.py must allow it
    (and from the waste only where cards are drawn one at a time)."""
    spec = position.spec
    if move.src == "waste" and spec.draw != 1:
        return False
    card = position.pile(move.src)[-1]
    return _is_safe(position, card, _requirements(spec))


def next_home(position, mode) -> Move | None:
    """The next card that goes home by itself in ``mode``, or None."""
    mode = AutoHome(mode)
    spec = position.spec
    if mode is AutoHome.OFF or not spec.foundations or spec.runs_home:  # Spider's runs go home by rule
        return None
    rules, piles, names = position.rules, position.piles, spec.pile_names
    wanted: dict = {}  # card -> the first foundation that takes it
    for f in spec.foundation_range:
        top = piles[f][-1] if piles[f] else None
        for card in (rules.next_home.get(top),) if top else rules.aces:
            if card:
                wanted.setdefault(card, f)
    sources = [t for t in spec.tableau_range if piles[t]] + [c for c in spec.cell_range if piles[c]]
    if piles[1] and (mode is AutoHome.ALWAYS or spec.draw == 1):  # safe.py: never from a draw of three
        sources.append(1)
    requirements = _requirements(spec) if mode is AutoHome.SAFE else None
    for src in sources:
        card = piles[src][-1]
        if card in wanted and (requirements is None or _is_safe(position, card, requirements)):
            return Move(names[src], names[wanted[card]])
    return None


def home_moves(position, mode) -> list[Move]:
    """Every card that goes home by itself from ``position``, in order."""
    out = []
    while True:
        move = next_home(position, mode)
        if move is None:
            return out
        position, _ = position.apply(move)
        out.append(move)
