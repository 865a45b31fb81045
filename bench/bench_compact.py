"""Redis bytes a game takes as it runs and once it is over, and an idempotency record, by `MEMORY USAGE`.

Each game is created through the API (Flask test client, a private Redis) with every seat a person and played to
its end with seeded random legal actions, each sent with an `Idempotency-Key` as careful clients do. The bytes of
every key of the game (state, log, events; idempotency records apart) are added up after each move. Reported:
bytes per move (from move 10 to the last move before the end), the table after six rounds (Timeline) or half its
moves, the finished game, the mean idempotency record, and what a million finished games and 100,000 running
tables of each come to. It reads only the API and Redis, so the same script measures older checkouts.
Run: `python bench/bench_compact.py [--seeds 3]`.
"""

import argparse
import random
import statistics
import sys
from pathlib import Path

import redis

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from api.http.app import create_app  # noqa: E402
from bench.scratch_redis import scratch_redis  # noqa: E402

GAMES = {"timeline": {}, "ticket-to-ride-europe": {}}
SEATS = 4


def game_bytes(connection: redis.Redis, game_id: str) -> tuple[int, list[int]]:
    """Bytes of the game's keys but its idempotency records, and the bytes of each of those."""
    game, answers = 0, []
    for key in connection.scan_iter(f"dk:{{g:{game_id}}}:*"):
        size = connection.memory_usage(key, samples=0) or 0
        if b":idem:" in key:
            answers.append(size)
        else:
            game += size
    return game, answers


def play(client, connection: redis.Redis, game_type: str, seed: int) -> dict[str, float]:
    created = client.post(
        "/v1/games",
        json={
            "type": game_type,
            "seats": [{"name": f"P{i}"} for i in range(SEATS)],
            "options": GAMES[game_type],
            "seed": seed,
        },
    ).get_json()
    game_id = created["game"]["id"]
    tokens = {t["seat"]: t["token"] for t in created["tokens"]}
    pick = random.Random(seed)
    sizes, rounds_at = [game_bytes(connection, game_id)[0]], None
    while True:
        game = client.get(f"/v1/games/{game_id}").get_json()
        if game["status"] != "running":
            break
        if rounds_at is None and game["view"].get("round", 0) > 6:
            rounds_at = len(sizes) - 1
        seat = pick.choice(game["to_act"])
        headers = {"Authorization": f"Bearer {tokens[seat]}"}
        mine = client.get(f"/v1/games/{game_id}", headers=headers).get_json()
        response = client.post(
            f"/v1/games/{game_id}/actions",
            json=pick.choice(mine["legal_actions"]),
            headers={**headers, "Idempotency-Key": f"m{len(sizes)}"},
        )
        assert response.status_code == 200, response.get_json()
        sizes.append(game_bytes(connection, game_id)[0])
    client.get(f"/v1/games/{game_id}/events?after=0")  # an older deskovka may compact a game on its first read
    finished, answers = game_bytes(connection, game_id)
    moves = len(sizes) - 1
    running = sizes[rounds_at if rounds_at is not None else moves // 2]
    return {
        "moves": moves,
        "per_move": (sizes[-2] - sizes[10]) / (moves - 11),
        "running": running,
        "finished": finished,
        "answer": statistics.mean(answers),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=3)
    args = parser.parse_args()
    with scratch_redis() as url:
        connection = redis.Redis.from_url(url)
        client = create_app({"REDIS_URL": url, "QUEUE_URL": url}).test_client()
        print(
            f"| game ({SEATS} seats) | moves | bytes per move | running table | finished game | idempotency record "
            "| a million finished | 100,000 running |"
        )
        print("|---|---|---|---|---|---|---|---|")
        for game_type in GAMES:
            runs = [play(client, connection, game_type, seed) for seed in range(1, args.seeds + 1)]
            mean = {name: statistics.mean(run[name] for run in runs) for name in runs[0]}
            print(
                f"| {game_type} | {mean['moves']:.0f} | {mean['per_move']:.0f} B | {mean['running'] / 1024:.1f} KB "
                f"| {mean['finished'] / 1024:.1f} KB (max {max(r['finished'] for r in runs) / 1024:.1f}) "
                f"| {mean['answer']:.0f} B | {mean['finished'] * 1e6 / 1e9:.1f} GB "
                f"| {mean['running'] * 1e5 / 1e9:.2f} GB |"
            )


if __name__ == "__main__":
    main()
