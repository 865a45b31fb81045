"""Many games at once: each one's status and whose turn it is, and for each of the caller's tokens whether it is
that seat's turn, in one request (a client holding seats at ten tables asks once, not ten times)."""

from flask import request
from marshmallow import Schema, fields, validate

from api.http import current
from api.http.contract.blueprint import Blueprint
from api.http.contract.schemas import STATUSES, DeadlineSchema
from api.tables import turns

blp = Blueprint("game_status", __name__, url_prefix="/v1/games", description="Create, find and read games.")
MOST_GAMES = 50
MOST_TOKENS = 16  # a game's most seats


class AskedGameSchema(Schema):
    id = fields.String(required=True, validate=validate.Length(1, 40), metadata={"example": "3f9a0c1d2e4b5a67"})
    tokens = fields.List(
        fields.String(validate=validate.Length(1, 200)),
        load_default=list,
        validate=validate.Length(0, MOST_TOKENS),
        metadata={
            "description": f"Your seat tokens of this game (at most {MOST_TOKENS}), to learn whose turn is yours."
        },
    )


class StatusQuerySchema(Schema):
    games = fields.List(
        fields.Nested(AskedGameSchema),
        required=True,
        validate=validate.Length(1, MOST_GAMES, error=f"Name 1 to {MOST_GAMES} games in one call."),
        metadata={"description": f"1 to {MOST_GAMES} games; the same game may be named twice."},
    )


class ItemProblemSchema(Schema):
    """Why one game or token of the call could not be answered (the rest of the call is answered)."""

    code = fields.String(
        required=True,
        metadata={"enum": ["game/not_found", "auth/foreign_token", "auth/invalid_token", "auth/malformed"]},
    )
    detail = fields.String(required=True)


class TokenStatusSchema(Schema):
    seat = fields.Integer(required=True, allow_none=True, metadata={"description": "The token's seat; null: refused."})
    your_turn = fields.Boolean(
        required=True, allow_none=True, metadata={"description": "Whether that seat is in `to_act`; null: refused."}
    )
    problem = fields.Nested(
        ItemProblemSchema,
        required=True,
        allow_none=True,
        metadata={"description": "Why the token was refused: another game's, or no seat's of this game."},
    )


class GameStatusSchema(Schema):
    id = fields.String(required=True)
    problem = fields.Nested(
        ItemProblemSchema,
        required=True,
        allow_none=True,
        metadata={"description": "game/not_found for a game that does not exist (or expired); else null."},
    )
    type = fields.String(required=True, allow_none=True, metadata={"description": "The game type; null: not found."})
    version = fields.Integer(required=True, allow_none=True, metadata={"description": "The version (the ETag)."})
    status = fields.String(required=True, allow_none=True, metadata={"enum": [*STATUSES, None]})
    to_act = fields.List(fields.Integer(), required=True, metadata={"description": "The seats that must act now."})
    deadlines = fields.List(
        fields.Nested(DeadlineSchema),
        required=True,
        metadata={"description": "Each acting seat's deadline at a table with a turn clock."},
    )
    tokens = fields.List(
        fields.Nested(TokenStatusSchema),
        required=True,
        metadata={"description": "One answer per token sent, in the order sent."},
    )


class StatusesSchema(Schema):
    games = fields.List(
        fields.Nested(GameStatusSchema), required=True, metadata={"description": "One per game named, in order."}
    )


@blp.route("/status", methods=["POST"])
@blp.arguments(StatusQuerySchema, example={"games": [{"id": "3f9a0c1d2e4b5a67", "tokens": ["3f9a0c1d2e4b5a67.0.…"]}]})
@blp.response(200, StatusesSchema)
@blp.problems(400, 422)
def game_statuses(body):
    """Read many games' status and turns at once: for each game named, its version, whose turn it is and, for each
    of your tokens, whether it is that seat's turn. A game not found or a token refused is said so in its place."""
    asked = [(game["id"], game["tokens"]) for game in body["games"]]
    return {"games": turns.statuses(current.services(), asked)}


@blp.after_request
def _allow(response):
    # Werkzeug's automatic OPTIONS lists the methods of every rule the path matches, `/v1/games/<game_id>`'s too
    # ("status" reads as an id there); this resource takes only POST.
    if request.method == "OPTIONS":
        response.headers["Allow"] = "OPTIONS, POST"
    return response
