"""Actions: one move by the caller's seat, a compare-and-set on the game's version."""

import hashlib
from typing import Any

import orjson
from flask import Response, request
from marshmallow import INCLUDE, Schema, fields, validate
from webargs.flaskparser import is_json_request

from api.http import auth, moves
from api.http.blueprint import Blueprint
from api.http.input_bounds import parsed_body
from api.http.resources.games import ETAG, PROBLEM
from api.http.schemas import ActionResultSchema
from api.problems import Problem
from api.storage import connections

blp = Blueprint("actions", __name__, url_prefix="/v1/games", description="Play.")
# The WSGI environ key under which an error met on the move path (`api.http.move_path`) reaches the view.
MET_ON_THE_MOVE_PATH = "deskovka.move_path.raised"


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
        metadata={
            "description": 'The version you saw, as its ETag gave it: `"7"`; also accepted are the weak form '
            '`W/"7"`, a bare `7` and `*` (any version, as without the header). A stale '
            "version, or a value naming no version, gets 412 game/version_mismatch. Without "
            "it, an action that loses a race is checked again against the newest state, which "
            "suits simultaneous steps (several seats in to_act).",
            "example": '"7"',
        },
    )
    idempotency_key = fields.String(
        data_key="Idempotency-Key",
        validate=validate.Length(1, 200),
        metadata={
            "description": "Repeat a request with the same key to get the first answer again; it is kept "
            "for a day (the server's DESKOVKA_IDEMPOTENCY_TTL), never longer than the game."
        },
    )


def read_action() -> dict[str, Any]:
    """Read the action from the body, checked as `ActionSchema` says (here, not by marshmallow: a hot path).

    :raises Problem: 400 for a body that is not JSON, 422 for one that is not an action.
    """
    if not is_json_request(request):
        return action_from(None)
    try:
        return action_from(parsed_body())
    except orjson.JSONDecodeError:
        raise Problem(
            400, "request/malformed", "The body is not valid JSON.", errors={"json": ["Invalid JSON body."]}
        ) from None


def action_from(body: Any) -> dict[str, Any]:
    """:raises Problem: 422 for a parsed body (None: none) that is not an action."""
    kind = body.get("type") if isinstance(body, dict) else None
    problem = None
    if not isinstance(body, dict):
        problem = (
            {"_schema": ["Invalid input type."]} if body is not None else {"type": ["Missing data for required field."]}
        )
    elif kind is None:
        problem = {"type": ["Missing data for required field."]}
    elif not isinstance(kind, str):
        problem = {"type": ["Not a valid string."]}
    elif not 1 <= len(kind) <= 40:
        problem = {"type": ["Length must be between 1 and 40."]}
    if problem is not None:
        raise Problem(422, "request/invalid", "The request does not match the API contract.", errors={"json": problem})
    return body


def checked_idempotency_key(key: str | None) -> str | None:
    """:raises Problem: 422 for a key outside 1-200 characters."""
    if key is not None and not 1 <= len(key) <= 200:
        raise Problem(
            422,
            "request/invalid",
            "The request does not match the API contract.",
            errors={"headers": {"Idempotency-Key": ["Length must be between 1 and 200."]}},
        )
    return key


def move(
    game_id: str, action: dict[str, Any], authorization: str | None, if_match: str | None, idempotency_key: str | None
) -> tuple[int, bytes, int]:
    """Play a checked action with the request's headers; return status, JSON body and version (in an app context).

    :raises Problem, EngineError:
    """
    key = checked_idempotency_key(idempotency_key)
    fingerprint = hashlib.sha256(orjson.dumps(action, option=orjson.OPT_SORT_KEYS)).hexdigest()
    return moves.act(connections.store(), game_id, auth.bearer_from(authorization), action, if_match, key, fingerprint)


@blp.route("/<string:game_id>/actions", methods=["POST"])
@blp.documented(ActionHeadersSchema, location="headers")
@blp.documented(ActionSchema, example={"type": "place", "card": "moon-landing", "gap": 2})
@blp.response(200, ActionResultSchema, headers=ETAG)
@blp.alt_response(401, **PROBLEM)
@blp.alt_response(403, **PROBLEM)
@blp.alt_response(404, **PROBLEM)
@blp.alt_response(409, **PROBLEM)
@blp.alt_response(410, **PROBLEM)
@blp.alt_response(412, **PROBLEM)
@blp.alt_response(422, **PROBLEM)
@blp.doc(security=[{"seatToken": []}])
def post_action(game_id):
    """Play one action as your seat; bots reply before the answer returns."""
    met = request.environ.get(MET_ON_THE_MOVE_PATH)
    if met is not None:
        raise met
    return answer_move(game_id, read_action())


def answer_move(game_id: str, action: dict[str, Any]) -> Response:
    """Play the action as the request's seat (its token, `If-Match` and `Idempotency-Key`) and answer it."""
    status, body, version = move(
        game_id,
        action,
        request.headers.get("Authorization"),
        request.headers.get("If-Match"),
        request.headers.get("Idempotency-Key"),
    )
    return Response(body, status=status, headers=answer_headers(body, version))


def answer_headers(body: bytes, version: int) -> list[tuple[str, str]]:
    """The headers of a played move's answer of its own (the app adds the shared ones, `api.http.answer_headers`)."""
    return [("Content-Type", "application/json"), ("Content-Length", str(len(body))), ("ETag", f'"{version}"')]
