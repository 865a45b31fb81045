"""SIGTERM drains `deskovka serve`: /readyz says `server/draining` at once while the socket still accepts, streams
end with their resume message, long-polls answer at once, requests go on being answered until the drain ends, and
the process exits within the drain and finish times."""

import http.client
import json
import signal
import threading
import time

from tests.faults.service import running

DRAIN = 2


def stream_lines(port, path, headers, lines, opened):
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    connection.request("GET", path, headers=headers)
    response = connection.getresponse()
    opened.set()
    while line := response.readline():
        lines.append(line.decode())
    connection.close()


def test_sigterm_drains_readiness_streams_and_long_polls_then_exits(tmp_path, redis_url):
    env = {
        "DESKOVKA_REDIS_URL": redis_url,
        "DESKOVKA_QUEUE_URL": redis_url,
        "DESKOVKA_DRAIN_SECONDS": str(DRAIN),
        "DESKOVKA_FINISH_SECONDS": "5",
    }
    with running(tmp_path / "data", tmp_path / "serve.log", **env) as server:
        created = server.call("POST", "/v1/games", {"type": "timeline", "seats": [{"name": "A"}, {"name": "B"}]})
        game = created.json()["game"]["id"]
        lines: list[str] = []
        opened = threading.Event()
        path = f"/v1/games/{game}/events?after=0&wait=60"
        stream = threading.Thread(
            target=stream_lines,
            args=(server.port, path, {"Accept": "text/event-stream", "Last-Event-ID": "0"}, lines, opened),
        )
        stream.start()
        polled: list = []
        poll = threading.Thread(target=lambda: polled.append(server.call("GET", path, timeout=60)))
        poll.start()
        assert opened.wait(10)
        time.sleep(0.5)  # both are waiting for a move
        assert server.process is not None
        server.process.send_signal(signal.SIGTERM)
        signalled = time.monotonic()
        poll.join(10)
        stream.join(10)
        assert polled and polled[0].status == 200 and polled[0].json()["version"] == 0  # answered, not cut
        assert "event: resume\n" in lines, lines
        resume = json.loads(next(line for line in lines if line.startswith("data: ")).removeprefix("data: "))
        assert resume["code"] == "server/draining" and resume["last_event_id"] == 0
        # Still accepting during the drain, and saying it is going.
        ready = server.call("GET", "/readyz")
        assert ready.status == 503 and ready.json()["code"] == "server/draining", ready.json()
        assert server.call("GET", f"/v1/games/{game}").status == 200
        followed = server.call("GET", f"/v1/games/{game}/events?after=0&wait=5")
        assert followed.status == 503 and followed.json()["code"] == "server/draining"
        assert time.monotonic() - signalled < DRAIN
        server.process.wait(DRAIN + 5 + 10)
        assert server.process.returncode == 0, server.log.read_text()[-2000:]
