"""Spoken card names in English, German and Italian.

A card is its code (``"QH"``; lower case when face down), and the deck decides
what the letters mean: in the Italian 40-card deck J, Q, K are Fante, Cavallo,
Re and the suits are denari (D), coppe (H), bastoni (C), spade (S).

Naming choices, kept the same everywhere (rules text included):
  English  French deck "Queen of hearts"; Italian deck "Knight of cups"
           (Fante = Jack, Cavallo = Knight, Re = King; coins, cups, batons, swords).
  German   French deck "Herz-Dame"; Italian deck in the tarot style
           "Reiter der Kelche" (Bube, Reiter, König; Münzen, Kelche, Stäbe, Schwerter).
  Italian  "Donna di cuori"; "Cavallo di coppe".
"""

from __future__ import annotations

from game.cards import Deck

DEFAULT = "en"
FRENCH_RANKS = "A23456789TJQK"
ITALIAN_RANKS = "A234567JQK"
RANK_LETTERS = {"french": FRENCH_RANKS, "italian": ITALIAN_RANKS}  # by deck style
SUIT_CODES = "SHDC"

_NUMBERS = {r: r for r in "23456789"} | {"T": "10"}

RANKS = {
    "french": {
        "en": _NUMBERS | {"A": "Ace", "J": "Jack", "Q": "Queen", "K": "King"},
        "de": _NUMBERS | {"A": "Ass", "J": "Bube", "Q": "Dame", "K": "König"},
        "it": _NUMBERS | {"A": "Asso", "J": "Fante", "Q": "Donna", "K": "Re"},
    },
    "italian": {
        "en": _NUMBERS | {"A": "Ace", "J": "Jack", "Q": "Knight", "K": "King"},
        "de": _NUMBERS | {"A": "Ass", "J": "Bube", "Q": "Reiter", "K": "König"},
        "it": _NUMBERS | {"A": "Asso", "J": "Fante", "Q": "Cavallo", "K": "Re"},
    },
}

