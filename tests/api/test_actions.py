"""Posting actions: version checks, idempotency, illegal moves, bots, events, replay, secrecy."""

import threading

import orjson

from api.storage.store import GameStore
from engine.games import get_game, replay
from tests.api.helpers import bearer, create, play_to_end, quiet_page, view
from tests.contract.test_contract import leaks


def post(client, game_id, token, action, **headers):
    return client.post(f"/v1/games/{game_id}/actions", json=action, headers={**bearer(token), **headers})


class TestActions:
    def test_a_legal_action_moves_the_version_and_returns_view_and_events(self, client):
        game, tokens = create(client, [{"name": "A"}, {"name": "B"}])
        action = view(client, game["id"], tokens[0])["legal_actions"][0]
        response = post(client, game["id"], tokens[0], action, **{"If-Match": '"0"'})
        assert response.status_code == 200
        body = response.get_json()
        assert body["game"]["version"] == 1 and response.headers["ETag"] == '"1"'
        assert body["events"][0]["type"] in {"card_placed", "card_boxed"}
        assert body["game"]["to_act"] == [1]

    def test_a_stale_if_match_is_412_and_changes_nothing(self, client):
        game, tokens = create(client, [{"name": "A"}, {"name": "B"}])
        action = view(client, game["id"], tokens[0])["legal_actions"][0]
        response = post(client, game["id"], tokens[0], action, **{"If-Match": '"3"'})
        assert response.status_code == 412
        assert response.get_json()["code"] == "game/version_mismatch"
        assert view(client, game["id"])["version"] == 0

    def test_illegal_and_malformed_actions_are_422_with_the_engine_code(self, client):
        game, tokens = create(client, [{"name": "A"}, {"name": "B"}])
        card = view(client, game["id"], tokens[0])["view"]["hands"][0]["cards"][0]["id"]
        illegal = post(client, game["id"], tokens[0], {"type": "place", "card": card, "gap": 9})
        assert illegal.status_code == 422
        assert illegal.get_json()["code"] == "action/illegal"
        assert "gaps 0-1" in illegal.get_json()["detail"]
        foreign = post(client, game["id"], tokens[0], {"type": "place", "card": "not-mine", "gap": 0})
        assert foreign.get_json()["code"] == "action/illegal"
        malformed = post(client, game["id"], tokens[0], {"type": "place", "card": card})
        assert malformed.status_code == 422 and malformed.get_json()["code"] == "action/malformed"
        assert view(client, game["id"])["version"] == 0

    def test_numbers_beyond_64_bits_and_broken_json_are_refused_cleanly(self, client):
        game, tokens = create(client, [{"name": "A"}, {"name": "B"}])
        card = view(client, game["id"], tokens[0])["view"]["hands"][0]["cards"][0]["id"]
        body = f'{{"type": "place", "card": "{card}", "gap": {2**70}}}'
        huge = client.post(
            f"/v1/games/{game['id']}/actions", headers=bearer(tokens[0]), data=body, content_type="application/json"
        )
        assert huge.status_code == 422 and huge.get_json()["code"] == "action/malformed"
        broken = client.post(
            f"/v1/games/{game['id']}/actions", headers=bearer(tokens[0]), data="{", content_type="application/json"
        )
        assert broken.status_code == 400 and broken.get_json()["code"] == "request/malformed"
        assert view(client, game["id"])["version"] == 0

    def test_acting_out_of_turn_is_409_and_without_a_token_401(self, client):
        game, tokens = create(client, [{"name": "A"}, {"name": "B"}])
        action = {"type": "place", "card": "x", "gap": 0}
        assert post(client, game["id"], tokens[1], action).get_json()["code"] == "action/not_your_turn"
        anonymous = client.post(f"/v1/games/{game['id']}/actions", json=action)
        assert anonymous.status_code == 401

    def test_an_idempotency_key_replays_the_first_answer(self, client):
        game, tokens = create(client, [{"name": "A"}, {"name": "B"}])
        action = view(client, game["id"], tokens[0])["legal_actions"][0]
        first = post(client, game["id"], tokens[0], action, **{"Idempotency-Key": "k1"})
        again = post(client, game["id"], tokens[0], action, **{"Idempotency-Key": "k1"})
        assert first.status_code == again.status_code == 200
        assert first.get_json() == again.get_json()
        assert view(client, game["id"])["version"] == 1
        other = post(
            client, game["id"], tokens[0], {"type": "place", "card": "x", "gap": 0}, **{"Idempotency-Key": "k1"}
        )
        assert other.status_code == 422 and other.get_json()["code"] == "idempotency/key_reused"

    def test_bots_answer_before_the_response_returns(self, client):
        game, tokens = create(client, [{"name": "A"}, {"bot": "random"}, {"bot": "hit-rate"}])
        action = view(client, game["id"], tokens[0])["legal_actions"][0]
        body = post(client, game["id"], tokens[0], action).get_json()
        assert body["game"]["version"] >= 3 or body["game"]["status"] == "finished"
        assert {e["seat"] for e in body["events"] if "seat" in e} >= {0, 1}


