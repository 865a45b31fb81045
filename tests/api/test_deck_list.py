"""Uploaded decks are private: listed to the holder of their token and the operator, unless published."""

from tests.api.test_decks import csv_text, forty_cards, upload_csv


def listed(client, **headers):
    return [deck["id"] for deck in client.get("/v1/decks?limit=200", headers=headers).get_json()["decks"]]


def upload(client, tag, **query):
    rows = forty_cards()
    rows[0]["title_en"] = f"Deck {tag}"
    return upload_csv(client, csv_text(rows), title=f"Deck {tag}", **query).get_json()


def test_an_uploaded_deck_is_listed_only_with_its_token(client):
    mine, theirs = upload(client, "mine"), upload(client, "theirs")
    assert mine["public"] is False
    assert mine["id"] not in listed(client) and "timeline-classic" in listed(client)
    assert mine["id"] in listed(client, **{"Deck-Tokens": mine["token"]})
    assert theirs["id"] not in listed(client, **{"Deck-Tokens": mine["token"]})
    both = listed(client, **{"Deck-Tokens": f"{mine['token']}, {theirs['token']}"})
    assert both.index(mine["id"]) < both.index(theirs["id"]), "in the header's order, after the built-in decks"
    forged = mine["token"][:-4] + ("0000" if not mine["token"].endswith("0000") else "1111")
    assert mine["id"] not in listed(client, **{"Deck-Tokens": forged})
    assert mine["id"] not in listed(client, **{"Deck-Tokens": theirs["id"] + "." + mine["token"].split(".")[1]})


def test_a_published_deck_is_listed_to_everybody_once(client):
    deck = upload(client, "shared", public="true")
    assert deck["public"] is True and listed(client).count(deck["id"]) == 1
    assert listed(client, **{"Deck-Tokens": deck["token"]}).count(deck["id"]) == 1
    again = upload(client, "shared")
    assert again["public"] is True, "a private upload of a published deck leaves it published"


def test_a_csv_carried_in_json_may_be_published(client):
    deck = client.post("/v1/decks", json={"csv": csv_text(forty_cards()), "title": "Carried", "public": True})
    assert deck.status_code == 201 and deck.get_json()["public"] is True
    assert deck.get_json()["title"] == {"en": "Carried"}


def test_the_operator_lists_every_deck(app, client):
    app.config["ADMIN_TOKEN"] = "operator-secret"
    private = upload(client, "private")
    assert private["id"] in listed(client, Authorization="Bearer operator-secret")


def test_too_many_tokens_are_refused(client):
    response = client.get("/v1/decks", headers={"Deck-Tokens": ",".join(["user-x.y"] * 101)})
    assert response.status_code == 400 and response.get_json()["code"] == "request/bad_header"
