"""Bots: both play legal actions only; the greedy bot travels cheaply, dodges the detective and beats random."""

from engine.core.match import play
from engine.core.protocol import RandomBot
from engine.core.rng import Rng
from engine.games import new_match
from tests.engine.around_the_world.support import GAME, act, rig_dice, set_hand, start, travel, travel_phase

GREEDY = GAME.bots["medium"]


def choice(match, seat=None):
    seat = next(iter(match.to_act())) if seat is None else seat
    return GREEDY().choose(GAME, match.state, seat, Rng(0))


class TestGreedyChoices:
    def test_it_travels_with_the_cheapest_cards(self):
        match = travel_phase(start(3))
        set_hand(match.state, 0, [("ship", 7), ("ship", 4), ("train", 3), ("train", 2)])
        assert choice(match) == travel([("ship", 4), ("train", 2)])

    def test_it_waits_for_better_cards_when_nobody_is_ahead(self):
        match = travel_phase(start(3))
        set_hand(match.state, 0, [("ship", 8), ("train", 6)])
        assert choice(match) == {"type": "end_turn"}

    def test_it_re_rolls_a_high_die_with_gold(self):
        match, _ = act(start(3), {"type": "take", "space": "balloon", "use": True})
        set_hand(match.state, 0, [("ship", 7), ("train", 3)])
        rig_dice(match.state, [6])
        match, _ = act(match, travel([("ship", 7), ("train", 3)], balloon_action=True))
        assert choice(match) == {"type": "reroll"}
        match.state["roll"]["die"] = 2
        assert choice(match) == {"type": "accept"}

    def test_it_moves_the_detective_off_its_way(self):
        match = start(3)
        match.state["positions"][0] = 1  # Paris; the detective waits in Brindisi, the next stop
        take = choice(match)
        assert take.get("space") != "detective" or take["location"] not in ("paris", "brindisi")
        detective = [a for a in GAME.legal_actions(match.state, 0) if "location" in a]
        values = {a["location"]: GREEDY()._take_value(match.state, GAME.board, 0, a) for a in detective}
        assert max(values, key=values.get) not in ("paris", "brindisi")


def _play(players, bots, seed):
    match = new_match("around-the-world", players, {}, seed)
    rng = Rng(seed)
    while not match.is_over():
        seat = min(match.to_act())
        action = bots[seat].choose(GAME, match.state, seat, rng)
        assert action in GAME.legal_actions(match.state, seat)
        match, _ = play(match, seat, action)
    return GAME.outcome(match.state)


class TestStrength:
    def test_greedy_beats_random(self):
        wins = 0
        for seed in range(20):
            greedy_seat = seed % 3
            bots = [GREEDY() if s == greedy_seat else RandomBot() for s in range(3)]
            wins += greedy_seat in _play(3, bots, seed)["winners"]
        assert wins >= 15

    def test_greedy_tables_finish(self):
        for players in (2, 6):
            outcome = _play(players, [GREEDY() for _ in range(players)], 3)
            assert outcome["winners"]
