"""Each reader may read so many bytes of event history a second (a seat with its token, else a client): past it a
page is 429, a stream waits."""

from freezegun import freeze_time

from tests.api.helpers import bearer
from tests.api.long_history import long_game

BUDGET = 20_000  # bytes a second: a few pages of the long history below


def budgeted(make_app):
    app = make_app(RATE_LIMITS={"history_bytes": [(BUDGET, 1)]}, REFUSED_WAIT=False)
    return app.test_client()


class TestPages:
    def test_a_client_past_its_budget_is_told_to_wait_and_reads_on_after(self, make_app):
        client = budgeted(make_app)
        game_id, _ = long_game(client, 600)
        read, after, refused = 0, 0, None
        with freeze_time("2026-05-01 12:00:10.5") as frozen:
            while refused is None:
                answer = client.get(f"/v1/games/{game_id}/events?after={after}&limit=100")
                if answer.status_code == 429:
                    refused = answer
                    break
                assert answer.status_code == 200
                read += len(answer.get_data())
                after = answer.get_json()["next_after"]
            assert BUDGET <= read < BUDGET + 100 * 1500, "refused once the second's budget is spent, not before"
            problem = refused.get_json()
            assert problem["code"] == "rate/limited" and refused.headers["Retry-After"] == "1"
            assert "bytes of event history" in problem["detail"]
            assert client.get(f"/v1/games/{game_id}/events?after={after}&limit=100").status_code == 429
            frozen.tick(1)
            again = client.get(f"/v1/games/{game_id}/events?after={after}&limit=100")
        assert again.status_code == 200 and again.get_json()["events"][0]["v"] == after + 1

    def test_without_a_budget_nothing_is_refused(self, make_app):
        client = make_app().test_client()
        game_id, _ = long_game(client, 600)
        after = 0
        for _ in range(6):
            answer = client.get(f"/v1/games/{game_id}/events?after={after}&limit=100")
            assert answer.status_code == 200
            after = answer.get_json()["next_after"]
        assert after == 600


class TestStreams:
    def test_a_streams_catch_up_waits_for_the_budget_and_still_sends_every_version(self, make_app):
        client = budgeted(make_app)
        game_id, _ = long_game(client, 300, status="finished")
        text = client.get(f"/v1/games/{game_id}/events?after=0", headers={"Accept": "text/event-stream"}).get_data(
            as_text=True
        )
        ids = [int(line.removeprefix("id: ")) for line in text.splitlines() if line.startswith("id: ")]
        assert ids == sorted(set(ids)) and ids[-1] == 300
        assert len(text.encode()) > 2 * BUDGET, "the history is more than two seconds' budget: it was paced"


def read_until_refused(client, game_id, headers=None):
    """Read pages of the history until one is refused; return the bytes read and the refusal."""
    read, after = 0, 0
    for _ in range(200):
        answer = client.get(f"/v1/games/{game_id}/events?after={after}&limit=100", headers=headers or {})
        if answer.status_code != 200:
            return read, answer
        read += len(answer.get_data())
        after = answer.get_json()["next_after"] % 500  # round the history again: it outlasts any budget
    raise AssertionError("never refused")


class TestReaders:
    """A seat's token that authenticates draws on that seat's own budget; anonymous readers share their address's."""

    def test_two_seats_behind_one_address_each_read_at_full_speed_and_anonymous_readers_share_one_budget(
        self, make_app
    ):
        client = budgeted(make_app)
        game_id, tokens = long_game(client, 600)
        with freeze_time("2026-05-01 12:00:10.5"):
            first, refused = read_until_refused(client, game_id, bearer(tokens[0]))
            assert first >= BUDGET and refused.status_code == 429
            assert "from one seat" in refused.get_json()["detail"]
            # The second seat, from the same address and in the same second, has its own budget whole.
            second, refused = read_until_refused(client, game_id, bearer(tokens[1]))
            assert second >= BUDGET and refused.status_code == 429
            # Anonymous readers are one client per address: the first spends the budget, the next is refused at once.
            anonymous, refused = read_until_refused(client, game_id)
            assert anonymous >= BUDGET and refused.status_code == 429
            assert "one client" in refused.get_json()["detail"]
            again = client.get(f"/v1/games/{game_id}/events?after=0&limit=100")
            assert again.status_code == 429
            # Each seat is still refused until the second ends, from the book of refusals too.
            assert client.get(f"/v1/games/{game_id}/events?after=0", headers=bearer(tokens[0])).status_code == 429

    def test_a_forged_or_another_games_token_gets_no_budget_of_its_own(self, make_app):
        client = budgeted(make_app)
        game_id, tokens = long_game(client, 600)
        other_id, other_tokens = long_game(client, 10)
        with freeze_time("2026-05-01 12:00:10.5"):
            read_until_refused(client, game_id)  # the address's budget is spent
            forged = f"{game_id}.0.{'x' * 20}"
            for token, status in ((forged, 401), (other_tokens[0], 403), (f"{game_id}.7.nope", 401)):
                answer = client.get(f"/v1/games/{game_id}/events?after=0&limit=100", headers=bearer(token))
                assert answer.status_code == status, (token, answer.get_json())
                assert answer.get_json()["code"].startswith("auth/")
            assert client.get(f"/v1/games/{game_id}/events?after=0&limit=100").status_code == 429
            # A token of its own game reads from its seat's budget, whole.
            mine = client.get(f"/v1/games/{game_id}/events?after=0&limit=100", headers=bearer(tokens[0]))
            assert mine.status_code == 200

    def test_the_seats_read_from_one_address_share_a_ceiling(self, make_app, monkeypatch):
        from api.http.limits import history_budget

        monkeypatch.setattr(history_budget, "SEATS_PER_ADDRESS", 2)
        client = budgeted(make_app)
        game_id, tokens = long_game(client, 600, seats=3)
        with freeze_time("2026-05-01 12:00:10.5"):
            read = [read_until_refused(client, game_id, bearer(tokens[seat]))[0] for seat in range(3)]
        assert read[0] >= BUDGET and read[1] >= BUDGET and read[2] < BUDGET, read
