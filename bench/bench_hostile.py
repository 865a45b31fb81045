"""Hostile load on one default `deskovka serve`: bot-only games and whole-history reads must not stall anybody.

While 8 clients (each its own loopback address, so each has its own quota) create games of bots only as fast as
they are answered, and 8 read the longest event history a game can have (4 page by page as JSON, 4 as a server-sent
event stream from the start), a prober asks `/healthz` and plays a move on a game of its own. The floor is the same
probes on the same server with no load, measured in alternation with the load phases (idle, load, idle, load, ...)
in one run. Afterwards it adds up the Redis bytes of every game each creating client made, against what its quota
lets it make.

Run from the repository root: python bench/bench_hostile.py [--rounds 3] [--seconds 15]
It starts its own `deskovka serve` twice on a fresh data directory: once with a fast keeper to build the long
history (a game of two `hit-rate` bots at 0, which never ends until the keeper's cap), then with every default.
Every phase is bounded in time; the load clients stop by themselves.
"""

import argparse
import http.client
import multiprocessing
import os
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

import orjson
import redis

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.bench_followers import free_port, ready  # noqa: E402

HOST = "127.0.0.1"
LIMIT = int(os.environ.get("BENCH_LIMIT", "100"))  # versions per JSON page the readers ask for (the maximum)
NEVER_ENDING = {
    "type": "timeline",
    "options": {"hand_size": 10},
    "seats": [{"bot": "hit-rate", "bot_options": {"hit_rate": 0}}, {"bot": "hit-rate", "bot_options": {"hit_rate": 0}}],
}
PROBE_GAME = {"type": "timeline", "options": {"hand_size": 10}, "seats": [{"name": "probe"}, {"bot": "random"}]}


def start_serve(port: int, data_dir: str, **settings: str) -> subprocess.Popen:
    """Start `deskovka serve` with every default but `settings` (DESKOVKA_ names without the prefix)."""
    env = {key: value for key, value in os.environ.items() if not key.startswith("DESKOVKA_")}
    env.update({"DESKOVKA_DATA_DIR": data_dir}, **{f"DESKOVKA_{key}": value for key, value in settings.items()})
    log = open(Path(data_dir) / "serve.log", "ab")  # noqa: SIM115 - the server's own log, closed with it
    server = subprocess.Popen(
        [sys.executable, "-m", "api.cli", "serve", "--port", str(port)], env=env, stdout=subprocess.DEVNULL, stderr=log
    )
    return ready(server, port, data_dir)


def call(conn: http.client.HTTPConnection, method: str, path: str, body=None, headers=None):
    data = None if body is None else orjson.dumps(body)
    conn.request(method, path, body=data, headers={"Content-Type": "application/json", **(headers or {})})
    answer = conn.getresponse()
    return answer.status, answer.read(), answer


def connect(port: int, source: str = HOST) -> http.client.HTTPConnection:
    return http.client.HTTPConnection(HOST, port, timeout=60, source_address=(source, 0))


def build_history(port: int) -> str:
    """Create the never-ending bots' game and wait until the keeper's cap stops it; return its id."""
    conn = connect(port)
    status, body, _ = call(conn, "POST", "/v1/games", NEVER_ENDING)
    assert status == 201, body
    game_id = orjson.loads(body)["game"]["id"]
    deadline = time.monotonic() + 600
    last = -1
    while time.monotonic() < deadline:
        version = orjson.loads(call(conn, "GET", f"/v1/games/{game_id}")[1])["version"]
        if version == last:
            return game_id
        last = version
        time.sleep(2)
    raise SystemExit("the long history was not built within 10 minutes")


def load_process() -> None:
    """Lower a load process's CPU priority: on one machine the clients must not take the server's cores, as clients
    on other machines would not (the prober keeps the normal priority, as it measures)."""
    os.nice(15)


def creator(port: int, source: str, until: float, made) -> None:
    """Create games of bots only until `until`, as fast as they are answered; count answers by status."""
    load_process()
    conn = connect(port, source)
    counts: dict[int, int] = {}
    while time.monotonic() < until:
        status, body, _ = call(conn, "POST", "/v1/games", NEVER_ENDING)
        counts[status] = counts.get(status, 0) + 1
        if status == 201:
            made.put((source, orjson.loads(body)["game"]["id"]))
    made.put((source, counts))


def json_reader(port: int, source: str, game_id: str, until: float, done) -> None:
    """Read the whole history page by page, again and again, until `until`."""
    load_process()
    conn = connect(port, source)
    pages = read = refused = 0
    while time.monotonic() < until:
        after, version = 0, 1
        while after < version and time.monotonic() < until:
            status, body, _ = call(conn, "GET", f"/v1/games/{game_id}/events?after={after}&limit={LIMIT}")
            if status == 429:  # its second's budget is spent: a hostile client asks again at once
                refused += 1
                continue
            assert status == 200, body
            page = orjson.loads(body)
            after, version = page["next_after"], page["version"]
            pages, read = pages + 1, read + len(body)
    done.put(("json", pages, read, refused))


def stream_reader(port: int, source: str, game_id: str, version: int, until: float, done) -> None:
    """Read the history as a server-sent event stream from the start to the last version, again and again."""
    load_process()
    streams = read = 0
    while time.monotonic() < until:
        conn = connect(port, source)
        conn.request("GET", f"/v1/games/{game_id}/events?after=0", headers={"Accept": "text/event-stream"})
        answer = conn.getresponse()
        assert answer.status == 200
        while time.monotonic() < until:
            line = answer.fp.readline()
            read += len(line)
            if not line or line.strip() == f"id: {version}".encode():
                break
        conn.close()
        streams += 1
    done.put(("stream", streams, read))


