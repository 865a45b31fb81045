"""Events are read a page at a time: `limit` versions, `next_after` and a Link to the next page; a stream's
catch-up sends a long history page by page, every version once and in order."""

import re
import time

import orjson
import pytest

from api.http.resources.events import MAX_PAGE, PAGE
from api.tables.seat_views import events_for
from tests.api.helpers import bearer
from tests.api.long_history import grow, long_game, real_batches
from tests.api.test_followers import poll_in_background, wait_until_following

VERSIONS = 1234


@pytest.fixture
def long(client):
    """A running two-seat Ticket to Ride game of 1,234 versions: (id, tokens, every stored event)."""
    game_id, tokens = long_game(client, VERSIONS)
    store = client.application.extensions["deskovka"].store
    return game_id, tokens, store.events(game_id, 0)


def read_all(client, game_id, headers, limit=None):
    """Follow next_after from 0 to the end; return the pages' answers."""
    pages, after = [], 0
    while True:
        query = f"after={after}" + ("" if limit is None else f"&limit={limit}")
        response = client.get(f"/v1/games/{game_id}/events?{query}", headers=headers)
        assert response.status_code == 200, response.get_json()
        body = response.get_json()
        pages.append((body, response.headers.get("Link")))
        if body["next_after"] >= body["version"]:
            return pages
        assert body["next_after"] > after
        after = body["next_after"]


def stream_ids(text):
    return [int(line.removeprefix("id: ")) for line in text.splitlines() if line.startswith("id: ")]


class TestPages:
    @pytest.mark.parametrize("limit", [None, 7, 77, MAX_PAGE])
    def test_following_next_after_reads_every_event_once_in_order_as_each_seat_may_see_it(self, client, long, limit):
        game_id, tokens, stored = long
        for seat, headers in [(0, bearer(tokens[0])), (1, bearer(tokens[1])), (None, {})]:
            pages = read_all(client, game_id, headers, limit)
            events = [event for body, _ in pages for event in body["events"]]
            assert events == events_for(stored, seat)
            assert all("to" not in event for event in events)
            per_page = PAGE if limit is None else limit
            assert len(pages) == -(-VERSIONS // per_page)
            for body, link in pages:
                assert len({event["v"] for event in body["events"]}) <= per_page
                assert body["version"] == VERSIONS and body["type"] == "ticket-to-ride-europe"
                more = body["next_after"] < VERSIONS
                assert (link is not None) == more
                if more:
                    assert link == (
                        f'</v1/games/{game_id}/events?after={body["next_after"]}&limit={per_page}>; rel="next"'
                    )
        # Hidden information stays hidden: seat 1 and spectators never see seat 0's cards, and vice versa.
        hidden_from_1 = [e for e in stored if e.get("to") == [0]]
        assert hidden_from_1 and not any(e in events_for(stored, 1) for e in events_for(hidden_from_1, 0))

    def test_the_link_leads_to_the_next_page(self, client, long):
        game_id, tokens, _ = long
        first = client.get(f"/v1/games/{game_id}/events?after=0&limit=300", headers=bearer(tokens[1]))
        target = re.fullmatch(r'<([^>]+)>; rel="next"', first.headers["Link"]).group(1)
        second = client.get(target, headers=bearer(tokens[1])).get_json()
        assert first.get_json()["next_after"] == 300 and second["next_after"] == 600
        assert {e["v"] for e in second["events"]} == set(range(301, 601))

    @pytest.mark.parametrize("limit", ["0", "-1", str(MAX_PAGE + 1), "10000000000000000000000", "many", "1.5", ""])
    def test_a_bad_limit_is_a_problem_and_reads_nothing(self, client, long, limit):
        game_id, _, _ = long
        response = client.get(f"/v1/games/{game_id}/events?after=0&limit={limit}")
        assert response.status_code == 422 and response.content_type == "application/problem+json"
        problem = response.get_json()
        assert problem["code"] == "request/invalid"
        assert [(e["location"], e["pointer"]) for e in problem["errors"]] == [("query", "/limit")]

    def test_a_long_poll_returns_a_page_at_once_when_there_is_one(self, client, long):
        game_id, _, stored = long
        started = time.monotonic()
        body = client.get(f"/v1/games/{game_id}/events?after=1000&limit=50&wait=20").get_json()
        assert time.monotonic() - started < 10  # not the 20 s wait
        assert body["next_after"] == 1050 and body["events"] == events_for(stored, None, 1000)[: len(body["events"])]
        assert {e["v"] for e in body["events"]} == set(range(1001, 1051))

    def test_a_move_of_many_versions_wakes_a_long_poll_with_one_page(self, app, client, long):
        """Bots answering one move may add many versions at once: a woken long-poll still answers one page."""
        game_id, tokens, _ = long
        url = f"/v1/games/{game_id}/events?after={VERSIONS}&limit=100&wait=20"
        poll = poll_in_background(app, url, bearer(tokens[0]))
        wait_until_following(app, 1)
        store = app.extensions["deskovka"].store
        grow(store, game_id, 250, real_batches(client, seed=9))
        response = poll.result(20)
        body = response.get_json()
        assert body["version"] == VERSIONS + 250 and body["next_after"] == VERSIONS + 100
        assert {e["v"] for e in body["events"]} == set(range(VERSIONS + 1, VERSIONS + 101))
        assert body["events"] == events_for(store.events(game_id, VERSIONS), 0)[: len(body["events"])]
        assert response.headers["Link"].startswith(f"</v1/games/{game_id}/events?after={VERSIONS + 100}&")


class TestStreamCatchUp:
    def test_a_stream_sends_a_long_history_completely_in_order_and_resumes(self, client):
        game_id, tokens = long_game(client, 2345, status="finished")
        store = client.application.extensions["deskovka"].store
        stored = store.events(game_id, 0)
        sse = {"Accept": "text/event-stream", **bearer(tokens[1])}
        text = client.get(f"/v1/games/{game_id}/events?wait=5&limit=1", headers=sse).get_data(as_text=True)
        assert stream_ids(text) == list(range(1, 2346))
        sent = [
            event for message in re.findall(r"^data: (.*)$", text, re.M) for event in orjson.loads(message)["events"]
        ]
        assert sent == events_for(stored, 1)
        resumed = client.get(f"/v1/games/{game_id}/events?wait=5", headers={**sse, "Last-Event-ID": "1999"}).get_data(
            as_text=True
        )
        assert stream_ids(resumed) == list(range(2000, 2346))

    def test_a_stream_catches_up_then_follows_the_game(self, app, client, long):
        game_id, tokens, _ = long
        stream = poll_in_background(
            app, f"/v1/games/{game_id}/events?after=100&wait=30", {"Accept": "text/event-stream"}
        )
        wait_until_following(app, 1)
        store = app.extensions["deskovka"].store
        grow(store, game_id, 300, real_batches(client, seed=9))
        grow(store, game_id, 10, real_batches(client, seed=9), status="finished")
        text = stream.result(30).get_data(as_text=True)
        assert stream_ids(text) == list(range(101, VERSIONS + 311))
