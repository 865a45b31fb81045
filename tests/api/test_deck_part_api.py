"""The same part of a deck printed by a print job and played at a "timeline" table over HTTP."""

import io

from pypdf import PdfReader

from engine.decks import get_deck
from engine.decks.part import choose
from tests.api.helpers import act, create, view
from tests.api.test_print_jobs import work

SEATS = [{"name": "Ann"}, {"name": "Bob"}]
EVENING = {"themes": ["art", "music"], "count": 120, "seed": 7}


def test_a_120_card_two_theme_part_prints_and_plays(client, redis_client):
    deck = get_deck("timeline-classic")
    ids = {deck.cards[i].id for i in choose(deck, EVENING)}
    job = client.post("/v1/print-jobs", json={"kind": "deck", "deck": "timeline-classic", "part": EVENING})
    assert job.status_code == 202 and job.get_json()["spec"]["part"] == EVENING
    work(redis_client)
    done = client.get(f"/v1/print-jobs/{job.get_json()['id']}").get_json()
    assert done["status"] == "finished"
    assert len(PdfReader(io.BytesIO(client.get(done["pdf"]).data)).pages) == 28

    game, tokens = create(client, [{"name": n} for n in "ABCD"], options={"deck": "timeline-classic", "part": EVENING})
    game_id = game["id"]
    start = view(client, game_id, tokens[0])
    assert start["view"]["pile"] == 120 - 4 * 4 - 1
    seen: set[str] = set()
    for _ in range(200):
        game = view(client, game_id)
        if game["status"] == "finished":
            break
        seat = game["to_act"][0]
        mine = view(client, game_id, tokens[seat])
        seen |= {card["id"] for hand in mine["view"]["hands"] for card in hand["cards"]}
        act(client, game_id, tokens[seat], placement(deck, mine, right=seat == 0), mine["version"])
    assert game["status"] == "finished" and game["outcome"]["winners"] == [0]
    seen |= {card["id"] for card in game["view"]["timeline"]}
    assert len(seen) > 4 * 4 + 1 and seen <= ids


def placement(deck, mine, right):
    """Seat 0 places its first card where it fits; the others at the far left, right or wrong."""
    card = mine["view"]["hands"][mine["you"]]["cards"][0]["id"]
    keys = [tuple(c["key"]) for c in mine["view"]["timeline"]]
    key = deck.keys[deck.index[card]]
    gap = sum(1 for k in keys if k <= key) if right else 0
    return {"type": "place", "card": card, "gap": gap}


def test_a_part_the_deck_cannot_give_is_refused_at_the_table_and_the_printer(client, redis_client):
    bad = {"themes": ["art"], "count": 300}
    table = client.post(
        "/v1/games", json={"type": "timeline", "seats": SEATS, "options": {"deck": "timeline-classic", "part": bad}}
    )
    assert table.status_code == 422 and "only 76 cards" in str(table.get_json())
    job = client.post("/v1/print-jobs", json={"kind": "deck", "deck": "timeline-classic", "part": bad})
    assert job.status_code == 422 and "only 76 cards" in str(job.get_json()["errors"])
    assert (
        client.post(
            "/v1/games", json={"type": "timeline", "seats": SEATS, "options": {"part": {"count": "x"}}}
        ).status_code
        == 422
    )
