"""The per-game half of the contract, generated from each game's own schemas so it cannot drift from the engine.

Every game registers its options, actions, events, view and outcome (engine/<game>/schemas.py); from them this
module writes, for each game `P`: `PAction` and `PEvent` (oneOf by `type`), `PGame` (a game answer whose
options, legal_actions, view and outcome are that game's), `PActionResult`, `PEvents`, `PReplay` and `CreatePGame`.
The shared names (`GameView`, `ActionResult`, `Events`, `Replay`, `CreateGame`) become oneOf those, keyed by the
game's `type`, and the action body is any game's action.
"""

import copy
from typing import Any

from apispec import APISpec
from marshmallow import RAISE, Schema

from engine.core.protocol import Game
from engine.core.schema import NoOptions, type_of
from engine.games import all_games

Spec = dict[str, Any]


def prefix(game: Game) -> str:
    return type(game).__name__


def ref(name: str) -> Spec:
    return {"$ref": f"#/components/schemas/{name}"}


NULL = {"type": "null"}


def nullable(name: str, description: str) -> Spec:
    """A reference or null, as OpenAPI 3.1 writes it: anyOf the schema and the null type, the schema first."""
    return {"anyOf": [ref(name), dict(NULL)], "description": description}


def union(members: dict[str, str], description: str) -> Spec:
    """A oneOf of named schemas, told apart by their `type`."""
    return {
        "description": description,
        "oneOf": [ref(name) for name in members.values()],
        "discriminator": {"propertyName": "type", "mapping": {key: ref(name)["$ref"] for key, name in members.items()}},
    }


def bot_option_schemas() -> dict[str, type[Schema]]:
    """Each bot options schema by its component name, with the bots (`game/bot`) that take it."""
    found: dict[str, type[Schema]] = {}
    for game in all_games():
        for bot in game.bots.values():
            if bot.options_schema is not NoOptions:
                found[bot.options_schema.__name__] = bot.options_schema
    return found


def register(spec: APISpec) -> None:
    """Register every game's schemas as components, before the document is written."""
    done: set[str] = set()
    for game in all_games():
        spec.components.schema(f"{prefix(game)}Options", schema=game.options_schema)
        for schema in (*game.action_schemas, game.view_schema, game.outcome_schema, *game.event_schemas):
            if schema.__name__ not in done:  # the core's resignation and table events are every game's
                spec.components.schema(schema.__name__, schema=schema)
                done.add(schema.__name__)
    for name, schema in bot_option_schemas().items():
        spec.components.schema(name, schema=schema)


def _strict(schemas: Spec, name: str, schema: type[Schema]) -> None:
    """Requests the engine refuses with unknown members say so (marshmallow refuses them by default)."""
    if schema.opts.unknown == RAISE:
        schemas[name]["additionalProperties"] = False


def _bots(game: Game) -> str:
    levels = "; ".join(f"{name}: {bot.summary}" for name, bot in game.bots.items())
    older = ", ".join(f"{old} ({level})" for old, level in sorted(game.bot_aliases.items()))
    return f"{levels} (weakest first; older names still accepted: {older})"


