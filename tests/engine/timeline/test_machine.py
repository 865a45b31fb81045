"""A Hypothesis state machine: any sequence of legal and illegal placements keeps Timeline's invariants."""

from collections import Counter

import pytest
from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule

from engine.games import new_match
from tests.machines import play_a_legal_move, play_or_refuse


class TimelineMachine(RuleBasedStateMachine):
    @initialize(players=st.integers(2, 8), seed=st.integers(0, 2**32), hand=st.integers(1, 6))
    def start(self, players, seed, hand):
        self.match = new_match("timeline", players, {"hand_size": hand}, seed)
        self.cards = Counter(c for zone in self.match.rules.zones(self.match.state).values() for c in zone)

    @rule(data=st.data())
    def legal_move(self, data):
        self.match = play_a_legal_move(self.match, data)

    @rule(seat=st.integers(0, 7), card=st.text(max_size=5), gap=st.integers(-3, 200))
    def any_move_is_applied_or_refused_cleanly(self, seat, card, gap):
        self.match = play_or_refuse(self.match, seat, {"type": "place", "card": card, "gap": gap})

    @invariant()
    def timeline_stays_in_order(self):
        keys = [card["key"] for card in self.match.rules.view(self.match.state, None)["timeline"]]
        assert keys == sorted(keys)

    @invariant()
    def no_card_appears_or_vanishes(self):
        zones = self.match.rules.zones(self.match.state)
        assert Counter(c for zone in zones.values() for c in zone) == self.cards


TimelineMachine.TestCase.settings = settings(max_examples=30, stateful_step_count=40, deadline=None)
test_timeline_machine = TimelineMachine.TestCase


class LongTimelineMachine(TimelineMachine):
    """The same machine, run long: `pytest -m slow`."""


LongTimelineMachine.TestCase.settings = settings(max_examples=500, stateful_step_count=200, deadline=None)
test_timeline_machine_long = pytest.mark.slow(LongTimelineMachine.TestCase)
