"""Every refusal the engine gives is a ``GameError`` with a readable message."""


class GameError(ValueError):
    """Bad input of any kind; the message is meant for a person."""


class UnknownGame(GameError):
    pass


class InvalidPosition(GameError):
    pass


class BadMoveText(GameError):
    pass


class IllegalMove(GameError):
    pass


class InvalidSave(GameError):
    pass


class InvalidSpec(GameError):
    """A game spec with a value the engine does not know (a mistake in the code, not in input)."""


class InvalidChallenge(GameError):
    """A duel link that is damaged, unknown, too big, or whose runs the rules refuse."""
