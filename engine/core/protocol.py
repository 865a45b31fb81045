"""The protocol every game implements; states are JSON-safe dicts the core copies before `apply`."""

from typing import Any, ClassVar

import orjson
from marshmallow import Schema

from engine.core.cards import CardFaces
from engine.core.grouping import ActionGroup, group
from engine.core.rng import Rng
from engine.core.schema import NoOptions

State = dict[str, Any]
Action = dict[str, Any]
Event = dict[str, Any]
View = dict[str, Any]
Outcome = dict[str, Any]


class Bot:
    """A seat played by the server: picks one of the legal actions."""

    name: ClassVar[str] = "bot"
    summary: ClassVar[str] = ""
    options_schema: ClassVar[type[Schema]] = NoOptions

    def __init__(self, **options: Any) -> None:
        self.options = options

    def choose(self, game: "Game", state: State, seat: int, rng: Rng) -> Action:
        raise NotImplementedError


class RandomBot(Bot):
    """Pick uniformly among the legal actions."""

    name = "random"
    summary = "Plays a uniformly random legal action."

    def choose(self, game: "Game", state: State, seat: int, rng: Rng) -> Action:
        return rng.choice(game.legal_actions(state, seat))


class Game:
    """Rules of one game. Seats are 0..players-1; an event with `to` is seen only by those seats."""

    name: ClassVar[str]
    title: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    options_schema: ClassVar[type[Schema]]
    bots: ClassVar[dict[str, type[Bot]]] = {"random": RandomBot}
    # Whether the rules start with the youngest player (else a table with open seats draws who starts).
    youngest_starts: ClassVar[bool] = False
    # The single source of the game's shapes: actions are checked against these before `apply`, and the tests
    # hold every view, event and outcome to them; openapi.yaml is generated from them.
    action_schemas: ClassVar[tuple[type[Schema], ...]]
    event_schemas: ClassVar[tuple[type[Schema], ...]]
    view_schema: ClassVar[type[Schema]]
    outcome_schema: ClassVar[type[Schema]]

    def setup(self, players: int, options: dict[str, Any], seed: int) -> State:
        """Return the starting state for validated options."""
        raise NotImplementedError

    def to_act(self, state: State) -> set[int]:
        """Return the seats that may act now (several during simultaneous steps; none once over)."""
        raise NotImplementedError

    def legal_actions(self, state: State, seat: int) -> list[Action]:
        """Enumerate every action `seat` may take now."""
        raise NotImplementedError

    def action_groups(self, state: State, seat: int) -> list[ActionGroup]:
        """The legal actions in groups for a person's client (engine.core.grouping): `expand` gives back the same
        actions as `legal_actions`, each once. This default folds runs that differ in one field and keeps the order;
        a game's own may gather actions that lie apart in the list (Ticket to Ride: the routes that pay alike)."""
        return group(self.legal_actions(state, seat))

    def copy_state(self, state: State) -> State:
        """Return a copy of the state that `apply` may change freely, sharing nothing mutable with the original."""
        copied: State = orjson.loads(orjson.dumps(state))
        return copied

    def apply(self, state: State, seat: int, action: Action) -> tuple[State, list[Event]]:
        """Apply an action to a private copy of the state.

        :raises MalformedAction, IllegalAction: with a reason a player can read.
        """
        raise NotImplementedError

    def resign(self, state: State, seat: int) -> list[Event]:
        """Go on without `seat`, which the core has just added to `state["resigned"]`; return what happened.

        Change the state in place (it is the core's private copy): end the game when the rules need more seats than
        are left, else take the seat out of the turns (skip them where the rules cannot do without it).
        """
        raise NotImplementedError

    def view(self, state: State, seat: int | None) -> View:
        """Return all that `seat` (None: a spectator) may see, nothing more."""
        raise NotImplementedError

    def outcome(self, state: State) -> Outcome | None:
        """Return winners and standings once the game is over, else None."""
        raise NotImplementedError

    def deck_in_play(self, state: State) -> tuple[str, str] | None:
        """Return the deck (id, content hash) a game plays, which must be known to the process before any call."""
        return None

    def event_table(self, state: State) -> dict[str, Any] | None:
        """Return the little of the state that `card_faces` needs (None: the events show no card faces)."""
        return None

    def card_faces(self, table: dict[str, Any]) -> CardFaces | None:
        """Return the faces this game's events show of its cards, for a table from `event_table`."""
        return None

    def hidden_cards(self, state: State, seat: int | None) -> dict[str, set[str]]:
        """Map each card `seat` must not fully see to the fields its view may not carry (for tests)."""
        return {}

    def zones(self, state: State) -> dict[str, list[str]]:
        """Return every card by where it lies, so tests can prove no card appears or vanishes."""
        return {}

    def data(self) -> dict[str, Any]:
        """Return public game data (maps, sheet layouts, decks) for `GET /v1/game-types/{type}`."""
        return {}
