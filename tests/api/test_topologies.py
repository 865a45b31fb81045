"""The state store on a real Redis Cluster (3 masters) and behind a real Sentinel, started from the server binary."""

import socket
import subprocess
import tempfile
import threading
import time
from pathlib import Path

import pytest
import redis

from api.http.app import create_app
from api.serving.embedded import redis_server_binary
from api.storage.connections import BadURL, connect
from tests.api.helpers import bearer, create, play_to_end, view


def free_port() -> int:
    """A free port whose cluster bus port (+10000) is free and valid too."""
    while True:
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            port = probe.getsockname()[1]
        if port + 10000 <= 65535:
            with socket.socket() as bus:
                try:
                    bus.bind(("127.0.0.1", port + 10000))
                except OSError:
                    continue
            return port


def start(args: list[str], folder: Path) -> subprocess.Popen:
    return subprocess.Popen(
        [redis_server_binary(), *args, "--dir", str(folder), "--save", "", "--appendonly", "no"],
        stdout=subprocess.DEVNULL,
    )


def start_cluster_node(folder: Path, tries: int = 5) -> tuple[int, subprocess.Popen]:
    """A cluster-enabled node on a free port, answering. A port (or its bus port) free when probed may be taken by
    another process before the node binds it (a busy machine's outgoing connections take ports from the same
    range), and then the node exits: start again on another."""
    for _ in range(tries):
        port = free_port()
        node = start(
            ["--port", str(port), "--cluster-enabled", "yes", "--cluster-config-file", f"nodes-{port}.conf"], folder
        )
        deadline = time.monotonic() + 15
        while node.poll() is None and time.monotonic() < deadline:
            try:
                if redis.Redis(port=port).ping():
                    return port, node
            except redis.RedisError:
                time.sleep(0.1)
        node.terminate()
        node.wait(10)
    raise AssertionError(f"no cluster node came up in {tries} tries")


def wait_for(check, what: str, seconds: float = 15) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            if check():
                return
        except redis.RedisError:
            pass
        time.sleep(0.1)
    raise AssertionError(f"{what} did not come up")


@pytest.fixture(scope="module")
def cluster_url():
    folder = Path(tempfile.mkdtemp(prefix="dk-cluster-"))
    servers: list[subprocess.Popen] = []
    ports: list[int] = []
    try:
        for _ in range(3):
            port, node = start_cluster_node(folder)
            ports.append(port)
            servers.append(node)
        cli = Path(redis_server_binary()).with_name("redis-cli")
        subprocess.run(
            [
                str(cli),
                "--cluster",
                "create",
                *(f"127.0.0.1:{p}" for p in ports),
                "--cluster-replicas",
                "0",
                "--cluster-yes",
            ],
            check=True,
            capture_output=True,
            timeout=30,
        )
        wait_for(lambda: redis.Redis(port=ports[0]).cluster("info")["cluster_state"] == "ok", "the cluster")
        yield f"redis+cluster://127.0.0.1:{ports[0]}"
    finally:
        for server in servers:
            server.terminate()
            server.wait(10)


@pytest.fixture(scope="module")
def sentinel_url():
    folder = Path(tempfile.mkdtemp(prefix="dk-sentinel-"))
    master, sentinel = free_port(), free_port()
    config = folder / "sentinel.conf"
    config.write_text(f"port {sentinel}\nsentinel monitor deskovka 127.0.0.1 {master} 1\n", encoding="utf-8")
    servers = [start(["--port", str(master)], folder), start([str(config), "--sentinel"], folder)]
    try:
        wait_for(lambda: redis.Redis(port=master).ping(), "the master")
        wait_for(
            lambda: redis.Redis(port=sentinel).execute_command("SENTINEL GET-MASTER-ADDR-BY-NAME", "deskovka"),
            "the sentinel",
        )
        yield f"redis+sentinel://127.0.0.1:{sentinel}/deskovka"
    finally:
        for server in servers:
            server.terminate()
            server.wait(10)


def test_a_game_plays_to_the_end_on_a_cluster_with_its_keys_in_one_slot(cluster_url, redis_url):
    app = create_app({"REDIS_URL": cluster_url, "QUEUE_URL": redis_url})
    client = app.test_client()
    game, tokens = create(client, [{"name": "A"}, {"bot": "hit-rate"}, {"open": True}])
    assert client.get("/v1/games?status=open").get_json()["games"][0]["id"] == game["id"]
    joined = client.post(f"/v1/games/{game['id']}/seats/2", json={"name": "C"}).get_json()
    tokens[2] = joined["token"]
    final = play_to_end(client, game["id"], tokens)
    assert final["outcome"]["winners"]
    assert client.get(f"/v1/games/{game['id']}/replay").get_json()["log"]
    assert client.get("/readyz").status_code == 200
    cluster = connect(cluster_url)
    keys = [f"dk:{{g:{game['id']}}}:{part}" for part in ("state", "log", "events")]
    assert cluster.exists(keys[0])  # a finished game is kept compact: its state key alone
    assert len({cluster.keyslot(key) for key in keys}) == 1


def test_one_move_wins_a_race_on_a_cluster(cluster_url, redis_url):
    app = create_app({"REDIS_URL": cluster_url, "QUEUE_URL": redis_url})
    game, tokens = create(app.test_client(), [{"name": "A"}, {"name": "B"}])
    action = view(app.test_client(), game["id"], tokens[0])["legal_actions"][0]
    statuses: list[int] = []
    barrier = threading.Barrier(8)

    def racer() -> None:
        client = app.test_client()
        barrier.wait()
        statuses.append(
            client.post(
                f"/v1/games/{game['id']}/actions", json=action, headers={**bearer(tokens[0]), "If-Match": '"0"'}
            ).status_code
        )

    threads = [threading.Thread(target=racer) for _ in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(statuses) == [200] + [412] * 7


def test_a_cluster_state_needs_a_separate_queue(cluster_url):
    with pytest.raises(BadURL, match="DESKOVKA_QUEUE_URL"):
        create_app({"REDIS_URL": cluster_url, "QUEUE_URL": None})


def test_a_game_is_played_through_a_sentinel(sentinel_url):
    client = create_app({"REDIS_URL": sentinel_url}).test_client()
    game, tokens = create(client, [{"name": "A"}, {"bot": "random"}])
    assert play_to_end(client, game["id"], tokens)["outcome"]["winners"]
    assert client.get("/readyz").status_code == 200
