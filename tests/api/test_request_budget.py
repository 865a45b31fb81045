"""The budget of requests each client may make of a server process, reads included: refused past its bound and not
before, nothing changed by a refusal, another client not held, a seat that showed its token counted on its own."""

import http.client
import threading

import orjson
import pytest
from freezegun import freeze_time

from api.http.limits import request_budget
from tests.api.helpers import bearer, create
from tests.api.live import HOST, start_api, stop

PERSON = [{"name": "Ann"}, {"bot": "random"}]
OTHER = {"REMOTE_ADDR": "192.0.2.7"}


def budget(make_app, requests=5, address=None, queue=0.0):
    limits = {"requests": [(requests, 1)], **({"address_requests": [(address, 1)]} if address else {})}
    return make_app(RATE_LIMITS=limits, REFUSED_WAIT=False, REQUESTS_QUEUE=queue).test_client()


def statuses(client, n, path="/v1/game-types", **kwargs):
    return [client.get(path, **kwargs).status_code for _ in range(n)]


@freeze_time("2026-05-01 12:00:10")
def test_the_budget_refuses_past_its_bound_and_not_before(make_app):
    client = budget(make_app, 5)
    assert statuses(client, 5) == [200] * 5
    refused = client.get("/v1/game-types")
    problem = refused.get_json()
    assert refused.status_code == 429 and refused.headers["Retry-After"] == "1", problem
    assert problem["code"] == "rate/limited"
    assert problem["detail"] == "At most 5 requests to one server process per second from one client; try again in 1 s."


def test_the_bucket_fills_again_at_its_rate(make_app):
    client = budget(make_app, 5)
    with freeze_time("2026-05-01 12:00:10") as frozen:
        assert statuses(client, 6) == [200] * 5 + [429]
        frozen.tick(0.5)  # the book holds the refused client for its Retry-After (1 s): held, not counted
        assert statuses(client, 1) == [429]
        frozen.tick(0.6)  # the hold is over and 5 a second came back: a burst of 5 again
        assert statuses(client, 6) == [200] * 5 + [429]


def test_a_client_a_little_past_its_bucket_waits_for_its_turn(make_app):
    client = budget(make_app, 5, queue=0.25)
    with freeze_time("2026-05-01 12:00:10"):
        # 5 a second: the 6th's token comes in 0.2 s (within the queue), the 7th's in 0.4 s (beyond it)
        assert statuses(client, 7) == [200] * 6 + [429]


def test_every_kind_of_request_counts_and_the_health_probes_never(make_app):
    client = budget(make_app, 3)
    with freeze_time("2026-05-01 12:00:10"):
        game, _ = create(client, PERSON)
        assert client.get(f"/v1/games/{game['id']}").status_code == 200
        assert client.get("/v1/games").status_code == 200
        assert client.get(f"/v1/games/{game['id']}/events").status_code == 429
        assert statuses(client, 3, "/healthz") == [200] * 3
        assert client.get("/readyz").status_code == 200


@freeze_time("2026-05-01 12:00:10")
def test_another_client_is_not_held(make_app):
    client = budget(make_app, 3)
    assert statuses(client, 4) == [200] * 3 + [429]
    assert statuses(client, 3, environ_base=OTHER) == [200] * 3


@freeze_time("2026-05-01 12:00:10")
def test_a_refused_move_changes_nothing(make_app):
    client = budget(make_app, 4)
    game, tokens = create(client, PERSON)
    seen = client.get(f"/v1/games/{game['id']}", headers=bearer(tokens[0])).get_json()
    assert statuses(client, 2) == [200] * 2, "the address's budget is spent, the seat's is not yet"
    for _ in range(4):
        client.get(f"/v1/games/{game['id']}", headers=bearer(tokens[0]))
    move = client.post(f"/v1/games/{game['id']}/actions", json=seen["legal_actions"][0], headers=bearer(tokens[0]))
    assert move.status_code == 429 and move.get_json()["code"] == "rate/limited"
    after = client.get(f"/v1/games/{game['id']}", environ_base=OTHER).get_json()
    assert after["version"] == seen["version"], "the move was not played"


@freeze_time("2026-05-01 12:00:10")
def test_each_seat_behind_one_address_has_its_own_budget_once_its_token_authenticated(make_app):
    client = budget(make_app, 4)
    game, tokens = create(client, [{"name": "Ann"}, {"name": "Bob"}])
    path = f"/v1/games/{game['id']}"
    # Each token's first read draws on the address's budget: only then is it known to authenticate.
    assert statuses(client, 1, path, headers=bearer(tokens[0])) == [200]
    assert statuses(client, 1, path, headers=bearer(tokens[1])) == [200]
    assert statuses(client, 5, path, headers=bearer(tokens[0])) == [200] * 4 + [429]
    assert statuses(client, 5, path, headers=bearer(tokens[1])) == [200] * 4 + [429], "Ann's spent budget is hers"
    assert statuses(client, 2) == [200, 429], "the address's own budget: the creation and the first reads spent 3"


@freeze_time("2026-05-01 12:00:10")
def test_forged_tokens_draw_on_the_address_budget(make_app):
    client = budget(make_app, 4)
    game, tokens = create(client, PERSON)
    path = f"/v1/games/{game['id']}"
    forged = [statuses(client, 1, path, headers=bearer(f"{game['id']}.0.forged{n}"))[0] for n in range(4)]
    assert forged == [401, 401, 401, 429], "a new token each time is no new budget"
    assert statuses(client, 1, path, headers=bearer(tokens[0])) == [429], "a good token not yet seen: the address's"


