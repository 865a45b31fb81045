"""A fast yes for well-formed actions: one Python expression compiled from a marshmallow schema.

Validating an action with marshmallow costs tens of microseconds, more than most games' own step. The compiled
predicate answers True only for data the schema surely accepts (it is at least as strict, field by field); anything
else, and every schema it cannot read (a custom field, validator or hook), goes to marshmallow, which also words the
errors. The expression is built from the schema alone (its keys, types, ranges and choices), never from input.
"""

from collections.abc import Callable
from typing import Any

from marshmallow import RAISE, Schema, fields, validate

from engine.core.schema import StrictBoolean

Check = Callable[[Any], bool]


class Unreadable(Exception):
    """A schema part the compiler does not know: its schema is always checked by marshmallow."""


class _Compiler:
    def __init__(self) -> None:
        self.constants: dict[str, Any] = {}
        self.loops = 0

    def constant(self, value: Any) -> str:
        name = f"c{len(self.constants)}"
        self.constants[name] = value
        return name

    def object(self, schema: Schema, value: str) -> str:
        if schema.unknown != RAISE or any(schema._hooks.values()) or schema.only or schema.exclude:
            raise Unreadable(type(schema).__name__)
        keys, parts = [], []
        for name, field in schema.fields.items():
            if field.dump_only:
                raise Unreadable(name)
            key = field.data_key or name
            keys.append(key)
            check = self.field(field, f"{value}[{key!r}]")
            if field.required:
                parts.append(f"({key!r} in {value} and {check})")
            else:
                parts.append(f"({key!r} not in {value} or {check})")
        known = self.constant(frozenset(keys))
        return " and ".join([f"type({value}) is dict", f"{known}.issuperset({value})", *parts])

    def field(self, field: fields.Field, value: str) -> str:
        check = " and ".join([self.kind(field, value), *(self.rule(rule, value) for rule in field.validators)])
        return f"({value} is None or {check})" if field.allow_none else f"({check})"

    def kind(self, field: fields.Field, value: str) -> str:
        # Exact classes: a subclass may load differently.
        kind = type(field)
        if kind is fields.String:
            return f"type({value}) is str"
        if kind is fields.Integer and isinstance(field, fields.Integer) and field.strict:
            return f"type({value}) is int"
        if kind is StrictBoolean:
            return f"type({value}) is bool"
        if kind is fields.List and isinstance(field, fields.List):
            self.loops += 1
            each = f"item{self.loops}"
            return f"type({value}) is list and all({self.field(field.inner, each)} for {each} in {value})"
        if (
            kind is fields.Nested
            and isinstance(field, fields.Nested)
            and not field.many
            and field.unknown is None
            and isinstance(field.schema, Schema)
        ):
            return f"({self.object(field.schema, value)})"
        raise Unreadable(kind.__name__)

    def rule(self, rule: Any, value: str) -> str:
        kind = type(rule)
        if kind is validate.OneOf:
            return f"{value} in {self.constant(frozenset(rule.choices))}"
        if kind is validate.Range:
            parts = []
            if rule.min is not None:
                parts.append(f"{value} {'>=' if rule.min_inclusive else '>'} {self.constant(rule.min)}")
            if rule.max is not None:
                parts.append(f"{value} {'<=' if rule.max_inclusive else '<'} {self.constant(rule.max)}")
            return " and ".join(parts) or "True"
        if kind is validate.Length:
            parts = []
            if rule.equal is not None:
                parts.append(f"len({value}) == {self.constant(rule.equal)}")
            if rule.min is not None:
                parts.append(f"len({value}) >= {self.constant(rule.min)}")
            if rule.max is not None:
                parts.append(f"len({value}) <= {self.constant(rule.max)}")
            return " and ".join(parts) or "True"
        raise Unreadable(kind.__name__)


def compile_schema(schema: Schema) -> Check | None:
    """Return a predicate that is True only for data `schema.validate` accepts, or None if there is none."""
    compiler = _Compiler()
    try:
        expression = compiler.object(schema, "data")
    except Unreadable:
        return None
    names = {"type": type, "all": all, "len": len, "dict": dict, "list": list, "str": str, "int": int, "bool": bool}
    return eval(f"lambda data: bool({expression})", {"__builtins__": names, **compiler.constants})


def is_flat(schema: Schema) -> bool:
    """Whether every field of the schema holds a plain value (no list or object), read as the compiler reads it."""
    return all(type(field) in (fields.String, fields.Integer, StrictBoolean) for field in schema.fields.values())
