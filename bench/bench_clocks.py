"""Turn clocks: what 100,000 waiting clocked tables cost Redis, and how fast 10,000 same-second deadlines fire.

- Waiting: 100,000 clocked tables (deadlines an hour away) and two keepers, as `deskovka serve` runs them; Redis
  commands a second over 10 s, side by side with the same keepers and no tables (the floor).
- Firing: 10,000 tables whose deadlines fall at the same instant; the time from it until every table was moved on
  by the two keepers, and that each got one clock move. The floor is a bare script doing the essential work (read
  the table, play the random bot's move with the engine, write state and log back) one table after another in one
  process; interleaved runs, medians.

Tables are copies of one real clocked Timeline table made through the API, under new ids.
Run: `python bench/bench_clocks.py [--waiting 100000] [--firing 10000] [--runs 3]`.
"""

import argparse
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

import orjson
import redis

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from api.http.app import create_app  # noqa: E402
from api.storage import due, packing  # noqa: E402
from api.storage.store import GameStore  # noqa: E402
from bench.scratch_redis import scratch_redis  # noqa: E402
from engine.core.match import Match, play  # noqa: E402
from engine.core.protocol import RandomBot  # noqa: E402
from engine.core.rng import Rng  # noqa: E402
from engine.games import get_game  # noqa: E402


def template(url: str) -> dict:
    app = create_app({"REDIS_URL": url, "QUEUE_URL": url, "RATE_LIMITS": {}, "TESTING": True})
    body = {"type": "timeline", "seats": [{"name": "A"}, {"name": "B"}], "clock": {"per_turn": 3600}, "seed": 1}
    game = app.test_client().post("/v1/games", json=body).get_json()["game"]
    connection = redis.Redis.from_url(url)
    state = connection.hgetall(GameStore.key_for(game["id"], "state"))
    connection.flushdb()
    return {key.decode(): value for key, value in state.items()}


def copy_tables(connection: redis.Redis, fields: dict, count: int, at: int, due_at: int | None = None) -> list[str]:
    """Write `count` copies of the table under new ids, its running deadline at `at`, due at `due_at` (or `at`)."""
    doc = orjson.loads(fields["doc"])
    ids = [f"{n:016x}" for n in range(1, count + 1)]
    for start in range(0, count, 1000):
        with connection.pipeline(transaction=False) as pipe:
            for game_id in ids[start : start + 1000]:
                copy = {**doc, "id": game_id, "deadlines": {seat: at for seat in doc["deadlines"]}}
                pipe.hset(GameStore.key_for(game_id, "state"), mapping={**fields, "doc": orjson.dumps(copy)})
            for game_id in ids[start : start + 1000]:
                pipe.zadd(due.clocks_key(game_id), {game_id: at if due_at is None else due_at})
            pipe.execute()
    return ids


def keepers(url: str, count: int = 2) -> list[subprocess.Popen]:
    env = {
        **os.environ,
        "DESKOVKA_REDIS_URL": url,
        "DESKOVKA_QUEUE_URL": url,
        "PYTHONPATH": str(Path(__file__).resolve().parent.parent),
    }
    return [
        subprocess.Popen(
            [sys.executable, "-m", "api.cli", "keeper"], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
        )
        for _ in range(count)
    ]


def cpu_seconds(processes: list[subprocess.Popen]) -> float:
    """User and system CPU the processes have used so far."""
    total = 0
    for process in processes:
        fields = Path(f"/proc/{process.pid}/stat").read_text().rsplit(")", 1)[1].split()
        total += int(fields[11]) + int(fields[12])
    return total / os.sysconf("SC_CLK_TCK")


def redis_seconds(connection: redis.Redis) -> float:
    cpu = connection.info("cpu")
    return float(cpu["used_cpu_user"]) + float(cpu["used_cpu_sys"])


def stop(processes: list[subprocess.Popen]) -> None:
    for process in processes:
        process.terminate()
    for process in processes:
        process.wait(30)


def wait_for_keepers(connection: redis.Redis) -> None:
    """Wait until the keepers tick (a few seconds to start on a busy machine): their claim script has run often."""

    def claims() -> int:
        return sum(
            stats["calls"]
            for name, stats in connection.info("commandstats").items()
            if name in ("cmdstat_evalsha", "cmdstat_eval")
        )

    first = claims()
    while claims() < first + 40:
        time.sleep(0.2)


def commands_per_second(connection: redis.Redis, seconds: float = 10.0) -> float:
    before = connection.info("stats")["total_commands_processed"]
    time.sleep(seconds)
    return (connection.info("stats")["total_commands_processed"] - before - 1) / seconds


