"""Events: what happened since a version, a page at a time, filtered for the caller; long-poll with `wait`, or a
server-sent stream that sends the history page by page and then follows the game."""

import itertools
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace

import orjson
from flask import Response, current_app, request, stream_with_context
from marshmallow import Schema, fields, validate

from api.http import current
from api.http.contract.blueprint import Blueprint
from api.http.contract.schemas import ActionsQuerySchema, GameViewSchema, TurnSchema
from api.http.limits import history_budget, rebuild_budget
from api.problems import Problem, draining, store_unavailable
from api.storage import rebuild
from api.storage.followers import Cursor, Draining, Move, Unsubscribed
from api.storage.store import EventPage, GameStore, Head
from api.tables import loading
from api.tables.seat_views import events_for, game_view
from api.tables.tokens import header_number
from api.tables.turns import turn
from engine.games import get_game

blp = Blueprint("events", __name__, url_prefix="/v1/games", description="Follow a game.")
HEARTBEAT = 15.0
# Versions per read: a JSON page by default and at most (`limit`), and a stream's catch-up page. The worst page of the
# most (the largest version of events any game writes, 500 times) costs about 20-30 ms of CPU (bench/bench_events.py).
PAGE = 100
MAX_PAGE = 500


class EventsQuerySchema(ActionsQuerySchema):
    after = fields.Integer(
        load_default=0,
        validate=validate.Range(0, 10**9),
        metadata={"description": "Return events of versions after this one."},
    )
    wait = fields.Float(
        load_default=0,
        validate=validate.Range(0, 600),
        metadata={
            "description": "Long-poll: seconds to wait for an event (capped by the server). "
            "Stream: seconds to keep the stream open (default 300)."
        },
    )
    view = fields.Boolean(
        load_default=False,
        metadata={
            "description": "Send your view of the game along (`game`): in the page, or on the stream's message of "
            "the game's version. Only your own seat's, as `GET /v1/games/{id}` gives it."
        },
    )
    limit = fields.Integer(
        load_default=PAGE,
        validate=validate.Range(1, MAX_PAGE),
        metadata={
            "description": f"At most this many versions' events in one answer (default "
            f"{PAGE}, at most {MAX_PAGE}); `next_after` says where the "
            "next page starts. A stream sends the whole history "
            "whatever the limit."
        },
    )


class EventsSchema(TurnSchema):
    type = fields.String(required=True, metadata={"description": "The game type: which game's events these are."})
    version = fields.Integer(required=True, metadata={"description": "The game's version now."})
    events = fields.List(fields.Dict(), required=True, metadata={"description": "What happened, oldest first."})
    next_after = fields.Integer(
        required=True,
        metadata={
            "description": "The last version this answer covers: pass it as `after` to read on. While it is below "
            '`version`, more events are stored already (and `Link: <...>; rel="next"` names the next '
            "page); at `version`, a read with `wait` waits for the next move."
        },
    )
    game = fields.Nested(
        GameViewSchema,
        metadata={
            "description": "With `view=true`: the game as your seat (or a spectator) sees it now, as `GET "
            "/v1/games/{id}` answers it; its `version` may be past `next_after` while more is stored."
        },
    )


class StreamHeadersSchema(Schema):
    last_event_id = fields.String(
        data_key="Last-Event-ID",
        metadata={
            "description": "A stream resumes after this version (the `id` of the last message it read), in place of "
            "`after`; a value that is not a version is 400 request/bad_header.",
            "example": "12",
        },
    )


STREAM_DOC = {
    "responses": {
        "200": {
            "description": "OK",
            "headers": {
                "Link": {
                    "description": '`<URL of the next page>; rel="next"` while more events are stored '
                    "than this page holds.",
                    "schema": {"type": "string"},
                }
            },
            "content": {
                "application/json": {"schema": {"$ref": "#/components/schemas/Events"}},
                "text/event-stream": {
                    "schema": {
                        "type": "string",
                        "description": "Chosen by `Accept: text/event-stream` (else the JSON page): one SSE message "
                        "per "
                        "version: `id` = the version, `event: events`, `data` = one `EventStreamMessage` as "
                        "JSON (the game's `type`, the version `v` and its events). Resume with `Last-Event-ID`.",
                    },
                    "x-sse-data": {"$ref": "#/components/schemas/EventStreamMessage"},
                },
            },
        }
    },
}


