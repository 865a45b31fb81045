"""Game types: which games there are, their player counts, options, bots and public data."""

import copy
from typing import Any

from flask import current_app
from marshmallow import Schema, fields, validate

from api.http.contract import game_contract
from api.http.contract.blueprint import Blueprint
from api.http.contract.data_shapes import shape_of
from api.problems import Problem
from engine.core.errors import UnknownGame
from engine.core.protocol import Game
from engine.core.words import LANGUAGES
from engine.games import all_games, get_game

blp = Blueprint("game-types", __name__, url_prefix="/v1/game-types", description="The games deskovka hosts.")


class BotSchema(Schema):
    name = fields.String(required=True)
    summary = fields.String(required=True)
    aliases = fields.List(
        fields.String(), required=True, metadata={"description": "Older names of this level, still accepted."}
    )


class GameTypeSchema(Schema):
    type = fields.String(required=True)
    title = fields.String(required=True)
    min_players = fields.Integer(required=True)
    max_players = fields.Integer(required=True)
    options = fields.Dict(required=True, metadata={"description": "JSON Schema of the game's options."})
    bots = fields.List(
        fields.Nested(BotSchema),
        required=True,
        metadata={"description": "The bots by level, weakest first: easy, medium, strong."},
    )


class GameTypeDetailSchema(GameTypeSchema):
    data = fields.Dict(required=True, metadata={"description": "Public game data: decks, maps, sheet layouts."})


class GameTypeListSchema(Schema):
    game_types = fields.List(fields.Nested(GameTypeSchema), required=True)


def describe(game: Game) -> dict[str, Any]:
    converter = current_app.extensions["deskovka.api"].ma_plugin.converter
    return {
        "type": game.name,
        "title": game.title,
        "min_players": game.min_players,
        "max_players": game.max_players,
        "options": converter.schema2jsonschema(game.options_schema()),
        "bots": [
            {
                "name": name,
                "summary": bot.summary,
                "aliases": sorted(old for old, level in game.bot_aliases.items() if level == name),
            }
            for name, bot in game.bots.items()
        ],
    }


def add_game_types(document: dict[str, Any]) -> None:
    """Write each game's `PGameTypeInfo` and `PGameTypeDetail`: its type, bots by name, and its options' JSON Schema
    and public data shaped exactly; `GameType` and `GameTypeDetail` become oneOfs of them keyed by `type`."""
    schemas = document["components"]["schemas"]
    listed, detailed = {}, {}
    for game in all_games():
        p = game_contract.prefix(game)
        bot = copy.deepcopy(schemas["Bot"])
        bot["properties"]["name"].update({"enum": list(game.bots), "description": "The name a seat's `bot` takes."})
        schemas[f"{p}Bot"] = bot
        described = describe(game)
        kind = {"type": "string", "enum": [game.name], "description": "The game type."}
        answer = copy.deepcopy(schemas["GameType"])
        answer["properties"].update(
            {
                "type": kind,
                "options": {
                    **shape_of(described["options"]),
                    "description": f"JSON Schema of the game's options (`{p}Options` in this contract).",
                },
                "bots": {"type": "array", "items": game_contract.ref(f"{p}Bot")},
            }
        )
        schemas[f"{p}GameTypeInfo"] = answer
        detail = copy.deepcopy(answer)
        detail["properties"]["data"] = {**shape_of(game.data()), "description": f"{game.title}'s public data."}
        detail["required"] = [*answer["required"], "data"]
        schemas[f"{p}GameTypeDetail"] = detail
        listed[game.name], detailed[game.name] = f"{p}GameTypeInfo", f"{p}GameTypeDetail"
    schemas["GameType"] = game_contract.union(listed, "A game deskovka hosts; `type` says which.")
    schemas["GameTypeDetail"] = game_contract.union(detailed, "A game deskovka hosts, with its public data.")
    del schemas["Bot"]


@blp.route("")
@blp.response(200, GameTypeListSchema)
def list_game_types():
    return {"game_types": [describe(game) for game in all_games()]}


class GameTypeQuerySchema(Schema):
    language = fields.String(
        load_default="en",
        validate=validate.OneOf(LANGUAGES),
        metadata={"description": "The language of the data's `names` (every id a view shows a person, as words)."},
    )


@blp.route("/<string:game_type>")
@blp.arguments(GameTypeQuerySchema, location="query")
@blp.response(200, GameTypeDetailSchema)
@blp.problems(404, 422)
def get_game_type(query, game_type: str):
    try:
        game = get_game(game_type)
    except UnknownGame as error:
        raise Problem("game-type/not_found", error.reason) from None
    return {**describe(game), "data": game.data(query["language"])}
