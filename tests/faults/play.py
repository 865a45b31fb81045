"""What the fault tests do as a client: start games, read views, send a move until it is answered."""

import http.client
import threading
import time
from datetime import datetime

from rq.job import Job, JobStatus
from rq.serializers import JSONSerializer

from api.storage.printing_queue import rendering_of
from api.storage.store import GameStore
from tests.faults.service import Answer, Service

SEATS = [{"name": "Ann"}, {"bot": "random"}]
DECK_SPEC = {"kind": "deck", "deck": "timeline-classic", "paper": "a4", "size": "mini-euro", "duplex": "long"}
TRANSPORT_ERRORS = (OSError, http.client.HTTPException)


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def new_game(service: Service) -> tuple[str, str]:
    answer = service.call("POST", "/v1/games", {"type": "timeline", "seats": SEATS, "options": {"hand_size": 10}})
    assert answer.status == 201, answer.body
    body = answer.json()
    return body["game"]["id"], body["tokens"][0]["token"]


def view(service: Service, game_id: str, token: str) -> dict:
    answer = service.call("GET", f"/v1/games/{game_id}", headers=bearer(token))
    assert answer.status == 200, answer.body
    return answer.json()


def send_move(service: Service, game_id: str, token: str, action: dict, key: str) -> Answer:
    return service.call(
        "POST", f"/v1/games/{game_id}/actions", action, headers={**bearer(token), "Idempotency-Key": key}
    )


def move_until_answered(
    service: Service, game_id: str, token: str, action: dict, key: str, within: float = 30
) -> Answer:
    """Send a move, and send it again with the same Idempotency-Key through broken connections and 503s."""
    deadline = time.monotonic() + within
    while True:
        try:
            answer = send_move(service, game_id, token, action, key)
            if answer.status != 503:
                return answer
            assert answer.json()["code"] == "store/unavailable"
        except TRANSPORT_ERRORS:
            pass
        assert time.monotonic() < deadline, f"move {key} was not answered within {within} s"
        time.sleep(0.1)


def in_background(call, *args) -> tuple[threading.Thread, list]:
    """Run `call(*args)` in a thread; the list gets its answer or the exception it raised."""
    outcome: list = []

    def run() -> None:
        try:
            outcome.append(call(*args))
        except TRANSPORT_ERRORS as error:
            outcome.append(error)

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    return thread, outcome


def moves_of(service: Service, game_id: str, seat: int) -> list[dict]:
    with service.store() as connection:
        return [entry for entry in GameStore(connection).log(game_id) if entry["seat"] == seat]


def wait_for_a_new_start(service: Service, job_id: str, since: datetime, within: float = 60) -> None:
    """Wait until a worker starts the job after `since` (the API's status cannot tell a new try from an old)."""
    deadline = time.monotonic() + within
    with service.store() as connection:
        while True:
            job = Job.fetch(rendering_of(connection, job_id), connection=connection, serializer=JSONSerializer)
            if job.get_status() == JobStatus.STARTED and job.started_at and job.started_at > since:
                return
            assert job.get_status() in (JobStatus.QUEUED, JobStatus.STARTED), job.get_status()
            assert time.monotonic() < deadline, f"job {job_id} was not started again within {within} s"
            time.sleep(0.05)


def logged_versions(service: Service, game_id: str) -> set[int]:
    with service.store() as connection:
        return {entry["v"] for entry in GameStore(connection).log(game_id)}


def wait_for_job(
    service: Service,
    job_id: str,
    statuses: set[str],
    within: float = 60,
    allowed: frozenset[str] = frozenset({"queued", "started", "finished"}),
) -> dict:
    """Poll a print job until its status is one of `statuses`; every status on the way must be `allowed`."""
    deadline = time.monotonic() + within
    while True:
        job = service.call("GET", f"/v1/print-jobs/{job_id}").json()
        if job["status"] in statuses:
            return job
        assert job["status"] in allowed, job
        assert time.monotonic() < deadline, f"job {job_id} still {job['status']} after {within} s"
        time.sleep(0.05)
