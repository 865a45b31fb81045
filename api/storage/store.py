"""The Redis game store: one hash-tagged key family per game, every write a compare-and-set."""

from dataclasses import dataclass, field, fields, replace
from enum import StrEnum
from functools import partial
from typing import Any

import orjson
import redis

from api import meters
from api.problems import Problem, store_unavailable
from api.storage import compact_docs, metrics, packing, parts, scripted
from api.storage.card_faces import event_table
from api.storage.holdings import Holdings
from engine.core.protocol import Game
from engine.decks.model import Deck
from engine.games import get_game

# The shape of a stored record: 2 keeps decks by id and content hash and cards as ids or deck positions; records of
# shape 1 carried each game's card catalogue in its state (see `api.storage.legacy`).
SHAPE = 2

# Compare-and-set on the record's revision; log, events and the idempotency record land in the same step.
# Events go into a stream, one entry per version (id `<version>-1`; field `z`: that version's events packed by
# `api.storage.packing`, or `e`: as a JSON array), so `after=N` is a range read; log items are packed too. The
# commit that ends a game (ARGV[13] set) leaves one key: the hash, its doc packed with the whole log in it.
# A move that changes the version is published on the moves channel as `<old version> <message>`, so every API
# process can wake its followers of the game without polling.
# KEYS[5], when given, is the metrics hash: the actions counter grows in the same step (not on a Cluster, where
# that key lives in another slot and the caller counts separately).
COMMIT = """
local rev = redis.call('HGET', KEYS[1], 'rev')
if ARGV[1] == '' then
  if rev then return {0} end
elseif rev ~= ARGV[1] then
  return {0}
end
if ARGV[5] ~= '' and redis.call('EXISTS', KEYS[4]) == 1 then return {2} end
if redis.call('TYPE', KEYS[3]).ok == 'list' then
  -- A game stored before events became a stream: fold its list into one entry per version.
  local by_version, order = {}, {}
  for _, raw in ipairs(redis.call('LRANGE', KEYS[3], 0, -1)) do
    local v = string.format('%d', cjson.decode(raw).v)
    if not by_version[v] then by_version[v] = {}; table.insert(order, v) end
    table.insert(by_version[v], raw)
  end
  redis.call('DEL', KEYS[3])
  for _, v in ipairs(order) do
    redis.call('XADD', KEYS[3], v .. '-1', 'e', '[' .. table.concat(by_version[v], ',') .. ']')
  end
end
local logs = tonumber(ARGV[7])
local batches = tonumber(ARGV[8])
local first = 14 + logs
for i = first, first + 3 * batches - 1, 3 do redis.call('XADD', KEYS[3], ARGV[i] .. '-1', ARGV[i + 1], ARGV[i + 2]) end
local old = redis.call('HGET', KEYS[1], 'version')
redis.call('HSET', KEYS[1], 'rev', ARGV[2], 'version', ARGV[3], 'doc', ARGV[4])
-- A compact game has no head: its doc is small, and followers read that.
if ARGV[11] == '' then redis.call('HDEL', KEYS[1], 'head') else redis.call('HSET', KEYS[1], 'head', ARGV[11]) end
if ARGV[13] ~= '' then
  -- The game is over: its log is in its packed doc, its events are rebuilt from the log when asked for.
  redis.call('DEL', KEYS[2], KEYS[3])
else
  for i = 14, 13 + logs do redis.call('RPUSH', KEYS[2], ARGV[i]) end
end
local ttl = tonumber(ARGV[6])
if ARGV[5] ~= '' then redis.call('SET', KEYS[4], ARGV[5], 'EX', tonumber(ARGV[12])) end
for i = 1, 3 do
  if redis.call('EXISTS', KEYS[i]) == 1 then redis.call('EXPIRE', KEYS[i], ttl) end
end
if old and tonumber(ARGV[3]) > tonumber(old) then
  -- A game's own channel (hash-tagged, in its slot) is sharded pub/sub; the one moves channel is classic.
  local publish = string.find(ARGV[9], '{', 1, true) and 'SPUBLISH' or 'PUBLISH'
  redis.call(publish, ARGV[9], old .. ' ' .. ARGV[10])
end
if KEYS[5] and logs > 0 then redis.call('HINCRBY', KEYS[5], 'actions', logs) end
return {1}
"""


