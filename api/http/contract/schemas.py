"""Schemas shared by several resources: problems, seats and the game view."""

from marshmallow import INCLUDE, Schema, fields, validate

from api.problems import CODE_STATUS
from engine.core.compact_groups import CompactActionGroupSchema

GAME_ID = r"^[0-9a-f]{16}$"
STATUSES = ["open", "running", "finished", "cancelled", "abandoned"]


class ProblemErrorSchema(Schema):
    """One thing wrong with the request."""

    detail = fields.String(required=True, metadata={"description": "What is wrong, for people."})
    location = fields.String(
        metadata={"enum": ["body", "query", "header", "path"], "description": "Which part of the request."}
    )
    pointer = fields.String(
        metadata={
            "description": "Where in that part: an RFC 6901 JSON Pointer into the body (e.g. "
            "`/seats/0/name`, `/options/hand_size`), or `/` and the parameter's name. Absent "
            "when the problem concerns the whole.",
            "example": "/seats/0/name",
        }
    )


class PrintCostSchema(Schema):
    """What a print job was estimated to cost."""

    pages = fields.Integer(required=True, metadata={"description": "Pages to render."})
    card_sides = fields.Integer(required=True, metadata={"description": "Card faces and backs to draw."})
    text = fields.Integer(required=True, metadata={"description": "Characters of text fitted onto cards."})
    pictures = fields.Integer(required=True, metadata={"description": "Distinct pictures to decode."})
    picture_pixels = fields.Integer(required=True, metadata={"description": "Their pixels."})
    scanned_pixels = fields.Integer(required=True, metadata={"description": "Pixels again for JPEG scans past 10."})
    seconds = fields.Float(required=True, metadata={"description": "The estimated rendering time."})


class ProblemSchema(Schema):
    """An RFC 9457 problem; `code` is stable, `detail` is for people. Extension members may follow (those below,
    and some a code's `detail` speaks of, like `route` or `colour`); none is named like RFC 9457's own."""

    class Meta:
        unknown = INCLUDE

    type = fields.String(required=True, metadata={"description": "`/problems/` and the code."})
    title = fields.String(required=True, metadata={"description": "The HTTP status's title."})
    status = fields.Integer(required=True, metadata={"description": "The HTTP status."})
    detail = fields.String(required=True, metadata={"description": "What went wrong, for people."})
    code = fields.String(
        required=True,
        metadata={
            "enum": sorted(CODE_STATUS),
            "example": "action/illegal",
            "description": "Stable: what went wrong, for programs. docs/api.md lists every code with its status.",
        },
    )
    instance = fields.String(metadata={"description": "The path of the request."})
    choices = fields.List(
        fields.String(),
        metadata={
            "description": "The values allowed where one of a set was due (game/unknown_type: the game types; "
            "bot/unknown: the game's bots; deck/unknown: the built-in decks)."
        },
    )
    game_type = fields.String(metadata={"description": "game/unknown_type: the game type asked for."})
    bot = fields.String(metadata={"description": "bot/unknown: the bot asked for."})
    deck = fields.String(metadata={"description": "deck/unknown: the deck asked for."})
    cost = fields.Nested(PrintCostSchema, metadata={"description": "print/over_budget: the estimate."})
    budget = fields.Float(metadata={"description": "print/over_budget: the most seconds one job may take."})
    errors = fields.List(
        fields.Nested(ProblemErrorSchema),
        metadata={
            "description": "Every problem found in the input, when it was invalid (request/invalid, request/malformed, "
            "options/invalid, action/malformed, deck/invalid, print/invalid_spec)."
        },
    )


class SeatSchema(Schema):
    seat = fields.Integer(required=True)
    name = fields.String(allow_none=True, required=True)
    bot = fields.String(allow_none=True, required=True)
    open = fields.Boolean(required=True, metadata={"description": "True while nobody has taken the seat."})


class DeadlineSchema(Schema):
    seat = fields.Integer(required=True, metadata={"description": "A seat that must act."})
    at = fields.String(
        required=True,
        metadata={
            "description": "When the server acts for the seat if it has not acted (RFC 3339, server time).",
            "example": "2026-12-01T10:00:30.000Z",
        },
    )


