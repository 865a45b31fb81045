"""A Hypothesis state machine: any mix of legal and junk actions keeps the race consistent."""

from collections import Counter

from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule

from engine.games import new_match
from tests.engine.around_the_world.support import BOARD, GAME
from tests.machines import play_a_legal_move, play_or_refuse

KINDS = ["take", "draw", "travel", "play_event", "end_turn", "buy", "sell_event", "accept", "reroll", "discard", "fly"]


class AroundTheWorldMachine(RuleBasedStateMachine):
    @initialize(players=st.integers(2, 6), seed=st.integers(0, 2**32))
    def start(self, players, seed):
        self.match = new_match("around-the-world", players, {}, seed)
        self.cards = Counter(c for zone in GAME.zones(self.match.state).values() for c in zone)

    @rule(data=st.data())
    def legal_move(self, data):
        self.match = play_a_legal_move(self.match, data)

    @rule(
        seat=st.integers(0, 5),
        action=st.fixed_dictionaries(
            {
                "type": st.sampled_from(KINDS),
                "space": st.sampled_from([*BOARD.supply["spaces"], "moon"]),
                "use": st.one_of(st.booleans(), st.integers(-2, 2)),
                "location": st.sampled_from([*BOARD.locations, "atlantis"]),
                "cards": st.lists(
                    st.fixed_dictionaries(
                        {"kind": st.sampled_from(["ship", "train", "ufo"]), "days": st.integers(0, 9)}
                    ),
                    max_size=3,
                ),
                "events": st.lists(st.sampled_from([*BOARD.events, "x"]), max_size=2),
                "deck": st.sampled_from(["travel", "event", "box"]),
                "card": st.one_of(
                    st.sampled_from([*BOARD.events]),
                    st.fixed_dictionaries({"kind": st.sampled_from(["ship", "train"]), "days": st.integers(2, 8)}),
                ),
            }
        ),
    )
    def any_move_is_applied_or_refused_cleanly(self, seat, action):
        self.match = play_or_refuse(self.match, seat, action)

    @invariant()
    def the_table_keeps_its_rules(self):
        if not hasattr(self, "match"):
            return
        state = self.match.state
        assert Counter(c for zone in GAME.zones(state).values() for c in zone) == self.cards
        assert 0 <= sum(state["gold"]) <= BOARD.supply["gold_total"] and min(state["gold"]) >= 0
        assert all(0 <= p <= BOARD.home for p in state["positions"])
        assert bool(self.match.to_act()) == (not self.match.is_over())
        acting = state["turn"]["seat"] if state["turn"] else None
        assert all(len(hand) <= BOARD.supply["hand_limit"] for s, hand in enumerate(state["hands"]) if s != acting)


AroundTheWorldMachine.TestCase.settings = settings(max_examples=40, stateful_step_count=80, deadline=None)
TestAroundTheWorldMachine = AroundTheWorldMachine.TestCase