@blp.route("/<string:game_id>/events", methods=["GET"])
@blp.arguments(EventsQuerySchema, location="query")
@blp.documented(StreamHeadersSchema, location="headers")
@blp.response(200, EventsSchema)
@blp.problems(400, 401, 403, 404, 410, 429, 507)
@blp.doc(security=[{}, {"seatToken": []}], **STREAM_DOC)
def list_events(query, game_id):
    """Return the events after a version that your seat may see, waiting up to `wait` seconds for one."""
    store = current.store()
    config = current_app.config
    streaming = history_budget.is_stream(request.environ)
    wait = (
        min(query["wait"] or config["MAX_STREAM"], config["MAX_STREAM"])
        if streaming
        else min(query["wait"], config["MAX_WAIT"])
    )
    # Follow before reading the game: a move made after the read then always reaches the cursor.
    cursor = follow(game_id) if wait > 0 else None
    try:
        record = loading.load_head(current.services(), game_id)
        seat = current.seat_of(game_id, record.seats)
        if streaming:
            after = last_event_id(query["after"])
            rebuild_budget.waits()  # a rebuild past the reader's budget waits: the stream's answer has begun
            response = Response(
                stream_with_context(_stream(store, cursor, record, seat, after, wait, _view_of(query, game_id))),
                mimetype="text/event-stream",
                headers={"Cache-Control": "no-cache", "X-Accel-Buffering": "no"},
            )
            if cursor is not None:
                response.call_on_close(cursor.close)
            cursor = None
            return response
        reader = history_budget.reader(game_id, seat)
        history_budget.refuse_when_spent(reader)
        body = _long_poll(store, cursor, record, seat, query["after"], wait, query["limit"])
        if query["view"]:
            body["game"] = game_view(loading.load(current.services(), game_id), seat, query["actions"] == "grouped")
        # orjson, not the app's stdlib JSON: that took more CPU than reading the page (docs/design.md).
        data = orjson.dumps(body)
        history_budget.charge(reader, len(data))
        response = Response(data, mimetype="application/json")
        if body["next_after"] < body["version"]:
            response.headers["Link"] = f'<{request.path}?after={body["next_after"]}&limit={query["limit"]}>; rel="next"'
        return response
    finally:
        if cursor is not None:
            cursor.close()


def _view_of(query: dict, game_id: str) -> Callable[["Read", int | None], dict | None]:
    """What a stream sends as the reader's view on the message of the game's version: nothing unless asked for."""

    def view(read: Read, seat: int | None) -> dict | None:
        if not query["view"] or read.more or not read.events:
            return None
        return game_view(loading.load(current.services(), game_id), seat, query["actions"] == "grouped")

    return view


def last_event_id(default: int) -> int:
    """Return the version a resuming stream names in Last-Event-ID (default: none sent).

    :raises Problem: 400 when the header is not a version this server sent.
    """
    text = request.headers.get("Last-Event-ID")
    if text is None or not text.strip():
        return default
    version = header_number(text.strip())
    if version is None:
        raise Problem("request/bad_header", f"Last-Event-ID {text[:40]!r} is not a version of this game.")
    return version


def follow(game_id: str) -> Cursor:
    try:
        return current.followers().follow(game_id)
    except Draining:
        raise draining() from None
    except Unsubscribed:
        raise store_unavailable() from None


@dataclass(frozen=True)
class Read:
    """Events after a version, as far as `covered`, and the game's version, status and turn when they were read."""

    version: int
    status: str
    events: list[dict]
    covered: int
    to_act: list[int]
    deadlines: dict[str, int]

    @property
    def more(self) -> bool:
        """Whether events past `covered` are stored already."""
        return self.covered < self.version


def _long_poll(
    store: GameStore, cursor: Cursor | None, record: Head, seat: int | None, after: int, wait: float, limit: int
) -> dict:
    deadline = time.monotonic() + wait
    read = _read(store, record, after, limit)
    # Any version past `after` answers, even one the seat sees nothing of: its turn may have come.
    while read.covered <= after and cursor is not None:
        move = _next_move(store, cursor, read.covered, deadline - time.monotonic())
        if move is None:
            break
        read = _moved(store, record, read.covered, move, limit)
    game_type = record.type or getattr(store.load(record.id), "type", "")
    return {
        "type": game_type,
        "version": read.version,
        "events": events_for(read.events, seat, after),
        "next_after": read.covered,
        **turn(read.status, read.to_act, read.deadlines, seat),
    }


def _stream(
    store: GameStore,
    cursor: Cursor | None,
    record: Head,
    seat: int | None,
    after: int,
    lifetime: float,
    view: Callable[["Read", int | None], dict | None],
) -> Iterator[str]:
    """Yield one SSE message per new version the seat can see, until the game ends or the lifetime runs out.

    The history is sent a page at a time, one range read each, with a pause between pages so the worker's other
    connections are served meanwhile; then each move as it is published.
    """
    deadline = time.monotonic() + lifetime
    yield "retry: 2000\n\n"
    game_type = record.type or getattr(store.load(record.id), "type", "")
    reader = history_budget.reader(record.id, seat)
    history_budget.wait_while_spent(reader)
    read = _read(store, record, after, PAGE)
    while True:
        # A page's messages in one write: a write a version took a tenth of a worker's CPU under load.
        messages = "".join(_messages(game_type, read, seat, view(read, seat)))
        history_budget.charge(reader, len(messages))
        if messages:
            yield messages
        after = max(after, read.covered)
        if read.more:
            time.sleep(0)  # under gevent: let the other greenlets of this worker run between pages
            history_budget.wait_while_spent(reader)
            read = _read(store, replace(record, version=read.version, status=read.status), after, PAGE)
            continue
        if read.status != "running" and read.status != "open" or cursor is None:
            return
        beat = time.monotonic() + HEARTBEAT
        move = None
        while move is None and time.monotonic() < deadline and not cursor.draining:
            move = _next_move(store, cursor, after, min(beat, deadline) - time.monotonic())
            if move is None and time.monotonic() >= beat:
                beat = time.monotonic() + HEARTBEAT
                yield ": keep-alive\n\n"
        if move is None:
            if cursor.draining:
                yield resume_message(after)
            return
        read = _moved(store, record, after, move, PAGE)


