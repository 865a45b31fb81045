"""Events: what happened since a version, filtered for the caller; long-poll with `wait`."""

import time

from flask import current_app
from marshmallow import Schema, fields, validate

from api import auth, connections, moves
from api.blueprint import Blueprint
from api.resources.games import PROBLEM
from api.views import events_for

blp = Blueprint("events", __name__, url_prefix="/v1/games", description="Follow a game.")


class EventsQuerySchema(Schema):
    after = fields.Integer(load_default=0, validate=validate.Range(0, 10**9),
                           metadata={"description": "Return events of versions after this one."})
    wait = fields.Float(load_default=0, validate=validate.Range(0, 60),
                        metadata={"description": "Seconds to wait for an event (capped by the server)."})


class EventsSchema(Schema):
    version = fields.Integer(required=True)
    events = fields.List(fields.Dict(), required=True)


@blp.route("/<string:game_id>/events", methods=["GET"])
@blp.arguments(EventsQuerySchema, location="query")
@blp.response(200, EventsSchema)
@blp.alt_response(401, **PROBLEM)
@blp.alt_response(403, **PROBLEM)
@blp.alt_response(404, **PROBLEM)
@blp.doc(security=[{}, {"seatToken": []}])
def list_events(query, game_id):
    """Return the events after a version that your seat may see, waiting up to `wait` seconds for one."""
    store = connections.store()
    record = moves.load(store, game_id)
    seat = auth.seat_of(game_id, record.seats, auth.bearer())
    deadline = time.monotonic() + min(query["wait"], current_app.config["MAX_WAIT"])
    version = record.version
    while True:
        events = events_for(store.events(game_id), seat, query["after"]) if version > query["after"] else []
        if events or time.monotonic() >= deadline:
            return {"version": version, "events": events}
        time.sleep(current_app.config["POLL_INTERVAL"])
        version = store.version(game_id) or version
