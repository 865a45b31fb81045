"""A keeper's tick gives its bot tables a bounded time: those past it wait for the next tick, which claims the
clocks due meanwhile first, so a flood of bot tables holds a turn clock back by about that time at most."""

import pytest

from api.serving import keeper as keeper_module
from api.serving.keeper import Keeper
from api.storage import due
from tests.api.helpers import create, view

ENDLESS = {
    "type": "timeline",
    "seats": [{"bot": "hit-rate", "bot_options": {"hit_rate": 0}}] * 2,
    "options": {"hand_size": 10},
}


@pytest.fixture
def app(make_app):
    return make_app(BOT_PACE=1e9)


def test_bot_tables_past_the_ticks_time_are_handed_back_due_and_played_by_the_next_ticks(
    app, redis_client, monkeypatch
):
    monkeypatch.setattr(keeper_module, "BOTS_SECONDS", 0.0)  # one bot table a tick
    client = app.test_client()
    tables = [client.post("/v1/games", json=ENDLESS).get_json()["game"] for _ in range(4)]
    for table in tables:
        redis_client.zadd(due.bots_key(table["id"]), {table["id"]: due.millis(-1)})
    keeper = Keeper(app.extensions["deskovka"])
    assert keeper.tick() == 4
    moved = [view(client, table["id"])["version"] > table["version"] for table in tables]
    assert moved.count(True) == 1, "one table's bots played in the tick"
    assert due.kept(redis_client, [table["id"] for table in tables]) == [True] * 4
    waiting = [table["id"] for table, played in zip(tables, moved, strict=True) if not played]
    assert all(redis_client.zscore(due.bots_key(game_id), game_id) <= due.millis(-0.9) for game_id in waiting), (
        "due when they were: first in line"
    )
    for _ in range(3):
        keeper.tick()
    assert all(view(client, table["id"])["version"] > table["version"] for table in tables)


def test_a_clock_at_a_table_handed_back_unplayed_keeps_its_deadline(app, redis_client, monkeypatch):
    monkeypatch.setattr(keeper_module, "BOTS_SECONDS", 0.0)
    client = app.test_client()
    first = client.post("/v1/games", json=ENDLESS).get_json()["game"]
    clocked, _ = create(
        client,
        [{"name": "Ann"}, {"bot": "hit-rate", "bot_options": {"hit_rate": 0}}],
        clock={"per_turn": 60, "on_timeout": "bot"},
        seed=3,
    )
    deadline = redis_client.zscore(due.clocks_key(clocked["id"]), clocked["id"])
    assert deadline is not None
    redis_client.zadd(due.bots_key(first["id"]), {first["id"]: due.millis(-2)})
    redis_client.zadd(due.bots_key(clocked["id"]), {clocked["id"]: due.millis(-1)})
    keeper = Keeper(app.extensions["deskovka"])
    keeper.tick()
    assert view(client, clocked["id"])["version"] == clocked["version"], "handed back unplayed"
    # Handed back as seconds from now: a few ms late at most, never dropped.
    assert redis_client.zscore(due.clocks_key(clocked["id"]), clocked["id"]) == pytest.approx(deadline, abs=100)
