"""Set-up: 4 train cards each, 5 face up, 1 long and 3 regular tickets, everybody keeps at least 2 at once."""

import pytest

from engine.core.errors import IllegalAction, MalformedAction
from engine.games import new_match
from tests.engine.ticket_to_ride.support import BOARD, GAME, act, of_type, start


class TestDeal:
    def test_cards_and_tickets_dealt(self):
        state = start(4, seed=3)
        assert [len(h) for h in state["hands"]] == [4, 4, 4, 4]
        assert len(state["faceup"]) == 5 and len(state["deck"]) == 110 - 16 - 5
        for offer in state["offers"]:
            assert [BOARD.tickets[t].long for t in offer] == [True, False, False, False]
        assert len(state["ticket_box"]) == 2 and len(state["ticket_deck"]) == 40 - 12
        assert state["trains"] == [45] * 4 and state["stations"] == {}

    def test_card_ids_say_nothing_about_colours(self):
        first, second = start(2, seed=1), start(2, seed=2)
        assert sorted(first["cards"]) == sorted(second["cards"])
        assert first["cards"] != second["cards"]

    def test_options_default_and_are_checked(self):
        assert new_match(GAME.name, 2, {}, 1).options == {"tunnel_failure": "return", "first": 0, "language": "en"}
        assert new_match(GAME.name, 2, {"tunnel_failure": "discard"}, 1).options == {
            "tunnel_failure": "discard",
            "first": 0,
            "language": "en",
        }
        with pytest.raises(Exception, match="options"):
            new_match(GAME.name, 2, {"tunnel_failure": "maybe"}, 1)
        with pytest.raises(Exception, match="2-5 players"):
            new_match(GAME.name, 6, {}, 1)


class TestInitialTickets:
    """Everybody chooses at once; each keeps 2, 3 or 4; returned tickets go to the box."""

    def test_everybody_chooses_at_once(self):
        state = start(3)
        assert GAME.to_act(state) == {0, 1, 2}
        actions = GAME.legal_actions(state, 1)
        assert len(actions) == 6 + 4 + 1 and all(len(a["tickets"]) >= 2 for a in actions)

    def test_keeping_two_returns_two_to_the_box(self):
        state = start(3)
        offer = list(state["offers"][1])
        state, events = act(state, 1, {"type": "keep_tickets", "tickets": offer[:2]})
        assert state["kept"][1] == offer[:2] and state["offers"][1] == []
        assert set(offer[2:]) <= set(state["ticket_box"]) and len(state["ticket_box"]) == 3 + 2
        assert GAME.to_act(state) == {0, 2}
        public = of_type(events, "tickets_kept")
        assert public == [{"type": "tickets_kept", "seat": 1, "kept": 2, "returned": 2}]
        private = of_type(events, "your_tickets")[0]
        assert private["to"] == [1] and [t["id"] for t in private["kept"]] == offer[:2]

    def test_the_last_choice_starts_seat_0s_turn(self):
        state = start(2)
        state, _ = act(state, 1, {"type": "keep_tickets", "tickets": list(state["offers"][1])})
        assert state["step"] == "initial_tickets"
        state, events = act(state, 0, {"type": "keep_tickets", "tickets": list(state["offers"][0])[1:]})
        assert state["step"] == "turn" and GAME.to_act(state) == {0}
        assert events[-1] == {"type": "turn_started", "seat": 0, "turn": 1}

    def test_a_long_ticket_may_be_returned(self):
        state = start(2)
        long_ticket = state["offers"][0][0]
        state, _ = act(state, 0, {"type": "keep_tickets", "tickets": state["offers"][0][1:3]})
        assert long_ticket in state["ticket_box"]

    def test_keeping_fewer_than_two_or_foreign_tickets_is_refused(self):
        state = start(2)
        with pytest.raises(IllegalAction, match="at least 2"):
            act(state, 0, {"type": "keep_tickets", "tickets": state["offers"][0][:1]})
        with pytest.raises(IllegalAction, match="offer"):
            act(state, 0, {"type": "keep_tickets", "tickets": state["offers"][1][:2]})
        with pytest.raises(MalformedAction):
            act(state, 0, {"type": "keep_tickets", "tickets": "all"})
        with pytest.raises(IllegalAction, match="not possible now"):
            act(state, 0, {"type": "draw_deck"})