@freeze_time("2026-05-01 12:00:10")
def test_an_addresss_seats_together_have_a_ceiling(make_app):
    client = budget(make_app, 10, address=6)
    game, tokens = create(client, [{"name": "Ann"}, {"name": "Bob"}])
    path = f"/v1/games/{game['id']}"
    assert statuses(client, 3, path, headers=bearer(tokens[0])) == [200] * 3
    answers = statuses(client, 3, path, headers=bearer(tokens[1]))
    assert answers == [200, 200, 429], "6 in all from the address, whatever the tokens"
    refused = client.get(path)
    assert refused.status_code == 429
    assert "(all its seats together)" in refused.get_json()["detail"]
    assert statuses(client, 1, path, environ_base=OTHER) == [200]


@pytest.mark.parametrize("lang", ["cs", "de", "ru"])
@freeze_time("2026-05-01 12:00:10")
def test_the_refusal_is_said_in_the_clients_language(make_app, lang):
    client = budget(make_app, 1)
    client.get("/v1/game-types")
    answer = client.get("/v1/game-types", headers={"Accept-Language": lang})
    assert answer.status_code == 429 and answer.headers["Content-Language"] == lang
    assert "requests to one server process" not in answer.get_json()["detail"]


def test_a_process_keeps_the_buckets_of_its_latest_clients_only():
    buckets = request_budget.Buckets([(2, 1)], most_clients=3)
    for n in range(5):
        assert buckets.wait(f"192.0.2.{n}|-")[0] == 0.0
    assert [client for client, _ in buckets.held] == ["192.0.2.2|-", "192.0.2.3|-", "192.0.2.4|-"]


def test_two_loopback_addresses_on_a_live_server(redis_url):
    server, port = start_api(redis_url, workers=1, DESKOVKA_LIMIT_REQUESTS="10/second")
    try:
        answers: dict[str, list[int]] = {"127.0.0.2": [], "127.0.0.3": []}

        def ask(source: str, n: int) -> None:
            conn = http.client.HTTPConnection(HOST, port, timeout=30, source_address=(source, 0))
            for _ in range(n):
                conn.request("GET", "/v1/game-types")
                answer = conn.getresponse()
                body = answer.read()
                answers[source].append(answer.status)
                if answer.status == 429:
                    assert orjson.loads(body)["code"] == "rate/limited"
                    assert answer.getheader("Retry-After") == "1"
            conn.close()

        # One client asks 3 times its budget at once on 3 connections; the other 5 times after it was refused.
        flood = [threading.Thread(target=ask, args=("127.0.0.2", 20)) for _ in range(3)]
        for thread in flood:
            thread.start()
        for thread in flood:
            thread.join(60)
        ask("127.0.0.3", 5)
        assert 10 <= answers["127.0.0.2"].count(200) < 60 and 429 in answers["127.0.0.2"], answers
        assert answers["127.0.0.3"] == [200] * 5, "another address is not held"
    finally:
        stop(server)


def test_at_most_n_of_a_clients_requests_run_at_once_and_long_polls_are_not_counted():
    budget = request_budget.Budget({"requests": [(100, 1), (2, 0)]})
    inside, release = [], threading.Event()

    def run(client, path="/v1/game-types"):
        with budget.turn(client, {"PATH_INFO": path}):
            inside.append((client, path))
            release.wait(30)

    threads = [
        threading.Thread(target=run, args=args)
        for args in [("a",), ("a",), ("a",), ("b",), ("a", "/v1/games/G/events")]
    ]
    for thread in threads:
        thread.start()
    while len(inside) < 4:
        threads[0].join(0.01)
    threads[0].join(0.2)  # a while for the third of a's requests to come in, were it let
    ran = sorted(inside)
    assert ran == [("a", "/v1/game-types")] * 2 + [("a", "/v1/games/G/events"), ("b", "/v1/game-types")], ran
    release.set()
    for thread in threads:
        thread.join(30)
    assert len(inside) == 5 and len(budget.turns) == 0


def file_status(client, path, **kwargs) -> int:
    response = client.get(path, **kwargs)
    response.close()  # a file's answer holds the file open until closed
    return response.status_code


@freeze_time("2026-05-01 12:00:10")
def test_the_pages_files_draw_on_the_address_bucket_of_files_not_on_its_requests(make_app):
    limits = {"requests": [(3, 1)], "address_requests": [(3, 1)], "asset_requests": [(20, 1)]}
    client = make_app(RATE_LIMITS=limits, REFUSED_WAIT=False, REQUESTS_QUEUE=0.0).test_client()
    files = ["/play/static/play.js", "/play/static/texts.js", "/play/static/play.css", "/desk/desk.js"]
    # A classroom behind one address opening tables together: the files do not spend the address's requests ...
    assert [file_status(client, files[n % len(files)]) for n in range(20)] == [200] * 20
    assert statuses(client, 3) == [200] * 3
    # ... and are bounded by their own bucket, whose refusal says which.
    refused = client.get("/play/static/play.js")
    assert refused.status_code == 429
    assert "files of the pages" in refused.get_json()["detail"]
    assert file_status(client, "/play/static/play.js", environ_base=OTHER) == 200, "another address's own"


def test_only_the_pages_files_are_files():
    assert request_budget.is_asset("/play/static/boards/timeline.js")
    assert request_budget.is_asset("/docs/assets/swagger-ui.css")
    assert not request_budget.is_asset("/play")
    assert not request_budget.is_asset("/desk/")
    assert not request_budget.is_asset("/v1/games/abc.js")
    assert not request_budget.is_asset("/play/static-games/x.js")