class Commit(StrEnum):
    CONFLICT = "conflict"
    DONE = "done"
    ALREADY_ANSWERED = "already-answered"


# The statuses of a game that is over: its record is never played again.
ENDED = ("finished", "cancelled", "abandoned")


@dataclass
class GameRecord:
    """What the store keeps of one game besides its log and events."""

    id: str
    type: str
    players: int
    options: dict[str, Any]
    seed: int
    # None while a table with open seats waits for players: it is dealt when its last seat is taken.
    state: dict[str, Any] | None
    seats: list[dict[str, Any]]
    status: str
    created_at: str
    updated_at: str
    version: int = 0
    rev: int = field(default=0, compare=False)
    # With open seats the seed the creator chose is mixed with a server nonce; both are published in the replay.
    chosen_seed: int | None = None
    nonce: str | None = None
    shape: int = 1
    # A finished game is kept compact: no state (it is rebuilt from the seed and the log, see `api.storage.rebuild`),
    # only what its events' table was (`table`).
    compact: bool = False
    final_table: dict[str, Any] | None = None
    # A turn clock ({"per_turn": seconds, "on_timeout": "bot" | "resign"}), the deadline of each seat that must act
    # (Unix ms, by seat as a string) and each seat's turns run out in a row (api.tables.clocks).
    clock: dict[str, Any] | None = None
    deadlines: dict[str, int] = field(default_factory=dict)
    timeouts: dict[str, int] = field(default_factory=dict)
    # A table with open seats is cancelled when they are not all taken by then (Unix ms); its creator's seat may
    # cancel it before it starts; a finished game names the game its rematch created.
    open_until: int | None = None
    creator: int | None = None
    rematch: str | None = None
    # The client (`api.http.limits.clients`) that created the game: its quota of tables left to bots counts the
    # game once no person is left at it (`api.tables.bot_quota`). Never shown.
    owner: str | None = None
    # Why an `abandoned` game was stopped: at its most versions (None), or `bots_only` (its people all resigned
    # and its owner had no room in its quota of games of bots only).
    stopped: str | None = None
    # The deck the game plays, as `api.tables.loading.playable` found it: given to the rules, never stored.
    deck: Deck | None = field(default=None, compare=False, repr=False)

    def rules(self) -> Game:
        """The rules this game plays by, with its deck (once made playable; a built-in deck's game plays without)."""
        return get_game(self.type).playing(self.deck)

    def doc(self, log: list[dict[str, Any]] | None = None) -> bytes:
        """Return what the store keeps of the record: JSON, or for a compact game packed with its whole `log`."""
        # Not dataclasses.asdict: it deep-copies the whole state only for orjson to read it once.
        doc = {f.name: getattr(self, f.name) for f in fields(self) if f.name not in ("rev", "version", "deck")}
        if self.compact:
            short, cards = packing.shorten_log(self.type, self.final_table, log or [])
            return packing.pack_entry(self.type, {**doc, "log": short, "cards": cards})
        return orjson.dumps(doc)

    def head(self) -> dict[str, Any]:
        return {
            "status": self.status,
            "seats": [{"token_hash": seat.get("token_hash")} for seat in self.seats],
            "type": self.type,
            "table": self.table(),
            "compact": self.compact,
            "to_act": self.to_act(),
            "deadlines": self.deadlines,
        }

    def to_act(self) -> list[int]:
        """The seats that must act now, in order (none unless the game is running)."""
        if self.status != "running" or self.state is None:
            return []
        return sorted(get_game(self.type).to_act(self.state))

    def table(self) -> dict[str, Any] | None:
        """What reading this game's stored events needs besides them (its deck and language, if any)."""
        if self.compact:
            return self.final_table
        return None if self.state is None else event_table(self.type, self.state)


