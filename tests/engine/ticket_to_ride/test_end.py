"""The end: 2 or fewer trains start the final round, in which everybody, that player too, plays once more."""

import random

import pytest

from engine.core.errors import IllegalAction
from engine.ticket_to_ride.board import LOCOMOTIVE
from engine.ticket_to_ride.choices import claimable
from engine.ticket_to_ride.turn import map_open
from tests.engine.ticket_to_ride.support import (
    BOARD,
    DRAW_DECK,
    GAME,
    GIVE_UP,
    act,
    claim,
    of_type,
    playing,
    rig,
)

L = LOCOMOTIVE


def draw_two(state, seat):
    state, _ = act(state, seat, DRAW_DECK)
    return act(state, seat, DRAW_DECK)


class TestFinalRound:
    def test_everybody_plays_once_more_then_it_ends(self):
        state = rig(playing(3), hands={1: ["orange"] * 3, 2: ["red"] * 3})
        state["trains"][1] = 5
        state, _ = draw_two(state, 0)
        state, events = act(state, 1, claim("Munchen-Wien", "orange"))  # 5 - 3 = 2 trains
        assert of_type(events, "final_round") == [
            {"type": "final_round", "seat": 1, "trains_left": 2, "reason": "trains"}
        ]
        assert GAME.view(state, None)["final_round"] == {"triggered_by": 1, "turns_left": 3}
        state, _ = draw_two(state, 2)
        state, _ = draw_two(state, 0)
        assert GAME.outcome(state) is None and GAME.to_act(state) == {1}
        state, events = draw_two(state, 1)
        assert GAME.outcome(state) is not None and GAME.to_act(state) == set()
        assert GAME.legal_actions(state, 0) == [] and state["step"] == "over"
        assert of_type(events, "game_over")[0]["winners"] == GAME.outcome(state)["winners"]

    def test_three_trains_do_not_start_it(self):
        state = rig(playing(2), hands={0: ["orange"] * 3})
        state["trains"][0] = 6
        state, events = act(state, 0, claim("Munchen-Wien", "orange"))
        assert of_type(events, "final_round") == [] and state["final_turns"] is None

    def test_the_last_turn_may_be_a_tunnel(self):
        state = rig(playing(2), hands={0: ["orange"] * 3, 1: ["blue", "blue"]}, top=["blue", "red", "red"])
        state["trains"][0] = 3
        state, _ = act(state, 0, claim("Munchen-Wien", "orange"))  # 0 trains: final round
        state, _ = act(state, 1, claim("Munchen-Venezia", "blue"))
        assert state["step"] == "tunnel" and GAME.outcome(state) is None
        state, _ = act(state, 1, GIVE_UP)
        state, _ = draw_two(state, 0)
        assert GAME.outcome(state) is not None

    def test_game_over_refuses_more(self):
        state = rig(playing(2), hands={0: ["orange"] * 3})
        state["trains"][0] = 3
        state, _ = act(state, 0, claim("Munchen-Wien", "orange"))
        state, _ = draw_two(state, 1)
        state, _ = draw_two(state, 0)
        with pytest.raises(IllegalAction):
            GAME.apply(state, 1, DRAW_DECK)


class TestStuckGames:
    """Rulings that make every game end: no claimable route left, or a whole round with nothing to do."""

    def test_when_no_route_can_be_claimed_the_final_round_starts(self):
        state = rig(playing(2))
        # A made-up table (no legal game lays this many trains): every route of 3 or less is taken.
        state["claims"] = {r: 0 for r, route in BOARD.routes.items() if route.length <= 3}
        state["trains"] = [3, 4]
        state, events = draw_two(state, 0)
        assert of_type(events, "final_round") == []  # seat 1 could still lay a 4
        state["trains"] = [3, 3]
        state, events = draw_two(state, 1)
        assert of_type(events, "final_round") == [
            {"type": "final_round", "seat": 1, "reason": "no route can be claimed"}
        ]
        assert state["final_turns"] == 2

    @pytest.mark.parametrize("players", [3, 4])
    def test_the_map_is_open_exactly_when_some_seat_may_claim_some_route(self, players):
        state, pick = playing(players), random.Random(players)
        doubles = sorted(r for r, route in BOARD.routes.items() if route.double)
        answers = set()
        for _ in range(300):
            # Made-up tables with a few routes left, often one track of a double route.
            free = pick.sample(doubles, pick.randrange(3)) + pick.sample(sorted(BOARD.routes), pick.randrange(3))
            state["claims"] = {r: pick.randrange(players) for r in BOARD.routes if r not in free}
            state["trains"] = [pick.randrange(9) for _ in range(players)]
            some_seat_may = any(
                claimable(BOARD, state, seat, route) is None
                for route in BOARD.routes.values()
                for seat in range(players)
            )
            assert map_open(BOARD, state) == some_seat_may
            answers.add(some_seat_may)
        assert answers == {True, False}

    def test_pass_only_when_nothing_else_is_possible_and_a_round_of_passes_ends_the_game(self):
        state = rig(playing(2))
        with pytest.raises(IllegalAction, match="only when"):
            act(state, 0, {"type": "pass"})
        # A made-up table with no card and no ticket anywhere and every station built: nobody can do anything.
        state["deck"], state["faceup"], state["discard"], state["hands"] = [], [], [], [[], []]
        state["ticket_deck"] = []
        state["stations"] = dict.fromkeys(["Wien", "Roma", "Riga"], 0) | dict.fromkeys(["Kyiv", "Sofia", "Essen"], 1)
        assert GAME.legal_actions(state, 0) == [{"type": "pass"}]
        state, events = act(state, 0, {"type": "pass"})
        assert of_type(events, "passed") == [{"type": "passed", "seat": 0}] and GAME.outcome(state) is None
        state, events = act(state, 1, {"type": "pass"})
        assert GAME.outcome(state) is not None
