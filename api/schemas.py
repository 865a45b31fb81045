"""Schemas shared by several resources: problems, seats and the game view."""

from marshmallow import INCLUDE, Schema, fields

GAME_ID = r"^[0-9a-f]{16}$"


class ProblemSchema(Schema):
    """An RFC 9457 problem; `code` is stable, `detail` is for people; extension members may follow."""

    class Meta:
        unknown = INCLUDE

    type = fields.String(required=True)
    title = fields.String(required=True)
    status = fields.Integer(required=True)
    detail = fields.String(required=True)
    code = fields.String(required=True, metadata={"example": "action/illegal"})
    instance = fields.String()
    errors = fields.Raw(metadata={"description": "Validation messages by field, when the input was invalid."})


class SeatSchema(Schema):
    seat = fields.Integer(required=True)
    name = fields.String(allow_none=True, required=True)
    bot = fields.String(allow_none=True, required=True)
    open = fields.Boolean(required=True, metadata={"description": "True while nobody has taken the seat."})


class GameViewSchema(Schema):
    """A game as the caller may see it."""

    id = fields.String(required=True)
    type = fields.String(required=True)
    status = fields.String(required=True, metadata={"enum": ["open", "running", "finished"]})
    version = fields.Integer(required=True, metadata={"description": "Actions applied so far; the ETag."})
    created_at = fields.String(required=True)
    updated_at = fields.String(required=True)
    options = fields.Dict(required=True)
    seats = fields.List(fields.Nested(SeatSchema), required=True)
    you = fields.Integer(allow_none=True, required=True, metadata={"description": "Your seat; null for spectators."})
    to_act = fields.List(fields.Integer(), required=True)
    legal_actions = fields.List(
        fields.Dict(), required=True, metadata={"description": "Every action you may post now."}
    )
    view = fields.Dict(required=True, metadata={"description": "The game-specific state you may see."})
    outcome = fields.Dict(allow_none=True, required=True)


class EventSchema(Schema):
    class Meta:
        unknown = "include"

    v = fields.Integer(required=True, metadata={"description": "The version the event's action produced."})
    type = fields.String(required=True)


class ActionResultSchema(Schema):
    game = fields.Nested(GameViewSchema, required=True)
    events = fields.List(fields.Dict(), required=True)
