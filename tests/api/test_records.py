"""Stored records: decks by id and content hash, and games stored by an older deskovka in the old shape."""

import dataclasses

import orjson
import pytest

from api.storage import deck_cache as deck_registry
from api.storage import legacy
from api.storage.deck_cache import DeckCache
from api.storage.store import GameStore
from engine.decks import builtin_decks, get_deck
from engine.decks.parse import parse_deck
from engine.decks.store import builtin_document
from engine.games import get_game
from tests.api.helpers import act, bearer, create, view


def state_key(game_id):
    return GameStore.key_for(game_id, "state")


def stored_doc(redis_client, game_id):
    return orjson.loads(redis_client.hget(state_key(game_id), "doc"))


def store_old(redis_client, game_id, doc):
    """Store a record as an older deskovka did: that doc, and no head field beside it (heads came later)."""
    redis_client.hset(state_key(game_id), "doc", orjson.dumps(doc))
    redis_client.hdel(state_key(game_id), "head")


def to_old_shape(doc):
    """Write a Timeline record as deskovka stored it before decks left the state: a catalogue and card ids."""
    state = doc["state"]
    deck = get_deck(state["deck"])
    ids = [card.id for card in deck.cards]
    language = state["language"]
    catalogue = {
        card.id: {
            "title": deck.titles(language)[i],
            "theme": card.theme,
            "key": list(deck.keys[i]),
            "label": deck.labels(language)[i],
        }
        for i, card in enumerate(deck.cards)
    }
    old = {key: value for key, value in state.items() if key not in ("deck_hash", "language")}
    pile = get_game("timeline").zones(state)["pile"]
    old.update(
        {
            "kind": deck.kind,
            "cards": catalogue,
            "pile": pile,
            **{zone: [ids[c] for c in state[zone]] for zone in ("timeline", "box", "shown")},
            "hands": [[ids[c] for c in hand] for hand in state["hands"]],
        }
    )
    return {key: value for key, value in {**doc, "state": old}.items() if key != "shape"}


class TestLeanState:
    """A running game keeps no card texts; its deck is named by id and content hash."""

    def test_a_timeline_game_stores_positions_not_the_catalogue(self, client, redis_client):
        game, _ = create(client, [{"name": "A"}, {"name": "B"}], options={"hand_size": 10, "language": "cs"})
        doc = stored_doc(redis_client, game["id"])
        deck = get_deck("timeline-classic")
        assert (doc["shape"], doc["state"]["deck"], doc["state"]["deck_hash"]) == (2, deck.id, deck.digest)
        assert "cards" not in doc["state"] and len(orjson.dumps(doc)) < 2048
        assert view(client, game["id"])["view"]["timeline"][0]["title"] in deck.titles("cs")

    def test_a_game_plays_on_with_the_built_in_deck_it_began_with(self, client, redis_client, monkeypatch):
        game, tokens = create(client, [{"name": "A"}, {"name": "B"}], options={"hand_size": 3})
        before = view(client, game["id"], tokens[0])
        # A release changes the deck file: new games get the new titles, the running game keeps its own.
        changed = builtin_document("timeline-classic")
        changed = {
            **changed,
            "cards": [{**card, "title": {"en": "Renamed " + card["id"]}} for card in changed["cards"]],
        }
        monkeypatch.setitem(builtin_decks(), "timeline-classic", parse_deck(changed))
        monkeypatch.setattr(deck_registry, "CACHE", DeckCache())
        after = view(client, game["id"], tokens[0])
        assert after["view"] == before["view"]
        fresh, _ = create(client, [{"name": "A"}, {"name": "B"}], options={"hand_size": 3})
        assert view(client, fresh["id"])["view"]["timeline"][0]["title"].startswith("Renamed ")

    def test_a_user_deck_is_loaded_by_a_process_that_never_saw_it(self, client, monkeypatch):
        cards = [{"id": f"event-{i}", "year": 1900 + i, "title": {"en": f"Event {i}"}} for i in range(20)]
        uploaded = client.post(
            "/v1/decks", json={"id": "mine", "kind": "dated", "title": {"en": "Mine"}, "cards": cards}
        )
        assert uploaded.status_code == 201, uploaded.get_json()
        deck_id = uploaded.get_json()["id"]
        game, tokens = create(client, [{"name": "A"}, {"name": "B"}], options={"deck": deck_id, "hand_size": 3})
        monkeypatch.setattr(deck_registry, "CACHE", DeckCache())
        mine = view(client, game["id"], tokens[0])
        assert all(card["title"].startswith("Event ") for card in mine["view"]["hands"][0]["cards"])
        act(client, game["id"], tokens[0], mine["legal_actions"][0], 0)

    def test_a_game_whose_user_deck_is_gone_is_410(self, client, redis_client, monkeypatch):
        cards = [{"id": f"event-{i}", "year": 1900 + i, "title": {"en": f"Event {i}"}} for i in range(20)]
        deck_id = client.post(
            "/v1/decks", json={"id": "mine", "kind": "dated", "title": {"en": "Mine"}, "cards": cards}
        ).get_json()["id"]
        game, tokens = create(client, [{"name": "A"}, {"name": "B"}], options={"deck": deck_id, "hand_size": 3})
        redis_client.delete(f"dk:deck:{deck_id}")
        monkeypatch.setattr(deck_registry, "CACHE", DeckCache())
        for response in (
            client.get(f"/v1/games/{game['id']}", headers=bearer(tokens[0])),
            client.post(
                f"/v1/games/{game['id']}/actions",
                headers=bearer(tokens[0]),
                json={"type": "place", "card": "event-1", "gap": 0},
            ),
        ):
            assert response.status_code == 410 and response.get_json()["code"] == "deck/gone"


