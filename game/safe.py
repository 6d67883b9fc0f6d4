"""Safe moves home: which cards may go to a foundation at once, without a
choice, because doing so can never turn a won position into a lost one.

Rule knowledge, not search: the page's *safe* mode of moving cards home
(``home.py``) and the solver's forced moves (``solver/model.py``) both read
these requirements and check them with ``meets``.

A safe move must keep every proof of "lost" sound, so each rule below is
proved; where no proof was found, there is no rule (the move is still tried
by the search, like any other). Throughout, c is an accessible card (a
column's top card; the waste rule is at the end) of rank r, suit s, that can
go home now, P the position, P' = P with c home (and the card under c turned
face up), and L a winning line from P. Each proof builds a winning line L'
from P' by replaying L and leaving out some moves.

**The mirror lemma.** Let R be a set of cards with c in R, all of them home in
P except c. Suppose that during L (i) a card outside R is never placed on a
card of R, and (ii) whenever a card x outside R goes home, or leaves a
foundation, no card of R of x's suit is out of its foundation. Let L' be L
with every move of an R card left out, and every run that carries R cards on
top shortened by them. Then L' is legal from P' and wins: by (i), the R cards
outside foundations always lie on top of their columns, so the columns of L'
are those of L without them (a card may be face up earlier in L', which never
forbids a move; a column empty in L' but not in L only gives more room);
a shortened run is a run; a move onto a card x outside R finds x on top in L'
too; by (ii), the foundations of L' are those of L plus the R cards, and every
card going home or leaving home in L finds the same top card in L'. R cards
never enter the talon (no card ever goes onto the waste or stock). At the end
of L every card is home in L, so in L'.

**Aces, everywhere.** Nothing is ever placed on an Ace, and every Ace finds
an empty foundation (there is one pile per Ace). R = {c}, with c's pile: (i)
holds, (ii) holds because no card of c's suit goes home or leaves before c
does in L. So an Ace is always safe. Corollary (A'): a winnable position has
a winning line that never puts an Ace on a column: cut L at its first such
move, and the position after it has the Ace on a column's top; by the lemma,
the position with the Ace home instead (the one just before, with the Ace
sent home in place of the move) wins by a line with one such move fewer.

**Klondike kind** (one deck, columns build down in alternating colours, a
foundation's top card may come back to a column). Let K be c's colour.

* r = 2 is always safe: take L with no Ace ever put on a column (A'); then
  nothing is placed on c. R = {c, the Ace of s}: neither ever has a card
  placed on it, the Ace never leaves home, and a card of suit s above 2 goes
  home or leaves only while c is home.
  Not in Yukon: there an Ace may come onto a 2 inside a group (A' needs the
  Ace on top), so its 2 takes the rule for r >= 3 below.
* r >= 3 is safe when both foundations of the other colour are at r - 1 or
  higher and the other foundation of colour K is at r - 2 or higher. Let
  R = {c, the (r-1) of s} ∪ Z, where Z = the cards of the other colour of
  rank <= r - 1 and the cards of colour K of rank <= r - 2 — all home in P.
  A card may lie on a card of R only if it has the other colour and rank one
  less, or colour K and rank one less, i.e. only if it is in Z: (i) holds.
  For (ii), let x outside R, of suit t, go home or leave home: if t is of the
  other colour, x has rank >= r, so at that moment every card of t below r
  is home; if t is the other suit of colour K, x has rank >= r - 1 and every
  card of t of rank <= r - 2 is home; if t = s, x has rank >= r + 1, so c
  and everything below it is home. No R card of suit t is out.
  The condition is stronger than the often-quoted one ("both cards of the
  other colour one rank lower are home"), which is not safe when foundation
  cards may come back: with 4♥ and 4♦ home, 4♠ home, clubs home only to the
  Ace, and 3♣ lying on a face-down 2♣, taking 4♥ down onto 5♠ lets 3♣ move
  and frees 2♣; sending 5♠ home first can leave no black 5 to take 4♥.

**Two-deck kind** (Forty Thieves family: foundation cards stay home, every
card has a twin of the same code). c with r >= 2 is safe when both
foundations of suit s are at r - 1 or higher, and (r >= 3) every card that
may lie on c is home, i.e. both foundations of each suit that builds on c
(same suit: s; any suit but its own: the three others; alternating
colours: the two of the other colour) are at r - 1 or higher. R = {c}.
(i): the cards that may lie on c are home and never leave (for r = 2 they
are Aces: take L with no Ace put on a column, A'). (ii): no card of suit s
leaves home. A card x of suit s going home in L while c is out has rank
r - 1 or lower (home already in P, impossible), rank r, or higher (needs a
foundation at r or more while c is out: only through c's twin, see next).
c's twin c2 (same code) may go home in L while c is out. The foundations of
L' are those of L with one pile of suit s at r - 1 raised to r. If the
other pile of s is home to r - 1 as well, L' puts c2 on it; if it is at r or
higher, c2 is home already. The condition "both piles of s at r - 1 or
higher" is exactly what makes this work, and it is needed: with one pile
of spades at 4, the other at the Ace, and the second 5♠ lying on the second
2♠, sending the first 5♠ home leaves the second 5♠ nowhere to go home.

**The waste.** The rules above also hold for the waste's top card when
cards are drawn one at a time: L' replays L's talon moves without c, and
every other card is reached after the same draws. With unlimited redeals
and draw 1, every card of the talon can be reached at any time, so any
talon card is covered. With draw 3 taking c out of the waste changes which
cards later passes reach, so no waste card is played automatically.

Any other kind of game gets the Ace rule only.
"""

