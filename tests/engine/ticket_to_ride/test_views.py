"""Views: a seat sees its own hand and tickets; everybody sees counts and the whole map."""

from engine.core.match import visible_to
from engine.ticket_to_ride.board import LOCOMOTIVE
from tests.contract.test_contract import leaks
from tests.engine.ticket_to_ride.support import DRAW_DECK, GAME, act, claim, of_type, playing, rig, start

L = LOCOMOTIVE


class TestWhatEachSeatSees:
    def test_own_hand_and_tickets_others_counts(self):
        state = rig(playing(3), hands={0: ["red", "red"], 1: ["blue"]})
        mine = GAME.view(state, 0)
        assert mine["hand"] == {colour: 2 if colour == "red" else 0 for colour in [*GAME.board.colours, L]}
        assert len(mine["tickets"]) == 4 and all("connected" in t for t in mine["tickets"])
        theirs = mine["players"][1]
        assert (theirs["hand_size"], theirs["tickets"], theirs["trains"]) == (1, 4, 45)
        assert "hand" not in GAME.view(state, None) and "tickets" not in GAME.view(state, None)
        for seat in (0, 1, 2, None):
            assert not leaks(GAME.view(state, seat), GAME.hidden_cards(state, seat))

    def test_the_offer_is_private_while_choosing(self):
        state = start(2)
        assert len(GAME.view(state, 0)["offer"]) == 4
        assert GAME.view(state, 1)["players"][0]["choosing_tickets"] == 4
        assert not leaks(GAME.view(state, 1), GAME.hidden_cards(state, 1))
        assert GAME.hidden_cards(state, 1)[state["offers"][0][0]] == {"cities", "points", "long"}

    def test_the_map_and_the_tunnel_are_public(self):
        state = rig(playing(2), hands={0: ["orange"] * 3, 1: ["blue", "blue", "blue"]}, top=["blue", "red", "red"])
        state, _ = act(state, 0, claim("Munchen-Wien", "orange"))
        state, _ = act(state, 1, claim("Munchen-Venezia", "blue"))
        spectator = GAME.view(state, None)
        assert spectator["claims"] == {"Munchen-Wien": 0}
        assert spectator["players"][0]["route_points"] == 4 and "routes" not in spectator["players"][0]
        tunnel = spectator["tunnel"]
        assert tunnel["route"] == "Munchen-Venezia" and tunnel["extra"] == 1
        assert [c["colour"] for c in tunnel["paid"]] == ["blue", "blue"]

    def test_connected_tickets_are_marked(self):
        state = playing(2)
        state["kept"][0] = ["k02"]  # Budapest-Sofia
        state["claims"] = {"Budapest-Sarajevo": 0, "Sarajevo-Sofia": 0}
        assert GAME.view(state, 0)["tickets"][0]["connected"] is True


class TestEvents:
    def test_a_blind_draw_shows_the_card_to_the_drawer_only(self):
        state = rig(playing(2), top=["red"], faceup=["white"] * 5)
        state, events = act(state, 0, DRAW_DECK)
        private = of_type(events, "card_received")
        assert private[0]["to"] == [0] and private[0]["card"]["colour"] == "red"
        assert not visible_to(private[0], 1) and not visible_to(private[0], None)
        public = of_type(events, "card_drawn")[0]
        assert "to" not in public and "card" not in public and "colour" not in public
        for seat in (0, 1, None):
            seen = [e for e in events if visible_to(e, seat)]
            assert not leaks(seen, GAME.hidden_cards(state, seat))

    def test_drawn_tickets_are_private(self):
        state = playing(2)
        state, events = act(state, 0, {"type": "draw_tickets"})
        assert of_type(events, "tickets_drawn") == [{"type": "tickets_drawn", "seat": 0, "count": 3}]
        assert of_type(events, "tickets_offered")[0]["to"] == [0]
        assert state["step"] == "tickets" and len(GAME.legal_actions(state, 0)) == 7
        offer = list(state["offers"][0])
        state, _ = act(state, 0, {"type": "keep_tickets", "tickets": offer[:1]})
        assert state["ticket_deck"][:2] == offer[1:] and len(state["kept"][0]) == 5
        assert state["active"] == 1

    def test_no_event_field_named_to_except_visibility(self):
        state = rig(playing(2), hands={0: ["orange"] * 3})
        _, events = act(state, 0, claim("Munchen-Wien", "orange"))
        assert all(isinstance(e.get("to", []), list) for e in events)
        assert all(e["to"] == [0] for e in events if "to" in e)
