"""A golden playthrough, checked by hand: seed 7, two players, default options (tunnel cards go back to the hand).

The first 20 moves were chosen by hand to show the rules; the rest is what the greedy bot played from there, kept
here as a fixed script so that retuning the bot does not move this test. `up` names the face-up card taken by id and
its colour (checked while playing). Seed 7 deals A (seat 0) black, locomotive, red, white and the tickets
Edinburgh-Athina 21 (long), Kyiv-Petrograd 6, Brest-Marseille 7, Stockholm-Wien 11; B (seat 1) black, green, pink,
yellow and Lisboa-Danzig 20 (long), Brest-Venezia 8, Bruxelles-Danzig 9, Barcelona-Munchen 8. Face up: orange,
locomotive, orange, blue, orange.
"""

import pytest

from engine.core.match import play
from engine.games import new_match, replay
from tests.engine.ticket_to_ride.support import GAME, act, colours, hand, of_type, start

A, B = 0, 1
SCRIPT = [
    (0, "keep", ["k06", "k12"]),
    (1, "keep", ["k17", "k19", "k30"]),
    (0, "up", "c069", "locomotive"),
    (1, "up", "c026", "orange"),
    (1, "deck"),
    (0, "deck"),
    (0, "deck"),
    (1, "up", "c027", "orange"),
    (1, "up", "c047", "orange"),
    (0, "claim", "Brest-Paris", "black", 2),
    (1, "claim", "Munchen-Zurich", "yellow", 1),
    (0, "tickets"),
    (0, "keep", ["k39"]),
    (1, "up", "c098", "locomotive"),
    (0, "deck"),
    (0, "up", "c087", "red"),
    (1, "claim", "Marseille-Zurich", "pink", 1),
    (1, "give_up"),
    (0, "station", "Wien", "red", 0),
    (1, "claim", "Munchen-Wien", "orange", 0),
    (0, "claim", "Smolensk-Wilno", "yellow", 2),
    (1, "claim", "Bruxelles-Dieppe", "green", 1),
    (0, "up", "c023", "white"),
    (0, "up", "c002", "blue"),
    (1, "up", "c082", "black"),
    (1, "up", "c051", "blue"),
    (0, "claim", "Kyiv-Wilno", "white", 0),
    (1, "up", "c039", "black"),
    (1, "deck"),
    (0, "up", "c035", "red"),
    (0, "deck"),
    (1, "claim", "Berlin-Frankfurt-1", "black", 0),
    (0, "deck"),
    (0, "deck"),
    (1, "deck"),
    (1, "deck"),
    (0, "claim", "Warszawa-Wilno", "red", 1),
    (1, "deck"),
    (1, "deck"),
    (0, "deck"),
    (0, "deck"),
    (1, "deck"),
    (1, "deck"),
    (0, "claim", "Moskva-Smolensk", "orange", 0),
    (1, "claim", "Barcelona-Pamplona", "red", 0),
    (0, "deck"),
    (0, "deck"),
    (1, "claim", "Bruxelles-Frankfurt", "blue", 0),
    (0, "deck"),
    (0, "deck"),
    (1, "claim", "Frankfurt-Munchen", "pink", 1),
    (0, "deck"),
    (0, "deck"),
    (1, "deck"),
    (1, "deck"),
    (0, "deck"),
    (0, "deck"),
    (1, "deck"),
    (1, "deck"),
    (0, "deck"),
    (0, "deck"),
    (1, "deck"),
    (1, "deck"),
    (0, "claim", "Marseille-Paris", "red", 1),
    (1, "claim", "Berlin-Danzig", "white", 0),
    (0, "deck"),
    (0, "deck"),
    (1, "deck"),
    (1, "deck"),
    (0, "deck"),
    (0, "deck"),
    (1, "deck"),
    (1, "deck"),
    (0, "deck"),
    (0, "deck"),
    (1, "claim", "Brest-Dieppe", "orange", 0),
    (0, "claim", "Petrograd-Wilno", "blue", 0),
    (1, "deck"),
    (1, "deck"),
    (0, "deck"),
    (0, "deck"),
    (1, "deck"),
    (1, "deck"),
    (0, "deck"),
    (0, "deck"),
    (1, "claim", "Brest-Pamplona", "pink", 1),
    (0, "claim", "Athina-Brindisi", "yellow", 1),
    (1, "deck"),
    (1, "deck"),
    (0, "deck"),
    (0, "deck"),
    (1, "deck"),
    (1, "deck"),
    (0, "deck"),
    (0, "deck"),
    (1, "claim", "Munchen-Venezia", "blue", 0),
    (1, "pay", 0),
    (0, "claim", "Barcelona-Marseille", "white", 0),
    (1, "claim", "Athina-Sarajevo", "green", 0),
    (0, "deck"),
    (0, "deck"),
    (1, "claim", "Amsterdam-Frankfurt", "white", 1),
    (0, "deck"),
    (0, "deck"),
    (1, "claim", "Budapest-Wien-1", "red", 0),
    (0, "claim", "Berlin-Warszawa-1", "pink", 0),
    (1, "deck"),
    (1, "deck"),
    (0, "claim", "Bucuresti-Budapest", "black", 0),
    (1, "claim", "Angora-Constantinople", "black", 0),
    (1, "give_up"),
    (0, "claim", "Angora-Constantinople", "blue", 0),
    (0, "give_up"),
    (1, "claim", "Angora-Constantinople", "black", 0),
    (0, "claim", "Berlin-Essen", "blue", 0),
    (1, "deck"),
    (1, "deck"),
    (0, "claim", "Bucuresti-Sofia", "green", 0),
    (0, "give_up"),
    (1, "claim", "Dieppe-Paris", "pink", 0),
    (0, "claim", "Bucuresti-Sofia", "green", 0),
    (1, "deck"),
    (1, "deck"),
    (0, "claim", "Budapest-Zagrab", "orange", 0),
    (1, "claim", "Amsterdam-Bruxelles", "black", 0),
    (0, "deck"),
    (0, "deck"),
]


