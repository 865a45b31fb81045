"""Each client may read so many bytes of event history a second: past it a page is 429, a stream waits."""

from freezegun import freeze_time

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