from __future__ import annotations

from .spec import GameSpec

RED = (False, True, True, False)  # SUITS = "SHDC"

# A requirement no foundation meets: the card is never played automatically.
_NEVER = ((0, 10**6),)


def card_codes(spec: GameSpec) -> list[int]:
    """The deck's distinct cards as ``suit * 16 + rank`` (suits in SUITS order).

    >>> from game.catalog import get_spec
    >>> card_codes(get_spec("forty-thieves"))[:3], len(card_codes(get_spec("forty-thieves")))
    ([1, 2, 3], 52)
    """
    return [s * 16 + r for s in range(4) for r in range(1, spec.deck.top_rank + 1)]


def safe_requirements(spec: GameSpec) -> list:
    """For every card code (``suit * 16 + rank``): the (foundation slot, minimum
    height) pairs that make sending it home safe, in addition to it fitting on
    its foundation. Slots are the foundations by suit, a suit's ``copies``
    piles in ascending order of height. A card never sent home automatically
    gets a requirement no foundation meets.

    >>> from game.catalog import get_spec
    >>> req = safe_requirements(get_spec("klondike-1"))
    >>> req[1], req[2], req[5]  # Ace and 2 of spades always; 5 of spades needs red 4s and the 3 of clubs
    ((), (), ((1, 4), (2, 4), (3, 3)))
    """
    copies = spec.deck.copies
    req: list = [None] * 128
    klondike = spec.foundation_to_column and copies == 1 and spec.build == "alternate"
    two_deck = not spec.foundation_to_column and copies == 2
    for c in card_codes(spec):
        r, s = c & 15, c >> 4
        if r == 1:
            req[c] = ()
        elif klondike:
            if r == 2 and spec.movement != "groups":  # Yukon: an Ace may come onto a 2 inside a group
                req[c] = ()
            else:
                other = [t for t in range(4) if RED[t] != RED[s]]
                same = [t for t in range(4) if RED[t] == RED[s] and t != s]
                req[c] = tuple((t, r - 1) for t in other) + tuple((t, r - 2) for t in same)
        elif two_deck:
            need = {s}
            if r >= 3:
                if spec.build == "same-suit":
                    builders = {s}
                elif spec.build == "other-suit":
                    builders = {t for t in range(4) if t != s}
                else:
                    builders = {t for t in range(4) if RED[t] != RED[s]}
                need |= builders
            # the lower of a suit's two slots is its first: both >= r - 1
            req[c] = tuple((t * copies, r - 1) for t in sorted(need))
    return [r if r is not None else _NEVER for r in req]


def meets(heights, requirement) -> bool:
    """Do the foundation ``heights`` (by slot) meet a card's ``requirement``?
    The one safety check, for the page and the solver alike.

    >>> meets((4, 4, 4, 3), ((1, 4), (2, 4), (3, 3)))
    True
    >>> meets((4, 4, 3, 3), ((1, 4), (2, 4), (3, 3)))
    False
    """
    for slot, h in requirement:
        if heights[slot] < h:
            return False
    return True
