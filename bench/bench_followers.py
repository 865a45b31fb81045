"""Thousands of followers on one default `deskovka serve`: wake-up delay, /healthz, moves, memory per connection.

Scenarios (docs/benchmarks.md reports all three):
- crowd: N followers (half long-poll, half server-sent events) over G games while moves are made on them; the
  floor is the same moves and /healthz probes with no followers, measured before and after, in the same run.
- one-game: N long-polls on one game; one move must wake them all; /healthz and a move on another game meanwhile.
- slow-headers: N clients sending a request head one byte a second; /healthz and moves meanwhile.

Run from the repository root: python bench/bench_followers.py [all|crowd|one-game|slow-headers] [--followers N]
It starts its own `deskovka serve` (embedded Redis, fresh data directory) on a free loopback port and stops it.
Every phase is bounded in time; followers are bounded by --followers.
"""

import argparse
import asyncio
import os
import resource
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.bench_moves import UNLIMITED  # noqa: E402
from bench.followers_load import (  # noqa: E402
    Connection,
    Record,
    create_games,
    long_poll,
    move,
    open_followers,
    percentile,
    probe_health,
)

HOST = "127.0.0.1"


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind((HOST, 0))
        return probe.getsockname()[1]


def start_serve(port: int, data_dir: str, *extra: str) -> subprocess.Popen:
    # One client (this script) creates every game and holds every follower: no per-client limits.
    env = {**os.environ, "DESKOVKA_DATA_DIR": data_dir, **UNLIMITED}
    env.pop("DESKOVKA_REDIS_URL", None)
    server = subprocess.Popen(
        [sys.executable, "-m", "api.cli", "serve", "--port", str(port), *extra],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=open(Path(data_dir) / "serve.log", "wb"),
    )
    return ready(server, port, data_dir)


