"""Games: create one with its seats, list those waiting for players, read your view of one."""

import orjson
from flask import Response, url_for
from marshmallow import Schema, ValidationError, fields, validate, validates_schema

from api.http import current
from api.http.contract.blueprint import Blueprint
from api.http.contract.schemas import ActionsQuerySchema, GameViewSchema, SeatSchema
from api.http.limits import bot_games, rate_limits
from api.http.limits.rate_limits import limited
from api.tables import clocks, loading, seating
from api.tables.seat_views import game_view, seat_list
from engine.core.rng import MAX_SEED
from engine.core.schema import StrictBoolean
from engine.games import all_games

blp = Blueprint("games", __name__, url_prefix="/v1/games", description="Create, find and read games.")
ETAG = {
    "ETag": {
        "description": 'The game\'s version as an entity tag, e.g. "7": send it back in If-Match.',
        "schema": {"type": "string", "example": '"7"'},
    }
}
LOCATION = {"Location": {"description": "Where the new resource is.", "schema": {"type": "string"}}}


class SeatSpecSchema(Schema):
    """A person (name), a bot (bot, bot_options) or a seat left open for someone to join."""

    name = fields.String(validate=validate.Length(1, 40))
    age = fields.Integer(
        strict=True,
        validate=validate.Range(0, 150),
        metadata={
            "description": "Optional: this seat's age, for the games whose rules use it (who "
            "starts, a tie-break). An open seat's player gives their own."
        },
    )
    bot = fields.String(validate=validate.Length(1, 40))
    bot_options = fields.Dict(metadata={"description": 'e.g. {"hit_rate": 0.8}'})
    open = StrictBoolean(metadata={"description": "Leave the seat for somebody to join."})

    @validates_schema
    def one_kind(self, data, **kwargs):
        kinds = [bool(data.get("bot")), bool(data.get("open")), bool(data.get("name")) and not data.get("bot")]
        if sum(kinds) != 1:
            raise ValidationError("A seat is a person (name), a bot (bot) or open (open: true).")
        if data.get("open") and "age" in data:
            raise ValidationError("Whoever takes an open seat gives their own age then.", "age")


class ClockSpecSchema(Schema):
    """A turn clock: each seat that must act has `per_turn` seconds; then the server acts for it."""

    per_turn = fields.Integer(
        required=True,
        strict=True,
        validate=validate.Range(clocks.SHORTEST, clocks.LONGEST),
        metadata={"description": "Seconds a turn may take: 2 to 1,209,600 (14 days).", "example": 86400},
    )
    on_timeout = fields.String(
        load_default="bot",
        validate=validate.OneOf(["bot", "resign"]),
        metadata={
            "description": "When a turn runs out: `bot` (default), the game's simplest bot plays it; `resign`, the "
            "seat "
            "resigns."
        },
    )


class CreateGameSchema(Schema):
    type = fields.String(required=True, metadata={"example": "timeline"})
    seats = fields.List(fields.Nested(SeatSpecSchema), required=True, validate=validate.Length(1, 16))
    options = fields.Dict(load_default=dict, metadata={"description": "The game type's options (see game-types)."})
    seed = fields.Integer(
        strict=True,
        validate=validate.Range(0, MAX_SEED),
        metadata={"description": "For a reproducible game: 0 to 2^53-1, so that every client's JSON reads it exactly."},
    )
    clock = fields.Nested(
        ClockSpecSchema,
        metadata={
            "description": "A turn clock (none by default: turns may take as long as the game lives). A bad clock is "
            "422 `clock/invalid`."
        },
    )
    open_for = fields.Integer(
        strict=True,
        validate=validate.Range(clocks.SHORTEST, clocks.LONGEST),
        metadata={
            "description": "With open seats: seconds they may wait (2 to 14 days); a table not full by then is "
            "cancelled (`status: cancelled`)."
        },
    )

    @validates_schema
    def open_for_open_seats(self, data, **kwargs):
        if "open_for" in data and not any(seat.get("open") for seat in data.get("seats") or ()):
            raise ValidationError("`open_for` is for a table with open seats.", "open_for")


class TokenSchema(Schema):
    seat = fields.Integer(required=True)
    token = fields.String(required=True, metadata={"description": "Shown once: send as `Authorization: Bearer`."})


class CreatedGameSchema(Schema):
    game = fields.Nested(
        GameViewSchema,
        required=True,
        metadata={
            "description": "The game as its creator sees it: the view of the first seat that got a token (`you` names "
            "it), or a spectator's view when every seat is a bot or open (`you` is null)."
        },
    )
    tokens = fields.List(
        fields.Nested(TokenSchema),
        required=True,
        metadata={"description": "One token per seat named by a person, shown only here."},
    )


GAME_TYPES = [game.name for game in all_games()]


