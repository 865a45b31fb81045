"""One error hierarchy with stable codes; the API maps each code to an HTTP problem response."""


class EngineError(Exception):
    """A rule refused something; `code` is stable, `reason` is for people."""

    code = "engine/error"
    # The game type whose rules refused a move, set where the move is played, so its details can say the game's ids
    # (cities, routes, colours, places) in a person's language.
    game: str | None = None

    def __init__(self, reason: str, **details: object) -> None:
        super().__init__(reason)
        self.reason = reason
        self.details = details


class MalformedAction(EngineError):
    code = "action/malformed"


class IllegalAction(EngineError):
    code = "action/illegal"


class NotYourTurn(EngineError):
    code = "action/not_your_turn"


class GameOver(EngineError):
    code = "game/over"


class SeatResigned(EngineError):
    """The seat has left the game already."""

    code = "seat/resigned"


class InvalidOptions(EngineError):
    code = "options/invalid"


class InvalidPlayers(EngineError):
    code = "players/invalid"


class UnknownGame(EngineError):
    code = "game/unknown_type"


class UnknownBot(EngineError):
    code = "bot/unknown"


class UnknownDeck(EngineError):
    code = "deck/unknown"


class DeckGone(EngineError):
    """A running game's deck (by id and content hash) is no longer to be had."""

    code = "deck/gone"


ALL_ERRORS: tuple[type[EngineError], ...] = (
    MalformedAction,
    IllegalAction,
    NotYourTurn,
    GameOver,
    SeatResigned,
    InvalidOptions,
    InvalidPlayers,
    UnknownGame,
    UnknownBot,
    UnknownDeck,
    DeckGone,
)
