"""Acceptance through a live server: for each game a client plays every seat to the end knowing only what the event
feed and its moves' own answers tell it (whose turn it is, and that seat's view riding along), never reading a
view; the requests it makes are counted. Timeline follows the game on two streams (one a seat); the others
long-poll."""

import http.client
import random
from collections import Counter
from urllib.parse import urlencode

import orjson
import pytest

from engine.core.compact_groups import expand
from tests.api.live import HOST, start_api, stop

# Actions that move a game on; taken first when legal, so that random play ends sooner.
PROGRESS = {"claim", "travel", "keep_tickets", "place", "take", "accelerate", "build_station", "start", "play"}
GAMES = [
    pytest.param("timeline", 2, "exact", id="timeline-stream"),
    pytest.param("lost-cities", 2, "exact", id="lost-cities"),
    pytest.param("chronology", 2, "exact", id="chronology"),
    pytest.param("around-the-world", 2, "grouped", id="around-the-world"),
    pytest.param("ticket-to-ride-europe", 2, "grouped", id="ticket-to-ride-europe"),
]
MAX_MOVES = 3000


@pytest.fixture(scope="module")
def port(redis_url):
    server, port = start_api(redis_url, workers=1)
    yield port
    stop(server)


class Client:
    """One keep-alive connection; counts its requests by kind."""

    def __init__(self, port):
        self.conn = http.client.HTTPConnection(HOST, port, timeout=60)
        self.sent = Counter()

    def call(self, kind, method, path, body=None, token=None):
        headers = {"Content-Type": "application/json"} if body is not None else {}
        if token:
            headers["Authorization"] = f"Bearer {token}"
        self.conn.request(method, path, body=None if body is None else orjson.dumps(body), headers=headers)
        response = self.conn.getresponse()
        data = response.read()
        self.sent[kind] += 1
        assert response.status in (200, 201), (path, data[:500])
        return orjson.loads(data)


class Stream:
    """One seat's event stream with its view riding along: read message by message."""

    def __init__(self, port, game_id, token, query):
        self.conn = http.client.HTTPConnection(HOST, port, timeout=60)
        path = f"/v1/games/{game_id}/events?{urlencode({'wait': 120, 'view': 'true', **query})}"
        self.conn.request("GET", path, headers={"Accept": "text/event-stream", "Authorization": f"Bearer {token}"})
        self.response = self.conn.getresponse()
        assert self.response.status == 200
        self.messages = 0

    def next(self):
        while True:
            line = self.response.fp.readline()
            assert line, "the stream ended"
            if line.startswith(b"data: "):
                self.messages += 1
                return orjson.loads(line[len(b"data: ") :])

    def close(self):
        self.response.close()
        self.conn.close()


def legal(game, form):
    return game["legal_actions"] if form == "exact" else expand(game["action_groups"])


def choose(actions, pick):
    ahead = [action for action in actions if action["type"] in PROGRESS]
    return pick.choice(ahead if ahead and pick.random() < 0.8 else actions)


@pytest.mark.parametrize(("game_type", "players", "form"), GAMES)
def test_a_client_plays_to_the_end_from_the_feed_and_its_moves_answers_alone(port, game_type, players, form):
    client, pick = Client(port), random.Random(game_type)
    query = {} if form == "exact" else {"actions": form}
    suffix = f"?{urlencode(query)}" if query else ""
    created = client.call(
        "create",
        "POST",
        f"/v1/games{suffix}",
        {"type": game_type, "seed": 7, "seats": [{"name": f"P{i}"} for i in range(players)]},
    )
    tokens = {t["seat"]: t["token"] for t in created["tokens"]}
    game_id = created["game"]["id"]
    views = {0: created["game"]}  # each seat's newest view, as the feed or its own move told it
    seen = dict.fromkeys(tokens, 0)  # the version each seat's feed was read to
    streams = (
        {seat: Stream(port, game_id, token, query) for seat, token in tokens.items()} if game_type == "timeline" else {}
    )
    turn = {"version": 0, "to_act": created["game"]["to_act"], "status": created["game"]["status"]}
    moves = behind = 0  # moves made; turns that came to a seat whose view was behind (its feed read)
    try:
        while turn["status"] != "finished":
            assert moves < MAX_MOVES, "the game did not end"
            seat = turn["to_act"][0]
            behind += seat not in views or views[seat]["version"] < turn["version"]
            while seat not in views or views[seat]["version"] < turn["version"]:
                # The seat's view is behind: its feed tells it what happened, that it is its turn, and its view.
                if streams:
                    message = streams[seat].next()
                    assert message["version"] >= message["v"]
                    page = message
                else:
                    args = {"after": seen[seat], "wait": 10, "view": "true", "limit": 500, **query}
                    path = f"/v1/games/{game_id}/events?{urlencode(args)}"
                    page = client.call("feed", "GET", path, token=tokens[seat])
                    seen[seat] = page["next_after"]
                if "game" in page:
                    views[seat] = page["game"]
                    assert page["your_turn"] is (seat in page["to_act"]) and page["to_act"] == page["game"]["to_act"]
            mine = views[seat]
            assert mine["you"] == seat and seat in mine["to_act"] and mine["version"] == turn["version"]
            answer = client.call(
                "move", "POST", f"/v1/games/{game_id}/actions{suffix}", choose(legal(mine, form), pick), tokens[seat]
            )
            moves += 1
            views[seat] = answer["game"]
            turn = {key: answer["game"][key] for key in ("version", "to_act", "status")}
        assert views[seat]["outcome"] is not None
    finally:
        client.conn.close()
        for stream in streams.values():
            stream.close()
    sent = client.sent
    # Never a view read: one creation, one request a move, and at most one feed read a move (when the turn passes).
    assert set(sent) <= {"create", "move", "feed"} and sent["create"] == 1 and sent["move"] == moves
    assert sum(sent.values()) == 1 + moves + sent["feed"] and sent["feed"] <= moves
    if not streams:
        assert sent["feed"] == behind, "one long-poll each time the turn came to a seat that did not move last"
    if streams:
        assert sent["feed"] == 0 and sum(s.messages for s in streams.values()) <= 2 * moves
    print(f"\n{game_type}: {moves} moves, {dict(sent)} requests, {sum(s.messages for s in streams.values())} messages")
