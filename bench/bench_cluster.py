"""Past one machine (issue 35): a Redis Cluster against one Redis, side by side in one run (docs/benchmarks.md).

- moves:  2 API processes (`deskovka api --workers 1`) on a 3-master Cluster and 2 on one Redis (both Debian's
          redis-server 7, no persistence, on loopback); closed-loop clients play 2-seat Timeline games, half through
          each process; phases alternate Cluster and one Redis, taking turns to go first. Moves a second, and CPU a
          move: the API processes' (user + system, from /proc) and the Redis servers' (INFO cpu), per acknowledged
          move.
- keeper: 10,000 clocked tables (copies of one real clocked Timeline table) made due at one instant, with 2 and
          with 4 `deskovka keeper` processes, on the Cluster and on one Redis, interleaved. The lag of each table is
          the time from that instant until its clock move was committed (its `updated_at`): p50, p90 and max, and the
          seconds until every table was moved on; each table must have exactly one clock move.

Run from the repository root, under `nice`: python bench/bench_cluster.py [all|moves|keeper] [--rounds 3]
[--seconds 6] [--clients 4] [--tables 10000] [--runs 1]
"""

import argparse
import os
import statistics
import subprocess
import sys
import time
from contextlib import ExitStack, contextmanager
from datetime import datetime
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import orjson  # noqa: E402
import psutil  # noqa: E402
import redis  # noqa: E402

from api.storage import due, packing  # noqa: E402
from api.storage.store import GameStore  # noqa: E402
from bench.bench_clocks import copy_tables, template  # noqa: E402
from bench.bench_moves import UNLIMITED, closed_loop, free_port, wait_for  # noqa: E402
from tests.ops import servers  # noqa: E402


@contextmanager
def stores(folder: Path):
    """A 3-master Cluster and one Redis: their URLs, and a client of each."""
    with ExitStack() as stack:
        processes, ports = servers.cluster(folder / "cluster", replicas=0)
        stack.callback(servers.stop, processes)
        single, port = servers.start(folder / "single")
        stack.callback(servers.stop, [single])
        urls = {"cluster": f"redis+cluster://127.0.0.1:{ports[0]}", "single": f"redis://127.0.0.1:{port}"}
        connections = {"cluster": redis.RedisCluster(host="127.0.0.1", port=ports[0]), "single": redis.Redis(port=port)}
        yield urls, connections, ports + [port]


def environment(url: str, queue_url: str) -> dict[str, str]:
    return {
        **{k: v for k, v in os.environ.items() if not k.startswith(("DESKOVKA_", "PROMETHEUS_"))},
        "PYTHONPATH": str(ROOT),
        "DESKOVKA_REDIS_URL": url,
        "DESKOVKA_QUEUE_URL": queue_url,
        **UNLIMITED,
    }


