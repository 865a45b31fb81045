"""Grouped legal actions in every game: the groups stand for exactly the legal actions, and stay small."""

import functools
import random

import orjson
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.core.compact_groups import CompactActionGroupSchema, compact
from engine.core.compact_groups import expand as expand_compact
from engine.core.grouping import ActionGroupSchema, expand, group
from engine.core.match import play
from engine.core.protocol import Game
from engine.core.rng import Rng
from engine.games import all_games, get_game, new_match
from tests.engine.ticket_to_ride.support import playing, rig

GAMES = all_games()
GROUPS = ActionGroupSchema(many=True)
COMPACT = CompactActionGroupSchema(many=True)
KB8 = 8 * 1024


def canonical(actions):
    return sorted(orjson.dumps(a, option=orjson.OPT_SORT_KEYS) for a in actions)


def holds_for(game, state, seat):
    actions = game.legal_actions(state, seat)
    groups = game.action_groups(state, seat)
    assert GROUPS.validate(groups) == {}, GROUPS.validate(groups)
    expanded = expand(groups)
    if type(game).action_groups is Game.action_groups:
        assert expanded == actions
    else:  # a game's own groups may put together actions apart in the list: the same actions, each once
        assert len(expanded) == len(actions)
        assert canonical(expanded) == canonical(actions)
    assert orjson.loads(orjson.dumps(groups)) == groups
    written = compact(groups)  # as a client is sent them
    assert COMPACT.validate(written) == {}
    assert len(expand_compact(written)) == len(actions) and canonical(expand_compact(written)) == canonical(actions)
    return actions, groups


@pytest.mark.parametrize("game", GAMES, ids=[g.name for g in GAMES])
@pytest.mark.parametrize("seed", range(3))
def test_the_groups_of_every_seat_expand_to_its_legal_actions_in_random_games(game, seed):
    players = [game.min_players, game.max_players, min(game.max_players, 3)][seed]
    pick = random.Random(seed)
    match, seen = new_match(game.name, players, {}, seed), 0
    for _ in range(5_000):
        if not match.to_act():
            break
        for seat in range(players):
            actions, groups = holds_for(game, match.state, seat)
            assert bool(actions) == bool(groups) == (seat in match.to_act())
            seen += len(actions)
        seat = pick.choice(sorted(match.to_act()))
        match, _ = play(match, seat, pick.choice(game.legal_actions(match.state, seat)))
    assert game.outcome(match.state) is not None, "the game did not end"
    assert seen


KEYS = st.sampled_from(["card", "gap", "route"])
VALUES = st.one_of(st.integers(0, 3), st.sampled_from(["a", "b"]), st.none(), st.lists(st.integers(0, 2), max_size=2))
ACTIONS = st.lists(
    st.builds(
        lambda kind, fields: {"type": kind, **fields},
        st.sampled_from(["draw", "place"]),
        st.dictionaries(KEYS, VALUES, max_size=3),
    ),
    max_size=12,
)


@settings(max_examples=300, deadline=None)
@given(ACTIONS)
def test_the_generic_fold_gives_back_any_list_of_actions_in_order(actions):
    groups = group(actions)
    assert expand(groups) == actions
    assert GROUPS.validate(groups) == {}
    assert len(groups) <= len(actions)


def test_the_generic_fold_puts_a_run_differing_in_one_field_in_one_group():
    actions = [{"type": "place", "card": "x", "gap": gap} for gap in range(4)] + [{"type": "draw"}]
    assert group(actions) == [
        {"action": {"type": "place", "card": "x"}, "vary": "gap", "options": [0, 1, 2, 3]},
        {"action": {"type": "draw"}, "vary": None, "options": []},
    ]


def test_then_completes_every_action_above_it_in_order():
    groups = [
        {
            "action": {"type": "claim"},
            "vary": "route",
            "options": ["A-B", "B-C"],
            "then": [
                {"action": {"colour": "red"}, "vary": "locomotives", "options": [0, 1]},
                {"action": {"colour": "locomotive", "locomotives": 2}, "vary": None, "options": []},
            ],
        }
    ]
    assert expand(groups) == [
        {"type": "claim", "route": "A-B", "colour": "red", "locomotives": 0},
        {"type": "claim", "route": "A-B", "colour": "red", "locomotives": 1},
        {"type": "claim", "route": "A-B", "colour": "locomotive", "locomotives": 2},
        {"type": "claim", "route": "B-C", "colour": "red", "locomotives": 0},
        {"type": "claim", "route": "B-C", "colour": "red", "locomotives": 1},
        {"type": "claim", "route": "B-C", "colour": "locomotive", "locomotives": 2},
    ]


TTR = get_game("ticket-to-ride-europe")


def late_five_player_turn(seed: int = 1):
    """The turn with the longest exact list in a greedy five-player game, past the middle of the game."""
    state, seat, actions = _late_five_player_turn(seed)
    return TTR.copy_state(state), seat, list(actions)


@functools.cache
def _late_five_player_turn(seed: int):
    bot, rng = TTR.bots["medium"](), Rng(seed)
    match, longest = new_match(TTR.name, 5, {}, seed), None
    while match.to_act():
        seat = min(match.to_act())
        actions = TTR.legal_actions(match.state, seat)
        if sum(match.state["trains"]) <= 150 and (longest is None or len(actions) > len(longest[2])):
            longest = (match.state, seat, actions)
        match, _ = play(match, seat, bot.choose(TTR, match.state, seat, rng))
    assert longest is not None
    return longest


