"""No hidden key leaves the server: public deck reads show cards' faces only; tokens unlock the full document."""

import re

import orjson
import pytest

from api.storage.deck_store import DeckStore
from api.tables.tokens import deck_token, legacy_deck_token, server_secret
from engine.decks import builtin_decks
from engine.decks.parse import content_hash, parse_deck
from tests.api.helpers import create, play_to_end

KEY_FIELDS = {"year", "group", "position", "note"}


def dated_deck(n=6):
    cards = [
        {
            "id": f"event-{chr(97 + i)}",
            "year": 1500 + 37 * i,
            "title": {"en": f"Event {i}"},
            "note": f"in {1500 + 37 * i}",
        }
        for i in range(n)
    ]
    return {"kind": "dated", "title": {"en": "Secrets"}, "cards": cards}


@pytest.mark.parametrize("deck_id", sorted(builtin_decks()))
def test_a_builtin_deck_read_by_anyone_shows_no_key(client, deck_id):
    response = client.get(f"/v1/decks/{deck_id}")
    assert response.status_code == 200
    doc = response.get_json()
    assert doc["complete"] is False and len(doc["cards"]) == len(builtin_decks()[deck_id].cards)
    assert all(card["title"]["en"] and not KEY_FIELDS & card.keys() for card in doc["cards"])
    assert "Authorization" in response.headers["Vary"]


def test_the_uploader_token_unlocks_its_deck_and_no_other(client):
    mine = client.post("/v1/decks", json=dated_deck()).get_json()
    other = client.post("/v1/decks", json=dated_deck(7)).get_json()
    assert mine["token"] != other["token"]
    public = client.get(f"/v1/decks/{mine['id']}").get_json()
    assert [set(card) for card in public["cards"]] == [{"id", "title"}] * 6
    full = client.get(f"/v1/decks/{mine['id']}", headers={"Authorization": f"Bearer {mine['token']}"})
    assert full.status_code == 200 and full.headers["Cache-Control"] == "private"
    assert [card["year"] for card in full.get_json()["cards"]] == [1500 + 37 * i for i in range(6)]
    assert full.get_json()["complete"] is True
    wrong = client.get(f"/v1/decks/{mine['id']}", headers={"Authorization": f"Bearer {other['token']}"})
    assert wrong.status_code == 401 and wrong.get_json()["code"] == "auth/invalid_token"
    again = client.post("/v1/decks", json=dated_deck())
    assert again.status_code == 200 and again.get_json()["token"] == mine["token"]


def test_the_operator_token_unlocks_every_deck(app, client):
    app.config["ADMIN_TOKEN"] = "operator-secret"
    operator = {"Authorization": "Bearer operator-secret"}
    doc = client.get("/v1/decks/timeline-classic", headers=operator).get_json()
    assert doc["complete"] is True and all("year" in card for card in doc["cards"])
    mine = client.post("/v1/decks", json=dated_deck()).get_json()
    assert "year" in client.get(f"/v1/decks/{mine['id']}", headers=operator).get_json()["cards"][0]
    seat_like = client.get("/v1/decks/timeline-classic", headers={"Authorization": "Bearer operator-secreT"})
    assert seat_like.status_code == 401


def test_a_deck_whose_card_ids_spell_their_years_is_refused(client):
    doc = dated_deck()
    doc["cards"][2]["id"] = "battle-1574"
    problems = [error["detail"] for error in client.post("/v1/decks", json=doc).get_json()["errors"]]
    assert problems == [
        "cards[2].id: 'battle-1574' shows the card's year, which players would see on a face-down "
        "card; choose an id without it"
    ]


def test_a_new_deck_id_carries_128_bits_and_its_token_is_bound_to_the_content(client, redis_client):
    mine = client.post("/v1/decks", json=dated_deck()).get_json()
    assert re.fullmatch(r"user-[0-9a-f]{32}", mine["id"])
    mine_header = {"Authorization": f"Bearer {mine['token']}"}
    assert client.get(f"/v1/decks/{mine['id']}", headers=mine_header).get_json()["complete"] is True
    # Another document under the same id (what a collision of ids would give): the token no longer unlocks it.
    redis_client.set(DeckStore.key_for(mine["id"]), orjson.dumps({"id": mine["id"], **dated_deck(7)}))
    refused = client.get(f"/v1/decks/{mine['id']}", headers=mine_header)
    assert refused.status_code == 401 and refused.get_json()["code"] == "auth/invalid_token"
    # Nor does a token bound to the id alone, as tokens were.
    id_only = legacy_deck_token(server_secret(redis_client), mine["id"])
    assert client.get(f"/v1/decks/{mine['id']}", headers={"Authorization": f"Bearer {id_only}"}).status_code == 401


def test_a_deck_stored_under_an_old_12_digit_id_plays_prints_and_keeps_its_old_token(client, redis_client):
    old_id = "user-0123456789ab"
    doc = {"id": old_id, **dated_deck(8)}
    deck = parse_deck(doc)
    DeckStore(redis_client, 600).save(deck, doc)
    secret = server_secret(redis_client)
    old_token = legacy_deck_token(secret, old_id)
    full = client.get(f"/v1/decks/{old_id}", headers={"Authorization": f"Bearer {old_token}"})
    assert full.status_code == 200 and full.get_json()["complete"] is True
    assert {card["year"] for card in full.get_json()["cards"]} == {card.year for card in deck.cards}
    public = client.get(f"/v1/decks/{old_id}").get_json()
    assert public["complete"] is False and not any(KEY_FIELDS & card.keys() for card in public["cards"])
    new_form = deck_token(secret, old_id, content_hash(doc))
    assert client.get(f"/v1/decks/{old_id}", headers={"Authorization": f"Bearer {new_form}"}).status_code == 401

    game, tokens = create(client, [{"name": "A"}, {"bot": "random"}], options={"deck": old_id, "hand_size": 3})
    assert play_to_end(client, game["id"], tokens)["outcome"]["winners"] is not None
    job = client.post("/v1/print-jobs", json={"kind": "deck", "deck": old_id})
    assert job.status_code == 202, job.get_json()
