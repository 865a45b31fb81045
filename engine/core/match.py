"""Bookkeeping around a game's pure `apply`: turn checks, the action log and the version counter."""

from dataclasses import dataclass, field
from typing import Any, NamedTuple

import orjson
from marshmallow import Schema, ValidationError

from engine.core import leaving
from engine.core.checker import Check, compile_schema, is_flat
from engine.core.errors import GameOver, InvalidOptions, InvalidPlayers, MalformedAction, NotYourTurn
from engine.core.protocol import Event, Game, State
from engine.core.schema import type_of


@dataclass(frozen=True)
class Match:
    """One game in play: what it was set up from, its version and its current state."""

    rules: Game
    players: int
    options: dict[str, Any]
    seed: int
    state: State
    version: int = 0
    log: tuple[dict[str, Any], ...] = field(default=())

    @property
    def game(self) -> str:
        return self.rules.name

    def to_act(self) -> set[int]:
        return set() if self.is_over() else self.rules.to_act(self.state)

    def is_over(self) -> bool:
        return self.rules.outcome(self.state) is not None

    def advanced(self, state: State, version: int, log: tuple[dict[str, Any], ...]) -> "Match":
        """Return this match at a later state (built without the frozen dataclass's per-field checks: a hot path)."""
        later = object.__new__(Match)
        later.__dict__.update(self.__dict__, state=state, version=version, log=log)
        return later


def _copy(state: State) -> State:
    return orjson.loads(orjson.dumps(state))


# One schema instance per game: building a marshmallow schema costs more than loading options with it.
_SCHEMAS: dict[str, Schema] = {}


def validate_options(game: Game, players: int, options: dict[str, Any] | None) -> dict[str, Any]:
    """Return the game's options with defaults filled in.

    :raises InvalidPlayers, InvalidOptions:
    """
    if not game.min_players <= players <= game.max_players:
        raise InvalidPlayers(
            f"{game.title} takes {game.min_players}-{game.max_players} players, not {players}.",
            min=game.min_players,
            max=game.max_players,
        )
    try:
        schema = _SCHEMAS.get(game.name)
        if schema is None:
            schema = _SCHEMAS[game.name] = game.options_schema()
        loaded = schema.load(options or {})
    except ValidationError as error:
        raise InvalidOptions("The game options are not valid.", errors=error.messages) from None
    if loaded.get("first", 0) >= players:
        raise InvalidOptions(f"`first` must be a seat, 0-{players - 1}.", errors={"first": ["Not a seat."]})
    return orjson.loads(orjson.dumps(loaded))


def new_match(game: Game, players: int, options: dict[str, Any] | None, seed: int) -> Match:
    """Set up a game; options are validated by the game's own schema."""
    valid = validate_options(game, players, options)
    state = game.setup(players, valid, seed)
    return Match(rules=game, players=players, options=valid, seed=seed, state=state)


def play(match: Match, seat: int, action: Any, by: str | None = None) -> tuple[Match, list[Event]]:
    """Apply one seat's action and return the next match and the events it caused.

    `by` marks the log entry of a move the seat's player did not make (`clock`), so the replay still re-runs it.
    A resignation (`{"type": "resign"}`) may come from any seat still in a running game, on its turn or not.

    :raises GameOver, NotYourTurn, MalformedAction, IllegalAction, SeatResigned:
    """
    game = match.rules
    if leaving.is_resign(action):
        state, events = leaving.resign(game, match.state, match.players, seat, by or "player")
        return _advance(match, state, seat, action, events, by)
    if game.outcome(match.state) is not None:
        raise GameOver("The game is over.")
    to_act = game.to_act(match.state)
    if seat not in to_act:
        raise NotYourTurn(f"Seat {seat} may not act now.", to_act=sorted(to_act))
    flat = check_action(game, action)
    state, events = game.apply(game.copy_state(match.state), seat, dict(action) if flat else _copy(action))
    return _advance(match, state, seat, action, events, by)


def _advance(
    match: Match, state: State, seat: int, action: Any, events: list[Event], by: str | None
) -> tuple[Match, list[Event]]:
    version = match.version + 1
    entry = {"v": version, "seat": seat, "action": action}
    if by is not None:
        entry["by"] = by
    stamped = [{"v": version, **event} for event in events]
    return match.advanced(state, version, (*match.log, entry)), stamped


def check_action(game: Game, action: Any) -> bool:
    """Hold an action to the game's schema for its `type`; return whether all its values are plain (str, int, ...).

    :raises MalformedAction: naming every field that is missing, unknown or of the wrong type.
    """
    checkers = _action_checkers(game)
    kind = action.get("type") if type(action) is dict else None
    found = checkers.get(kind) if type(kind) is str else None
    if found is not None and found.accepts is not None and found.accepts(action):
        return found.flat
    if not isinstance(action, dict) or not isinstance(action.get("type"), str):
        raise MalformedAction("An action is an object with a string `type`.")
    if found is None:
        raise MalformedAction(
            f"{game.title} has no action {action['type']!r}; its actions are {', '.join(sorted(checkers))}.",
            errors={"type": ["Unknown action type."]},
        )
    errors = found.schema.validate(action)
    if errors:
        said = "; ".join(
            f"{name}: {' '.join(map(str, why)) if isinstance(why, list) else why}" for name, why in errors.items()
        )
        raise MalformedAction(f"The {action['type']!r} action is malformed ({said}).", errors=errors)
    return False


class _Checker(NamedTuple):
    schema: Schema
    accepts: Check | None  # None: marshmallow checks every action of this type
    flat: bool  # the schema takes only plain values, so a shallow copy of an accepted action is a private one


# By game name, as the options' schemas: a game bound to a deck is a new object each time, with the same schemas.
_CHECKERS: dict[str, dict[str, _Checker]] = {}


def _action_checkers(game: Game) -> dict[str, _Checker]:
    checkers = _CHECKERS.get(game.name)
    if checkers is None:
        checkers = _CHECKERS[game.name] = {}
        for schema_class in game.action_schemas:
            schema = schema_class()
            checkers[type_of(schema_class)] = _Checker(schema, compile_schema(schema), is_flat(schema))
    return checkers


def replay(game: Game, players: int, options: dict[str, Any], seed: int, log: list[dict[str, Any]]) -> Match:
    """Re-run a game from its seed and action log."""
    match = new_match(game, players, options, seed)
    for entry in log:
        match, _ = play(match, entry["seat"], entry["action"], entry.get("by"))
    return match


def visible_to(event: Event, seat: int | None) -> bool:
    """Whether `seat` (None: a spectator) may see this event."""
    to = event.get("to")
    return to is None or (seat is not None and seat in to)


def public_event(event: Event) -> Event:
    return {key: value for key, value in event.items() if key != "to"}
