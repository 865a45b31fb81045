"""Moves a second through `deskovka serve` against the floor (`floor_app.py`), side by side on one Redis.

Both servers run at once on one Redis (TCP, loopback). Closed-loop clients, each in its own process with one
keep-alive connection, play their own 2-seat Timeline games (both seats human, 10 cards a hand): every POST of a
move is timed, and the client picks its next move from that POST's answer (Timeline's hands are public, so the
answer names the next seat's cards). The floor gets the same clients, sending the same number of moves per game.
Phases alternate floor / deskovka, with 1 and with 8 clients, for several rounds, so a busy moment of the shared
machine hits both alike; the medians of the per-round ratios are reported.

With `--before DIR` (another checkout, e.g. `git worktree add /tmp/before <commit>`), a third server runs that
checkout's code on the same Redis, and each round runs floor, before and after (before and after taking turns to go
first), so a change is measured side by side with the code it changes.

Run: `python bench/bench_moves.py [--rounds 3] [--seconds 6] [--clients 1,8] [--serve-args "--workers 2"]
[--before DIR]`.
"""

import argparse
import http.client
import json
import multiprocessing
import os
import random
import shlex
import shutil
import socket
import statistics
import subprocess
import sys
import time
from pathlib import Path

import redis

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.scratch_redis import scratch_redis  # noqa: E402

HAND = 10
FLOOR_MOVES_PER_GAME = 40


# The clients create games and move far faster than a client's limits for people allow, all from one address, and
# fill more than one client's share of the store: those limits are off here (they are measured in bench_hostile*).
UNLIMITED = {
    "DESKOVKA_MAX_CONNECTIONS_PER_CLIENT": "0",
    "DESKOVKA_CLIENT_STORE_BYTES": "0",
    **{
        f"DESKOVKA_LIMIT_{bucket}": "off"
        for bucket in ("GAMES", "MOVES", "SEAT_MOVES", "JOINS", "REQUESTS", "ADDRESS_REQUESTS", "ASSET_REQUESTS")
    },
}


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def wait_for(port: int, path: str, deadline: float = 30.0) -> None:
    start = time.monotonic()
    while time.monotonic() - start < deadline:
        try:
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=2)
            conn.request("GET", path)
            conn.getresponse().read()
            return
        except OSError:
            time.sleep(0.1)
    raise RuntimeError(f"nothing answers on port {port}")


class Deskovka:
    """A client of `deskovka serve`: creates 2-seat Timeline games and plays random placements."""

    def __init__(self, port: int, rng: random.Random) -> None:
        self.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        self.rng = rng
        self.game: dict = {}
        self.tokens: dict[int, str] = {}

    def call(self, method: str, path: str, body: dict, headers: dict[str, str]) -> tuple[int, dict]:
        self.conn.request(method, path, json.dumps(body), {"Content-Type": "application/json", **headers})
        response = self.conn.getresponse()
        return response.status, json.loads(response.read())

    def new_game(self) -> None:
        status, created = self.call(
            "POST",
            "/v1/games",
            {"type": "timeline", "seats": [{"name": "A"}, {"name": "B"}], "options": {"hand_size": HAND}},
            {},
        )
        assert status == 201, created
        self.game = created["game"]
        self.tokens = {t["seat"]: t["token"] for t in created["tokens"]}

    def move(self) -> None:
        if not self.game or self.game["status"] != "running":
            self.new_game()
        game = self.game
        seat = game["to_act"][0]
        hand = game["view"]["hands"][seat]["cards"]
        action = {
            "type": "place",
            "card": self.rng.choice(hand)["id"],
            "gap": self.rng.randint(0, len(game["view"]["timeline"])),
        }
        headers = {"Authorization": f"Bearer {self.tokens[seat]}", "If-Match": f'"{game["version"]}"'}
        start = time.perf_counter()
        status, answer = self.call("POST", f"/v1/games/{game['id']}/actions", action, headers)
        self.elapsed = time.perf_counter() - start
        assert status == 200, answer
        self.game = answer["game"]


class Floor:
    """A client of the floor app: the same loop, the same number of moves a game."""

    def __init__(self, port: int, rng: random.Random) -> None:
        self.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        self.rng = rng
        self.game_id = ""
        self.moves = 0

    def move(self) -> None:
        if not self.game_id or self.moves >= FLOOR_MOVES_PER_GAME:
            self.conn.request("POST", "/games", b"{}", {"Content-Type": "application/json"})
            self.game_id = json.loads(self.conn.getresponse().read())["id"]
            self.moves = 0
        body = json.dumps({"type": "place", "card": "some-card", "gap": self.rng.randint(0, 9)})
        start = time.perf_counter()
        self.conn.request("POST", f"/games/{self.game_id}/moves", body, {"Content-Type": "application/json"})
        response = self.conn.getresponse()
        response.read()
        self.elapsed = time.perf_counter() - start
        assert response.status == 200
        self.moves += 1


