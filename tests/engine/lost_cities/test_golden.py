"""A golden playthrough, checked by hand: seed 7, two players, the pinned layout (arrows 3 and 6, urns 4 and 8).

Seat 0 (A) is active in odd turns, seat 1 (B) in even ones. The seed rolls:
 1 purple purple red 9 7 7    2 red yellow orange 4 6 6     3 orange yellow green 2 2 6
 4 green red yellow 2 9 3     5 green purple purple 5 4 5   6 purple red purple 2 9 4
 7 blue purple orange 7 6 8   8 orange green orange 6 1 7   9 blue purple purple 6 1 5
10 blue red red 0 6 5        11 blue green red 2 6 9       12 purple yellow purple 9 8 6
13 orange orange yellow 4 2 3 14 purple purple red 2 9 1   15 yellow yellow red 8 2 9
16 red green yellow 4 2 9
"""

from tests.engine.lost_cities.support import GAME, REFUSE, accelerate, act, of_type, start, take

A, B = 0, 1
SCRIPT = [
    (1, A, take("purple", 7)),
    (1, B, take("red", 7)),
    (2, B, take("yellow", 4)),
    (2, A, REFUSE),  # A dice 1
    (3, A, take("orange", 2)),
    (3, B, take("yellow", 6)),
    (4, B, take("yellow", 9)),
    (4, B, accelerate("yellow")),
    (4, A, REFUSE),  # arrow 3 -> yellow 9 on urn 4; A dice 2
    (5, A, take("green", 4)),
    (5, B, REFUSE),  # B dice 1
    (6, B, take("red", 9)),
    (6, A, REFUSE),  # A dice 3
    (7, A, take("orange", 6)),
    (7, B, REFUSE),  # B dice 2
    (8, B, REFUSE),
    (8, A, take("orange", 7)),
    (8, A, accelerate("orange")),  # all six dice open to A; urn 4
    (9, A, take("blue", 1)),
    (9, B, REFUSE),  # B dice 4
    (10, B, take("blue", 0, "double")),
    (10, A, REFUSE),  # B's blue circle; A dice 4
    (11, A, take("green", 6)),
    (11, B, take("blue", 2)),
    (12, B, take("yellow", 9)),
    (12, A, REFUSE),  # yellow space 5; A dice 5
    (13, A, REFUSE),
    (13, B, REFUSE),  # A dice 6, B dice 5
    # red 9 on arrow 3 -> yellow 9 on arrow 6 -> red 9 on urn 4: a chain of two accelerations
    (14, B, take("red", 9)),
    (14, B, accelerate("yellow")),
    (14, B, accelerate("red")),
    (14, A, REFUSE),  # A dice 7: the dice bridge is A's
    (15, A, REFUSE),
    (15, B, REFUSE),  # A dice 8, B dice 6
    (16, B, take("yellow", 9)),
    (16, A, REFUSE),  # yellow space 7: B's bridge; A dice 9, exhausted
    (17, A, REFUSE),
    (17, B, REFUSE),  # A marks nothing; B dice 7 (the dice bridge is gone)
    (18, B, REFUSE),
    (18, A, REFUSE),  # B dice 8
    (19, A, REFUSE),
    (19, B, REFUSE),  # B dice 9: everybody is exhausted, the game ends
]


def play_script():
    state = start(2, seed=7)
    events = []
    for turn, seat, action in SCRIPT:
        assert state["turn"] == turn, (turn, seat, action)
        state, new = act(state, seat, action)
        events += new
    return state, events


def test_the_script_plays_to_the_end():
    state, events = play_script()
    assert GAME.to_act(state) == set() and state["turn"] == 19
    assert events[-1] == {"type": "game_over", "winners": [B], "scores": [-40, 0]}


def test_the_sheets():
    state, _ = play_script()
    a, b = state["sheets"]
    assert a["columns"] == {
        "red": [],
        "orange": [2, 6, 7, 7],
        "yellow": [],
        "green": [4, 6],
        "blue": [1],
        "purple": [7],
    }
    assert b["columns"] == {
        "red": [7, 9, 9, 9],
        "orange": [],
        "yellow": [4, 6, 9, 9, 9, 9, 9],
        "green": [],
        "blue": [2],
        "purple": [],
    }
    assert not any(a["circles"].values()) and [c for c, on in b["circles"].items() if on] == ["blue"]
    assert (a["artefacts"], a["dice"], b["artefacts"], b["dice"]) == (1, 9, 2, 9)
    assert {c: v for c, v in a["bridges"].items() if v} == {"yellow": "lost", "dice": "won"}
    assert {c: v for c, v in b["bridges"].items() if v} == {"yellow": "won", "dice": "lost"}


def test_the_scores_by_hand():
    state, _ = play_script()
    outcome = GAME.outcome(state)
    assert outcome["winners"] == [B]
    a, b = sorted(outcome["standings"], key=lambda s: s["seat"])
    # A: orange 4 spaces -5, green 2 spaces -15, blue 1 -20, purple 1 -20; 1 artefact 0; exhausted 0; dice bridge 20
    assert {c: p["points"] for c, p in a["breakdown"].items()} == {
        "red": 0,
        "orange": -5,
        "yellow": 0,
        "green": -15,
        "blue": -20,
        "purple": -20,
        "artefacts": 0,
        "dice": 0,
        "bridges": 20,
    }
    assert a["score"] == -40 and a["place"] == 2
    # B: red 4 spaces -5, yellow 7 spaces 25, blue 1 space doubled -40; 2 artefacts 0; exhausted 0; yellow bridge 20
    assert {c: p["points"] for c, p in b["breakdown"].items()} == {
        "red": -5,
        "orange": 0,
        "yellow": 25,
        "green": 0,
        "blue": -40,
        "purple": 0,
        "artefacts": 0,
        "dice": 0,
        "bridges": 20,
    }
    assert b["score"] == 0 and b["place"] == 1


def test_the_chain_and_the_bridges_as_events():
    _, events = play_script()
    written = [(e["seat"], e["column"], e["space"]) for e in of_type(events, "number_written") if e["value"] == 9]
    assert written[-4:-1] == [(B, "red", 3), (B, "yellow", 6), (B, "red", 4)]
    assert [(e["column"], e["seats"]) for e in of_type(events, "bridge_crossed")] == [("dice", [A]), ("yellow", [B])]
    assert [e["why"] for e in of_type(events, "artefact_marked")] == ["urn", "urn", "urn"]
