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


# FreeCell with two free cells taken and no empty column: runs of up to
# (2 + 1) x 2^0 = 3 cards move as one. t1 ends in the run 9S 8H 7C 6D; t3's
# 9C takes its last three, t2's TH would take all four: one card too many.
FREECELL_SUPERMOVE = {
    "game": "freecell",
    "piles": {
        **{f"f{i}": [r + s for r in RANKS[:5]] for i, s in enumerate("SHDC", 1)},
        "c1": ["KS"],
        "c2": ["KH"],
        "t1": ["QD", "JS", "9S", "8H", "7C", "6D"],
        "t2": ["KC", "6S", "TH"],
        "t3": ["QC", "7S", "9C"],
        "t4": ["8S", "TS", "JD"],
        "t5": ["QS", "6H", "7H"],
        "t6": ["9H", "JH", "QH"],
        "t7": ["7D", "8D", "9D", "TD"],
        "t8": ["KD", "6C", "8C", "TC", "JC"],
    },
}


def longest_columns(game_id: str) -> dict:
    """A position of ``game_id`` with the longest columns its play can make, at
    both edges of the table (issue 12's layout test).

    A column can grow only by building on its dealt cards: it keeps the cards
    dealt under its top card (face down where the deal puts them), the top
    dealt card is a King and a whole run is built on it down to the Ace,
    following the game's build rule. In Klondike the last column so holds
    6 face-down cards and 13 face-up ones (19). The other columns hold what
    the deal gave them (fewer where the cards run short), three cards lie on
    the waste (Solitario fans them), the rest is the stock. The classics:
    FreeCell's four cells are full; Spider's long columns hold nine cards of
    its deals under a run from King to 2 (26 and 25 cards), with one deal
    left; Yukon's last column is its dealt 11 under a whole run (23). Royal Retinue,
    which has no columns, gets the position after a long run of its chain,
    with placed cards fanned under many piles.
    """
    from collections import Counter

    from game import get_spec, new_game
    from game.spec import Stock

    spec = get_spec(game_id)
    if "stock" not in spec.pile_names:  # Royal Retinue: play its chain a long way
        for seed in range(1, 200):
            game = new_game(game_id, seed)
            for _ in range(30):
                (move,) = game.legal_moves()
                game.play(move)
                if game.status != "playing" or not game.legal_moves():
                    break
            if game.moves == 30 and game.status == "playing":
                return game.position.to_json()
        raise AssertionError("no Royal Retinue deal runs 30 moves")
    deck = spec.deck
    pool = Counter(deck.cards)

    def take(code: str) -> str:
        assert pool[code] > 0, code
        pool[code] -= 1
        return code

    def take_any(n: int) -> list[str]:
        out = []
        for code in sorted(pool):
            while pool[code] and len(out) < n:
                out.append(take(code))
        return out

    piles: dict[str, list[str]] = {}
    if spec.aces_on_foundations:
        aces = [c for c in deck.cards if deck.rank[c] == 1]
        for i, ace in enumerate(aces):
            piles[f"f{i + 1}"] = [take(ace)]
    top = deck.top_rank
    pairs = {"same-suit": ("SS", "HH"), "alternate": ("SH", "HS"), "other-suit": ("SH", "HS"), "any-suit": ("SS", "SS")}
    pairs = pairs[spec.build]
    last = spec.columns
    # Lucas: the Aces are home from the start; Spider: a run down to the Ace goes home.
    lowest = 2 if spec.aces_on_foundations or spec.runs_home else 1
    rows = spec.stock is Stock.ROW  # Spider: the stock's rows lie under the run, one card of each
    runs = {
        column: [take(deck.code((first, second)[k % 2], top - k)) for k in range(top - lowest + 1)]
        for column, (first, second) in zip((last, 1), pairs)
    }
    for column, run in runs.items():
        down, up = spec.deal[column - 1]
        dealt = up - 1 + (9 if rows else 0)
        piles[f"t{column}"] = [c.lower() for c in take_any(down)] + take_any(dealt) + run
    for i in range(spec.cells):  # FreeCell: every cell full
        piles[f"c{i + 1}"] = take_any(1)
    if not spec.has_stock:
        reserve = 0
    elif rows:
        reserve = spec.columns  # one deal left
    else:
        reserve = 3 + 6  # the waste's three and a few cards to draw
    for column in range(2, last):
        down, up = spec.deal[column - 1]
        room = sum(pool.values()) - reserve
        n = max(0, min(down + up, room))
        cards = take_any(n)
        # Face down as dealt, but never more than the deal puts there, and never the top card.
        shown = min(n, max(up, n - down))
        piles[f"t{column}"] = [c.lower() for c in cards[: n - shown]] + cards[n - shown :]
    if spec.has_stock and not rows:
        piles["waste"] = take_any(3)
    piles["stock"] = [c.lower() for c in take_any(sum(pool.values()))]
    return {"game": game_id, "piles": {k: v for k, v in piles.items() if v}}
