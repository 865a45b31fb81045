"""The grouped legal actions as a client is sent them: products of options in rows, so a long list of actions that
share their fields costs the bytes of its factors, not of every action (a late five-player Ticket to Ride turn of
some 900 actions, 70 KB as a list, comes to about 3 KB).

A group `{"action": {...}, "fields": ["route", "colour", "locomotives"], "rows": [[["A-B", "B-C"], ["red"], [0, 1]]]}`
stands for `action` completed by every combination of one option per field of each row, row by row (here four
actions); without `fields` it stands for `action` alone. A field may be a list of fields: that place of each row
then holds sub-rows over those fields, and the row takes each combination of each sub-row in turn
(`"fields": ["route", ["colour", "locomotives"]]`, a row `[["A-B"], [[["red"], [0, 1]], [["locomotive"], [2]]]]`:
a route with each way to pay for it, written once). `then` completes each action above by every action of the
groups in it, in order. `action` is left out when it has no field. Made from the game's groups
(`engine.core.grouping`): each group is written flat, with sub-rows, or with its `then` kept, whichever is shortest.
"""

from typing import Any

import orjson
from marshmallow import Schema, fields

from engine.core.grouping import Action, ActionGroup
from engine.core.schema import mapping

Key = str | tuple[str, ...]  # a field, or the fields of sub-rows
Product = dict[Key, list[Any]]  # a field's options (sub-rows for a tuple) by field, in the order they are written
Row = list[list[Any]]
# What a field of an action may hold, as the contract types it: a plain value, or a list or object of them (Around
# the World's travel cards are objects, Ticket to Ride's kept tickets a list).
_SCALARS = [{"type": "string"}, {"type": "integer"}, {"type": "number"}, {"type": "boolean"}, {"type": "null"}]
_FLAT = [*_SCALARS, {"type": "object", "additionalProperties": {"anyOf": _SCALARS}}]
FIELD_VALUE = {"anyOf": [*_FLAT, {"type": "array", "items": {"anyOf": _FLAT}}]}
_OPTIONS = {"type": "array", "items": FIELD_VALUE, "description": "The options of a field."}
_SUB_ROWS = {
    "type": "array",
    "items": {"type": "array", "items": _OPTIONS, "description": "A sub-row: the options of each of its fields."},
    "description": "Sub-rows, for a place whose field is a list of fields.",
}


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
        fields.Raw(
            metadata={
                "description": "A field's name, or a list of names: that place of each row holds sub-rows over them.",
                "anyOf": [{"type": "string"}, {"type": "array", "items": {"type": "string"}, "minItems": 1}],
            }
        ),
        data_key="fields",
        metadata={
            "description": "The fields the rows give options for, in the order of each row's lists; left out (with "
            "`rows`) when the group is `action` alone."
        },
    )
    rows = fields.List(
        fields.List(
            fields.Raw(
                metadata={
                    "description": "The options of one field, in the order of `fields`; where that field is a list "
                    "of names, sub-rows: every combination of each sub-row (one option per name) in turn.",
                    "anyOf": [_OPTIONS, _SUB_ROWS],
                }
            ),
            metadata={"description": "One product: every combination of one option of each place is an action."},
        ),
        metadata={"description": "The products, in order; each action of the group is in exactly one of them."},
    )
    then = fields.List(
        fields.Nested(lambda: CompactActionGroupSchema()),
        metadata={
            "description": "Present when each action above is completed further: by every action of these groups "
            "(their fields are the remaining ones), in order."
        },
    )


def compact(groups: list[ActionGroup], pooled: bool = False) -> list[dict[str, Any]]:
    """Write the game's groups in rows; `expand` gives back the same actions.

    `pooled` (the groups of a `then`): those written flat share their rows.
    """
    written: list[dict[str, Any]] = []
    flat: list[Product] = []
    for group in groups:
        best, products = _best(group)
        if best is not None:
            written += best
        elif pooled:
            flat += products
        else:
            written += _rows(products)
    return _rows(flat) + written if pooled else written


def _best(group: ActionGroup) -> tuple[list[dict[str, Any]] | None, list[Product]]:
    """The group's products, shortest written (flat, or its `then` as sub-rows), or else its form with `then` kept
    when that is shorter (else None)."""
    products = _products(group, nest=False)
    then = group.get("then")
    if not then:
        return None, products
    nested = _products(group, nest=True)
    if any(isinstance(name, tuple) for each in nested for name in each):
        # Sub-rows are `then` written in rows already: a `then` kept beside them is not shorter, so not tried.
        return None, min(products, nested, key=lambda each: _size(_rows(each)))
    head: dict[str, Any] = {"action": dict(group["action"])} if group["action"] else {}
    if group["vary"] is not None:
        head |= {"fields": [group["vary"]], "rows": [[group["options"]]]}
    kept = [{**head, "then": compact(then, pooled=True)}]
    return (kept if _size(kept) < _size(_rows(products)) else None), products


