"""The keys that used to sit in one slot, on a real Redis Cluster (Debian's redis-server 7, 3 masters): the keeper's
due sets, the lobby and the rate-limit counters land in different slots on every master, and tables, lobby pages,
a keeper's clocks and bots and a limit shared by two API processes all still work there."""

import signal
import threading
import time

import pytest
import redis

from api.cli import main
from api.http.app import create_app
from api.http.limits import rate_limits
from api.serving import keeper as keeper_module
from api.serving.keeper import Keeper
from api.storage import due
from api.storage.connections import POOL_SIZE, connect
from api.storage.deck_store import DeckStore
from api.storage.lobby import Lobby
from tests.api.helpers import create, view
from tests.api.test_clocks import run_out_now
from tests.api.test_deck_cli import write_csv
from tests.ops import servers

CLOCKED = {"per_turn": 60, "on_timeout": "bot"}
ENDLESS = {"type": "timeline", "seats": [{"bot": "hit-rate", "bot_options": {"hit_rate": 0}}] * 2, "seed": 3}


@pytest.fixture(scope="module")
def cluster_url(tmp_path_factory):
    processes, ports = servers.cluster(tmp_path_factory.mktemp("cluster"), replicas=0)
    yield f"redis+cluster://127.0.0.1:{ports[0]}"
    servers.stop(processes)


@pytest.fixture
def two_apps(cluster_url, redis_url):
    made = [
        create_app(
            {"REDIS_URL": cluster_url, "QUEUE_URL": redis_url, "TESTING": True, "RATE_LIMITS": {}, "BOT_PACE": 1e9}
            | extra
        )
        for extra in ({}, {"RATE_LIMITS": {"games": [(3, 60)]}})
    ]
    made[0].extensions["deskovka"].connection.flushall()
    yield made
    for app in made:
        app.extensions["deskovka"].followers.close()
        app.extensions["deskovka"].connection.close()


def masters_of(connection, keys):
    return {connection.get_node_from_key(key).name for key in keys}


def over_every_master(connection, make, key_of, least=12, most=100):
    """Games made (`make(n)`) until there are `least` and the keys `key_of` their ids name are on every master (the
    part a game's id picks is as good as random: a dozen games miss one master's parts now and then)."""
    masters = {node.name for node in connection.get_primaries()}
    made = []
    while len(made) < least or masters_of(connection, {key_of(game["id"]) for game in made}) != masters:
        assert len(made) < most, "the parts do not spread over the masters"
        made.append(make(len(made)))
    return made


def test_due_sets_lobby_and_limits_spread_over_every_master_and_all_still_work(two_apps):
    first, second = two_apps
    connection = first.extensions["deskovka"].connection
    clocked = over_every_master(
        connection,
        lambda n: create(first.test_client(), [{"name": "A"}, {"name": "B"}], clock=CLOCKED, seed=n)[0],
        due.clocks_key,
    )
    opened = over_every_master(
        connection,
        lambda n: create(first.test_client(), [{"name": "A"}, {"open": True}], seed=n)[0],
        lambda game_id: Lobby.key_for(None, game_id),
    )
    bots = first.test_client().post("/v1/games", json=ENDLESS)
    assert bots.status_code == 201
    bots_id = bots.get_json()["game"]["id"]
    masters = {node.name for node in connection.get_primaries()}
    assert len(masters) == 3
    for node in connection.get_primaries():  # each node's pool bounded, as a plain Redis's (docs/operations.md)
        pool = connection.get_redis_connection(node).connection_pool
        assert isinstance(pool, redis.BlockingConnectionPool) and pool.max_connections == POOL_SIZE

    clock_keys = {due.clocks_key(game["id"]) for game in clocked}
    assert all(connection.zscore(due.clocks_key(game["id"]), game["id"]) for game in clocked)
    assert len(clock_keys) >= 4 and masters_of(connection, clock_keys) == masters
    lobby_keys = {Lobby.key_for(None, game["id"]) for game in opened}
    assert len(lobby_keys) >= 4 and masters_of(connection, lobby_keys) == masters
    assert connection.zscore(due.bots_key(bots_id), bots_id) is not None
    assert not connection.exists(*due.LEGACY), "nothing written to 1.0's single keys"

    # The lobby read through the other process: every open table, oldest first, over pages.
    listed, cursor = [], 0
    while cursor is not None:
        page = second.test_client().get(f"/v1/games?limit=5&cursor={cursor}").get_json()
        listed += [game["id"] for game in page["games"]]
        cursor = page["next_cursor"]
    assert listed == [game["id"] for game in opened]
    assert Lobby(connection).page(None, 201, 5) == [] and Lobby(connection).page(None, 10, 195) == listed[10:]

    # One keeper on the Cluster: every run-out clock (over several masters) fires in one tick, before the bots.
    for game in clocked:
        run_out_now(connection, game["id"])
    connection.zadd(due.LEGACY[1], {"0123456789abcdef": due.millis(-1)})  # 1.0's set, in its own slot: claimed too
    connection.script_flush()  # as on a replica promoted since the scripts were loaded: the keeper loads them again
    keeper = Keeper(first.extensions["deskovka"])
    keeper.tick()
    kinds = [kind for _, _, kind in keeper.due.claimed]
    assert kinds[: len(clocked)] == [due.CLOCK] * len(clocked) and due.BOTS in kinds
    assert all(view(second.test_client(), game["id"])["version"] >= 1 for game in clocked)
    assert view(second.test_client(), bots_id)["version"] > bots.get_json()["game"]["version"]
    assert not connection.exists(*due.LEGACY)
    waiting, unread = due.behind(connection)
    assert waiting["clock"] == (0, 0.0) and unread == 0

    # The limit counters of different clients spread; one client's limit holds over both processes.
    with second.test_request_context():
        counters = {key for n in range(40) for key in rate_limits.window_keys("games", [(3, 60)], 0, f"10.{n}.0.{n}")}
    assert masters_of(connection, counters) == masters
    made = [
        app.test_client().post("/v1/games", json={"type": "timeline", "seats": [{"name": "A"}, {"name": "B"}]})
        for app in (second, second, second)
    ]
    assert [answer.status_code for answer in made] == [201, 201, 201]
    refused = second.test_client().post("/v1/games", json={"type": "timeline", "seats": [{"name": "A"}]})
    assert refused.status_code == 429 and refused.get_json()["code"] == "rate/limited"


