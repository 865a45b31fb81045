"""Create, join and move: the engine's step, the bots' replies and one compare-and-set write."""

import hashlib
import re
import secrets
import time
from collections.abc import Callable
from dataclasses import replace
from typing import Any

import orjson
from flask import current_app
from marshmallow import ValidationError

from api import clock, meters
from api.http import auth, clocks, table
from api.http.input_bounds import header_number
from api.http.views import events_for, game_view
from api.problems import Problem
from api.storage import connections, due, metrics, rebuild, records
from api.storage.deck_store import DeckStore
from api.storage.lobby import Lobby
from api.storage.store import SHAPE, Commit, GameRecord, GameStore, Head
from engine.core.errors import InvalidOptions, UnknownBot
from engine.core.match import Match, check_action, play
from engine.core.protocol import Bot, Event
from engine.core.rng import Rng
from engine.games import get_game, new_match

GAME_ID = re.compile(r"^[0-9a-f]{16}$")
# A request (and each batch of the keeper) plays at most this many bot moves, and stops after the first move that
# ends past this many seconds of the thread's CPU (under gevent the loop does not switch while bots play, so that
# is what the request holds its worker for; wall time would cut batches short on a busy machine). One bot move
# costs 0.05-0.8 ms on average (Ticket to Ride's and Around the World's greedy bots the dearest, their first moves
# several ms) and about 30 ms at worst, so a batch stays well under 100 ms (bench/bench_bot_moves.py).
BOT_MOVES = 32
BOT_SECONDS = 0.05
ATTEMPTS = 8


def new_id() -> str:
    return secrets.token_hex(8)


def make_bot(game_type: str, seat: dict[str, Any]) -> Bot:
    """:raises UnknownBot, InvalidOptions:"""
    game = get_game(game_type)
    try:
        bot_class = game.bots[seat["bot"]]
    except KeyError:
        raise UnknownBot(
            f"{game.title} has no bot {seat['bot']!r}; it has {', '.join(sorted(game.bots))}.",
            bot=seat["bot"],
            choices=sorted(game.bots),
        ) from None
    try:
        options = bot_class.options_schema().load(seat.get("bot_options") or {})
    except ValidationError as error:
        wrong = "; ".join(f"{name}: {' '.join(map(str, messages))}" for name, messages in error.messages.items())
        raise InvalidOptions(f"The {bot_class.name} bot's options are not valid ({wrong}).") from None
    return bot_class(**options)


def to_match(record: GameRecord) -> Match:
    assert record.state is not None, "an undealt table is never played"
    return Match(get_game(record.type), record.players, record.options, record.seed, record.state, record.version)


def run_bots(record: GameRecord, match: Match) -> tuple[Match, list[Event], bool]:
    """Let bot seats act while any is to act and the game runs, for one bounded batch.

    Return the match, the events and whether bots are still to act (the keeper's to play).
    """
    if record.status != "running":
        return match, [], False
    bots = {i: make_bot(record.type, seat) for i, seat in enumerate(record.seats) if seat.get("bot")}
    events: list[Event] = []
    started = time.thread_time()
    for _ in range(BOT_MOVES):
        seats = sorted(match.to_act() & bots.keys())
        if not seats:
            return match, events, False
        seat = seats[0]
        rng = Rng(record.seed, counter=1_000_000_007 * (match.version + 1))
        match, new = play(match, seat, bots[seat].choose(match.rules, match.state, seat, rng))
        events += new
        if time.thread_time() - started >= BOT_SECONDS:
            break
    return match, events, bool(match.to_act() & bots.keys())


def hand_over(store: GameStore, game_id: str, seconds: float) -> None:
    """Make the table due for the keeper (before a commit: late, in case the commit never lands)."""
    due.due_in(store.connection, game_id, seconds)


def pace(moves: int) -> float:
    """Seconds the keeper waits after a batch of `moves` bot moves, so a table plays at the configured pace."""
    return max(moves, 1) / float(current_app.config["BOT_PACE"])


def finish(record: GameRecord, match: Match) -> GameRecord:
    """The record at the match's new state, with its turn clock's deadlines."""
    status = "finished" if match.is_over() else record.status
    after = replace(record, state=match.state, version=match.version, status=status, updated_at=clock.timestamp())
    return clocks.stamp(record, after, match, due.millis())


