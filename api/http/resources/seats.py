"""Seats: take an open seat of a game and get its token."""

from marshmallow import Schema, fields, validate

from api.http import current
from api.http.contract.blueprint import Blueprint
from api.http.contract.schemas import ActionsQuerySchema, GameViewSchema
from api.http.limits.rate_limits import limited
from api.http.resources.games import ETAG, game_response
from api.tables import seating
from api.tables.seat_views import game_view

blp = Blueprint("seats", __name__, url_prefix="/v1/games", description="Join games.")


class JoinSchema(Schema):
    name = fields.String(required=True, validate=validate.Length(1, 40))
    age = fields.Integer(
        strict=True,
        validate=validate.Range(0, 150),
        metadata={"description": "Optional: your own age, for the games whose rules use it (who starts, a tie-break)."},
    )


class JoinedSchema(Schema):
    seat = fields.Integer(required=True)
    token = fields.String(required=True, metadata={"description": "Shown once: send as `Authorization: Bearer`."})
    game = fields.Nested(
        GameViewSchema,
        required=True,
        metadata={"description": "The game as the seat you took sees it (`you` is that seat)."},
    )


@blp.route("/<string:game_id>/seats/<int:seat>", methods=["POST"])
# A join fills a game that exists, as a move does (no room needed); it counts for the table (its invitation: people
# behind one address each join their own friends' tables) and, with a higher ceiling, for the address.
@limited("address_joins", needs_room=False, each=("joins", "game_id"))
@blp.arguments(JoinSchema)
@blp.arguments(ActionsQuerySchema, location="query")
@blp.response(201, JoinedSchema, headers=ETAG)
@blp.problems(400, 404, 410, 409, 415, 422, 429, 507)
def join_seat(body, query, game_id, seat):
    """Take an open seat; the last seat taken deals the game (its seed, your ages, who starts) and starts it."""
    record, token = seating.join(current.services(), game_id, seat, body["name"], body.get("age"))
    grouped = query["actions"] == "grouped"
    return game_response({"seat": seat, "token": token, "game": game_view(record, seat, grouped)}, 201)
