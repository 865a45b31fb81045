"""A live `deskovka serve` in each log format, asked from several loopback addresses as issue 34's attacks were:
a path cannot forge a log line (text or JSON), and another person's print job is not found from its spec."""

import hashlib
import http.client
import json
import re

import orjson
import pytest

from tests.faults.service import running

# Every separator a reader of the log might split a line at, and fake fields after them.
FORGED = (
    "/v1/x%0d%0a2026-01-01%2000:00:00,000%20[api]%20ERROR%20admin%20login%20ok%20request_id=forged%20status=200",
    "/v1/x%c2%852026-01-01%2000:00:00,000%20ERROR%20admin%20login%20ok%20request_id=forged",
    "/v1/x%e2%80%a8ERROR%20admin%20login%20ok%e2%80%a9request_id=forged%20status=200%0bz=1%0c%1b[2K",
    "/v1/games?cursor=%0aERROR%20admin%20login%20ok%20request_id=forged",
    # the ids a line names as fields of its own (game_id=, job_id=)
    "/v1/games/x%20request_id=forged%20status=200%0aERROR%20admin%20login%20ok",
    "/v1/games/x%e2%80%a8ERROR%20admin%20login%20ok%20request_id=forged/events",
    "/v1/print-jobs/pdf-x%20request_id=forged%c2%85ERROR%20admin%20login%20ok/pdf",
)
# A text line's fields as logfmt reads them: name=value, or name="value" with \" and \\ inside.
FIELD = re.compile(r'(?:^| )(\w+)=("(?:[^"\\]|\\.)*"|[^ ]*)')
SHEETS = {"kind": "score-sheets", "count": 2, "per_page": 2, "names": ["Alice Novakova", "Bob Svoboda"]}


@pytest.fixture(scope="module", params=["text", "json"])
def served(request, tmp_path_factory):
    folder = tmp_path_factory.mktemp(f"hostile-{request.param}")
    with running(
        folder / "data", folder / "serve.log", DESKOVKA_LOG_FORMAT=request.param, DESKOVKA_ACCESS_LOG="on"
    ) as server:
        yield request.param, server


def call(server, source, method, path, body=None, headers=None):
    conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=30, source_address=(source, 0))
    try:
        conn.request(method, path, body=None if body is None else json.dumps(body), headers=headers or {})
        answer = conn.getresponse()
        return answer.status, answer.read()
    finally:
        conn.close()


def test_no_path_forges_a_log_line(served):
    form, server = served
    sent = []
    for n, path in enumerate(FORGED * 3):
        request_id = f"forger-{form}-{n:03d}"
        status, _ = call(server, f"127.0.0.{61 + n % 3}", "GET", path, headers={"X-Request-ID": request_id})
        assert status in (404, 405, 422), (path, status)  # each line is logged: 4xx answers always are
        sent.append(request_id)
    server.wait_for_log(*sent)
    text = server.log.read_text(encoding="utf-8", errors="replace")
    assert text.split("\n")[:-1] == text.splitlines(), "no line holds another separator"
    lines = text.splitlines()
    assert not [line for line in lines if "ERROR admin" in line.split("request_id")[0] and "forger" not in line]
    for request_id in sent:
        (mine,) = [line for line in lines if request_id in line]
        if form == "json":
            entry = json.loads(mine)
            assert entry["request_id"] == request_id and entry["level"] == "info", entry
        else:
            assert mine.isprintable(), mine
            fields = FIELD.findall(mine)
            names = [name for name, _ in fields]
            assert names.count("request_id") == names.count("status") == 1 and "z" not in names, mine
            assert dict(fields)["request_id"] == request_id, mine
    if form == "json":
        assert all(json.loads(line).get("request_id") != "forged" for line in lines if line.startswith("{"))


def test_another_persons_print_job_is_not_found_by_its_spec(served):
    _, server = served
    status, body = call(server, "127.0.0.71", "POST", "/v1/print-jobs", SHEETS, {"Content-Type": "application/json"})
    job = orjson.loads(body)
    assert status == 202, job
    guesses = set()
    for spec in (SHEETS, job["spec"]):
        for text in (orjson.dumps(spec, option=orjson.OPT_SORT_KEYS), orjson.dumps(spec), json.dumps(spec).encode()):
            digest = hashlib.sha256(text).hexdigest()
            guesses |= {f"pdf-{digest}", f"pdf-{digest[:32]}", f"pdf-{digest[:16]}"}
    assert job["id"] not in guesses
    for guessed in sorted(guesses):
        for tail in ("", "/pdf", "/preview?width=240"):
            assert call(server, "127.0.0.72", "GET", f"/v1/print-jobs/{guessed}{tail}")[0] == 404, (guessed, tail)
    assert call(server, "127.0.0.71", "GET", f"/v1/print-jobs/{job['id']}")[0] == 200, "its poster's id reads it"