SUITS = {
    "french": {
        "en": {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"},
        "de": {"S": "Pik", "H": "Herz", "D": "Karo", "C": "Kreuz"},
        "it": {"S": "picche", "H": "cuori", "D": "quadri", "C": "fiori"},
    },
    "italian": {
        "en": {"S": "swords", "H": "cups", "D": "coins", "C": "batons"},
        "de": {"S": "Schwerter", "H": "Kelche", "D": "Münzen", "C": "Stäbe"},
        "it": {"S": "spade", "H": "coppe", "D": "denari", "C": "bastoni"},
    },
}

# How rank and suit combine into a name.
PATTERNS = {
    "french": {"en": "{rank} of {suit}", "de": "{suit}-{rank}", "it": "{rank} di {suit}"},
    "italian": {"en": "{rank} of {suit}", "de": "{rank} der {suit}", "it": "{rank} di {suit}"},
}

FACE_DOWN = {"en": "Face-down card", "de": "Verdeckte Karte", "it": "Carta coperta"}

# The short index a small card, a tight fan or a Royal Retinue pile label shows
# (the artwork prints its own corners). It follows the face set, so it never
# contradicts the picture under it:
#   French faces: the letters each language's players know from their own
#     French-suited packs. English A J Q K; German A B D K (Ass, Bube, Dame,
#     König, as German packs print them); Italian A J Q K: the packs sold in
#     Italy for Scala 40, Burraco and poker print J Q K, not the F D R of
#     Fante, Donna, Re, so Italian players read J Q K on French faces.
#   Italian faces (Napoletane, Piacentine): the numbers 1 to 10 their own
#     corners carry (Asso 1, Fante 8, Cavallo 9, Re 10), in every language;
#     the suit is its own sign (coins, cups, batons, swords), drawn by
#     tools/make_cards.py, not a French one.
_INDEX_NUMBERS = {r: r for r in "23456789"} | {"T": "10"}
INDEX_RANKS = {
    "french": {
        "en": _INDEX_NUMBERS | {"A": "A", "J": "J", "Q": "Q", "K": "K"},
        "de": _INDEX_NUMBERS | {"A": "A", "J": "B", "Q": "D", "K": "K"},
        "it": _INDEX_NUMBERS | {"A": "A", "J": "J", "Q": "Q", "K": "K"},
    },
    "italian": {lang: _INDEX_NUMBERS | {"A": "1", "J": "8", "Q": "9", "K": "10"} for lang in ("en", "de", "it")},
}
FRENCH_SUIT_SIGNS = {"S": "\u2660", "H": "\u2665", "D": "\u2666", "C": "\u2663"}


def _lang(lang) -> str:
    return lang if lang in FACE_DOWN else DEFAULT


def _kind(deck_name: str) -> str:
    """The style of the deck called ``deck_name`` (``cards.Deck.style``)."""
    deck = Deck.named(deck_name)
    return deck.style if deck is not None else "french"


def _split(code, deck_name: str) -> tuple[str, str]:
    if not isinstance(code, str) or len(code) != 2:
        raise ValueError(f"a card code is two characters, not {str(code)[:12]!r}")
    rank, suit = code[0].upper(), code[1].upper()
    ranks = RANK_LETTERS[_kind(deck_name)]
    if rank not in ranks or suit not in SUIT_CODES:
        raise ValueError(f"{code!r} is not a card of the {deck_name} deck")
    return rank, suit


def rank_name(lang: str, rank: str, deck_name: str = "french-52") -> str:
    """The word for a rank letter: ``rank_name("de", "Q")`` is ``"Dame"``."""
    lang, kind = _lang(lang), _kind(deck_name)
    r = "T" if rank == "10" else rank.upper()
    if r not in RANK_LETTERS[kind]:
        raise ValueError(f"{rank!r} is not a rank of the {deck_name} deck")
    return RANKS[kind][lang][r]


def suit_name(lang: str, suit: str, deck_name: str = "french-52") -> str:
    """The word for a suit letter: ``suit_name("it", "D", "italian-40")`` is ``"denari"``."""
    if not isinstance(suit, str) or suit.upper() not in SUIT_CODES or len(suit) != 1:
        raise ValueError(f"{suit!r} is not a suit (S, H, D or C)")
    return SUITS[_kind(deck_name)][_lang(lang)][suit.upper()]


def card_name(lang: str, code: str, deck_name: str = "french-52") -> str:
    """A card's spoken name; a face-down card (lower-case code) is not given away.

    ``deck_name`` is the engine's deck name (``french-52``, ``french-104``,
    ``italian-40``). A code that is no card of that deck raises ``ValueError``.
    """
    lang = _lang(lang)
    rank, suit = _split(code, deck_name)
    if code.islower():
        return FACE_DOWN[lang]
    kind = _kind(deck_name)
    text = PATTERNS[kind][lang].format(rank=RANKS[kind][lang][rank], suit=SUITS[kind][lang][suit])
    return text[0].upper() + text[1:]


def index_rank(lang: str, rank: str, faces: str = "french") -> str:
    """The rank as a card's short index shows it: ``index_rank("de", "Q")`` is
    ``"D"``; on Italian faces (``faces`` "napoletane" or "piacentine") the Re
    is ``"10"``. ``rank`` is a rank letter (``"T"`` or ``"10"`` for ten)."""
    r = "T" if rank == "10" else str(rank).upper()
    kind = "french" if faces == "french" else "italian"
    table = INDEX_RANKS[kind][_lang(lang)]
    if r not in table:
        raise ValueError(f"{rank!r} is not a rank")
    return table[r]


def relettered(lang: str) -> dict[str, str]:
    """The French ranks whose index letter in ``lang`` is not the artwork's
    own (German: ``{"J": "B", "Q": "D"}``); tools/make_cards.py draws them
    again with those corners, in ``static/cards/french-<lang>/``."""
    table = INDEX_RANKS["french"][_lang(lang)]
    return {r: table[r] for r in "AJQK" if table[r] != r}


def index_suit(suit: str, faces: str = "french") -> str:
    """The suit sign of a French face's short index; Italian faces draw theirs
    (``""``: the page shows the face set's own picture)."""
    if suit.upper() not in SUIT_CODES or len(suit) != 1:
        raise ValueError(f"{suit!r} is not a suit (S, H, D or C)")
    return FRENCH_SUIT_SIGNS[suit.upper()] if faces == "french" else ""
