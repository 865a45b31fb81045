"""No hidden key leaves the server: public deck reads show cards' faces only; tokens unlock the full document."""

import pytest

from engine.decks import builtin_decks

KEY_FIELDS = {"year", "group", "position", "note"}


def dated_deck(n=6):
    cards = [{"id": f"event-{chr(97 + i)}", "year": 1500 + 37 * i, "title": {"en": f"Event {i}"},
              "note": f"in {1500 + 37 * i}"} for i in range(n)]
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
    assert problems == ["cards[2].id: 'battle-1574' shows the card's year, which players would see on a face-down "
                        "card; choose an id without it"]
