"""The ``looks`` words in English; texts/ui.py loads them with the language."""

WORDS = {
    # --- the toolbar's sound toggle ------------------------------------------------
    "sound.tool": "Sound",
    "sound.tool_short": "Sound",
    "sound.on_state": "Sound on",
    "sound.off_state": "Sound off",
    # --- settings: sound -------------------------------------------------------------
    "settings.sound": "Sound",
    "settings.sound_on": "Play sounds",
    "settings.volume": "Volume",
    "settings.sound_hint": "Sounds start after your first tap or key; with reduced motion the shuffle and the win are short.",
    # --- settings: the look -------------------------------------------------------------
    "settings.theme": "Light or dark",
    "settings.theme_auto": "Like the system",
    "settings.theme_light": "Light",
    "settings.theme_dark": "Dark",
    "settings.table": "Table colour",
    "settings.table_green": "Green felt",
    "settings.table_blue": "Blue",
    "settings.table_burgundy": "Burgundy",
    "settings.table_charcoal": "Charcoal",
    "settings.back_black": "Black and gold",
    # --- settings: the table -------------------------------------------------------------
    "settings.card_size": "Card size",
    "settings.card_size_small": "Small",
    "settings.card_size_medium": "Medium",
    "settings.card_size_large": "Large",
    "settings.card_size_hint": "Cards always fit the window; Large grows them most where the window is wide.",
    "settings.hand": "Left-handed",
    "settings.hand_left": "Stock on the right, foundations on the left",
}
