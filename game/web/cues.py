"""The engine's refusals, told in the player's language.

An ``IllegalMove`` or ``InvalidPosition`` carries a reason code and its
parameters (game/errors.py); the page looks ``error.text_key`` (``cue.*``,
``position.*``) up in ``texts.ui`` and fills it, naming cards and piles in
the player's language. A refusal without a code (or, by a slip, without a
text) is shown as the engine wrote it, so a refusal is never silent. Plain
Python; tests feed it real engine refusals.
"""

from __future__ import annotations

from .texts.cards import index_rank
from .texts.ui import UI, pile_name, t

CARD_PARAMS = ("card", "below")  # parameters that hold a card code
PILE_PARAMS = ("pile", "home")  # parameters that hold a pile id (t3, f1, stock)


def cue_key(error, lang: str = "en"):
    """(text key, params) of an engine refusal, or None if it has no text
    (every language has the same keys: tests/unit/test_web_texts.py)."""
    key = getattr(error, "text_key", None)
    if key is None or key not in UI[lang if lang in UI else "en"]:
        return None
    return key, dict(error.params)


def cue_text(lang: str, error, card_name=None) -> str:
    """The reason to show for ``error`` (a ``GameError``, or any text).
    ``card_name(code)`` names a card in the player's language."""
    found = cue_key(error, lang)
    if found is None:
        text = str(error).strip()
        return text[:1].upper() + text[1:] if text else t(lang, "error.illegal_move")
    key, params = found
    for name in CARD_PARAMS:
        if name in params and card_name is not None:
            params[name] = card_name(params[name])
    for name in PILE_PARAMS:
        if name in params:
            try:
                params[name] = pile_name(lang, params[name])
            except (ValueError, TypeError):
                pass  # not a pile id: shown as it is
    if "label" in params:  # a Royal Retinue pile, named as its label reads (B, D, K in German)
        try:
            params["label"] = index_rank(lang, params["label"])
        except ValueError:
            pass
    return t(lang, key, **params)
