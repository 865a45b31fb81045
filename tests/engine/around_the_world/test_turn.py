"""Set-up, the round's display, taking a card and its action, the start player and the hand limit."""

import pytest

from engine.core.errors import IllegalAction
from tests.engine.around_the_world.support import (
    BOARD,
    GAME,
    act,
    card_multiset,
    finish_turn,
    of_type,
    seat_of,
    set_hand,
    stack_events,
    stack_travel,
    start,
    travel,
    travel_phase,
    types,
)


class TestSetup:
    """Three travel cards and one gold each, the detective on Brindisi, everyone in London on day 0."""

    @pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
    def test_the_table(self, players):
        state = start(players).state
        assert [len(hand) for hand in state["hands"]] == [3] * players
        assert state["gold"] == [1] * players and state["days"] == [0] * players
        assert state["positions"] == [0] * players and state["detective"] == "brindisi"
        assert len(card_multiset(state)) == 60 + 15

    @pytest.mark.parametrize("players, shown", [(2, 3), (3, 4), (4, 5), (5, 6), (6, 6)])
    def test_cards_laid_out_from_the_left(self, players, shown):
        display = start(players).state["display"]
        assert [slot["space"] for slot in display] == BOARD.supply["spaces"][:shown]
        assert all(slot["card"] for slot in display)

    def test_the_two_player_game_has_no_connection_card(self):
        state = start(2).state
        assert [state["event_cards"][c] for c in state["event_box"]] == ["connection"]
        assert len(state["event_deck"]) == 14
        assert not start(3).state["event_box"]


class TestTaking:
    """The player must take a displayed card; its action is optional."""

    def test_must_take_first(self):
        match = start(3)
        assert {a["type"] for a in GAME.legal_actions(match.state, 0)} == {"take"}
        with pytest.raises(IllegalAction, match="first take one"):
            act(match, {"type": "end_turn"})

    def test_the_card_goes_to_hand_and_its_space_empties(self):
        match = start(3)
        card = match.state["display"][1]["card"]
        match, events = act(match, {"type": "take", "space": "balloon"})
        assert card in match.state["hands"][0] and match.state["display"][1]["card"] is None
        assert of_type(events, "card_taken")[0]["used"] is False
        assert not match.state["turn"]["balloon"]
        with pytest.raises(IllegalAction, match="'take' is not possible now"):
            act(match, {"type": "take", "space": "gold"})

    def test_gold(self):
        match, events = act(start(3), {"type": "take", "space": "gold", "use": True})
        assert match.state["gold"][0] == 2 and of_type(events, "gold_gained")

    def test_no_gold_when_the_supply_is_empty(self):
        match = start(3)
        match.state["gold"] = [22, 1, 1]
        assert {"type": "take", "space": "gold", "use": True} not in GAME.legal_actions(match.state, 0)
        with pytest.raises(IllegalAction):
            act(match, {"type": "take", "space": "gold", "use": True})

    def test_balloon_is_ready_for_this_turn(self):
        match, _ = act(start(3), {"type": "take", "space": "balloon", "use": True})
        assert match.state["turn"]["balloon"]

    def test_event_card(self):
        match = start(3)
        stack_events(match.state, ["elephant"])
        match, events = act(match, {"type": "take", "space": "event", "use": True})
        assert [match.state["event_cards"][c] for c in match.state["event_hands"][0]] == ["elephant"]
        (drawn,) = of_type(events, "event_card_drawn")
        assert drawn == {"v": 1, "type": "event_card_drawn", "seat": 0, "reason": "action"}
        assert of_type(events, "your_event_card")[0]["to"] == [0]

    def test_detective_anywhere_but_london(self):
        actions = GAME.legal_actions(start(3).state, 0)
        places = [a["location"] for a in actions if a["space"] == "detective" and "location" in a]
        assert places == [loc for loc in BOARD.locations[1:] if loc != "brindisi"]
        match, _ = act(start(3), {"type": "take", "space": "detective", "location": "suez"})
        assert match.state["detective"] == "suez"
        with pytest.raises(IllegalAction):
            act(start(3), {"type": "take", "space": "detective", "location": "london"})

    def test_exchange_up_to_three_cards(self):
        match = start(5)
        set_hand(match.state, 0, [("ship", 8), ("ship", 8), ("train", 6)])
        stack_travel(match.state, [("train", 2), ("train", 3)])
        sets = [a["discard"] for a in GAME.legal_actions(match.state, 0) if "discard" in a]
        assert max(len(s) for s in sets) == 3
        match, events = act(
            match,
            {
                "type": "take",
                "space": "exchange",
                "discard": [{"kind": "ship", "days": 8}, {"kind": "ship", "days": 8}],
            },
        )
        hand = sorted(
            (match.state["travel_cards"][c]["kind"], match.state["travel_cards"][c]["days"])
            for c in match.state["hands"][0]
        )
        assert len(hand) == 4 and ("train", 2) in hand and ("train", 3) in hand and ("ship", 8) not in hand
        assert of_type(events, "travel_cards_drawn")[0]["count"] == 2


