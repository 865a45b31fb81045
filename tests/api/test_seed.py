"""A seed nobody at the table can exploit: a creator's seed is mixed with a server nonce when others join."""

from engine.core.rng import mixed_seed
from engine.games import new_match, replay
from tests.api.helpers import bearer, create, play_to_end, view

OPTIONS = {"hand_size": 4}


def hand_ids(game, seat):
    return [card["id"] for card in game["view"]["hands"][seat]["cards"]]


def predicted_hand(seed, seat):
    """What a creator who knows the seed computes offline: the engine's deal for that seed."""
    match = new_match("timeline", 2, OPTIONS, seed)
    return match.rules.zones(match.state)[f"hand:{seat}"]


class TestOpenSeats:
    def test_the_joiner_cards_cannot_be_computed_from_the_creator_seed(self, client):
        game, tokens = create(client, [{"name": "Ann"}, {"open": True}], options=OPTIONS, seed=42)
        joined = client.post(f"/v1/games/{game['id']}/seats/1", json={"name": "Bob"}).get_json()
        assert hand_ids(view(client, game["id"], joined["token"]), 1) != predicted_hand(42, 1)
        again, again_tokens = create(client, [{"name": "Ann"}, {"open": True}], options=OPTIONS, seed=42)
        client.post(f"/v1/games/{again['id']}/seats/1", json={"name": "Bob"})
        assert hand_ids(view(client, again["id"], again_tokens[0]), 0) != hand_ids(
            view(client, game["id"], tokens[0]), 0
        ), "each game draws its own nonce"

    def test_the_replay_publishes_the_nonce_and_still_re_runs(self, client):
        game, tokens = create(client, [{"name": "Ann"}, {"open": True}], options={"hand_size": 1}, seed=42)
        assert "nonce" not in str(view(client, game["id"], tokens[0]))
        joined = client.post(f"/v1/games/{game['id']}/seats/1", json={"name": "Bob"}).get_json()
        assert client.get(f"/v1/games/{game['id']}/replay").status_code == 409
        final = play_to_end(client, game["id"], {**tokens, 1: joined["token"]})
        published = client.get(f"/v1/games/{game['id']}/replay").get_json()
        assert published["chosen_seed"] == 42 and len(published["nonce"]) == 32
        assert published["seed"] == mixed_seed(42, published["nonce"])
        match = replay(
            published["type"], published["players"], published["options"], published["seed"], published["log"]
        )
        assert match.rules.outcome(match.state) == final["outcome"] == published["outcome"]


class TestCreatorsOwnSeats:
    def test_a_seeded_game_of_named_seats_and_bots_deals_as_the_seed_says(self, client):
        game, tokens = create(client, [{"name": "Ann"}, {"name": "Bob"}], options=OPTIONS, seed=42)
        assert hand_ids(view(client, game["id"], tokens[1]), 1) == predicted_hand(42, 1)
        with_bot, _ = create(client, [{"name": "Ann"}, {"bot": "random"}], options=OPTIONS, seed=42)
        assert hand_ids(with_bot, 0) == predicted_hand(42, 0)
        game, tokens = create(client, [{"name": "Ann"}, {"name": "Bob"}], options={"hand_size": 1}, seed=42)
        final = play_to_end(client, game["id"], tokens)
        published = client.get(f"/v1/games/{game['id']}/replay", headers=bearer(tokens[0])).get_json()
        assert published["seed"] == 42 and published["chosen_seed"] is None and published["nonce"] is None
        assert final["status"] == "finished"
