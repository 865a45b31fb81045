"""Lost Cities' actions, view, events and outcome: the engine checks actions with them, the contract shows them.

The sheet's columns come from the shipped layout (sheet.json), so the schemas follow the data.
"""

from marshmallow import Schema

from engine.core.schema import (
    ActionSchema,
    EventSchema,
    boolean,
    const,
    integer,
    listof,
    named,
    nested,
    seat_list,
    seat_number,
    string,
)
from engine.lost_cities.layout import ARTEFACTS, DICE, default_layout
from engine.lost_cities.sheet import DOUBLE, NUMBER

LAYOUT = default_layout()
COLOURS = LAYOUT.colours
COLUMNS = LAYOUT.columns
MODES = (NUMBER, DOUBLE)


def colour(description: str, **kwargs):
    return string(description, enum=COLOURS, **kwargs)


def column(description: str, **kwargs):
    return string(description, enum=COLUMNS, **kwargs)


class LostCitiesTakeAction(ActionSchema):
    """Use one colour die and one number die that are open to you."""

    type = const("take", "Take two dice.")
    colour = colour("The colour die: the column to use.")
    number = integer("The number die, as it shows (0-9).", minimum=0, maximum=9)
    as_ = named(
        "as",
        string(
            '"number" writes the number in the column (the default); "double" marks the '
            "column's circle instead, doubling its points.",
            enum=MODES,
            optional=True,
        ),
    )


class LostCitiesRefuseAction(ActionSchema):
    """Take no dice: mark a space of the dice column instead."""

    type = const("refuse", "Refuse the dice.")


class LostCitiesAccelerateAction(ActionSchema):
    """Use an acceleration an arrow space gave: one more mark in a started column."""

    type = const("accelerate", "Use an acceleration.")
    column = colour("The colour column to advance.")


class LostCitiesStopAction(ActionSchema):
    """Give up the accelerations you have left."""

    type = const("stop", "Stop accelerating.")


class LostCitiesDice(Schema):
    colours = listof(colour("A colour die."), "Colour dice.")
    numbers = listof(integer("A number die.", minimum=0, maximum=9), "Number dice.")


class LostCitiesChoice(Schema):
    """What the active player chose, as the others see it."""

    type = string("take or refuse.", enum=["take", "refuse"])
    colour = colour("take: the colour die.", optional=True)
    number = integer("take: the number die.", optional=True)
    as_ = named("as", string("take: how it was used.", enum=MODES, optional=True))


class LostCitiesAcceleration(Schema):
    seat = seat_number("The seat.")
    left = integer("Accelerations it still has to use or stop.", minimum=0)


class LostCitiesBridge(Schema):
    open = boolean("True until someone crosses this column's bridge.")
    winners = seat_list("Who crossed it first (empty while open).")


class LostCitiesSheet(Schema):
    seat = seat_number("Whose sheet.")
    columns = nested(
        Schema.from_dict(
            {c: listof(integer("A value."), f"The {c} column's values.") for c in COLOURS}, name="LostCitiesColumns"
        ),
        "The numbers written in each colour column, bottom first.",
    )
    circles = nested(
        Schema.from_dict({c: boolean(f"The {c} circle.") for c in COLOURS}, name="LostCitiesCircles"),
        "Which colour columns have their doubling circle marked.",
    )
    artefacts = integer("Spaces marked in the artefacts column.", minimum=0)
    dice = integer("Spaces marked in the dice column.", minimum=0)
    bridges = nested(
        Schema.from_dict(
            {c: string(f"The {c} bridge.", enum=["won", "lost"], nullable=True) for c in COLUMNS},
            name="LostCitiesSheetBridges",
        ),
        "Per column: won, lost (someone else crossed first) or null (still open).",
    )
    exhausted = boolean("Whether the dice column is full: the sheet is done.")
    score = integer("Points the sheet scores now.")