def resume_message(after: int) -> str:
    """The last message of a stream whose server shuts down: where to pick up, on another server."""
    data = orjson.dumps(
        {
            "code": "server/draining",
            "detail": f"This server is shutting down: connect again with Last-Event-ID: {after} to resume.",
            "last_event_id": after,
        }
    ).decode()
    return f"event: resume\ndata: {data}\n\n"


def _read(store: GameStore, record: Head, after: int, limit: int) -> Read:
    """Read a page of events after `after`, read after the record (so maybe newer than it), and the game's version.

    Every version up to the record's was stored when the page was read, so a page that is not full covers them.
    """
    if record.version <= after:
        return Read(record.version, record.status, [], after, *_turn_of(record))
    page = _page(store, record, after, limit)
    covered = page.last if page.full and page.last is not None else max(after, record.version, page.last or 0)
    if page.last is not None and page.last > record.version:
        record = _head_now(store, record.id) or record
    return Read(max(record.version, covered), record.status, page.events, covered, *_turn_of(record))


def _turn_of(record: Head) -> tuple[list[int], dict[str, int]]:
    return record.to_act or [], record.deadlines or {}


def _page(store: GameStore, record: Head, after: int, limit: int) -> EventPage:
    """Read a page from the game's stream, or, once the game is over and kept compact, from its rebuilt events."""
    if not record.compact:
        if record.table is not None:
            # The stream keeps card faces as references into the game's deck.
            deck = get_game(record.type).deck_in_play(record.table)
            if deck is not None:
                current.decks().make_playable(*deck)
        page = store.event_page(record.id, after, limit, record)
        if page.last is not None or record.version <= after:
            return page
        # Nothing stored past `after` although the game is past it: it ended since and its stream was emptied.
        now = store.head(record.id)
        if now is None or not now.compact:
            return page
    full = loading.load(current.services(), record.id)  # rebuilt (and kept a while) by the load
    rebuilt = rebuild.finished(store, current.decks(), full)
    return EventPage.of([event for event in rebuilt.events if event["v"] > after], limit)


def _moved(store: GameStore, record: Head, after: int, move: Move, limit: int) -> Read:
    """What a move past `after` brings: its own events (at most `limit` versions), else a page from the store."""
    assert move.version is not None and move.status is not None
    if move.to_act is None:  # published by an older process, without the turn: read the store
        now = _head_now(store, record.id)
        if now is None:
            return Read(move.version, "expired", [], move.version, [], {})
        return _read(store, now, after, limit)
    if move.events is None:
        moved = replace(record, version=move.version, status=move.status, to_act=move.to_act, deadlines=move.deadlines)
        return _read(store, moved, after, limit)
    page = EventPage.of(move.events, limit)
    covered = page.last if page.full and page.last is not None else move.version
    return Read(move.version, move.status, page.events, covered, move.to_act, move.deadlines or {})


def _head_now(store: GameStore, game_id: str) -> Head | None:
    """Read the game's head again; None once it expired (or can no longer be played)."""
    try:
        return loading.load_head(current.services(), game_id)
    except Problem:
        return None


def _messages(game_type: str, read: Read, seat: int | None, game: dict | None) -> Iterator[str]:
    """Yield one message per version read (its events the seat may see, maybe none), each with whose turn it is
    now, and the reader's view (`game`, when asked for) on the message of the game's version."""
    now = turn(read.status, read.to_act, read.deadlines, seat)
    for v, batch in itertools.groupby(read.events, key=lambda event: event["v"]):
        message = {"type": game_type, "v": v, "events": events_for(list(batch), seat), "version": read.version, **now}
        if game is not None and v == read.covered:
            message["game"] = game
        data = orjson.dumps(message).decode()
        yield f"id: {v}\nevent: events\ndata: {data}\n\n"


def _next_move(store: GameStore, cursor: Cursor, version: int, timeout: float) -> Move | None:
    """Wait for the game to move past `version`; return the move, with every event after `version` or none.

    A move published as starting from `version` carries those events itself; otherwise (a wake-up after the
    subscription was lost and found again, or a move that began before `version`) it comes without events
    (None) and the caller reads the store. A game that expired answers status "expired".
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
            return Move(version, version, "expired", [], [], {})
        if record.version > version:
            return Move(version, record.version, record.status, None, *_turn_of(record))
    return None
