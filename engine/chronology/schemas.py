"""Chronology's actions, view, events and outcome: the engine checks actions with them, the contract shows them."""

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
from engine.decks.parse import COLOURS

COLOUR = "A colour: red (war), beige (culture) or blue (science)."


def colour(description: str = COLOUR, *, nullable: bool = False, optional: bool = False):
    return string(description, enum=COLOURS, nullable=nullable, optional=optional)


class ChronologyStartAction(ActionSchema):
    """Before play: turn over the top card of a common deck to start your left neighbour's chronology."""

    type = const("start", "Start a chronology.")
    colour = colour("The common deck to take the card from.")


class ChronologyPlaceAction(ActionSchema):
    """Place the top card of one of your stacks into your chronology."""

    type = const("place", "Place a card.")
    colour = colour("Which of your stacks.")
    gap = integer("Where it goes: 0 before the first card of your chronology, n after the n-th.", minimum=0)
    card = string("The top card of that stack, to make sure of it; may be left out.", optional=True)


class ChronologySkipAction(ActionSchema):
    """Do not use the power your correct card offers."""

    type = const("skip", "Skip the power.")


class ChronologyDiscardTopAction(ActionSchema):
    """Red power (war destroys): discard the top card of a stack or a common deck."""

    type = const("discard_top", "Use the red power.")
    seat = seat_number("Whose stack; null for the common deck.", nullable=True)
    colour = colour("Which colour's stack or deck.")


class ChronologyMoveTopAction(ActionSchema):
    """Beige power (culture creates): move the top card of a common deck onto a player's stack."""

    type = const("move_top", "Use the beige power.")
    colour = colour("Which common deck, and so onto which colour of stack.")
    seat = seat_number("Whose stack it goes onto.")


class ChronologySwapTopsAction(ActionSchema):
    """Blue power (science changes everything): swap the top cards of two piles of one colour."""

    type = const("swap_tops", "Use the blue power to swap.")
    colour = colour("The colour of both piles.")
    seats = listof(
        seat_number("A seat's stack, or null for the common deck.", nullable=True),
        "The two piles: seat numbers, or null for the common deck.",
        min_items=2,
        max_items=2,
    )


class ChronologyReshuffleAction(ActionSchema):
    """Blue power: shuffle one of your stacks into its common deck and deal yourself as many back."""

    type = const("reshuffle", "Use the blue power to reshuffle.")
    colour = colour("Which of your stacks.")


class ChronologyCardFront(Schema):
    """A card as its front shows it: its year stays hidden until it lies in a chronology."""

    id = string("The card's id.")
    title = string("The event, in the game's language.")
    colour = colour("The card's colour.")


class ChronologyCard(ChronologyCardFront):
    """A card turned over."""

    year = integer("The year (negative: BC).")
    label = string('The year as printed: "1969", "44 BC".')


class ChronologyDiscardedCard(ChronologyCardFront):
    """A card on the discard pile: turned over if it got there by a wrong placement."""

    year = integer("The year, if the card was turned over.", optional=True)
    label = string("The year as printed, if the card was turned over.", optional=True)


class ChronologyPile(Schema):
    colour = colour("The pile's colour.")
    count = integer("Cards in it.", minimum=0)
    top = nested(ChronologyCardFront, "Its top card, front only; null when empty.", nullable=True)


class ChronologyPlayer(Schema):
    seat = seat_number("The seat.")
    stacks = nested(ChronologyPile, "The seat's stacks, one per colour in play.", many=True)
    cards_left = integer("Cards left in all its stacks.", minimum=0)
    chronology = nested(ChronologyCard, "Its chronology, in order, turned over.", many=True)


class ChronologyView(Schema):
    """The table: common decks, every player's stacks (top fronts) and chronology, and the discard pile."""

    deck = string("The deck played.")
    colours = listof(colour(), "The colours in play.")
    powers = boolean("Whether correct cards offer their colour's power.")
    phase = string(
        "setup (starting chronologies), play, power (the seat to act may use a power) or over.",
        enum=["setup", "play", "power", "over"],
    )
    turn = seat_number("Whose turn it is; null once over.", nullable=True)
    power = colour("The power on offer in the power phase, else null.", nullable=True)
    round = integer("The round (0 during setup).", minimum=0)
    final_round = boolean("Whether this is the last round (someone has emptied every stack).")
    common = nested(ChronologyPile, "The common decks, one per colour in play.", many=True)
    players = nested(ChronologyPlayer, "Every seat.", many=True)
    discard = nested(ChronologyDiscardedCard, "The discard pile, bottom first.", many=True)


