"""Cards and decks.

A card is its two-character code from CONTRACT.md: rank then suit, e.g. ``"TS"``
(ten of spades) or, in the Italian deck, ``"JD"`` (Fante of denari). A face-down
card is the same code in lower case (``"ts"``). Codes are plain strings, so
positions stay hashable and print as they are written in saves and links.
"""

from __future__ import annotations

SUITS = "SHDC"
RED_SUITS = frozenset("HD")  # hearts/coppe and diamonds/denari are red


class Deck:
    """One kind of deck: its ranks in order, the suits, and how many copies.

    ``rank`` maps every code of the deck, face up or down, to its value
    (Ace = 1); the Italian Re is 10, the French King 13. ``style`` is the
    pattern its cards are drawn in (``french``: spades, hearts, diamonds,
    clubs; ``italian``: spade, coppe, denari, bastoni), what the page needs
    to name and draw them. ``Deck.named`` finds a deck made anywhere by its name.
    """

    _by_name: dict[str, "Deck"] = {}

    def __init__(self, name: str, ranks: str, copies: int = 1, suits: str = SUITS, style: str = "french"):
        self.name = name
        self.style = style
        self.ranks = ranks
        self.copies = copies  # how often the deck holds each of its cards
        self.suits = suits  # the suits it holds (Spider's one- and two-suit decks hold fewer)
        self.top_rank = len(ranks)
        self.rank: dict[str, int] = {}
        self.suit: dict[str, str] = {}
        self.red: dict[str, bool] = {}
        for value, r in enumerate(ranks, start=1):
            for s in SUITS:
                for code in (r + s, (r + s).lower()):
                    self.rank[code] = value
                    self.suit[code] = s
                    self.red[code] = s in RED_SUITS
        # Sorted order: suit by suit, Ace upwards; each copy after the other.
        self.cards: tuple[str, ...] = tuple(r + s for _ in range(copies) for s in suits for r in ranks)
        self.size = len(self.cards)
        self.aces = copies * len(suits)  # one foundation per Ace: a full suit goes home on each
        Deck._by_name.setdefault(name, self)

    @classmethod
    def named(cls, name: str) -> "Deck | None":
        """The deck called ``name`` (``french-52``, ``italian-40``, …), or None."""
        return cls._by_name.get(name)

    def is_card(self, code: str) -> bool:
        return code in self.rank and code[-1].upper() in self.suits

    def code(self, suit: str, value: int) -> str:
        """The face-up code of the card of ``suit`` with rank ``value``."""
        return self.ranks[value - 1] + suit

    def __repr__(self) -> str:
        return f"Deck({self.name!r})"


FRENCH = Deck("french-52", "A23456789TJQK")
FRENCH_2 = Deck("french-104", "A23456789TJQK", copies=2)
# Asso 2-7, Fante (J), Cavallo (Q), Re (K): denari D, coppe H, bastoni C, spade S.
ITALIAN = Deck("italian-40", "A234567JQK", style="italian")
# Spider's 104 cards in one suit (8 × spades) and in two (4 × spades and hearts).
SPADES_8 = Deck("spades-104", "A23456789TJQK", copies=8, suits="S")
SPADES_HEARTS_4 = Deck("spades-hearts-104", "A23456789TJQK", copies=4, suits="SH")


def is_face_down(code: str) -> bool:
    return code.islower()


def face_up(code: str) -> str:
    return code.upper()


def face_down(code: str) -> str:
    return code.lower()
