"""Legal actions in groups a person's client can offer: the fields a group's actions share, then what varies.

A group `{"action": {...}, "vary": "card", "options": ["c1", "c2"]}` stands for the actions
`{**action, "card": "c1"}` and `{**action, "card": "c2"}`; with `vary` null it stands for `action` alone. A group
may go on with `then`, groups whose every action completes every action above it (a route, then the ways to pay
for it), so a long product of choices is written as its factors. `expand` gives the actions back.
"""

from collections.abc import Iterable
from typing import Any

from marshmallow import Schema, fields

from engine.core.schema import listof, mapping, string

Action = dict[str, Any]  # as engine.core.protocol names it (which imports this module)
ActionGroup = dict[str, Any]

_ANY = fields.Raw(
    allow_none=True, metadata={"description": "A value of the field named by `vary`, as an action carries it."}
)


class ActionGroupSchema(Schema):
    """Legal actions that share fields: each option of `vary` completes `action` (with `then`: each of the actions
    of those groups completes that again). A client offers the options; it posts the completed action."""

    action = mapping(
        fields.Raw(allow_none=True, metadata={"description": "A field's value, as the action carries it."}),
        "The fields every action of the group shares (at least its `type`, at the top level).",
    )
    vary = string(
        "The field each option sets, or null: the group is `action` alone (completed by `then` when present).",
        nullable=True,
    )
    options = listof(_ANY, "The values `vary` takes, one action each, in order (empty when `vary` is null).")
    then = fields.List(
        fields.Nested(lambda: ActionGroupSchema()),
        metadata={
            "description": "Present when each action above is completed further: by every action of these groups "
            "(their `action` and options hold the remaining fields), in order. A route, then the ways to pay."
        },
    )


def expand(groups: Iterable[ActionGroup]) -> list[Action]:
    """The actions the groups stand for, group by group."""
    actions: list[Action] = []
    for group in groups:
        shared, vary = group["action"], group["vary"]
        heads = [{**shared, vary: option} for option in group["options"]] if vary is not None else [dict(shared)]
        then = group.get("then")
        if then:
            tails = expand(then)
            actions += [{**head, **tail} for head in heads for tail in tails]
        else:
            actions += heads
    return actions


def group(actions: Iterable[Action]) -> list[ActionGroup]:
    """Fold runs of actions that differ in one field only into groups, keeping their order (`expand` undoes it)."""
    groups: list[ActionGroup] = []
    last: ActionGroup | None = None
    for action in actions:
        if last is not None and _joins(last, action):
            vary = last["vary"]
            if vary is None:
                vary = last["vary"] = _only_difference(last["action"], action)
                last["options"].append(last["action"].pop(vary))
            last["options"].append(action[vary])
            continue
        last = {"action": dict(action), "vary": None, "options": []}
        groups.append(last)
    return groups


def _joins(group: ActionGroup, action: Action) -> bool:
    vary = group["vary"]
    shared = group["action"]
    if vary is None:
        return _only_difference(shared, action) is not None
    if len(action) != len(shared) + 1 or vary not in action:
        return False
    return all(key in action and action[key] == value for key, value in shared.items())


def _only_difference(one: Action, other: Action) -> str | None:
    """The one field (not `type`) in which two actions with the same fields differ, else None."""
    if one.keys() != other.keys() or one.get("type") != other.get("type"):
        return None
    differ = [key for key, value in one.items() if other[key] != value]
    return differ[0] if len(differ) == 1 else None
