"""Turn clocks, resigning, cancelling and rematches through the Flask client, with a keeper ticked by hand."""

import orjson
import pytest

from api.serving.keeper import Keeper
from api.storage import due
from api.storage.store import GameStore
from api.tables import clocks
from tests.api.helpers import act, bearer, create, view

TWO = [{"name": "Ann"}, {"name": "Bob"}]
CLOCK = {"per_turn": 60, "on_timeout": "bot"}


@pytest.fixture
def keeper(app):
    return Keeper(app.extensions["deskovka"])


def run_out_now(redis_client, game_id):
    """Move every deadline of the table into the past (as if its clock ran out), and make it due."""
    key = f"dk:{{g:{game_id}}}:state"
    doc = orjson.loads(redis_client.hget(key, "doc"))
    doc["deadlines"] = {seat: due.millis(-1) for seat in doc["deadlines"]}
    redis_client.hset(key, "doc", orjson.dumps(doc))
    redis_client.zadd(due.clocks_key(game_id), {game_id: due.millis(-1)})


def bots_due(redis_client, tables):
    """Make each table's bots due at its time (Unix ms), in its own pair of the due sets."""
    for game_id, at in tables.items():
        redis_client.zadd(due.bots_key(game_id), {game_id: at})


def log(redis_client, game_id):
    return GameStore(redis_client).log(game_id)


class TestTheClock:
    def test_a_clocked_table_shows_each_deadline_and_the_servers_time_and_waits_in_the_due_set(
        self, client, redis_client
    ):
        game, tokens = create(client, TWO, clock=CLOCK, seed=1)
        shown = game["clock"]
        assert shown["per_turn"] == 60 and shown["on_timeout"] == "bot" and shown["away"] == []
        assert [d["seat"] for d in shown["deadlines"]] == game["to_act"]
        at = shown["deadlines"][0]["at"]
        assert at.endswith("Z") and at > shown["now"]
        score = redis_client.zscore(due.clocks_key(game["id"]), game["id"])
        assert (
            score
            == orjson.loads(redis_client.hget(f"dk:{{g:{game['id']}}}:state", "doc"))["deadlines"][
                str(game["to_act"][0])
            ]
        )

    def test_an_unclocked_table_has_no_clock_and_is_not_due(self, client, redis_client):
        game, _ = create(client, TWO, seed=1)
        assert game["clock"] is None and sum(redis_client.zcard(key) for pair in due.CLAIMED for key in pair) == 0

    def test_a_turn_that_runs_out_is_played_by_the_bot_once_and_marked_in_the_log(self, client, keeper, redis_client):
        game, tokens = create(client, TWO, clock=CLOCK, seed=1)
        seat = game["to_act"][0]
        keeper.tick()
        assert view(client, game["id"])["version"] == 0, "nothing is due before the deadline"
        run_out_now(redis_client, game["id"])
        keeper.tick()
        keeper.tick()
        after = view(client, game["id"])
        assert after["version"] == 1 and after["to_act"] == [1 - seat]
        assert log(redis_client, game["id"]) == [{**log(redis_client, game["id"])[0], "seat": seat, "by": "clock"}]
        events = client.get(f"/v1/games/{game['id']}/events?after=0").get_json()["events"]
        assert events[0] == {"v": 1, "type": "turn_timed_out", "seat": seat, "then": "bot", "timeouts": 1}
        assert [d["seat"] for d in after["clock"]["deadlines"]] == [1 - seat]

    def test_resign_on_timeout_ends_a_two_player_game_with_the_other_seat_winning(self, client, keeper, redis_client):
        game, _ = create(client, TWO, clock={"per_turn": 60, "on_timeout": "resign"}, seed=1)
        seat = game["to_act"][0]
        run_out_now(redis_client, game["id"])
        keeper.tick()
        after = view(client, game["id"])
        assert after["status"] == "finished" and after["outcome"]["winners"] == [1 - seat]
        assert after["resigned"] == [seat] and after["clock"]["deadlines"] == []
        assert log(redis_client, game["id"]) == [{"v": 1, "seat": seat, "action": {"type": "resign"}, "by": "clock"}]
        assert client.get(f"/v1/games/{game['id']}/replay").status_code == 200

    def test_two_timeouts_in_a_row_make_the_seat_away_and_its_own_move_brings_it_back(
        self, client, keeper, redis_client
    ):
        game, tokens = create(client, [{"name": "Ann"}, {"bot": "random"}], clock=CLOCK, seed=2, options={"first": 0})
        for _ in (1, 2):
            run_out_now(redis_client, game["id"])
            keeper.tick()
            now = view(client, game["id"])
            assert now["to_act"] == [0]
        assert now["clock"]["away"] == [0]
        left = orjson.loads(redis_client.hget(f"dk:{{g:{game['id']}}}:state", "doc"))["deadlines"]["0"]
        assert left - due.millis() <= clocks.AWAY_SECONDS * 1000, "an away seat waits 10 s, not the whole clock"
        mine = view(client, game["id"], tokens[0])
        back = act(client, game["id"], tokens[0], mine["legal_actions"][0], mine["version"])["game"]
        assert back["clock"]["away"] == []
        left = orjson.loads(redis_client.hget(f"dk:{{g:{game['id']}}}:state", "doc"))["deadlines"]["0"]
        assert left - due.millis() > 50_000, "its player is back: the whole clock again"

    def test_a_deadline_fires_once_however_many_keepers_look(self, app, make_app, client, redis_client):
        game, _ = create(client, TWO, clock=CLOCK, seed=1)
        run_out_now(redis_client, game["id"])
        first, second = Keeper(app.extensions["deskovka"]), Keeper(make_app().extensions["deskovka"])
        for keeper in (first, second):  # the second finds the deadline moved on: nothing to do
            assert keeper.advance(game["id"])[0] is not None, "due again at the next deadline"
        assert [e.get("by") for e in log(redis_client, game["id"])] == ["clock"]

    @pytest.mark.parametrize(
        "clock",
        [
            {"per_turn": 1},
            {"per_turn": 14 * 86400 + 1},
            {"per_turn": 30, "on_timeout": "skip"},
            {"on_timeout": "bot"},
            {"per_turn": "30"},
        ],
    )
    def test_a_bad_clock_is_a_clock_problem_and_creates_nothing(self, client, redis_client, clock):
        response = client.post("/v1/games", json={"type": "timeline", "seats": TWO, "clock": clock})
        assert response.status_code == 422 and response.get_json()["code"] == "clock/invalid"
        assert all(error["pointer"].startswith("/clock") for error in response.get_json()["errors"])
        assert not redis_client.keys("dk:{g:*")


