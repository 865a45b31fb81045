"""Leaving and ending tables: resign a seat, cancel a table that has not started, play the next game."""

from marshmallow import Schema, fields

from api.http import current
from api.http.contract.blueprint import Blueprint
from api.http.contract.schemas import ActionResultSchema, ActionsQuerySchema, GameViewSchema
from api.http.limits.rate_limits import limited
from api.http.resources.actions import ActionHeadersSchema, answer_move
from api.http.resources.games import ETAG, game_response
from api.problems import Problem
from api.tables import loading, rematch, runner, seating, tokens
from api.tables.seat_views import game_view

blp = Blueprint("leaving", __name__, url_prefix="/v1/games", description="Resign, cancel, rematch.")


class RematchSchema(Schema):
    seat = fields.Integer(required=True, metadata={"description": "Your seat in the new game (the same as before)."})
    token = fields.String(
        required=True,
        metadata={
            "description": "Your seat's token for the new game: `Authorization: Bearer`. Every call with your old "
            "seat's token gives the same one."
        },
    )
    game = fields.Nested(GameViewSchema, required=True, metadata={"description": "The new game as your seat sees it."})


@blp.route("/<string:game_id>/resign", methods=["POST"])
@blp.arguments(ActionsQuerySchema, location="query")
@blp.documented(ActionHeadersSchema, location="headers")
@blp.response(200, ActionResultSchema, headers=ETAG)
@blp.problems(401, 403, 404, 409, 410, 412, 422, 429, 507)
@blp.doc(security=[{"seatToken": []}])
def resign(query, game_id):
    """Leave the game as your seat, on your turn or not: the game goes on without you by its own rules (two players:
    the other wins). A second resignation of the seat is 409 `seat/resigned`; the same as the action
    `{"type": "resign"}`."""
    return answer_move(game_id, {"type": "resign"}, query["actions"] == "grouped")


@blp.route("/<string:game_id>", methods=["DELETE"])
@blp.arguments(ActionsQuerySchema, location="query")
@blp.response(200, GameViewSchema, headers=ETAG, description="The table, now `cancelled`.")
@blp.problems(401, 403, 404, 409, 410, 429, 507)
@blp.doc(security=[{"seatToken": []}])
def cancel_game(query, game_id):
    """Cancel a table that has not started (seats still open), with its creator's token (the first named seat)."""
    services, token = current.services(), current.bearer()
    for _ in range(runner.ATTEMPTS):
        record = loading.load(services, game_id)
        seat = tokens.seat_of(game_id, record.seats, token)
        if seat is None:
            raise Problem("auth/required", "Cancelling needs the creator's token: `Authorization: Bearer`.")
        if seat != record.creator:
            raise Problem("auth/not_creator", "Only the table's creator (its first named seat) may cancel it.")
        loading.refuse_cancelled(record)
        if record.status != "open":
            raise Problem("game/started", "The game has started: it cannot be cancelled (resign instead).")
        cancelled = seating.cancel(services, record, "creator")
        if cancelled is not None:
            return game_response(game_view(cancelled, seat, query["actions"] == "grouped"))
    raise runner.busy()


@blp.route("/<string:game_id>/rematch", methods=["POST"])
@limited("games")
@blp.arguments(ActionsQuerySchema, location="query")
@blp.response(201, RematchSchema, headers=ETAG)
@blp.problems(401, 403, 404, 409, 410, 429, 507)
@blp.doc(security=[{"seatToken": []}])
def post_rematch(query, game_id):
    """Play again once the game is over: the first call creates the next game (same seats, bots, options and clock,
    the next seat starting); each call with a seat's token returns that seat's token for it."""
    new, seat, token = rematch.rematch(current.services(), game_id, current.bearer())
    return game_response(
        {"seat": seat, "token": token, "game": game_view(new, seat, query["actions"] == "grouped")}, 201
    )
