"""DESKOVKA_REPLICA_ACKS: a move's 200 waits until that many replicas hold it; else 503 store/unavailable."""

import pytest

from api.http.app import create_app
from tests.api.helpers import create, view
from tests.ops import servers


@pytest.fixture(scope="module")
def master_and_replica(tmp_path_factory):
    folder = tmp_path_factory.mktemp("replicated")
    master, port = servers.start(folder / "master")
    replica, replica_port = servers.start(folder / "replica", "--replicaof", "127.0.0.1", str(port))
    import redis

    while redis.Redis(port=replica_port).info("replication").get("master_link_status") != "up":
        pass
    yield f"redis://127.0.0.1:{port}/0", replica_port
    servers.stop([replica, master])


def app_on(url, **settings):
    return create_app({"REDIS_URL": url, "QUEUE_URL": url, "TESTING": True, "RATE_LIMITS": {}, **settings})


def move(url, app):
    """Create a game (without waiting for replicas), then move in it through `app`."""
    game, tokens = create(app_on(url).test_client(), [{"name": "A"}, {"name": "B"}], seed=5)
    action = view(app.test_client(), game["id"], tokens[0])["legal_actions"][0]

    def send(through):
        return through.test_client().post(
            f"/v1/games/{game['id']}/actions",
            json=action,
            headers={"Authorization": f"Bearer {tokens[0]}", "Idempotency-Key": "k1"},
        )

    return game["id"], send(app), send


def test_a_move_is_answered_once_a_replica_holds_it(master_and_replica):
    import redis

    url, replica_port = master_and_replica
    game_id, answer, _ = move(url, app_on(url, REPLICA_ACKS=1))
    assert answer.status_code == 200
    # The replica has the version the 200 announced: WAIT returned only once it did.
    stored = redis.Redis(port=replica_port).hget(f"dk:{{g:{game_id}}}:state", "version")
    assert int(stored) == answer.get_json()["game"]["version"]


def test_more_acks_than_replicas_is_a_503_that_a_retry_with_its_key_answers(master_and_replica):
    url, _ = master_and_replica
    game_id, answer, send = move(url, app_on(url, REPLICA_ACKS=2, REPLICA_TIMEOUT=0.2))
    assert answer.status_code == 503 and answer.get_json()["code"] == "store/unavailable"
    assert answer.headers["Retry-After"]
    retried = send(app_on(url))  # the master kept it: the retry is answered from the first answer, applied once
    assert retried.status_code == 200 and retried.get_json()["game"]["version"] == 1


def test_replicas_slower_than_the_socket_default_are_named_as_such(master_and_replica):
    """A replica timeout above the sockets' usual 0.75 s: the socket waits longer, so the 503 is counted as
    ReplicaAcksTimeout, not as the client's own TimeoutError."""
    from api import meters

    url, _ = master_and_replica
    named = meters.store_errors.labels("ReplicaAcksTimeout")._value.get()
    _, answer, _ = move(url, app_on(url, REPLICA_ACKS=2, REPLICA_TIMEOUT=1.0))
    assert answer.status_code == 503 and "copied to 2 replica(s) within 1 s" in answer.get_json()["detail"]
    assert meters.store_errors.labels("ReplicaAcksTimeout")._value.get() == named + 1