def migrate(app):
    """What `deskovka migrate` does, on the app's store."""
    services = app.extensions["deskovka"]
    return legacy.upkeep_all(services.store, services.decks, services.ttl_for)


class TestOldRecords:
    """A game stored in the old shape plays on (replayed once from its log), or gets a clear 410, never a 500."""

    def test_an_old_timeline_record_is_carried_over_and_plays_on(self, app, client, redis_client):
        game, tokens = create(client, [{"name": "A"}, {"bot": "hit-rate"}], options={"hand_size": 5}, seed=8)
        mine = view(client, game["id"], tokens[0])
        act(client, game["id"], tokens[0], mine["legal_actions"][0], mine["version"])
        before = view(client, game["id"], tokens[0])
        store_old(redis_client, game["id"], to_old_shape(stored_doc(redis_client, game["id"])))
        assert "cards" in stored_doc(redis_client, game["id"])["state"]
        after = view(client, game["id"], tokens[0])
        assert after == before
        assert "cards" in stored_doc(redis_client, game["id"])["state"], "a read writes nothing"
        assert migrate(app) == (1, 0)
        doc = stored_doc(redis_client, game["id"])
        assert doc["shape"] == 2 and "cards" not in doc["state"], "written in the new shape"
        assert view(client, game["id"], tokens[0]) == before
        act(client, game["id"], tokens[0], after["legal_actions"][0], after["version"])

    def test_an_old_record_that_cannot_be_replayed_is_410_not_500(self, client, redis_client):
        game, tokens = create(client, [{"name": "A"}, {"name": "B"}], options={"hand_size": 5}, seed=8)
        mine = view(client, game["id"], tokens[0])
        act(client, game["id"], tokens[0], mine["legal_actions"][0], mine["version"])
        store_old(redis_client, game["id"], to_old_shape(stored_doc(redis_client, game["id"])))
        # Its log no longer replays (as if the rules had changed since): the game cannot be carried over.
        log_key = GameStore.key_for(game["id"], "log")
        redis_client.lset(
            log_key, 0, orjson.dumps({"v": 1, "seat": 0, "action": {"type": "place", "card": "x", "gap": 0}})
        )
        for response in (
            client.get(f"/v1/games/{game['id']}", headers=bearer(tokens[1])),
            client.post(f"/v1/games/{game['id']}/actions", headers=bearer(tokens[1]), json=mine["legal_actions"][0]),
            client.get(f"/v1/games/{game['id']}/events?after=0"),
        ):
            assert response.status_code == 410, response.get_json()
            assert response.get_json()["code"] == "game/outdated"

    @pytest.mark.parametrize("game_type", ["ticket-to-ride-europe", "lost-cities"])
    def test_an_old_record_of_a_game_whose_state_kept_its_shape_loads_as_it_is(
        self, app, client, redis_client, game_type
    ):
        game, tokens = create(client, [{"name": "A"}, {"name": "B"}], game_type=game_type, seed=3)
        before = view(client, game["id"], tokens[0])
        doc = stored_doc(redis_client, game["id"])
        del doc["shape"]
        store_old(redis_client, game["id"], doc)
        assert view(client, game["id"], tokens[0]) == before
        assert "shape" not in stored_doc(redis_client, game["id"]), "a read writes nothing"
        migrate(app)
        assert stored_doc(redis_client, game["id"])["shape"] == 2


def test_the_record_fields_are_what_the_store_writes():
    fields = {f.name for f in dataclasses.fields(__import__("api.storage.store", fromlist=["GameRecord"]).GameRecord)}
    assert {"shape", "state", "version", "rev"} <= fields
    assert get_game("timeline").deck_in_play({"deck": "d", "deck_hash": "h"}) == ("d", "h")
