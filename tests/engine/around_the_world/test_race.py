"""The race of two: the turns a traveller still needs, and the racer that spends its cards on turns."""

from engine.around_the_world.race import arrival, chance, turns_left
from engine.around_the_world.racer import Racer
from engine.around_the_world.strong import Patient, StrongBot
from engine.core.match import play
from engine.core.rng import Rng
from engine.games import new_match
from tests.engine.around_the_world.support import BOARD, GAME, set_hand, start, travel, travel_phase

NEW_YORK = 9


class TestTurnsLeft:
    def test_the_last_leg_with_its_cards_is_one_turn(self):
        match = start(2)
        match.state["positions"][0] = NEW_YORK
        set_hand(match.state, 0, [("ship", 8), ("ship", 7), ("train", 3)])
        assert turns_left(BOARD, match.state, 0) == 1

    def test_a_leg_waits_for_the_cards_it_lacks_one_a_turn(self):
        match = start(2)
        match.state["positions"][0] = NEW_YORK
        set_hand(match.state, 0, [("train", 3)])
        match.state["gold"][0] = 0
        # Take a card now and next turn, travel then; in the travel step this turn's card is already taken.
        assert turns_left(BOARD, match.state, 0) == 2
        assert turns_left(BOARD, travel_phase(match).state, 0) == 3

    def test_cards_of_the_wrong_type_do_not_pay(self):
        match = start(2)
        match.state["positions"][0] = NEW_YORK
        set_hand(match.state, 0, [("train", 3), ("train", 4), ("train", 5)])
        match.state["gold"][0] = 0
        assert turns_left(BOARD, match.state, 0) == 2
        set_hand(match.state, 0, [("train", 3), ("train", 4)], events=["submarine", "offer"])
        assert turns_left(BOARD, match.state, 0) == 1

    def test_gold_buys_cards_and_the_legs_count_one_a_turn(self):
        match = start(2)
        set_hand(match.state, 0, [])
        match.state["gold"][0] = 0
        # Seventeen cards for ten legs from an empty hand: a card a turn.
        assert turns_left(BOARD, match.state, 0) == 17
        match.state["gold"][0] = 6
        assert turns_left(BOARD, match.state, 0) == 14
        set_hand(match.state, 0, [("ship", 4), ("train", 2)] * 3)
        assert turns_left(BOARD, match.state, 0) == 10

    def test_a_round_ahead_is_most_of_a_won_race(self):
        match = start(2)
        match.state["positions"][0] = NEW_YORK
        set_hand(match.state, 0, [("ship", 8), ("ship", 7), ("train", 3)])
        assert arrival(BOARD, match.state, 0) == 0 < arrival(BOARD, match.state, 1)
        assert chance(BOARD, match.state, 0, [70.0, 60.0]) > 0.9 > 0.1 > chance(BOARD, match.state, 1, [70.0, 60.0])


class TestRacer:
    def test_it_travels_when_it_can_where_the_medium_bot_waits(self):
        match = travel_phase(start(2))
        set_hand(match.state, 0, [("ship", 8), ("train", 6)])
        legal = GAME.legal_actions(match.state, 0)
        assert GAME.bots["medium"]().choose(GAME, match.state, 0, Rng(0)) == {"type": "end_turn"}
        assert Racer().act(BOARD, match.state, 0, legal) == travel([("ship", 8), ("train", 6)])

    def test_it_pays_with_the_cards_the_next_legs_need_least(self):
        match = travel_phase(start(2))
        match.state["positions"][0] = 6  # Hong Kong -> Yokohama: ship + ship, or train + ship; then two ships
        set_hand(match.state, 0, [("ship", 4), ("ship", 5), ("ship", 6), ("train", 2)])
        legal = GAME.legal_actions(match.state, 0)
        paid = Racer().act(BOARD, match.state, 0, legal)["cards"]
        assert {"kind": "train", "days": 2} in paid and len(paid) == 2  # two ships kept for the Pacific

    def test_it_takes_the_card_its_next_leg_lacks(self):
        match = start(2)
        match.state["positions"][0] = NEW_YORK
        set_hand(match.state, 0, [("ship", 8), ("ship", 7)])
        legal = GAME.legal_actions(match.state, 0)
        taken = Racer().act(BOARD, match.state, 0, legal)
        card = next(s["card"] for s in match.state["display"] if s["space"] == taken["space"])
        kinds = {match.state["travel_cards"][s["card"]]["kind"] for s in match.state["display"]}
        assert "train" not in kinds or match.state["travel_cards"][card]["kind"] == "train"


def test_every_decision_of_a_race_of_two_keeps_its_budget():
    """A whole game of two, the strong bot in each seat in turn: no decision over its budget of moves."""
    for seat in (0, 1):
        match, rng, searched = new_match("around-the-world", 2, {"first": seat}, 11), Rng(11), 0
        bots = [StrongBot() if s == seat else GAME.bots["medium"]() for s in range(2)]
        while not match.is_over():
            mover = min(match.to_act())
            action = bots[mover].choose(GAME, match.state, mover, rng)
            assert action in GAME.legal_actions(match.state, mover)
            if mover == seat:
                assert bots[seat].work.moves <= StrongBot.budget.moves
                searched += bots[seat].work.rollouts > 0
            match, _ = play(match, mover, action)
        assert searched >= 5


def test_at_more_players_the_strong_bot_waits_for_cheaper_cards_than_the_medium_bot():
    """The patient traveller (the strong bot's own seat in its look-ahead at three or more) waits where the medium
    bot travels: a leg at the medium bot's threshold, a rival one leg ahead."""
    match = travel_phase(start(4))
    match.state["positions"][1] = 1
    set_hand(match.state, 0, [("ship", 6), ("train", 3), ("train", 5)])
    legal = GAME.legal_actions(match.state, 0)
    assert GAME.bots["medium"]().act(BOARD, match.state, 0, legal)["type"] == "travel"
    assert Patient().act(BOARD, match.state, 0, legal) == {"type": "end_turn"}
    match.state["positions"][1] = 3  # two legs ahead: it hurries
    assert Patient().act(BOARD, match.state, 0, legal)["type"] == "travel"