def add_games(document: Spec) -> None:
    """Write the per-game schemas and turn the shared ones into oneOfs keyed by the game's type."""
    schemas = document["components"]["schemas"]
    base = {
        name: copy.deepcopy(schemas[name])
        for name in ("GameView", "ActionResult", "Events", "Replay", "CreateGame", "LogEntry")
    }
    games = {game.name: game for game in all_games()}
    for game in games.values():
        p = prefix(game)
        _strict(schemas, f"{p}Options", game.options_schema)
        for schema in game.action_schemas:
            _strict(schemas, schema.__name__, schema)
        schemas[f"{p}Action"] = union(
            {type_of(s): s.__name__ for s in game.action_schemas}, f"An action of {game.title}, told apart by `type`."
        )
        schemas[f"{p}Event"] = union(
            {type_of(s): s.__name__ for s in game.event_schemas}, f"An event of {game.title}, told apart by `type`."
        )
        kind = {"type": "string", "enum": [game.name], "description": "The game type."}

        answer = copy.deepcopy(base["GameView"])
        answer["description"] = f"A {game.title} game as the seat named by `you` sees it (null: a spectator)."
        answer["properties"].update(
            {
                "type": kind,
                "options": ref(f"{p}Options"),
                "view": nullable(
                    game.view_schema.__name__,
                    "The table as your seat may see it; null while open seats "
                    "wait for players (the deal happens when the last seat is taken).",
                ),
                "outcome": nullable(game.outcome_schema.__name__, "Winners and standings once over, else null."),
            }
        )
        answer["properties"]["legal_actions"]["items"] = ref(f"{p}Action")
        schemas[f"{p}Game"] = answer

        result = copy.deepcopy(base["ActionResult"])
        result["properties"].update({"type": kind, "game": ref(f"{p}Game")})
        result["properties"]["events"]["items"] = ref(f"{p}Event")
        schemas[f"{p}ActionResult"] = result

        events = copy.deepcopy(base["Events"])
        events["properties"]["type"] = kind
        events["properties"]["events"]["items"] = ref(f"{p}Event")
        events["properties"]["game"] = {**ref(f"{p}Game"), "description": events["properties"]["game"]["description"]}
        schemas[f"{p}Events"] = events
        turn = {name: events["properties"][name] for name in ("version", "status", "to_act", "deadlines", "your_turn")}

        schemas[f"{p}StreamMessage"] = {
            "type": "object",
            "description": f"One message of a {game.title} game's event stream: a version's events, and whose turn "
            "it is at the game's `version` (the newest when the message was sent; past `v` while the stream catches "
            "up).",
            "properties": {
                "type": kind,
                "v": {"type": "integer", "minimum": 1, "description": "The version; also the message's `id`."},
                "events": {
                    "type": "array",
                    "items": ref(f"{p}Event"),
                    "description": "What that version's action caused that you may see, in order (maybe none).",
                },
                **turn,
                "game": {
                    **ref(f"{p}Game"),
                    "description": "With `view=true`, on the message whose `v` is the game's `version`: your view "
                    "of the game then, as `GET /v1/games/{id}` gives it.",
                },
            },
            "required": ["type", "v", "events", *turn],
            "additionalProperties": False,
        }

        entry = copy.deepcopy(base["LogEntry"])
        entry["properties"]["action"] = ref(f"{p}Action")
        schemas[f"{p}LogEntry"] = entry
        replay = copy.deepcopy(base["Replay"])
        replay["properties"].update(
            {"type": kind, "options": ref(f"{p}Options"), "outcome": ref(game.outcome_schema.__name__)}
        )
        replay["properties"]["log"]["items"] = ref(f"{p}LogEntry")
        schemas[f"{p}Replay"] = replay

        create = copy.deepcopy(base["CreateGame"])
        create["description"] = (
            f"Create a {game.title} game ({game.min_players}-{game.max_players} seats). Bots: {_bots(game)}"
        )
        create["properties"].update({"type": kind, "options": ref(f"{p}Options")})
        create["properties"]["seats"].update({"minItems": game.min_players, "maxItems": game.max_players})
        schemas[f"Create{p}Game"] = create

    def by_type(suffix: str, description: str, pattern: str = "{p}") -> Spec:
        return union({name: pattern.format(p=prefix(game)) + suffix for name, game in games.items()}, description)

    schemas["GameView"] = by_type(
        "Game",
        "A game as one seat (or a spectator) sees it; `type` says which game, "
        "so `options`, `legal_actions`, `view` and `outcome` are that game's.",
    )
    schemas["ActionResult"] = by_type(
        "ActionResult",
        "The game after your action and the bots' replies, with the events they caused that you may see.",
    )
    schemas["Events"] = by_type("Events", "Events after a version, filtered for the caller.")
    schemas["EventStreamMessage"] = by_type(
        "StreamMessage", "The `data` of one event stream message (`Accept: text/event-stream`), as JSON."
    )
    schemas["Replay"] = by_type("Replay", "A finished game's seed and action log.")
    schemas["CreateGame"] = by_type("Game", "A new game: its type, seats and options.", "Create{p}")
    schemas["Action"] = {
        "description": "One of the `legal_actions` of your view: an action of the game's type.",
        "anyOf": [ref(f"{prefix(game)}Action") for game in games.values()],
    }
    del schemas["LogEntry"]
    for name, schema in bot_option_schemas().items():
        _strict(schemas, name, schema)
    for game in games.values():
        schemas[f"{prefix(game)}SeatSpec"] = _seat_spec(schemas["SeatSpec"], game)
        schemas[f"Create{prefix(game)}Game"]["properties"]["seats"]["items"] = ref(f"{prefix(game)}SeatSpec")
    del schemas["SeatSpec"]


def _seat_spec(base: Spec, game: Game) -> Spec:
    """A seat of this game: its bots by name, and the options of the bot that takes some."""
    seat = copy.deepcopy(base)
    seat["description"] = f"A seat of {game.title}: a person (`name`), a bot (`bot`) or open (`open: true`)."
    names = [*game.bots, *sorted(game.bot_aliases)]
    seat["properties"]["bot"] = {"type": "string", "enum": names, "description": f"A bot: {_bots(game)}"}
    takers = {
        name: game.bots[game.bot_level(name) or name].options_schema.__name__
        for name in names
        if game.bots[game.bot_level(name) or name].options_schema is not NoOptions
    }
    options = seat["properties"].pop("bot_options")
    if takers:
        members = sorted(set(takers.values()))
        options.clear()
        options["description"] = (
            "The bot's options: "
            + "; ".join(f"{bot}: {name}" for bot, name in sorted(takers.items()))
            + ". Other bots take none."
        )
        if len(members) == 1:
            options["$ref"] = ref(members[0])["$ref"]
        else:
            options["anyOf"] = [ref(name) for name in members]
        seat["properties"]["bot_options"] = options
    return seat
