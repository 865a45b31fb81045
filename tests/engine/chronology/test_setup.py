"""Options, the deal and the setup step that starts every chronology."""

import orjson
import pytest

from engine.chronology.table import card_of, front, in_play, revealed
from engine.core.errors import IllegalAction, InvalidOptions, MalformedAction, NotYourTurn
from engine.decks import get_deck
from engine.games import new_match
from tests.engine.chronology.helpers import GAME, YEARS, act, arrange

CLASSIC = get_deck("chronology-classic")


class TestOptions:
    """Every option has a default; bad values are refused at the edge."""

    def test_defaults(self):
        match = new_match("chronology", 2, {}, 0)
        assert match.options == {
            "deck": "chronology-classic",
            "cards_per_colour": 5,
            "colours": ["red", "beige", "blue"],
            "powers": True,
            "language": "en",
            "ages": None,
            "first": 0,
        }

    @pytest.mark.parametrize(
        "options",
        [
            {"cards_per_colour": 0},
            {"cards_per_colour": 21},
            {"colours": []},
            {"colours": ["red", "red"]},
            {"colours": ["green"]},
            {"language": "fr"},
            {"ages": [10, "old"]},
            {"powers": "sometimes"},
        ],
    )
    def test_bad_values_are_refused(self, options):
        with pytest.raises(InvalidOptions):
            new_match("chronology", 2, options, 0)

    def test_colours_come_in_the_canonical_order(self):
        assert new_match("chronology", 2, {"colours": ["blue", "red"]}, 0).options["colours"] == ["red", "blue"]

    def test_too_many_cards_for_the_deck_is_refused(self):
        with pytest.raises(InvalidOptions, match="too few for 8 stacks of 9"):
            new_match("chronology", 8, {"cards_per_colour": 9}, 0)

    def test_a_deck_without_colours_is_refused(self):
        with pytest.raises(InvalidOptions, match="0 red cards"):
            new_match("chronology", 2, {"deck": "timeline-classic"}, 0)

    def test_ages_need_one_entry_per_seat(self):
        with pytest.raises(InvalidOptions, match="2 ages for 3 seats"):
            new_match("chronology", 3, {"ages": [9, None]}, 0)


class TestDeal:
    """Each player gets a stack per colour in play; the rest forms the common decks."""

    def test_five_of_each_colour_by_default(self):
        state = new_match("chronology", 4, {}, 3).state
        for stacks in state["stacks"]:
            assert {colour: len(cards) for colour, cards in stacks.items()} == {"red": 5, "beige": 5, "blue": 5}
            assert all(card_of(CLASSIC, card).colour == colour for colour, cards in stacks.items() for card in cards)
        assert {colour: len(cards) for colour, cards in state["common"].items()} == {"red": 50, "beige": 50, "blue": 50}
        assert state["chronologies"] == [[], [], [], []] and state["phase"] == "setup"

    def test_only_the_chosen_colours_are_in_play(self):
        state = new_match("chronology", 3, {"colours": ["beige"], "cards_per_colour": 7}, 3).state
        assert set(state["common"]) == {"beige"} and len(in_play(CLASSIC, state)) == 70
        assert [len(stacks["beige"]) for stacks in state["stacks"]] == [7, 7, 7]

    def test_titles_follow_the_language(self):
        state = new_match("chronology", 2, {"language": "cs"}, 0).state
        assert front(CLASSIC, state, "battle-of-hastings")["title"] == "Vilém Dobyvatel vítězí v bitvě u Hastingsu"
        assert revealed(CLASSIC, state, "battle-of-marathon")["label"] == "490 př. n. l.", (
            "the era label follows the language"
        )

    def test_the_state_names_its_deck_and_keeps_no_card_texts(self):
        state = new_match("chronology", 2, {"language": "cs"}, 0).state
        deck = get_deck("chronology-classic")
        assert (state["deck"], state["deck_hash"], state["language"]) == (deck.id, deck.digest, "cs")
        assert "Hastings" not in orjson.dumps(state).decode()


class TestSetupStep:
    """In seat order each player picks a common deck; its top card starts the left neighbour's chronology."""

    def test_each_pick_starts_the_next_seats_chronology(self):
        match = arrange(3, common={"red": ["battle-of-hastings"], "blue": ["apollo-11"]}, phase="setup")
        assert GAME.legal_actions(match.state, 0) == [{"type": "start", "colour": c} for c in ("red", "beige", "blue")]
        match, events = act(match, 0, {"type": "start", "colour": "red"})
        assert match.state["chronologies"][1] == ["battle-of-hastings"]
        assert events[0]["card"]["year"] == YEARS["battle-of-hastings"] and events[0]["for"] == 1
        match, _ = act(match, 1, {"type": "start", "colour": "blue"})
        assert match.state["chronologies"][2] == ["apollo-11"]
        match, events = act(match, 2, {"type": "start", "colour": "beige"})
        assert len(match.state["chronologies"][0]) == 1
        assert match.state["phase"] == "play" and match.to_act() == {0} and match.state["round"] == 1
        assert events[-1] == {"type": "round_started", "round": 1, "v": 3}

    def test_the_chooser_sees_the_front_of_each_decks_top_card(self):
        match = arrange(2, common={"red": ["battle-of-hastings"]}, phase="setup")
        common = GAME.view(match.state, 0)["common"]
        assert common[0]["top"] == {
            "id": "battle-of-hastings",
            "colour": "red",
            "title": "William the Conqueror wins the Battle of Hastings",
        }

    def test_out_of_order_and_other_moves_are_refused(self):
        match = arrange(2, phase="setup")
        with pytest.raises(NotYourTurn):
            act(match, 1, {"type": "start", "colour": "red"})
        with pytest.raises(IllegalAction, match="not possible now"):
            act(match, 0, {"type": "place", "colour": "red", "gap": 0})
        with pytest.raises(MalformedAction):
            act(match, 0, {"type": "start", "colour": "green"})

    def test_an_empty_common_deck_cannot_start_a_chronology(self):
        match = arrange(2, phase="setup")
        match.state["discard"] += match.state["common"]["red"]
        match.state["common"]["red"] = []
        assert {"type": "start", "colour": "red"} not in GAME.legal_actions(match.state, 0)
        with pytest.raises(IllegalAction, match="The common red deck is empty"):
            act(match, 0, {"type": "start", "colour": "red"})
