"""What durability costs and what games weigh on disk, on the embedded Redis.

moves: moves/s through the API (Flask test client, in process) on two embedded Redis servers side by side, one
with appendfsync always and one with everysec (the floor), in interleaved rounds of the same moves.
disk: the append-only file after N finished all-bot games of each kind, compacted (BGREWRITEAOF) and not.
bound: the largest append-only file seen while N games are played move by move with the embedded settings.

Run: python bench/bench_durability.py [moves|disk|bound|both] [--rounds 9] [--moves 60] [--games 200]
"""

import argparse
import os
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

import redis

from api import limits
from api.http.app import create_app
from api.serving.embedded import EmbeddedRedis
from api.serving.keeper import Keeper

SEATS = [{"name": "A"}, {"bot": "random"}]
MOVE_BY_MOVE = "timeline, move by move"  # one human seat posting each move, so each move is one write
ALL_BOTS = {
    "timeline": ([{"bot": "random"}, {"bot": "hit-rate"}], {}),
    "lost-cities": ([{"bot": "random"}, {"bot": "good"}], {}),
    "ticket-to-ride-europe": ([{"bot": "random"}, {"bot": "greedy"}], {}),
    "chronology": ([{"bot": "random"}, {"bot": "sensible"}], {}),
    "around-the-world": ([{"bot": "random"}, {"bot": "greedy"}], {}),
    MOVE_BY_MOVE: (SEATS, {"hand_size": 4}),
}


class Table:
    """One API app on one embedded Redis, with a game to move in."""

    def __init__(self, fsync: str) -> None:
        self.folder = Path(tempfile.mkdtemp(prefix=f"dk-bench-{fsync}-"))
        self.redis = EmbeddedRedis(self.folder, fsync=fsync)
        url = self.redis.start()
        self.client = create_app({"REDIS_URL": url, "QUEUE_URL": url}).test_client()
        self.game: tuple[str, dict] | None = None

    def move(self) -> float:
        """Play one legal move of the human seat (the bot answers in the same write); return the POST's time."""
        while True:
            if self.game is None:
                body = self.client.post(
                    "/v1/games", json={"type": "timeline", "seats": SEATS, "options": {"hand_size": 10}}
                ).get_json()
                self.game = (body["game"]["id"], {"Authorization": f"Bearer {body['tokens'][0]['token']}"})
            game_id, auth = self.game
            mine = self.client.get(f"/v1/games/{game_id}", headers=auth).get_json()
            if mine["status"] != "running":
                self.game = None
                continue
            started = time.perf_counter()
            answer = self.client.post(
                f"/v1/games/{game_id}/actions",
                json=mine["legal_actions"][0],
                headers={**auth, "If-Match": f'"{mine["version"]}"'},
            )
            took = time.perf_counter() - started
            assert answer.status_code == 200, answer.get_json()
            return took

    def write(self, doc: bytes) -> float:
        """One write of a game-sized hash straight to Redis: what a move's commit costs the store."""
        client = self.client.application.extensions["deskovka"].connection
        started = time.perf_counter()
        client.hset("dk:bench", mapping={"doc": doc, "rev": 1})
        return time.perf_counter() - started

    def close(self) -> None:
        self.redis.stop()
        shutil.rmtree(self.folder, ignore_errors=True)


def bench_moves(rounds: int, moves: int) -> None:
    tables = {fsync: Table(fsync) for fsync in ("everysec", "always")}
    for table in tables.values():  # warm-up: imports, decks, the script cache
        for _ in range(10):
            table.move()
    doc = b"x" * 6000  # about a Timeline game's state document
    rates: dict[tuple[str, str], list[float]] = {(what, fsync): [] for what in ("moves", "writes") for fsync in tables}
    for i in range(rounds):
        order = list(tables) if i % 2 == 0 else list(reversed(tables))
        for fsync in order:
            rates["moves", fsync].append(moves / sum(tables[fsync].move() for _ in range(moves)))
            rates["writes", fsync].append(moves * 10 / sum(tables[fsync].write(doc) for _ in range(moves * 10)))
    print("| what | appendfsync | rounds x count | per second (median) | min | max | ratio to everysec |")
    print("|---|---|---:|---:|---:|---:|---:|")
    for (what, fsync), values in rates.items():
        count = moves if what == "moves" else moves * 10
        ratio = statistics.median(values) / statistics.median(rates[what, "everysec"])
        print(
            f"| {what} | {fsync} | {rounds} x {count} | {statistics.median(values):.0f} | {min(values):.0f} | "
            f"{max(values):.0f} | {ratio:.2f} |"
        )
    for table in tables.values():
        table.close()