def _size(written: list[dict[str, Any]]) -> int:
    return len(orjson.dumps(written))


def expand(groups: list[dict[str, Any]]) -> list[Action]:
    """The actions compact groups stand for, group by group, row by row."""
    actions: list[Action] = []
    for group in groups:
        shared = group.get("action", {})
        names = group.get("fields")
        heads = (
            [{**shared, **combo} for row in group["rows"] for combo in _combinations(names, row)]
            if names
            else [dict(shared)]
        )
        then = group.get("then")
        if then:
            tails = expand(then)
            heads = [{**head, **tail} for head in heads for tail in tails]
        actions += heads
    return actions


def _combinations(names: list[Any], row: Row) -> list[dict[str, Any]]:
    made: list[dict[str, Any]] = [{}]
    for name, options in zip(names, row, strict=True):
        if isinstance(name, list):
            choices = [combo for sub in options for combo in _combinations(name, sub)]
        else:
            choices = [{name: option} for option in options]
        made = [{**one, **choice} for one in made for choice in choices]
    return made


def _products(group: ActionGroup, nest: bool) -> list[Product]:
    """The group's actions as products; `nest`: the first group down that varies a field and goes on with `then`
    takes the products of its `then` as sub-rows (when they all have the same fields)."""
    head: Product = {key: [value] for key, value in group["action"].items()}
    if group["vary"] is not None:
        head[group["vary"]] = group["options"]
    then = group.get("then")
    if not then:
        return [head]
    nesting = nest and group["vary"] is not None
    tails = [tail for child in then for tail in _products(child, nest and not nesting)]
    if nesting:
        names = tuple(name for name in tails[0] if isinstance(name, str) and name not in head)
        if len(names) == len(tails[0]) and all(tail.keys() == tails[0].keys() for tail in tails):
            return [{**head, names: _merged([[tail[name] for name in names] for tail in tails])}]
    return [{**head, **tail} for tail in tails]


def _rows(products: list[Product]) -> list[dict[str, Any]]:
    """Products of the same fields as one group each (the fields in the order first met), a field with the same one
    option in all of them among the group's `action`."""
    order: dict[Key, int] = {}
    for each in products:
        for name in each:
            order.setdefault(name, len(order))
    by_fields: dict[tuple[Key, ...], list[Product]] = {}
    for each in products:
        names = tuple(sorted(each, key=order.__getitem__))
        by_fields.setdefault(names, []).append(each)
    groups = []
    for names, alike in by_fields.items():
        first = alike[0]
        fixed = {
            name: first[name][0]
            for name in names
            if isinstance(name, str) and all(len(p[name]) == 1 and p[name] == first[name] for p in alike)
        }
        varying = [name for name in names if name not in fixed]
        group: dict[str, Any] = {"action": fixed} if fixed else {}
        if varying:
            group |= {
                "fields": [name if isinstance(name, str) else list(name) for name in varying],
                "rows": _merged([[each[name] for name in varying] for each in alike]),
            }
        groups.append(group)
    return groups


def _merged(rows: list[Row]) -> list[Row]:
    """Rows that give the same options in every place but one, as one row with that place's options (or sub-rows)
    together: the same actions (each is in one row, so those never overlap), fewer bytes."""
    keys = [[orjson.dumps(options) for options in row] for row in rows]
    changed = True
    while changed and len(rows) > 1:
        changed = False
        for place in range(len(rows[0])):
            by_rest: dict[tuple[bytes, ...], int] = {}
            kept: list[int] = []
            for i, key in enumerate(keys):
                rest = (*key[:place], *key[place + 1 :])
                first = by_rest.setdefault(rest, i)
                if first == i:
                    kept.append(i)
                else:
                    rows[first] = [*rows[first][:place], rows[first][place] + rows[i][place], *rows[first][place + 1 :]]
                    keys[first] = [*keys[first][:place], orjson.dumps(rows[first][place]), *keys[first][place + 1 :]]
                    changed = True
            rows, keys = [rows[i] for i in kept], [keys[i] for i in kept]
    return rows
