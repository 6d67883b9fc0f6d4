"""Reproducible shuffles: game number N deals the same cards everywhere, forever.

The algorithm is fixed here and must never change (saved games, shared links
and challenge links name deals only by their number):

1. The text ``f"{game_id}:{number}:{attempt}"`` (UTF-8) is hashed with 64-bit
   FNV-1a (offset basis 0xcbf29ce484222325, prime 0x100000001b3).
2. That hash seeds SplitMix64 (Steele, Lea & Flood, 2014): each step adds
   0x9e3779b97f4a7c15 to the state and mixes it with the constants
   0xbf58476d1ce4e5b9 and 0x94d049bb133111eb, shifts 30, 27, 31.
3. A Fisher–Yates shuffle runs from the last index down to 1, swapping index i
   with j drawn uniformly from 0..i. A draw rejects 64-bit values at or above
   the largest multiple of (i + 1), so there is no modulo bias.

Only integer arithmetic is used, so CPython and Pyodide agree bit for bit.
"""

from __future__ import annotations

MASK64 = (1 << 64) - 1
MAX_GAME_NUMBER = (1 << 53) - 1  # largest integer a browser holds exactly


def fnv1a64(text: str) -> int:
    h = 0xCBF29CE484222325
    for byte in text.encode("utf-8"):
        h ^= byte
        h = (h * 0x100000001B3) & MASK64
    return h


class SplitMix64:
    def __init__(self, seed: int):
        self.state = seed & MASK64

    def next(self) -> int:
        self.state = (self.state + 0x9E3779B97F4A7C15) & MASK64
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in 0..n-1."""
        limit = ((1 << 64) // n) * n
        while True:
            x = self.next()
            if x < limit:
                return x % n


def shuffled(cards, game_id: str, number: int, attempt: int = 0) -> list:
    """The cards of deal ``number`` of ``game_id`` in shuffled order."""
    out = list(cards)
    rng = SplitMix64(fnv1a64(f"{game_id}:{number}:{attempt}"))
    for i in range(len(out) - 1, 0, -1):
        j = rng.below(i + 1)
        out[i], out[j] = out[j], out[i]
    return out


# Microsoft FreeCell's deal numbers (RULES.md, FreeCell): the cards numbered
# rank first (Ace to King), each rank in the order clubs, diamonds, hearts,
# spades; each draw of the generator picks one of the cards left, the last
# card fills the gap, and the picked cards go to the columns in turn.
MICROSOFT_LAST = (1 << 31) - 1  # the last deal number the generator has
_MS_RANKS, _MS_SUITS = "A23456789TJQK", "CDHS"


def microsoft_dealt(number: int) -> list:
    """The 52 cards of Microsoft FreeCell's game ``number`` in the order they
    are dealt (the first to column 1, the next to column 2, …, row by row)."""
    cards = [r + s for r in _MS_RANKS for s in _MS_SUITS]
    state = number
    out = []
    while cards:
        state = (state * 214013 + 2531011) & MICROSOFT_LAST
        j = (state >> 16) % len(cards)
        out.append(cards[j])
        cards[j] = cards[-1]
        cards.pop()
    return out