class ClockViewSchema(Schema):
    """The table's turn clock: every deadline now running, and the server's time to count down from."""

    per_turn = fields.Integer(required=True, metadata={"description": "Seconds each turn may take."})
    on_timeout = fields.String(
        required=True,
        metadata={
            "enum": ["bot", "resign"],
            "description": "What the server does when a turn runs out: the game's simplest bot plays it, or "
            "the seat resigns.",
        },
    )
    deadlines = fields.List(
        fields.Nested(DeadlineSchema),
        required=True,
        metadata={"description": "One per seat that must act (bots have none), by seat."},
    )
    away = fields.List(
        fields.Integer(),
        required=True,
        metadata={
            "description": "Seats whose turns ran out twice or more in a row: the bot plays them once 10 seconds (or "
            "the whole clock, if shorter) have passed, until their player acts again."
        },
    )
    now = fields.String(
        required=True,
        metadata={
            "description": "The server's time as it answered (RFC 3339): "
            "count down from the difference, not your clock."
        },
    )


class GameViewSchema(Schema):
    """A game as the caller may see it."""

    id = fields.String(required=True)
    type = fields.String(required=True)
    status = fields.String(
        required=True,
        metadata={
            "enum": STATUSES,
            "description": "cancelled: the table never started (`open_for` ran out, or its creator cancelled it).",
        },
    )
    version = fields.Integer(required=True, metadata={"description": "Actions applied so far; the ETag."})
    created_at = fields.String(required=True)
    updated_at = fields.String(required=True)
    options = fields.Dict(required=True)
    seats = fields.List(fields.Nested(SeatSchema), required=True)
    you = fields.Integer(allow_none=True, required=True, metadata={"description": "Your seat; null for spectators."})
    to_act = fields.List(fields.Integer(), required=True)
    legal_actions = fields.List(
        fields.Dict(),
        metadata={
            "description": "Every action you may post now (empty when it is not your turn); with "
            "`actions=grouped`, `action_groups` comes in its place."
        },
    )
    action_groups = fields.List(
        fields.Nested(CompactActionGroupSchema),
        metadata={
            "description": "With `actions=grouped`, in place of `legal_actions`: the same actions in groups, each "
            "`action` completed by every combination of one option per field of each of its `rows` (and then by "
            "each action of its `then`). Expanded, exactly `legal_actions`."
        },
    )
    view = fields.Dict(
        required=True,
        allow_none=True,
        metadata={
            "description": "The game-specific state you may see; null while open seats wait for players (nothing is "
            "dealt before the last seat is taken)."
        },
    )
    outcome = fields.Dict(allow_none=True, required=True)
    resigned = fields.List(
        fields.Integer(),
        required=True,
        metadata={"description": "Seats that left the game, in the order they resigned."},
    )
    clock = fields.Nested(
        ClockViewSchema,
        allow_none=True,
        required=True,
        metadata={"description": "The turn clock; null for a table without one."},
    )
    open_until = fields.String(
        allow_none=True,
        required=True,
        metadata={
            "description": "While seats are open at a table created with `open_for`: when it is cancelled unless they "
            "are all taken (RFC 3339)."
        },
    )
    rematch = fields.String(
        allow_none=True,
        required=True,
        metadata={"description": "The id of the game `POST .../rematch` created after this one, once there is one."},
    )


class ActionsQuerySchema(Schema):
    actions = fields.String(
        load_default="exact",
        validate=validate.OneOf(["exact", "grouped"]),
        metadata={
            "description": "How the answer gives your legal actions: `exact`, every action in `legal_actions` "
            "(default, for bots), or `grouped`, the same in `action_groups` (for a person's client: a few KB where "
            "the exact list of a late Ticket to Ride turn is 60)."
        },
    )


class TurnSchema(Schema):
    """Whose turn it is at the game's `version`, so a follower needs no second request to learn it."""

    status = fields.String(
        required=True,
        metadata={
            "enum": [*STATUSES, "expired"],
            "description": "The game's status; `expired`: it is gone (its time to live ran out while you followed).",
        },
    )
    to_act = fields.List(
        fields.Integer(), required=True, metadata={"description": "The seats that must act now (none unless running)."}
    )
    deadlines = fields.List(
        fields.Nested(DeadlineSchema),
        required=True,
        metadata={"description": "Each acting seat's deadline when the table has a turn clock (bots have none)."},
    )
    your_turn = fields.Boolean(
        allow_none=True,
        required=True,
        metadata={"description": "Whether your seat (the token's) is in `to_act`; null without a seat token."},
    )


class EventSchema(Schema):
    class Meta:
        unknown = "include"

    v = fields.Integer(required=True, metadata={"description": "The version the event's action produced."})
    type = fields.String(required=True)


class ActionResultSchema(Schema):
    type = fields.String(required=True, metadata={"description": "The game type: which game's events these are."})
    game = fields.Nested(GameViewSchema, required=True, metadata={"description": "The game as your seat sees it."})
    events = fields.List(
        fields.Dict(),
        required=True,
        metadata={"description": "What your action and the bots' replies caused that you may see."},
    )
