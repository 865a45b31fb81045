"""Reads of finished games: rebuilt from their logs once, kept by bytes, and each rebuild counted against the
reader's budget, so a spectator cycling through finished games cannot take the others' cache or worker."""

import threading
import time
from collections import OrderedDict

import pytest

from api.storage import rebuild
from tests.api.helpers import act, bearer, create, view

SPECTATOR, OTHER = "192.0.2.50", "192.0.2.51"


def finished_games(client, count):
    """Games of a few moves (more in each), ended by a resignation."""
    games = []
    for n in range(count):
        game, tokens = create(client, [{"name": "A"}, {"name": "B"}], options={"hand_size": 5})
        for _ in range(2 * n):
            seat = view(client, game["id"])["to_act"][0]
            mine = view(client, game["id"], tokens[seat])
            act(client, game["id"], tokens[seat], mine["legal_actions"][0], mine["version"])
        resigned = client.post(f"/v1/games/{game['id']}/actions", json={"type": "resign"}, headers=bearer(tokens[0]))
        assert resigned.status_code == 200 and view(client, game["id"])["status"] == "finished"
        games.append((game["id"], tokens))
    return games


@pytest.fixture
def keeping(monkeypatch):
    """Keep rebuilt games in a cache of its own, holding `bytes` of them: call with the bound."""

    def keep(size):
        monkeypatch.setattr(rebuild, "_kept", OrderedDict())
        monkeypatch.setattr(rebuild, "_kept_bytes", [0])
        monkeypatch.setattr(rebuild, "KEPT_BYTES", size)

    return keep


def read(client, game_id, address, path=""):
    return client.get(f"/v1/games/{game_id}{path}", environ_base={"REMOTE_ADDR": address})


def test_a_spectator_cycling_finished_games_spends_its_own_budget_of_rebuilds(client, app, keeping):
    games = finished_games(client, 5)
    keeping(1)  # the process keeps only the game it rebuilt last
    app.config["RATE_LIMITS"] = {"rebuilds": [(3, 60)]}
    for game_id, _ in games[:3]:
        assert read(client, game_id, SPECTATOR).status_code == 200
        assert read(client, game_id, SPECTATOR).status_code == 200  # kept: not counted again
    assert rebuild.kept()[0] == 1
    refused = read(client, games[3][0], SPECTATOR)
    assert refused.status_code == 429 and refused.get_json()["code"] == "rate/limited"
    assert "finished games rebuilt" in refused.get_json()["detail"] and int(refused.headers["Retry-After"]) >= 1
    assert read(client, games[3][0], SPECTATOR, "/events?after=0").status_code == 429
    game_id, tokens = games[4]
    move = client.post(
        f"/v1/games/{game_id}/actions",
        json={"type": "resign"},
        headers=bearer(tokens[0]),
        environ_base={"REMOTE_ADDR": SPECTATOR},
    )
    assert move.status_code == 429  # a move on a finished game rebuilds it too
    # A player showing its seat's token draws on that seat's budget, not its address's.
    mine = client.get(f"/v1/games/{game_id}", headers=bearer(tokens[1]), environ_base={"REMOTE_ADDR": SPECTATOR})
    assert mine.status_code == 200 and mine.get_json()["status"] == "finished"
    assert read(client, games[4][0], SPECTATOR).status_code == 200  # the game still kept costs nothing
    other = read(client, games[3][0], OTHER)
    assert other.status_code == 200 and other.get_json()["status"] == "finished"
    assert read(client, games[3][0], OTHER, "/events?after=0").status_code == 200


def test_the_rebuilt_games_kept_are_bounded_by_their_bytes(client, keeping):
    games = finished_games(client, 6)
    sizes = []
    for game_id, _ in games:
        keeping(1)
        read(client, game_id, OTHER)
        sizes.append(rebuild.kept()[1])
    bound = sum(sizes) - min(sizes)  # room for all but one of them
    keeping(bound)
    for game_id, _ in games:
        assert read(client, game_id, OTHER).status_code == 200
        count, size = rebuild.kept()
        assert size <= bound
    assert count < len(games)


@pytest.mark.parametrize("readers", [6])
def test_readers_asking_for_one_finished_game_at_once_wait_for_one_rebuild(client, app, monkeypatch, keeping, readers):
    (game_id, _), *_ = finished_games(client, 1)
    keeping(1)
    rebuilt, slow = [], rebuild._rebuild

    def counted(*args):
        rebuilt.append(1)
        time.sleep(0.2)  # long enough that every reader asks while it runs
        return slow(*args)

    monkeypatch.setattr(rebuild, "_rebuild", counted)
    answers = []
    threads = [
        threading.Thread(target=lambda: answers.append(app.test_client().get(f"/v1/games/{game_id}").status_code))
        for _ in range(readers)
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert answers == [200] * readers and len(rebuilt) == 1


def test_a_finished_games_record_is_decoded_once_and_each_read_gets_its_own(client, keeping):
    from api.storage import compact_docs

    (game_id, _), *_ = finished_games(client, 1)
    first, second = (client.get(f"/v1/games/{game_id}").get_json() for _ in range(2))
    assert first == second and first["status"] == "finished"
    store = client.application.extensions["deskovka"].store
    one, two = store.load(game_id), store.load(game_id)
    assert one.seats == two.seats and one.seats is not two.seats
    assert len(compact_docs._kept) >= 1
