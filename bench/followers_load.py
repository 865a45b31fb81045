"""Many followers of games on a live server, over plain asyncio sockets: long-polls, streams, moves, probes.

Shared by bench/bench_followers.py and the live followers test. A follower records when each version of its game
reached it; the mover records when each move's 200 arrived, so the two give the wake-up delay of every follower.
"""

import asyncio
import time
from collections import defaultdict
from dataclasses import dataclass, field

import orjson


class HttpError(Exception):
    pass


async def read_head(reader: asyncio.StreamReader) -> tuple[int, dict[str, str]]:
    status_line = await reader.readline()
    if not status_line:
        raise HttpError("connection closed")
    status = int(status_line.split()[1])
    headers = {}
    while (line := await reader.readline()) not in (b"\r\n", b""):
        name, _, value = line.decode().partition(":")
        headers[name.strip().lower()] = value.strip()
    return status, headers


async def chunks(reader: asyncio.StreamReader):
    """Yield the chunks of a chunked body as they arrive."""
    while True:
        size = int((await reader.readline()).strip() or b"0", 16)
        if size == 0:
            await reader.readline()
            return
        data = await reader.readexactly(size)
        await reader.readexactly(2)
        yield data


async def read_body(reader: asyncio.StreamReader, headers: dict[str, str]) -> bytes:
    if headers.get("transfer-encoding") == "chunked":
        return b"".join([chunk async for chunk in chunks(reader)])
    return await reader.readexactly(int(headers.get("content-length", 0)))


def request_bytes(method: str, path: str, body: bytes | None = None, headers: dict[str, str] | None = None) -> bytes:
    lines = [f"{method} {path} HTTP/1.1", "Host: bench"]
    lines += [f"{name}: {value}" for name, value in (headers or {}).items()]
    if body is not None:
        lines += ["Content-Type: application/json", f"Content-Length: {len(body)}"]
    return ("\r\n".join(lines) + "\r\n\r\n").encode() + (body or b"")


class Connection:
    """One kept-alive HTTP/1.1 connection."""

    def __init__(self, host: str, port: int) -> None:
        self.host, self.port = host, port
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None

    async def call(self, method: str, path: str, json=None, headers=None) -> tuple[int, dict[str, str], bytes]:
        if self.writer is None:
            self.reader, self.writer = await asyncio.open_connection(self.host, self.port)
        assert self.reader is not None
        body = None if json is None else orjson.dumps(json)
        self.writer.write(request_bytes(method, path, body, headers))
        status, head = await read_head(self.reader)
        data = await read_body(self.reader, head)
        if head.get("connection") == "close":
            self.close()
        return status, head, data

    async def json(self, method: str, path: str, json=None, headers=None):
        status, _, data = await self.call(method, path, json, headers)
        if status >= 300:
            raise HttpError(f"{method} {path}: {status} {data[:300]!r}")
        return orjson.loads(data)

    def close(self) -> None:
        if self.writer is not None:
            self.writer.close()
        self.reader = self.writer = None


async def call_once(host: str, port: int, method: str, path: str, headers=None) -> tuple[int, dict[str, str], bytes]:
    """One request on a connection of its own."""
    conn = Connection(host, port)
    try:
        return await conn.call(method, path, headers=headers)
    finally:
        conn.close()


def bearer(token: str | None) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"} if token else {}


@dataclass
class Game:
    id: str
    tokens: dict[int, str]
    finished: bool = False


@dataclass
class Record:
    """What a run saw: when each version reached each follower, and when each move was answered."""

    received: dict[tuple[str, int], list[float]] = field(default_factory=lambda: defaultdict(list))
    answered: dict[tuple[str, int], float] = field(default_factory=dict)
    move_seconds: list[float] = field(default_factory=list)
    health_seconds: list[float] = field(default_factory=list)
    followers_of: dict[str, int] = field(default_factory=lambda: defaultdict(int))
    orders: list[list[int]] = field(default_factory=list)  # versions each follower saw, in order
    ready: int = 0  # followers that have been answered once (a stream's first line, a long-poll's request sent)
    errors: list[str] = field(default_factory=list)

    def delays(self) -> tuple[list[float], int]:
        """Seconds from each move's 200 to each follower's receipt of it, and how many receipts are missing."""
        delays, missing = [], 0
        for (game_id, version), at in self.answered.items():
            got = self.received.get((game_id, version), [])
            missing += max(self.followers_of[game_id] - len(got), 0)
            delays += [t - at for t in got]
        return delays, missing


