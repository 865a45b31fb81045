"""What an operator reads: JSON log lines with request ids, and Prometheus metrics from every worker process."""

import json
import logging
import threading
import urllib.error
import urllib.request

import pytest
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
        # Every game type's counter is there from the start: at zero until its first move.
        moved = {s.labels["type"]: s.value for s in found["deskovka_moves"].samples if s.name.endswith("_total")}
        assert moved["timeline"] == 1.0 and set(moved.values()) == {0.0, 1.0} and len(moved) >= 5, moved
        created = {s.labels["type"]: s.value for s in found["deskovka_games"].samples if s.name.endswith("_total")}
        assert created["timeline"] == 1.0 and sum(created.values()) == 1.0
        errors = {
            s.labels["error"]: s.value for s in found["deskovka_redis_errors"].samples if s.name.endswith("_total")
        }
        assert errors["ConnectionError"] == 0.0 and errors["ReplicaAcksTimeout"] == 0.0
        assert found["deskovka_build_info"].documentation
        assert "deskovka_print_queue_length" in found and "deskovka_print_queue_oldest_age_seconds" in found
        assert "deskovka_keeper_behind_seconds" in found and "deskovka_keeper_tables_due" in found
        # A refused move: its line names the game, the problem's code and the request.
        status, _, refusal = call(
            port,
            "POST",
            f"/v1/games/{game_id}/actions",
            action,
            {"Authorization": f"Bearer {token}", "X-Request-ID": "refused-move-1"},
        )
        assert status == 409 and json.loads(refusal)["code"] == "action/not_your_turn"
    finally:
        stop(server)
    lines = [json.loads(line) for line in server.stderr_text.splitlines() if line.strip()]  # every line is JSON
    mine = [line for line in lines if line.get("request_id") == "made-by-the-client-1"]
    assert mine and mine[-1]["route"] == "/v1/games" and mine[-1]["status"] == 201
    assert {"time", "level", "logger", "message", "duration_ms", "method"} <= set(mine[-1])
    move = [line for line in lines if line.get("request_id") == "refused-move-1"]
    assert move and move[-1]["game_id"] == game_id and move[-1]["code"] == "action/not_your_turn", move
    refused = [line for line in lines if line.get("request_id") == missing_id]
    assert refused and refused[-1]["status"] == 404 and refused[-1]["level"] == "info"
    assert refused[-1]["game_id"] == "nosuchgame" and refused[-1]["code"] == "game/not_found", refused[-1]
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


def test_a_text_line_escapes_every_control_and_line_separator():
    record = logging.LogRecord(
        "x", logging.INFO, __file__, 1, "a%sb", ("\r\n\x85\u2028\u2029\x1b[31m\x00\x7f\t",), None
    )
    line = logs.OneLineText("test").format(record)
    assert line.splitlines() == [line] and line.isprintable()
    assert line.endswith("a\\r\\n\\x85\\u2028\\u2029\\x1b[31m\\x00\\x7f\\tb")


def test_a_json_line_escapes_every_line_separator_json_allows_raw():
    record = logging.LogRecord("x", logging.INFO, __file__, 1, "a\x85b\u2028c\x7f", (), None)
    record.game_id = "x\u2029ERROR admin"
    line = logs.JsonLines("test").format(record)
    assert line.splitlines() == [line] and line.isprintable() and line.isascii()
    assert json.loads(line)["message"] == "a\x85b\u2028c\x7f" and json.loads(line)["game_id"] == record.game_id


def test_a_text_line_quotes_a_field_that_would_add_fields_of_its_own():
    record = logging.LogRecord("x", logging.INFO, __file__, 1, "GET", (), None)
    record.request_id, record.game_id, record.status = "r-1", 'x request_id=forged "a\\" status=200', 404
    line = logs.OneLineText("test").format(record)
    assert line.endswith(' request_id=r-1 game_id="x request_id=forged \\"a\\\\\\" status=200" status=404'), line


FORGED = "/x%0d%0a2026-01-01 00:00:00,000 [api] ERROR admin login ok request_id=forged status=200%c2%85%e2%80%a8 z=1"


