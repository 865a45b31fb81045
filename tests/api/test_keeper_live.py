"""A live `deskovka serve` plays a game of bots only to the end on its own, through the keeper it supervises."""

import time

import pytest

from api.tables import bots
from tests.faults.service import running


@pytest.fixture
def service(tmp_path):
    with running(tmp_path / "data", tmp_path / "serve.log", DESKOVKA_BOT_PACE="400") as server:
        yield server


def test_serve_plays_a_game_of_bots_to_the_end_with_nobody_asking(service):
    created = service.call(
        "POST",
        "/v1/games",
        {"type": "ticket-to-ride-europe", "seed": 3, "seats": [{"bot": "greedy"}, {"bot": "greedy"}]},
    )
    assert created.status == 201
    game = created.json()["game"]
    assert game["status"] == "running" and game["version"] <= bots.BOT_MOVES
    assert service.child("api.cli keeper")
    deadline = time.monotonic() + 60
    while (seen := service.call("GET", f"/v1/games/{game['id']}").json())["status"] != "finished":
        assert time.monotonic() < deadline, f"the game stopped at version {seen['version']}"
        time.sleep(0.2)
    assert seen["outcome"]["winners"] and seen["version"] > bots.BOT_MOVES
    replay = service.call("GET", f"/v1/games/{game['id']}/replay").json()
    assert [step["v"] for step in replay["log"]] == list(range(1, seen["version"] + 1))
