"""Views: fronts of top cards, sizes and chronologies for everybody; no date before placing, no deck order."""

from collections import Counter

from engine.chronology.table import card_of, in_play
from engine.core.match import play
from engine.core.protocol import RandomBot
from engine.core.rng import Rng
from engine.decks import get_deck
from engine.games import new_match
from tests.contract.test_contract import leaks
from tests.engine.chronology.helpers import GAME, act, arrange

CLASSIC = get_deck("chronology-classic")


def ids_in(document):
    if isinstance(document, dict):
        own = [document["id"]] if isinstance(document.get("id"), str) else []
        return own + [i for value in document.values() for i in ids_in(value)]
    if isinstance(document, list):
        return [i for value in document for i in ids_in(value)]
    return []


def midgame(seed, steps=25, players=4):
    match, rng = new_match("chronology", players, {}, seed), Rng(seed)
    for _ in range(steps):
        seat = min(match.to_act())
        match, _ = play(match, seat, RandomBot().choose(GAME, match.state, seat, rng))
    return match


class TestWhatEverybodySees:
    """Every seat and a spectator see the same public table."""

    def test_the_same_view_for_all(self):
        state = midgame(3).state
        assert all(GAME.view(state, seat) == GAME.view(state, None) for seat in range(4))

    def test_tops_sizes_and_chronologies(self):
        state = midgame(4).state
        view = GAME.view(state, None)
        for colour, common in zip(state["colours"], view["common"], strict=True):
            assert common == {
                "colour": colour,
                "count": len(state["common"][colour]),
                "top": {
                    "id": state["common"][colour][-1],
                    "colour": colour,
                    "title": card_of(CLASSIC, state["common"][colour][-1]).title["en"],
                },
            }
        for seat, player in enumerate(view["players"]):
            assert [s["count"] for s in player["stacks"]] == [len(c) for c in state["stacks"][seat].values()]
            assert player["cards_left"] == sum(s["count"] for s in player["stacks"])
            assert [c["id"] for c in player["chronology"]] == state["chronologies"][seat]
            assert all(set(c) == {"id", "title", "colour", "year", "label"} for c in player["chronology"])
        assert [c["id"] for c in view["discard"]] == state["discard"]

    def test_an_empty_stack_has_no_top(self):
        match = arrange(2, stacks={(0, "red"): []})
        assert GAME.view(match.state, 1)["players"][0]["stacks"][0] == {"colour": "red", "count": 0, "top": None}


class TestSecrets:
    """No date before a card lies in a chronology; no card below a top card, so no order of any deck."""

    def test_no_dates_and_no_cards_below_the_tops(self):
        for seed in range(5):
            state = midgame(seed, steps=10 + 7 * seed).state
            view = GAME.view(state, seed % 4)
            hidden = GAME.hidden_cards(state, seed % 4)
            assert not leaks(view, hidden)
            seen = {card for chronology in state["chronologies"] for card in chronology} | set(state["shown"])
            assert set(hidden) == set(in_play(CLASSIC, state)) - seen
            assert all(fields == {"year", "label"} for fields in hidden.values())
            below = {
                card
                for zone, cards in GAME.zones(state).items()
                if zone.startswith(("common:", "stack:"))
                for card in cards[:-1]
            }
            assert not below & set(ids_in(view))

    def test_a_wrong_card_shows_only_its_own_date_and_a_reshuffle_reveals_nothing(self):
        match = arrange(
            2,
            chronologies={0: ["battle-of-hastings"]},
            stacks={(0, "red"): ["battle-of-waterloo"], (0, "blue"): ["x-rays", "apollo-11"]},
        )
        match, events = act(match, 0, {"type": "place", "colour": "red", "gap": 0})
        assert leaks(events, GAME.hidden_cards(match.state, None)) == []
        assert events[0]["card"]["year"] == 1815
        discarded_unseen = [card for card in match.state["discard"] if card != "battle-of-waterloo"]
        assert discarded_unseen and all(
            "year" not in card for card in GAME.view(match.state, 1)["discard"] if card["id"] in discarded_unseen
        )
        match = arrange(
            2,
            chronologies={0: ["battle-of-hastings"]},
            phase="power",
            stacks={(0, "red"): ["battle-of-waterloo"], (0, "blue"): ["x-rays", "apollo-11"]},
        )
        match.state["power"] = "blue"
        match, events = act(match, 0, {"type": "reshuffle", "colour": "blue"})
        assert ids_in(events) == [] and events[0]["count"] == 2


class TestZones:
    """Every card of the colours in play lies in exactly one place."""

    def test_every_card_once(self):
        state = midgame(7).state
        cards = Counter(card for zone in GAME.zones(state).values() for card in zone)
        assert set(cards) == set(in_play(CLASSIC, state)) and set(cards.values()) == {1}
        assert len(GAME.zones(state)) == 3 + 4 * 3 + 4 + 1