class ChronologyStanding(Schema):
    seat = seat_number("The seat.")
    place = integer("1 for the winners.", minimum=1)
    chronology = integer("Cards in its chronology.", minimum=0)
    cards_left = integer("Cards left in its stacks.", minimum=0)
    age = integer("The age given for the seat, if any.", nullable=True)


class ChronologyOutcome(Schema):
    winners = seat_list("The winners.")
    decided_by = string(
        "What decided: chronology (longest), cards_left, age (youngest), shared, or resigned (every "
        "other seat resigned).",
        enum=["chronology", "cards_left", "age", "shared", "resigned"],
    )
    standings = nested(ChronologyStanding, "Every seat, best first.", many=True)


class ChronologyChronologyStartedEvent(EventSchema):
    type = const("chronology_started", "A seat turned over the first card of its neighbour's chronology.")
    seat = seat_number("Who chose the deck.")
    for_ = named("for", seat_number("Whose chronology it starts.", optional=False))
    card = nested(ChronologyCard, "The card.")


class ChronologyRoundStartedEvent(EventSchema):
    type = const("round_started", "A new round.")
    round = integer("The round.", minimum=1)


class ChronologyCardPlacedEvent(EventSchema):
    type = const("card_placed", "A correct placement: the card stays in the chronology.")
    seat = seat_number("Who placed it.")
    colour = colour("The stack it came from.")
    gap = integer("The gap it went into.", minimum=0)
    correct = boolean("Always true.")
    card = nested(ChronologyCard, "The card, turned over.")


class ChronologyCardDiscardedEvent(EventSchema):
    type = const("card_discarded", "A wrong placement: the card is turned over and discarded.")
    seat = seat_number("Who placed it.")
    colour = colour("The stack it came from.")
    gap = integer("The gap it was put into.", minimum=0)
    correct = boolean("Always false.")
    card = nested(ChronologyCard, "The card, turned over.")


class ChronologyPowerOfferedEvent(EventSchema):
    type = const("power_offered", "A correct card's colour offers its power to the seat.")
    seat = seat_number("Who may use it.")
    power = colour("The power's colour.")
    name = string("The power's name in the game's language, e.g. war destroys.")


class ChronologyPowerSkippedEvent(EventSchema):
    type = const("power_skipped", "The seat did not use the power.")
    seat = seat_number("Who skipped.")
    power = colour("The power's colour.")


class ChronologyPowerUsedEvent(EventSchema):
    """A power was used; which fields come depends on `move`."""

    type = const("power_used", "The seat used a power.")
    seat = seat_number("Who used it.")
    power = colour("The power's colour.")
    move = string("Which move.", enum=["discard_top", "move_top", "swap_tops", "reshuffle"])
    colour = colour("The colour of the piles concerned.")
    from_ = named(
        "from",
        seat_number("discard_top: whose stack lost its top (null: the common deck).", nullable=True, optional=True),
    )
    onto = seat_number("move_top: whose stack the card went onto.", optional=True)
    card = nested(ChronologyCardFront, "discard_top, move_top: the card moved, front only.", optional=True)
    seats = listof(
        seat_number("A seat, or null for the common deck.", nullable=True), "swap_tops: the two piles.", optional=True
    )
    cards = nested(ChronologyCardFront, "swap_tops: the two cards swapped, fronts only.", many=True, optional=True)
    count = integer("reshuffle: cards shuffled away and dealt back.", minimum=0, optional=True)


class ChronologyFinalRoundEvent(EventSchema):
    type = const("final_round", "Someone emptied every stack: this round is the last.")
    round = integer("The round.", minimum=1)
    emptied = seat_list("The seats with no card left.")


class ChronologyGameOverEvent(EventSchema):
    type = const("game_over", "The game ended.")
    winners = seat_list("The winners.")


ACTIONS = (
    ChronologyStartAction,
    ChronologyPlaceAction,
    ChronologySkipAction,
    ChronologyDiscardTopAction,
    ChronologyMoveTopAction,
    ChronologySwapTopsAction,
    ChronologyReshuffleAction,
)
EVENTS = (
    ChronologyChronologyStartedEvent,
    ChronologyRoundStartedEvent,
    ChronologyCardPlacedEvent,
    ChronologyCardDiscardedEvent,
    ChronologyPowerOfferedEvent,
    ChronologyPowerSkippedEvent,
    ChronologyPowerUsedEvent,
    ChronologyFinalRoundEvent,
    ChronologyGameOverEvent,
)
