"""The ``flow`` words in English; texts/ui.py loads them with the language."""

WORDS = {
    # --- settings ---------------------------------------------------------------
    "settings.auto_home": "Move cards home automatically",
    "settings.auto_home_off": "Off",
    "settings.auto_home_safe": "When safe",
    "settings.auto_home_always": "Always",
    "settings.auto_home_hint": "“When safe” sends a card home only where it can never be needed on the table.",
    "settings.one_tap": "One tap moves a card",
    "settings.one_tap_on": "On",
    "settings.one_tap_off": "Off (tap a card, then where it goes)",
    # --- hints ------------------------------------------------------------------
    "hint.line": "{reason}: {move}",
    "hint.reason.winning": "Winning move",
    "hint.reason.only_move": "Only move",
    "hint.reason.safe_home": "Safe to send home",
    "hint.reason.reveals": "Turn over a card",
    "hint.reason.empties_column": "Empty a column",
    "hint.reason.frees_card": "Free a card",
    "hint.reason.waste_to_column": "Play the waste card",
    "hint.reason.stock_to_column": "Play the stock card",
    "hint.reason.home": "Send a card home",
    "hint.reason.builds": "Build in sequence",
    "hint.reason.draw": "Nothing better on the table",
    "hint.reason.redeal": "Nothing better on the table",
    "hint.none": "No moves left",
    "hint.no_gain": "No move here gets you further",
    "hint.from_stock": "{card} from the stock to {pile}",
    # --- one tap ------------------------------------------------------------------
    "tap.nowhere": "{card} has nowhere to go.",
    # --- the win --------------------------------------------------------------------
    "win.score": "Score",
    "win.time": "Time",
    "win.moves": "Moves",
    "win.best_score": "New best score!",
    "win.fastest": "Your fastest win!",
    "win.streak": "{count} wins in a row",
    "win.first": "Your first win at this game!",
    "win.practice": "A practice position: this game is not counted in the statistics.",
    "win.skip": "Tap or press a key to skip",
}