def client(kind: str, port: int, seconds: float, seed: int, start_at: float, results) -> None:
    player = (Deskovka if kind == "deskovka" else Floor)(port, random.Random(seed))
    player.move()  # warm the connection and the first game; not timed
    while time.time() < start_at:
        time.sleep(0.001)
    timings = []
    end = time.perf_counter() + seconds
    while time.perf_counter() < end:
        player.move()
        timings.append(player.elapsed)
    results.put(timings)


def phase(kind: str, port: int, clients: int, seconds: float, seed: int) -> tuple[float, float]:
    """Run `clients` closed-loop clients for `seconds`; return moves a second and the median POST time (ms)."""
    timings = closed_loop(kind, [port], clients, seconds, seed)
    return len(timings) / seconds, statistics.median(timings) * 1000


def closed_loop(kind: str, ports: list[int], clients: int, seconds: float, seed: int) -> list[float]:
    """Run `clients` closed-loop clients for `seconds`, taking the ports in turn; every acknowledged move's
    seconds."""
    results: multiprocessing.Queue = multiprocessing.Queue()
    start_at = time.time() + 1.0
    workers = [
        multiprocessing.Process(target=client, args=(kind, ports[i % len(ports)], seconds, seed + i, start_at, results))
        for i in range(clients)
    ]
    for worker in workers:
        worker.start()
    timings = [t for _ in workers for t in results.get(timeout=seconds + 120)]
    for worker in workers:
        worker.join()
    return timings


def sizes(port: int, connection: redis.Redis) -> tuple[int, int]:
    """Return the sizes of a deskovka game's stored record and of one move's answer, for the floor to match."""
    player = Deskovka(port, random.Random(0))
    player.new_game()
    for _ in range(6):
        player.move()
    raw = json.dumps({"game": player.game, "events": []})
    doc = connection.hget(f"dk:{{g:{player.game['id']}}}:state", "doc") or b""
    return len(doc), len(raw)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--seconds", type=float, default=6.0)
    parser.add_argument("--clients", default="1,8")
    parser.add_argument("--floor-workers", type=int, default=2)
    parser.add_argument("--serve-args", default="", help="extra arguments for `deskovka serve`")
    parser.add_argument("--before", type=Path, help="a checkout of the code before a change, served side by side")
    parser.add_argument(
        "--appendfsync",
        choices=["always", "everysec"],
        help="give the Redis an append-only file with this fsync policy (default: none)",
    )
    args = parser.parse_args()
    counts = [int(c) for c in args.clients.split(",")]

    floor_port, serve_port = free_port(), free_port()
    with scratch_redis(free_port(), args.appendfsync) as redis_url:
        if args.before:
            compare(args, counts, redis_url, floor_port, serve_port, free_port())
        else:
            run(args, counts, redis_url, floor_port, serve_port)


def start_serve(root: Path, port: int, env: dict[str, str], serve_args: str) -> subprocess.Popen:
    """Start `deskovka serve` running the code of the checkout at `root`."""
    # As the tests start it (`python -m api.cli`, from the checkout): no installed `deskovka` script needed.
    process = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "api.cli",
            "serve",
            "--host",
            "127.0.0.1",
            "--port",
            str(port),
            *shlex.split(serve_args),
        ],
        cwd=root,
        env={**env, "PYTHONPATH": str(root)},
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    wait_for(port, "/healthz")
    return process


def start_floor(port: int, env: dict[str, str], workers: int) -> subprocess.Popen:
    process = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "gunicorn",
            "-w",
            str(workers),
            "-k",
            "sync",
            "--chdir",
            str(ROOT / "bench"),
            "-b",
            f"127.0.0.1:{port}",
            "floor_app:create_app()",
        ],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    wait_for(port, "/")
    return process


