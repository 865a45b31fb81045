"""Actions: one move by the caller's seat, a compare-and-set on the game's version."""

import hashlib
from typing import Any

import orjson
from flask import Response, request
from marshmallow import INCLUDE, Schema, ValidationError, fields, validate
from webargs.flaskparser import is_json_request

from api.http import current
from api.http.contract.blueprint import Blueprint
from api.http.contract.schemas import ActionResultSchema, ActionsQuerySchema
from api.http.limits import move_budget, rate_limits
from api.http.middleware import input_bounds, preconditions
from api.http.middleware.input_bounds import parsed_body
from api.http.resources.games import ETAG
from api.problems import Problem, by_location, not_json
from api.tables import moves, tokens

blp = Blueprint("actions", __name__, url_prefix="/v1/games", description="Play.")
ENDPOINT = preconditions.MOVE


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
    """Read the action from the body Flask holds, checked as `ActionSchema` says.

    :raises Problem: 400 for a body that is not JSON, 422 for one that is not an action.
    """
    if not is_json_request(request):
        return action_from(None)
    try:
        return action_from(parsed_body())
    except orjson.JSONDecodeError as error:
        raise not_json(error) from None


def action_in(data: bytes) -> dict[str, Any]:
    """Read the action from a body read ahead of Flask (the move path), with the checks Flask's hooks make first.

    :raises Problem: 400 for a body that is not JSON, 422 for one nested too deep or that is not an action.
    """
    try:
        body = orjson.loads(data)
    except orjson.JSONDecodeError as error:
        raise (input_bounds.too_deep() if "depth" in str(error) else not_json(error)) from None
    problem = preconditions.body_refusal(body, ENDPOINT)
    if problem is not None:
        raise problem
    return action_from(body)


def action_from(body: Any) -> dict[str, Any]:
    """Return a parsed body (None: none) that is an action, checked at once for the plain case and by
    `ActionSchema` (whose words the problem gives) for any other.

    :raises Problem: 422 for a body that is not an action.
    """
    kind = body.get("type") if isinstance(body, dict) else None
    if isinstance(kind, str) and 0 < len(kind) <= 40:
        return body  # type: ignore[no-any-return]
    return invalid(ActionSchema(), "json", {} if body is None else body)


def invalid(schema: Schema, location: str, value: Any) -> Any:
    """Load a value the fast check refused with its schema, and answer marshmallow's messages as webargs would.

    :raises Problem: 422 with the schema's messages (a value it accepts is returned as loaded).
    """
    try:
        return schema.load(value)
    except ValidationError as error:
        raise Problem(
            "request/invalid",
            "The request does not match the API contract.",
            errors=by_location({location: error.messages}),
        ) from None


def checked_idempotency_key(key: str | None) -> str | None:
    """:raises Problem: 422 for a key outside 1-200 characters."""
    if key is not None and not 0 < len(key) <= 200:
        invalid(ActionHeadersSchema(), "headers", {"Idempotency-Key": key})
    return key


def move(
    game_id: str,
    action: dict[str, Any],
    authorization: str | None,
    if_match: str | None,
    idempotency_key: str | None,
    client: str,
    grouped: bool = False,
) -> tuple[int, bytes, int]:
    """Play a checked action with the request's headers, within the client's and the seat's budgets of moves;
    return status, JSON body and version (in an app context).

    :raises Problem, EngineError:
    """
    key = checked_idempotency_key(idempotency_key)
    fingerprint = hashlib.sha256(orjson.dumps(action, option=orjson.OPT_SORT_KEYS)).hexdigest()
    token = tokens.bearer_from(authorization)
    claimed = tokens.claimed_seat(token)
    seat = None if claimed is None else f"{game_id}.{claimed}"
    move_budget.refuse_when_spent(client, seat)
    answer, added = moves.act(current.services(), game_id, token, action, if_match, key, fingerprint, grouped)
    move_budget.charge(client, seat, added)
    return answer


# The query strings the move path answers itself, and the form of legal actions each asks for; any other goes to
# Flask, which checks it against `ActionsQuerySchema`.
PLAIN_QUERIES = {"": False, "actions=exact": False, "actions=grouped": True}


@blp.route("/<string:game_id>/actions", methods=["POST"])
@blp.arguments(ActionsQuerySchema, location="query")
@blp.documented(ActionHeadersSchema, location="headers")
@blp.documented(ActionSchema, example={"type": "place", "card": "moon-landing", "gap": 2})
@blp.response(200, ActionResultSchema, headers=ETAG)
@blp.problems(400, 401, 403, 404, 409, 410, 412, 415, 422, 429, 507)
@blp.doc(security=[{"seatToken": []}])
def post_action(query, game_id):
    """Play one action as your seat; bots reply before the answer returns."""
    return answer_move(game_id, read_action(), query["actions"] == "grouped")


def answer_move(game_id: str, action: dict[str, Any], grouped: bool = False) -> Response:
    """Play the action as the request's seat (its token, `If-Match` and `Idempotency-Key`) and answer it."""
    status, body, version = move(
        game_id,
        action,
        request.headers.get("Authorization"),
        request.headers.get("If-Match"),
        request.headers.get("Idempotency-Key"),
        rate_limits.client(),
        grouped,
    )
    return Response(body, status=status, headers=answer_headers(body, version))


def answer_headers(body: bytes, version: int) -> list[tuple[str, str]]:
    """The headers of a played move's answer of its own (the app adds the shared ones, `shared_headers`)."""
    return [("Content-Type", "application/json"), ("Content-Length", str(len(body))), ("ETag", f'"{version}"')]
