"""Quotas: deck sizes, per-client rate limits, decks that expire unless used, a deck list that costs its page,
and a Redis with a memory cap that refuses with a problem, never a 500."""

import base64
import io
import random
import shutil
import subprocess
import tempfile
import time
from pathlib import Path

import orjson
import pytest
import redis
from freezegun import freeze_time
from PIL import Image

from api.serving.embedded import redis_server_binary
from tests.api.helpers import bearer, create, view

LANGS = ("en", "cs", "sk", "hu", "ru", "de")


def small_deck(tag="a", n=4):
    return {
        "kind": "dated",
        "title": {"en": f"Deck {tag}"},
        "cards": [{"id": f"card-{chr(97 + i)}", "year": 1500 + 7 * i, "title": {"en": f"{tag} {i}"}} for i in range(n)],
    }


def noise_picture():
    """A PNG of random pixels just under the 256 KiB a picture may have, as a data URI."""
    side = 290
    buffer = io.BytesIO()
    Image.frombytes("RGB", (side, side), random.Random(7).randbytes(side * side * 3)).save(buffer, format="PNG")
    assert len(buffer.getvalue()) <= 256 * 1024
    return "data:image/png;base64," + base64.b64encode(buffer.getvalue()).decode()


def largest_deck(tag, picture):
    """1,000 cards with every text field as long as allowed, and pictures up to the 4 MiB a deck may have."""

    def card(i):
        prefix = f"{tag} {i} "
        return {
            "id": f"card-{tag}-{i:04x}".replace("0", "o"),
            "year": 1000 + (i % 900) + (i >= 900) * 5,
            "theme": "t" * 40,
            "source": "s" * 300,
            "note": "n" * 300,
            "title": {lang: prefix + "ж" * (120 - len(prefix)) for lang in LANGS},
        }

    doc = {"kind": "dated", "title": {"en": f"Largest {tag}"}, "cards": [card(i) for i in range(1000)]}
    size = len(orjson.dumps(doc))
    for card_doc in doc["cards"]:
        if size + len(picture) + 20 > 4 << 20:
            break
        card_doc["image"] = picture
        size += len(picture) + 12
    return orjson.dumps(doc)


@pytest.fixture
def capped_redis():
    """A Redis of its own with a small memory cap and the policy `deskovka serve` gives its embedded one."""

    def start(cap):
        folder = Path(tempfile.mkdtemp(prefix="dk-capped-"))
        socket = folder / "redis.sock"
        process = subprocess.Popen(
            [
                redis_server_binary(),
                "--port",
                "0",
                "--unixsocket",
                str(socket),
                "--save",
                "",
                "--appendonly",
                "no",
                "--dir",
                str(folder),
                "--maxmemory",
                cap,
                "--maxmemory-policy",
                "noeviction",
            ],
            stdout=subprocess.DEVNULL,
        )
        started.append((process, folder))
        url = f"unix://{socket}"
        for _ in range(100):
            try:
                redis.Redis.from_url(url).ping()
                return url
            except redis.ConnectionError:
                time.sleep(0.05)
        raise RuntimeError("redis did not start")

    started: list = []
    yield start
    for process, folder in started:
        process.terminate()
        process.wait(10)
        shutil.rmtree(folder, ignore_errors=True)


def app_on(url, **config):
    from api.http.app import create_app

    return create_app({"REDIS_URL": url, "QUEUE_URL": url, "TESTING": True, **config})


class TestDeckSize:
    def test_every_text_field_has_a_length_limit(self, client, redis_client):
        doc = small_deck()
        doc["cards"][0]["theme"] = "x" * 100_000
        doc["cards"][1]["note"] = "x" * 301
        doc["cards"][2]["source"] = "x" * 301
        doc["cards"][3]["title"]["en"] = "x" * 121
        doc["source"] = "x" * 1001
        doc["cards"][3]["extra"] = "x" * 1000
        doc["padding"] = "x"
        response = client.post("/v1/decks", json=doc)
        assert response.status_code == 422
        assert sorted(p["detail"].split(":")[0] for p in response.get_json()["errors"]) == [
            "cards[0].theme",
            "cards[1].note",
            "cards[2].source",
            "cards[3].extra",
            "cards[3].title.en",
            "padding",
            "source",
        ]
        assert redis_client.keys("dk:deck*") == []

    def test_a_deck_over_4_mib_is_413_and_the_connection_closes(self, client):
        response = client.post("/v1/decks", data=b"x" * ((4 << 20) + 1), content_type="text/csv")
        assert response.status_code == 413 and response.headers["Connection"] == "close"
        assert response.mimetype == "application/problem+json"


