"""Typed, described fields for the schemas that define each game's actions, views, events and outcome.

The same marshmallow classes validate what comes in (options, actions, bot options), check in the tests that
what goes out (views, events, outcomes) has exactly the declared shape, and become the per-game schemas of
openapi.yaml. Every field is required and typed strictly (no coercion) unless said otherwise.
"""

from collections.abc import Iterable
from typing import Any

from marshmallow import Schema, fields, validate


def _kwargs(
    description: str,
    nullable: bool,
    optional: bool,
    extra: dict[str, Any] | None = None,
    validators: list[Any] | None = None,
) -> dict[str, Any]:
    kwargs: dict[str, Any] = {"metadata": {"description": description, **(extra or {})}, "allow_none": nullable}
    if not optional:
        kwargs["required"] = True
    if validators:
        kwargs["validate"] = validators
    return kwargs


def integer(
    description: str,
    *,
    minimum: int | None = None,
    maximum: int | None = None,
    nullable: bool = False,
    optional: bool = False,
) -> fields.Integer:
    bounds = [validate.Range(minimum, maximum)] if minimum is not None or maximum is not None else None
    return fields.Integer(strict=True, **_kwargs(description, nullable, optional, validators=bounds))


def seat_number(description: str, *, nullable: bool = False, optional: bool = False) -> fields.Integer:
    return integer(description, minimum=0, nullable=nullable, optional=optional)


def seat_list(description: str, *, optional: bool = False) -> fields.List:
    return listof(seat_number("A seat."), description, optional=optional)


def number(
    description: str,
    *,
    minimum: float | None = None,
    maximum: float | None = None,
    nullable: bool = False,
    optional: bool = False,
) -> fields.Float:
    bounds = [validate.Range(minimum, maximum)] if minimum is not None or maximum is not None else None
    return StrictNumber(**_kwargs(description, nullable, optional, validators=bounds))


def string(
    description: str, *, enum: Iterable[str] | None = None, nullable: bool = False, optional: bool = False
) -> fields.String:
    choices = [validate.OneOf(list(enum))] if enum is not None else None
    return fields.String(**_kwargs(description, nullable, optional, validators=choices))


def boolean(description: str, *, nullable: bool = False, optional: bool = False) -> fields.Boolean:
    return StrictBoolean(**_kwargs(description, nullable, optional))


def listof(
    item: fields.Field,
    description: str,
    *,
    nullable: bool = False,
    optional: bool = False,
    min_items: int | None = None,
    max_items: int | None = None,
) -> fields.List:
    length = [validate.Length(min_items, max_items)] if min_items is not None or max_items is not None else None
    return fields.List(item, **_kwargs(description, nullable, optional, validators=length))


def nested(
    schema: type[Schema], description: str, *, many: bool = False, nullable: bool = False, optional: bool = False
) -> fields.Field:
    if many:
        return fields.List(fields.Nested(schema), **_kwargs(description, nullable, optional))
    return fields.Nested(schema, **_kwargs(description, nullable, optional))


def mapping(value: fields.Field, description: str, *, optional: bool = False) -> fields.Dict:
    """An object whose keys are names (cities, routes, colours) and whose values all have one type."""
    return fields.Dict(keys=fields.String(), values=value, **_kwargs(description, False, optional))


def const(value: str, description: str) -> fields.String:
    """The `type` that tells one action or event from the others."""
    return fields.String(required=True, validate=validate.OneOf([value]), metadata={"description": description})


class StrictBoolean(fields.Boolean):
    def _deserialize(self, value: Any, attr: Any, data: Any, **kwargs: Any) -> bool:
        if not isinstance(value, bool):
            raise self.make_error("invalid", input=value)
        return value


class StrictNumber(fields.Float):
    def _deserialize(self, value: Any, attr: Any, data: Any, **kwargs: Any) -> Any:
        if isinstance(value, bool) or not isinstance(value, int | float):
            raise self.make_error("invalid", input=value)
        return super()._deserialize(value, attr, data, **kwargs)


def type_of(schema: type[Schema]) -> str:
    """The `type` value an action or event schema is declared for."""
    field = schema._declared_fields["type"]
    choices = [v for v in field.validators if isinstance(v, validate.OneOf)][0].choices
    return next(iter(choices))


class ActionSchema(Schema):
    """An action a seat posts; each subclass declares `type = const(...)` and its fields."""


class EventSchema(Schema):
    """An event as clients receive it; each subclass declares `type = const(...)` and its fields."""

    v = integer("The version the event's action produced.", minimum=1)


def first_seat() -> fields.Integer:
    """Return the option naming the seat that acts first (checked against the player count when a game is set up)."""
    return fields.Integer(
        strict=True,
        load_default=0,
        validate=validate.Range(0, 15),
        metadata={
            "description": "The seat that acts first, 0 to players - 1. A table with open seats draws it from "
            "the dealing seed when its last seat is taken (the creator may not set it)."
        },
    )


class NoOptions(Schema):
    """Takes no options."""


def named(name: str, field: fields.Field) -> fields.Field:
    """A field whose JSON name is a Python keyword (`as`, `for`, `from`): declare it as `as_ = named("as", ...)`."""
    field.data_key = name
    return field
