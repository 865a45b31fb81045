"""The client CPU of reading split sets part by part on a Redis Cluster (issue 35, `api/storage/parts.py`), against
the Cluster client's own pipeline and command that did it before, interleaved in one run (docs/benchmarks.md).

On a 3-master Cluster (Debian's redis-server 7, loopback): a count of the store-wide totals (every move on a
Cluster makes one), the totals read at a scrape (9 hashes), and a lobby page's heads (9 parts). Each is timed as
this process's CPU (user + system) over `--calls` calls, old and new alternating, `--rounds` rounds; the ratio
new/old of each round is printed, and its median.

Run from the repository root, under `nice`: python bench/bench_cluster_parts.py [--rounds 5] [--calls 2000]
"""

import argparse
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from api.storage import metrics, parts  # noqa: E402
from api.storage.connections import connect  # noqa: E402
from api.storage.lobby import Lobby  # noqa: E402
from tests.ops import servers  # noqa: E402


def old_count(connection) -> None:
    connection.hincrby(random.choice(metrics.SPREAD), "actions", 1)


def old_totals(connection) -> None:
    with connection.pipeline(transaction=False) as pipe:
        for key in (metrics.KEY, *metrics.SPREAD):
            pipe.hgetall(key)
        pipe.execute()


def new_totals(connection) -> None:
    parts.read(connection, [metrics.KEY, *metrics.SPREAD], lambda pipe, key: pipe.hgetall(key), "totals")


def old_lobby(connection) -> None:
    with connection.pipeline(transaction=False) as pipe:
        for key in Lobby.parts(None):
            pipe.zrangebyscore(key, "-inf", "+inf", start=0, num=20, withscores=True)
        pipe.execute()


def new_lobby(connection) -> None:
    Lobby(connection).read(None, 0, 20)


def cpu(work, connection, calls: int) -> float:
    started = time.process_time()
    for _ in range(calls):
        work(connection)
    return time.process_time() - started


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--calls", type=int, default=2000)
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="dk-bench-parts-"))
    processes, ports = servers.cluster(folder, replicas=0)
    try:
        connection = connect(f"redis+cluster://127.0.0.1:{ports[0]}")
        lobby = Lobby(connection)
        for n in range(60):
            lobby.open("timeline", f"{n:016x}", 1e9 + n)
        pairs = {
            "count": (old_count, lambda c: metrics.count(c, "actions")),
            "totals": (old_totals, new_totals),
            "lobby": (old_lobby, new_lobby),
        }
        for name, (old, new) in pairs.items():
            ratios = []
            for round_ in range(args.rounds):
                first, second = (old, new) if round_ % 2 == 0 else (new, old)
                times = {first: cpu(first, connection, args.calls), second: cpu(second, connection, args.calls)}
                ratios.append(times[new] / times[old])
                print(
                    f"{name}: old {times[old] / args.calls * 1e6:.0f} µs, new {times[new] / args.calls * 1e6:.0f} µs "
                    f"a call, new/old {ratios[-1]:.2f}"
                )
            print(f"{name}: median new/old {statistics.median(ratios):.2f} over {args.rounds} rounds")
    finally:
        servers.stop(processes)


if __name__ == "__main__":
    main()
