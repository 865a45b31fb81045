"""A deck's public document lists its cards in an order that says nothing about their keys."""

import string

import pytest

from engine.decks import builtin_decks
from engine.decks.parse import parse_deck


def ascending_share(keys):
    """The share of neighbouring pairs (ties left out) whose keys go up: near 1/2 when the order hides them."""
    up = sum(a < b for a, b in zip(keys, keys[1:], strict=False))
    down = sum(a > b for a, b in zip(keys, keys[1:], strict=False))
    return up / (up + down)


def ranks(values):
    """Ranks from 0, ties sharing their mean rank."""
    order = sorted(range(len(values)), key=values.__getitem__)
    out = [0.0] * len(values)
    start = 0
    while start < len(order):
        end = start
        while end + 1 < len(order) and values[order[end + 1]] == values[order[start]]:
            end += 1
        for i in order[start : end + 1]:
            out[i] = (start + end) / 2
        start = end + 1
    return out


def rank_correlation(keys):
    """Spearman's correlation of each card's place in the list with its key's rank: near 0 when unrelated."""
    x, y = ranks(list(range(len(keys)))), ranks(keys)
    mean_x, mean_y = sum(x) / len(x), sum(y) / len(y)
    cov = sum((a - mean_x) * (b - mean_y) for a, b in zip(x, y, strict=True))
    var_x = sum((a - mean_x) ** 2 for a in x)
    var_y = sum((b - mean_y) ** 2 for b in y)
    return cov / (var_x * var_y) ** 0.5


def says_nothing(keys):
    """Bounds a shuffled order of 90 or more cards passes (each 4 to 5 standard deviations wide) and a sorted one
    fails by far: the decks today's order leaked from had 91-464 ascending pairs of 91-464."""
    return abs(ascending_share(keys) - 0.5) < 0.25 and abs(rank_correlation(keys)) < 0.5


def public_keys(client, deck, deck_id=None):
    doc = client.get(f"/v1/decks/{deck_id or deck.id}").get_json()
    assert len(doc["cards"]) == len(deck.cards)
    by_id = {card.id: tuple(deck.key(card)) for card in deck.cards}
    return [by_id[card["id"]] for card in doc["cards"]]


def letters(n):
    word = ""
    for _ in range(4):
        n, digit = divmod(n, 26)
        word += string.ascii_lowercase[digit]
    return word


def sorted_upload(n=200):
    cards = [
        {"id": f"event-{letters(i)}", "year": 1000 + 3 * i, "title": {"en": f"Event {letters(i)}"}} for i in range(n)
    ]
    return {"kind": "dated", "title": {"en": "Sorted by year"}, "cards": cards}


def test_the_measure_catches_a_sorted_deck():
    keys = [tuple(builtin_decks()["homer-odyssey"].key(card)) for card in builtin_decks()["homer-odyssey"].cards]
    assert sorted(keys) == keys and not says_nothing(keys)
    assert not says_nothing(list(range(200)))


@pytest.mark.parametrize("deck_id", sorted(builtin_decks()))
def test_a_builtin_deck_lists_its_cards_in_an_order_unrelated_to_their_keys(client, deck_id):
    keys = public_keys(client, builtin_decks()[deck_id])
    assert says_nothing(keys), (ascending_share(keys), rank_correlation(keys))


def test_an_upload_sorted_by_key_is_listed_in_an_order_unrelated_to_its_keys(client):
    response = client.post("/v1/decks", json=sorted_upload())
    assert response.status_code == 201, response.get_json()
    uploaded = response.get_json()
    deck = parse_deck({"id": uploaded["id"], **sorted_upload()})
    keys = public_keys(client, deck, uploaded["id"])
    assert says_nothing(keys), (ascending_share(keys), rank_correlation(keys))
    # Stable for the deck: the same list every time.
    assert client.get(f"/v1/decks/{uploaded['id']}").get_json() == client.get(f"/v1/decks/{uploaded['id']}").get_json()


def test_the_full_document_keeps_the_uploaded_order(client):
    uploaded = client.post("/v1/decks", json=sorted_upload(20)).get_json()
    full = client.get(f"/v1/decks/{uploaded['id']}", headers={"Authorization": f"Bearer {uploaded['token']}"})
    assert [card["year"] for card in full.get_json()["cards"]] == [1000 + 3 * i for i in range(20)]