def ttl_for(record: GameRecord) -> int:
    config = current_app.config
    return int(config["FINISHED_TTL"] if record.status in ENDED else config["GAME_TTL"])


ENDED = ("finished", "cancelled")


def refuse_cancelled(record: GameRecord) -> None:
    """:raises Problem: 409 for a table that was cancelled before it started."""
    if record.status == "cancelled":
        raise Problem(409, "game/cancelled", "The table was cancelled before it started.")


def create(
    store: GameStore,
    lobby: Lobby,
    decks: DeckStore,
    body: dict[str, Any],
    game_id: str | None = None,
    mint: Callable[[str, int], tuple[str, str]] = auth.mint,
) -> tuple[GameRecord, list[dict], list[Event]]:
    """Set up a game, mint a token per named human seat and let bots start; a table with open seats waits undealt."""
    game_type, seats, options = body["type"], body["seats"], body.get("options") or {}
    _held = decks.make_known(options.get("deck"))  # held, so the deck cache keeps it meanwhile
    seed, chosen_seed, nonce = table.deal_seed(body.get("seed"), seats)
    match: Match | None = None
    if any(seat.get("open") for seat in seats):
        options = table.table_options(game_type, len(seats), options)
    else:
        match = new_match(game_type, len(seats), table.with_ages(game_type, seats, options), seed)
        options = match.options
    game_id = game_id or new_id()
    tokens, stored = [], []
    for i, seat in enumerate(seats):
        if seat.get("bot"):
            make_bot(game_type, seat)
            stored.append(
                {
                    "name": seat.get("name") or f"{seat['bot']} bot",
                    "bot": seat["bot"],
                    "bot_options": seat.get("bot_options") or {},
                    "joined": True,
                }
            )
        elif seat.get("open"):
            stored.append({"name": None, "joined": False})
        else:
            token, token_hash = mint(game_id, i)
            tokens.append({"seat": i, "token": token})
            stored.append({"name": seat["name"], "age": seat.get("age"), "token_hash": token_hash, "joined": True})
    now = clock.timestamp()
    status = "running" if all(s["joined"] for s in stored) else "open"
    open_for = body.get("open_for")
    record = GameRecord(
        game_id,
        game_type,
        len(seats),
        options,
        seed,
        match and match.state,
        stored,
        status,
        now,
        now,
        chosen_seed=chosen_seed,
        nonce=nonce,
        shape=SHAPE,
        clock=body.get("clock"),
        open_until=None if open_for is None else due.millis(open_for),
        creator=tokens[0]["seat"] if tokens else None,
    )
    events: list[Event] = []
    more = False
    if match is not None:
        keep_deck(decks, record)
        match, events, more = run_bots(record, match)
        record = finish(record, match)
    if more:
        hand_over(store, game_id, due.GRACE)
    store.commit(record, None, ttl_for(record), list(match.log) if match else [], events)
    if more and match is not None:
        hand_over(store, game_id, pace(len(match.log)))
    clocks.schedule(store.connection, record)
    metrics.count(store.connection, "games_created")
    meters.games.labels(game_type).inc()
    if status == "open":
        lobby.open(game_type, game_id, clock.now().timestamp())
    return record, tokens, events


def keep_deck(decks: DeckStore, record: GameRecord) -> None:
    """Keep a snapshot of the built-in deck a newly dealt game plays."""
    deck = get_game(record.type).deck_in_play(record.state) if record.state is not None else None
    if deck is not None:
        decks.keep_builtin(*deck)


def load(store: GameStore, game_id: str) -> GameRecord:
    """Return a game ready for the engine.

    :raises Problem: 404 when there is no such game, 410 when it cannot be played on (see `playable`).
    """
    record = store.load(game_id) if GAME_ID.match(game_id) else None
    return playable(store, found(record, game_id))


def found(record: GameRecord | None, game_id: str) -> GameRecord:
    if record is None:
        raise not_found(game_id)
    return record


