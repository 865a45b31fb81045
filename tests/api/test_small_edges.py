"""The small ones: private answers say so, a 413 closes, /readyz names no path, /metrics may need a token."""

import os
import socket
import subprocess
import sys
import time

import redis

from tests.api.helpers import bearer, create


def test_seat_dependent_answers_are_private_and_vary_by_authorization(client):
    game, tokens = create(client, [{"name": "A"}, {"name": "B"}])
    for url in (f"/v1/games/{game['id']}", f"/v1/games/{game['id']}/events?after=0"):
        response = client.get(url, headers=bearer(tokens[0]))
        assert "Authorization" in response.headers["Vary"], url
        assert "private" in response.headers["Cache-Control"], url
    stream = client.get(f"/v1/games/{game['id']}/events?wait=0.01", headers={"Accept": "text/event-stream"})
    assert stream.headers["Cache-Control"] == "no-cache, private" and "Authorization" in stream.headers["Vary"]
    stream.close()


def test_readiness_names_no_socket_path(app):
    app.extensions["deskovka"].connection = redis.Redis.from_url("unix:///tmp/dk-nowhere/secret-place.sock")
    response = app.test_client().get("/readyz")
    assert response.status_code == 503
    assert "secret-place" not in response.get_data(as_text=True) and "/tmp" not in response.get_data(as_text=True)


def test_metrics_take_an_optional_token(app, client):
    assert client.get("/metrics").status_code == 200
    app.config["METRICS_TOKEN"] = "scrape-me"
    assert client.get("/metrics").status_code == 401
    assert client.get("/metrics", headers=bearer("wrong")).status_code == 401
    assert client.get("/metrics", headers=bearer("scrape-me")).status_code == 200
    app.config["ADMIN_TOKEN"] = "operator"
    assert client.get("/metrics", headers=bearer("operator")).status_code == 200


def test_a_413_from_gunicorn_says_connection_close(redis_url):
    port = 21000 + os.getpid() % 900
    server = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "gunicorn",
            "-k",
            "gthread",
            "--threads",
            "2",
            "-b",
            f"127.0.0.1:{port}",
            "api.http.app:create_app()",
        ],
        env={**os.environ, "DESKOVKA_REDIS_URL": redis_url},
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        for _ in range(200):
            try:
                connection = socket.create_connection(("127.0.0.1", port), timeout=60)
                break
            except OSError:
                time.sleep(0.05)
        body = b"x" * (2 << 20)
        head = (
            f"POST /v1/games HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
            f"Content-Length: {len(body)}\r\n\r\n"
        ).encode()
        connection.sendall(head + body[:4096])
        answer = connection.recv(65536).decode("latin-1")
        connection.close()
        status, _, rest = answer.partition("\r\n")
        headers = rest.partition("\r\n\r\n")[0].lower()
        assert " 413 " in status and "connection: close" in headers, answer[:400]
        assert "application/problem+json" in headers
    finally:
        server.terminate()
        server.wait(10)
