"""A golden playthrough: seed 2024, two players (aged 34 and 12), one card per colour, every step checked by hand.

After the deal (seed 2024) the table is:
  seat 0: red Königgrätz 1866, beige Sistine Chapel ceiling 1512, blue Pluto 1930
  seat 1: red Teutoburg Forest 9, beige Les Misérables 1862, blue stethoscope 1816
  common tops: red Yorktown 1781 (then the Marne 1914, Waterloo 1815), beige Handel's Messiah 1742,
               blue Uranus 1781 (then ether anaesthesia 1846)
"""

from engine.core.match import play
from engine.games import new_match, replay
from tests.engine.chronology.helpers import GAME


def place(colour, gap, card):
    return {"type": "place", "colour": colour, "gap": gap, "card": card}


SCRIPT = [
    # seat, action, the types of the events it causes
    (0, {"type": "start", "colour": "red"}, ["chronology_started"]),  # Yorktown 1781 starts seat 1
    (1, {"type": "start", "colour": "blue"}, ["chronology_started", "round_started"]),  # Uranus 1781 starts seat 0
    # Round 1. Königgrätz 1866 after Uranus 1781: right.
    (0, place("red", 1, "battle-of-koniggratz"), ["card_placed", "power_offered"]),
    (0, {"type": "skip"}, ["power_skipped"]),
    # Les Misérables 1862 after Yorktown 1781: right; seat 0 gets the Marne 1914 from the common red deck.
    (1, place("beige", 1, "les-miserables"), ["card_placed", "power_offered"]),
    (1, {"type": "move_top", "colour": "red", "seat": 0}, ["power_used", "round_started"]),
    # Round 2. Pluto 1930 before Uranus 1781: wrong.
    (0, place("blue", 0, "discovery-of-pluto"), ["card_discarded"]),
    # Stethoscope 1816 between 1781 and 1862: right; the red tops swap: seat 0 gets Teutoburg, seat 1 the Marne.
    (1, place("blue", 1, "stethoscope"), ["card_placed", "power_offered"]),
    (1, {"type": "swap_tops", "colour": "red", "seats": [0, 1]}, ["power_used", "round_started"]),
    # Round 3. Teutoburg 9 before 1781: right; seat 0 discards its own last card and so starts the final round.
    (0, place("red", 0, "battle-of-the-teutoburg-forest"), ["card_placed", "power_offered"]),
    (0, {"type": "discard_top", "seat": 0, "colour": "beige"}, ["power_used", "final_round"]),
    # Seat 1 plays the round out: the Marne 1914 before 1781: wrong.
    (1, place("red", 0, "first-battle-of-the-marne"), ["card_discarded", "game_over"]),
]


def test_golden_playthrough():
    match = new_match("chronology", 2, {"cards_per_colour": 1, "ages": [34, 12]}, 2024)
    assert match.state["stacks"] == [
        {"red": ["battle-of-koniggratz"], "beige": ["sistine-chapel-ceiling"], "blue": ["discovery-of-pluto"]},
        {"red": ["battle-of-the-teutoburg-forest"], "beige": ["les-miserables"], "blue": ["stethoscope"]},
    ]
    assert [match.state["common"][c][-1] for c in ("red", "beige", "blue")] == [
        "siege-of-yorktown",
        "handels-messiah",
        "discovery-of-uranus",
    ]
    for seat, action, expected in SCRIPT:
        assert action in GAME.legal_actions(match.state, seat)
        match, events = play(match, seat, action)
        assert [e["type"] for e in events] == expected, action

    state = match.state
    assert state["chronologies"] == [
        ["battle-of-the-teutoburg-forest", "discovery-of-uranus", "battle-of-koniggratz"],
        ["siege-of-yorktown", "stethoscope", "les-miserables"],
    ]
    assert state["discard"] == ["discovery-of-pluto", "sistine-chapel-ceiling", "first-battle-of-the-marne"]
    assert state["stacks"] == [{"red": [], "beige": [], "blue": []}] * 2
    assert {c: (len(cards), cards[-1]) for c, cards in state["common"].items()} == {
        "red": (66, "battle-of-waterloo"),
        "beige": (68, "handels-messiah"),
        "blue": (67, "ether-anaesthesia"),
    }
    assert state["round"] == 3 and state["final_round"] and match.version == 12
    # Three cards each and no card left: the younger player wins.
    assert GAME.outcome(state) == {
        "winners": [1],
        "decided_by": "age",
        "standings": [
            {"seat": 1, "place": 1, "chronology": 3, "cards_left": 0, "age": 12},
            {"seat": 0, "place": 2, "chronology": 3, "cards_left": 0, "age": 34},
        ],
    }
    assert replay("chronology", 2, match.options, 2024, list(match.log)).state == state
