"""Bots: the core random bot and the sensible bot that places at a hit rate and aims its powers well."""

import pytest

from engine.chronology.bots import SensibleBot
from engine.chronology.table import fits
from engine.core.errors import InvalidOptions
from engine.core.match import play
from engine.core.rng import Rng
from engine.decks import get_deck
from engine.games import new_match
from tests.engine.chronology.helpers import GAME, arrange

CLASSIC = get_deck("chronology-classic")

CHRONOLOGIES = {
    0: ["battle-of-hastings", "eiffel-tower"],  # 1066, 1889
    1: ["battle-of-hastings", "eiffel-tower", "apollo-11"],
}  # the leader: 1066, 1889, 1969


def choose(match, seat=0, hit_rate=0.7, seed=0):
    return SensibleBot(hit_rate=hit_rate).choose(GAME, match.state, seat, Rng(seed))


def powered(power, **kwargs):
    match = arrange(3, bare=True, phase="power", **kwargs)
    match.state["power"] = power
    return match


class TestOptions:
    def test_registered_with_the_random_bot(self):
        assert list(GAME.bots) == ["easy", "medium", "strong"] and GAME.bot_level("sensible") == "medium"

    @pytest.mark.parametrize("options", [{"hit_rate": 2}, {"hit_rate": "high"}, {"greed": 1}])
    def test_bad_options(self, options):
        with pytest.raises(InvalidOptions):
            SensibleBot(**options)


class TestPlacing:
    """It plays its easiest top card: right at hit_rate 1, a near miss at hit_rate 0."""

    def table(self):
        # Waterloo (1815) is 74 years from Eiffel; Euclid (-300) lies far before everything.
        return arrange(
            2,
            bare=True,
            chronologies={0: CHRONOLOGIES[0]},
            stacks={(0, "red"): ["battle-of-waterloo"], (0, "blue"): ["euclids-elements"]},
        )

    def test_the_easiest_card_right(self):
        assert choose(self.table(), hit_rate=1) == {
            "type": "place",
            "colour": "blue",
            "gap": 0,
            "card": "euclids-elements",
        }

    def test_a_near_miss(self):
        assert choose(self.table(), hit_rate=0)["gap"] == 1

    def test_hit_rate_one_is_always_right(self):
        for seed in range(20):
            match, rng = new_match("chronology", 3, {"powers": False}, seed), Rng(seed)
            bot = SensibleBot(hit_rate=1)
            for _ in range(12):
                seat = min(match.to_act())
                action = bot.choose(GAME, match.state, seat, rng)
                if action["type"] == "place":
                    assert fits(CLASSIC, match.state, seat, action["card"], action["gap"])
                match, _ = play(match, seat, action)


class TestPowers:
    """Red and beige aim at the leader; blue swaps a hard top card away when that gains."""

    def test_setup_gives_the_neighbour_a_close_year(self):
        match = arrange(
            2,
            bare=True,
            phase="setup",
            stacks={(1, "red"): ["battle-of-waterloo"], (1, "beige"): ["colosseum"], (1, "blue"): ["apollo-11"]},
            common={"red": ["battle-of-hastings"], "beige": ["eiffel-tower"], "blue": ["euclids-elements"]},
        )
        assert choose(match) == {"type": "start", "colour": "beige"}  # 1889 is 74 years from Waterloo

    def test_red_discards_the_leaders_easiest_card(self):
        match = powered(
            "red",
            chronologies=CHRONOLOGIES,
            stacks={
                (1, "red"): ["battle-of-waterloo"],
                (1, "beige"): ["colosseum"],
                (1, "blue"): ["penicillin"],
                (2, "red"): ["battle-of-marathon"],
            },
        )
        assert choose(match) == {"type": "discard_top", "seat": 1, "colour": "beige"}

    def test_red_skips_when_no_rival_has_cards(self):
        assert choose(powered("red", chronologies=CHRONOLOGIES, stacks={(0, "red"): ["battle-of-waterloo"]})) == {
            "type": "skip"
        }

    def test_beige_behind_hands_the_leader_the_hardest_card(self):
        match = powered(
            "beige",
            chronologies={**CHRONOLOGIES, 0: ["x-rays"]},
            common={"red": ["normandy-landings"], "beige": ["harry-potter"], "blue": ["telephone"]},
        )
        assert choose(match) == {"type": "move_top", "colour": "blue", "seat": 1}  # 1876: 13 years from Eiffel

    def test_beige_ahead_takes_the_easiest_card(self):
        match = powered(
            "beige",
            chronologies={0: [*CHRONOLOGIES[1], "x-rays"], 1: ["apollo-11"]},
            common={"red": ["normandy-landings"], "beige": ["colosseum"], "blue": ["telephone"]},
        )
        assert choose(match) == {"type": "move_top", "colour": "beige", "seat": 0}

    def test_blue_swaps_a_hard_card_for_an_easy_one(self):
        match = powered(
            "blue",
            chronologies=CHRONOLOGIES,
            common={"red": ["battle-of-marathon"]},
            stacks={(0, "red"): ["battle-of-waterloo"], (1, "red"): ["normandy-landings"]},
        )
        assert choose(match) == {"type": "swap_tops", "colour": "red", "seats": [None, 0]}

    def test_blue_skips_without_a_gain(self):
        match = powered(
            "blue",
            chronologies=CHRONOLOGIES,
            common={"red": ["battle-of-waterloo"]},
            stacks={(0, "red"): ["battle-of-marathon"]},
        )
        assert choose(match) == {"type": "skip"}


class TestWholeGames:
    """Sensible bots finish games for any number of players with legal actions only."""

    @pytest.mark.parametrize("players", [2, 5, 8])
    def test_to_the_end(self, players):
        match, rng, bot = new_match("chronology", players, {}, players), Rng(players), SensibleBot()
        while not match.is_over():
            seat = min(match.to_act())
            match, _ = play(match, seat, bot.choose(GAME, match.state, seat, rng))
        assert GAME.outcome(match.state)["winners"]
