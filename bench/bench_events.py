"""Measure what reading a long history costs the serving thread: one page of events, and a stream's catch-up.

Each game's largest version of events (a real game's, played to its end) is written 5,000 times into one game;
the CPU time of the request's thread is measured (`time.thread_time`), so Redis's own work is not counted. The
stream's catch-up is measured at 1,000 and 5,000 versions, interleaved: linear in what it sends, the ratio is ~5.

Run: python bench/bench_events.py  (starts its own Redis; prints a Markdown table)
"""

import statistics
import sys
import tempfile
import time
from pathlib import Path

import orjson

sys.path.insert(0, str(Path(__file__).parents[1]))

from api.http.app import create_app  # noqa: E402
from api.http.resources.events import MAX_PAGE  # noqa: E402
from api.serving.embedded import EmbeddedRedis  # noqa: E402
from tests.api.helpers import bearer, create  # noqa: E402
from tests.api.long_history import grow, real_batches  # noqa: E402

GAMES = [("lost-cities", 5), ("around-the-world", 6), ("ticket-to-ride-europe", 5), ("timeline", 8)]
RUNS = 7


def cpu_ms(client, path: str, headers: dict[str, str]) -> float:
    """Return the CPU milliseconds of one GET, its body read to the end."""
    started = time.thread_time()
    client.get(path, headers=headers).get_data()
    return (time.thread_time() - started) * 1000


def main() -> None:
    redis = EmbeddedRedis(Path(tempfile.mkdtemp(prefix="dk-bench-")), fsync="everysec")
    redis_url = redis.start()
    try:
        client = create_app({"REDIS_URL": redis_url, "QUEUE_URL": redis_url, "RATE_LIMITS": {}}).test_client()
        store = client.application.extensions["deskovka"].store
        print(
            "| game | bytes a version | page of 100: ms | page of the most: ms | KB "
            "| stream 1,000 / 5,000: ms | ratio |"
        )
        print("|---|---|---|---|---|---|---|")
        for game_type, seats in GAMES:
            worst = max(real_batches(client, game_type, seats), key=lambda events: len(orjson.dumps(events)))
            game, tokens = create(client, [{"name": "A"}, {"name": "B"}], game_type="ticket-to-ride-europe")
            grow(store, game["id"], 5000, [worst], "finished")
            url = f"/v1/games/{game['id']}/events"
            sse = {"Accept": "text/event-stream"}
            pages = {100: [], MAX_PAGE: []}
            streams = {1000: [], 5000: []}
            for _ in range(RUNS):
                for limit, times in pages.items():
                    times.append(cpu_ms(client, f"{url}?limit={limit}", bearer(tokens[0])))
                for versions, times in streams.items():
                    since = {"Last-Event-ID": str(5000 - versions)}
                    times.append(cpu_ms(client, url, {**sse, **since}))
            size = len(client.get(f"{url}?limit={MAX_PAGE}").data) // 1024
            short, long = statistics.median(streams[1000]), statistics.median(streams[5000])
            print(
                f"| {game_type} | {len(orjson.dumps(worst))} | {statistics.median(pages[100]):.1f} "
                f"| {statistics.median(pages[MAX_PAGE]):.1f} (max {max(pages[MAX_PAGE]):.1f}) | {size} "
                f"| {short:.0f} / {long:.0f} | {long / short:.1f} |"
            )
    finally:
        redis.stop()


if __name__ == "__main__":
    main()
