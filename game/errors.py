"""Every refusal the engine gives is a ``GameError`` with a readable message.

An illegal move (``IllegalMove``) and an impossible position
(``InvalidPosition``) are refused with a *reason code* and its parameters:
``error.reason`` (``"foundation_ace"``) and ``error.params``
(``{"card": "7S"}``). ``str(error)`` is the English of ``ENGLISH`` filled with
the parameters (what the command line and CONTRACT.md show); the page looks
``error.text_key`` (``"cue.foundation_ace"``) up in its own texts, in the
player's language. Other refusals (a damaged save or link, bad move text,
an unknown game) carry their English only, with ``reason`` None.
"""

from __future__ import annotations


class GameError(ValueError):
    """Bad input of any kind; the message is meant for a person."""

    ENGLISH: dict[str, str] = {}  # reason code -> English, with {param} fields
    TEXT_PREFIX = ""  # where the page's texts keep this kind of refusal
    reason: str | None = None
    params: dict = {}

    def __init__(self, message: str, /, **params):
        template = self.ENGLISH.get(message) if isinstance(message, str) else None
        if template is None:
            if self.ENGLISH:
                raise ValueError(f"{type(self).__name__} has no reason code {message!r} (errors.py)")
            super().__init__(message)
            return
        self.reason, self.params = message, params
        super().__init__(template.format(**params))

    def __reduce__(self):  # a copy or pickle keeps the code and its parameters
        if self.reason is None:
            return type(self), (str(self),)
        return _rebuild, (type(self), self.reason, self.params)

    @property
    def text_key(self) -> str | None:
        """The key of this refusal in the page's texts (None: only English)."""
        return f"{self.TEXT_PREFIX}.{self.reason}" if self.reason else None


class UnknownGame(GameError):
    pass


class BadMoveText(GameError):
    pass


class InvalidSave(GameError):
    pass


class InvalidSpec(GameError):
    """A game spec with a value the engine does not know (a mistake in the code, not in input)."""


class InvalidChallenge(GameError):
    """A duel link that is damaged, unknown, too big, or whose runs the rules refuse."""


class IllegalMove(GameError):
    """A move, step, undo or redo the rules refuse; the game is left as it was."""

    TEXT_PREFIX = "cue"
    ENGLISH = {
        # where cards may go (build.py)
        "no_pile": "there is no pile {pile} in {game}",
        "own_pile": "a card cannot move onto its own pile",
        "stock_by_draw": "cards leave the stock only by drawing (draw)",
        "no_stock_drop": "no card may be put on the stock",
        "no_waste_drop": "no card may be put on the waste",
        "foundation_stays": "in {game} cards on the foundations stay there",
        "foundation_to_column": "a card leaves a foundation only for a column",
        "empty_source": "{pile} is empty",
        "one_leaves_waste": "only one card at a time leaves the waste",
        "one_leaves_foundation": "only one card at a time leaves the foundation",
        "foundation_one": "cards go to a foundation one at a time",
        "one_card": "in {game} only one card moves at a time",
        "face_up_only": "{pile} has only {count} face-up cards",
        "not_a_run": "the top {count} cards of {pile} are not a run ({rule})",
        "foundation_ace": "only an Ace can start a foundation, not {card}",
        "foundation_suit": "{card} cannot go on {below}: foundations build up in suit",
        "empty_king_or_run": "an empty column takes only a King or a run headed by one, not {card}",
        "empty_king": "an empty column takes only a King, not {card}",
        "build_alternate": "{card} cannot go on {below}: columns build down in alternating colours",
        "build_same_suit": "{card} cannot go on {below}: columns build down in the same suit",
        "build_other_suit": "{card} cannot go on {below}: columns build down in any suit but the card's own",
        "build_down": "{card} cannot go on {below}: columns build down, one rank lower",
        "not_a_suit_run": "the top {count} cards of {pile} are not a run in one suit",
        "supermove": "{count} cards cannot move at once: {cells} free cells and {columns} empty columns"
        " carry at most {limit}",
        # free cells and whole runs (build.py)
        "cell_one": "a free cell holds only one card",
        "cell_full": "{pile} holds a card already",
        "cell_to_cell": "the card is in a free cell already",
        "foundation_whole_run": "only a whole run from King to Ace in one suit goes to a foundation",
        "foundation_full": "{pile} holds a run already",
        # the stock (build.py)
        "stock_empty": "the stock is empty; turn the waste over with redeal",
        "stock_used_up": "the stock is empty",
        "stock_not_empty": "the stock still has cards; the waste turns over only when it is empty",
        "waste_empty": "the waste is empty: there is nothing to turn over",
        "no_redeal": "{game} has no redeal",
        "redeals_used": "all {count} redeals of {game} are used",
        "not_a_move": "{move} is not a move of {game}",
        "deal_not_draw": "in {game} the stock deals a card onto every column: deal",
        "deal_empty_column": "the stock deals only when no column is empty ({piles} empty)",
        "deal_short": "the stock holds {count} cards, too few for {columns} columns",
        # Royal Retinue (retinue.py)
        "retinue_no_stock": "{game} has no stock: move the face-up card to the pile of its rank",
        "retinue_no_pile": "there is no pile {pile} in {game} (t1…{last})",
        "chain_ended": "the chain has ended: no card is left to move",
        "retinue_one": "only the one face-up card moves",
        "retinue_which": "the card to move is the face-up one on {pile}",
        "retinue_pile": "{card} belongs on the {label} pile ({home}), not on the {wrong} pile",
        # steps, undo, redo and the end (play.py)
        "time_backwards": "time runs forward: {at} s is before the last action at {clock} s",
        "stock_play_not_here": "in {game} the stock's top card cannot be played directly: draw it first",
        "not_one_step": "{step} is not one step: after its move, a step holds only cards going home",
        "game_over": "the game is over ({status})",
        "no_undo_game": "{game} has no undo",
        "undo_limit": "only the last {count} moves can be taken back",
        "nothing_to_undo": "there is no move to take back",
        "no_redo_game": "{game} has no redo",
        "nothing_to_redo": "there is no move to redo",
        "no_stall": "there is no stall to accept",
        "stall_final": "the stall is final already",
    }