def play_to_the_end(client, seats: list[dict], options: dict) -> None:
    body = client.post("/v1/games", json={"type": "timeline", "seats": seats, "options": options}).get_json()
    game_id, auth = body["game"]["id"], {"Authorization": f"Bearer {body['tokens'][0]['token']}"}
    while (mine := client.get(f"/v1/games/{game_id}", headers=auth).get_json())["status"] == "running":
        client.post(f"/v1/games/{game_id}/actions", json=mine["legal_actions"][0], headers=auth)


def aof_bytes(folder: Path) -> int:
    return sum(path.stat().st_size for path in folder.glob("appendonly*"))


def rewrite(client: redis.Redis) -> None:
    client.bgrewriteaof()
    time.sleep(0.2)
    while client.info("persistence")["aof_rewrite_in_progress"] or client.info("persistence")["aof_rewrite_scheduled"]:
        time.sleep(0.1)


def bench_disk(games: int) -> None:
    print(
        "| game (all bots, finished) | games | keys per game | AOF as written per game | compacted per game |"
        " compacted per 1,000 |"
    )
    print("|---|---:|---:|---:|---:|---:|")
    for game_type, (seats, options) in ALL_BOTS.items():
        folder = Path(tempfile.mkdtemp(prefix="dk-disk-"))
        # A rewrite mid-run would make "as written" meaningless: this server never rewrites on its own.
        server = EmbeddedRedis(folder, fsync="everysec")
        server.start()
        client = redis.Redis.from_url(server.url)
        client.config_set("auto-aof-rewrite-percentage", 0)
        # Games of bots only are played by the keeper, here in this process at once; no per-client quotas.
        app = create_app({"REDIS_URL": server.url, "QUEUE_URL": server.url, "RATE_LIMITS": {}, "BOT_PACE": 1e9})
        app_client, keeper = app.test_client(), Keeper(app.extensions["deskovka"])
        app_client.post("/v1/games", json={"type": "timeline", "seats": SEATS})
        rewrite(client)
        client.delete(*client.keys("dk:{g:*"))
        rewrite(client)
        empty_compact, empty_written = aof_bytes(folder), aof_bytes(folder)
        for _ in range(games):
            if game_type == MOVE_BY_MOVE:
                play_to_the_end(app_client, seats, options)
                continue
            answer = app_client.post("/v1/games", json={"type": game_type, "seats": seats, "options": options})
            while keeper.tick():
                pass
            game_id = answer.get_json()["game"]["id"]
            assert app_client.get(f"/v1/games/{game_id}").get_json()["status"] == "finished", answer.get_json()
        written = aof_bytes(folder) - empty_written
        keys = len(client.keys("dk:{g:*")) / games
        rewrite(client)
        compact = aof_bytes(folder) - empty_compact
        print(
            f"| {game_type} | {games} | {keys:.1f} | {written / games / 1024:.1f} KiB | "
            f"{compact / games / 1024:.1f} KiB | {compact / games * 1000 / 2**20:.1f} MiB |"
        )
        client.close()
        server.stop()
        shutil.rmtree(folder, ignore_errors=True)


def bench_bound(games: int) -> None:
    """Play games move by move with the embedded Redis's own rewrite settings; report the largest file seen."""
    folder = Path(tempfile.mkdtemp(prefix="dk-bound-"))
    server = EmbeddedRedis(folder, fsync="everysec")
    server.start()
    try:
        client = redis.Redis.from_url(server.url)
        app_client = create_app({"REDIS_URL": server.url, "QUEUE_URL": server.url}).test_client()
        largest = 0
        for _ in range(games):
            play_to_the_end(app_client, SEATS, {"hand_size": 4})
            largest = max(largest, aof_bytes(folder))
        rewrites = server.log.read_text().count("Background AOF rewrite finished successfully")
        before = aof_bytes(folder)
        rewrite(client)
        print(
            f"\n{games} Timeline games played move by move with the embedded settings: largest AOF "
            f"{largest / 2**20:.1f} MiB, {rewrites} automatic rewrites, {before / 2**20:.1f} MiB at the end, "
            f"{aof_bytes(folder) / 2**20:.1f} MiB compacted"
        )
        client.close()
    finally:
        server.stop()
        shutil.rmtree(folder, ignore_errors=True)


def main(argv: list[str]) -> None:
    for bucket in limits.DEFAULTS:  # one client makes every request here: no quotas
        os.environ[f"DESKOVKA_LIMIT_{bucket.upper()}"] = "off"
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("part", nargs="?", default="both", choices=["moves", "disk", "bound", "both"])
    parser.add_argument("--rounds", type=int, default=9)
    parser.add_argument("--moves", type=int, default=60)
    parser.add_argument("--games", type=int, default=200)
    args = parser.parse_args(argv)
    if args.part in ("moves", "both"):
        bench_moves(args.rounds, args.moves)
    if args.part in ("disk", "both"):
        bench_disk(args.games)
    if args.part in ("bound", "both"):
        bench_bound(args.games)


if __name__ == "__main__":
    main(sys.argv[1:])
