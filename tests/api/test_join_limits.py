"""Joins are limited for each table's invitation and, higher, for the address: people behind one address (a
classroom's NAT) each join their own friends' tables, while one table's seats and a lobby's are not taken at once."""

import pytest
from freezegun import freeze_time

from tests.api.helpers import create

NAT = {"REMOTE_ADDR": "198.51.100.7"}


@pytest.fixture
def client(make_app):
    limits = {"joins": [(5, 60), (200, 86400)], "address_joins": [(10, 60)]}
    # The limits count in windows of whole minutes: a test run across a minute's end would see its counts start over.
    with freeze_time("2026-05-01 12:00:00", tick=True):
        yield make_app(RATE_LIMITS=limits, REFUSED_WAIT=False).test_client()


def join(client, game_id, seat, name="Bea", environ=NAT):
    return client.post(f"/v1/games/{game_id}/seats/{seat}", json={"name": name}, environ_base=environ)


def friends_table(client, n):
    game, _ = create(client, [{"name": f"friend {n}"}, {"open": True}])
    return game["id"]


def test_eight_people_behind_one_address_each_join_their_friends_table(client):
    tables = [friends_table(client, n) for n in range(8)]
    answers = [join(client, game_id, 1, f"pupil {n}") for n, game_id in enumerate(tables)]
    assert [answer.status_code for answer in answers] == [201] * 8


def test_one_tables_seats_from_one_address_are_limited_and_other_tables_still_joined(client):
    game, _ = create(client, [{"name": "Ann"}] + [{"open": True}] * 7)
    assert [join(client, game["id"], seat).status_code for seat in range(1, 6)] == [201] * 5
    refused = join(client, game["id"], 6)
    assert refused.status_code == 429 and "at one table" in refused.get_json()["detail"]
    assert join(client, friends_table(client, 1), 1).status_code == 201, "the table's refusal is not the address's"
    assert join(client, game["id"], 6, environ={"REMOTE_ADDR": "192.0.2.5"}).status_code == 201


def test_the_address_has_a_ceiling_over_every_table(client):
    tables = [friends_table(client, n) for n in range(11)]
    assert [join(client, game_id, 1).status_code for game_id in tables[:10]] == [201] * 10
    refused = join(client, tables[10], 1)
    assert refused.status_code == 429 and "open seats taken per minute" in refused.get_json()["detail"]
    assert join(client, tables[10], 1, environ={"REMOTE_ADDR": "192.0.2.5"}).status_code == 201
