"""The words of the browser app in English, German and Italian, as plain data.

No browser imports: CPython tests read these tables too.

    t(lang, key, **params)        UI strings (ui.py)
    pick_language(preferences)    "en", "de" or "it" from the browser's list
    card_name(lang, code, deck)   spoken card names (cards.py)
    game_name / game_description  the picker (games.py)
    game_rules(lang, game_id)     the in-app rules, with decided points marked (rules.py)
"""

from .cards import card_name, rank_name, suit_name
from .games import GAMES, game_description, game_name, game_text
from .rules import DECIDED, RULES, Item, Section, game_rules
from .ui import DEFAULT, LANGUAGES, UI, pick_language, pile_label, pile_name, t

__all__ = [
    "DECIDED",
    "DEFAULT",
    "GAMES",
    "LANGUAGES",
    "RULES",
    "UI",
    "Item",
    "Section",
    "card_name",
    "game_description",
    "game_name",
    "game_text",
    "pick_language",
    "game_rules",
    "pile_label",
    "pile_name",
    "rank_name",
    "suit_name",
    "t",
]