def playable(store: GameStore, record: GameRecord) -> GameRecord:
    """Make the deck the game plays known to this process, and bring a record of an older shape up to date.

    :raises Problem, DeckGone: 410 when the game's deck or its old record can no longer be played.
    """
    decks = connections.decks()
    if record.shape < SHAPE:
        migrated = records.migrate(store, decks, record)
        # Written back so the replay runs once; losing a race to a move is fine, that move wrote the new shape.
        store.commit(migrated, record.rev, ttl_for(migrated))
        record = migrated
    if (
        record.status == "finished"
        and not record.compact
        and record.state is not None
        and len(store.log(record.id)) == record.version
    ):
        # Finished before games were kept compact: compacted now, for the time it had left (a lost race is fine).
        store.commit(record, record.rev, store.ttl(record.id))
    elif record.compact:
        record = replace(record, state=rebuild.finished(store, decks, record).state)
    deck = get_game(record.type).deck_in_play(record.state) if record.state is not None else None
    if deck is not None:
        decks.make_playable(*deck)
    return record


def load_head(store: GameStore, game_id: str) -> Head:
    """Load what following the game needs, not its state (a record stored before heads: the whole, carried over).

    :raises Problem: 404 when there is no such game, 410 when an old record cannot be carried over.
    """
    head = store.head(game_id) if GAME_ID.match(game_id) else None
    if head is None:
        record = load(store, game_id)
        head = Head(game_id, record.version, record.status, record.seats, record.type)
    return head


def not_found(game_id: str) -> Problem:
    return Problem(404, "game/not_found", f"There is no game {game_id!r} (it may have expired).")


def join(
    store: GameStore, lobby: Lobby, game_id: str, seat: int, name: str, age: int | None = None
) -> tuple[GameRecord, str]:
    """Take an open seat; the last seat taken deals the game and starts it."""
    for _ in range(ATTEMPTS):
        record = load(store, game_id)
        refuse_cancelled(record)
        if record.status == "open" and record.open_until is not None and due.millis() >= record.open_until:
            raise Problem(409, "game/cancelled", "The table's open seats were not all taken in time (`open_for`).")
        if not 0 <= seat < record.players:
            raise Problem(404, "seat/not_found", f"Game {game_id} has seats 0-{record.players - 1}.")
        if record.seats[seat].get("joined"):
            raise Problem(409, "seat/taken", f"Seat {seat} is already taken.")
        token, token_hash = auth.mint(game_id, seat)
        seats = [dict(s) for s in record.seats]
        seats[seat] = {"name": name, "age": age, "token_hash": token_hash, "joined": True}
        status = "running" if all(s.get("joined") for s in seats) else "open"
        joined = replace(record, seats=seats, status=status, updated_at=clock.timestamp())
        log, events, more = [], [], False
        if status == "running" and joined.state is None:
            # The deck may be one this process has not loaded (or has let go of) since the table was opened.
            _held = connections.decks().make_known(joined.options.get("deck"))
            dealt = table.deal(joined.type, joined.options, joined.seed, seats)
            joined = replace(joined, options=dealt.options, state=dealt.state)
            keep_deck(connections.decks(), joined)
        if joined.state is not None:  # tables opened before deals waited for the last seat are dealt already
            match, events, more = run_bots(joined, to_match(joined))
            joined, log = finish(joined, match), list(match.log)
        if more:
            hand_over(store, game_id, due.GRACE)
        if store.commit(joined, record.rev, ttl_for(joined), log, events) is Commit.DONE:
            if more:
                hand_over(store, game_id, pace(len(log)))
            clocks.schedule(store.connection, joined)
            metrics.count(store.connection, "seats_joined")
            if status != "open":
                lobby.close(record.type, game_id)
            return joined, token
    raise Problem(409, "game/busy", "The game changed too often; try again.")


def cancel(store: GameStore, lobby: Lobby, record: GameRecord, reason: str) -> GameRecord | None:
    """Cancel a table that has not started, as one more version with its event; None when the write lost a race."""
    version = record.version + 1
    cancelled = replace(record, status="cancelled", version=version, updated_at=clock.timestamp(), deadlines={})
    event = {"v": version, "type": "table_cancelled", "reason": reason}
    if store.commit(cancelled, record.rev, ttl_for(cancelled), [], [event]) is not Commit.DONE:
        return None
    lobby.close(record.type, record.id)
    return cancelled


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


