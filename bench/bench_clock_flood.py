"""Turn clocks under the keeper flood: how late another table's 2 s turn clock fires while many addresses keep
tables of bots playing, side by side with the same clocks on the idle server, interleaved in one run.

One default `deskovka serve` (every quota on). The flood: each of `--addresses` loopback addresses (127.0.1.x)
creates games of bots only (two `hit-rate` bots at 0, which never end before the game's most versions) until its
quota refuses them (2 at once), then tries the resignation trick `--tricks` times (a person and seven such bots,
resigning at once: the table is abandoned past the quota, so the keeper never plays it), and keeps asking for more
games of bots once a second, as a hostile client would. The clocks: `--clocks` tables of two people (from
127.0.0.2) who never act, each with a 2 s turn clock that the keeper's bot plays when it runs out; a follower
long-polls each table's events, and a clock's lateness is when its `turn_timed_out` event reached the follower less
the deadline the table showed. Phases: idle, flood, idle, flood, ... (`--rounds`, `--seconds` each); between
rounds the bench takes the flood's tables out of the keeper's due set, so the next idle phase is idle.

With `--bot-games off` there is no quota: each address makes games of bots until the games limit (30 a minute)
says no, and every trick's table plays on, the issue's flood of some 800 tables.

Run from the repository root: python bench/bench_clock_flood.py [--addresses 21] [--rounds 2] [--seconds 30]
"""

import argparse
import http.client
import sys
import tempfile
import threading
import time
from datetime import datetime
from pathlib import Path

import orjson
import redis

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.bench_followers import free_port  # noqa: E402
from bench.bench_hostile import NEVER_ENDING, call, start_serve  # noqa: E402

HOST = "127.0.0.1"
CLOCKED = {
    "type": "timeline",
    "options": {"hand_size": 10},
    "seats": [{"name": "Ann"}, {"name": "Bob"}],
    "clock": {"per_turn": 2, "on_timeout": "bot"},
}
TRICK = {
    "type": "timeline",
    "options": {"hand_size": 10},
    "seats": [{"name": "Ann"}] + [{"bot": "hit-rate", "bot_options": {"hit_rate": 0}}] * 7,
}


def connect(port: int, source: str) -> http.client.HTTPConnection:
    return http.client.HTTPConnection(HOST, port, timeout=60, source_address=(source, 0))


def millis(rfc3339: str) -> float:
    return datetime.fromisoformat(rfc3339.replace("Z", "+00:00")).timestamp() * 1000


class Flood:
    """One address's flood: its games of bots, its resignation tricks, its asking again."""

    def __init__(self, port: int, source: str, tricks: int) -> None:
        self.port, self.source, self.tricks = port, source, tricks
        self.tables: list[str] = []
        self.counts: dict[str, int] = {}

    def count(self, what: str) -> None:
        self.counts[what] = self.counts.get(what, 0) + 1

    def run(self, until: float) -> None:
        conn = connect(self.port, self.source)
        while True:  # games of bots only until the quota says no
            status, body, _ = call(conn, "POST", "/v1/games", NEVER_ENDING)
            self.count(f"bots {status}")
            if status != 201:
                break
            self.tables.append(orjson.loads(body)["game"]["id"])
        for _ in range(self.tricks):
            status, body, _ = call(conn, "POST", "/v1/games", TRICK)
            if status != 201:
                self.count(f"trick create {status}")
                continue
            made = orjson.loads(body)
            game_id, token = made["game"]["id"], made["tokens"][0]["token"]
            status, body, _ = call(
                conn, "POST", f"/v1/games/{game_id}/resign", headers={"Authorization": f"Bearer {token}"}
            )
            self.count(f"trick {orjson.loads(body)['game']['status'] if status == 200 else status}")
            self.tables.append(game_id)
        while time.monotonic() < until:
            status, body, _ = call(conn, "POST", "/v1/games", NEVER_ENDING)
            self.count(f"again {status}")
            if status == 201:
                self.tables.append(orjson.loads(body)["game"]["id"])
            time.sleep(1)
        conn.close()


