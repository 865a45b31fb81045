"""API workers' memory under ordinary play, against their own resting RSS.

One default `deskovka serve`; `--clients` processes (one loopback address and one kept connection each) create
Timeline games of a person and a `random` bot and play the first legal action again and again (the bot answers
within the same request), a new game when one ends, for `--seconds`. Each API worker's RSS is read every 0.5 s:
at rest before the play, its peak, and at the end. Bytes, so one run is a figure; to compare two commits, run it in
each checkout in turn (`git worktree add /tmp/before <commit>`, then `cd /tmp/before && python ...`).

Run from the repository root: `python bench/bench_play_memory.py [--seconds 90] [--clients 12]`.
"""

import argparse
import multiprocessing
import sys
import tempfile
import time
from pathlib import Path

import orjson
import psutil

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.bench_followers import free_port  # noqa: E402
from bench.bench_hostile import call, connect, start_serve  # noqa: E402

GAME = {"type": "timeline", "options": {"hand_size": 6}, "seats": [{"name": "player"}, {"bot": "random"}]}
ENDED = ("finished", "cancelled", "abandoned")


def player(port: int, source: str, until: float, moves) -> None:
    conn = connect(port, source)
    while time.monotonic() < until:
        status, body, _ = call(conn, "POST", "/v1/games", GAME)
        if status != 201:
            time.sleep(0.5)  # the games' limit of this address: wait for its window
            continue
        created = orjson.loads(body)
        game, auth = created["game"], {"Authorization": f"Bearer {created['tokens'][0]['token']}"}
        while time.monotonic() < until and game["status"] not in ENDED and game.get("legal_actions"):
            headers = {**auth, "If-Match": f'"{game["version"]}"'}
            status, body, _ = call(conn, "POST", f"/v1/games/{game['id']}/actions", game["legal_actions"][0], headers)
            with moves.get_lock():
                moves.value += 1
            if status == 200:
                game = orjson.loads(body)["game"]  # the game after the move and the bot's reply
            else:
                game = orjson.loads(call(conn, "GET", f"/v1/games/{game['id']}", None, auth)[1])


def api_workers(serve: psutil.Process) -> list[psutil.Process]:
    """The gunicorn workers: children of the `api` process, not the process itself."""
    apis = [child for child in serve.children() if "api" in child.cmdline()]
    return [worker for api in apis for worker in api.children()]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=90.0)
    parser.add_argument("--clients", type=int, default=12)
    args = parser.parse_args()
    port = free_port()
    serve = start_serve(port, tempfile.mkdtemp(prefix="dk-play-memory-"))
    try:
        workers = api_workers(psutil.Process(serve.pid))
        rest = {worker.pid: worker.memory_info().rss for worker in workers}
        peak = dict(rest)
        until = time.monotonic() + args.seconds
        moves = multiprocessing.Value("i", 0)
        players = [
            multiprocessing.Process(target=player, args=(port, f"127.0.7.{i + 1}", until, moves))
            for i in range(args.clients)
        ]
        for process in players:
            process.start()
        while time.monotonic() < until:
            for worker in workers:
                peak[worker.pid] = max(peak[worker.pid], worker.memory_info().rss)
            time.sleep(0.5)
        end = {worker.pid: worker.memory_info().rss for worker in workers}
        for process in players:
            process.join(60)
        print(f"{moves.value} moves posted in {args.seconds:g} s by {args.clients} clients")
        mib = 2**20
        for worker in workers:
            pid = worker.pid
            print(
                f"API worker {pid}: at rest {rest[pid] / mib:.1f} MiB, peak {peak[pid] / mib:.1f} MiB "
                f"(+{(peak[pid] - rest[pid]) / mib:.1f}), at the end {end[pid] / mib:.1f} MiB "
                f"(+{(end[pid] - rest[pid]) / mib:.1f})"
            )
    finally:
        serve.terminate()
        serve.wait(60)


if __name__ == "__main__":
    main()