def compare(
    args: argparse.Namespace, counts: list[int], redis_url: str, floor_port: int, after_port: int, before_port: int
) -> None:
    """Run floor, before and after side by side: each one's moves/s and p50 against the floor's, and after/before."""
    connection = redis.Redis.from_url(redis_url)
    processes: list[subprocess.Popen] = []
    try:
        env = {
            **os.environ,
            "DESKOVKA_REDIS_URL": redis_url,
            **UNLIMITED,
        }
        processes.append(start_serve(ROOT, after_port, env, args.serve_args))
        processes.append(start_serve(args.before.resolve(), before_port, env, args.serve_args))
        state_bytes, reply_bytes = sizes(after_port, connection)
        processes.append(
            start_floor(
                floor_port,
                {
                    **env,
                    "PYTHONPATH": str(ROOT),
                    "FLOOR_REDIS_URL": redis_url,
                    "FLOOR_STATE_BYTES": str(state_bytes),
                    "FLOOR_REPLY_BYTES": str(reply_bytes),
                },
                args.floor_workers,
            )
        )
        print(
            f"before: {args.before}; state {state_bytes} B, answer {reply_bytes} B; serve args: "
            f"{args.serve_args or '(defaults)'}"
        )
        print(
            "| round | clients | floor moves/s | before moves/s | after moves/s | before/floor | after/floor "
            "| after/before | floor p50 ms | before p50 ms | after p50 ms |"
        )
        print("|---|---|---|---|---|---|---|---|---|---|---|")
        ratios: dict[int, list[tuple[float, float, float, float]]] = {n: [] for n in counts}
        for round_ in range(1, args.rounds + 1):
            for n in counts:
                seed = round_ * 100
                floor_rate, floor_p50 = phase("floor", floor_port, n, args.seconds, seed)
                order = [("before", before_port), ("after", after_port)]
                measured = {
                    name: phase("deskovka", port, n, args.seconds, seed)
                    for name, port in (order if round_ % 2 else order[::-1])
                }
                (before_rate, before_p50), (after_rate, after_p50) = measured["before"], measured["after"]
                ratios[n].append(
                    (
                        before_rate / floor_rate,
                        after_rate / floor_rate,
                        after_rate / before_rate,
                        after_p50 / before_p50,
                    )
                )
                print(
                    f"| {round_} | {n} | {floor_rate:.0f} | {before_rate:.0f} | {after_rate:.0f} | "
                    f"{before_rate / floor_rate:.2f} | {after_rate / floor_rate:.2f} | "
                    f"{after_rate / before_rate:.2f} | {floor_p50:.2f} | {before_p50:.2f} | {after_p50:.2f} |",
                    flush=True,
                )
        for n in counts:
            before, after, rate, p50 = (statistics.median(r[i] for r in ratios[n]) for i in range(4))
            print(
                f"{n} client(s): medians: moves/s before/floor {before:.2f}, after/floor {after:.2f}, "
                f"after/before {rate:.2f}; p50 after/before {p50:.2f}"
            )
    finally:
        for process in reversed(processes):
            process.terminate()
            process.wait(40)


def run(args: argparse.Namespace, counts: list[int], redis_url: str, floor_port: int, serve_port: int) -> None:
    connection = redis.Redis.from_url(redis_url)
    processes: list[subprocess.Popen] = []
    try:
        env = {
            **os.environ,
            "DESKOVKA_REDIS_URL": redis_url,
            "PYTHONPATH": str(ROOT),
            **UNLIMITED,
        }
        deskovka = shutil.which("deskovka", path=str(Path(sys.executable).parent)) or "deskovka"
        processes.append(
            subprocess.Popen(
                [deskovka, "serve", "--host", "127.0.0.1", "--port", str(serve_port), *shlex.split(args.serve_args)],
                env=env,
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
            )
        )
        wait_for(serve_port, "/healthz")
        state_bytes, reply_bytes = sizes(serve_port, connection)
        floor_env = {
            **env,
            "FLOOR_REDIS_URL": redis_url,
            "FLOOR_STATE_BYTES": str(state_bytes),
            "FLOOR_REPLY_BYTES": str(reply_bytes),
        }
        processes.append(
            subprocess.Popen(
                [
                    sys.executable,
                    "-m",
                    "gunicorn",
                    "-w",
                    str(args.floor_workers),
                    "-k",
                    "sync",
                    "--chdir",
                    str(ROOT / "bench"),
                    "-b",
                    f"127.0.0.1:{floor_port}",
                    "floor_app:create_app()",
                ],
                env=floor_env,
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
            )
        )
        wait_for(floor_port, "/")
        print(
            f"state {state_bytes} B, answer {reply_bytes} B; serve args: {args.serve_args or '(defaults)'}; "
            f"appendfsync: {args.appendfsync or '(no append-only file)'}"
        )
        print(
            "| round | clients | floor moves/s | deskovka moves/s | ratio | floor p50 ms | deskovka p50 ms "
            "| p50 ratio |"
        )
        print("|---|---|---|---|---|---|---|---|")
        ratios: dict[int, list[tuple[float, float]]] = {n: [] for n in counts}
        for round_ in range(1, args.rounds + 1):
            for n in counts:
                floor_rate, floor_p50 = phase("floor", floor_port, n, args.seconds, round_ * 100)
                dk_rate, dk_p50 = phase("deskovka", serve_port, n, args.seconds, round_ * 100)
                ratios[n].append((dk_rate / floor_rate, dk_p50 / floor_p50))
                print(
                    f"| {round_} | {n} | {floor_rate:.0f} | {dk_rate:.0f} | {dk_rate / floor_rate:.2f} | "
                    f"{floor_p50:.2f} | {dk_p50:.2f} | {dk_p50 / floor_p50:.2f} |",
                    flush=True,
                )
        for n in counts:
            rate = statistics.median(r for r, _ in ratios[n])
            p50 = statistics.median(p for _, p in ratios[n])
            print(f"{n} client(s): deskovka/floor moves/s median ratio {rate:.2f}, p50 ratio {p50:.2f}")
    finally:
        for process in reversed(processes):
            process.terminate()
            process.wait(40)


if __name__ == "__main__":
    main()
