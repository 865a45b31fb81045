"""Fixtures: a real Redis server for the whole run, a fresh app per test, a client."""

import os
import shutil
import subprocess
import tempfile
import time
from pathlib import Path

import pytest
import redis

from api.serving.embedded import redis_server_binary

# Tests play far faster than people: the budgets of moves are off unless a test sets them (tests/api/
# test_bounded_games.py), for every app a test makes and every server it starts.
os.environ.setdefault("DESKOVKA_LIMIT_MOVES", "off")
os.environ.setdefault("DESKOVKA_LIMIT_SEAT_MOVES", "off")
# And they read every finished game of the session from one address, so its budget of rebuilds is off too
# (tests/api/test_finished_reads.py sets it).
os.environ.setdefault("DESKOVKA_LIMIT_REBUILDS", "off")
# And every request of theirs comes from one address, far faster than a table page asks (tests/api/
# test_request_budget.py sets the budget of requests).
os.environ.setdefault("DESKOVKA_LIMIT_REQUESTS", "off")
os.environ.setdefault("DESKOVKA_LIMIT_ADDRESS_REQUESTS", "off")
os.environ.setdefault("DESKOVKA_LIMIT_ASSET_REQUESTS", "off")


@pytest.fixture(scope="session")
def redis_url():
    """A real Redis: DESKOVKA_TEST_REDIS_URL if set, else the embedded server on a private socket."""
    if os.environ.get("DESKOVKA_TEST_REDIS_URL"):
        yield os.environ["DESKOVKA_TEST_REDIS_URL"]
        return
    folder = Path(tempfile.mkdtemp(prefix="dk-redis-"))
    socket = folder / "redis.sock"
    process = subprocess.Popen(
        [
            redis_server_binary(),
            "--port",
            "0",
            "--unixsocket",
            str(socket),
            "--save",
            "",
            "--appendonly",
            "no",
            "--dir",
            str(folder),
        ],
        stdout=subprocess.DEVNULL,
    )
    url = f"unix://{socket}"
    for _ in range(100):
        try:
            redis.Redis.from_url(url).ping()
            break
        except redis.ConnectionError:
            time.sleep(0.05)
    yield url
    process.terminate()
    process.wait(10)
    shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture
def redis_client(redis_url):
    client = redis.Redis.from_url(redis_url)
    client.flushdb()
    yield client
    client.close()


@pytest.fixture
def make_app(redis_client, redis_url):
    """Make apps on the test Redis (each one an API process in all but name) and close them afterwards."""
    from api.http.app import create_app

    made = []

    def make(**overrides):
        # Every test client is one address: tests of the limits turn them on themselves.
        made.append(
            create_app(
                {"REDIS_URL": redis_url, "QUEUE_URL": redis_url, "TESTING": True, "RATE_LIMITS": {}, **overrides}
            )
        )
        return made[-1]

    yield make
    for app in made:
        app.extensions["deskovka"].followers.close()
        app.extensions["deskovka"].connection.close()


@pytest.fixture
def app(make_app):
    return make_app()


@pytest.fixture
def client(app):
    return app.test_client()


@pytest.fixture(scope="module")
def live_base(redis_url):
    """The app served over real HTTP on a free port, for clients that speak HTTP themselves."""
    import threading

    from werkzeug.serving import make_server

    from api.http.app import create_app

    app = create_app({"REDIS_URL": redis_url, "QUEUE_URL": redis_url, "MAX_WAIT": 0.3, "RATE_LIMITS": {}})
    server = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_port}"
    server.shutdown()
    app.extensions["deskovka"].followers.close()
