"""The exact JSON Schema of a fixed JSON document, for a game's public data and its options' JSON Schema.

Both are constants of a game (read from its data files and its schemas), so their shape is written from the
document itself: every object with its members, each required and no others; a list's items merged into one shape.
"""

from typing import Any

Spec = dict[str, Any]


def shape_of(value: Any) -> Spec:
    """Return a JSON Schema that the value, and only values shaped like it, match."""
    if value is None:
        return {"type": "null"}
    if isinstance(value, bool):
        return {"type": "boolean"}
    if isinstance(value, int):
        return {"type": "integer"}
    if isinstance(value, float):
        return {"type": "number"}
    if isinstance(value, str):
        return {"type": "string"}
    if isinstance(value, dict):
        return {
            "type": "object",
            "properties": {key: shape_of(member) for key, member in value.items()},
            "required": list(value),
            "additionalProperties": False,
        }
    items = [shape_of(item) for item in value]
    merged = _merge(items) if items else {"type": "string"}
    return {"type": "array", "items": merged}


def _merge(shapes: list[Spec]) -> Spec:
    """One shape that every one of the shapes fits: objects join their members, other kinds become anyOf."""
    kinds: dict[str, Spec] = {}
    for member in [member for shape in shapes for member in shape.get("anyOf", [shape])]:
        kind = member["type"]
        if kind not in kinds:
            kinds[kind] = member
        elif kind == "object":
            kinds[kind] = _join_objects(kinds[kind], member)
        elif kind == "array":
            kinds[kind] = {"type": "array", "items": _merge([kinds[kind]["items"], member["items"]])}
    if "integer" in kinds and "number" in kinds:
        del kinds["integer"]
    if len(kinds) == 1:
        return next(iter(kinds.values()))
    return {"anyOf": list(kinds.values())}


def _join_objects(a: Spec, b: Spec) -> Spec:
    properties = dict(a["properties"])
    for key, shape in b["properties"].items():
        properties[key] = _merge([properties[key], shape]) if key in properties else shape
    required = [key for key in a["required"] if key in b["required"]]
    return {"type": "object", "properties": properties, "required": required, "additionalProperties": False}
