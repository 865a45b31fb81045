"""A client refused for a limit is refused again from the process's book while it should wait: the same answer,
without asking Redis; other clients, other kinds of request and the same client after the hold are asked as before."""

import http.client
import threading
import time

import orjson
from freezegun import freeze_time

from api.http.middleware import refused
from tests.api.live import HOST, probes_answered_until, start_api, stop
from tests.api.long_history import long_game

PERSON = {"type": "timeline", "seats": [{"name": "A"}, {"bot": "random"}]}
BOTS = {"type": "timeline", "seats": [{"bot": "random"}, {"bot": "random"}]}


def calls(redis_client, command: str) -> int:
    return redis_client.info("commandstats").get(f"cmdstat_{command}", {}).get("calls", 0)


def comparable(answer):
    """What a client reads of an answer, but for what differs between any two answers."""
    headers = {name: value for name, value in answer.headers.items() if name not in ("X-Request-ID", "Date")}
    return answer.status_code, headers, answer.get_data()


class TestTheBook:
    def test_a_refused_client_is_refused_again_alike_without_asking_redis(self, make_app, redis_client):
        client = make_app(RATE_LIMITS={"games": [(1, 60)]}, REFUSED_WAIT=False).test_client()
        with freeze_time("2026-05-01 12:00:10"):
            assert client.post("/v1/games", json=PERSON).status_code == 201
            first = client.post("/v1/games", json=PERSON, headers={"Origin": "https://example.org"})
            counted = calls(redis_client, "incrby")
            again = client.post("/v1/games", json=PERSON, headers={"Origin": "https://example.org"})
            assert calls(redis_client, "incrby") == counted, "the limit was not asked again"
        assert first.status_code == 429 and first.get_json()["code"] == "rate/limited"
        assert comparable(again) == comparable(first)
        assert again.headers["Retry-After"] == "51" and again.mimetype == "application/problem+json"

    def test_retry_after_counts_down_and_the_limit_is_asked_again_after_the_hold(self, make_app, redis_client):
        client = make_app(RATE_LIMITS={"games": [(1, 60)]}, REFUSED_WAIT=False).test_client()
        with freeze_time("2026-05-01 12:00:10") as frozen:
            assert client.post("/v1/games", json=PERSON).status_code == 201
            assert client.post("/v1/games", json=PERSON).headers["Retry-After"] == "51"
            frozen.tick(refused.HOLD / 2)
            counted = calls(redis_client, "incrby")
            held = client.post("/v1/games", json=PERSON)
            assert calls(redis_client, "incrby") == counted
            assert held.status_code == 429 and held.headers["Retry-After"] == "51"
            frozen.tick(refused.HOLD)
            asked = client.post("/v1/games", json=PERSON)
            assert calls(redis_client, "incrby") > counted, "past the hold the limit is asked"
            assert asked.status_code == 429 and asked.headers["Retry-After"] == "49"
            frozen.tick(49)
            assert client.post("/v1/games", json=PERSON).status_code == 201, "the wait it was told was enough"

    def test_other_clients_and_other_endpoints_are_not_held(self, make_app):
        client = make_app(RATE_LIMITS={"games": [(1, 60)]}, REFUSED_WAIT=False).test_client()
        assert client.post("/v1/games", json=PERSON).status_code == 201
        assert client.post("/v1/games", json=PERSON).status_code == 429
        other = client.post("/v1/games", json=PERSON, environ_base={"REMOTE_ADDR": "192.0.2.7"})
        assert other.status_code == 201
        assert client.get("/v1/game-types").status_code == 200
        assert (
            client.post(
                "/v1/decks",
                json={
                    "kind": "dated",
                    "title": {"en": "D"},
                    "cards": [
                        {"id": "a", "year": 1, "title": {"en": "a"}},
                        {"id": "b", "year": 2, "title": {"en": "b"}},
                    ],
                },
            ).status_code
            == 201
        )

    def test_behind_a_proxy_the_forwarded_address_is_the_client_held(self, make_app, redis_client):
        client = make_app(RATE_LIMITS={"games": [(1, 60)]}, REFUSED_WAIT=False, PROXY_HOPS=1).test_client()

        def create(address):
            return client.post("/v1/games", json=PERSON, headers={"X-Forwarded-For": address}).status_code

        assert (create("198.51.100.1"), create("198.51.100.1")) == (201, 429)
        counted = calls(redis_client, "incrby")
        assert create("198.51.100.1") == 429 and calls(redis_client, "incrby") == counted, "held by the book"
        assert create("198.51.100.2") == 201, "another client behind the same proxy"

    def test_a_book_of_bots_only_games_holds_only_those(self, make_app, redis_client):
        client = make_app(RATE_LIMITS={"bot_games": [(1, 3600)]}, REFUSED_WAIT=False).test_client()
        assert client.post("/v1/games", json=BOTS).status_code == 201
        first = client.post("/v1/games", json=BOTS)
        assert first.status_code == 429 and "bots only" in first.get_json()["detail"]
        counted = calls(redis_client, "incrby")
        again = client.post("/v1/games", json=BOTS)
        assert again.status_code == 429 and calls(redis_client, "incrby") == counted
        assert again.get_json()["detail"] == first.get_json()["detail"]
        assert client.post("/v1/games", json=PERSON).status_code == 201, "a person's game is not held"

    def test_a_held_body_over_its_bound_is_still_413(self, make_app):
        client = make_app(RATE_LIMITS={"bot_games": [(1, 3600)]}, REFUSED_WAIT=False).test_client()
        assert client.post("/v1/games", json=BOTS).status_code == 201
        assert client.post("/v1/games", json=BOTS).status_code == 429
        huge = orjson.dumps({**BOTS, "pad": "x" * (2 << 20)})
        answer = client.post("/v1/games", data=huge, content_type="application/json")
        assert answer.status_code == 413 and answer.mimetype == "application/problem+json"

    def test_a_held_reader_of_pages_may_still_open_a_stream(self, make_app, redis_client):
        client = make_app(RATE_LIMITS={"history_bytes": [(20_000, 1)]}, REFUSED_WAIT=False).test_client()
        game_id, _ = long_game(client, 300, status="finished")
        with freeze_time("2026-05-01 12:00:10.2"):
            after, status = 0, 200
            while status == 200:
                answer = client.get(f"/v1/games/{game_id}/events?after={after}&limit=100")
                status = answer.status_code
                after = answer.get_json().get("next_after", after)
            assert status == 429
            looked = calls(redis_client, "get")
            held = client.get(f"/v1/games/{game_id}/events?after={after}&limit=100")
            assert held.status_code == 429 and calls(redis_client, "get") == looked
            stream = client.get(
                f"/v1/games/{game_id}/events?after=0", headers={"Accept": "text/event-stream"}, buffered=False
            )
            assert stream.status_code == 200 and stream.mimetype == "text/event-stream"
            stream.close()