def act(
    store: GameStore,
    game_id: str,
    token: str | None,
    action: Any,
    if_match_header: str | None,
    idempotency_key: str | None,
    fingerprint: str,
) -> tuple[int, bytes, int]:
    """Apply one action (and the bots' replies) as one compare-and-set; return status, JSON body and version.

    One read (the game and, for a repeated request, its first answer) and one compare-and-set per attempt; the
    answer is serialised once, for the response and the idempotency record alike.
    """
    started = time.perf_counter()
    if not GAME_ID.match(game_id):
        found(None, game_id)
    claimed = auth.claimed_seat(token)
    key = store.idem_key(game_id, claimed, idempotency_key) if idempotency_key and claimed is not None else None
    for _ in range(ATTEMPTS):
        loaded, stored = store.load_with_answer(game_id, key)
        record = playable(store, found(loaded, game_id))
        seat = auth.seat_of(game_id, record.seats, token)
        if seat is None:
            raise Problem(401, "auth/required", "Acting needs your seat's token: `Authorization: Bearer <token>`.")
        if stored is not None:
            if store.replica_acks:
                store.confirm_replicated(game_id)  # the first answer may have been a 503 before its replicas had it
            return replayed(store, record, seat, stored, fingerprint)
        # A malformed action is refused as such whatever version it names.
        check_action(get_game(record.type), action)
        if_match = parse_if_match(if_match_header)
        if if_match is not None and if_match != record.version:
            raise Problem(
                412,
                "game/version_mismatch",
                f"The game is at version {record.version}, not {if_match}.",
                version=record.version,
            )
        refuse_cancelled(record)
        if record.status == "open":
            raise Problem(409, "game/not_started", "The game waits for players to take the open seats.")
        match, events = play(to_match(record), seat, action)
        match, bot_events, more = run_bots(record, match)
        events += bot_events
        moved = finish(record, match)
        body = orjson.dumps({"type": moved.type, "game": game_view(moved, seat), "events": events_for(events, seat)})
        # What answering a retry the same needs: the answer is rebuilt from the game's log (see `replayed`).
        answer = {
            "status": 200,
            "fingerprint": fingerprint,
            "since": record.version,
            "version": moved.version,
            "updated_at": moved.updated_at,
            "digest": digest(body),
        }
        if more:
            hand_over(store, game_id, due.GRACE)
        result = store.commit(
            moved,
            record.rev,
            ttl_for(moved),
            list(match.log),
            events,
            (key, answer) if key else None,
            current_app.config["IDEMPOTENCY_TTL"],
        )
        if result is Commit.DONE:
            if more:
                hand_over(store, game_id, pace(len(match.log)))
            clocks.schedule(store.connection, moved)
            meters.moves.labels(moved.type).observe(time.perf_counter() - started)
            return 200, body, moved.version
        # Lost the race: the next round answers from the idempotency record, a 412, or a fresh try.
    raise Problem(409, "game/busy", "The game changed too often; try again.")


def digest(body: bytes) -> str:
    return hashlib.sha256(body).hexdigest()[:32]


def replayed(
    store: GameStore, record: GameRecord, seat: int, stored: dict[str, Any], fingerprint: str
) -> tuple[int, bytes, int]:
    """Answer a repeated request as the first time: the game re-run from its seed to the version that answer left.

    :raises Problem: 422 when the key came with another action; 410 when the game can no longer be re-run.
    """
    if stored["fingerprint"] != fingerprint:
        raise Problem(422, "idempotency/key_reused", "This Idempotency-Key was used for a different request.")
    if "body" in stored:  # kept whole, as answers were before they were rebuilt
        return stored["status"], orjson.dumps(stored["body"]), stored["body"]["game"]["version"]
    version = stored["version"]
    decks = connections.decks()
    if record.compact and version == record.version:
        then = rebuild.finished(store, decks, record)
    else:
        then = rebuild.replay_to(decks, record, store.log(record.id), version)
    # A move is only made in a running game, so the answer saw it running unless that move ended it.
    status = "finished" if get_game(record.type).outcome(then.state) is not None else "running"
    answered = replace(record, state=then.state, version=version, status=status, updated_at=stored["updated_at"])
    events = [event for event in then.events if event["v"] > stored["since"]]
    body = orjson.dumps({"type": record.type, "game": game_view(answered, seat), "events": events_for(events, seat)})
    if digest(body) != stored["digest"]:
        current_app.logger.warning(
            "game %s: the answer rebuilt for version %s differs from the first", record.id, version
        )
    return stored["status"], body, version
