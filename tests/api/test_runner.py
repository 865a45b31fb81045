"""One runner for a move from any source: a person over HTTP, the bots the keeper plays, the turn clock. Each
goes through the same check and play (`runner.play`) and the same compare-and-set commit (`runner.commit_args`)."""

import pytest

from api.serving.keeper import Keeper
from api.tables import bots, runner
from tests.api.helpers import create, view
from tests.api.test_clocks import run_out_now

TWO = [{"name": "Ann"}, {"name": "Bob"}]


@pytest.fixture
def seen(monkeypatch):
    """Record every play and every commit the runner makes: (seat, by) and (game, version before, version after)."""
    plays, commits = [], []
    play, commit_args = runner.play, runner.commit_args

    def playing(match, seat, action, by=None):
        plays.append((seat, by))
        return play(match, seat, action, by)

    def committing(services, write):
        commits.append((write.moved.id, write.before.version, write.moved.version))
        return commit_args(services, write)

    monkeypatch.setattr(runner, "play", playing)
    monkeypatch.setattr(runner, "commit_args", committing)
    return plays, commits


def test_a_persons_move_over_http_goes_through_the_runner(client, seen):
    plays, commits = seen
    game, tokens = create(client, TWO, seed=3)
    seat = game["to_act"][0]
    card = game["view"]["hands"][seat]["cards"][0]["id"]
    answer = client.post(
        f"/v1/games/{game['id']}/actions",
        json={"type": "place", "card": card, "gap": 0},
        headers={"Authorization": f"Bearer {tokens[seat]}"},
    )
    assert answer.status_code == 200
    assert plays == [(seat, None)]
    assert commits == [(game["id"], 0, 1)]


def test_a_refused_move_is_checked_by_the_runner_and_commits_nothing(client, seen):
    plays, commits = seen
    game, tokens = create(client, TWO, seed=3)
    waiting = 1 - game["to_act"][0]
    answer = client.post(
        f"/v1/games/{game['id']}/actions",
        json={"type": "place", "card": game["view"]["hands"][waiting]["cards"][0]["id"], "gap": 0},
        headers={"Authorization": f"Bearer {tokens[waiting]}"},
    )
    assert answer.status_code == 409 and answer.get_json()["code"] == "action/not_your_turn"
    assert plays == [(waiting, None)] and commits == []


@pytest.mark.parametrize("batched", [True, False], ids=["keeper's batch", "one table"])
def test_the_bots_the_keeper_plays_go_through_the_runner(make_app, seen, monkeypatch, batched):
    plays, commits = seen
    app = make_app(BOT_PACE=1e9)
    monkeypatch.setattr(bots, "BOT_MOVES", 1)  # the request plays one bot move; the keeper the next
    game, _ = create(app.test_client(), [{"bot": "random"}, {"bot": "random"}], seed=4)
    assert game["version"] == 1 and len(plays) == 1 and commits == []  # a new table is written whole, not a move
    keeper = Keeper(app.extensions["deskovka"])
    if batched:
        assert keeper.tick() == 1
    else:
        keeper.advance(game["id"])
    assert len(plays) == 2 and plays[1][1] is None
    assert commits == [(game["id"], 1, 2)]
    assert view(app.test_client(), game["id"])["version"] == 2


def test_a_seat_the_clock_plays_goes_through_the_runner(app, client, redis_client, seen):
    plays, commits = seen
    game, _ = create(client, TWO, clock={"per_turn": 60, "on_timeout": "bot"}, seed=1)
    seat = game["to_act"][0]
    run_out_now(redis_client, game["id"])
    Keeper(app.extensions["deskovka"]).advance(game["id"])
    assert plays and all(played == (seat, "clock") for played in plays)
    assert commits == [(game["id"], 0, len(plays))]