class InvalidPosition(GameError):
    """A position that is impossible for its game; the message names the problem."""

    TEXT_PREFIX = "position"
    ENGLISH = {
        # reading the JSON (position.py)
        "not_object": "a position must be a JSON object with 'game' and 'piles'",
        "no_game": "the position does not say which game it is ('game' is missing)",
        "unknown_game": "unknown game {game}; the games are: {games}",
        "other_game": "the position is a {game} position, not {wanted}",
        "piles_not_object": "'piles' must be an object mapping pile names to lists of cards",
        "pile_unknown": "there is no pile {pile} in {game}; its piles are {piles}",
        "no_pile": "there is no pile '{pile}' in {game}",
        "pile_not_list": "{pile} must be a list of card codes",
        "not_a_card": "{pile}: {card} is not a card of the {deck} deck",
        "redeals_not_whole": "'redeals' must be a whole number ≥ 0",
        "turned_unknown": "'turned' names no pile of {game}: {pile}",
        # every game's cards (rules.py)
        "card_repeated_once": "{card} appears {count} times, but the {deck} deck holds it once",
        "card_repeated": "{card} appears {count} times, but the {deck} deck holds it {copies} times",
        "card_total": "{game} is played with {size} cards, not {total}",
        "card_total_missing": "{game} is played with {size} cards, not {total} (missing: {missing})",
        # tableau games (build.py)
        "turned_not_retinue": "'turned' belongs only to Royal Retinue positions",
        "stock_face_up": "stock: {card} is face up, but stock cards lie face down",
        "waste_face_down": "waste: {card} is face down, but waste cards lie face up",
        "foundation_face_down": "{pile}: {card} is face down on a foundation",
        "foundation_start": "{pile}: a foundation starts with an Ace, not {card}",
        "foundation_order": "{pile}: {card} cannot lie on {below} (up in suit)",
        "foundation_ace_kept": "{pile} is empty, but in {game} every foundation keeps its Ace",
        "down_on_up": "{pile}: the face-down {card} lies on a face-up card",
        "top_face_down": "{pile}: the top card {card} is face down, but an exposed card turns up at once",
        "down_none": "{pile} has {count} face-down cards, but {game} deals none face down there",
        "down_too_many": "{pile} has {count} face-down cards, but {game} deals only {dealt} face down there",
        "redeals_over": "{count} redeals used, but {game} allows {allowed}",
        "cell_one": "{pile} holds {count} cards, but a free cell holds one",
        "cell_face_down": "{pile}: {card} is face down, but free cells hold face-up cards",
        "no_waste": "{game} has no waste: its stock deals onto the columns",
        "foundation_whole_run": "{pile} holds {count} cards, but a foundation takes only whole runs",
        # what no deal can lead to (build.py)
        "talon_too_many": "stock and waste hold {count} cards, but {game} leaves {talon} there after the deal"
        " and no card ever goes back",
        "stock_too_many": "the stock holds {count} cards, but {game} leaves {stock} there after the deal"
        " and the waste has not been turned over yet",
        "column_not_a_build": "{pile}: {card} lies on {below}, but the face-up cards of a column always follow"
        " the build ({rule})",
        "column_not_a_build_dealt": "{pile}: {card} lies on {below}, but above the {dealt} cards dealt face up"
        " a column always follows the build ({rule})",
        # Royal Retinue (retinue.py)
        "retinue_down_apart": "{pile}: its face-down cards must lie together",
        "retinue_two_up": "{pile}: only one face-up card can lie on its face-down cards",
        "retinue_misplaced": "{pile}: {card} cannot be among the cards placed on the {label} pile",
        "turned_not_up": "'turned' names {pile}, but no face-up card lies on top of it",
        "two_waiting": "more than one face-up card waits to be moved ({piles})",
        "retinue_too_many_down": "{pile} has {count} face-down cards, but a pile is dealt {dealt} and never gets more",
        "retinue_chain": "{pile}: {turned} of its cards have turned up, but the chain turns up {expected} there"
        " (one for each card placed on it, and the first card of the starting pile)",
    }


def _rebuild(cls, reason: str, params: dict) -> GameError:
    return cls(reason, **params)
