"""The fault suite, short version: kill -9 parts of a real default `deskovka serve` and check nothing is lost.

The long version (more kills, a stream of moves across Redis restarts, spent retries) is test_faults_slow.py.
"""

import io
import os
import random
import signal
import time
from collections import Counter

from pypdf import PdfReader
from rq.job import Job, JobStatus
from rq.serializers import JSONSerializer

from api.storage.printing_queue import rendering_of
from tests.faults.play import (
    DECK_SPEC,
    bearer,
    in_background,
    move_until_answered,
    moves_of,
    new_game,
    send_move,
    view,
    wait_for_job,
)
from tests.faults.service import Service, alive, children_of, command_line
from worker.jobs import pdf_key


def test_killing_redis_gives_503_problems_then_the_same_game_at_the_same_version(service):
    game_id, token = new_game(service)
    mine = view(service, game_id, token)
    assert send_move(service, game_id, token, mine["legal_actions"][0], "before-kill").status == 200
    before = view(service, game_id, token)

    os.kill(service.redis_pid(), signal.SIGKILL)
    killed, seen = time.monotonic(), []
    while True:
        answer = service.call("GET", f"/v1/games/{game_id}", headers=bearer(token))
        seen.append(answer.status)
        if answer.status == 200:
            break
        assert answer.status == 503, answer.body
        assert answer.json()["code"] == "store/unavailable" and answer.headers["Retry-After"]
        created = service.call("POST", "/v1/games", {"type": "timeline", "seats": [{"name": "A"}, {"bot": "random"}]})
        assert created.status in (201, 503), created.body
        assert time.monotonic() - killed < 20, "the game did not come back within 20 s"
        time.sleep(0.05)
    assert 503 in seen
    after = answer.json()
    assert (after["version"], after["view"]) == (before["version"], before["view"])
    service.wait_for_log("redis (pid", "was killed by SIGKILL", "restarted redis")


def kill_api_workers_mid_move(service, game_id, token, attempts, delays=(0.0, 0.03)) -> Counter:
    """Send a move, kill -9 every gunicorn worker a moment later, then retry the move with the same key.

    Return how the first tries ended: answered before the kill, cut off before the store had the move, or cut
    off after it had (the case the Idempotency-Key is for).
    """
    landed: Counter = Counter()
    for attempt in range(attempts):
        mine = view(service, game_id, token)
        action, key = mine["legal_actions"][0], f"kill-{attempt}"
        before = len(moves_of(service, game_id, 0))
        thread, outcome = in_background(send_move, service, game_id, token, action, key)
        time.sleep(random.uniform(*delays))
        for worker in children_of(service.api_pid()):
            os.kill(worker, signal.SIGKILL)
        thread.join(30)
        if outcome and not isinstance(outcome[0], Exception) and outcome[0].status == 200:
            landed["answered"] += 1
        else:
            landed["cut off, applied" if len(moves_of(service, game_id, 0)) > before else "cut off, not applied"] += 1
        answer = move_until_answered(service, game_id, token, action, key)
        assert answer.status == 200, answer.body
        assert answer.json()["game"]["version"] == view(service, game_id, token)["version"]
        assert len(moves_of(service, game_id, 0)) == before + 1, f"move {key} was not applied exactly once"
        if answer.json()["game"]["status"] != "running":
            game_id, token = new_game(service)
    return landed


def test_a_move_is_applied_once_when_its_api_worker_is_killed_and_the_client_retries(service):
    kill_api_workers_mid_move(service, *new_game(service), attempts=2)


def test_a_print_job_finishes_when_its_worker_is_killed_mid_job(service):
    job_id = service.call("POST", "/v1/print-jobs", DECK_SPEC).json()["id"]
    wait_for_job(service, job_id, {"started"})
    worker = service.rendering_worker_pid()
    horses = children_of(worker)
    os.kill(worker, signal.SIGKILL)
    assert horses, "the worker renders in a forked work horse"
    deadline = time.monotonic() + 5
    while any(alive(horse) for horse in horses):
        assert time.monotonic() < deadline, "the work horse outlived its worker"
        time.sleep(0.05)

    done = wait_for_job(service, job_id, {"finished"}, within=60)
    pdf = service.call("GET", done["pdf"])
    assert pdf.status == 200 and pdf.headers["Content-Type"] == "application/pdf"
    assert len(PdfReader(io.BytesIO(pdf.body)).pages) == done["progress"]["total"]
    with service.store() as store:
        rendering = rendering_of(store, job_id)
        job = Job.fetch(rendering, connection=store, serializer=JSONSerializer)
        assert job.get_status() == JobStatus.FINISHED
        assert [result.type.name for result in job.results()].count("SUCCESSFUL") == 1
        assert store.get(pdf_key(rendering)) == pdf.body  # one PDF, the one served


def test_a_restart_on_the_same_data_dir_keeps_every_game_and_finished_job(service):
    games = [new_game(service) for _ in range(3)]
    for game_id, token in games[:2]:
        mine = view(service, game_id, token)
        assert send_move(service, game_id, token, mine["legal_actions"][0], "m").status == 200
    versions = {game_id: view(service, game_id, token)["version"] for game_id, token in games}
    job_id = service.call("POST", "/v1/print-jobs", {"kind": "calibration", "paper": "a4"}).json()["id"]
    done = wait_for_job(service, job_id, {"finished"})
    pdf = service.call("GET", done["pdf"]).body
    started = service.tree(service.process.pid)  # serve, Redis, the workers, gunicorn and its workers

    service.stop()
    assert not any(alive(pid) for pid in started), "serve left a process running"
    service.start()
    for game_id, token in games:
        assert view(service, game_id, token)["version"] == versions[game_id]
    assert service.call("GET", f"/v1/print-jobs/{job_id}").json()["status"] == "finished"
    assert service.call("GET", done["pdf"]).body == pdf


def external_serve(tmp_path, redis_url, kill_the_api: bool) -> None:
    """`serve` on an external Redis starts only the API (and, if asked, restarts it after a kill -9)."""
    server = Service(tmp_path / "data", tmp_path / "serve.log", DESKOVKA_REDIS_URL=redis_url)
    server.start()
    try:
        assert server.process is not None
        api = server.api_pid()
        assert [command_line(pid) for pid in children_of(server.process.pid)] == [command_line(api)]
        if kill_the_api:
            orphans = children_of(api)
            os.kill(api, signal.SIGKILL)  # gunicorn's master: its orphaned workers leave, a new one takes the port
            server.wait_for_log("api (pid", "restarted api")
            deadline = time.monotonic() + 10
            while any(alive(pid) for pid in orphans):
                assert time.monotonic() < deadline, "gunicorn's workers outlived their master"
                time.sleep(0.05)
            server.wait_ready(30)
            assert server.api_pid() != api
        game_id, token = new_game(server)
        assert view(server, game_id, token)["version"] == 0
        started = server.tree(server.process.pid)
        server.stop()
        assert not any(alive(pid) for pid in started)
        assert not (tmp_path / "data").exists(), "no embedded Redis was started"
    finally:
        server.kill_everything()