def test_a_path_forges_no_log_line_in_the_text_format(redis_url):
    server, port = start_api(redis_url, 1, DESKOVKA_LOG_FORMAT="text", DESKOVKA_ACCESS_LOG="on")
    try:
        import http.client

        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        conn.request("GET", FORGED.replace(" ", "%20"), headers={"X-Request-ID": "forger-1"})
        assert conn.getresponse().status == 404
        conn.close()
    finally:
        stop(server)
    text = server.stderr_text
    assert text.split("\n")[:-1] == text.splitlines()  # no other separator in any line
    mine = [line for line in text.splitlines() if "forger-1" in line]
    assert len(mine) == 1, text
    assert "request_id=forged" not in text and " z=1" not in text and "ERROR admin" not in text
    fields = "request_id=forger-1 method=GET route=unmatched status=404 code=http/404 "
    assert mine[0].endswith(fields + mine[0].split(" ")[-1])


def metric_series(port, name):
    _, _, text = call(port, "GET", "/metrics")
    return sorted(line.split(" ")[0] for line in text.decode().splitlines() if line.startswith(name))


def random_methods(port, count, seed, source="127.0.0.1"):
    import http.client
    import random

    letters, rng = "ABCDEFGHIJKLMNOPQRSTUVWXYZ", random.Random(seed)
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30, source_address=(source, 0))
    statuses = set()
    for _ in range(count):
        conn.request("".join(rng.choice(letters) for _ in range(10)), "/v1/game-types")
        answer = conn.getresponse()
        answer.read()
        statuses.add(answer.status)
        if answer.will_close:
            conn.close()
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30, source_address=(source, 0))
    conn.close()
    return statuses


def series_after_random_methods(redis_url, count):
    # Warnings only: each 405's line would fill the pipe the test reads the server's log from only at the end.
    server, port = start_api(redis_url, 1, DESKOVKA_MAX_CONNECTIONS_PER_CLIENT="0", DESKOVKA_LOG_LEVEL="warning")
    try:
        assert random_methods(port, 5, seed=1) == {405}
        call(port, "GET", "/v1/game-types")
        metric_series(port, "")  # the metrics' own series, from now on
        every = metric_series(port, "deskovka_")
        before = metric_series(port, "deskovka_http_request_duration_seconds")
        for n in range(3):  # from three addresses, as the attacks came
            random_methods(port, count // 3, seed=2 + n, source=f"127.0.0.{91 + n}")
        after = metric_series(port, "deskovka_http_request_duration_seconds")
        assert metric_series(port, "deskovka_") == every, "no family of metrics grew a series"
    finally:
        stop(server)
    assert before == after
    methods = {line.split('method="')[1].split('"')[0] for line in after}
    assert methods == {"GET", "other"}
    assert len(after) < 100


def test_random_methods_add_no_metric_series(redis_url):
    series_after_random_methods(redis_url, 200)


@pytest.mark.slow
def test_ten_thousand_random_methods_add_no_metric_series(redis_url):
    series_after_random_methods(redis_url, 10_000)


def test_a_taken_port_is_said_in_a_json_line_and_stops_serve(tmp_path):
    import os
    import socket
    import subprocess
    import sys

    from tests.ops.roles import ROOT

    with socket.socket() as holder:
        holder.bind(("127.0.0.1", 0))
        holder.listen()
        port = holder.getsockname()[1]
        env = {k: v for k, v in os.environ.items() if not k.startswith(("DESKOVKA_", "PROMETHEUS_"))}
        env.update(PYTHONPATH=str(ROOT), DESKOVKA_LOG_FORMAT="json", DESKOVKA_DATA_DIR=str(tmp_path))
        served = subprocess.run(
            [sys.executable, "-m", "api.cli", "serve", "--port", str(port)],
            env=env,
            cwd=ROOT,
            capture_output=True,
            text=True,
            timeout=60,
        )
    assert served.returncode == 1
    lines = [json.loads(line) for line in served.stderr.splitlines()]  # every line is JSON
    assert lines and lines[-1]["level"] == "error" and f"cannot listen on 127.0.0.1:{port}" in lines[-1]["message"]