class TestRateLimits:
    def test_the_fourth_game_in_a_minute_is_429_with_retry_after_and_changes_nothing(self, app, client, redis_client):
        app.config["RATE_LIMITS"] = {"games": [(3, 60)]}
        seats = [{"name": "A"}, {"bot": "random"}]
        with freeze_time("2026-05-01 12:00:10") as frozen:
            for _ in range(3):
                create(client, seats)
            games = len(redis_client.keys("dk:{g:*}:state"))
            refused = client.post("/v1/games", json={"type": "timeline", "seats": seats})
            assert refused.status_code == 429 and refused.get_json()["code"] == "rate/limited"
            assert refused.headers["Retry-After"] == "51" and refused.get_json()["retry_after"] == 51
            assert len(redis_client.keys("dk:{g:*}:state")) == games
            other = client.post(
                "/v1/games", json={"type": "timeline", "seats": seats}, environ_base={"REMOTE_ADDR": "192.0.2.7"}
            )
            assert other.status_code == 201, "another client has its own count"
            frozen.tick(51)
            create(client, seats)

    def test_decks_and_print_jobs_have_their_own_limits(self, app, client):
        app.config["RATE_LIMITS"] = {"decks": [(2, 3600)], "print_jobs": [(1, 3600)]}
        assert client.post("/v1/decks", json=small_deck("a")).status_code == 201
        assert client.post("/v1/decks", json=small_deck("b")).status_code == 201
        assert client.post("/v1/decks", json=small_deck("c")).status_code == 429
        spec = {"kind": "calibration", "paper": "a4"}
        assert client.post("/v1/print-jobs", json=spec).status_code == 202
        refused = client.post("/v1/print-jobs", json=spec)
        assert refused.status_code == 429 and int(refused.headers["Retry-After"]) > 0
        assert (
            client.post("/v1/games", json={"type": "timeline", "seats": [{"name": "A"}, {"name": "B"}]}).status_code
            == 201
        )

    def test_joins_of_open_seats_are_limited_and_a_refused_join_takes_no_seat(self, app, client):
        app.config["RATE_LIMITS"] = {"joins": [(2, 60)]}
        game, _ = create(client, [{"name": "A"}, {"open": True}, {"open": True}, {"open": True}])
        for seat in (1, 2):
            assert client.post(f"/v1/games/{game['id']}/seats/{seat}", json={"name": "Bot"}).status_code == 201
        refused = client.post(f"/v1/games/{game['id']}/seats/3", json={"name": "Bot"})
        assert refused.status_code == 429 and refused.get_json()["code"] == "rate/limited"
        assert "open seats taken" in refused.get_json()["detail"] and int(refused.headers["Retry-After"]) > 0
        assert view(client, game["id"])["status"] == "open", "the refused join took nothing"
        other = client.post(
            f"/v1/games/{game['id']}/seats/3", json={"name": "Eve"}, environ_base={"REMOTE_ADDR": "192.0.2.9"}
        )
        assert other.status_code == 201

    def test_an_ipv6_64_is_one_client(self, app, client):
        app.config["RATE_LIMITS"] = {"games": [(2, 60)]}
        seats = {"type": "timeline", "seats": [{"name": "A"}, {"bot": "random"}]}

        def from_address(address):
            return client.post("/v1/games", json=seats, environ_base={"REMOTE_ADDR": address}).status_code

        assert from_address("2001:db8:5:6::1") == 201
        assert from_address("2001:db8:5:6:ffff:1:2:3") == 201
        assert from_address("2001:db8:5:6::abcd") == 429, "another address of the same /64"
        assert from_address("2001:db8:5:7::1") == 201, "the next /64 is another client"


class TestDeckLife:
    def test_an_unused_deck_expires_and_each_use_refreshes_it(self, app, client, redis_client):
        store = app.extensions["deskovka"].decks
        store.ttl, store.in_play_ttl = 1000, 2000
        deck = client.post("/v1/decks", json=small_deck()).get_json()
        key = f"dk:deck:{deck['id']}"
        assert 990 < redis_client.ttl(key) <= 1000, "unused, it expires"
        redis_client.expire(key, 10)
        game, tokens = create(client, [{"name": "A"}, {"name": "B"}], options={"deck": deck["id"], "hand_size": 1})
        assert redis_client.ttl(key) > 1990, "a new game uses the deck, which must outlive the game"
        redis_client.expire(key, 10)
        assert client.post("/v1/print-jobs", json={"kind": "deck", "deck": deck["id"]}).status_code == 202
        assert redis_client.ttl(key) > 1990, "a print job uses the deck"

    def test_a_game_in_play_keeps_its_deck_now_and_then(self, app, client, redis_client):
        store = app.extensions["deskovka"].decks
        store.in_play_ttl = 2000
        deck = client.post("/v1/decks", json=small_deck()).get_json()
        key = f"dk:deck:{deck['id']}"
        with freeze_time("2026-05-01 12:00:00") as frozen:
            game, tokens = create(client, [{"name": "A"}, {"name": "B"}], options={"deck": deck["id"], "hand_size": 1})
            view(client, game["id"], tokens[0])
            redis_client.expire(key, 10)
            view(client, game["id"], tokens[0])
            assert redis_client.ttl(key) <= 10, "touched at most once an hour per process"
            frozen.tick(3601)
            view(client, game["id"], tokens[0])
            assert redis_client.ttl(key) > 1990, "a game read an hour later keeps its deck"

    def test_an_expired_deck_leaves_the_list(self, app, client, redis_client):
        app.extensions["deskovka"].decks.ttl = 100
        with freeze_time("2026-05-01 12:00:00") as frozen:
            deck = client.post("/v1/decks?public=true", json=small_deck()).get_json()
            listed = [d["id"] for d in client.get("/v1/decks?limit=200").get_json()["decks"]]
            assert deck["id"] in listed
            frozen.tick(101)
            redis_client.delete(f"dk:deck:{deck['id']}", f"dk:deck-summary:{deck['id']}")  # as Redis expires them
            listed = [d["id"] for d in client.get("/v1/decks?limit=200").get_json()["decks"]]
            assert deck["id"] not in listed