def ready(server: subprocess.Popen, port: int, data_dir: str) -> subprocess.Popen:
    """Wait until `serve` answers /readyz (at most a minute); return it, or stop it and say why it did not start."""
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            with socket.create_connection((HOST, port), timeout=1) as conn:
                conn.sendall(b"GET /readyz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
                if b" 200 " in conn.recv(100):
                    return server
        except OSError:
            pass
        time.sleep(0.2)
    server.kill()
    raise SystemExit("deskovka serve did not start:\n" + (Path(data_dir) / "serve.log").read_text())


def descendants(pid: int) -> list[int]:
    children: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                ppid = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
            except (OSError, IndexError):
                continue
            children.setdefault(ppid, []).append(int(entry.name))
    found, todo = [], [pid]
    while todo:
        for child in children.get(todo.pop(), []):
            found.append(child)
            todo.append(child)
    return found


def api_rss(serve_pid: int) -> int:
    """Resident bytes of the API processes (gunicorn's master and workers) under `deskovka serve`."""
    total = 0
    for pid in descendants(serve_pid):
        try:
            if b"api.cli\0api\0" not in Path(f"/proc/{pid}/cmdline").read_bytes():
                continue
            status = Path(f"/proc/{pid}/status").read_text()
        except OSError:
            continue
        total += int(next(line for line in status.splitlines() if line.startswith("VmRSS:")).split()[1]) * 1024
    return total


def ms(seconds: float) -> str:
    return f"{seconds * 1000:.1f}"


async def moves_and_probes(port: int, games, seconds: float, every: float, record: Record) -> None:
    """Move round-robin over the running games every `every` seconds while probing /healthz, for `seconds`."""
    stop = asyncio.Event()
    prober = asyncio.create_task(probe_health(HOST, port, record, stop))
    conn = Connection(HOST, port)
    deadline = time.monotonic() + seconds
    turn = 0
    while time.monotonic() < deadline:
        started = time.monotonic()
        running = [game for game in games if not game.finished]
        if not running:
            break
        await move(conn, running[turn % len(running)], record)
        turn += 1
        await asyncio.sleep(max(every - (time.monotonic() - started), 0))
    stop.set()
    await prober
    conn.close()


def row(name: str, record: Record) -> str:
    delays, missing = record.delays()
    late = [max(d, 0) for d in delays]
    wake = f"{ms(percentile(late, 0.5))} / {ms(percentile(late, 0.99))} / {ms(max(late))}" if late else "-"
    return (
        f"| {name} | {len(record.move_seconds)} | {ms(percentile(record.move_seconds, 0.5))} / "
        f"{ms(percentile(record.move_seconds, 0.99))} | {ms(percentile(record.health_seconds, 0.5))} / "
        f"{ms(percentile(record.health_seconds, 0.99))} / {ms(max(record.health_seconds))} | {wake} | "
        f"{len(delays)} | {missing} |"
    )


async def crowd(port: int, serve_pid: int, followers: int, games_count: int, seconds: float, every: float) -> None:
    conn = Connection(HOST, port)
    games = await create_games(conn, games_count)
    conn.close()
    print(
        "| phase | moves | move p50 / p99 ms | /healthz p50 / p99 / max ms | wake-up p50 / p99 / max ms "
        "| wake-ups | missed |"
    )
    print("|---|---|---|---|---|---|---|")
    floor = Record()
    await moves_and_probes(port, games, seconds / 2, every, floor)
    before = api_rss(serve_pid)
    record = Record()
    opened = time.monotonic()
    tasks = await open_followers(HOST, port, games, followers, record)
    opening = time.monotonic() - opened
    await asyncio.sleep(3)  # let the last long-polls reach their wait
    during = api_rss(serve_pid)
    await moves_and_probes(port, games, seconds, every, record)
    await asyncio.sleep(1)  # the last wake-ups
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
    await asyncio.sleep(2)
    await moves_and_probes(port, games, seconds / 2, every, floor)
    print(row("floor: no followers (before and after)", floor))
    print(row(f"{followers} followers on {games_count} games", record))
    print()
    print(
        f"followers opened in {opening:.1f} s; API processes' memory {before / 2**20:.0f} MiB without followers, "
        f"{during / 2**20:.0f} MiB with them: {(during - before) / followers / 1024:.1f} KiB per follower; "
        f"follower errors: {len(record.errors)} {record.errors[:3]}"
    )


async def one_game(port: int, followers: int) -> None:
    conn = Connection(HOST, port)
    games = await create_games(conn, 2)
    record = Record()
    tasks = [asyncio.create_task(long_poll(HOST, port, games[0].id, record)) for _ in range(followers)]
    while record.ready < followers:
        await asyncio.sleep(0.05)
    await asyncio.sleep(3)
    waiting = Record()
    await probe_health(HOST, port, waiting, None)  # one probe while all wait
    started = time.monotonic()
    version = await move(conn, games[0], record)
    answered = time.monotonic()
    side = Record()
    other = Connection(HOST, port)
    health = asyncio.create_task(probe_health(HOST, port, side, None))
    await asyncio.gather(move(other, games[1], side), health)
    deadline = time.monotonic() + 10
    while len(record.received[(games[0].id, version)]) < followers and time.monotonic() < deadline:
        await asyncio.sleep(0.01)
    got = record.received[(games[0].id, version)]
    last = max(got) - answered if got else float("nan")
    print(
        "| long-polls on one game | move | woken | all woken after the move's 200 | /healthz while waiting "
        "| /healthz, another move right after |"
    )
    print("|---|---|---|---|---|---|")
    print(
        f"| {followers} | {ms(answered - started)} ms | {len(got)} | {ms(last)} ms | "
        f"{ms(waiting.health_seconds[0])} ms | {ms(side.health_seconds[0])} ms, {ms(side.move_seconds[0])} ms |"
    )
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
    conn.close()
    other.close()


async def slow_client(port: int, cut: list[float], seconds: float) -> None:
    """Send a request head one byte a second; note when the server hangs up."""
    reader, writer = await asyncio.open_connection(HOST, port)
    started = time.monotonic()
    head = b"GET /healthz HTTP/1.1\r\nHost: slow\r\nX-Slow: " + b"a" * 100
    try:
        for byte in head:
            writer.write(bytes([byte]))
            await writer.drain()
            try:
                if await asyncio.wait_for(reader.read(1024), 1.0) == b"":
                    cut.append(time.monotonic() - started)
                    return
            except TimeoutError:
                pass
            if time.monotonic() - started > seconds:
                return
    except OSError:
        cut.append(time.monotonic() - started)
    finally:
        writer.close()


async def slow_headers(port: int, clients: int, seconds: float) -> None:
    conn = Connection(HOST, port)
    games = await create_games(conn, 10)
    conn.close()
    cut: list[float] = []
    slow = [asyncio.create_task(slow_client(port, cut, seconds + 5)) for _ in range(clients)]
    await asyncio.sleep(1)
    record = Record()
    await moves_and_probes(port, games, seconds, 0.25, record)
    await asyncio.gather(*slow, return_exceptions=True)
    print(
        "| slow-header clients | moves | move p50 / max ms | /healthz probes | /healthz p50 / max ms "
        "| clients cut by the server | cut after (median) |"
    )
    print("|---|---|---|---|---|---|---|")
    print(
        f"| {clients} | {len(record.move_seconds)} | {ms(percentile(record.move_seconds, 0.5))} / "
        f"{ms(max(record.move_seconds))} | {len(record.health_seconds)} | "
        f"{ms(percentile(record.health_seconds, 0.5))} / {ms(max(record.health_seconds))} | {len(cut)} | "
        f"{percentile(cut, 0.5):.1f} s |"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("scenario", nargs="?", default="all", choices=["all", "crowd", "one-game", "slow-headers"])
    parser.add_argument("--followers", type=int, default=5000, help="crowd followers (default 5000)")
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seconds", type=float, default=30, help="moves phase with followers (default 30 s)")
    parser.add_argument("--every", type=float, default=0.05, help="seconds between moves (default 0.05)")
    parser.add_argument("--one-game", type=int, default=1000, help="long-polls on one game (default 1000)")
    parser.add_argument("--slow", type=int, default=200, help="slow-header clients (default 200)")
    args = parser.parse_args()
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (min(hard, max(soft, args.followers * 2 + 1024)), hard))
    with tempfile.TemporaryDirectory(prefix="dk-bench-followers-") as data_dir:
        port = free_port()
        server = start_serve(port, data_dir)
        try:
            if args.scenario in ("all", "crowd"):
                asyncio.run(crowd(port, server.pid, args.followers, args.games, args.seconds, args.every))
                print()
            if args.scenario in ("all", "one-game"):
                asyncio.run(one_game(port, args.one_game))
                print()
            if args.scenario in ("all", "slow-headers"):
                asyncio.run(slow_headers(port, args.slow, 15))
        finally:
            server.send_signal(signal.SIGTERM)
            server.wait(60)
            log = (Path(data_dir) / "serve.log").read_text(errors="replace").splitlines()
            problems = [line for line in log if "WARNING" in line or "Error" in line or "unavailable" in line]
            print(f"\nserver log: {len(log)} lines, {len(problems)} warnings or errors", *problems[:5], sep="\n")


if __name__ == "__main__":
    main()
