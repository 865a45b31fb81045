"""The compiled action predicate: it takes every legal action, and never takes what marshmallow refuses."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from marshmallow import Schema, fields, validates_schema

from engine.core.checker import compile_schema, is_flat
from engine.core.errors import MalformedAction
from engine.core.match import _action_checkers, check_action, play
from engine.core.schema import ActionSchema, const, integer, listof, string
from engine.games import all_games, new_match

GAMES = {game.name: game for game in all_games()}


@pytest.mark.parametrize("name", sorted(GAMES))
def test_every_legal_action_of_seeded_games_takes_the_fast_path(name):
    game, seen = GAMES[name], set()
    checkers = _action_checkers(game)
    for seed in range(4):
        pick = random.Random(seed)
        match = new_match(name, 3, {}, seed)
        while match.to_act():
            seat = pick.choice(sorted(match.to_act()))
            actions = game.legal_actions(match.state, seat)
            for action in actions:
                schema, accepts, _ = checkers[action["type"]]
                assert accepts(action), action
                assert schema.validate(action) == {}
                seen.add(action["type"])
            match, _ = play(match, seat, pick.choice(actions))
    assert seen, "the games offered no actions"


JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 300) | st.floats(allow_nan=True) | st.text(max_size=4),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3),
    max_leaves=6,
)


def _examples(schema: Schema):
    """Actions near the schema: its own keys with values of any JSON type, sometimes one key left out or added."""
    keys = [field.data_key or name for name, field in schema.fields.items()]
    near = st.fixed_dictionaries({}, optional={key: JSON for key in keys})
    extra = st.dictionaries(st.sampled_from([*keys, "extra"]), JSON, max_size=2)
    return st.tuples(near, extra).map(lambda pair: {**pair[0], **pair[1]})


ALL_SCHEMAS = [
    (name, kind, checker)
    for name, game in sorted(GAMES.items())
    for kind, checker in sorted(_action_checkers(game).items())
]


@pytest.mark.parametrize(("name", "kind", "checker"), ALL_SCHEMAS, ids=[f"{n}-{k}" for n, k, _ in ALL_SCHEMAS])
def test_the_predicate_never_takes_what_marshmallow_refuses(name, kind, checker):
    schema, accepts, _ = checker

    @settings(max_examples=150, deadline=None)
    @given(_examples(schema), st.sampled_from([kind, "other"]))
    def holds(action, type_):
        action = {**action, "type": type_} if "type" not in action or type_ == kind else action
        if accepts(action):
            assert schema.validate(action) == {}, action

    holds()


def test_a_refused_action_is_still_worded_by_marshmallow():
    game = GAMES["timeline"]
    with pytest.raises(MalformedAction) as refused:
        check_action(game, {"type": "place", "card": "x", "gap": "1"})
    assert "gap" in refused.value.details["errors"]
    with pytest.raises(MalformedAction):
        check_action(game, {"type": "place", "card": "x", "gap": True})
    with pytest.raises(MalformedAction):
        check_action(game, {"type": "place", "card": "x", "gap": -1})
    with pytest.raises(MalformedAction):
        check_action(game, {"type": "place", "card": "x", "gap": 1, "why": "extra"})


class _WithHook(ActionSchema):
    type = const("hooked", "A test action.")
    n = integer("A number.")

    @validates_schema
    def _odd(self, data, **kwargs):
        pass


class _CustomField(ActionSchema):
    type = const("custom", "A test action.")
    when = fields.DateTime(required=True)


class _Readable(ActionSchema):
    type = const("plain", "A test action.")
    seats = listof(integer("A seat.", minimum=0), "Seats.", min_items=2, max_items=2)
    colour = string("A colour.", enum=["red", "blue"], nullable=True, optional=True)


def test_schemas_it_cannot_read_go_to_marshmallow_and_the_rest_compile():
    assert compile_schema(_WithHook()) is None
    assert compile_schema(_CustomField()) is None
    accepts = compile_schema(_Readable())
    assert accepts({"type": "plain", "seats": [0, 1]})
    assert accepts({"type": "plain", "seats": [0, 1], "colour": None})
    assert not accepts({"type": "plain", "seats": [0, 1, 2]})
    assert not accepts({"type": "plain", "seats": [0, -1]})
    assert not accepts({"type": "plain", "seats": [0, 1], "colour": "green"})
    assert not accepts({"type": "other", "seats": [0, 1]})


def test_the_rules_get_their_own_copy_of_an_action_shallow_when_flat_deep_when_nested():
    assert is_flat(_action_checkers(GAMES["timeline"])["place"].schema)
    assert not is_flat(_action_checkers(GAMES["ticket-to-ride-europe"])["keep_tickets"].schema)
    for name in ("timeline", "ticket-to-ride-europe"):
        game, given = GAMES[name], []
        match = new_match(name, 2, {}, 3)
        seat = sorted(match.to_act())[0]
        action = game.legal_actions(match.state, seat)[0]

        def apply(state, seat, action, given=given, original=game.apply):
            given.append(action)
            return original(state, seat, action)

        game.apply = apply
        try:
            play(match, seat, action)
        finally:
            del game.apply
        assert given[0] == action and given[0] is not action
        assert all(given[0][key] is not value for key, value in action.items() if isinstance(value, list))
    assert any(isinstance(value, list) for value in action.values())
