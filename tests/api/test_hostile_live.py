"""A live `deskovka serve` in each log format, asked from several loopback addresses as issue 34's attacks were:
a path cannot forge a log line (text or JSON), and another person's print job is not found from its spec."""

import hashlib
import http.client
import json
import re
import time

import orjson
import pytest

from api.storage.store import GameStore
from api.tables import lengths
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
ENDLESS = {"bot": "hit-rate", "bot_options": {"hit_rate": 0}}
SHEETS = {"kind": "score-sheets", "count": 2, "per_page": 2, "names": ["Alice Novakova", "Bob Svoboda"]}


@pytest.fixture(scope="module", params=["text", "json"])
def served(request, tmp_path_factory):
    folder = tmp_path_factory.mktemp(f"hostile-{request.param}")
    with running(
        folder / "data",
        folder / "serve.log",
        DESKOVKA_LOG_FORMAT=request.param,
        DESKOVKA_ACCESS_LOG="on",
        DESKOVKA_BOT_PACE="1000",  # the keeper plays a flood's bots at once: the bound, not the pace, is tested
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


@pytest.mark.slow
@pytest.mark.parametrize("served", ["text"], indirect=True)
def test_moves_alone_store_nothing_past_the_games_most_versions(served):
    """Issue 34's first attack from one address: a person and seven bots that never place a card, `legal_actions[0]`
    posted again and again; the game stops at its type's most versions (3,000) and stores nothing past them. (The
    same with 100 versions, through Flask: tests/api/test_bounded_games.py.)"""
    _, server = served
    most = lengths.MOST_VERSIONS["timeline"]
    table = {"type": "timeline", "seed": 3, "options": {"hand_size": 10}, "seats": [{"name": "Ann"}, *[ENDLESS] * 7]}
    status, body = call(server, "127.0.0.81", "POST", "/v1/games", table, {"Content-Type": "application/json"})
    made = orjson.loads(body)
    game_id, token = made["game"]["id"], made["tokens"][0]["token"]
    seat = {"Authorization": f"Bearer {token}", "Content-Type": "application/json"}
    for _ in range(most):
        mine = orjson.loads(call(server, "127.0.0.81", "GET", f"/v1/games/{game_id}", headers=seat)[1])
        if not mine["legal_actions"]:
            time.sleep(0.2)  # the keeper plays what a request's batch left
            continue
        status, body = call(
            server, "127.0.0.81", "POST", f"/v1/games/{game_id}/actions", mine["legal_actions"][0], seat
        )
        if status != 200 or orjson.loads(body)["game"]["status"] != "running":
            break
    assert orjson.loads(body)["game"]["status"] == "abandoned", "the move that reached the bound stopped the game"
    status, body = call(server, "127.0.0.81", "POST", f"/v1/games/{game_id}/actions", mine["legal_actions"][0], seat)
    refused = orjson.loads(body)
    assert status == 409 and refused["code"] == "game/abandoned", refused
    store = server.store()
    assert store.llen(GameStore.key_for(game_id, "log")) == most, "nothing stored past the bound"
    assert orjson.loads(call(server, "127.0.0.82", "GET", f"/v1/games/{game_id}")[1])["version"] == most
    status, _ = call(server, "127.0.0.82", "POST", "/v1/games", table, {"Content-Type": "application/json"})
    assert status == 201, "another client still creates games"
