"""A Hypothesis state machine: any mix of legal and junk actions keeps Ticket to Ride's invariants."""

from collections import Counter

import pytest
from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule

from engine.games import new_match
from engine.ticket_to_ride.board import board
from tests.machines import play_a_legal_move, play_or_refuse

BOARD = board()
JUNK = st.fixed_dictionaries(
    {
        "type": st.sampled_from(["claim", "build_station", "draw_faceup", "keep_tickets", "pay_tunnel", "pass", "fly"]),
        "route": st.sampled_from([*BOARD.routes, "Praha-Wien", 3]),
        "city": st.sampled_from([*BOARD.cities[:5], "Praha", None]),
        "colour": st.sampled_from([*BOARD.colours, "locomotive", "purple", 1]),
        "locomotives": st.one_of(st.integers(-1, 9), st.booleans()),
        "card": st.sampled_from(["c001", "c050", "nope"]),
        "tickets": st.one_of(st.lists(st.sampled_from(["k01", "k10", "k46"]), max_size=3), st.just("all")),
    }
)


class TicketToRideMachine(RuleBasedStateMachine):
    @initialize(players=st.integers(2, 5), seed=st.integers(0, 2**32), failure=st.sampled_from(["return", "discard"]))
    def start(self, players, seed, failure):
        self.match = new_match("ticket-to-ride-europe", players, {"tunnel_failure": failure}, seed)
        self.cards = Counter(c for zone in self.match.rules.zones(self.match.state).values() for c in zone)

    @rule(data=st.data())
    def legal_move(self, data):
        self.match = play_a_legal_move(self.match, data)

    @rule(seat=st.integers(0, 4), action=JUNK)
    def any_action_is_applied_or_refused_cleanly(self, seat, action):
        self.match = play_or_refuse(self.match, seat, action)

    @invariant()
    def no_card_appears_or_vanishes(self):
        zones = self.match.rules.zones(self.match.state)
        assert Counter(c for zone in zones.values() for c in zone) == self.cards

    @invariant()
    def trains_match_the_claims(self):
        state = self.match.state
        for seat in range(state["players"]):
            laid = sum(BOARD.routes[r].length for r, owner in state["claims"].items() if owner == seat)
            assert state["trains"][seat] == 45 - laid >= 0


TicketToRideMachine.TestCase.settings = settings(max_examples=25, stateful_step_count=40, deadline=None)
test_ticket_to_ride_machine = TicketToRideMachine.TestCase


class LongTicketToRideMachine(TicketToRideMachine):
    """The same machine, run long: `pytest -m slow`."""


LongTicketToRideMachine.TestCase.settings = settings(max_examples=300, stateful_step_count=300, deadline=None)
test_ticket_to_ride_machine_long = pytest.mark.slow(LongTicketToRideMachine.TestCase)
