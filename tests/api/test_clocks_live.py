"""Turn clocks, resigning, open tables and rematches against a live `deskovka serve` (embedded Redis, its keepers)."""

import os
import signal
import time
from datetime import datetime

import pytest

from api.storage.store import GameStore
from tests.faults.service import children_of, command_line, running

TWO = [{"name": "Ann"}, {"name": "Bob"}]


@pytest.fixture(scope="module")
def service(tmp_path_factory):
    folder = tmp_path_factory.mktemp("clocks")
    with running(folder / "data", folder / "serve.log") as server:
        yield server


def auth(token):
    return {"Authorization": f"Bearer {token}"}


def create(service, **body):
    answer = service.call("POST", "/v1/games", {"type": "timeline", "seats": TWO, **body})
    assert answer.status == 201, answer.body
    created = answer.json()
    return created["game"], {t["seat"]: t["token"] for t in created["tokens"]}


def seconds(stamp: str) -> float:
    return datetime.fromisoformat(stamp.replace("Z", "+00:00")).timestamp()


def wait_for_version(service, game_id, version, within):
    """Follow the game's events until it reaches `version`; return when it did (time.time())."""
    deadline = time.monotonic() + within
    while time.monotonic() < deadline:
        game = service.call("GET", f"/v1/games/{game_id}").json()
        if game["version"] >= version:
            return time.time(), game
        after = game["version"]
        service.call("GET", f"/v1/games/{game_id}/events?after={after}&wait=1")
    raise AssertionError(f"game {game_id} did not reach version {version} within {within} s")


def clock_moves(service, game_id):
    return [entry for entry in GameStore(service.store()).log(game_id) if entry.get("by") == "clock"]


def keepers(service):
    return [pid for pid in children_of(service.process.pid) if "api.cli keeper" in command_line(pid)]


def test_a_table_nobody_moves_at_is_moved_on_by_the_server_within_3_s_of_the_deadline(service):
    game, _ = create(service, clock={"per_turn": 2})
    deadline = seconds(game["clock"]["deadlines"][0]["at"])
    moved_at, after = wait_for_version(service, game["id"], 1, within=10)
    assert moved_at - deadline < 3 and after["to_act"] != game["to_act"]
    assert [entry["seat"] for entry in clock_moves(service, game["id"])] == game["to_act"]


def test_the_same_with_a_keeper_killed_at_the_deadline(service):
    game, _ = create(service, clock={"per_turn": 2})
    deadline = seconds(game["clock"]["deadlines"][0]["at"])
    time.sleep(max(0.0, deadline - time.time()))
    os.kill(keepers(service)[0], signal.SIGKILL)
    moved_at, _ = wait_for_version(service, game["id"], 1, within=10)
    assert moved_at - deadline < 3
    time.sleep(0.5)
    assert len(clock_moves(service, game["id"])) == 1
    service.wait_for_log("restarted keeper")  # serve starts it again; the other kept the clock meanwhile


def test_resign_on_timeout_ends_a_two_player_game_with_the_other_seat_winning(service):
    game, _ = create(service, clock={"per_turn": 2, "on_timeout": "resign"})
    _, after = wait_for_version(service, game["id"], 1, within=10)
    late = game["to_act"][0]
    assert after["status"] == "finished" and after["outcome"]["winners"] == [1 - late]
    assert after["resigned"] == [late]


def test_a_stale_seats_second_timeout_hands_it_to_the_bot_and_its_own_next_move_takes_it_back(service):
    game, tokens = create(service, clock={"per_turn": 2}, options={"first": 0}, seed=5)
    for timeouts in (1, 2):  # Ann's turn runs out; Bob moves at once
        version = game["version"] + 1
        _, game = wait_for_version(service, game["id"], version, within=10)
        assert clock_moves(service, game["id"])[-1] == {**clock_moves(service, game["id"])[-1], "seat": 0}
        assert game["clock"]["away"] == ([0] if timeouts == 2 else [])
        bob = service.call("GET", f"/v1/games/{game['id']}", headers=auth(tokens[1])).json()
        moved = service.call(
            "POST", f"/v1/games/{game['id']}/actions", bob["legal_actions"][0], headers=auth(tokens[1])
        )
        assert moved.status == 200, moved.body
        game = moved.json()["game"]
    ann = service.call("GET", f"/v1/games/{game['id']}", headers=auth(tokens[0])).json()
    assert ann["clock"]["away"] == [0]
    back = service.call("POST", f"/v1/games/{game['id']}/actions", ann["legal_actions"][0], headers=auth(tokens[0]))
    assert back.status == 200, back.body
    assert back.json()["game"]["clock"]["away"] == []
    assert len(clock_moves(service, game["id"])) == 2


def test_an_unfilled_table_with_open_for_is_cancelled(service):
    game, _ = create(service, seats=[{"name": "Ann"}, {"open": True}], open_for=2)
    until = seconds(game["open_until"])
    gone_at, gone = wait_for_version(service, game["id"], 1, within=10)
    assert gone["status"] == "cancelled" and gone_at - until < 3
    events = service.call("GET", f"/v1/games/{game['id']}/events?after=0").json()["events"]
    assert events == [{"v": 1, "type": "table_cancelled", "reason": "open_for"}]


def test_a_rematch_gives_every_seat_a_token_for_one_new_game(service):
    game, tokens = create(service, seats=[*TWO, {"name": "Cy"}])
    for seat in (0, 1):
        assert service.call("POST", f"/v1/games/{game['id']}/resign", headers=auth(tokens[seat])).status == 200
    answers = [
        service.call("POST", f"/v1/games/{game['id']}/rematch", headers=auth(tokens[seat])).json() for seat in (2, 0, 1)
    ]
    new = {answer["game"]["id"] for answer in answers}
    assert len(new) == 1 and [answer["seat"] for answer in answers] == [2, 0, 1]
    for answer in answers:
        mine = service.call(
            "GET", f"/v1/games/{new.pop() if new else answer['game']['id']}", headers=auth(answer["token"])
        ).json()
        assert mine["you"] == answer["seat"]
        new = {mine["id"]}
    assert service.call("GET", f"/v1/games/{game['id']}").json()["rematch"] == answers[0]["game"]["id"]
