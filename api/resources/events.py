"""Events: what happened since a version, filtered for the caller; long-poll with `wait`, or a server-sent stream."""

import time
from collections.abc import Iterator

from flask import Response, current_app, json, request, stream_with_context
from marshmallow import Schema, fields, validate

from api import auth, connections, moves
from api.blueprint import Blueprint
from api.followers import Cursor, Move, Unsubscribed
from api.input_bounds import header_number
from api.problems import Problem, store_unavailable
from api.resources.games import PROBLEM
from api.store import GameStore, Head
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
    type = fields.String(required=True, metadata={"description": "The game type: which game's events these are."})
    version = fields.Integer(required=True, metadata={"description": "The game's version now."})
    events = fields.List(fields.Dict(), required=True, metadata={"description": "What happened, oldest first."})


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
@blp.alt_response(400, **PROBLEM)
@blp.alt_response(401, **PROBLEM)
@blp.alt_response(403, **PROBLEM)
@blp.alt_response(404, **PROBLEM)
@blp.alt_response(410, **PROBLEM)
@blp.doc(security=[{}, {"seatToken": []}], **STREAM_DOC)
def list_events(query, game_id):
    """Return the events after a version that your seat may see, waiting up to `wait` seconds for one."""
    store = connections.store()
    config = current_app.config
    streaming = request.accept_mimetypes.best == "text/event-stream"
    wait = min(query["wait"] or config["MAX_STREAM"], config["MAX_STREAM"]) if streaming \
        else min(query["wait"], config["MAX_WAIT"])
    # Follow before reading the game: a move made after the read then always reaches the cursor.
    cursor = follow(game_id) if wait > 0 else None
    try:
        record = moves.load_head(store, game_id)
        seat = auth.seat_of(game_id, record.seats, auth.bearer())
        if streaming:
            after = last_event_id(query["after"])
            response = Response(stream_with_context(_stream(store, cursor, record, seat, after, wait)),
                                mimetype="text/event-stream",
                                headers={"Cache-Control": "no-cache", "X-Accel-Buffering": "no"})
            if cursor is not None:
                response.call_on_close(cursor.close)
            cursor = None
            return response
        return _long_poll(store, cursor, record, seat, query["after"], wait)
    finally:
        if cursor is not None:
            cursor.close()


def last_event_id(default: int) -> int:
    """Return the version a resuming stream names in Last-Event-ID (default: none sent).

    :raises Problem: 400 when the header is not a version this server sent.
    """
    text = request.headers.get("Last-Event-ID")
    if text is None or not text.strip():
        return default
    version = header_number(text.strip())
    if version is None:
        raise Problem(400, "request/bad_header", f"Last-Event-ID {text[:40]!r} is not a version of this game.")
    return version


def follow(game_id: str) -> Cursor:
    try:
        return connections.followers().follow(game_id)
    except Unsubscribed:
        raise store_unavailable() from None


def _long_poll(store: GameStore, cursor: Cursor | None, record: Head, seat: int | None, after: int,
               wait: float) -> dict:
    deadline = time.monotonic() + wait
    version, _, new = _read(store, record, after)
    events = events_for(new, seat, after)
    while not events and cursor is not None:
        move = _next_move(store, cursor, version, deadline - time.monotonic())
        if move is None:
            break
        version = move.version or version
        events = events_for(move.events or [], seat, after)
    game_type = record.type or getattr(store.load(record.id), "type", "")
    return {"type": game_type, "version": version, "events": events}


def _stream(store: GameStore, cursor: Cursor | None, record: Head, seat: int | None, after: int,
            lifetime: float) -> Iterator[str]:
    """Yield one SSE message per new version the seat can see, until the game ends or the lifetime runs out."""
    deadline = time.monotonic() + lifetime
    yield "retry: 2000\n\n"
    version, status, new = _read(store, record, after)
    while True:
        yield from _messages(events_for(new, seat, after))
        after = max(after, version)
        if status != "running" and status != "open" or cursor is None:
            return
        beat = time.monotonic() + HEARTBEAT
        move = None
        while move is None and time.monotonic() < deadline:
            move = _next_move(store, cursor, version, min(beat, deadline) - time.monotonic())
            if move is None and time.monotonic() >= beat:
                beat = time.monotonic() + HEARTBEAT
                yield ": keep-alive\n\n"
        if move is None:
            return
        version, status, new = move.version or version, move.status, move.events or []


def _read(store: GameStore, record: Head, after: int) -> tuple[int, str, list[dict]]:
    """Read the version, status and events after `after`, the events read after the record, so maybe newer."""
    new = store.events(record.id, after) if record.version > after else []
    if new and new[-1]["v"] > record.version:
        record = _head_now(store, record.id) or record
    return max(record.version, new[-1]["v"] if new else 0), record.status, new


def _head_now(store: GameStore, game_id: str) -> Head | None:
    """Read the game's head again; None once it expired (or can no longer be played)."""
    try:
        return moves.load_head(store, game_id)
    except Problem:
        return None


def _messages(events: list[dict]) -> Iterator[str]:
    for v in sorted({event["v"] for event in events}):
        batch = [event for event in events if event["v"] == v]
        yield f"id: {v}\nevent: events\ndata: {json.dumps(batch)}\n\n"


def _next_move(store: GameStore, cursor: Cursor, version: int, timeout: float) -> Move | None:
    """Wait for the game to move past `version`; return the move with every event after `version`.

    A move published as starting from `version` carries those events itself; otherwise (a wake-up after the
    subscription was lost and found again) the store is read. A game that expired answers status "expired".
    """
    deadline = time.monotonic() + timeout
    while (left := deadline - time.monotonic()) > 0:
        move = cursor.next(left)
        if move is None:
            return None
        if move.known and move.version is not None and move.version <= version:
            continue
        if move.since == version:
            return move
        record = _head_now(store, cursor.game_id)
        if record is None:
            return Move(version, version, "expired", [])
        if record.version > version:
            return Move(version, record.version, record.status, store.events(cursor.game_id, version))
    return None