def test_a_client_asking_again_at_once_is_answered_when_its_hold_ends(make_app):
    client = make_app(RATE_LIMITS={"games": [(1, 60)]}).test_client()
    assert client.post("/v1/games", json=PERSON).status_code == 201
    assert client.post("/v1/games", json=PERSON).status_code == 429
    refused_at = time.monotonic()
    again = client.post("/v1/games", json=PERSON)
    assert again.status_code == 429
    assert time.monotonic() - refused_at >= 0.9 * refused.HOLD, "a client that does not wait is made to"
    assert client.post("/v1/games", json=PERSON, environ_base={"REMOTE_ADDR": "192.0.2.7"}).status_code == 201


def test_a_clients_held_requests_are_answered_apart_never_before_the_hold_ends(make_app):
    """Held together, a client's requests end their waits at different moments within SPREAD past the hold, so that
    they do not come back as one burst."""
    client = make_app(RATE_LIMITS={"games": [(1, 60)]}).test_client()
    assert client.post("/v1/games", json=PERSON).status_code == 201
    assert client.post("/v1/games", json=PERSON).status_code == 429
    refused_at = time.monotonic()
    answered: list[float] = []

    def held() -> None:
        assert client.post("/v1/games", json=PERSON).status_code == 429
        answered.append(time.monotonic() - refused_at)

    threads = [threading.Thread(target=held) for _ in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(answered) == 8
    assert min(answered) >= 0.9 * refused.HOLD and max(answered) < refused.HOLD + refused.SPREAD + 0.5, answered
    # Eight moments drawn over SPREAD all within a tenth of it: fewer than one chance in a million.
    assert max(answered) - min(answered) > refused.SPREAD / 10, answered


def test_the_book_keeps_the_latest_clients_only():
    book = refused.Book(most_clients=3)
    for n in range(5):
        book.note(f"192.0.2.{n}", "games.create_game", "games", "try again in {retry} s.", 30)
    assert list(book.clients) == ["192.0.2.2", "192.0.2.3", "192.0.2.4"]
    assert [bucket for bucket, _ in book.held("192.0.2.4", "games.create_game")] == ["games"]
    assert book.held("192.0.2.4", "decks.post_deck") == []


def test_a_held_client_waits_on_a_live_server_without_holding_its_worker(redis_url, redis_client):
    server, port = start_api(redis_url, workers=1, DESKOVKA_LIMIT_GAMES="1/minute")
    try:
        conn = http.client.HTTPConnection(HOST, port, timeout=30)

        def create():
            conn.request("POST", "/v1/games", orjson.dumps(PERSON), {"Content-Type": "application/json"})
            answer = conn.getresponse()
            return answer.status, answer.getheader("Retry-After"), answer.read()

        assert create()[0] == 201
        assert create()[0] == 429
        held, answered = {}, threading.Event()

        def again():
            started = time.monotonic()
            held["status"], held["retry"], held["body"] = create()
            held["seconds"] = time.monotonic() - started
            answered.set()

        waiting = threading.Thread(target=again)
        waiting.start()
        # The same worker answers another client's requests while the held one waits out its second.
        during = probes_answered_until(port, answered)
        waiting.join(30)
        conn.close()
        assert held["status"] == 429 and int(held["retry"]) > 0
        assert orjson.loads(held["body"])["code"] == "rate/limited"
        assert held["seconds"] >= 0.5 and during >= 3, (held, during)
    finally:
        stop(server)
