"""The fault suite, long version (`pytest -m slow tests/faults`): more kills, more moves, spent retries."""

import os
import signal
import subprocess
import sys
import threading
import time
from collections import Counter
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from tests.faults.play import (
    DECK_SPEC,
    logged_versions,
    move_until_answered,
    new_game,
    view,
    wait_for_a_new_start,
    wait_for_job,
)
from tests.faults.service import Service, children_of
from tests.faults.test_faults import external_serve, kill_api_workers_mid_move

pytestmark = pytest.mark.slow


def test_a_job_whose_worker_dies_on_every_try_fails_with_a_reason_and_can_be_posted_again(service):
    since = datetime.now(UTC) - timedelta(seconds=1)
    job_id = service.call("POST", "/v1/print-jobs", DECK_SPEC).json()["id"]
    for _ in range(3):  # the first try and both retries
        wait_for_a_new_start(service, job_id, since)
        since = datetime.now(UTC)
        os.kill(service.rendering_worker_pid(), signal.SIGKILL)
    failed = wait_for_job(service, job_id, {"failed"}, within=60, allowed=frozenset({"queued", "started"}))
    assert "stopped before finishing" in failed["error"] and "3 tries" in failed["error"]

    again = service.call("POST", "/v1/print-jobs", DECK_SPEC)
    assert again.status == 202 and again.json()["status"] == "queued"
    # Another job of the same rendering: the first job's id reads it too.
    done = wait_for_job(service, job_id, {"finished"}, within=60)
    assert wait_for_job(service, again.json()["id"], {"finished"}, within=5)["pdf"] is not None
    assert service.call("GET", done["pdf"]).status == 200


class Player(threading.Thread):
    """Play games move after move, keeping every version the service acknowledged with a 200."""

    def __init__(self, service: Service, name: str, stop: threading.Event) -> None:
        super().__init__(daemon=True)
        self.service, self.name, self.stop = service, name, stop
        self.acknowledged: dict[str, set[int]] = {}
        self.unavailable = 0
        self.error: BaseException | None = None

    def run(self) -> None:
        try:
            self.play()
        except BaseException as error:  # the test reads it: an assertion in a thread fails nothing by itself
            self.error = error

    def play(self) -> None:
        game_id, token = self.fresh_game()
        count = 0
        while not self.stop.is_set():
            try:
                mine = view(self.service, game_id, token)
            except (AssertionError, OSError):
                self.unavailable += 1
                time.sleep(0.1)
                continue
            if mine["status"] != "running":
                game_id, token = self.fresh_game()
                continue
            count += 1
            answer = move_until_answered(
                self.service, game_id, token, mine["legal_actions"][0], f"{self.name}-{count}", within=60
            )
            assert answer.status == 200, answer.body
            self.acknowledged[game_id].add(answer.json()["game"]["version"])

    def fresh_game(self) -> tuple[str, str]:
        while True:
            try:
                game_id, token = new_game(self.service)
                self.acknowledged[game_id] = set()
                return game_id, token
            except (AssertionError, OSError):
                time.sleep(0.1)


def test_every_acknowledged_move_survives_redis_killed_under_a_stream_of_moves(service):
    service.wait_for_log("appendfsync always")  # the default
    stop = threading.Event()
    players = [Player(service, f"p{i}", stop) for i in range(3)]
    for player in players:
        player.start()
    for _ in range(5):
        time.sleep(2)
        os.kill(service.redis_pid(), signal.SIGKILL)
        time.sleep(1)
        service.wait_ready(20)
    time.sleep(2)
    stop.set()
    for player in players:
        player.join(90)
        assert not player.is_alive() and player.error is None, player.error

    acknowledged = 0
    for player in players:
        for game_id, versions in player.acknowledged.items():
            assert versions <= logged_versions(service, game_id), f"acknowledged versions of {game_id} are missing"
            acknowledged += len(versions)
    assert acknowledged > 50
    unavailable = sum(player.unavailable for player in players)
    print(f"\n{acknowledged} acknowledged moves over 5 kills of Redis, all present; {unavailable} reads got 503")


def test_a_move_is_applied_once_through_twenty_kills_of_its_api_worker(service):
    game_id, token = new_game(service)
    took = []
    for i in range(5):  # how long a move takes here, so the kills can land before, in and after its write
        mine = view(service, game_id, token)
        started = time.monotonic()
        assert move_until_answered(service, game_id, token, mine["legal_actions"][0], f"warm-{i}").status == 200
        took.append(time.monotonic() - started)
    typical = sorted(took)[2]
    landed = kill_api_workers_mid_move(service, *new_game(service), attempts=20, delays=(0.2 * typical, 1.5 * typical))
    assert sum(landed.values()) == 20
    print(f"\nwhere the kills landed: {dict(landed)}")


def test_a_restart_keeps_running_and_finished_games_with_their_replays(service):
    games = [new_game(service) for _ in range(10)]
    finished = games[0]
    while view(service, *finished)["status"] == "running":
        mine = view(service, *finished)
        assert move_until_answered(service, *finished, mine["legal_actions"][0], f"f{mine['version']}").status == 200
    replay = service.call("GET", f"/v1/games/{finished[0]}/replay").body
    versions = {game_id: view(service, game_id, token)["version"] for game_id, token in games}
    kinds = Counter()
    for spec in ({"kind": "calibration", "paper": "a4"}, {"kind": "calibration", "paper": "letter"}):
        job_id = service.call("POST", "/v1/print-jobs", spec).json()["id"]
        kinds[wait_for_job(service, job_id, {"finished"})["pdf"]] += 1

    service.stop()
    service.start()
    for game_id, token in games:
        assert view(service, game_id, token)["version"] == versions[game_id]
    assert service.call("GET", f"/v1/games/{finished[0]}/replay").body == replay
    for pdf in kinds:
        assert service.call("GET", pdf).status == 200


def test_with_an_external_redis_serve_starts_only_the_api_and_restarts_it(tmp_path, redis_url):
    external_serve(tmp_path, redis_url, kill_the_api=True)


def test_as_pid_1_serve_reaps_the_orphans_of_a_killed_api(tmp_path, redis_url):
    """In a container `serve` is PID 1: gunicorn workers orphaned by their master's death must not stay zombies."""
    server = Service(tmp_path / "data", tmp_path / "serve.log", DESKOVKA_REDIS_URL=redis_url)
    with open(server.log, "ab") as log:
        outer = subprocess.Popen(
            [
                "unshare",
                "--pid",
                "--fork",
                "--mount-proc",
                sys.executable,
                "-m",
                "api.cli",
                "serve",
                "--port",
                str(server.port),
            ],
            env=server.env,
            stdout=log,
            stderr=subprocess.STDOUT,
        )
    server.process = outer
    try:
        server.wait_ready(60)
        (supervisor,) = children_of(outer.pid)
        (api,) = children_of(supervisor)
        orphans = children_of(api)
        assert orphans
        os.kill(api, signal.SIGKILL)
        server.wait_for_log("restarted api")
        deadline = time.monotonic() + 15
        while any(Path(f"/proc/{pid}").exists() for pid in orphans):  # a zombie still has its /proc entry
            assert time.monotonic() < deadline, "orphaned workers were left as zombies"
            time.sleep(0.1)
        server.wait_ready(30)
    finally:
        for pid in children_of(outer.pid):  # unshare passes no signal on: stop serve itself
            os.kill(pid, signal.SIGTERM)
        try:
            outer.wait(60)
        finally:
            server.kill_everything()