def holding(state, seat, counts):
    """The state with the seat's hand made of `counts` cards of each colour, taken from the pile, the discard pile
    and its hand (the rest in the pile)."""
    state = TTR.copy_state(state)
    pool = sorted([*state["deck"], *state["discard"], *state["hands"][seat]])
    hand = [card for colour, n in counts.items() for card in [c for c in pool if state["cards"][c] == colour][:n]]
    assert len(hand) == sum(counts.values()), "the cards are not there"
    state["hands"][seat], state["deck"], state["discard"] = hand, [c for c in pool if c not in hand], []
    return state


# Hands that make a late turn's groups longest: the three worst of ten seeded games, each found by a hill climb over
# the counts of each colour (`bench/bench_action_groups.py --worst`): many locomotives and colours each of another
# count, so that every grey route takes each colour with its own numbers of locomotives.
WORST_HANDS = {
    6: {"red": 5, "blue": 2, "green": 3, "orange": 6, "pink": 4, "yellow": 7, "black": 1, "white": 11, "locomotive": 9},
    7: {
        "red": 1,
        "blue": 2,
        "green": 6,
        "orange": 10,
        "pink": 5,
        "yellow": 4,
        "black": 7,
        "white": 3,
        "locomotive": 10,
    },
    10: {
        "red": 5,
        "blue": 1,
        "green": 10,
        "orange": 4,
        "pink": 7,
        "yellow": 2,
        "black": 3,
        "white": 6,
        "locomotive": 9,
    },
}


def late_turns():
    """(label, state, seat): the late five-player turns the size of a grouped view is judged on: the longest exact
    list past the middle of a greedy game, the same with 20 cards more in hand, and the worst hands found."""
    turns = []
    for seed in (1, 92):
        state, seat, _ = late_five_player_turn(seed)
        if seed == 1:
            turns.append((f"seed {seed}", state, seat))
        more = TTR.copy_state(state)
        more["hands"][seat] += more["deck"][-20:]
        del more["deck"][-20:]
        turns.append((f"seed {seed}, 20 cards more", more, seat))
    for seed, counts in WORST_HANDS.items():
        state, seat, _ = late_five_player_turn(seed)
        turns.append((f"seed {seed}, worst hand found", holding(state, seat, counts), seat))
    return turns


@pytest.mark.parametrize("turn", range(6))
def test_a_late_five_player_ticket_to_ride_turn_in_groups_is_a_few_kb(turn):
    label, state, seat = late_turns()[turn]
    actions, groups = holds_for(TTR, state, seat)
    written = len(orjson.dumps(compact(groups)))
    print(f"\n{label}: {len(actions)} actions, exact list {len(orjson.dumps(actions))} B, compact groups {written} B")
    assert len(actions) >= 500 and sum(state["trains"]) <= 150
    assert written < 4.5 * 1024  # the whole view (tests/api/test_grouped_actions.py) under 8 KB


def test_ticket_to_ride_groups_each_route_with_the_ways_to_pay_for_it():
    state = rig(
        playing(5, seed=3),
        hands={0: ["red", "red", "red", "locomotive", "locomotive"]},
        faceup=["blue", "green", "white", "black", "pink"],
    )
    groups = TTR.action_groups(state, 0)
    kinds = [g["action"]["type"] for g in groups]
    assert kinds[:2] == ["draw_deck", "draw_faceup"] and kinds[-1] == "draw_tickets"
    assert groups[1]["vary"] == "card" and groups[1]["options"] == state["faceup"]
    (claim,) = [g for g in groups if g["action"]["type"] == "claim"]
    assert claim["vary"] is None and claim["options"] == []
    claims = claim["then"]
    assert all(g["vary"] == "route" and g["action"] == {} for g in claims)
    routes = [route for g in claims for route in g["options"]]
    assert len(routes) == len(set(routes)), "each route is in one group, with every way to pay for it"
    for g in claims:
        alone = [way for way in g["then"] if way["action"].get("colour") == "locomotive"]
        assert g["then"][len(g["then"]) - len(alone) :] == alone, "the payment in locomotives alone comes last"
    assert [a for a in expand([claim]) if a["route"] == "Bruxelles-Paris-1"] == [  # red, two spaces
        {"type": "claim", "route": "Bruxelles-Paris-1", "colour": "red", "locomotives": 0},
        {"type": "claim", "route": "Bruxelles-Paris-1", "colour": "red", "locomotives": 1},
        {"type": "claim", "route": "Bruxelles-Paris-1", "colour": "locomotive", "locomotives": 2},
    ]
    budapest_wien = next(g for g in claims if "Budapest-Wien-1" in g["options"])  # red, one space
    assert budapest_wien["then"] == [
        {"action": {"colour": "red"}, "vary": "locomotives", "options": [0]},
        {"action": {"colour": "locomotive"}, "vary": "locomotives", "options": [1]},
    ]
    (written,) = [g for g in compact(groups) if g["action"]["type"] == "claim"]
    assert written["fields"] == ["route", ["colour", "locomotives"]], "a client reads each route once, then its ways"
    assert sorted(route for row in written["rows"] for route in row[0]) == sorted(routes)
    station = next(g for g in groups if g["action"]["type"] == "build_station")
    assert station["vary"] == "city" and len(station["options"]) == 47
    assert station["then"] == [
        {"action": {"colour": "red"}, "vary": "locomotives", "options": [0]},
        {"action": {"colour": "locomotive"}, "vary": "locomotives", "options": [1]},
    ]
    holds_for(TTR, state, 0)