def probe(port: int, until: float, seen: dict[str, list[float]]) -> None:
    """Ask /healthz every 50 ms and move on the probe's own game every 100 ms, timing each answer."""
    health, player = connect(port), connect(port)
    game, token = None, None
    next_move = time.monotonic()
    while time.monotonic() < until:
        started = time.perf_counter()
        status, _, _ = call(health, "GET", "/healthz")
        seen["healthz"].append(time.perf_counter() - started)
        assert status == 200
        if time.monotonic() >= next_move:
            if game is None or game["status"] != "running":
                created = orjson.loads(call(player, "POST", "/v1/games", PROBE_GAME)[1])
                game, token = created["game"], created["tokens"][0]["token"]
            started = time.perf_counter()
            status, body, _ = call(
                player,
                "POST",
                f"/v1/games/{game['id']}/actions",
                game["legal_actions"][0],
                {"Authorization": f"Bearer {token}"},
            )
            seen["move"].append(time.perf_counter() - started)
            assert status == 200, body
            game = orjson.loads(body)["game"]
            next_move = time.monotonic() + 0.1
        time.sleep(0.05)


def pct(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))] * 1000


def game_bytes(store: redis.Redis, game_id: str) -> int:
    return sum(store.memory_usage(key) or 0 for key in store.scan_iter(match=f"dk:{{g:{game_id}}}:*", count=1000))


def run(rounds: int, seconds: float) -> None:
    data_dir = tempfile.mkdtemp(prefix="dk-hostile-")
    port = free_port()
    # First a fast keeper builds the longest history the keeper lets a game have; then every default.
    builder = start_serve(port, data_dir, BOT_PACE="1000")
    try:
        long_game = build_history(port)
    finally:
        builder.terminate()
        builder.wait(60)
    server = start_serve(port, data_dir)
    store = redis.Redis(unix_socket_path=str(Path(data_dir) / "redis.sock"))
    try:
        version = orjson.loads(call(connect(port), "GET", f"/v1/games/{long_game}")[1])["version"]
        history = len(call(connect(port), "GET", f"/v1/games/{long_game}/events?after=0&limit=500")[1])
        print(
            f"long history: game {long_game} at version {version}; its first page of 500 versions is "
            f"{history:,} bytes; the game holds {game_bytes(store, long_game):,} bytes of Redis"
        )
        idle = {"healthz": [], "move": []}
        loaded = {"healthz": [], "move": []}
        made: dict[str, list[str]] = {}
        answers: dict[str, dict[int, int]] = {}
        reads: list[tuple] = []
        for round_ in range(rounds):
            probe(port, time.monotonic() + seconds / 2, idle)
            queue = multiprocessing.Queue()
            until = time.monotonic() + seconds
            load = [
                multiprocessing.Process(target=creator, args=(port, f"127.0.1.{i + 1}", until, queue)) for i in range(8)
            ]
            load += [
                multiprocessing.Process(target=json_reader, args=(port, f"127.0.2.{i + 1}", long_game, until, queue))
                for i in range(4)
            ]
            load += [
                multiprocessing.Process(
                    target=stream_reader, args=(port, f"127.0.3.{i + 1}", long_game, version, until, queue)
                )
                for i in range(4)
            ]
            for process in load:
                process.start()
            prober = threading.Thread(target=probe, args=(port, until, loaded))
            prober.start()
            prober.join()
            for process in load:
                process.join(120)
            while not queue.empty():
                item = queue.get()
                if isinstance(item[1], str):
                    made.setdefault(item[0], []).append(item[1])
                elif isinstance(item[1], dict):
                    for status, count in item[1].items():
                        answers.setdefault(item[0], {}).setdefault(status, 0)
                        answers[item[0]][status] += count
                else:
                    reads.append(item)
            print(
                f"round {round_ + 1}: idle healthz p99 {pct(idle['healthz'], 0.99):.1f} ms, "
                f"load healthz p99 {pct(loaded['healthz'], 0.99):.1f} ms, load move p99 "
                f"{pct(loaded['move'], 0.99):.1f} ms"
            )
        for name in ("healthz", "move"):
            a, b = idle[name], loaded[name]
            for phase, values in (("idle", a), ("load", b)):
                print(
                    f"{name:8} {phase}  n={len(values):5} p50 {pct(values, 0.5):6.1f} p99 {pct(values, 0.99):6.1f} "
                    f"max {max(values) * 1000:6.1f} ms"
                )
            print(f"{name:8} p99 load/idle {pct(b, 0.99) / pct(a, 0.99):.2f}x")
        json_pages = sum(r[1] for r in reads if r[0] == "json")
        streams = sum(r[1] for r in reads if r[0] == "stream")
        refused = sum(r[3] for r in reads if r[0] == "json")
        print(
            f"readers: {json_pages} JSON pages ({sum(r[2] for r in reads if r[0] == 'json'):,} bytes; {refused} "
            "asked past the budget and refused), "
            f"{streams} whole streams ({sum(r[2] for r in reads if r[0] == 'stream'):,} bytes)"
        )
        time.sleep(2)
        per_game = game_bytes(store, long_game)
        for source in sorted(answers):
            games = made.get(source, [])
            held = sum(game_bytes(store, game_id) for game_id in games)
            print(
                f"creator {source}: answers {dict(sorted(answers[source].items()))}; {len(games)} games hold "
                f"{held:,} bytes of Redis now; the daily quota (20 games) bounds it near {20 * per_game:,}"
            )
        print(f"(mean healthz idle {statistics.mean(idle['healthz']) * 1000:.1f} ms)")
    finally:
        server.terminate()
        server.wait(60)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--seconds", type=float, default=15.0)
    args = parser.parse_args()
    run(args.rounds, args.seconds)


if __name__ == "__main__":
    main()