def test_a_deck_imported_on_the_command_line_lands_in_the_cluster(cluster_url, tmp_path, capsys, monkeypatch):
    monkeypatch.setenv("DESKOVKA_REDIS_URL", cluster_url)
    path = write_csv(tmp_path, ["a,1900,First", "b,1901,Second"])
    assert main(["deck", "import", str(path)]) == 0
    deck_id = capsys.readouterr().out.split()[0]
    assert DeckStore(connect(cluster_url), 60).load(deck_id)["cards"][1]["year"] == 1901
    monkeypatch.setenv("DESKOVKA_REDIS_URL", "redis+cluster:/nowhere")
    assert main(["deck", "import", str(path)]) == 78
    assert "is not a Redis URL" in capsys.readouterr().err


def until_done(work, within=30.0):
    """Do `work` until the store answers it (a master is failing over meanwhile)."""
    deadline = time.monotonic() + within
    while True:
        try:
            return work()
        except redis.RedisError:
            assert time.monotonic() < deadline, "the store never answered again"
            time.sleep(0.1)


@pytest.mark.slow
def test_two_keepers_fire_every_clock_once_across_a_masters_kill(tmp_path, redis_url):
    """A master `kill -9`ed, its replica promoted (without the scripts: Redis does not replicate them): the
    keepers claim, commit and hand back on every master again, each run-out clock fired once."""
    processes, ports = servers.cluster(tmp_path, replicas=1, node_timeout=1000)
    made = [
        create_app(
            {
                "REDIS_URL": f"redis+cluster://127.0.0.1:{ports[0]}",
                "QUEUE_URL": redis_url,
                "TESTING": True,
                "RATE_LIMITS": {},
            }
        )
        for _ in range(2)
    ]
    stop = threading.Event()
    threads = [threading.Thread(target=keeper_module.run, args=(app.extensions["deskovka"], stop)) for app in made]
    try:
        connection = made[0].extensions["deskovka"].connection
        games = [
            create(made[0].test_client(), [{"name": "A"}, {"name": "B"}], clock=CLOCKED, seed=n)[0] for n in range(24)
        ]
        victim = f"127.0.0.1:{ports[0]}"
        assert any(connection.get_node_from_key(f"dk:{{g:{game['id']}}}:state").name == victim for game in games)
        for thread in threads:
            thread.start()
        processes[0].send_signal(signal.SIGKILL)
        processes[0].wait(10)
        killed = time.monotonic()
        for game in games:
            until_done(lambda game=game: run_out_now(connection, game["id"]))
        store = made[1].extensions["deskovka"].store
        while True:
            versions = until_done(lambda: [store.load(game["id"]).version for game in games])
            if all(version >= 1 for version in versions):
                break
            assert time.monotonic() - killed < 40, versions
            time.sleep(0.2)
        print(f"every clock fired {time.monotonic() - killed:.1f} s after the master's kill -9")
        for game in games:
            assert [entry.get("by") for entry in store.log(game["id"])] == ["clock"], game["id"]
    finally:
        stop.set()
        for thread in threads:
            thread.join(10)
        for app in made:
            app.extensions["deskovka"].followers.close()
            app.extensions["deskovka"].connection.close()
        servers.stop(processes)