class LostCitiesView(Schema):
    """The dice, the step, the bridges and the sheets; in the simultaneous step others' sheets show as they were."""

    turn = integer("The turn.", minimum=1)
    active = seat_number("The active player, who chooses first.")
    step = string(
        "active (the active player chooses), others (everyone else chooses at once) or over.",
        enum=["active", "others", "over"],
    )
    roll = nested(LostCitiesDice, "The dice rolled this turn.")
    offer = nested(LostCitiesDice, "The dice open to the seats choosing now.")
    active_choice = nested(LostCitiesChoice, "The active player's choice once made, else null.", nullable=True)
    chosen = seat_list("In the others step: who has chosen already.")
    accelerations = nested(
        LostCitiesAcceleration, "Accelerations pending (others' only while they are public).", many=True
    )
    bridges = nested(
        Schema.from_dict({c: nested(LostCitiesBridge, f"The {c} bridge.") for c in COLUMNS}, name="LostCitiesBridges"),
        "Every column's bridge.",
    )
    sheets = nested(LostCitiesSheet, "Every sheet.", many=True)


class LostCitiesColourScore(Schema):
    marks = integer("Numbers written.", minimum=0)
    doubled = boolean("Whether the circle doubles it.")
    points = integer("Points.")


class LostCitiesArtefactsScore(Schema):
    marks = integer("Spaces marked.", minimum=0)
    points = integer("Points.")


class LostCitiesDiceScore(Schema):
    marks = integer("Spaces marked.", minimum=0)
    exhausted = boolean("Whether the column is full.")
    points = integer("Points.")


class LostCitiesBridgesScore(Schema):
    won = listof(column("A column."), "The bridges won.")
    points = integer("Bonus points.")


class LostCitiesStanding(Schema):
    seat = seat_number("The seat.")
    place = integer("1 for the winners.", minimum=1)
    score = integer("Total points.")
    breakdown = nested(
        Schema.from_dict(
            {
                **{c: nested(LostCitiesColourScore, f"The {c} column.") for c in COLOURS},
                ARTEFACTS: nested(LostCitiesArtefactsScore, "The artefacts column."),
                DICE: nested(LostCitiesDiceScore, "The dice column."),
                "bridges": nested(LostCitiesBridgesScore, "The bridge bonuses."),
            },
            name="LostCitiesBreakdown",
        ),
        "Points by column.",
    )


class LostCitiesOutcome(Schema):
    winners = seat_list("The seats with the best score.")
    standings = nested(LostCitiesStanding, "Every seat, best first.", many=True)


MARK_TYPES = (
    "dice_taken",
    "refused",
    "accelerated",
    "accelerations_stopped",
    "number_written",
    "circle_marked",
    "artefact_marked",
    "die_marked",
)


class LostCitiesMark(Schema):
    """One mark a seat made in the simultaneous step; the fields are those of the event of the same type."""

    type = string("The mark's event type.", enum=MARK_TYPES)
    seat = seat_number("Who made it.")
    colour = colour("dice_taken: the colour die.", optional=True)
    number = integer("dice_taken: the number die.", optional=True)
    as_ = named("as", string("dice_taken: how it was used.", enum=MODES, optional=True))
    column = column("number_written, circle_marked, accelerated: the column.", optional=True)
    space = integer("number_written, artefact_marked, die_marked: the space marked.", optional=True)
    value = integer("number_written: the value written.", optional=True)
    arrow = boolean("number_written: the space has an arrow (an acceleration).", optional=True)
    urn = boolean("number_written: the space has an urn (an artefact).", optional=True)
    why = string("artefact_marked: urn or overflow.", enum=["urn", "overflow"], optional=True)
    exhausted = boolean("die_marked: the dice column is now full.", optional=True)


class LostCitiesChoices(Schema):
    seat = seat_number("The seat.")
    events = nested(LostCitiesMark, "Its marks, in order.", many=True)


class LostCitiesDiceRolledEvent(EventSchema):
    type = const("dice_rolled", "A new turn's dice.")
    turn = integer("The turn.", minimum=1)
    active = seat_number("The active player.")
    colours = listof(colour("A colour die."), "Colour dice.")
    numbers = listof(integer("A number die.", minimum=0, maximum=9), "Number dice.")