class TestResigning:
    def test_resigning_ends_a_two_player_game_and_a_second_resignation_is_refused(self, client, redis_client):
        game, tokens = create(client, TWO, seed=1)
        answer = client.post(f"/v1/games/{game['id']}/resign", headers=bearer(tokens[1]))
        assert answer.status_code == 200
        body = answer.get_json()
        assert body["game"]["status"] == "finished" and body["game"]["outcome"]["winners"] == [0]
        assert body["events"][0] == {"v": 1, "type": "seat_resigned", "seat": 1, "by": "player"}
        again = client.post(f"/v1/games/{game['id']}/resign", headers=bearer(tokens[1]))
        assert again.status_code == 409 and again.get_json()["code"] == "game/over"
        assert view(client, game["id"])["version"] == 1

    def test_with_three_players_the_game_goes_on_and_the_seat_cannot_resign_twice(self, client):
        game, tokens = create(client, [{"name": "A"}, {"name": "B"}, {"name": "C"}], seed=1, options={"first": 0})
        assert client.post(f"/v1/games/{game['id']}/resign", headers=bearer(tokens[0])).status_code == 200
        now = view(client, game["id"])
        assert now["status"] == "running" and now["resigned"] == [0] and 0 not in now["to_act"]
        again = client.post(f"/v1/games/{game['id']}/resign", headers=bearer(tokens[0]))
        assert again.status_code == 409 and again.get_json()["code"] == "seat/resigned"
        assert view(client, game["id"])["version"] == now["version"]

    def test_resigning_needs_a_seat(self, client):
        game, _ = create(client, TWO, seed=1)
        assert client.post(f"/v1/games/{game['id']}/resign").get_json()["code"] == "auth/required"


