"""Game types: which games there are, their player counts, options, bots and public data."""

from typing import Any

from flask import current_app
from marshmallow import Schema, fields

from api.http.blueprint import Blueprint
from api.http.schemas import ProblemSchema
from api.problems import Problem
from engine.core.errors import UnknownGame
from engine.core.protocol import Game
from engine.games import all_games, get_game

blp = Blueprint("game-types", __name__, url_prefix="/v1/game-types", description="The games deskovka hosts.")


class BotSchema(Schema):
    name = fields.String(required=True)
    summary = fields.String(required=True)


class GameTypeSchema(Schema):
    type = fields.String(required=True)
    title = fields.String(required=True)
    min_players = fields.Integer(required=True)
    max_players = fields.Integer(required=True)
    options = fields.Dict(required=True, metadata={"description": "JSON Schema of the game's options."})
    bots = fields.List(fields.Nested(BotSchema), required=True)


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
        "bots": [{"name": name, "summary": bot.summary} for name, bot in sorted(game.bots.items())],
    }


@blp.route("")
@blp.response(200, GameTypeListSchema)
def list_game_types():
    return {"game_types": [describe(game) for game in all_games()]}


@blp.route("/<string:game_type>")
@blp.response(200, GameTypeDetailSchema)
@blp.alt_response(404, schema=ProblemSchema, content_type="application/problem+json")
def get_game_type(game_type: str):
    try:
        game = get_game(game_type)
    except UnknownGame as error:
        raise Problem(404, "game-type/not_found", error.reason) from None
    return {**describe(game), "data": game.data()}