@dataclass
class Head:
    """What following a game needs of it: its version, status and seats' token hashes, without its state."""

    id: str
    version: int
    status: str
    seats: list[dict[str, Any]]
    type: str = ""  # the game type; empty in heads stored before it was kept there
    table: dict[str, Any] | None = None  # see GameRecord.table
    compact: bool = False
    # Whose turn it is, and their deadlines (Unix ms by seat), as the commit left them; None in heads stored before.
    to_act: list[int] | None = None
    deadlines: dict[str, int] | None = None


def head_of(record: GameRecord) -> Head:
    """The head of a record read whole (one stored before heads, or compact, which keeps none)."""
    kept = record.head()
    return Head(record.id, record.version, seats=record.seats, **{k: v for k, v in kept.items() if k != "seats"})


def dumps(value: Any) -> bytes:
    return orjson.dumps(value)


def held_bytes(args: list[Any]) -> tuple[int, int, bool, int]:
    """What a commit's arguments (`GameStore._commit_call`) hold in the store: the record's bytes, the log items' and
    event entries' bytes it appends, whether the record now holds everything (a compact game: no head), and its
    time to live. Payload bytes, not Redis' own overhead per key and item."""
    appended = 0
    if not args[12]:  # a game that is over keeps its log in its packed record: its log and events keys are deleted
        logs = int(args[6])
        appended = sum(len(item) for item in args[13 : 13 + logs])
        appended += sum(len(item) for item in args[13 + logs + 2 :: 3])
    return len(args[3]), appended, args[10] == "", int(args[5])