class TestOpenTables:
    def test_an_unfilled_table_is_cancelled_when_open_for_runs_out(self, client, keeper, redis_client):
        game, tokens = create(client, [{"name": "Ann"}, {"open": True}], open_for=60)
        assert game["open_until"] and redis_client.zscore(due.clocks_key(game["id"]), game["id"]) is not None
        redis_client.zadd(due.clocks_key(game["id"]), {game["id"]: due.millis(-1)})
        keeper.tick()
        assert view(client, game["id"])["status"] == "open", "not before its time"
        key = f"dk:{{g:{game['id']}}}:state"
        doc = orjson.loads(redis_client.hget(key, "doc"))
        redis_client.hset(key, "doc", orjson.dumps({**doc, "open_until": due.millis(-1)}))
        redis_client.zadd(due.clocks_key(game["id"]), {game["id"]: due.millis(-1)})
        keeper.tick()
        gone = view(client, game["id"])
        assert gone["status"] == "cancelled" and gone["version"] == 1 and gone["open_until"] is None
        events = client.get(f"/v1/games/{game['id']}/events?after=0").get_json()["events"]
        assert events == [{"v": 1, "type": "table_cancelled", "reason": "open_for"}]
        assert client.get("/v1/games?status=open").get_json()["games"] == []
        join = client.post(f"/v1/games/{game['id']}/seats/1", json={"name": "Bob"})
        assert join.status_code == 409 and join.get_json()["code"] == "game/cancelled"

    def test_the_creator_cancels_a_table_that_has_not_started_and_only_then(self, client):
        game, tokens = create(client, [{"name": "Ann"}, {"open": True}, {"open": True}])
        joined = client.post(f"/v1/games/{game['id']}/seats/1", json={"name": "Bob"}).get_json()
        refused = client.delete(f"/v1/games/{game['id']}", headers=bearer(joined["token"]))
        assert refused.status_code == 403 and refused.get_json()["code"] == "auth/not_creator"
        done = client.delete(f"/v1/games/{game['id']}", headers=bearer(tokens[0]))
        assert done.status_code == 200 and done.get_json()["status"] == "cancelled"
        again = client.delete(f"/v1/games/{game['id']}", headers=bearer(tokens[0]))
        assert again.status_code == 409 and again.get_json()["code"] == "game/cancelled"
        started, started_tokens = create(client, TWO, seed=1)
        late = client.delete(f"/v1/games/{started['id']}", headers=bearer(started_tokens[0]))
        assert late.status_code == 409 and late.get_json()["code"] == "game/started"

    def test_open_for_needs_open_seats(self, client):
        response = client.post("/v1/games", json={"type": "timeline", "seats": TWO, "open_for": 60})
        assert response.status_code == 422 and response.get_json()["code"] == "request/invalid"


class TestRematch:
    def test_every_seat_gets_a_token_for_one_new_game_with_the_start_rotated(self, client):
        game, tokens = create(client, [*TWO, {"bot": "random"}], clock=CLOCK, seed=1, options={"first": 0})
        early = client.post(f"/v1/games/{game['id']}/rematch", headers=bearer(tokens[0]))
        assert early.status_code == 409 and early.get_json()["code"] == "game/not_over"
        client.post(f"/v1/games/{game['id']}/resign", headers=bearer(tokens[0]))
        client.post(f"/v1/games/{game['id']}/resign", headers=bearer(tokens[1]))
        assert view(client, game["id"])["status"] == "finished"
        first = client.post(f"/v1/games/{game['id']}/rematch", headers=bearer(tokens[1]))
        assert first.status_code == 201
        second = client.post(f"/v1/games/{game['id']}/rematch", headers=bearer(tokens[0])).get_json()
        again = client.post(f"/v1/games/{game['id']}/rematch", headers=bearer(tokens[1])).get_json()
        new = first.get_json()["game"]
        assert second["game"]["id"] == new["id"] == again["game"]["id"]
        assert (first.get_json()["seat"], second["seat"]) == (1, 0) and again["token"] == first.get_json()["token"]
        assert new["options"]["first"] == 1 and new["clock"]["per_turn"] == 60
        assert [s["bot"] for s in new["seats"]] == [None, None, "random"]
        for seat, token in ((0, second["token"]), (1, first.get_json()["token"])):
            assert view(client, new["id"], token)["you"] == seat
        old = view(client, game["id"])
        assert old["rematch"] == new["id"] and old["status"] == "finished"
        replayed = client.get(f"/v1/games/{game['id']}/replay").get_json()
        assert len(replayed["log"]) == old["version"], "the link adds no version: the game is still its log"


