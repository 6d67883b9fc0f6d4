"""The engine's refusal reasons, told in the player's language.

The engine explains every refusal in English (``IllegalMove``); the page
shows the same reason from ``texts.ui`` (``cue.*``) in the chosen language.
A reason this table does not know is shown as the engine wrote it, so a new
refusal is never silent. Plain Python; tests feed it real engine refusals.
"""

from __future__ import annotations

import re

from .texts.cards import index_rank
from .texts.ui import t

# (pattern in the engine's message, text key, names of the groups passed on)
PATTERNS = (
    (r"only an Ace can start a foundation", "cue.foundation_ace"),
    (r"foundations build up in suit", "cue.foundation_suit"),
    (r"cards go to a foundation one at a time", "cue.foundation_one"),
    (r"only one card at a time leaves the (foundation|waste)", "cue.foundation_one"),
    (r"cards on the foundations stay there", "cue.foundation_stays"),
    (r"columns build down in alternating colours", "cue.build_alternate"),
    (r"columns build down in the same suit", "cue.build_same_suit"),
    (r"columns build down in any suit but the card's own", "cue.build_other_suit"),
    (r"an empty column takes only", "cue.empty_king"),
    (r"are not a run", "cue.not_a_run"),
    (r"only one card moves at a time", "cue.one_card"),
    (r"no card may be put on the waste", "cue.no_waste_drop"),
    (r"no card may be put on the stock", "cue.no_stock_drop"),
    (r"cards leave the stock only by drawing", "cue.no_stock_drop"),
    (r"the stock is empty; turn the waste over", "cue.stock_empty"),
    (r"has no redeal", "cue.no_redeal"),
    (r"^the stock is empty$", "cue.no_redeal"),
    (r"redeals of .* are used", "cue.redeals_used"),
    (r"has no undo", "cue.no_undo_game"),
    (r"only the last (?P<count>\d+) moves can be taken back", "cue.undo_limit"),
    (r"there is no move to take back", "cue.nothing_to_undo"),
    (r"there is no move to redo", "cue.nothing_to_redo"),
    (r"the game is over", "cue.game_over"),
)
_COMPILED = tuple((re.compile(p), key) for p, key in PATTERNS)
_RETINUE = re.compile(r"^(?P<card>\w\w) belongs on the (?P<label>\w+) pile")


def cue_key(message: str):
    """(text key, params) for an engine message, or None if it is not known."""
    m = _RETINUE.search(message)
    if m:
        return "cue.retinue_pile", {"card": m["card"], "label": m["label"]}
    for pattern, key in _COMPILED:
        m = pattern.search(message)
        if m:
            return key, m.groupdict()
    return None


def cue_text(lang: str, message: str, card_name=None) -> str:
    """The reason to show for ``message``. ``card_name(code)`` names a card."""
    found = cue_key(message)
    if found is None:
        text = message.strip()
        return text[:1].upper() + text[1:] if text else t(lang, "error.illegal_move")
    key, params = found
    if "card" in params and card_name is not None:
        params = dict(params, card=card_name(params["card"]))
    if "label" in params:  # a Royal Retinue pile, named as its label reads (B, D, K in German)
        try:
            params = dict(params, label=index_rank(lang, params["label"]))
        except ValueError:
            pass
    return t(lang, key, **params)
