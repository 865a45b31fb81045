"""A golden playthrough, checked by hand: seed 1, two players, every action scripted, to the end.

The deal (seed 1): seat 0 holds ship 4, ship 7, train 2; seat 1 train 2, ship 4, train 3. The detective stands in
Brindisi all game (two players lay out only gold, balloon and event). Receipts (red first / blue last):
paris delay/travel, brindisi travel/gold, suez delay/delay, bombay gold/delay, calcutta gold/gold,
hong_kong gold/event, yokohama event/travel, san_francisco event/gold, new_york travel/event.

Seat 0's days, leg by leg (equal cards count once; the balloon takes over the card that saves most):
  London-Paris s4+t2 = 6 | Paris-Brindisi t4+t4 = 4 (10) | detective +2 (12) | Brindisi-Suez s7 by balloon card,
  die 6 re-rolled to 1 (13) | seat 1's blue +1 at Suez (14) | Suez-Bombay s5+s7 = 12 (26) | Bombay-Calcutta Elefant
  6 + die 6 re-rolled to 3 = 9 (35) | Calcutta-Hong Kong Unterseeboot 3 (38) | Unwetter +2 (40) | Hong Kong-Yokohama
  s6+s6 = 6 (46) | Yokohama-San Francisco s7+s8, balloon for the 8, die 3 = 10 (56) | Unwetter +2 (58) |
  San Francisco-New York t5+t5 = 5 (63) | New York-London s6+s8+t2, balloon for the 8, die 1 = 9: home with 72.
Seat 1's days:
  seat 0's red +1 at Paris (1) | London-Paris s4+t2, balloon for the 4, die 2 = 4 (5) | Paris-Brindisi t3+t3 = 3 (8) |
  detective +2 (10) | seat 0's red +1 at Suez (11) | Brindisi-Suez s4 by balloon, die 2 (13) | Suez-Bombay s7+s7 = 7
  (20) | seat 0's blue +1 at Bombay (21) | Bombay-Calcutta on elephants 12 (33) | Calcutta-Hong Kong s5 by balloon
  card, die 3 (36) | Hong Kong-Yokohama s5+t3, balloon for the 5, die 5 re-rolled to 2 = 5 (41) | Unwetter from its red
  receipt at Yokohama +2 (43) | Yokohama-San Francisco s5+s8, balloon for the 8, die 3 = 8 (51) | Unwetter from the
  event action +2 (53) | San Francisco-New York t4+t4 = 4 (57) | New York-London s4+s7+t3 = 14: home with 71.
Both arrive in round 11: the two-player game ends after it, and with both home the fewer days win: seat 1 (71 < 72),
though seat 0 arrived first.
"""

from engine.core.match import play
from engine.games import new_match, replay
from tests.engine.around_the_world.support import GAME, of_type, types

KIND = {"s": "ship", "t": "train"}


def parse(text):
    """Read the script's short form: 'take gold+', 'travel s4 t2 +balloon balloon', 'receipt' (draw), 'end'..."""
    word, *rest = text.split()
    if word == "take":
        action = {"type": "take", "space": rest[0].rstrip("+")}
        return {**action, "use": True} if rest[0].endswith("+") else action
    if word == "travel":
        cards = [{"kind": KIND[w[0]], "days": int(w[1:])} for w in rest if w[0] in KIND]
        events = [w[1:] for w in rest if w.startswith("+")]
        return {"type": "travel", "cards": cards, "events": events, "balloon_action": "balloon" in rest}
    if word in ("buy", "sell_event"):
        return {"type": word, ("deck" if word == "buy" else "card"): rest[0]}
    return {"type": {"end": "end_turn", "receipt": "draw_receipt"}.get(word, word)}


SCRIPT = [
    # round 1 (start: seat 0)
    (0, "take gold+"),
    (0, "travel s4 t2"),
    (0, "end"),
    (1, "take balloon+"),
    (1, "travel s4 t2 balloon"),
    (1, "accept"),
    (1, "receipt"),
    (1, "end"),
    # round 2 (seat 1)
    (1, "take gold+"),
    (1, "travel t3 t3"),
    (1, "receipt"),
    (1, "end"),
    (0, "take event+"),
    (0, "travel t4 t4"),
    (0, "end"),
    # round 3 (seat 0)
    (0, "take gold+"),
    (0, "travel s7 +balloon"),
    (0, "reroll"),
    (0, "accept"),
    (0, "end"),
    (1, "take balloon+"),
    (1, "travel s4 balloon"),
    (1, "accept"),
    (1, "end"),
    # round 4 (seat 1)
    (1, "take balloon+"),
    (1, "travel s7 s7"),
    (1, "end"),
    (0, "take gold+"),
    (0, "buy travel"),
    (0, "end"),
    # round 5 (seat 0)
    (0, "take gold+"),
    (0, "travel s5 s7"),
    (0, "end"),
    (1, "take event+"),
    (1, "travel"),
    (1, "buy travel"),
    (1, "end"),
    # round 6 (seat 1)
    (1, "take gold+"),
    (1, "travel s5 +balloon"),
    (1, "accept"),
    (1, "buy travel"),
    (1, "end"),
    (0, "take event+"),
    (0, "travel +elephant"),
    (0, "reroll"),
    (0, "accept"),
    (0, "end"),
    # round 7 (seat 0)
    (0, "take event+"),
    (0, "travel +submarine"),
    (0, "receipt"),
    (0, "end"),
    (1, "take balloon+"),
    (1, "travel s5 t3 balloon"),
    (1, "reroll"),
    (1, "accept"),
    (1, "receipt"),
    (1, "end"),
    # round 8 (seat 1)
    (1, "take balloon+"),
    (1, "travel s5 s8 balloon"),
    (1, "accept"),
    (1, "receipt"),
    (1, "end"),
    (0, "take gold+"),
    (0, "travel s6 s6"),
    (0, "receipt"),
    (0, "buy travel"),
    (0, "end"),
    # round 9 (seat 0)
    (0, "take balloon+"),
    (0, "travel s7 s8 balloon"),
    (0, "accept"),
    (0, "end"),
    (1, "take event+"),
    (1, "travel t4 t4"),
    (1, "receipt"),
    (1, "end"),
    # round 10 (seat 1)
    (1, "take gold+"),
    (1, "end"),
    (0, "take balloon+"),
    (0, "travel t5 t5"),
    (0, "receipt"),
    (0, "sell_event elephant"),
    (0, "buy travel"),
    (0, "end"),
    # round 11 (seat 0): both come home
    (0, "take balloon+"),
    (0, "travel s6 s8 t2 balloon"),
    (0, "accept"),
    (1, "take gold+"),
    (1, "travel s4 s7 t3"),
]