class TestRace:
    def test_many_simultaneous_moves_on_one_version_exactly_one_wins(self, app):
        client = app.test_client()
        game, tokens = create(client, [{"name": "A"}, {"name": "B"}])
        actions = view(client, game["id"], tokens[0])["legal_actions"]
        statuses: list[int] = []
        barrier = threading.Barrier(12)

        def racer(i: int) -> None:
            own = app.test_client()
            barrier.wait()
            response = post(own, game["id"], tokens[0], actions[i % len(actions)], **{"If-Match": '"0"'})
            statuses.append(response.status_code)

        threads = [threading.Thread(target=racer, args=(i,)) for i in range(12)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        assert sorted(statuses) == [200] + [412] * 11
        assert view(client, game["id"])["version"] == 1


class TestEventsAndReplay:
    def test_a_full_game_ends_with_an_outcome_and_a_replay_that_reruns(self, client):
        game, tokens = create(client, [{"name": "A"}, {"bot": "random"}, {"name": "C"}], seed=7)
        assert client.get(f"/v1/games/{game['id']}/replay").status_code == 409
        final = play_to_end(client, game["id"], tokens)
        assert final["outcome"]["winners"]
        record = client.get(f"/v1/games/{game['id']}/replay").get_json()
        rerun = replay(record["type"], record["players"], record["options"], record["seed"], record["log"])
        assert rerun.version == final["version"]
        assert rerun.rules.view(rerun.state, None) == final["view"]
        assert record["outcome"] == final["outcome"]

    def test_events_after_a_version_and_long_poll(self, client, app):
        game, tokens = create(client, [{"name": "A"}, {"name": "B"}])
        answer = client.get(f"/v1/games/{game['id']}/events?after=0").get_json()
        assert answer == quiet_page()
        action = view(client, game["id"], tokens[0])["legal_actions"][0]

        def later():
            threading.Event().wait(0.2)
            post(app.test_client(), game["id"], tokens[0], action)

        mover = threading.Thread(target=later)
        mover.start()
        waited = client.get(f"/v1/games/{game['id']}/events?after=0&wait=5").get_json()
        mover.join()
        assert waited["version"] == 1 and waited["events"][0]["v"] == 1

    def test_no_response_carries_the_key_of_a_card_in_a_hand_or_the_pile(self, client, redis_client):
        game, tokens = create(client, [{"name": "A"}, {"bot": "random"}, {"bot": "hit-rate"}], seed=3)
        game_id = game["id"]

        def hidden_now():
            store = GameStore(redis_client)
            record = store.load(game_id)
            state = record.state
            if state is None:  # a finished game is kept compact: its last state is re-run from its log
                state = replay("timeline", record.players, record.options, record.seed, store.log(game_id)).state
            return get_game("timeline").hidden_cards(state, None)

        for _ in range(400):
            responses = [
                client.get(f"/v1/games/{game_id}").get_json(),
                client.get(f"/v1/games/{game_id}", headers=bearer(tokens[0])).get_json(),
                client.get(f"/v1/games/{game_id}/events?after=0", headers=bearer(tokens[0])).get_json(),
                client.get(f"/v1/games/{game_id}/events?after=0").get_json(),
            ]
            assert not leaks(responses, hidden_now())
            if responses[0]["status"] == "finished":
                return
            moved = post(client, game_id, tokens[0], responses[1]["legal_actions"][-1]).get_json()
            assert not leaks(moved, hidden_now())
        raise AssertionError("the game did not end")


class TestServerSentEvents:
    def test_a_stream_sends_each_version_and_resumes_after_last_event_id(self, client, app):
        game, tokens = create(client, [{"name": "A"}, {"name": "B"}])
        first = view(client, game["id"], tokens[0])["legal_actions"][0]
        post(client, game["id"], tokens[0], first)

        def later():
            threading.Event().wait(0.3)
            second = view(app.test_client(), game["id"], tokens[1])["legal_actions"][0]
            post(app.test_client(), game["id"], tokens[1], second)

        mover = threading.Thread(target=later)
        mover.start()
        response = client.get(f"/v1/games/{game['id']}/events?wait=1.5", headers={"Accept": "text/event-stream"})
        mover.join()
        assert response.mimetype == "text/event-stream"
        messages = [m for m in response.get_data(as_text=True).split("\n\n") if m.startswith("id:")]
        assert [m.splitlines()[0] for m in messages] == ["id: 1", "id: 2"]
        first = orjson.loads(messages[0].splitlines()[2].removeprefix("data: "))
        assert first["type"] == "timeline" and first["v"] == 1 and first["events"][0]["seat"] == 0

        resumed = client.get(
            f"/v1/games/{game['id']}/events?wait=0.2", headers={"Accept": "text/event-stream", "Last-Event-ID": "1"}
        )
        assert [m.splitlines()[0] for m in resumed.get_data(as_text=True).split("\n\n") if m.startswith("id:")] == [
            "id: 2"
        ]


class TestSimultaneousSteps:
    def test_seats_choosing_at_once_without_if_match_all_get_through(self, app):
        client = app.test_client()
        game, tokens = create(
            client, [{"name": "A"}, {"name": "B"}, {"name": "C"}, {"name": "D"}], game_type="lost-cities", seed=5
        )
        first = view(client, game["id"], tokens[0])["legal_actions"][0]
        assert post(client, game["id"], tokens[0], first).status_code == 200
        while (state := view(client, game["id"]))["to_act"] == [0]:  # an arrow may ask seat 0 for more
            post(client, game["id"], tokens[0], view(client, game["id"], tokens[0])["legal_actions"][0])
        choosers = state["to_act"]
        assert len(choosers) == 3
        before = state["version"]
        statuses: list[int] = []
        barrier = threading.Barrier(len(choosers))

        def choose(seat: int) -> None:
            own = app.test_client()
            action = view(own, game["id"], tokens[seat])["legal_actions"][0]
            barrier.wait()
            statuses.append(post(own, game["id"], tokens[seat], action).status_code)

        threads = [threading.Thread(target=choose, args=(seat,)) for seat in choosers]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        assert statuses == [200, 200, 200]
        assert view(client, game["id"])["version"] >= before + 3