class LobbyQuerySchema(Schema):
    type = fields.String(validate=validate.OneOf(GAME_TYPES), metadata={"description": "Only games of this type."})
    status = fields.String(load_default="open", validate=validate.OneOf(["open"]))
    limit = fields.Integer(load_default=20, validate=validate.Range(1, 100))
    cursor = fields.Integer(load_default=0, validate=validate.Range(0, 1_000_000))


class OpenGameSchema(Schema):
    id = fields.String(required=True)
    type = fields.String(required=True, metadata={"enum": GAME_TYPES})
    players = fields.Integer(required=True)
    open_seats = fields.List(fields.Integer(), required=True)
    seats = fields.List(fields.Nested(SeatSchema), required=True)
    created_at = fields.String(required=True)


class LobbySchema(Schema):
    games = fields.List(fields.Nested(OpenGameSchema), required=True)
    next_cursor = fields.Integer(allow_none=True, required=True)
    partial_page = fields.Boolean(
        data_key="partial",
        required=True,
        metadata={
            "description": "True while part of the store does not answer (a Redis Cluster master failing over): "
            "the page lists the open games of the parts that answered, in the same order, and the cursor counts "
            "over those; read again in a few seconds for the whole lobby."
        },
    )


def game_response(body: dict, status: int = 200, **headers: str) -> Response:
    response = Response(orjson.dumps(body), status=status, mimetype="application/json", headers=headers)
    version = body["game"]["version"] if "game" in body else body["version"]
    response.set_etag(str(version))
    return response


CREATE_EXAMPLE = {
    "type": "timeline",
    "seats": [{"name": "Ann"}, {"bot": "hit-rate", "bot_options": {"hit_rate": 0.8}}, {"open": True}],
    "options": {"hand_size": 4, "language": "en"},
}


@blp.route("", methods=["POST"])
@limited("games")
@blp.arguments(CreateGameSchema, example=CREATE_EXAMPLE)
@blp.arguments(ActionsQuerySchema, location="query")
@blp.response(201, CreatedGameSchema, headers={**LOCATION, **ETAG})
@blp.problems(400, 415, 422, 429, 507)
def create_game(body, query):
    """Create a game: name every seat, or leave seats open for others to join.

    The answer's `game` is the creator's view: the first named seat's, with its `legal_actions` (else a spectator's).
    Bots play a few moves in this request; a game of bots only then plays on at the server's pace (follow its events).
    """
    bots_only = bot_games.admit(body["seats"])
    try:
        record, minted, _ = seating.create(current.services(), body, owner=rate_limits.client())
    except Exception:
        if bots_only:
            bot_games.refund()
        raise
    if bots_only:
        bot_games.started(record.id)
    location = url_for("games.get_game", game_id=record.id)
    creator = minted[0]["seat"] if minted else None
    grouped = query["actions"] == "grouped"
    return game_response({"game": game_view(record, creator, grouped), "tokens": minted}, 201, Location=location)


@blp.route("", methods=["GET"])
@blp.arguments(LobbyQuerySchema, location="query")
@blp.response(200, LobbySchema)
def list_games(query):
    """List games waiting for players, oldest first (public facts only).

    While part of a Redis Cluster fails over, the page lists the games of the parts that answer and says `partial`.
    """
    store, lobby = current.store(), current.lobby()
    ids, partial = lobby.read(query.get("type"), query["cursor"], query["limit"])
    records, unread = store.load_reachable(ids, "lobby")
    lobby.forget(query.get("type"), [i for i, r in zip(ids, records, strict=True) if r is None and i not in unread])
    games = []
    for record in records:
        if record is None or record.status != "open":
            continue
        seats = seat_list(record)
        games.append(
            {
                "id": record.id,
                "type": record.type,
                "players": record.players,
                "seats": seats,
                "open_seats": [s["seat"] for s in seats if s["open"]],
                "created_at": record.created_at,
            }
        )
    more = len(ids) == query["limit"]
    return {
        "games": games,
        "next_cursor": query["cursor"] + len(ids) if more else None,
        "partial_page": partial or bool(unread),
    }


@blp.route("/<string:game_id>", methods=["GET"])
@blp.arguments(ActionsQuerySchema, location="query")
@blp.response(
    200,
    GameViewSchema,
    headers=ETAG,
    description="The game as your seat sees it (`you`), or as a spectator without a token.",
)
@blp.problems(401, 403, 404, 410, 429, 507)
@blp.doc(security=[{}, {"seatToken": []}])
def get_game(query, game_id):
    """Read the game as your seat sees it (no token: as a spectator)."""
    record = loading.load(current.services(), game_id)
    seat = current.seat_of(game_id, record.seats)
    return game_response(game_view(record, seat, query["actions"] == "grouped"), Vary="Authorization")
