"""Helpers for the engine rule tests: build CONTRACT.md positions by hand.

Tests name the cards that matter; ``position_json`` puts every other card of
the deck face down into the stock (beneath any stock cards the test gave), so
the position holds the full deck and passes the engine's card-count check.
No deal leaves that many cards in the stock, so ``make`` reads these as study
positions (``reachable=False``: every rule of the position's shape is
checked, not whether a deal can lead to it).
"""

from __future__ import annotations

from collections import Counter

from game import Game, Position, get_spec, read_position

FRENCH_RANKS = "A23456789TJQK"
ITALIAN_RANKS = "A234567JQK"

FORTY_FAMILY = (
    "forty-thieves",
    "indian",
    "limited",
    "little-forty",
    "lucas",
    "maria",
    "number-ten",
    "rank-and-file",
    "streets",
)

# The Forty Thieves table of RULES.md §4, written out by hand (not read from
# the engine): columns, cards per column, face-down per column, build rule,
# runs move, cards per draw, redeals.
FORTY_TABLE = {
    "forty-thieves": dict(columns=10, cards=4, down=0, build="same-suit", runs=False, draw=1, redeals=0),
    "indian": dict(columns=10, cards=3, down=1, build="other-suit", runs=False, draw=1, redeals=0),
    "limited": dict(columns=12, cards=3, down=0, build="same-suit", runs=False, draw=1, redeals=0),
    "little-forty": dict(columns=10, cards=4, down=0, build="other-suit", runs=True, draw=3, redeals=3),
    "lucas": dict(columns=13, cards=3, down=0, build="same-suit", runs=False, draw=1, redeals=0),
    "maria": dict(columns=9, cards=4, down=0, build="alternate", runs=False, draw=1, redeals=0),
    "number-ten": dict(columns=10, cards=4, down=2, build="alternate", runs=True, draw=1, redeals=0),
    "rank-and-file": dict(columns=10, cards=4, down=3, build="alternate", runs=True, draw=1, redeals=0),
    "streets": dict(columns=10, cards=4, down=0, build="alternate", runs=False, draw=1, redeals=0),
}


def upto(suit: str, last: str, ranks: str = FRENCH_RANKS) -> list[str]:
    """A foundation of ``suit`` built from the Ace up to rank ``last``."""
    return [r + suit for r in ranks[: ranks.index(last) + 1]]


def rest_of_deck(game_id: str, piles: dict) -> list[str]:
    """The deck's cards not named in ``piles``, face down, in deck order."""
    left = Counter(get_spec(game_id).deck.cards)
    for cards in piles.values():
        for c in cards:
            left[c.upper()] -= 1
    out = []
    for card in get_spec(game_id).deck.cards:
        if left[card] > 0:
            left[card] -= 1
            out.append(card.lower())
    return out


def lucas_aces(piles: dict) -> dict:
    """Lucas keeps an Ace on every foundation: fill f1..f8 not given with Aces
    (S S H H D D C C), skipping Aces already used elsewhere."""
    piles = dict(piles)
    used = Counter(c.upper() for cards in piles.values() for c in cards)
    free = Counter({"AS": 2, "AH": 2, "AD": 2, "AC": 2}) - used
    for i in range(1, 9):
        name = f"f{i}"
        if name not in piles:
            ace = next(a for a in ("AS", "AH", "AD", "AC") if free[a] > 0)
            free[ace] -= 1
            piles[name] = [ace]
    return piles


def position_json(game_id: str, piles: dict, fill: str | None = "stock", **extra) -> dict:
    """A CONTRACT.md position: ``piles`` as given, the rest of the deck under
    the given cards of pile ``fill`` (face down; face up if it is the waste;
    None: add nothing)."""
    piles = {k: list(v) for k, v in piles.items()}
    if game_id == "lucas":
        piles = lucas_aces(piles)
    if fill:
        rest = rest_of_deck(game_id, piles)
        if fill == "waste":  # waste cards lie face up
            rest = [c.upper() for c in rest]
        if rest:
            piles[fill] = rest + piles.get(fill, [])
    return {"game": game_id, "piles": piles, **extra}


def make(game_id: str, piles: dict, fill: str | None = "stock", **extra) -> Position:
    return read_position(position_json(game_id, piles, fill, **extra), reachable=False)


def new(game_id: str, piles: dict, fill: str | None = "stock", time_limit=None, **extra) -> Game:
    return Game(make(game_id, piles, fill, **extra), time_limit=time_limit)


def pile(game: Game, name: str) -> list[str]:
    return list(game.position.pile(name))


def legal(game: Game) -> set[str]:
    return {str(m) for m in game.legal_moves()}


def reach(game_id: str, piles: dict, hold: str = "", rest: str = "stock", **extra) -> Position:
    """A position some deal can reach (``read_position`` checks it): ``piles``
    as given; every other card goes home as far as its suit allows (a
    foundation holds a suit from the Ace up to the first card held back; in
    two-deck games the two foundations of a suit rise together as far as
    each can), the rest face down into the stock beneath the stock cards
    given (``rest="waste"``: face up into the waste beneath its cards).
    ``hold``: cards kept out of the foundations (``"2h 2h 6c"``), which then
    go with the rest, at the bottom. A position that leaves more in the
    stock and waste than the deal did is refused, as it should be: then give
    the test more cards in the columns."""
    deck = get_spec(game_id).deck
    held = hold.upper().split()
    free = Counter(deck.cards)
    free.subtract(c.upper() for cards in piles.values() for c in cards)
    free.subtract(held)
    out = {k: list(v) for k, v in piles.items()}
    names = iter(f"f{i}" for i in range(1, 9) if f"f{i}" not in out)
    for suit in "SHDC":
        built: list[list[str]] = [[] for _ in range(deck.copies)]
        for rank in deck.ranks:  # the suit's foundations rise together, a rank at a time
            for pile in built:
                if len(pile) == deck.ranks.index(rank) and free[rank + suit] > 0:
                    free[rank + suit] -= 1
                    pile.append(rank + suit)
        for pile in built:
            if pile:
                out[next(names)] = pile
    left = held + [c for c in dict.fromkeys(deck.cards) for _ in range(max(0, free[c]))]
    if left:
        cards = [c.upper() if rest == "waste" else c.lower() for c in left]
        out[rest] = cards + out.get(rest, [])
    return read_position({"game": game_id, "piles": out, **extra})


def rest_face_up(game_id: str, piles: dict, columns: list[str]) -> dict:
    """``piles`` and every other card of the deck face up, dealt in turn onto
    ``columns`` (games without a stock hold every card on the table)."""
    left = Counter(get_spec(game_id).deck.cards)
    for cards in piles.values():
        left.subtract(c.upper() for c in cards)
    out = {k: list(v) for k, v in piles.items()}
    rest = []
    for card in get_spec(game_id).deck.cards:
        if left[card] > 0:
            left[card] -= 1
            rest.append(card)
    for i, card in enumerate(rest):
        out.setdefault(columns[i % len(columns)], []).append(card)
    return out
