"""Grouped legal actions in every game: the groups stand for exactly the legal actions, and stay small."""

import random

import orjson
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.core.grouping import ActionGroupSchema, expand, group
from engine.core.match import play
from engine.core.protocol import Game
from engine.core.rng import Rng
from engine.games import all_games, get_game, new_match
from tests.engine.ticket_to_ride.support import playing, rig

GAMES = all_games()
GROUPS = ActionGroupSchema(many=True)
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
    bot, rng = TTR.bots["greedy"](), Rng(seed)
    match, longest = new_match(TTR.name, 5, {}, seed), None
    while match.to_act():
        seat = min(match.to_act())
        actions = TTR.legal_actions(match.state, seat)
        if sum(match.state["trains"]) <= 150 and (longest is None or len(actions) > len(longest[2])):
            longest = (match.state, seat, actions)
        match, _ = play(match, seat, bot.choose(TTR, match.state, seat, rng))
    assert longest is not None
    return longest


def test_a_late_five_player_ticket_to_ride_turn_in_groups_is_under_8_kb():
    state, seat, actions = late_five_player_turn()
    groups = TTR.action_groups(state, seat)
    exact, grouped = len(orjson.dumps(actions)), len(orjson.dumps(groups))
    view = TTR.view(state, seat)
    with_groups, with_list = len(orjson.dumps({**view, "action_groups": groups})), len(orjson.dumps(view)) + exact
    print(f"\n{len(actions)} actions: exact list {exact} B, groups {grouped} B; view with groups {with_groups} B")
    print(f"view with the exact list {with_list} B")
    assert len(actions) >= 500 and exact > 35_000
    assert grouped < KB8
    holds_for(TTR, state, seat)


def test_that_turn_with_ten_cards_more_in_hand_still_groups_under_8_kb():
    state, seat, _ = late_five_player_turn()
    state = TTR.copy_state(state)
    pile = state["deck"]
    # Ten more cards from the pile (24 in hand): many more ways to pay for every route.
    state["hands"][seat] += pile[-10:]
    state["deck"] = pile[:-10]
    actions, groups = holds_for(TTR, state, seat)
    assert len(actions) > 700, len(actions)
    print(f"\n{len(state['hands'][seat])} cards, {len(actions)} actions: exact list {len(orjson.dumps(actions))} B,")
    print(f"groups {len(orjson.dumps(groups))} B")
    assert len(orjson.dumps(groups)) < KB8


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
    assert all(g["action"] == {} and g["vary"] == "route" and g["then"] for g in claims)
    routes = [route for g in claims for route in g["options"]]
    assert len(routes) == len(set(routes)), "each route is in one group"
    red_two = next(g for g in claims if "Bruxelles-Paris-1" in g["options"])  # red, two spaces
    assert red_two["then"] == [
        {"action": {"colour": "red"}, "vary": "locomotives", "options": [0, 1]},
        {"action": {"colour": "locomotive"}, "vary": "locomotives", "options": [2]},
    ]
    station = next(g for g in groups if g["action"]["type"] == "build_station")
    assert station["vary"] == "city" and len(station["options"]) == 47
    assert station["then"] == [
        {"action": {"colour": "red"}, "vary": "locomotives", "options": [0]},
        {"action": {"colour": "locomotive"}, "vary": "locomotives", "options": [1]},
    ]
    holds_for(TTR, state, 0)
