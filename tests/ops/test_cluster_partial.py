"""A master that does not answer, on a real Redis Cluster (Debian's redis-server 7): the lobby, `/metrics` and the
keeper answer from the parts on the masters that do, and say what they left out, instead of a 503 for the whole
failover."""

import re
import signal
import threading
import time

import pytest

from api.http.app import create_app
from api.serving import keeper as keeper_module
from api.serving.keeper import Keeper
from api.storage import due, metrics, parts
from api.storage.lobby import Lobby
from tests.api.helpers import create
from tests.api.test_clocks import run_out_now
from tests.ops import servers
from tests.ops.test_cluster_keys import until_done

CLOCKED = {"per_turn": 60, "on_timeout": "bot"}


def app_on(ports, redis_url):
    app = create_app(
        {
            "REDIS_URL": f"redis+cluster://127.0.0.1:{ports[0]}",
            "QUEUE_URL": redis_url,
            "TESTING": True,
            "RATE_LIMITS": {},
            "BOT_PACE": 1e9,
        }
    )
    app.extensions["deskovka"].connection.flushall()
    return app


def close(app):
    app.extensions["deskovka"].followers.close()
    app.extensions["deskovka"].connection.close()


def node_of(connection, key):
    return connection.get_node_from_key(key).name


def victim_of(connection):
    """The master holding some of every split set (the key names are fixed, and so are their slots)."""
    sets = [Lobby.parts(None)[:-1], [pair[0] for pair in due.PAIRS], [metrics.KEY, *metrics.SPREAD]]
    for node in connection.get_primaries():
        if all(any(node_of(connection, key) == node.name for key in keys) for keys in sets):
            return node
    raise AssertionError("no master holds a part of every split set")


def tables(client, connection, victim, count, **extra):
    """Games made until some of them are on the victim and some, with their parts, on the others."""
    made = []
    while len(made) < count or not any(node_of(connection, state_key(game["id"])) == victim for game in made):
        assert len(made) < 200
        made.append(create(client, [{"name": "A"}, {"open": True} if not extra else {"name": "B"}], **extra)[0])
    return [game["id"] for game in made]


def state_key(game_id):
    return f"dk:{{g:{game_id}}}:state"


def live(connection, victim, game_id, part):
    return victim not in {node_of(connection, state_key(game_id)), node_of(connection, part)}


def missed(name):
    return parts.missed.labels(name)._value.get()


@pytest.fixture
def three_masters(tmp_path, redis_url):
    """3 masters without replicas, serving their slots while one is down; an app on them, a victim picked, and 24
    open tables at least (some on the victim)."""
    processes, ports = servers.cluster(tmp_path, replicas=0, extra=("--cluster-require-full-coverage", "no"))
    app = app_on(ports, redis_url)
    try:
        client, connection = app.test_client(), app.extensions["deskovka"].connection
        victim = victim_of(connection)
        opened = tables(client, connection, victim.name, 24)
        yield app, processes[ports.index(victim.port)], victim, opened
    finally:
        close(app)
        servers.stop(processes)


def test_with_a_master_down_the_lobby_metrics_and_keeper_answer_from_the_others(three_masters):
    app, process, victim, opened = three_masters
    client, connection = app.test_client(), app.extensions["deskovka"].connection
    clocked = tables(client, connection, victim.name, 24, clock=CLOCKED)
    for game_id in clocked:
        run_out_now(connection, game_id)
    whole = client.get("/v1/games?limit=100").get_json()
    assert whole["partial"] is False and [game["id"] for game in whole["games"]] == opened
    process.send_signal(signal.SIGKILL)
    process.wait(10)
    missed_before = missed("due")

    started = time.perf_counter()
    page = client.get("/v1/games?limit=100")
    took = time.perf_counter() - started
    assert page.status_code == 200, page.get_json()
    listed = [game["id"] for game in page.get_json()["games"]]
    expected = [game_id for game_id in opened if live(connection, victim.name, game_id, Lobby.key_for(None, game_id))]
    assert page.get_json()["partial"] is True and listed == expected and len(expected) < len(opened)
    print(f"a lobby page with one of 3 masters down: {took * 1000:.0f} ms")
    assert took < 2.0, "a master that does not answer costs a short timeout, not the Cluster client's retries"
    # A deep page (found by counting the parts) over the parts that answer, in the same order.
    ids, partial = Lobby(connection).read(None, 3, 198)
    on_live_parts = [g for g in opened if node_of(connection, Lobby.key_for(None, g)) != victim.name]
    assert partial and ids == on_live_parts[3:]

    scrape = client.get("/metrics")
    assert scrape.status_code == 200
    text = scrape.get_data(as_text=True)
    assert re.search(r'^deskovka_store_parts_unreachable\{set="totals"\} [1-9]', text, re.M)
    assert re.search(r'^deskovka_store_parts_unreachable\{set="due"\} [1-9]', text, re.M)
    assert "deskovka_games_created_total" not in text, "a sum short of a part is left out, never a reset"
    assert 'deskovka_keeper_tables_due{due="clock"}' in text

    keeper = Keeper(app.extensions["deskovka"])
    keeper.tick()
    store = app.extensions["deskovka"].store
    fired = [g for g in clocked if live(connection, victim.name, g, due.clocks_key(g))]
    assert fired and all(store.load(g).version >= 1 for g in fired)
    assert missed("due") > missed_before, "the victim's due pairs skipped, and counted"


