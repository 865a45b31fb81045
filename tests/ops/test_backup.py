"""Backup and restore of the game store, as docs/operations.md says to do it: `redis-cli --rdb` copies a live
server's data; a new server started from that copy carries on: a running game takes its next move, and the replays
of finished games re-run to their outcome."""

import subprocess

import redis

from api.http.app import create_app
from engine.games import replay
from tests.api.helpers import create, play_to_end
from tests.api.test_followers import first_move
from tests.ops import servers

SEATS = [{"name": "A"}, {"name": "B"}]


def app_on(url):
    return create_app({"REDIS_URL": url, "QUEUE_URL": url, "TESTING": True, "RATE_LIMITS": {}})


def reruns(client, game_id):
    """The published replay re-run by the engine reaches the published outcome."""
    published = client.get(f"/v1/games/{game_id}/replay").get_json()
    match = replay(published["type"], published["players"], published["options"], published["seed"], published["log"])
    return match.rules.outcome(match.state) == published["outcome"]


def test_a_copy_of_the_store_restored_on_a_new_server_carries_on(tmp_path):
    live, port = servers.start(tmp_path / "live", "--appendonly", "yes")
    restored = None
    try:
        client = app_on(f"redis://127.0.0.1:{port}/0").test_client()
        finished, finished_tokens = create(client, SEATS, options={"hand_size": 2}, seed=4)
        play_to_end(client, finished["id"], finished_tokens)
        running, running_tokens = create(client, SEATS, options={"hand_size": 4}, seed=5)
        first_move(client, running["id"], running_tokens)
        backup = tmp_path / "backup.rdb"
        subprocess.run(
            ["/usr/bin/redis-cli", "-p", str(port), "--rdb", str(backup)], check=True, capture_output=True, timeout=60
        )
        servers.stop([live])
        # Restore: the copy as a new server's dump.rdb, started without its append-only file (which, present and
        # empty, would be loaded instead of the copy), then append-only turned on.
        (tmp_path / "restored").mkdir()
        (tmp_path / "restored" / "dump.rdb").write_bytes(backup.read_bytes())
        restored, new_port = servers.start(tmp_path / "restored", "--dbfilename", "dump.rdb")
        redis.Redis(port=new_port).config_set("appendonly", "yes")
        client = app_on(f"redis://127.0.0.1:{new_port}/0").test_client()
        assert reruns(client, finished["id"])
        assert client.get(f"/v1/games/{running['id']}").get_json()["version"] == 1
        first_move(client, running["id"], running_tokens, seat=1)  # the game goes on where it was
        play_to_end(client, running["id"], running_tokens)
        assert reruns(client, running["id"])
    finally:
        servers.stop([p for p in (live, restored) if p is not None])
