"""Hand-made positions shared by the unit and end-to-end tests."""

RANKS = "A23456789TJQK"

# Solitaire Reloaded three moves from the end: the queen and king of spades
# and the king of hearts go home from t1-t3.
NEAR_WON = {
    "game": "reloaded",
    "piles": {
        "f1": [r + "S" for r in RANKS[:11]],
        "f2": [r + "H" for r in RANKS[:12]],
        "f3": [r + "D" for r in RANKS],
        "f4": [r + "C" for r in RANKS],
        "t1": ["QS"],
        "t2": ["KH"],
        "t3": ["KS"],
    },
}