class LostCitiesDiceTakenEvent(EventSchema):
    type = const("dice_taken", "A seat took two dice.")
    seat = seat_number("Who.")
    colour = colour("The colour die.")
    number = integer("The number die.", minimum=0, maximum=9)
    as_ = named("as", string("How it was used.", enum=MODES))


class LostCitiesRefusedEvent(EventSchema):
    type = const("refused", "A seat refused the dice.")
    seat = seat_number("Who.")


class LostCitiesAcceleratedEvent(EventSchema):
    type = const("accelerated", "A seat used an acceleration.")
    seat = seat_number("Who.")
    column = colour("The column advanced.")


class LostCitiesAccelerationsStoppedEvent(EventSchema):
    type = const("accelerations_stopped", "A seat gave up its remaining accelerations.")
    seat = seat_number("Who.")


class LostCitiesNumberWrittenEvent(EventSchema):
    type = const("number_written", "A number went into a column.")
    seat = seat_number("Whose sheet.")
    column = colour("The column.")
    space = integer("The space, from the bottom.", minimum=0)
    value = integer("The value written.")
    arrow = boolean("The space has an arrow: an acceleration.")
    urn = boolean("The space has an urn: an artefact.")


class LostCitiesCircleMarkedEvent(EventSchema):
    type = const("circle_marked", "A column's doubling circle was marked.")
    seat = seat_number("Whose sheet.")
    column = colour("The column.")


class LostCitiesArtefactMarkedEvent(EventSchema):
    type = const("artefact_marked", "An artefact space was marked.")
    seat = seat_number("Whose sheet.")
    space = integer("The space.", minimum=0)
    why = string("urn (a number landed on an urn) or overflow (a full column).", enum=["urn", "overflow"])


class LostCitiesDieMarkedEvent(EventSchema):
    type = const("die_marked", "A dice-column space was marked (dice refused).")
    seat = seat_number("Whose sheet.")
    space = integer("The space.", minimum=0)
    exhausted = boolean("The dice column is now full.")


class LostCitiesOthersChooseEvent(EventSchema):
    type = const("others_choose", "The active player chose: now everyone else chooses at once.")
    seats = seat_list("Who chooses.")
    offer = nested(LostCitiesDice, "The dice open to them.")


class LostCitiesPlayerChoseEvent(EventSchema):
    type = const("player_chose", "A seat has chosen in the simultaneous step (what it chose shows at the reveal).")
    seat = seat_number("Who.")


class LostCitiesChoicesRevealedEvent(EventSchema):
    type = const("choices_revealed", "Everyone has chosen: all the marks of the step are shown.")
    turn = integer("The turn.", minimum=1)
    choices = nested(LostCitiesChoices, "Each seat's marks.", many=True)


class LostCitiesBridgeCrossedEvent(EventSchema):
    type = const("bridge_crossed", "Seats reached a column's bridge first.")
    column = column("The column.")
    seats = seat_list("Who crossed it.")
    bonus = integer("The bonus each scores.")


class LostCitiesGameOverEvent(EventSchema):
    type = const("game_over", "The game ended.")
    winners = seat_list("The winners.")
    scores = listof(integer("Points."), "Each seat's score, by seat.")


ACTIONS = (LostCitiesTakeAction, LostCitiesRefuseAction, LostCitiesAccelerateAction, LostCitiesStopAction)
EVENTS = (
    LostCitiesDiceRolledEvent,
    LostCitiesDiceTakenEvent,
    LostCitiesRefusedEvent,
    LostCitiesAcceleratedEvent,
    LostCitiesAccelerationsStoppedEvent,
    LostCitiesNumberWrittenEvent,
    LostCitiesCircleMarkedEvent,
    LostCitiesArtefactMarkedEvent,
    LostCitiesDieMarkedEvent,
    LostCitiesOthersChooseEvent,
    LostCitiesPlayerChoseEvent,
    LostCitiesChoicesRevealedEvent,
    LostCitiesBridgeCrossedEvent,
    LostCitiesGameOverEvent,
)
