"""The grouped legal actions as a client is sent them: products of options in rows, so a long list of actions that
share their fields costs the bytes of its factors, not of every action (a late five-player Ticket to Ride turn of
some 870 actions, 66 KB as a list, comes to about 3-4 KB).

A group `{"action": {...}, "fields": ["route", "colour", "locomotives"], "rows": [[["A-B", "B-C"], ["red"], [0, 1]]]}`
stands for `action` completed by every combination of one option per field of each row, row by row (here four
actions); without `fields` it stands for `action` alone; `then` completes each of those by every action of the groups
in it, in order. `action` is left out when it has no field. Made from the game's groups (`engine.core.grouping`):
each group is written flat, as rows, or with its `then` kept, whichever is shorter.
"""

from itertools import product
from typing import Any

import orjson
from marshmallow import Schema, fields

from engine.core.grouping import Action, ActionGroup
from engine.core.schema import mapping

Product = dict[str, list[Any]]  # a field's options by field, in the order the fields are written
# What a field of an action may hold, as the contract types it: a plain value, or a list or object of them (Around
# the World's travel cards are objects, Ticket to Ride's kept tickets a list).
_SCALARS = [{"type": "string"}, {"type": "integer"}, {"type": "number"}, {"type": "boolean"}, {"type": "null"}]
_FLAT = [*_SCALARS, {"type": "object", "additionalProperties": {"anyOf": _SCALARS}}]
FIELD_VALUE = {"anyOf": [*_FLAT, {"type": "array", "items": {"anyOf": _FLAT}}]}


def _value(description: str) -> fields.Raw:
    return fields.Raw(allow_none=True, metadata={"description": description, **FIELD_VALUE})


class CompactActionGroupSchema(Schema):
    """Legal actions that share fields: `action` completed by each combination of one option per field of each of
    `rows` (with `then`: each of those completed again by every action of those groups). A client offers them; it
    posts a completed action."""

    action = mapping(
        _value("A field's value, as the action carries it."),
        "The fields every action of the group shares (at the top level at least its `type`); left out when none.",
        optional=True,
    )
    fields_ = fields.List(
        fields.String(),
        data_key="fields",
        metadata={
            "description": "The fields the rows give options for, in the order of each row's lists; left out (with "
            "`rows`) when the group is `action` alone."
        },
    )
    rows = fields.List(
        fields.List(
            fields.List(
                _value("An option: a value of that field."),
                metadata={"description": "The options of one field, in the order of `fields`."},
            ),
            metadata={"description": "One product: every combination of one option of each list is an action."},
        ),
        metadata={"description": "The products, in order; each action of the group is in exactly one of them."},
    )
    then = fields.List(
        fields.Nested(lambda: CompactActionGroupSchema()),
        metadata={
            "description": "Present when each action above is completed further: by every action of these groups "
            "(their fields are the remaining ones), in order. A city, then the ways to pay for a station."
        },
    )


def compact(groups: list[ActionGroup]) -> list[dict[str, Any]]:
    """Write the game's groups in rows; `expand` gives back the same actions."""
    written: list[dict[str, Any]] = []
    for group in groups:
        flat = _rows(_products(group))
        then = group.get("then")
        if then:
            head: dict[str, Any] = {"action": dict(group["action"])} if group["action"] else {}
            if group["vary"] is not None:
                head |= {"fields": [group["vary"]], "rows": [[group["options"]]]}
            nested = [{**head, "then": compact(then)}]
            if len(orjson.dumps(nested)) < len(orjson.dumps(flat)):
                flat = nested
        written += flat
    return written


def expand(groups: list[dict[str, Any]]) -> list[Action]:
    """The actions compact groups stand for, group by group, row by row."""
    actions: list[Action] = []
    for group in groups:
        shared = group.get("action", {})
        names = group.get("fields")
        heads = (
            [{**shared, **dict(zip(names, combo, strict=True))} for row in group["rows"] for combo in product(*row)]
            if names
            else [dict(shared)]
        )
        then = group.get("then")
        if then:
            tails = expand(then)
            heads = [{**head, **tail} for head in heads for tail in tails]
        actions += heads
    return actions


def _products(group: ActionGroup) -> list[Product]:
    head = {key: [value] for key, value in group["action"].items()}
    if group["vary"] is not None:
        head[group["vary"]] = group["options"]
    then = group.get("then")
    if not then:
        return [head]
    return [{**head, **tail} for child in then for tail in _products(child)]


def _rows(products: list[Product]) -> list[dict[str, Any]]:
    """Products of the same fields as one group each (the fields in the order first met), a field with the same one
    option in all of them among the group's `action`."""
    order: dict[str, int] = {}
    for each in products:
        for name in each:
            order.setdefault(name, len(order))
    by_fields: dict[tuple[str, ...], list[Product]] = {}
    for each in products:
        names = tuple(sorted(each, key=order.__getitem__))
        by_fields.setdefault(names, []).append(each)
    groups = []
    for names, alike in by_fields.items():
        first = alike[0]
        fixed = {
            name: first[name][0] for name in names if all(len(p[name]) == 1 and p[name] == first[name] for p in alike)
        }
        varying = [name for name in names if name not in fixed]
        group: dict[str, Any] = {"action": fixed} if fixed else {}
        if varying:
            group |= {"fields": varying, "rows": [[each[name] for name in varying] for each in alike]}
        groups.append(group)
    return groups
