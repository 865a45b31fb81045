"""Drawing train cards: two cards a turn, the face-up locomotive rule, the three-locomotive reset, reshuffles."""

import pytest

from engine.core.errors import IllegalAction
from engine.ticket_to_ride.board import LOCOMOTIVE
from tests.engine.ticket_to_ride.support import (
    DRAW_DECK,
    GAME,
    act,
    colours,
    empty_pile,
    faceup_card,
    hand,
    of_type,
    playing,
    rig,
)

L = LOCOMOTIVE
FIVE = ["red", "blue", "green", "orange", L]


class TestTwoCards:
    """A turn draws two cards, from the face-up five or the pile, in any mix."""

    def test_two_from_the_pile(self):
        state = rig(playing(), top=["red", L, "blue"], faceup=FIVE)
        state, events = act(state, 0, DRAW_DECK)
        assert state["step"] == "second_card" and GAME.to_act(state) == {0}
        state, _ = act(state, 0, DRAW_DECK)  # a locomotive from the pile is just a card
        assert hand(state, 0) == {"red": 1, L: 1} and state["active"] == 1
        assert of_type(events, "card_drawn") == [{"type": "card_drawn", "seat": 0, "source": "deck"}]
        received = of_type(events, "card_received")[0]
        assert received["to"] == [0] and received["card"]["colour"] == "red"

    def test_face_up_then_pile_refills_the_display(self):
        state = rig(playing(), top=["white", "black"], faceup=FIVE)
        state, events = act(state, 0, faceup_card(state, "blue"))
        assert colours(state, state["faceup"]) == ["red", "green", "orange", L, "white"]
        assert of_type(events, "card_drawn")[0]["colour"] == "blue"
        assert of_type(events, "faceup")[0]["cards"][-1]["colour"] == "white"
        state, _ = act(state, 0, DRAW_DECK)
        assert hand(state, 0) == {"blue": 1, "black": 1}

    def test_a_face_up_locomotive_first_is_the_whole_turn(self):
        state = rig(playing(), top=["white"], faceup=FIVE)
        state, _ = act(state, 0, faceup_card(state, L))
        assert hand(state, 0) == {L: 1} and state["active"] == 1 and state["step"] == "turn"

    def test_a_face_up_locomotive_cannot_be_the_second_card(self):
        state = rig(playing(), top=["white", "black"], faceup=FIVE)
        state, _ = act(state, 0, DRAW_DECK)
        legal = GAME.legal_actions(state, 0)
        locomotive = faceup_card(state, L)
        assert locomotive not in legal and DRAW_DECK in legal and len(legal) == 1 + 4
        with pytest.raises(IllegalAction, match="second card"):
            act(state, 0, locomotive)

    def test_a_locomotive_turned_up_after_the_first_pick_cannot_be_taken_second(self):
        state = rig(playing(), top=[L], faceup=["red", "blue", "green", "orange", "white"])
        state, _ = act(state, 0, faceup_card(state, "red"))
        assert colours(state, state["faceup"])[-1] == L
        assert faceup_card(state, L) not in GAME.legal_actions(state, 0)

    def test_claiming_or_tickets_are_not_a_second_card(self):
        state = rig(playing(), hands={0: ["red"] * 4}, faceup=FIVE)
        state, _ = act(state, 0, DRAW_DECK)
        assert {a["type"] for a in GAME.legal_actions(state, 0)} == {"draw_deck", "draw_faceup"}
        with pytest.raises(IllegalAction):
            act(state, 0, {"type": "draw_tickets"})


class TestThreeLocomotives:
    """Three face-up locomotives send all five to the discard pile and five new cards are turned up."""

    def test_the_display_is_replaced(self):
        state = rig(
            playing(), faceup=[L, L, "red", "blue", "green"], top=[L, "white", "black", "pink", "yellow", "orange"]
        )
        state, events = act(state, 0, faceup_card(state, "red"))  # the refill turns up a third locomotive
        assert colours(state, state["faceup"]) == ["white", "black", "pink", "yellow", "orange"]
        assert sorted(colours(state, state["discard"])) == sorted([L, L, L, "blue", "green"])
        reset = of_type(events, "faceup_discarded")
        assert len(reset) == 1 and reset[0]["colours"].count(L) == 3

    def test_again_and_again_while_three_come_up(self):
        top = [L, L, L, L, L, "red", "blue", "red", "blue", "green", "white", "black"]
        state = rig(playing(), faceup=[L, L, "red", "red"], top=top)
        state, events = act(state, 0, faceup_card(state, "red"))
        # L L red + L L: reset; L L L red blue: reset; red blue green white black stays.
        assert [e["colours"].count(L) for e in of_type(events, "faceup_discarded")] == [4, 3]
        assert colours(state, state["faceup"]) == ["red", "blue", "green", "white", "black"]

    def test_no_endless_reset_when_only_locomotives_are_left(self):
        state = rig(playing(), hands={0: ["red"] * 12, 1: ["blue"] * 12}, faceup=[L, L, L, L, "green"])
        # Leave in pile and discard nothing but locomotives: no display could ever hold fewer than three.
        others = [c for c in state["deck"] if state["cards"][c] != L]
        state["hands"][1] += others
        state["deck"] = [c for c in state["deck"] if state["cards"][c] == L]
        state, events = act(state, 0, faceup_card(state, "green"))
        assert of_type(events, "faceup_discarded") == []
        assert colours(state, state["faceup"]).count(L) == 5


class TestEmptyPile:
    """An empty pile is made again from the shuffled discard pile; with neither, nobody draws."""

    def test_the_discard_pile_is_shuffled_into_a_new_pile(self):
        state = empty_pile(rig(playing(), faceup=FIVE))
        discard = len(state["discard"])
        state, events = act(state, 0, DRAW_DECK)
        assert of_type(events, "discard_reshuffled") == [{"type": "discard_reshuffled", "cards": discard}]
        assert len(state["deck"]) == discard - 1 and state["discard"] == []

    def test_without_cards_to_draw_the_turn_ends_after_one(self):
        state = rig(playing(), faceup=[L, "red"])
        state["hands"][1] = list(state["deck"])
        state["deck"] = []
        state, events = act(state, 0, faceup_card(state, "red"))
        assert of_type(events, "no_second_card") == [{"type": "no_second_card", "seat": 0}]
        assert state["active"] == 1

    def test_nothing_to_draw_leaves_other_actions(self):
        state = rig(playing(), faceup=[])
        state["hands"][1] = list(state["deck"])
        state["deck"] = []
        kinds = {a["type"] for a in GAME.legal_actions(state, 0)}
        assert kinds == {"draw_tickets"}
        with pytest.raises(IllegalAction):
            act(state, 0, DRAW_DECK)