class TestDeckList:
    def test_pages_walk_every_deck_and_read_only_their_own_summaries(self, client, redis_client):
        uploaded = {client.post("/v1/decks?public=true", json=small_deck(tag)).get_json()["id"] for tag in "abcde"}
        redis_client.config_resetstat()
        seen, cursor, pages = [], 0, 0
        while cursor is not None:
            page = client.get(f"/v1/decks?limit=3&cursor={cursor}").get_json()
            seen += [d["id"] for d in page["decks"]]
            cursor, pages = page["next_cursor"], pages + 1
        assert uploaded <= set(seen) and len(seen) == len(set(seen)) == 4 + 5
        stats = redis_client.info("commandstats")
        assert "cmdstat_get" not in stats, "no deck document is read to list decks"
        assert stats["cmdstat_mget"]["calls"] <= pages


class TestMemoryCap:
    def test_a_full_store_refuses_new_things_with_507_and_moves_too_once_at_the_cap(self, capped_redis):
        url = capped_redis("24mb")
        app = app_on(url, RATE_LIMITS={})
        client = app.test_client()
        game, tokens = create(client, [{"name": "A"}, {"name": "B"}])
        filler = redis.Redis.from_url(url)
        chunk = b"x" * (16 << 10)
        with pytest.raises(redis.exceptions.OutOfMemoryError):
            for i in range(24 * 64):
                filler.set(f"other:{i}", chunk)
        # Right at the cap Redis's own figure wobbles by a few bytes (the refused command's buffer is freed), so a
        # write could still slip in; a cap a megabyte under what is held makes Redis refuse every write.
        filler.config_set("maxmemory", filler.info("memory")["used_memory"] - (1 << 20))
        refused = client.post("/v1/games", json={"type": "timeline", "seats": [{"name": "A"}, {"name": "B"}]})
        assert refused.status_code == 507 and refused.get_json()["code"] == "store/full"
        assert client.post("/v1/decks", json=small_deck()).status_code == 507
        card = view(client, game["id"], tokens[0])["view"]["hands"][0]["cards"][0]["id"]
        move = client.post(
            f"/v1/games/{game['id']}/actions", json={"type": "place", "card": card, "gap": 0}, headers=bearer(tokens[0])
        )
        assert move.status_code == 507 and move.get_json()["code"] == "store/full"
        assert view(client, game["id"])["version"] == 0, "the refused move changed nothing"
        filler.delete(*[f"other:{i}" for i in range(24 * 64)])
        assert (
            client.post(
                f"/v1/games/{game['id']}/actions",
                json={"type": "place", "card": card, "gap": 0},
                headers=bearer(tokens[0]),
            ).status_code
            == 200
        )

    def test_the_largest_deck_1000_times_is_stopped_by_the_quota_and_redis_stays_under_its_cap(self, capped_redis):
        url = capped_redis("256mb")
        app = app_on(url, REFUSED_WAIT=False)  # the default limits; a refusal answered at once, not at its second's end
        client = app.test_client()
        picture, bodies, statuses = noise_picture(), {}, []
        for i in range(1000):
            tag = f"{i % 30:02d}"
            if tag not in bodies:
                bodies[tag] = largest_deck(tag, picture)
            statuses.append(client.post("/v1/decks", data=bodies[tag], content_type="application/json").status_code)
        assert (4 << 20) - 400_000 < len(bodies["00"]) <= 4 << 20
        assert statuses[:20] == [201] * 20 and set(statuses[20:]) == {429}
        info = redis.Redis.from_url(url).info("memory")
        assert info["used_memory"] < info["maxmemory"] == 256 << 20