async def create_games(conn: Connection, count: int, hand_size: int = 10) -> list[Game]:
    games = []
    for _ in range(count):
        created = await conn.json(
            "POST",
            "/v1/games",
            {"type": "timeline", "seats": [{"name": "A"}, {"name": "B"}], "options": {"hand_size": hand_size}},
        )
        games.append(Game(created["game"]["id"], {t["seat"]: t["token"] for t in created["tokens"]}))
    return games


async def move(conn: Connection, game: Game, record: Record) -> int | None:
    """Make the first legal move of the seat to act; record its time and when its 200 came. None: game over."""
    state = await conn.json("GET", f"/v1/games/{game.id}")
    if state["status"] != "running":
        game.finished = True
        return None
    seat = state["to_act"][0]
    mine = await conn.json("GET", f"/v1/games/{game.id}", headers=bearer(game.tokens[seat]))
    started = time.monotonic()
    answer = await conn.json(
        "POST",
        f"/v1/games/{game.id}/actions",
        mine["legal_actions"][0],
        {**bearer(game.tokens[seat]), "If-Match": f'"{mine["version"]}"'},
    )
    done = time.monotonic()
    record.move_seconds.append(done - started)
    version = answer["game"]["version"]
    record.answered[(game.id, version)] = done
    if answer["game"]["status"] == "finished":
        game.finished = True
    return version


async def long_poll(host: str, port: int, game_id: str, record: Record, wait: float = 30) -> None:
    conn = Connection(host, port)
    after, seen = 0, []
    record.orders.append(seen)
    record.followers_of[game_id] += 1
    first = True
    try:
        while True:
            request = conn.json("GET", f"/v1/games/{game_id}/events?after={after}&wait={wait:g}")
            if first:
                record.ready += 1
                first = False
            body = await request
            now = time.monotonic()
            for version in sorted({event["v"] for event in body["events"]}):
                record.received[(game_id, version)].append(now)
                seen.append(version)
            after = body["version"]
    except (HttpError, OSError, asyncio.IncompleteReadError) as error:
        record.errors.append(f"long-poll {game_id}: {error!r}")
    finally:
        conn.close()


async def stream(host: str, port: int, game_id: str, record: Record, lifetime: float = 300) -> None:
    """Follow a game's server-sent events until the game ends or the stream's lifetime runs out."""
    seen: list[int] = []
    record.orders.append(seen)
    record.followers_of[game_id] += 1
    writer = None
    try:
        reader, writer = await asyncio.open_connection(host, port)
        writer.write(
            request_bytes(
                "GET", f"/v1/games/{game_id}/events?wait={lifetime:g}", headers={"Accept": "text/event-stream"}
            )
        )
        status, head = await read_head(reader)
        if status != 200:
            raise HttpError(f"stream {status}: {await read_body(reader, head)!r}")
        record.ready += 1
        buffer = b""
        async for chunk in chunks(reader):
            now = time.monotonic()
            buffer += chunk
            *messages, buffer = buffer.split(b"\n\n")
            for message in messages:
                if message.startswith(b"id: "):
                    version = int(message.split(b"\n", 1)[0][4:])
                    record.received[(game_id, version)].append(now)
                    seen.append(version)
    except (HttpError, OSError, asyncio.IncompleteReadError) as error:
        record.errors.append(f"stream {game_id}: {error!r}")
    finally:
        if writer is not None:
            writer.close()


async def probe_health(host: str, port: int, record: Record, stop: asyncio.Event | None, every: float = 0.1) -> None:
    """GET /healthz on a new connection every `every` seconds until `stop` (None: once), as a load balancer would."""
    while True:
        started = time.monotonic()
        conn = Connection(host, port)
        try:
            await conn.json("GET", "/healthz")
            record.health_seconds.append(time.monotonic() - started)
        except (HttpError, OSError, asyncio.IncompleteReadError) as error:
            record.errors.append(f"healthz: {error!r}")
        finally:
            conn.close()
        if stop is None or stop.is_set():
            return
        await asyncio.sleep(max(every - (time.monotonic() - started), 0))


async def open_followers(
    host: str, port: int, games: list[Game], count: int, record: Record, batch: int = 250
) -> list[asyncio.Task]:
    """Open `count` followers over the games, alternately long-poll and stream; wait until all are answered."""
    tasks = []
    for i in range(count):
        game = games[i % len(games)]
        follower = long_poll(host, port, game.id, record) if i % 2 == 0 else stream(host, port, game.id, record)
        tasks.append(asyncio.create_task(follower))
        if (i + 1) % batch == 0:
            await asyncio.sleep(0.05)
    deadline = time.monotonic() + 60
    while record.ready < count and time.monotonic() < deadline:
        await asyncio.sleep(0.05)
    return tasks


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(int(len(ordered) * share), len(ordered) - 1)] if ordered else float("nan")
