"""The words of the browser app in English, German and Italian, as plain data.

No browser imports: CPython tests read these tables too.

    t(lang, key, **params)        UI strings (ui.py)
    pick_language(preferences)    "en", "de" or "it" from the browser's list
    card_name(lang, code, deck)   spoken card names (cards.py)
    game_name / game_description  the picker (games.py)
    game_rules(lang, game_id)     the in-app rules, with decided points marked (rules/, from the spec)

Only what is used is loaded. The page imports the player's language alone
(the others when the player switches), and the rules (rules/: the builder, then the
player's language) when the Rules dialog first opens: importing this package imports
neither.

One module per table and language. A table of words for ``t`` is a module
``<table>_<lang>.py`` per language, each holding one dict::

    # texts/daily_de.py
    WORDS = {
        "daily.title": "Spiel des Tages",
    }

and its name in ``TABLES`` (texts/ui.py); ``UI[lang]`` merges the tables in
that order the first time ``lang`` is asked for. A table written as
``DAILY = {"en": {...}, "de": {...}, "it": {...}}`` is split into that shape,
comments kept, by ``python -m tools.split_texts game/web/texts/daily.py DAILY``
(then delete daily.py, add "daily" to ``TABLES``, and run
``python -m tools.pyscript_files --write``).
"""

from .cards import card_name, rank_name, suit_name
from .games import GAMES, game_description, game_name, game_text
from .ui import DEFAULT, LANGUAGES, UI, pick_language, pile_label, pile_name, t

RULES_NAMES = ("DECIDED", "RULES", "Item", "Section", "game_rules")


def __getattr__(name: str):
    """The rules' builder, imported when first asked for (its words load by language)."""
    if name in RULES_NAMES:
        from . import rules

        return getattr(rules, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


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
