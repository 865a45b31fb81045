"""`deskovka api` (gunicorn's gevent workers) on a free loopback port, for tests that need the real server."""

import os
import signal
import socket
import subprocess
import sys
import time

import pytest

HOST = "127.0.0.1"


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind((HOST, 0))
        return probe.getsockname()[1]


def start_api(redis_url: str, workers: int, **env: str):
    port = free_port()
    environ = {
        **os.environ,
        "DESKOVKA_REDIS_URL": redis_url,
        "DESKOVKA_QUEUE_URL": redis_url,
        "DESKOVKA_LIMIT_GAMES": "off",
        "DESKOVKA_LIMIT_HISTORY_BYTES": "off",
        "DESKOVKA_LIMIT_MOVES": "off",  # tests play faster than people
        "DESKOVKA_LIMIT_SEAT_MOVES": "off",
        **env,
    }
    server = subprocess.Popen(
        [sys.executable, "-m", "api.cli", "api", "--port", str(port), "--workers", str(workers)],
        env=environ,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            with socket.create_connection((HOST, port), timeout=1) as conn:
                conn.sendall(b"GET /healthz HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n")
                if b" 200 " in conn.recv(100):
                    return server, port
        except OSError:
            time.sleep(0.1)
    server.kill()
    pytest.fail("deskovka api did not start: " + server.communicate()[1].decode(errors="replace")[-2000:])


def probes_answered_until(port: int, done) -> int:
    """Ask `/healthz` on one connection, one after another, until `done` (an Event) is set; return how many were
    answered before it was: a worker stalled by another request answers none meanwhile."""
    import http.client

    during, conn = 0, http.client.HTTPConnection(HOST, port, timeout=120)
    try:
        while not done.is_set():
            conn.request("GET", "/healthz")
            response = conn.getresponse()
            response.read()
            assert response.status == 200
            during += not done.is_set()
    finally:
        conn.close()
    return during


def stop(server) -> None:
    server.send_signal(signal.SIGQUIT)  # gunicorn's quick shutdown: followers would hold a graceful one for 30 s
    try:
        _, err = server.communicate(timeout=30)
    except subprocess.TimeoutExpired:
        server.kill()
        _, err = server.communicate()
    server.stderr_text = err.decode(errors="replace")  # its log, for tests that read it


def start_serve(data_dir, workers: int = 1, **env: str):
    """Run `deskovka serve` (embedded Redis, print workers, keeper, `workers` API workers) on its own data
    directory; return it and its base URL."""
    import urllib.request

    port = free_port()
    environ = {key: value for key, value in os.environ.items() if not key.startswith("DESKOVKA_")}
    # One address is every client here: no per-client share of connections or of history read.
    environ.update(
        {
            "DESKOVKA_DATA_DIR": str(data_dir),
            "DESKOVKA_MAX_CONNECTIONS_PER_CLIENT": "0",
            "DESKOVKA_LIMIT_HISTORY_BYTES": "off",
            "DESKOVKA_LIMIT_MOVES": "off",
            "DESKOVKA_LIMIT_SEAT_MOVES": "off",
            "DESKOVKA_LIMIT_REQUESTS": "off",
            "DESKOVKA_LIMIT_ADDRESS_REQUESTS": "off",
            "DESKOVKA_LIMIT_ASSET_REQUESTS": "off",
            **env,
        }
    )
    with (data_dir / "serve.log").open("wb") as log:
        server = subprocess.Popen(
            [sys.executable, "-m", "api.cli", "serve", "--port", str(port), "--workers", str(workers)],
            env=environ,
            stdout=log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
    base = f"http://{HOST}:{port}"
    deadline = time.monotonic() + 60
    while True:
        try:
            with urllib.request.urlopen(base + "/readyz", timeout=1) as answer:
                if answer.status == 200:
                    return server, base
        except OSError:
            pass
        if server.poll() is not None or time.monotonic() > deadline:
            stop_serve(server)
            pytest.fail("deskovka serve did not start:\n" + (data_dir / "serve.log").read_text(errors="replace"))
        time.sleep(0.1)


def stop_serve(server) -> None:
    server.send_signal(signal.SIGTERM)  # gunicorn stops, then serve stops its workers, keeper and Redis
    try:
        server.wait(30)
    except subprocess.TimeoutExpired:
        os.killpg(server.pid, signal.SIGKILL)
        server.wait(5)


def new_game(port: int) -> str:
    """Create a two-person Timeline table on a live server and return its id (for requests that need a game)."""
    import http.client
    import json

    conn = http.client.HTTPConnection(HOST, port, timeout=10)
    body = json.dumps({"type": "timeline", "seats": [{"name": "Ann"}, {"name": "Ben"}]})
    conn.request("POST", "/v1/games", body, {"Content-Type": "application/json"})
    answer = conn.getresponse()
    assert answer.status == 201, answer.read()
    game_id = json.loads(answer.read())["game"]["id"]
    conn.close()
    return game_id
