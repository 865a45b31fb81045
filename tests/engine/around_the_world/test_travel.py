"""Travel: the cards a leg takes, its days with the equal-cards rule, and the plans a hand offers."""

import pytest

from engine.around_the_world.travel import balloon_replaces, leg_days, plans
from engine.core.errors import IllegalAction, MalformedAction
from tests.engine.around_the_world.support import (
    BOARD,
    GAME,
    act,
    of_type,
    seat_of,
    set_hand,
    start,
    travel,
    travel_phase,
)


class TestLegDays:
    """A leg costs the sum of its cards; equal cards (same type and days) count once."""

    def test_the_czech_examples(self):
        assert leg_days([("ship", 7), ("train", 3)]) == 10  # London -> Paris
        assert leg_days([("ship", 8), ("ship", 8)]) == 8  # Suez -> Bombay with two "8 ship"
        assert leg_days([("ship", 4), ("ship", 5)]) == 9
        assert leg_days([("ship", 8), ("ship", 8), ("train", 4)]) == 12  # New York -> London

    def test_a_train_and_a_ship_of_the_same_days_do_not_merge(self):
        assert leg_days([("train", 4), ("ship", 4)]) == 8

    def test_three_equal_cards_count_once(self):
        assert leg_days([("ship", 5), ("ship", 5), ("ship", 5)]) == 5


class TestBalloonReplacement:
    """The balloon takes over the card that saves most; a card of an equal pair saves nothing."""

    def test_it_replaces_the_single_card(self):
        assert balloon_replaces((("ship", 8), ("ship", 8), ("train", 4))) == ("train", 4)

    def test_two_equal_cards_stay_one_card_and_the_balloon(self):
        # The Czech text: 2x "8 ship" and a balloon is "8 ship and balloon", never the balloon alone.
        cards = (("ship", 8), ("ship", 8))
        replaced = balloon_replaces(cards)
        rest = list(cards)
        rest.remove(replaced)
        assert leg_days(rest) == 8

    def test_it_replaces_the_higher_card(self):
        assert balloon_replaces((("ship", 4), ("ship", 7))) == ("ship", 7)


def _on_leg(position: int, cards, events=(), players: int = 3):
    match = travel_phase(start(players))
    seat = seat_of(match)
    match.state["positions"][seat] = position
    set_hand(match.state, seat, cards, events)
    return match, seat


class TestPlans:
    """Every way to pay for the next leg is a legal action, cheapest first."""

    def test_london_to_paris_one_ship_one_train(self):
        match, seat = _on_leg(0, [("ship", 7), ("ship", 4), ("train", 3)])
        found = plans(match.state, BOARD, seat)
        assert [(p.cards, p.fixed) for p in found] == [
            ((("ship", 4), ("train", 3)), 7),
            ((("ship", 7), ("train", 3)), 10),
        ]
        actions = GAME.legal_actions(match.state, seat)
        assert actions[0] == travel([("ship", 4), ("train", 3)])

    def test_no_plan_without_the_right_types(self):
        match, seat = _on_leg(0, [("ship", 7), ("ship", 4)])
        assert plans(match.state, BOARD, seat) == []
        assert not [a for a in GAME.legal_actions(match.state, seat) if a["type"] == "travel"]

    def test_hong_kong_to_yokohama_two_ships_or_train_and_ship(self):
        match, seat = _on_leg(6, [("ship", 5), ("ship", 6), ("train", 2)])
        assert {p.cards for p in plans(match.state, BOARD, seat)} == {
            (("ship", 5), ("ship", 6)),
            (("ship", 5), ("train", 2)),
            (("ship", 6), ("train", 2)),
        }

    def test_equal_cards_are_one_choice(self):
        match, seat = _on_leg(3, [("ship", 8), ("ship", 8), ("ship", 8)])
        assert [(p.cards, p.fixed) for p in plans(match.state, BOARD, seat)] == [((("ship", 8), ("ship", 8)), 8)]

    def test_travelling_moves_the_figure_and_the_time_marker(self):
        match, seat = _on_leg(3, [("ship", 8), ("ship", 8), ("train", 2)])
        before = match.state["days"][seat]
        match, events = act(match, travel([("ship", 8), ("ship", 8)]))
        (moved,) = of_type(events, "travelled")
        assert (moved["origin"], moved["destination"], moved["days"]) == ("suez", "bombay", 8)
        assert match.state["positions"][seat] == 4 and match.state["days"][seat] == before + 8
        assert [match.state["travel_cards"][c] for c in match.state["hands"][seat]] == [{"kind": "train", "days": 2}]
        assert match.state["travel_discard"][-2:] and all(
            match.state["travel_cards"][c] == {"kind": "ship", "days": 8} for c in match.state["travel_discard"][-2:]
        )

    def test_one_leg_a_turn(self):
        match, seat = _on_leg(0, [("ship", 4), ("train", 3), ("train", 2), ("train", 3)])
        match, _ = act(match, travel([("ship", 4), ("train", 3)]))
        assert not [a for a in GAME.legal_actions(match.state, seat) if a["type"] == "travel"]
        with pytest.raises(IllegalAction, match="one leg a turn"):
            act(match, travel([("train", 2), ("train", 3)]))


