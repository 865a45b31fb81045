"""Bridges before the 7th space of all 8 columns, and the two ways the game ends."""

from tests.engine.lost_cities.support import GAME, REFUSE, act, of_type, start, take

SIX = [1, 1, 2, 2, 3, 3]


def three_players(colours=("red", "red", "blue"), numbers=(4, 4, 7)):
    return start(3, colours=list(colours), numbers=list(numbers))


class TestBridges:
    """The first player(s) to reach a 7th space, in the same turn, score 20; everybody else loses that bridge."""

    def test_two_players_crossing_in_the_same_turn_both_score(self):
        state = three_players()
        for seat in (0, 1, 2):
            state["sheets"][seat]["columns"]["red"] = list(SIX)
        state, events = act(state, 0, take("red", 4))
        assert not of_type(events, "bridge_crossed")  # bridges are settled when the turn ends
        state, _ = act(state, 1, take("red", 4))
        state, events = act(state, 2, take("blue", 7))
        assert of_type(events, "bridge_crossed") == [
            {"type": "bridge_crossed", "column": "red", "seats": [0, 1], "bonus": 20}
        ]
        assert [s["bridges"]["red"] for s in state["sheets"]] == ["won", "won", "lost"]
        assert state["bridges"]["red"] == [0, 1]

    def test_a_later_crosser_gets_nothing(self):
        state = three_players()
        state["bridges"]["red"] = [2]
        for seat in (0, 1, 2):
            state["sheets"][seat]["bridges"]["red"] = "won" if seat == 2 else "lost"
        state["sheets"][0]["columns"]["red"] = list(SIX)
        state, _ = act(state, 0, take("red", 4))
        state, _ = act(state, 1, REFUSE)
        state, events = act(state, 2, REFUSE)
        assert not of_type(events, "bridge_crossed")
        assert state["sheets"][0]["bridges"]["red"] == "lost" and state["bridges"]["red"] == [2]

    def test_an_acceleration_can_cross_a_bridge(self):
        state = start(1, colours=["red", "red", "red"], numbers=[4, 4, 4])
        state["sheets"][0]["columns"].update(red=[1, 2], blue=list(SIX))
        state, _ = act(state, 0, take("red", 4))
        state, events = act(state, 0, {"type": "accelerate", "column": "blue"})
        assert of_type(events, "bridge_crossed")[0]["column"] == "blue"

    def test_the_artefact_and_dice_columns_have_bridges(self):
        state = three_players()
        state["sheets"][0]["dice"] = 6
        state["sheets"][1]["artefacts"] = 6
        state["sheets"][1]["columns"]["red"] = [1, 2, 3]
        state, _ = act(state, 0, REFUSE)
        state, _ = act(state, 1, take("red", 4))  # space 4 is an urn: the 7th artefact
        state, events = act(state, 2, REFUSE)
        crossed = {e["column"]: e["seats"] for e in of_type(events, "bridge_crossed")}
        assert crossed == {"artefacts": [1], "dice": [0]}

    def test_the_bridge_bonus_counts_in_the_score(self):
        state = three_players()
        state["sheets"][0]["columns"]["red"] = list(SIX)
        state, _ = act(state, 0, take("red", 4))
        before = GAME.view(state, None)["sheets"][0]["score"]
        state, _ = act(state, 1, REFUSE)
        state, _ = act(state, 2, REFUSE)
        assert GAME.view(state, None)["sheets"][0]["score"] == before + 20


class TestEnd:
    """The game ends after the turn in which all players are exhausted or all 8 bridges are gone."""

    def test_all_exhausted_ends_after_the_turn(self):
        state = three_players()
        for seat in (0, 1, 2):
            state["sheets"][seat]["dice"] = 8
        state, _ = act(state, 0, REFUSE)
        state, _ = act(state, 1, REFUSE)
        assert GAME.outcome(state) is None and GAME.to_act(state) == {2}
        state, events = act(state, 2, REFUSE)
        assert GAME.to_act(state) == set()
        outcome = GAME.outcome(state)
        assert outcome is not None and events[-1]["type"] == "game_over"

    def test_one_player_not_exhausted_plays_on(self):
        state = three_players()
        for seat in (0, 1):
            state["sheets"][seat]["dice"] = 9
        state, _ = act(state, 0, REFUSE)
        state, _ = act(state, 1, REFUSE)
        state, _ = act(state, 2, REFUSE)
        assert GAME.outcome(state) is None and state["turn"] == 2

    def test_all_eight_bridges_gone_ends_the_game(self):
        state = three_players()
        for column in ("orange", "yellow", "green", "blue", "purple", "artefacts", "dice"):
            state["bridges"][column] = [1]
        state["sheets"][2]["columns"]["red"] = list(SIX)
        state, _ = act(state, 0, REFUSE)
        state, _ = act(state, 1, REFUSE)
        assert GAME.outcome(state) is None
        state, events = act(state, 2, take("red", 4))
        assert [e["type"] for e in events[-2:]] == ["bridge_crossed", "game_over"]
        assert GAME.outcome(state)["winners"] == [2]

    def test_seven_bridges_are_not_enough(self):
        state = three_players()
        for column in ("orange", "yellow", "green", "blue", "purple", "artefacts", "dice"):
            state["bridges"][column] = [1]
        state, _ = act(state, 0, REFUSE)
        state, _ = act(state, 1, REFUSE)
        state, _ = act(state, 2, REFUSE)
        assert GAME.outcome(state) is None and GAME.to_act(state) == {1}


class TestOutcome:
    """Standings carry each score with its breakdown; equal best scores share the win."""

    def finished(self):
        state = three_players()
        for seat in (0, 1, 2):
            state["sheets"][seat]["dice"] = 9
        state["sheets"][0]["columns"]["red"] = [2, 3, 4, 5, 6]  # 5 spaces: 5
        state["sheets"][1]["columns"]["blue"] = [2, 3, 4, 5, 6]
        state["sheets"][2]["columns"]["green"] = [2, 3, 4, 5]  # 4 spaces: -5
        state, _ = act(state, 0, REFUSE)
        state, _ = act(state, 1, REFUSE)
        state, _ = act(state, 2, REFUSE)
        return state

    def test_ties_share_the_win_and_the_place(self):
        outcome = GAME.outcome(self.finished())
        assert outcome["winners"] == [0, 1]
        # Everybody crosses the dice bridge in this last turn (+20 each); exhausted dice columns score 0.
        assert [(s["seat"], s["place"], s["score"]) for s in outcome["standings"]] == [
            (0, 1, 25),
            (1, 1, 25),
            (2, 3, 15),
        ]

    def test_the_breakdown_adds_up_to_the_score(self):
        for standing in GAME.outcome(self.finished())["standings"]:
            parts = standing["breakdown"]
            assert sum(part["points"] for part in parts.values()) == standing["score"]
            assert set(parts) == {"red", "orange", "yellow", "green", "blue", "purple", "artefacts", "dice", "bridges"}
