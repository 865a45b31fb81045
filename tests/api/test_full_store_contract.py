"""The contract names the store's refusals where they happen: every route is asked once on a Redis at its
maxmemory (noeviction, every write refused), with the server's own limits on, and each answer it gives is one that
openapi.yaml lists for that route; every route that writes to the store answers 507 there, and lists it, and every
route a budget counts lists 429."""

import pathlib
from collections import OrderedDict

import redis
import yaml

from api import limits
from api.storage import rebuild
from tests.api.helpers import bearer, play_to_end, view
from tests.api.test_print_jobs import SPEC, work
from tests.api.test_quotas import app_on, capped_redis, small_deck  # noqa: F401 (the fixture)

CONTRACT = yaml.safe_load((pathlib.Path(__file__).parents[2] / "openapi.yaml").read_text())
# POST /v1/games/status reads several games at once: a POST that writes nothing.
READS = {("post", "/v1/games/status")}


def listed(method, path):
    return set(CONTRACT["paths"][path][method]["responses"])


def setting_up(client):
    """A running game, an open table, a finished game, a deck and a print job, each from its own address (the
    server's own limits are on)."""
    at = iter(f"192.0.2.{n}" for n in range(10, 250))

    def asked(method, url, **kwargs):
        return client.open(url, method=method, environ_base={"REMOTE_ADDR": next(at)}, **kwargs)

    def created(seats, **extra):
        answer = asked("POST", "/v1/games", json={"type": "timeline", "seats": seats, **extra})
        assert answer.status_code == 201, answer.get_json()
        body = answer.get_json()
        return body["game"]["id"], {t["seat"]: t["token"] for t in body["tokens"]}

    running, players = created([{"name": "A"}, {"name": "B"}], seed=1)
    waiting, hosts = created([{"name": "C"}, {"open": True}], seed=2)
    finished, winners = created([{"name": "D"}, {"bot": "random"}], seed=3)
    play_to_end(client, finished, winners)
    deck = asked("POST", "/v1/decks", json=small_deck()).get_json()
    job = asked("POST", "/v1/print-jobs", json=SPEC).get_json()
    work(redis.Redis.from_url(client.application.config["QUEUE_URL"]))
    assert "id" in deck and "id" in job, (deck, job)
    return asked, locals()


def each_route(made):
    """One request a route, as the contract names it (method, path template): (method, url, what it sends)."""
    running, players, waiting, hosts = made["running"], made["players"], made["waiting"], made["hosts"]
    finished, winners, deck, job = made["finished"], made["winners"], made["deck"]["id"], made["job"]["id"]
    legal = made["legal"]
    yield "get", "/v1/game-types", "/v1/game-types", {}
    yield "get", "/v1/game-types/{game_type}", "/v1/game-types/timeline", {}
    yield "post", "/v1/games", "/v1/games", {"json": {"type": "timeline", "seats": [{"name": "E"}, {"name": "F"}]}}
    yield "get", "/v1/games", "/v1/games", {}
    yield "get", "/v1/games/{game_id}", f"/v1/games/{finished}", {}
    yield "post", "/v1/games/status", "/v1/games/status", {"json": {"games": [{"id": finished, "tokens": []}]}}
    yield "post", "/v1/games/{game_id}/seats/{seat}", f"/v1/games/{waiting}/seats/1", {"json": {"name": "G"}}
    yield (
        "post",
        "/v1/games/{game_id}/actions",
        f"/v1/games/{running}/actions",
        {
            "json": legal,
            "headers": bearer(players[0]),
        },
    )
    yield "post", "/v1/games/{game_id}/resign", f"/v1/games/{running}/resign", {"headers": bearer(players[1])}
    yield "delete", "/v1/games/{game_id}", f"/v1/games/{waiting}", {"headers": bearer(hosts[0])}
    yield "post", "/v1/games/{game_id}/rematch", f"/v1/games/{finished}/rematch", {"headers": bearer(winners[0])}
    yield "get", "/v1/games/{game_id}/events", f"/v1/games/{finished}/events", {}
    yield "get", "/v1/games/{game_id}/replay", f"/v1/games/{finished}/replay", {}
    yield "post", "/v1/decks", "/v1/decks", {"json": small_deck("b")}
    yield "get", "/v1/decks", "/v1/decks", {}
    yield "get", "/v1/decks/{deck_id}", f"/v1/decks/{deck}", {}
    yield "post", "/v1/print-jobs", "/v1/print-jobs", {"json": {**SPEC, "paper": "letter"}}
    yield "get", "/v1/print-jobs/{job_id}", f"/v1/print-jobs/{job}", {}
    yield "get", "/v1/print-jobs/{job_id}/pdf", f"/v1/print-jobs/{job}/pdf", {}
    yield "get", "/v1/print-jobs/{job_id}/preview", f"/v1/print-jobs/{job}/preview?width=240", {}


def test_every_answer_of_a_full_store_is_in_the_contract_and_every_write_answers_507(
    capped_redis,  # noqa: F811
    monkeypatch,
):
    url = capped_redis("24mb")
    # The server's own limits, each budget's counter a write too (the budget of requests is each process' own).
    defaults = limits.from_env({})
    app = app_on(url, RATE_LIMITS={bucket: defaults[bucket] for bucket in defaults if "requests" not in bucket})
    client = app.test_client()
    asked, made = setting_up(client)
    made["legal"] = view(client, made["running"], made["players"][0])["legal_actions"][0]
    filler = redis.Redis.from_url(url)
    filler.config_set("maxmemory", filler.info("memory")["used_memory"] - (1 << 20))  # every write refused
    routes = list(each_route(made))
    contract = {
        (method, path)
        for path, ops in CONTRACT["paths"].items()
        for method in ops
        if path.startswith("/v1") and method in ("get", "post", "put", "patch", "delete")
    }
    assert {(method, path) for method, path, _, _ in routes} == contract, "every route of the contract is walked"
    answers = {}
    for method, path, address, kwargs in routes:
        monkeypatch.setattr(rebuild, "_kept", OrderedDict())  # a finished game read here is rebuilt, and counted
        answer = asked(method.upper(), address, **kwargs)
        answers[method, path] = answer.status_code
        assert str(answer.status_code) in listed(method, path), (method, path, answer.get_json())
    writes = {route for route in answers if route[0] != "get" and route not in READS}
    assert {route: answers[route] for route in writes} == dict.fromkeys(writes, 507), answers
    assert all("507" in listed(*route) for route in writes)
    assert all("429" in listed(method, path) for method, path in contract)
