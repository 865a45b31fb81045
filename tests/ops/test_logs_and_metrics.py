"""What an operator reads: JSON log lines with request ids, and Prometheus metrics from every worker process."""

import json
import logging
import threading
import urllib.error
import urllib.request

from prometheus_client.parser import text_string_to_metric_families

from api import logs
from tests.api.live import start_api, stop


def call(port, method, path, body=None, headers=None):
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(
        f"http://127.0.0.1:{port}{path}",
        data=data,
        method=method,
        headers={**({"Content-Type": "application/json"} if data else {}), **(headers or {})},
    )
    try:
        with urllib.request.urlopen(request, timeout=30) as answer:
            return answer.status, dict(answer.headers), answer.read()
    except urllib.error.HTTPError as error:
        return error.code, dict(error.headers), error.read()


def families(text):
    return {family.name: family for family in text_string_to_metric_families(text)}


def test_json_lines_request_ids_and_metrics_of_a_live_api(redis_url):
    server, port = start_api(
        redis_url, 2, DESKOVKA_LOG_FORMAT="json", DESKOVKA_ACCESS_LOG="on", DESKOVKA_MAX_CONNECTIONS_PER_CLIENT="0"
    )
    try:
        status, headers, body = call(
            port,
            "POST",
            "/v1/games",
            {"type": "timeline", "seats": [{"name": "A"}, {"name": "B"}], "seed": 4},
            {"X-Request-ID": "made-by-the-client-1"},
        )
        assert status == 201 and headers["X-Request-ID"] == "made-by-the-client-1"
        created = json.loads(body)
        game_id, token = created["game"]["id"], created["tokens"][0]["token"]
        status, headers, _ = call(port, "GET", "/v1/games/nosuchgame")
        assert status == 404 and len(headers["X-Request-ID"]) == 32  # made by the server when none was sent
        missing_id = headers["X-Request-ID"]
        _, _, body = call(port, "GET", f"/v1/games/{game_id}", headers={"Authorization": f"Bearer {token}"})
        action = json.loads(body)["legal_actions"][0]
        status, _, _ = call(port, "POST", f"/v1/games/{game_id}/actions", action, {"Authorization": f"Bearer {token}"})
        assert status == 200
        # A follower waiting while the metrics are read, in whichever worker takes it.
        waiting = threading.Thread(target=call, args=(port, "GET", f"/v1/games/{game_id}/events?after=1&wait=3"))
        waiting.start()
        gauge = []
        for _ in range(40):
            _, _, text = call(port, "GET", "/metrics")
            found = families(text.decode())
            gauge = [s.value for s in found["deskovka_followers"].samples]
            if gauge and gauge[0] >= 1:
                break
        waiting.join()
        assert gauge and gauge[0] >= 1
        latency = found["deskovka_http_request_duration_seconds"]
        assert latency.type == "histogram"
        routes = {s.labels["route"] for s in latency.samples if s.name.endswith("_count")}
        assert {"/v1/games", "/v1/games/<string:game_id>", "/v1/games/<string:game_id>/actions"} <= routes, routes
        assert "/v1/games/nosuchgame" not in routes  # a route's rule, never a path
        moves = found["deskovka_move_duration_seconds"]
        assert moves.type == "histogram"
        assert [s.value for s in moves.samples if s.name.endswith("_count")] == [1.0]
        assert [(s.labels, s.value) for s in found["deskovka_moves"].samples if s.name.endswith("_total")] == [
            ({"type": "timeline"}, 1.0)
        ]
        assert [s.value for s in found["deskovka_games"].samples if s.name.endswith("_total")] == [1.0]
        assert "deskovka_print_queue_length" in found
    finally:
        stop(server)
    lines = [json.loads(line) for line in server.stderr_text.splitlines() if line.strip()]  # every line is JSON
    mine = [line for line in lines if line.get("request_id") == "made-by-the-client-1"]
    assert mine and mine[-1]["route"] == "/v1/games" and mine[-1]["status"] == 201
    assert {"time", "level", "logger", "message", "duration_ms", "method"} <= set(mine[-1])
    refused = [line for line in lines if line.get("request_id") == missing_id]
    assert refused and refused[-1]["status"] == 404 and refused[-1]["level"] == "info"
    assert "exception" not in refused[-1]


def test_a_5xx_is_logged_with_its_traceback_a_4xx_without(make_app, caplog):
    app = make_app()

    def boom():
        raise RuntimeError("a bug")

    app.add_url_rule("/boom", "boom", boom)
    caplog.set_level(logging.INFO)
    client = app.test_client()
    assert client.get("/boom", headers={"X-Request-ID": "r-500"}, buffered=True).status_code == 500
    assert client.get("/v1/games/nosuchgame", headers={"X-Request-ID": "r-404"}, buffered=True).status_code == 404
    failed = [r for r in caplog.records if r.exc_info]
    assert len(failed) == 1 and "a bug" in str(failed[0].exc_info[1])
    lines = [r for r in caplog.records if r.name == "deskovka.request"]
    assert [(r.request_id, r.status, r.levelname, bool(r.exc_info)) for r in lines] == [
        ("r-500", 500, "WARNING", False),
        ("r-404", 404, "INFO", False),
    ]


def test_json_lines_fold_a_traceback_into_the_line():
    formatter = logs.JsonLines("test")
    try:
        raise ValueError("no")
    except ValueError:
        record = logging.LogRecord("x", logging.ERROR, __file__, 1, "failed %s", ("here",), exc_info=True)
        import sys

        record.exc_info = sys.exc_info()
    line = formatter.format(record)
    assert "\n" not in line
    parsed = json.loads(line)
    assert parsed["message"] == "failed here" and "ValueError: no" in parsed["exception"]
    assert "\n" not in logs.OneLineText("test").format(record)
