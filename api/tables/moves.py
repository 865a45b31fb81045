"""A person's move: one action by the caller's seat (and the bots' replies), run by the runner, answered once and
the same again for a request repeated with its Idempotency-Key."""

import hashlib
import logging
import time
from dataclasses import dataclass, replace
from typing import Any

import orjson

from api import meters
from api.problems import Problem
from api.storage import rebuild
from api.storage.store import GameRecord
from api.tables import bot_quota, bots, lengths, room, runner, tokens
from api.tables.bootstrap import Services
from api.tables.loading import GAME_ID, finish, found, not_found, playable, refuse_cancelled, to_match
from api.tables.runner import Write
from api.tables.seat_views import events_for, game_view
from engine.core.leaving import is_resign
from engine.core.match import check_action
from engine.games import get_game

log = logging.getLogger("deskovka.tables")
Answered = tuple[int, bytes, int]  # status, JSON body and the game's version


def parse_if_match(value: str | None) -> int | None:
    """Return the version an If-Match names (None for none or `*`).

    :raises Problem: 412, since an ETag that is not a version can never match.
    """
    if value is None or value.strip() == "*":
        return None
    version = tokens.header_number(value.strip().removeprefix("W/").strip('"'))
    if version is None:
        raise Problem("game/version_mismatch", f"If-Match {value[:40]!r} names no version of this game.")
    return version


@dataclass
class PersonMove:
    """A seat's action from its player, as a source of the runner."""

    token: str | None
    action: Any
    if_match_header: str | None
    key: str | None  # the idempotency record's key, for a request with an Idempotency-Key and a seat's token
    fingerprint: str
    grouped: bool = False  # the answer's legal actions in groups (`action_groups`), not the exact list
    hands_over = True

    def plan(self, services: Services, game_id: str) -> "Write | Answered":
        """One read (the game and, for a repeated request, its first answer), the checks and the play; the answer
        is serialised once, for the response and the idempotency record alike."""
        store = services.store
        loaded, stored = store.load_with_answer(game_id, self.key)
        record = playable(services, found(loaded, game_id))
        seat = tokens.seat_of(game_id, record.seats, self.token)
        if seat is None:
            raise Problem("auth/required", "Acting needs your seat's token: `Authorization: Bearer <token>`.")
        if stored is not None:
            if store.replica_acks:
                store.confirm_replicated(game_id)  # the first answer may have been a 503 before its replicas had it
            return replayed(services, record, seat, stored, self.fingerprint, self.grouped)
        # A malformed action is refused as such whatever version it names.
        check_action(get_game(record.type), self.action)
        if_match = parse_if_match(self.if_match_header)
        if if_match is not None and if_match != record.version:
            raise Problem(
                "game/version_mismatch",
                f"The game is at version {record.version}, not {if_match}.",
                version=record.version,
            )
        refuse_cancelled(record)
        if record.status == "open":
            raise Problem("game/not_started", "The game waits for players to take the open seats.")
        if not is_resign(self.action):
            room.require(services, record.owner, fresh=False)
        match, events = runner.play(to_match(record), seat, self.action)
        if bot_quota.over_quota(services.settings, store.connection, record, match):
            moved, more = bot_quota.abandon(finish(record, match)), False
        else:
            match, bot_events, more = bots.run_bots(record, match)
            events += bot_events
            moved = finish(record, match)
        body = orjson.dumps(
            {"type": moved.type, "game": game_view(moved, seat, self.grouped), "events": events_for(events, seat)}
        )
        # What answering a retry the same needs: the answer is rebuilt from the game's log (see `replayed`).
        answer = {
            "status": 200,
            "fingerprint": self.fingerprint,
            "since": record.version,
            "version": moved.version,
            "updated_at": moved.updated_at,
            "digest": digest(body),
        }
        if self.grouped:
            answer["grouped"] = True  # the form the digest is of
        return Write(
            record,
            moved,
            list(match.log),
            events,
            more,
            (self.key, answer) if self.key else None,
            reply=(200, body, moved.version),
        )


def act(
    services: Services,
    game_id: str,
    token: str | None,
    action: Any,
    if_match_header: str | None,
    idempotency_key: str | None,
    fingerprint: str,
    grouped: bool = False,
) -> tuple[Answered, int]:
    """Apply one action (and the bots' replies) as one compare-and-set; return status, JSON body and version, and
    how many versions the move added (0 for an answer repeated).

    :raises Problem, EngineError:
    """
    started = time.perf_counter()
    if not GAME_ID.match(game_id):
        raise not_found(game_id)
    claimed = tokens.claimed_seat(token)
    key = (
        services.store.idem_key(game_id, claimed, idempotency_key) if idempotency_key and claimed is not None else None
    )
    done = runner.run(services, game_id, PersonMove(token, action, if_match_header, key, fingerprint, grouped))
    if not isinstance(done, Write):
        return done, 0
    meters.moves.labels(done.moved.type).observe(time.perf_counter() - started)
    reply: Answered = done.reply
    return reply, done.moved.version - done.before.version


def digest(body: bytes) -> str:
    return hashlib.sha256(body).hexdigest()[:32]


def replayed(
    services: Services, record: GameRecord, seat: int, stored: dict[str, Any], fingerprint: str, grouped: bool = False
) -> Answered:
    """Answer a repeated request as the first time: the game re-run from its seed to the version that answer left
    (its legal actions in the form this request asks for, which may be the other one).

    :raises Problem: 422 when the key came with another action; 410 when the game can no longer be re-run.
    """
    if stored["fingerprint"] != fingerprint:
        raise Problem("idempotency/key_reused", "This Idempotency-Key was used for a different request.")
    if "body" in stored:  # kept whole, as answers were before they were rebuilt
        return stored["status"], orjson.dumps(stored["body"]), stored["body"]["game"]["version"]
    version = stored["version"]
    store, decks = services.store, services.decks
    if record.compact and version == record.version:
        then = rebuild.finished(store, decks, record)
    else:
        then = rebuild.replay_to(decks, record, store.log(record.id), version, record.deck)
    # A move is only made in a running game, so the answer saw it running unless that move ended it.
    status = "finished" if record.rules().outcome(then.state) is not None else "running"
    if status == "running" and version >= lengths.most_versions(record.type):
        status = "abandoned"
    answered = replace(record, state=then.state, version=version, status=status, updated_at=stored["updated_at"])
    events = [event for event in then.events if event["v"] > stored["since"]]
    body = orjson.dumps(
        {"type": record.type, "game": game_view(answered, seat, grouped), "events": events_for(events, seat)}
    )
    if grouped == stored.get("grouped", False) and digest(body) != stored["digest"]:
        log.warning("game %s: the answer rebuilt for version %s differs from the first", record.id, version)
    return stored["status"], body, version