class TestStartPlayer:
    """The watch makes the next start player; the start player may not take it; without it the start passes left."""

    def test_the_start_player_may_not_take_the_watch(self):
        match = start(4)
        assert not [a for a in GAME.legal_actions(match.state, 0) if a.get("space") == "watch"]
        with pytest.raises(IllegalAction, match="start player may not take"):
            act(match, {"type": "take", "space": "watch", "use": True})

    def test_the_watch_taker_starts_the_next_round(self):
        match = start(4)
        for seat in range(4):
            space = "watch" if seat == 2 else None
            if space:
                match, _ = act(match, {"type": "take", "space": "watch", "use": True})
            else:
                match = travel_phase(
                    match, next(s["space"] for s in match.state["display"] if s["card"] and s["space"] != "watch")
                )
            match, _ = finish_turn(match)
        assert match.state["round"] == 2 and match.state["start"] == 2 and match.state["order"] == [2, 3, 0, 1]

    def test_three_players_pass_the_start_to_the_left(self):
        match = start(3)
        assert [slot["space"] for slot in match.state["display"]][-1] == "detective"
        for _ in range(3):
            match, _ = finish_turn(travel_phase(match))
        assert match.state["start"] == 1 and match.state["order"] == [1, 2, 0]

    def test_the_two_player_game_alternates(self):
        match = start(2)
        for expected in (1, 0, 1):
            for _ in range(2):
                match, _ = finish_turn(travel_phase(match))
            assert match.state["start"] == expected


class TestRound:
    def test_turn_order_and_new_display(self):
        match = start(3)
        seen = []
        for _ in range(3):
            seen.append(seat_of(match))
            match = travel_phase(match)
            match, events = finish_turn(match)
        assert seen == [0, 1, 2]
        assert types(events)[-4:] == ["round_ended", "round_started", "cards_laid_out", "turn_started"]
        assert of_type(events, "round_ended")[0]["discarded"] == 1  # 4 cards, 3 players
        assert all(slot["card"] for slot in match.state["display"])

    def test_six_players_the_last_may_draw_instead(self):
        match = start(6)
        for _ in range(5):
            assert {"type": "draw"} not in GAME.legal_actions(match.state, seat_of(match))
            match, _ = finish_turn(travel_phase(match))
        last = seat_of(match)
        assert {"type": "draw"} in GAME.legal_actions(match.state, last)
        left = next(s["card"] for s in match.state["display"] if s["card"])
        top = match.state["travel_deck"][-1]
        match, events = act(match, {"type": "draw"})
        assert top in match.state["hands"][last] and left not in match.state["hands"][last]
        match, events = finish_turn(match)
        assert of_type(events, "round_ended")[0]["discarded"] == 1


class TestHandLimit:
    """At the end of the turn a player keeps at most six travel cards (event cards do not count)."""

    def test_discard_down_to_six(self):
        match = start(3)
        set_hand(
            match.state,
            0,
            [("ship", 8), ("ship", 7), ("ship", 6), ("ship", 5), ("ship", 4), ("train", 6)],
            ["elephant", "balloon"],
        )
        match = travel_phase(match)
        match, events = act(match, {"type": "end_turn"})
        assert match.state["phase"] == "discard" and seat_of(match) == 0
        actions = GAME.legal_actions(match.state, 0)
        assert {"type": "discard", "card": {"kind": "ship", "days": 8}} == actions[0]
        match, events = act(match, actions[0])
        assert len(match.state["hands"][0]) == 6 and len(match.state["event_hands"][0]) == 2
        assert seat_of(match) == 1 and of_type(events, "card_discarded")


class TestBuyingAnyTimeInTheTurn:
    """ "kdykoliv během svého tahu": a card is bought for 2 gold in every step of one's turn, and only then."""

    def _ready(self, phase: str):
        match = start(3, seed=4)
        if phase == "take":
            return match
        if phase == "discard":
            set_hand(match.state, 0, [("ship", 8), ("ship", 7), ("ship", 6), ("ship", 5), ("ship", 4), ("train", 6)])
            match, _ = act(travel_phase(match), {"type": "end_turn"})
            return match
        match = travel_phase(match)
        if phase == "roll":
            set_hand(match.state, 0, [("ship", 4), ("train", 2)], ["balloon"])
            match, _ = act(match, travel([("ship", 4), ("train", 2)], ["balloon"]))
        elif phase == "receipt":
            match.state["receipts"]["paris"] = {"red": "event", "blue": None}
            set_hand(match.state, 0, [("ship", 4), ("train", 2)])
            match, _ = act(match, travel([("ship", 4), ("train", 2)]))
        return match

    @pytest.mark.parametrize("phase", ["take", "travel", "roll", "receipt", "discard"])
    @pytest.mark.parametrize("deck", ["travel", "event"])
    def test_a_buy_in_every_step(self, phase, deck):
        match = self._ready(phase)
        assert match.state["phase"] == phase and seat_of(match) == 0
        match.state["gold"][0] = 3
        assert {"type": "buy", "deck": deck} in GAME.legal_actions(match.state, 0)
        hands = len(match.state["hands"][0]) + len(match.state["event_hands"][0])
        match, events = act(match, {"type": "buy", "deck": deck})
        assert events[0]["type"] == "card_bought" and match.state["gold"][0] == 1
        assert match.state["phase"] == phase, "buying never moves the turn on"
        drawn = len(match.state["hands"][0]) + len(match.state["event_hands"][0]) - hands
        assert drawn == 1 or (deck == "event" and of_type(events, "grey_event")), "a grey card acts at once instead"

    def test_not_in_another_players_turn_nor_without_the_gold(self):
        match = start(3, seed=4)
        match.state["gold"] = [1, 5, 5]
        assert not [a for a in GAME.legal_actions(match.state, 0) if a["type"] == "buy"]
        assert GAME.legal_actions(match.state, 1) == []
        with pytest.raises(IllegalAction):
            act(match, {"type": "buy", "deck": "travel"})