def waiting(url: str, fields: dict, tables: int) -> tuple[float, float]:
    """Commands a second with `tables` waiting, and with none, the same two keepers looking."""
    connection = redis.Redis.from_url(url)
    copy_tables(connection, fields, tables, due.millis(3600))
    running = keepers(url)
    try:
        wait_for_keepers(connection)
        loaded = commands_per_second(connection)
        connection.delete(*(clocks for clocks, _ in due.CLAIMED))
        for key in connection.scan_iter("dk:{g:*", count=10_000):
            connection.delete(key)
        return loaded, commands_per_second(connection)
    finally:
        stop(running)
        connection.flushdb()


def firing(url: str, fields: dict, tables: int) -> tuple[float, float]:
    """Seconds from the shared deadline until the keepers moved every table on, and the keepers' CPU seconds
    meanwhile; checks one clock move each."""
    connection = redis.Redis.from_url(url)
    # Every copy's deadline has passed, but none is due before the instant set below, all at once.
    ids = copy_tables(connection, fields, tables, due.millis(-1), due.millis(3600))
    running = keepers(url)
    try:
        wait_for_keepers(connection)
        at = due.millis(1)
        with connection.pipeline(transaction=False) as pipe:
            for game_id in ids:
                pipe.zadd(due.clocks_key(game_id), {game_id: at})
            pipe.execute()
        cpu, redis_cpu = cpu_seconds(running), redis_seconds(connection)
        assert due.millis() < at, "scheduling took longer than the lead"
        left = list(ids)
        while left:
            time.sleep(0.05)
            with connection.pipeline(transaction=False) as pipe:
                for game_id in left:
                    pipe.hget(GameStore.key_for(game_id, "state"), "version")
                versions = pipe.execute()
            left = [game_id for game_id, version in zip(left, versions, strict=True) if version == b"0"]
        done = due.millis()
        cpu, redis_cpu = cpu_seconds(running) - cpu, redis_seconds(connection) - redis_cpu
        print(f"  Redis used {redis_cpu:.2f} s of CPU meanwhile")
        time.sleep(1)
        with connection.pipeline(transaction=False) as pipe:
            for game_id in ids:
                pipe.lrange(GameStore.key_for(game_id, "log"), 0, -1)
            logs = pipe.execute()
        once = all(len(log) == 1 and packing.unpack_entry(log[0])["by"] == "clock" for log in logs)
        assert once, "a deadline fired twice"
        return (done - at) / 1000, cpu
    finally:
        stop(running)
        connection.flushdb()


def floor(url: str, fields: dict, tables: int) -> tuple[float, float]:
    """A bare script: read each table, play the random bot's move for the seat to act, write state and log back."""
    connection = redis.Redis.from_url(url)
    ids = copy_tables(connection, fields, tables, due.millis(3600))
    game, bot = get_game("timeline"), RandomBot()
    started, cpu = time.perf_counter(), time.process_time()
    for game_id in ids:
        key = GameStore.key_for(game_id, "state")
        version, raw = connection.hmget(key, "version", "doc")
        doc = orjson.loads(raw)
        match = Match(game, doc["players"], doc["options"], doc["seed"], doc["state"], int(version))
        seat = min(match.to_act())
        match, _ = play(match, seat, bot.choose(game, match.state, seat, Rng(doc["seed"], counter=7)))
        doc["state"] = match.state
        with connection.pipeline() as pipe:
            pipe.hset(key, mapping={"version": match.version, "doc": orjson.dumps(doc)})
            pipe.rpush(GameStore.key_for(game_id, "log"), orjson.dumps(match.log[-1]))
            pipe.execute()
    elapsed, cpu = time.perf_counter() - started, time.process_time() - cpu
    connection.flushdb()
    return elapsed, cpu


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--waiting", type=int, default=100_000)
    parser.add_argument("--firing", type=int, default=10_000)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    with scratch_redis() as url:
        fields = template(url)
        loaded, idle = waiting(url, fields, args.waiting)
        print(f"waiting: {args.waiting} clocked tables: {loaded:.1f} commands/s; no tables: {idle:.1f} commands/s")
        fired, bare, fired_cpu, bare_cpu = [], [], [], []
        for run in range(args.runs):
            seconds, cpu = firing(url, fields, args.firing)
            fired.append(seconds)
            fired_cpu.append(cpu)
            seconds, cpu = floor(url, fields, args.firing)
            bare.append(seconds)
            bare_cpu.append(cpu)
            print(
                f"run {run + 1}: {args.firing} deadlines all acted on {fired[-1]:.2f} s after them by 2 keepers "
                f"({fired_cpu[-1]:.2f} s of their CPU); bare script {bare[-1]:.2f} s ({bare_cpu[-1]:.2f} s CPU)"
            )
        print(
            f"median: keepers {statistics.median(fired):.2f} s ({statistics.median(fired_cpu):.2f} s CPU), bare "
            f"script {statistics.median(bare):.2f} s ({statistics.median(bare_cpu):.2f} s CPU); wall ratio "
            f"{statistics.median(fired) / statistics.median(bare):.2f}, CPU ratio "
            f"{statistics.median(fired_cpu) / statistics.median(bare_cpu):.2f}"
        )


if __name__ == "__main__":
    main()
