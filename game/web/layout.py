"""What the board shows, worked out without the browser.

``board_view`` turns a position (CONTRACT.md JSON form) into rows of piles and
the cards in each, with the labels and fan offsets the page needs. It is plain
Python so CPython tests can check it; ``app`` only copies it into the DOM.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from game.cards import RED_SUITS, is_face_down

SUIT_SYMBOLS = {"S": "\u2660", "H": "\u2665", "D": "\u2666", "C": "\u2663"}
SUIT_NAMES = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
RANK_TEXT = {"T": "10"}
RANK_NAMES = {"A": "Ace", "T": "10", "J": "Jack", "Q": "Queen", "K": "King"}

# Fan offsets in card heights: face-down cards overlap more than face-up ones.
FAN_DOWN = 0.09
FAN_UP = 0.24


@dataclass(frozen=True)
class CardView:
    code: str  # as in the position: lower case when face down
    face_up: bool
    offset: float  # distance from the pile's top edge, in card heights

    @property
    def red(self) -> bool:
        return self.code[-1].upper() in RED_SUITS

    @property
    def rank_text(self) -> str:
        rank = self.code[0].upper()
        return RANK_TEXT.get(rank, rank)

    @property
    def suit_symbol(self) -> str:
        return SUIT_SYMBOLS[self.code[-1].upper()]

    @property
    def label(self) -> str:
        if not self.face_up:
            return "face-down card"
        rank = self.code[0].upper()
        return f"{RANK_NAMES.get(rank, rank)} of {SUIT_NAMES[self.code[-1].upper()]}"


@dataclass(frozen=True)
class PileView:
    id: str
    kind: str  # stock | waste | foundation | column
    fanned: bool
    cards: tuple[CardView, ...] = field(default_factory=tuple)

    @property
    def label(self) -> str:
        names = {"stock": "Stock", "waste": "Waste"}
        if self.kind in names:
            name = names[self.kind]
        elif self.kind == "foundation":
            name = f"Foundation {self.id[1:]}"
        else:
            name = f"Column {self.id[1:]}"
        count = len(self.cards)
        return f"{name}, {count} card{'s' if count != 1 else ''}" if count else f"{name}, empty"

    @property
    def depth(self) -> float:
        """Height the fanned cards reach below the pile top, in card heights."""
        return self.cards[-1].offset if self.fanned and self.cards else 0.0


def pile_kind(pile_id: str) -> str:
    if pile_id in ("stock", "waste"):
        return pile_id
    return "foundation" if pile_id.startswith("f") else "column"


def pile_view(pile_id: str, codes: list[str] | tuple[str, ...]) -> PileView:
    kind = pile_kind(pile_id)
    fanned = kind == "column"
    cards = []
    offset = 0.0
    for code in codes:
        face_up = not is_face_down(code)
        cards.append(CardView(code, face_up, offset if fanned else 0.0))
        offset += FAN_UP if face_up else FAN_DOWN
    return PileView(pile_id, kind, fanned, tuple(cards))


def board_view(position: dict, pile_names: tuple[str, ...] | list[str]) -> list[list[PileView]]:
    """Rows of piles: stock, waste and foundations on top, columns below.

    ``pile_names`` lists every pile of the game (empty ones too, which the
    position omits). Piles of the position not in it are an error, not
    silently dropped.
    """
    piles = position.get("piles", {})
    unknown = set(piles) - set(pile_names)
    if unknown:
        raise ValueError(f"position has piles this game does not: {sorted(unknown)}")
    views = [pile_view(name, piles.get(name, ())) for name in pile_names]
    top = [v for v in views if v.kind != "column"]
    columns = [v for v in views if v.kind == "column"]
    return [row for row in (top, columns) if row]