def test_a_keeper_that_claimed_a_table_and_died_leaves_it_to_another_once_its_lease_runs_out(app, client, redis_client):
    from api.serving import keeper as keeper_module

    game, _ = create(client, TWO, clock=CLOCK, seed=1)
    run_out_now(redis_client, game["id"])
    with app.app_context():
        claimed, lease = due.DueTables(redis_client).claim(16, keeper_module.LEASE)  # ... and then it died
    assert claimed == [game["id"]]
    other = Keeper(app.extensions["deskovka"])
    other.tick()
    assert view(client, game["id"])["version"] == 0, "leased: not yet"
    redis_client.zadd(due.clocks_key(game["id"]), {game["id"]: due.millis(-0.001)})  # the lease runs out
    other.tick()
    assert view(client, game["id"])["version"] == 1
    assert [e.get("by") for e in log(redis_client, game["id"])] == ["clock"]


def test_two_keepers_racing_for_one_deadline_make_one_move(app, make_app, client, redis_client, monkeypatch):
    """Both read the table before either writes: the compare-and-set lets one of them act."""
    game, _ = create(client, TWO, clock=CLOCK, seed=1)
    run_out_now(redis_client, game["id"])
    first, second = Keeper(app.extensions["deskovka"]), Keeper(make_app().extensions["deskovka"])
    stale = second.store.load(game["id"])
    loads = iter([stale])
    real = second.store.load
    monkeypatch.setattr(second.store, "load", lambda game_id: next(loads, None) or real(game_id))
    first.advance(game["id"])
    second.advance(game["id"])  # its first commit loses; it reads again and finds nothing due
    assert [e.get("by") for e in log(redis_client, game["id"])] == ["clock"]
    assert view(client, game["id"])["version"] == 1


def test_answers_that_show_a_seats_view_are_private_to_its_token(client):
    """Resigning, cancelling and a rematch answer with the caller's view (and a rematch with its token)."""
    game, tokens = create(client, [*TWO, {"bot": "random"}], seed=1)
    table, creator = create(client, [{"name": "Ann"}, {"open": True}], seed=2)
    answers = [
        client.post(f"/v1/games/{game['id']}/resign", headers=bearer(tokens[0])),
        client.post(f"/v1/games/{game['id']}/resign", headers=bearer(tokens[1])),
        client.post(f"/v1/games/{game['id']}/rematch", headers=bearer(tokens[1])),
        client.delete(f"/v1/games/{table['id']}", headers=bearer(creator[0])),
    ]
    assert [answer.status_code for answer in answers] == [200, 200, 201, 200]
    for answer in answers:
        assert "private" in answer.headers["Cache-Control"] and "Authorization" in answer.headers["Vary"]


def test_a_run_out_clock_is_claimed_before_bot_tables_due_earlier_and_the_lag_is_measured(app, client, redis_client):
    from prometheus_client import REGISTRY

    game, _ = create(client, TWO, clock=CLOCK, seed=1)
    run_out_now(redis_client, game["id"])
    flood = {f"{n:016x}": due.millis(-60) for n in range(1, 101)}  # bot tables due a minute ago, gone
    bots_due(redis_client, flood)
    keeper = Keeper(app.extensions["deskovka"])
    ids, _ = keeper.due.claim(8, 2.0)
    assert ids[0] == game["id"] and len(ids) == 8
    assert [kind for _, _, kind in keeper.due.claimed] == [due.CLOCK] + [due.BOTS] * 7
    before = REGISTRY.get_sample_value("deskovka_keeper_lag_seconds_count", {"due": "bots"}) or 0
    bots_due(redis_client, flood)
    redis_client.zadd(due.clocks_key(game["id"]), {game["id"]: due.millis(-1)})
    keeper.tick()
    assert view(client, game["id"])["version"] == 1, "the clock fired in the first batch"
    assert REGISTRY.get_sample_value("deskovka_keeper_lag_seconds_count", {"due": "bots"}) == before + 63
    assert REGISTRY.get_sample_value("deskovka_keeper_lag_seconds_sum", {"due": "bots"}) >= 63 * 59