class GameStore:
    """Keep games in Redis; the connection is passed in, never global."""

    prefix = "dk"
    # Every move that changes a version is published here (see COMMIT), for the followers' wake-ups.
    moves_channel = "dk:moves"

    def __init__(self, connection: redis.Redis, replica_acks: int = 0, replica_timeout: float = 1.0) -> None:
        # Any: a plain Redis or a RedisCluster, whose replies (bytes here: responses are not decoded) redis-py's
        # types spell as str | bytes.
        self.connection: Any = connection
        self._commit = connection.register_script(COMMIT)
        self.holdings = Holdings(connection)
        self.cluster = isinstance(connection, redis.RedisCluster)
        self.replica_acks, self.replica_timeout = replica_acks, replica_timeout
        self._sharded: bool | None = None

    def sharded(self) -> bool:
        """Whether the server has sharded pub/sub (Redis 7+, Valkey), asked once.

        :raises redis.RedisError: when the server does not answer (ask again later).
        """
        if self._sharded is None:
            info = self.connection.info("server")
            if "redis_version" not in info:  # a Cluster client answers by node
                info = next(iter(info.values()))
            # Valkey reports the Redis version it is compatible with (7.2.4).
            self._sharded = int(str(info["redis_version"]).partition(".")[0]) >= 7
        return self._sharded

    def moves_channel_for(self, game_id: str) -> str:
        """Where a game's moves are published: its own channel, in its slot, on a server with sharded pub/sub."""
        return self.key_for(game_id, "moves") if self.sharded() else self.moves_channel

    def sharded_channel(self, game_id: str) -> str | None:
        """A game's own channel, or None on a server without sharded pub/sub (for `Followers`)."""
        return self.key_for(game_id, "moves") if self.sharded() else None

    @classmethod
    def key_for(cls, game_id: str, part: str) -> str:
        # The {g:<id>} hash tag keeps all of a game's keys in one Redis Cluster slot.
        return f"{cls.prefix}:{{g:{game_id}}}:{part}"

    def idem_key(self, game_id: str, seat: int, key: str) -> str:
        return self.key_for(game_id, f"idem:{seat}:{key}")

    def load(self, game_id: str) -> GameRecord | None:
        return self._record(self.connection.hmget(self.key_for(game_id, "state"), "rev", "version", "doc"))

    def exists(self, game_id: str) -> bool:
        return bool(self.connection.hexists(self.key_for(game_id, "state"), "doc"))

    def load_many(self, game_ids: list[str]) -> list[GameRecord | None]:
        """Read several games in one round trip (on a Cluster one a master: a quarter of the CPU of a read a game)."""
        with self.connection.pipeline(transaction=False) as pipe:
            for game_id in game_ids:
                pipe.hmget(self.key_for(game_id, "state"), "rev", "version", "doc")
            return [self._record(fields) for fields in pipe.execute()]

    def load_reachable(self, game_ids: list[str], name: str) -> tuple[list[GameRecord | None], set[str]]:
        """As `load_many`, but on a Cluster from the masters that answer (`api.storage.parts`): a game on one that
        does not is None, and named in the set returned beside."""
        found = parts.read(
            self.connection,
            [self.key_for(game_id, "state") for game_id in game_ids],
            lambda pipe, key: pipe.hmget(key, "rev", "version", "doc"),
            name,
        )
        unread = {game_id for game_id, state in zip(game_ids, found, strict=True) if state is None}
        return [None if state is None else self._record(state[0]) for state in found], unread

    def load_with_answer(self, game_id: str, idem_key: str | None) -> tuple[GameRecord | None, dict[str, Any] | None]:
        """Read a game and, in the same round trip, the stored answer under an idempotency key."""
        if idem_key is None:
            return self.load(game_id), None
        pipe = self.connection.pipeline(transaction=False)
        pipe.hmget(self.key_for(game_id, "state"), "rev", "version", "doc")
        pipe.get(idem_key)
        fields, raw = pipe.execute()
        return self._record(fields), None if raw is None else orjson.loads(raw)

    @staticmethod
    def _record(fields: list[Any]) -> GameRecord | None:
        rev, version, doc = fields
        if doc is None:
            return None
        key = compact_docs.digest(doc) if packing.is_packed(doc) else None
        kept = compact_docs.get(key) if key is not None else None
        if kept is None:
            kept = packing.unpack_entry(doc)
            for packed_only in ("log", "cards"):
                kept.pop(packed_only, None)
            if key is not None and kept.get("compact"):
                compact_docs.keep(key, kept)
        return GameRecord(**kept, version=int(version), rev=int(rev))

    def head(self, game_id: str) -> Head | None:
        """Read what a follower needs, a small field beside the state; None for a game stored without one."""
        version, head = self.connection.hmget(self.key_for(game_id, "state"), "version", "head")
        if head is not None:
            return Head(game_id, int(version), **orjson.loads(head))
        doc = self.connection.hget(self.key_for(game_id, "state"), "doc") if version is not None else None
        if doc is None or not packing.is_packed(doc):
            return None
        record = self._record([0, version, doc])
        assert record is not None
        return head_of(record)

    def heads(self, game_ids: list[str]) -> list[Head | None]:
        """Read several games' heads in one round trip (a compact game's small doc after it, as `head` does)."""
        if self.cluster:
            return [self.head(game_id) for game_id in game_ids]
        with self.connection.pipeline(transaction=False) as pipe:
            for game_id in game_ids:
                pipe.hmget(self.key_for(game_id, "state"), "version", "head")
            found = pipe.execute()
        return [
            Head(game_id, int(version), **orjson.loads(head))
            if head is not None
            else (None if version is None else self.head(game_id))
            for game_id, (version, head) in zip(game_ids, found, strict=True)
        ]

    def ttl(self, game_id: str) -> int:
        """Seconds the game has left (at least 1)."""
        return max(int(self.connection.ttl(self.key_for(game_id, "state"))), 1)

    def _head_of(self, game_id: str) -> "Head":
        record = self.load(game_id)
        assert record is not None, "a game with packed events is stored"
        return head_of(record)

    def version(self, game_id: str) -> int | None:
        version = self.connection.hget(self.key_for(game_id, "state"), "version")
        return None if version is None else int(version)

    def commit(
        self,
        record: GameRecord,
        expected_rev: int | None,
        ttl: int,
        log: list[dict[str, Any]] = (),  # type: ignore[assignment]
        events: list[dict[str, Any]] = (),  # type: ignore[assignment]
        answer: tuple[str, dict[str, Any]] | None = None,
        answer_ttl: int | None = None,
    ) -> Commit:
        """Write the record if its revision is still `expected_rev` (None: the game must not exist yet).

        `answer` (key, first answer) is kept for `answer_ttl` seconds, never longer than the game (`ttl`).
        """
        keys, args, new_rev = self._commit_call(record, expected_rev, ttl, log, events, answer, answer_ttl)
        noted: Any = None
        if record.owner is not None and not self.cluster and not self.replica_acks:
            # The owner's ledger in the same round trip, noted only if the commit landed.
            with self.connection.pipeline(transaction=False) as pipe:
                pipe.execute_command("EVALSHA", self._commit.sha, len(keys), *keys, *args)
                pipe.execute_command(
                    *self.holdings.call_after((keys[0], new_rev), record.owner, record.id, *held_bytes(args))
                )
                result, noted = pipe.execute(raise_on_error=False)
            if isinstance(result, redis.exceptions.NoScriptError):  # a Redis that lost its scripts: load them
                result, noted = self._commit(keys=keys, args=args), None
            elif isinstance(result, Exception):
                raise result
        elif not self.replica_acks:
            result = self._commit(keys=keys, args=args)
        else:
            result = self._commit_acked(keys, args)
        done = self._settled(record, result, new_rev, len(log))
        if (
            done is Commit.DONE
            and record.owner is not None
            and (noted is None or not isinstance(noted, int) or noted < 0)
        ):
            self.holdings.note(record.owner, record.id, *held_bytes(args))
        return done

    def commit_many(
        self, writes: list[tuple[GameRecord, int | None, int, list[dict[str, Any]], list[dict[str, Any]]]]
    ) -> list[Commit]:
        """Commit several games' writes (record, expected rev, ttl, log, events) in one round trip, each its own
        compare-and-set (on a Cluster one batch a master; with replica acknowledgements one after another, since
        WAIT counts the writes of one connection)."""
        if self.replica_acks:
            return [self.commit(*write) for write in writes]
        calls = [self._commit_call(*write, None, None) for write in writes]
        with self.connection.pipeline(transaction=False) as pipe:
            for keys, args, _ in calls:
                scripted.queue(self._commit, pipe, keys, args)
            results = pipe.execute(raise_on_error=False)
        results = scripted.settle(
            results, [partial(scripted.run, self._commit, self.connection, keys, args) for keys, args, _ in calls]
        )
        done = [
            self._settled(write[0], result, call[2], len(write[3]), count=False)
            for write, call, result in zip(writes, calls, results, strict=True)
        ]
        if self.cluster:  # the batch's actions counted at once (on one Redis each commit counts its own)
            landed = [len(write[3]) for write, result in zip(writes, done, strict=True) if result is Commit.DONE]
            metrics.count(self.connection, "actions", sum(landed))
        owned = [
            partial(self.holdings.note, write[0].owner, write[0].id, *held_bytes(call[1]))
            for write, call, landed in zip(writes, calls, done, strict=True)
            if landed is Commit.DONE and write[0].owner is not None
        ]
        if owned:
            with self.connection.pipeline(transaction=False) as pipe:
                for note in owned:
                    note(client=pipe)
                scripted.settle(pipe.execute(raise_on_error=False), owned)
        return done

    def _commit_call(
        self,
        record: GameRecord,
        expected_rev: int | None,
        ttl: int,
        log: list[dict[str, Any]],
        events: list[dict[str, Any]],
        answer: tuple[str, dict[str, Any]] | None,
        answer_ttl: int | None,
    ) -> tuple[list[str], list[Any], int]:
        keys = [self.key_for(record.id, part) for part in ("state", "log", "events")]
        keys.append(answer[0] if answer else self.key_for(record.id, "idem:-"))
        if not self.cluster:
            keys.append(metrics.KEY)
        new_rev = 1 if expected_rev is None else expected_rev + 1
        batches: dict[int, list[dict[str, Any]]] = {}
        for event in events:
            batches.setdefault(event["v"], []).append(event)
        head = record.head()
        moved = {
            "game": record.id,
            "version": record.version,
            "status": record.status,
            "events": events,
            "to_act": head["to_act"],
            "deadlines": head["deadlines"],
        }
        final, whole = b"", []
        if record.status == "finished" and not record.compact and record.state is not None:
            # Read outside the script, but a write since the caller's read would have changed the revision.
            whole = [*self.log(record.id), *log]
            # Only a log of every version can be re-run to the end; anything else is kept as it is.
            if [entry.get("v") for entry in whole] == list(range(1, record.version + 1)):
                final = b"1"
                record = replace(record, state=None, compact=True, final_table=record.table())
        elif record.compact:
            whole = self.log(record.id)
            record = replace(record, state=None)  # rebuilt when read, never written back
        table = record.table()
        stream: list[Any] = []
        for v, batch in batches.items() if not final else ():
            exact = dumps(batch)
            packed = packing.pack_events(record.type, table, v, batch, exact)
            stream += (v, "e", exact) if packed is None else (v, "z", packed)
        args: list[Any] = [
            "" if expected_rev is None else str(expected_rev),
            new_rev,
            record.version,
            record.doc(whole if record.compact else None),
            dumps(answer[1]) if answer else "",
            ttl,
            len(log),
            len(batches) if not final else 0,
            self.moves_channel_for(record.id),
            dumps(moved),
            "" if record.compact else dumps(head),
            ttl if answer_ttl is None else min(ttl, answer_ttl),
            final,
            *(packing.pack_entry(record.type, entry) for entry in log),
            *stream,
        ]
        return keys, args, new_rev

    def _settled(self, record: GameRecord, result: list[int], new_rev: int, logged: int, count: bool = True) -> Commit:
        if result[0] == 1:
            record.rev = new_rev  # the caller's record, not the compacted copy that was written
            if self.cluster and count:
                metrics.count(self.connection, "actions", logged)
            if logged:
                meters.actions.labels(record.type).inc(logged)
            return Commit.DONE
        return Commit.ALREADY_ANSWERED if result[0] == 2 else Commit.CONFLICT

    def _commit_acked(self, keys: list[str], args: list[Any]) -> list[int]:
        """Run the commit and WAIT for `replica_acks` replicas in one round trip on one connection (WAIT counts the
        writes of the connection it is sent on), on the master of the game's slot.

        :raises Problem: 503 `store/unavailable` when the replicas do not confirm within `replica_timeout`; the
            master keeps the write, so the client repeats the move with its Idempotency-Key.
        """
        pipe = self._master_pipeline(keys[0])
        self._commit(keys=keys, args=args, client=pipe)
        result, acked = self._replicated(pipe)
        if result[0] == 1:
            self._enough(acked)
        return result

    def confirm_replicated(self, game_id: str) -> None:
        """Before answering a repeated request from its first answer: return once `replica_acks` replicas hold the
        game's writes so far (a marker written after them, and WAIT; replication keeps the master's order).

        :raises Problem: 503 `store/unavailable`, as for the first answer.
        """
        key = self.key_for(game_id, "replicated")
        pipe = self._master_pipeline(key)
        pipe.set(key, 1, px=1000)
        self._enough(self._replicated(pipe)[1])

    def _master_pipeline(self, key: str) -> Any:
        node = self.connection
        if self.cluster:
            node = self.connection.get_redis_connection(self.connection.get_node_from_key(key))
        return node.pipeline(transaction=False)

    def _replicated(self, pipe: Any) -> list[Any]:
        pipe.execute_command("WAIT", self.replica_acks, max(1, int(self.replica_timeout * 1000)))
        try:
            return pipe.execute()
        except redis.ResponseError as error:
            if self.cluster and str(error).startswith(("MOVED", "ASK")):
                # The slot moved (a failover): learn the new masters; the request is answered 503 and retried.
                self.connection.nodes_manager.initialize()
                raise redis.exceptions.TryAgainError(str(error)) from error
            raise

    def _enough(self, acked: Any) -> None:
        if int(acked) < self.replica_acks:
            meters.store_errors.labels("ReplicaAcksTimeout").inc()
            problem = store_unavailable()
            raise Problem(
                problem.code,
                f"The change was not copied to {self.replica_acks} replica(s) within "
                f"{self.replica_timeout:g} s, so it could be lost if the store failed now. Repeat it with "
                "the same Idempotency-Key: it is applied once either way.",
                headers=problem.headers,
            )

    def delete(self, game_id: str) -> None:
        """Drop a game that nobody has seen (a rematch that lost the race to create it)."""
        self.connection.delete(*(self.key_for(game_id, part) for part in ("state", "log", "events")))

    def answer(self, game_id: str, seat: int, key: str) -> dict[str, Any] | None:
        """Return the stored first answer to an idempotent request, if any."""
        raw = self.connection.get(self.idem_key(game_id, seat, key))
        return None if raw is None else orjson.loads(raw)

    def log(self, game_id: str) -> list[dict[str, Any]]:
        """Return the action log, oldest first (a compact game keeps it in its doc)."""
        entries = [packing.unpack_entry(raw) for raw in self.connection.lrange(self.key_for(game_id, "log"), 0, -1)]
        if entries:
            return entries
        doc = self.connection.hget(self.key_for(game_id, "state"), "doc")
        if doc is None or not packing.is_packed(doc):
            return []
        kept = packing.unpack_entry(doc)
        if kept.get("cards"):
            return packing.lengthen_log(kept["type"], kept["final_table"], kept["log"])
        return kept.get("log") or []

    def events(self, game_id: str, after: int = 0) -> list[dict[str, Any]]:
        """Return every event of versions after `after`, oldest first (the whole rest of the stream)."""
        return self.event_page(game_id, after, None).events

    def event_page(self, game_id: str, after: int, count: int | None, head: "Head | None" = None) -> "EventPage":
        """Return the events of at most `count` versions after `after` (None: all), oldest first: one range read.

        A running game's stream only: a compact (finished) game's events are rebuilt (`api.storage.rebuild`).
        `head` tells how to unpack packed entries (read when not given).
        """
        key = self.key_for(game_id, "events")
        try:
            entries = self.connection.xrange(key, min=f"{after + 1}-0", count=count)
        except redis.ResponseError as error:
            if "WRONGTYPE" not in str(error):
                raise
            # Stored before events became a stream, and not moved since: read whole, once, until its next move.
            return EventPage.of(
                [e for raw in self.connection.lrange(key, 0, -1) if (e := orjson.loads(raw))["v"] > after], count
            )
        last = int(entries[-1][0].partition(b"-")[0]) if entries else None
        events: list[dict[str, Any]] = []
        for entry_id, stored in entries:
            raw = stored.get(b"z")
            if raw is None:
                events += orjson.loads(stored[b"e"])
                continue
            if head is None or not head.type:
                head = self.head(game_id) or self._head_of(game_id)
            events += packing.unpack_events(head.type, head.table, int(entry_id.partition(b"-")[0]), raw)
        return EventPage(events, last, count is not None and len(entries) == count)


@dataclass(frozen=True)
class EventPage:
    """The events of consecutive stored versions: `last` is the last version read (None: none), `full` says the
    page holds as many versions as were asked for, so more may follow."""

    events: list[dict[str, Any]]
    last: int | None
    full: bool

    @classmethod
    def of(cls, events: list[dict[str, Any]], count: int | None) -> "EventPage":
        """Cut events (oldest first) after their `count`th version."""
        kept: list[dict[str, Any]] = []
        versions = 0
        for event in events:
            if not kept or event["v"] != kept[-1]["v"]:
                if versions == count:
                    return cls(kept, kept[-1]["v"], True)
                versions += 1
            kept.append(event)
        return cls(kept, kept[-1]["v"] if kept else None, count is not None and versions == count)
