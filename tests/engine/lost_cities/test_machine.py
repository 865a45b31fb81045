"""A Hypothesis state machine: any mix of legal and junk actions keeps Lost Cities' sheets and turn consistent."""

from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule

from engine.games import new_match
from engine.lost_cities.layout import default_layout
from tests.machines import play_a_legal_move, play_or_refuse

LAYOUT = default_layout()
COLOURS = list(LAYOUT.colours)


class LostCitiesMachine(RuleBasedStateMachine):
    @initialize(players=st.integers(1, 5), seed=st.integers(0, 2**32))
    def start(self, players, seed):
        self.match = new_match("lost-cities", players, {}, seed)

    @rule(data=st.data())
    def legal_move(self, data):
        self.match = play_a_legal_move(self.match, data)

    @rule(
        seat=st.integers(0, 4),
        action=st.fixed_dictionaries(
            {
                "type": st.sampled_from(["take", "refuse", "accelerate", "stop", "roll"]),
                "colour": st.sampled_from([*COLOURS, "pink"]),
                "column": st.sampled_from([*COLOURS, "dice"]),
                "number": st.one_of(st.integers(-1, 11), st.booleans(), st.text(max_size=2)),
                "as": st.sampled_from(["number", "double", "x"]),
            }
        ),
    )
    def any_move_is_applied_or_refused_cleanly(self, seat, action):
        self.match = play_or_refuse(self.match, seat, action)

    @invariant()
    def sheets_keep_their_rules(self):
        if not hasattr(self, "match"):
            return
        for sheet in self.match.state["sheets"]:
            for column in sheet["columns"].values():
                assert len(column) <= LAYOUT.spaces
                assert column == sorted(column) and all(1 <= n <= 10 for n in column)
            assert 0 <= sheet["artefacts"] <= LAYOUT.spaces and 0 <= sheet["dice"] <= LAYOUT.spaces

    @invariant()
    def someone_acts_exactly_while_the_game_runs(self):
        if hasattr(self, "match"):
            assert bool(self.match.to_act()) == (not self.match.is_over())


LostCitiesMachine.TestCase.settings = settings(max_examples=40, stateful_step_count=60, deadline=None)
TestLostCitiesMachine = LostCitiesMachine.TestCase