class TestRefusedTravel:
    def test_cards_not_held(self):
        match, _ = _on_leg(0, [("ship", 7), ("train", 3)])
        with pytest.raises(IllegalAction, match="do not hold those travel cards"):
            act(match, travel([("ship", 4), ("train", 3)]))

    def test_cards_that_do_not_fit_the_leg(self):
        match, _ = _on_leg(0, [("ship", 7), ("ship", 4)])
        with pytest.raises(IllegalAction, match="london -> paris, which needs ship \\+ train"):
            act(match, travel([("ship", 4), ("ship", 7)]))

    def test_malformed(self):
        match, _ = _on_leg(0, [("ship", 7), ("train", 3)])
        with pytest.raises(MalformedAction):
            act(match, {"type": "travel", "cards": [{"kind": "ship"}]})

    def test_the_order_of_cards_does_not_matter(self):
        match, seat = _on_leg(0, [("ship", 7), ("train", 3)])
        match, _ = act(match, {"type": "travel", "cards": [{"kind": "train", "days": 3}, {"kind": "ship", "days": 7}]})
        assert match.state["positions"][seat] == 1


class TestReplacementCards:
    """Propellerzug and Unterseeboot each take the place of one card, also on legs of several cards."""

    def test_submarine_on_new_york_to_london(self):
        match, seat = _on_leg(9, [("ship", 8), ("train", 4)], ["submarine"])
        sub = [p for p in plans(match.state, BOARD, seat) if p.events == ("submarine",)]
        assert [(p.cards, p.fixed) for p in sub] == [((("ship", 8), ("train", 4)), 8 + 4 + 3)]

    def test_propeller_train_replaces_a_train(self):
        match, seat = _on_leg(0, [("ship", 5)], ["propeller_train"])
        (plan,) = plans(match.state, BOARD, seat)
        assert (plan.cards, plan.events, plan.fixed) == ((("ship", 5),), ("propeller_train",), 5 + 1)

    def test_a_submarine_cannot_stand_for_a_train(self):
        match, seat = _on_leg(1, [("train", 3)], ["submarine"])
        assert plans(match.state, BOARD, seat) == []


class TestOffer:
    """Angebot (provisional): one card may be of the other type; never on Bombay -> Calcutta."""

    def test_a_ship_in_place_of_the_train(self):
        match, seat = _on_leg(0, [("ship", 4), ("ship", 5)], ["offer"])
        (plan,) = plans(match.state, BOARD, seat)
        assert (plan.cards, plan.events, plan.fixed) == ((("ship", 4), ("ship", 5)), ("offer",), 9)

    def test_not_on_the_elephant_leg(self):
        match, seat = _on_leg(4, [("ship", 4)], ["offer"])
        assert {p.events for p in plans(match.state, BOARD, seat)} == {()}