def follow_clock(port: int, until: float, lateness: list[float]) -> None:
    """Create a clocked table and note each run-out's lateness until `until`."""
    conn = connect(port, "127.0.0.2")
    status, body, _ = call(conn, "POST", "/v1/games", CLOCKED)
    assert status == 201, body
    game = orjson.loads(body)["game"]
    while time.monotonic() < until:
        deadline = min(millis(entry["at"]) for entry in game["clock"]["deadlines"])
        status, body, _ = call(conn, "GET", f"/v1/games/{game['id']}/events?after={game['version']}&wait=10")
        arrived = time.time() * 1000
        assert status == 200, body
        events = orjson.loads(body)["events"]
        if any(event["type"] == "turn_timed_out" for event in events):
            lateness.append((arrived - deadline) / 1000)
        status, body, _ = call(conn, "GET", f"/v1/games/{game['id']}")
        game = orjson.loads(body)
        if game["status"] != "running":
            status, body, _ = call(conn, "POST", "/v1/games", CLOCKED)
            game = orjson.loads(body)["game"]
    conn.close()


def phase(port: int, seconds: float, clocks: int, floods: list[Flood]) -> list[float]:
    until = time.monotonic() + seconds
    lateness: list[float] = []
    threads = [threading.Thread(target=flood.run, args=(until,)) for flood in floods]
    threads += [threading.Thread(target=follow_clock, args=(port, until, lateness)) for _ in range(clocks)]
    for thread in threads:
        thread.start()
        time.sleep(2 / max(clocks, 1) if thread._target is follow_clock else 0)  # type: ignore[attr-defined]
    for thread in threads:
        thread.join()
    return lateness


def quantile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def report(name: str, values: list[float]) -> None:
    print(
        f"{name:>6}: {len(values)} run-outs, lateness p50 {quantile(values, 0.5):.3f} s, "
        f"p90 {quantile(values, 0.9):.3f} s, max {max(values):.3f} s"
    )


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--addresses", type=int, default=21)
    parser.add_argument("--tricks", type=int, default=3)
    parser.add_argument("--clocks", type=int, default=3)
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--seconds", type=float, default=30)
    parser.add_argument("--bot-games", help="DESKOVKA_LIMIT_BOT_GAMES (default: the default quota); off: no quota")
    args = parser.parse_args()
    port = free_port()
    with tempfile.TemporaryDirectory() as data_dir:
        server = start_serve(port, data_dir, **({"LIMIT_BOT_GAMES": args.bot_games} if args.bot_games else {}))
        store = redis.Redis(unix_socket_path=str(Path(data_dir) / "redis.sock"))
        try:
            idle: list[float] = []
            flooded: list[float] = []
            counts: dict[str, int] = {}
            tables = 0
            for _ in range(args.rounds):
                idle += phase(port, args.seconds, args.clocks, [])
                sources = [f"127.0.1.{n}" for n in range(1, args.addresses + 1)]
                floods = [Flood(port, source, args.tricks) for source in sources]
                flooded += phase(port, args.seconds, args.clocks, floods)
                for flood in floods:
                    tables += len(flood.tables)
                    for what, n in flood.counts.items():
                        counts[what] = counts.get(what, 0) + n
                    for key in store.scan_iter(match="dk:{keeper*:due") if flood.tables else ():
                        store.zrem(key, *flood.tables)  # the flood ends: the keeper lets its tables go
                time.sleep(3)  # batches in flight land
            print(
                f"flood: {args.addresses} addresses, {tables} tables made over {args.rounds} rounds; answers {counts}"
            )
            report("idle", idle)
            report("flood", flooded)
            print(f"p90 ratio flood/idle: {quantile(flooded, 0.9) / quantile(idle, 0.9):.2f}x")
        finally:
            server.terminate()
            server.wait(60)


if __name__ == "__main__":
    main()
