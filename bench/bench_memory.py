"""Redis memory a running game takes: its state, log, event stream and idempotency records, by `MEMORY USAGE`.

Each game type is created through the API (Flask test client, a private Redis) with every seat a person, and
played with random legal actions (each with an Idempotency-Key, as careful clients send); after the given numbers of
moves the bytes of every key of the game are added up.
Run: `python bench/bench_memory.py [--moves 20,60,150]`.
"""

import argparse
import random
import sys
from pathlib import Path

import redis

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from api.http.app import create_app  # noqa: E402
from bench.scratch_redis import scratch_redis  # noqa: E402

GAMES = {
    "timeline": (2, {"hand_size": 10}),
    "chronology": (3, {}),
    "lost-cities": (2, {}),
    "around-the-world": (3, {}),
    "ticket-to-ride-europe": (3, {}),
}


def game_bytes(connection: redis.Redis, game_id: str) -> dict[str, int]:
    """Bytes by part of the game: state, log, events, and all idempotency records together."""
    parts: dict[str, int] = {}
    for key in connection.scan_iter(f"dk:{{g:{game_id}}}:*"):
        part = key.decode().rpartition("}:")[2].partition(":")[0]
        parts[part] = parts.get(part, 0) + (connection.memory_usage(key, samples=0) or 0)
    return parts


def measure(client, connection: redis.Redis, game_type: str, checkpoints: list[int]) -> list[tuple[int, int]]:
    players, options = GAMES[game_type]
    created = client.post(
        "/v1/games",
        json={"type": game_type, "seats": [{"name": f"P{i}"} for i in range(players)], "options": options, "seed": 7},
    ).get_json()
    game_id = created["game"]["id"]
    tokens = {t["seat"]: t["token"] for t in created["tokens"]}
    pick, found, moves = random.Random(1), [], 0
    while checkpoints[len(found) :]:
        game = client.get(f"/v1/games/{game_id}").get_json()
        if moves == checkpoints[len(found)] or game["status"] != "running":
            found.append((moves, game_bytes(connection, game_id)))
            if game["status"] != "running":
                break
            continue
        seat = pick.choice(game["to_act"])
        mine = client.get(f"/v1/games/{game_id}", headers={"Authorization": f"Bearer {tokens[seat]}"}).get_json()
        response = client.post(
            f"/v1/games/{game_id}/actions",
            json=pick.choice(mine["legal_actions"]),
            headers={"Authorization": f"Bearer {tokens[seat]}", "Idempotency-Key": f"m{moves}"},
        )
        assert response.status_code == 200, response.get_json()
        moves += 1
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", default="20,60,150")
    args = parser.parse_args()
    checkpoints = [int(m) for m in args.moves.split(",")]
    with scratch_redis() as url:
        connection = redis.Redis.from_url(url)
        client = create_app({"REDIS_URL": url, "QUEUE_URL": url}).test_client()
        print("| game | seats | " + " | ".join(f"after {m} moves: state, log, events" for m in checkpoints) + " |")
        print("|---|---|" + "---|" * len(checkpoints))
        for game_type in GAMES:
            found = dict(measure(client, connection, game_type, checkpoints))

            def cell(parts: dict[str, int]) -> str:
                game = sum(size for part, size in parts.items() if part != "idem")
                return f"{game / 1024:.1f} KB (+{parts.get('idem', 0) / 1024:.0f} KB idempotency records)"

            cells = [cell(found[m]) if m in found else "ended" for m in checkpoints]
            last = max(found)
            if last not in checkpoints:
                cells[-1] = f"ended after {last}: {cell(found[last])}"
            print(f"| {game_type} | {GAMES[game_type][0]} | " + " | ".join(cells) + " |")


if __name__ == "__main__":
    main()
