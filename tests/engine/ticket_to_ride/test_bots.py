"""The greedy bot plays legal moves to the end and beats the random bot."""

from engine.core.match import play
from engine.core.protocol import RandomBot
from engine.core.rng import Rng
from engine.games import new_match
from engine.ticket_to_ride.bots import GreedyBot
from tests.engine.ticket_to_ride.support import GAME, playing, rig


def keep(state, seat, ticket):
    """Hand the seat a ticket out of the ticket deck, so no ticket lies in two places."""
    for zone in (state["ticket_deck"], state["ticket_box"], *state["offers"]):
        if ticket in zone:
            zone.remove(ticket)
    state["kept"][seat] = [ticket]


def game_between(bots, seed):
    match = new_match(GAME.name, len(bots), {}, seed)
    rng = Rng(seed + 100)
    for _ in range(3000):
        if match.is_over():
            return GAME.outcome(match.state)
        seat = min(match.to_act())
        action = bots[seat].choose(GAME, match.state, seat, rng)
        assert action in GAME.legal_actions(match.state, seat)
        match, _ = play(match, seat, action)
    raise AssertionError("the game did not end")


class TestGreedy:
    def test_greedy_beats_random(self):
        wins = 0
        for seed in range(6):
            outcome = game_between([GreedyBot(), RandomBot()], seed)
            wins += outcome["winners"] == [0]
        assert wins >= 5

    def test_greedy_against_itself_ends(self):
        outcome = game_between([GreedyBot(), GreedyBot(), GreedyBot()], 4)
        assert all(s["score"] > -100 for s in outcome["standings"])

    def test_it_claims_a_route_its_ticket_needs(self):
        state = rig(playing(2), hands={0: ["red"] * 3 + ["pink"] * 3})
        keep(state, 0, "k02")  # Budapest-Sofia: Budapest-Sarajevo (pink 3), Sarajevo-Sofia (grey 2)
        action = GreedyBot().choose(GAME, state, 0, Rng(1))
        assert action == {"type": "claim", "route": "Budapest-Sarajevo", "colour": "pink", "locomotives": 0}

    def test_it_takes_a_face_up_colour_it_needs(self):
        state = rig(playing(2), hands={0: ["pink"]}, faceup=["white", "pink", "green", "black", "white"])
        keep(state, 0, "k02")
        action = GreedyBot().choose(GAME, state, 0, Rng(1))
        assert action["type"] == "draw_faceup" and state["cards"][action["card"]] == "pink"

    def test_it_keeps_tickets_it_can_connect(self):
        state = GAME.setup(2, {"tunnel_failure": "return"}, 3)
        action = GreedyBot().choose(GAME, state, 0, Rng(1))
        assert action["type"] == "keep_tickets" and len(action["tickets"]) >= 2
