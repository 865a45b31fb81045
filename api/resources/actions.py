"""Actions: one move by the caller's seat, a compare-and-set on the game's version."""

import hashlib

import orjson
from marshmallow import INCLUDE, Schema, fields, validate

from api import auth, connections, moves
from api.blueprint import Blueprint
from api.input_bounds import header_number
from api.problems import Problem
from api.resources.games import PROBLEM, game_response
from api.schemas import ActionResultSchema

blp = Blueprint("actions", __name__, url_prefix="/v1/games", description="Play.")


class ActionSchema(Schema):
    """One of the `legal_actions` of your view, e.g. {"type": "place", "card": "moon-landing", "gap": 2}."""

    class Meta:
        unknown = INCLUDE

    type = fields.String(required=True, validate=validate.Length(1, 40))


class ActionHeadersSchema(Schema):
    class Meta:
        unknown = "exclude"

    if_match = fields.String(
        data_key="If-Match",
        metadata={"description": 'The version you saw (its ETag, e.g. "7"); a stale one gets 412. Without it, an '
                                 "action that loses a race is checked again against the newest state, which suits "
                                 "simultaneous steps (several seats in to_act)."},
    )
    idempotency_key = fields.String(
        data_key="Idempotency-Key",
        validate=validate.Length(1, 200),
        metadata={"description": "Repeat a request with the same key to get the first answer again."},
    )


def parse_if_match(value: str | None) -> int | None:
    """Return the version an If-Match names (None for none or `*`).

    :raises Problem: 412, since an ETag that is not a version can never match.
    """
    if value is None or value.strip() == "*":
        return None
    version = header_number(value.strip().removeprefix("W/").strip('"'))
    if version is None:
        raise Problem(412, "game/version_mismatch", f"If-Match {value[:40]!r} names no version of this game.")
    return version


@blp.route("/<string:game_id>/actions", methods=["POST"])
@blp.arguments(ActionHeadersSchema, location="headers")
@blp.arguments(ActionSchema, example={"type": "place", "card": "moon-landing", "gap": 2})
@blp.response(200, ActionResultSchema, headers={"ETag": {"schema": {"type": "string"}}})
@blp.alt_response(401, **PROBLEM)
@blp.alt_response(403, **PROBLEM)
@blp.alt_response(404, **PROBLEM)
@blp.alt_response(409, **PROBLEM)
@blp.alt_response(412, **PROBLEM)
@blp.alt_response(422, **PROBLEM)
@blp.doc(security=[{"seatToken": []}])
def post_action(headers, action, game_id):
    """Play one action as your seat; bots reply before the answer returns."""
    record = moves.load(connections.store(), game_id)
    seat = auth.seat_of(game_id, record.seats, auth.bearer())
    if seat is None:
        raise Problem(401, "auth/required", "Acting needs your seat's token: `Authorization: Bearer <token>`.")
    fingerprint = hashlib.sha256(orjson.dumps(action, option=orjson.OPT_SORT_KEYS)).hexdigest()
    answer = moves.act(connections.store(), game_id, seat, action, parse_if_match(headers.get("if_match")),
                       headers.get("idempotency_key"), fingerprint)
    return game_response(answer["body"], answer["status"])
