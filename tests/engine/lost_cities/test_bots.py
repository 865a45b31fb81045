"""Bots: both play legal actions only; the good bot beats the random one."""

from engine.core.match import play
from engine.core.protocol import RandomBot
from engine.core.rng import Rng
from engine.games import get_game, new_match
from engine.lost_cities.bots import GoodBot
from tests.engine.lost_cities.support import GAME, REFUSE, STOP, accelerate, act, start, take


def good_choice(state, seat=0):
    return GoodBot().choose(GAME, state, seat, Rng(0))


class TestGoodBotChoices:
    """The good bot's choices on small positions, by its projection of the layout's points."""

    def test_it_starts_a_column_low(self):
        state = start(2, colours=["red", "blue", "green"], numbers=[1, 5, 9])
        assert good_choice(state) in (take("red", 1), take("blue", 1), take("green", 1))

    def test_it_uses_an_arrow(self):
        state = start(1, colours=["red", "red", "red"], numbers=[4, 4, 4])
        state["sheets"][0]["columns"].update(red=[1, 2], blue=[2, 2, 3, 3])
        state, _ = act(state, 0, take("red", 4))
        choice = good_choice(state)
        assert choice != STOP and choice in (accelerate("red"), accelerate("blue"))

    def test_it_keeps_its_70_dice_points(self):
        state = start(2, colours=["red", "red", "red"], numbers=[9, 9, 9])
        state["sheets"][0]["dice"] = 8
        state["sheets"][0]["columns"]["red"] = [1]
        assert good_choice(state) == take("red", 9)

    def test_it_crosses_an_open_bridge(self):
        state = start(2, colours=["red", "blue", "blue"], numbers=[3, 8, 8])
        state["sheets"][0]["columns"].update(red=[1, 1, 2, 2, 3, 3], blue=[1, 2])
        assert good_choice(state) == take("red", 3)

    def test_it_doubles_early(self):
        state = start(2, colours=["red", "blue", "green"], numbers=[0, 9, 9])
        assert good_choice(state)["as"] == "double"

    def test_it_refuses_rather_than_spoil_a_column(self):
        state = start(2, colours=["red", "red", "red"], numbers=[9, 9, 9])
        state["sheets"][0]["columns"].update(red=[1], blue=[1], green=[2], yellow=[2], orange=[1], purple=[3])
        assert good_choice(state) == REFUSE


def test_good_beats_random():
    game = get_game("lost-cities")
    wins = 0
    for seed in range(10):
        good = seed % 2
        bots = {good: GoodBot(), 1 - good: RandomBot()}
        match, rng = new_match("lost-cities", 2, {}, seed), Rng(seed)
        while not match.is_over():
            seat = min(match.to_act())
            action = bots[seat].choose(game, match.state, seat, rng)
            assert action in game.legal_actions(match.state, seat)
            match, _ = play(match, seat, action)
        wins += good in game.outcome(match.state)["winners"]
    assert wins >= 9


def test_the_game_offers_both_bots():
    assert list(get_game("lost-cities").bots) == ["easy", "medium", "strong"]