def start(args: list[str], env: dict[str, str], port: int | None = None) -> subprocess.Popen:
    process = subprocess.Popen(
        [sys.executable, "-m", "api.cli", *args],
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    if port is not None:
        wait_for(port, "/healthz")
    return process


def tree_cpu(processes: list[subprocess.Popen]) -> float:
    """CPU seconds the processes and their children have used so far."""
    total = 0.0
    for process in processes:
        parent = psutil.Process(process.pid)
        for each in [parent, *parent.children(recursive=True)]:
            times = each.cpu_times()
            total += times.user + times.system
    return total


def redis_cpu(ports: list[int]) -> float:
    total = 0.0
    for port in ports:
        cpu = redis.Redis(port=port).info("cpu")
        total += float(cpu["used_cpu_user"]) + float(cpu["used_cpu_sys"])
    return total


def phase(ports: list[int], clients: int, seconds: float, seed: int) -> list[float]:
    """Closed-loop clients, alternating between the API processes' ports; every acknowledged move's seconds."""
    return closed_loop("deskovka", ports, clients, seconds, seed)


def moves(args: argparse.Namespace, folder: Path) -> None:
    with stores(folder) as (urls, _, redis_ports), ExitStack() as stack:
        apis: dict[str, tuple[list[subprocess.Popen], list[int]]] = {}
        nodes = {"cluster": redis_ports[:-1], "single": redis_ports[-1:]}
        for name, url in urls.items():
            ports = [free_port(), free_port()]
            processes = [
                start(
                    ["api", "--host", "127.0.0.1", "--port", str(port), "--workers", "1"],
                    environment(url, urls["single"]),
                    port,
                )
                for port in ports
            ]
            stack.callback(servers.stop, processes)
            apis[name] = processes, ports
        print(f"{args.clients} clients over 2 API processes, {args.seconds} s a phase; moves/s, CPU ms a move")
        print(
            "| round | store | moves/s | p50 ms | API CPU ms a move | Redis CPU ms a move |\n|---|---|---|---|---|---|"
        )
        for name in apis:  # a warm-up phase each, not counted: first games, first connections
            phase(apis[name][1], args.clients, 2.0, seed=1)
        taken: dict[str, list[tuple[float, float, float]]] = {"cluster": [], "single": []}
        for round_ in range(1, args.rounds + 1):
            for name in ("cluster", "single") if round_ % 2 else ("single", "cluster"):
                processes, ports = apis[name]
                cpu, store_cpu = tree_cpu(processes), redis_cpu(nodes[name])
                timings = phase(ports, args.clients, args.seconds, seed=round_ * 100)
                cpu, store_cpu = tree_cpu(processes) - cpu, redis_cpu(nodes[name]) - store_cpu
                # the clients' warm-up moves (one each, untimed) are in the CPU too: count them
                count = len(timings) + args.clients
                rate, api_ms, redis_ms = len(timings) / args.seconds, cpu / count * 1000, store_cpu / count * 1000
                taken[name].append((rate, api_ms, redis_ms))
                p50 = statistics.median(timings) * 1000
                print(f"| {round_} | {name} | {rate:.0f} | {p50:.1f} | {api_ms:.2f} | {redis_ms:.2f} |", flush=True)
        rounds = list(zip(taken["cluster"], taken["single"], strict=True))
        ratios = [statistics.median(c[i] / s[i] for c, s in rounds) for i in range(3)]
        print(
            f"medians of the rounds' ratios, Cluster/one Redis: moves/s {ratios[0]:.2f}x, API CPU a move "
            f"{ratios[1]:.2f}x, Redis CPU a move {ratios[2]:.2f}x"
        )
        medians = {name: [statistics.median(row[i] for row in rows) for i in range(3)] for name, rows in taken.items()}
        (c_rate, c_api, c_redis), (s_rate, s_api, s_redis) = medians["cluster"], medians["single"]
        print(
            f"medians: Cluster {c_rate:.0f} moves/s, API {c_api:.2f} ms + Redis {c_redis:.2f} ms a move; one Redis "
            f"{s_rate:.0f} moves/s, API {s_api:.2f} + {s_redis:.2f} ms. Cluster/one Redis: moves/s "
            f"{c_rate / s_rate:.2f}x, API CPU a move {c_api / s_api:.2f}x, Redis CPU a move {c_redis / s_redis:.2f}x"
        )


def make_due(connection: redis.Redis, ids: list[str], at: int) -> None:
    for start_ in range(0, len(ids), 1000):
        with connection.pipeline(transaction=False) as pipe:
            for game_id in ids[start_ : start_ + 1000]:
                pipe.zadd(due.clocks_key(game_id), {game_id: at})
            pipe.execute()


def fields_of(connection: redis.Redis, ids: list[str], *fields: str) -> list[list[bytes | None]]:
    found = []
    for start_ in range(0, len(ids), 1000):
        with connection.pipeline(transaction=False) as pipe:
            for game_id in ids[start_ : start_ + 1000]:
                pipe.hmget(GameStore.key_for(game_id, "state"), *fields)
            found += pipe.execute()
    return found


def keeper_run(url: str, queue_url: str, connection: redis.Redis, fields: dict, tables: int, keepers: int) -> dict:
    """Make `tables` clocked tables due at one instant with `keepers` keepers running; each table's lag."""
    connection.flushall()
    ids = copy_tables(connection, fields, tables, due.millis(-1), due.millis(3600))
    running = []
    try:
        for _ in range(keepers):  # each started and looking at the due sets (its /healthz answers)
            port = free_port()
            running.append(start(["keeper", "--metrics-port", str(port)], environment(url, queue_url), port))
        at = due.millis(10)  # 10,000 writes on a busy machine take seconds: the instant is set well after them
        make_due(connection, ids, at)
        assert due.millis() < at, "scheduling took longer than the lead"
        cpu = tree_cpu(running)
        left = list(ids)
        while left:
            time.sleep(0.1)
            versions = fields_of(connection, left, "version")
            left = [game_id for game_id, (version,) in zip(left, versions, strict=True) if version == b"0"]
        cpu = tree_cpu(running) - cpu
        lags = []
        for (raw,) in fields_of(connection, ids, "doc"):
            updated = orjson.loads(raw)["updated_at"]
            lags.append(datetime.fromisoformat(updated.replace("Z", "+00:00")).timestamp() * 1000 - at)
        time.sleep(1)
        logs = []
        for start_ in range(0, len(ids), 1000):
            with connection.pipeline(transaction=False) as pipe:
                for game_id in ids[start_ : start_ + 1000]:
                    pipe.lrange(GameStore.key_for(game_id, "log"), 0, -1)
                logs += pipe.execute()
        once = all(len(log) == 1 and packing.unpack_entry(log[0])["by"] == "clock" for log in logs)
        assert once, "a deadline fired twice, or not at all"
    finally:
        servers.stop(running)
    lags.sort()
    return {
        "p50": statistics.median(lags) / 1000,
        "p90": lags[int(len(lags) * 0.9)] / 1000,
        "max": lags[-1] / 1000,
        "cpu": cpu / tables * 1000,
    }


def keeper(args: argparse.Namespace, folder: Path) -> None:
    with stores(folder) as (urls, connections, _):
        fields = template(urls["single"])
        print(f"{args.tables} clocked tables due at one instant; lag from it to each table's clock move committed")
        print(
            "| run | store | keepers | p50 s | p90 s | max s | keepers' CPU ms a table |\n|---|---|---|---|---|---|---|"
        )
        results: dict[tuple[str, int], list[dict]] = {}
        for run in range(1, args.runs + 1):
            order = [(store, count) for count in (2, 4) for store in ("cluster", "single")]
            for store, count in order if run % 2 else reversed(order):
                got = keeper_run(
                    urls[store],
                    urls["single"],
                    connections[store],
                    fields,
                    args.tables,
                    count,
                )
                results.setdefault((store, count), []).append(got)
                print(
                    f"| {run} | {store} | {count} | {got['p50']:.2f} | {got['p90']:.2f} | {got['max']:.2f} | "
                    f"{got['cpu']:.2f} |",
                    flush=True,
                )
        for count in (2, 4):
            cluster = statistics.median(r["max"] for r in results[("cluster", count)])
            single = statistics.median(r["max"] for r in results[("single", count)])
            print(
                f"{count} keepers: every table moved on {cluster:.2f} s (Cluster) against {single:.2f} s (one Redis)"
                f", {cluster / single:.2f}x"
            )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("what", nargs="?", default="all", choices=["all", "moves", "keeper"])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--seconds", type=float, default=6.0)
    parser.add_argument("--clients", type=int, default=4)
    parser.add_argument("--tables", type=int, default=10_000)
    parser.add_argument("--runs", type=int, default=1)
    args = parser.parse_args()
    import signal
    import tempfile

    # Stopped with SIGTERM, it still stops what it started (the `finally`s run on SystemExit).
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))

    with tempfile.TemporaryDirectory(prefix="dk-cluster-bench-") as folder:
        if args.what in ("all", "moves"):
            moves(args, Path(folder) / "moves")
        if args.what in ("all", "keeper"):
            keeper(args, Path(folder) / "keeper")


if __name__ == "__main__":
    main()