def play_script():
    match = new_match("around-the-world", 2, {}, 1)
    events = []
    for seat, text in SCRIPT:
        action = parse(text)
        assert action in GAME.legal_actions(match.state, seat), (seat, text)
        match, new = play(match, seat, action)
        events += new
    return match, events


def test_the_deal():
    state = new_match("around-the-world", 2, {}, 1).state
    hands = [
        sorted((state["travel_cards"][c]["kind"], state["travel_cards"][c]["days"]) for c in hand)
        for hand in state["hands"]
    ]
    assert hands == [[("ship", 4), ("ship", 7), ("train", 2)], [("ship", 4), ("train", 2), ("train", 3)]]
    assert {loc: (chips["red"], chips["blue"]) for loc, chips in state["receipts"].items()} == {
        "paris": ("delay", "travel"),
        "brindisi": ("travel", "gold"),
        "suez": ("delay", "delay"),
        "bombay": ("gold", "delay"),
        "calcutta": ("gold", "gold"),
        "hong_kong": ("gold", "event"),
        "yokohama": ("event", "travel"),
        "san_francisco": ("event", "gold"),
        "new_york": ("travel", "event"),
    }


def test_the_legs_by_hand():
    _, events = play_script()
    legs = {0: [], 1: []}
    for e in of_type(events, "travelled"):
        legs[e["seat"]].append((e["destination"], e["days"]))
    assert legs[0] == [
        ("paris", 6),
        ("brindisi", 4),
        ("suez", 1),
        ("bombay", 12),
        ("calcutta", 9),
        ("hong_kong", 3),
        ("yokohama", 6),
        ("san_francisco", 10),
        ("new_york", 5),
        ("london", 9),
    ]
    assert legs[1] == [
        ("paris", 4),
        ("brindisi", 3),
        ("suez", 2),
        ("bombay", 7),
        ("calcutta", 12),
        ("hong_kong", 3),
        ("yokohama", 5),
        ("san_francisco", 8),
        ("new_york", 4),
        ("london", 14),
    ]
    lost = [(e["reason"], e["seats"], e["days"]) for e in of_type(events, "days_lost")]
    assert lost == [
        ("receipt", [1], 1),
        ("detective", [1], 2),
        ("detective", [0], 2),
        ("receipt", [1], 1),
        ("receipt", [0], 1),
        ("receipt", [1], 1),
        ("storm", [0, 1], 2),
        ("storm", [0, 1], 2),
    ]
    assert sum(d for _, d in legs[0]) + 2 + 1 + 2 + 2 == 72
    assert sum(d for _, d in legs[1]) + 1 + 2 + 1 + 1 + 2 + 2 == 71


def test_dice_and_gold():
    _, events = play_script()
    rolls = [(e["seat"], e["effect"], e["die"]) for e in of_type(events, "die_rolled")]
    assert rolls == [
        (1, "balloon", 2),
        (0, "balloon", 6),
        (0, "balloon", 1),
        (1, "balloon", 2),
        (1, "balloon", 3),
        (0, "elephant", 6),
        (0, "elephant", 3),
        (1, "balloon", 5),
        (1, "balloon", 2),
        (1, "balloon", 3),
        (0, "balloon", 3),
        (0, "balloon", 1),
    ]
    assert [e["card"] for e in of_type(events, "grey_event")] == ["storm", "storm"]


def test_the_end():
    match, events = play_script()
    assert types(events)[-3:] == ["arrived_in_london", "round_ended", "game_over"]
    state = match.state
    assert state["days"] == [72, 71] and state["arrivals"] == [0, 1] and state["gold"] == [2, 3]
    outcome = GAME.outcome(state)
    assert outcome["winners"] == [1] and outcome["decided_by"] == "days"
    assert [(s["seat"], s["place"], s["days"], s["arrival"]) for s in outcome["standings"]] == [
        (1, 1, 71, 2),
        (0, 2, 72, 1),
    ]


def test_replay():
    match, _ = play_script()
    again = replay("around-the-world", 2, {}, 1, list(match.log))
    assert again.state == match.state and again.version == len(SCRIPT)
