"""A golden playthrough, checked by hand: seed 2026, the small deck, three players with two cards each.

Deal: seat 0 printing (1440), columbus (1492); seat 1 bastille (1789), magna-carta (1215); seat 2 rome (753 BC),
caesar (44 BC); start card hastings (1066); pile top-down: telephone, steam, pyramids, moon, newton.
"""

from engine.core.match import play
from engine.games import new_match, replay

SCRIPT = [
    # round 1
    (0, "printing", 1, "card_placed"),
    (1, "bastille", 0, "card_boxed"),  # 1789 before 1066: wrong, draws telephone
    (2, "rome", 0, "card_placed"),
    # round 2: nobody emptied, so it goes on
    (0, "columbus", 3, "card_placed"),
    (1, "magna-carta", 2, "card_placed"),
    (2, "caesar", 1, "card_placed"),
    # seats 0 and 2 emptied their hands: seat 1 is out, the survivors draw steam and pyramids
    (0, "steam", 6, "card_placed"),
    (2, "pyramids", 1, "card_boxed"),  # 2560 BC after 753 BC: wrong, draws moon
]


def test_golden_playthrough(small_deck):
    match = new_match("timeline", 3, {"deck": "small", "hand_size": 2}, 2026)
    zones = match.rules.zones(match.state)
    assert [zones[f"hand:{s}"] for s in range(3)] == [
        ["printing", "columbus"],
        ["bastille", "magna-carta"],
        ["rome", "caesar"],
    ]
    assert zones["timeline"] == ["hastings"]
    seen = []
    for seat, card, gap, expected in SCRIPT:
        match, events = play(match, seat, {"type": "place", "card": card, "gap": gap})
        assert events[0]["type"] == expected
        seen += events
    state = match.state
    zones = match.rules.zones(state)
    assert zones["timeline"] == ["rome", "caesar", "hastings", "magna-carta", "printing", "columbus", "steam"]
    assert zones["box"] == ["bastille", "pyramids"]
    assert [zones[f"hand:{s}"] for s in range(3)] == [[], ["telephone"], ["moon"]]
    assert zones["pile"] == ["newton"]
    assert {"type": "players_eliminated", "seats": [1], "round": 2, "v": 6} in seen
    assert [e["card"]["id"] for e in seen if e["type"] == "card_drawn"] == ["telephone", "steam", "pyramids", "moon"]
    assert seen[-1] == {"type": "game_over", "winners": [0], "v": 8}
    assert match.rules.outcome(state) == {
        "winners": [0],
        "standings": [
            {"seat": 0, "place": 1, "cards_left": 0, "eliminated_in_round": None},
            {"seat": 2, "place": 2, "cards_left": 1, "eliminated_in_round": None},
            {"seat": 1, "place": 3, "cards_left": 1, "eliminated_in_round": 2},
        ],
    }
    assert replay("timeline", 3, match.options, 2026, list(match.log)).state == state
