"""The protocol every game implements; states are JSON-safe dicts the core copies before `apply`."""

from dataclasses import dataclass, field
from typing import Any, ClassVar

import orjson
from marshmallow import Schema

from engine.core.grouping import ActionGroup, group
from engine.core.rng import Rng
from engine.core.schema import NoOptions
from engine.core.words import check_language

State = dict[str, Any]
Action = dict[str, Any]
Event = dict[str, Any]
View = dict[str, Any]
Outcome = dict[str, Any]


@dataclass(frozen=True)
class Knowledge:
    """All a bot decides from: what its seat may know, never the state.

    `view` is the seat's view; `actions` its legal actions; `seen` (games whose bots plan on the rules) the seat's
    state (`Game.seat_state`): the state's shape with every hidden thing dealt in a fixed order and the pile's
    randomness replaced, so it carries no more than the view; `dates` (dated-card games, for the bots that model a
    player's knowledge of dates and say so) the key of each card the view shows face up.
    """

    seat: int
    view: View
    actions: list[Action]
    seen: State | None = None
    dates: dict[str, Any] = field(default_factory=dict)


class Bot:
    """A seat played by the server: picks one of the legal actions from what its seat may know."""

    name: ClassVar[str] = "bot"
    summary: ClassVar[str] = ""
    options_schema: ClassVar[type[Schema]] = NoOptions
    # Whether the bot reads `Knowledge.dates` (the hit-rate model of a player's knowledge; listed in its summary),
    # and whether it plans on the rules from `Knowledge.seen`.
    reads_dates: ClassVar[bool] = False
    plans: ClassVar[bool] = False

    def __init__(self, **options: Any) -> None:
        self.options = options

    def choose(self, game: "Game", state: State, seat: int, rng: Rng) -> Action:
        """The bot's action: the state stays here, the bot is handed only the seat's knowledge of it."""
        return self.decide(game, game.knowledge(state, seat, dates=self.reads_dates, plans=self.plans), rng)

    def decide(self, game: "Game", known: Knowledge, rng: Rng) -> Action:
        raise NotImplementedError


class RandomBot(Bot):
    """Pick uniformly among the legal actions."""

    name = "easy"
    summary = "Plays a uniformly random legal action: for learning the rules."

    def decide(self, game: "Game", known: Knowledge, rng: Rng) -> Action:
        return rng.choice(known.actions)


class Game:
    """Rules of one game. Seats are 0..players-1; an event with `to` is seen only by those seats."""

    name: ClassVar[str]
    title: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    options_schema: ClassVar[type[Schema]]
    # The bots by level, weakest first: `easy`, `medium`, `strong` in every game (engine.core.bots.LEVELS).
    bots: ClassVar[dict[str, type[Bot]]] = {"easy": RandomBot}
    # Older names of the levels, still accepted (seats stored with them keep playing).
    bot_aliases: ClassVar[dict[str, str]] = {"random": "easy"}
    # Whether the rules start with the youngest player (else a table with open seats draws who starts).
    youngest_starts: ClassVar[bool] = False
    # The single source of the game's shapes: actions are checked against these before `apply`, and the tests
    # hold every view, event and outcome to them; openapi.yaml is generated from them.
    action_schemas: ClassVar[tuple[type[Schema], ...]]
    event_schemas: ClassVar[tuple[type[Schema], ...]]
    view_schema: ClassVar[type[Schema]]
    outcome_schema: ClassVar[type[Schema]]

    def bot_level(self, name: str) -> str | None:
        """The level a bot's name stands for (an older name: the level it became), None if the game has none."""
        level = self.bot_aliases.get(name, name)
        return level if level in self.bots else None

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

    def seat_state(self, state: State, seat: int) -> State | None:
        """The state as `seat` may know it (for bots that plan on the rules), or None where bots need none: hidden
        cards dealt back in a fixed order, hidden choices undone, the randomness replaced. Two states that differ only
        in what the seat cannot see give equal seat states."""
        return None

    def card_dates(self, state: State, seat: int) -> dict[str, Any]:
        """The keys of the cards `seat` sees face up (the hit-rate bots' model of a player's knowledge of dates)."""
        return {}

    def knowledge(self, state: State, seat: int, dates: bool = False, plans: bool = False) -> Knowledge:
        """What a bot of `seat` is handed (`dates` only for bots that model a player's knowledge of dates)."""
        return Knowledge(
            seat=seat,
            view=self.view(state, seat),
            actions=self.legal_actions(state, seat),
            seen=self.seat_state(state, seat) if plans else None,
            dates=self.card_dates(state, seat) if dates else {},
        )

    def outcome(self, state: State) -> Outcome | None:
        """Return winners and standings once the game is over, else None."""
        raise NotImplementedError

    def deck_in_play(self, state: State) -> tuple[str, str] | None:
        """Return the deck (id, content hash) a game plays, which its caller passes to `playing` (None: no deck)."""
        return None

    def playing(self, deck: Any) -> "Game":
        """Return these rules for a game played with `deck` (from `deck_in_play`, or the deck a new game's options
        name); a game with no deck, or given None, is itself. Rules never find a deck they were not given, but the
        built-in ones."""
        return self

    def hidden_cards(self, state: State, seat: int | None) -> dict[str, set[str]]:
        """Map each card `seat` must not fully see to the fields its view may not carry (for tests)."""
        return {}

    def zones(self, state: State) -> dict[str, list[str]]:
        """Return every card by where it lies, so tests can prove no card appears or vanishes."""
        return {}

    def data(self, language: str = "en") -> dict[str, Any]:
        """Return public game data (maps, sheet layouts, decks) for `GET /v1/game-types/{type}`, with `language`
        and the `names` (kind -> id -> text in that language) of every id a view shows a person."""
        return {"language": check_language(language), "names": {}}
