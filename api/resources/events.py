"""Events: what happened since a version, filtered for the caller; long-poll with `wait`, or a server-sent stream."""

import time
from collections.abc import Iterator

from flask import Response, current_app, json, request, stream_with_context
from marshmallow import Schema, fields, validate

from api import auth, connections, moves
from api.blueprint import Blueprint
from api.resources.games import PROBLEM
from api.store import GameStore
from api.views import events_for

blp = Blueprint("events", __name__, url_prefix="/v1/games", description="Follow a game.")
HEARTBEAT = 15.0


class EventsQuerySchema(Schema):
    after = fields.Integer(load_default=0, validate=validate.Range(0, 10**9),
                           metadata={"description": "Return events of versions after this one."})
    wait = fields.Float(load_default=0, validate=validate.Range(0, 600),
                        metadata={"description": "Long-poll: seconds to wait for an event (capped by the server). "
                                                 "Stream: seconds to keep the stream open (default 300)."})


class EventsSchema(Schema):
    version = fields.Integer(required=True)
    events = fields.List(fields.Dict(), required=True)


STREAM_DOC = {"responses": {"200": {"description": "OK", "content": {
    "application/json": {"schema": {"$ref": "#/components/schemas/Events"}},
    "text/event-stream": {"schema": {
        "type": "string",
        "description": "With `Accept: text/event-stream`: one SSE message per version (`id` = version, "
                       "`event: events`, `data` = the events as JSON); resume with `Last-Event-ID`.",
    }},
}}}}


@blp.route("/<string:game_id>/events", methods=["GET"])
@blp.arguments(EventsQuerySchema, location="query")
@blp.response(200, EventsSchema)
@blp.alt_response(401, **PROBLEM)
@blp.alt_response(403, **PROBLEM)
@blp.alt_response(404, **PROBLEM)
@blp.doc(security=[{}, {"seatToken": []}], **STREAM_DOC)
def list_events(query, game_id):
    """Return the events after a version that your seat may see, waiting up to `wait` seconds for one."""
    store = connections.store()
    record = moves.load(store, game_id)
    seat = auth.seat_of(game_id, record.seats, auth.bearer())
    config = current_app.config
    if request.accept_mimetypes.best == "text/event-stream":
        after = int(request.headers["Last-Event-ID"]) if request.headers.get("Last-Event-ID", "").isdigit() \
            else query["after"]
        lifetime = min(query["wait"] or config["MAX_STREAM"], config["MAX_STREAM"])
        stream = _stream(store, game_id, seat, after, lifetime, config["POLL_INTERVAL"])
        return Response(stream_with_context(stream), mimetype="text/event-stream",
                        headers={"Cache-Control": "no-cache", "X-Accel-Buffering": "no"})
    deadline = time.monotonic() + min(query["wait"], config["MAX_WAIT"])
    version, after = record.version, query["after"]
    while True:
        events = events_for(store.events(game_id, after), seat, after) if version > after else []
        if events or time.monotonic() >= deadline:
            return {"version": version, "events": events}
        time.sleep(config["POLL_INTERVAL"])
        version = store.version(game_id) or version


def _stream(store: GameStore, game_id: str, seat: int | None, after: int, lifetime: float,
            poll: float) -> Iterator[str]:
    """Yield one SSE message per new version the seat can see, until the game ends or the lifetime runs out."""
    deadline = time.monotonic() + lifetime
    beat = time.monotonic() + HEARTBEAT
    yield "retry: 2000\n\n"
    while time.monotonic() < deadline:
        version = store.version(game_id)
        if version is None:
            return
        if version > after:
            new = events_for(store.events(game_id, after), seat, after)
            for v in sorted({event["v"] for event in new}):
                batch = [event for event in new if event["v"] == v]
                yield f"id: {v}\nevent: events\ndata: {json.dumps(batch)}\n\n"
            after = version
            record = store.load(game_id)
            if record is None or record.status == "finished":
                return
        if time.monotonic() >= beat:
            beat = time.monotonic() + HEARTBEAT
            yield ": keep-alive\n\n"
        time.sleep(poll)