def to_action(state, step):
    seat, kind, *rest = step
    if kind == "keep":
        return {"type": "keep_tickets", "tickets": rest[0]}
    if kind == "up":
        card, colour = rest
        assert state["cards"][card] == colour and card in state["faceup"], step
        return {"type": "draw_faceup", "card": card}
    if kind == "deck":
        return {"type": "draw_deck"}
    if kind == "claim":
        return {"type": "claim", "route": rest[0], "colour": rest[1], "locomotives": rest[2]}
    if kind == "station":
        return {"type": "build_station", "city": rest[0], "colour": rest[1], "locomotives": rest[2]}
    if kind == "tickets":
        return {"type": "draw_tickets"}
    if kind == "pay":
        return {"type": "pay_tunnel", "locomotives": rest[0]}
    assert kind == "give_up", step
    return {"type": "give_up_tunnel"}


def play_script(moves: int | None = None):
    state = start(2, seed=7)
    events = []
    for step in SCRIPT[:moves]:
        state, new = act(state, step[0], to_action(state, step))
        events.append(new)
    return state, events


class TestOpening:
    """The hand-chosen moves, checked against the cards seed 7 deals."""

    def test_the_deal(self):
        state = start(2, seed=7)
        assert sorted(colours(state, state["hands"][A])) == ["black", "locomotive", "red", "white"]
        assert colours(state, state["faceup"]) == ["orange", "locomotive", "orange", "blue", "orange"]
        assert state["offers"] == [["k45", "k06", "k12", "k37"], ["k42", "k19", "k30", "k17"]]

    def test_a_face_up_locomotive_is_a_whole_turn(self):
        state, events = play_script(3)
        # The box: the 4 long tickets nobody was dealt, A's Edinburgh-Athina and Stockholm-Wien, B's Lisboa-Danzig.
        assert sorted(state["ticket_box"]) == ["k37", "k41", "k42", "k43", "k44", "k45", "k46"]
        assert state["active"] == B and hand(state, A)["locomotive"] == 2

    def test_two_cards_then_a_claim_with_locomotives(self):
        state, events = play_script(10)
        # B took orange, a blind locomotive, orange, orange; A two blind locomotives, then Brest-Paris (black 3)
        # with black + 2 locomotives: 4 points, 42 trains left.
        assert hand(state, B) == {"black": 1, "green": 1, "locomotive": 1, "orange": 3, "pink": 1, "yellow": 1}
        assert of_type(events[9], "route_claimed")[0]["points"] == 4 and state["trains"][A] == 42
        assert hand(state, A) == {"locomotive": 2, "red": 1, "white": 1}

    def test_a_tunnel_with_nothing_to_add(self):
        state, events = play_script(11)
        revealed = of_type(events[10], "tunnel_revealed")[0]
        assert (revealed["colours"], revealed["extra"]) == (["black", "orange", "blue"], 0)
        assert state["claims"]["Munchen-Zurich"] == B and state["trains"][B] == 43

    def test_drawing_tickets_keeps_one_and_puts_two_under_the_pile(self):
        state, events = play_script(13)
        offered = of_type(events[11], "tickets_offered")[0]["tickets"]
        assert [t["cities"] for t in offered] == [
            ["Berlin", "Moskva"],
            ["Berlin", "Bucuresti"],
            ["Sarajevo", "Sevastopol"],
        ]
        assert state["kept"][A] == ["k06", "k12", "k39"] and state["ticket_deck"][:2] == ["k18", "k27"]

    def test_a_tunnel_given_up_returns_the_cards(self):
        before, _ = play_script(16)
        state, events = play_script(18)
        revealed = of_type(events[16], "tunnel_revealed")[0]
        assert (revealed["colours"], revealed["extra"]) == (["orange", "pink", "yellow"], 1)
        assert hand(state, B) == hand(before, B) and "Marseille-Zurich" not in state["claims"]

    def test_a_first_station_costs_one_card(self):
        state, events = play_script(20)
        assert state["stations"] == {"Wien": A} and hand(state, A)["red"] == 1
        assert state["claims"]["Munchen-Wien"] == B