@pytest.mark.slow
def test_a_masters_failover_keeps_the_lobby_metrics_and_the_other_clocks_going(tmp_path, redis_url):
    """kill -9 of a master with a replica (node timeout 3 s, so the failover lasts a few seconds): meanwhile every
    lobby page and scrape answers 200, and a keeper fires the run-out clocks of the tables on the other masters
    before the replica is promoted; then the victim's tables fire too."""
    processes, ports = servers.cluster(tmp_path, replicas=1, node_timeout=3000)
    app = app_on(ports, redis_url)
    stop = threading.Event()
    keeper = threading.Thread(target=keeper_module.run, args=(app.extensions["deskovka"], stop))
    try:
        client, connection = app.test_client(), app.extensions["deskovka"].connection
        victim = victim_of(connection)
        replica = next(
            port
            for port in ports
            if servers.redis.Redis(port=port).info("replication").get("master_port") == victim.port
        )
        opened = tables(client, connection, victim.name, 24)
        clocked = tables(client, connection, victim.name, 24, clock=CLOCKED)
        for game_id in clocked:
            run_out_now(connection, game_id)
        keeper_clocks = [g for g in clocked if live(connection, victim.name, g, due.clocks_key(g))]
        processes[ports.index(victim.port)].send_signal(signal.SIGKILL)
        processes[ports.index(victim.port)].wait(10)
        killed = time.monotonic()
        keeper.start()
        store = app.extensions["deskovka"].store
        statuses, partial, slowest, fired_at, ready = [], 0, 0.0, None, []
        while time.monotonic() - killed < 15:
            started = time.perf_counter()
            page = client.get("/v1/games?limit=100")
            scrape = client.get("/metrics")
            slowest = max(slowest, time.perf_counter() - started)
            statuses += [page.status_code, scrape.status_code]
            ready.append(client.get("/readyz").status_code)
            partial += page.status_code == 200 and page.get_json()["partial"]
            promoted = servers.redis.Redis(port=replica).info("replication")["role"] == "master"
            if fired_at is None and all(store.load(g).version >= 1 for g in keeper_clocks):
                fired_at = time.monotonic() - killed
                assert not promoted, "the other masters' clocks fired during the failover, not after it"
            if promoted and fired_at is not None and len(opened) == len(page.get_json().get("games", [])):
                break
            time.sleep(0.05)
        print(
            f"{len(statuses)} lobby pages and scrapes during the failover, {partial} pages partial, slowest pair "
            f"{slowest * 1000:.0f} ms; the other masters' clocks fired {fired_at:.2f} s after the kill; /readyz "
            f"{ready.count(200)} times 200, {len(ready) - ready.count(200)} not"
        )
        assert set(statuses) == {200} and partial
        assert fired_at is not None
        while not all(v >= 1 for v in until_done(lambda: [store.load(g).version for g in clocked])):
            assert time.monotonic() - killed < 40, "the victim's tables fire once its replica is promoted"
            time.sleep(0.2)
    finally:
        stop.set()
        if keeper.is_alive():
            keeper.join(10)
        close(app)
        servers.stop(processes)


@pytest.mark.slow
def test_a_master_that_hangs_costs_one_socket_timeout_then_is_left_out(three_masters):
    """A master stopped (SIGSTOP: its port still accepts, nothing answers): the first lobby page and scrape wait for
    one socket timeout, not for the Cluster client's retries; the pages after it, within a second, do not wait."""
    app, process, victim, opened = three_masters
    client, connection = app.test_client(), app.extensions["deskovka"].connection
    process.send_signal(signal.SIGSTOP)
    took = []
    for path in ("/v1/games?limit=100", "/metrics", "/v1/games?limit=100", "/metrics"):
        started = time.perf_counter()
        answer = client.get(path)
        took.append(time.perf_counter() - started)
        assert answer.status_code == 200
    listed = [game["id"] for game in client.get("/v1/games?limit=100").get_json()["games"]]
    assert listed == [g for g in opened if live(connection, victim.name, g, Lobby.key_for(None, g))]
    print("a hung master: lobby, scrape, lobby, scrape " + ", ".join(f"{t * 1000:.0f} ms" for t in took))
    assert took[0] < 2.0 and max(took[1:]) < took[0], "one timeout, then the master is left out"