class TestTheEnd:
    def test_the_final_round_and_the_tie(self):
        state, events = play_script()
        final = [e for new in events for e in of_type(new, "final_round")]
        assert final == [{"type": "final_round", "seat": A, "trains_left": 2, "reason": "trains"}]
        assert state["trains"] == [2, 6] and state["turn"] == 79
        assert events[-1][-1] == {"type": "game_over", "winners": [B], "scores": [97, 97]}

    def test_the_breakdown_by_hand(self):
        state, _ = play_script()
        outcome = GAME.outcome(state)
        b, a = outcome["standings"]
        assert (b["seat"], b["place"], a["seat"], a["place"]) == (B, 1, A, 2)
        # A: 6 routes of 4 (7 each) + 3 of 3 (4 each) + 5 of 2 (2 each) = 42 + 12 + 10 = 64 points, 43 trains.
        # Tickets Kyiv-Petrograd 6 + Brest-Marseille 7 + Berlin-Moskva 12 = 25. One station (Wien): 2 unused = 8.
        # Longest path Essen-Berlin-Warszawa-Wilno-Smolensk-Moskva 2+4+3+3+2 = 14, no Express. 64+25+8 = 97.
        assert a["breakdown"]["routes"] == {"points": 64, "count": 14, "trains": 43}
        assert a["breakdown"]["tickets"]["points"] == 25 and a["breakdown"]["tickets"]["failed"] == []
        assert a["breakdown"]["stations"] == {
            "points": 8,
            "built": 1,
            "unused": 2,
            "borrowed": [{"city": "Wien", "route": "Budapest-Wien-1", "owner": B}],
        }
        assert a["breakdown"]["european_express"] == {"points": 0, "longest_path": 14}
        # B: 3 routes of 4 (21) + 2 of 3 (8) + 9 of 2 (18) + 3 of 1 (3) = 50 points, 39 trains. Tickets
        # Brest-Venezia 8 + Bruxelles-Danzig 9 + Barcelona-Munchen 8 = 25. Stations 3 x 4 = 12. Longest path
        # Barcelona-Pamplona-Brest-Dieppe-Bruxelles-Amsterdam-Frankfurt-Berlin-Danzig 2+4+2+2+1+2+3+4 = 20: +10.
        assert b["breakdown"]["routes"] == {"points": 50, "count": 17, "trains": 39}
        assert b["breakdown"]["tickets"]["points"] == 25
        assert b["breakdown"]["stations"]["points"] == 12
        assert b["breakdown"]["european_express"] == {"points": 10, "longest_path": 20}
        # 97 each, 3 tickets each: B built no station, A one, so B wins.
        assert a["score"] == b["score"] == 97 and a["tickets_completed"] == b["tickets_completed"] == 3

    def test_the_script_replays_through_the_core(self):
        match = new_match(GAME.name, 2, {}, 7)
        for step in SCRIPT:
            match, _ = play(match, step[0], to_action(match.state, step))
        again = replay(GAME.name, 2, match.options, 7, list(match.log))
        assert again.state == match.state and GAME.outcome(again.state)["winners"] == [B]


@pytest.mark.parametrize("moves", [0, 5, 60])
def test_the_script_never_leaves_a_seat_without_a_legal_action(moves):
    state, _ = play_script(moves)
    for seat in GAME.to_act(state):
        assert GAME.legal_actions(state, seat)
