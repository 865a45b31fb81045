"""Timeline's actions, view, events and outcome: the engine checks actions with them, the contract shows them."""

from marshmallow import Schema

from engine.core.schema import (
    ActionSchema,
    EventSchema,
    boolean,
    const,
    integer,
    listof,
    nested,
    seat_list,
    seat_number,
    string,
)


class TimelinePlaceAction(ActionSchema):
    """Place a card from your hand into a gap of the timeline."""

    type = const("place", "Place a card.")
    card = string("The id of a card in your hand.")
    gap = integer("Where it goes: 0 before the first card of the timeline, n after the n-th.", minimum=0)


class TimelineCardFront(Schema):
    """A card as its front shows it: its key (date or position) is hidden until it lies on the timeline."""

    id = string("The card's id.")
    title = string("The event, in the game's language.")
    theme = string("The card's theme (the colour of its frame), e.g. inventions.")


class TimelineCard(TimelineCardFront):
    """A card turned over: its front and its key."""

    key = listof(
        integer("A key part."),
        "The ordering key: [year] for a dated deck, [group, position] for a "
        "story deck; a card fits between cards whose keys are not greater and not smaller.",
    )
    label = string('The key as printed on the card: "1969", "44 BC", "Ep. V · 46".')


class TimelineHand(Schema):
    seat = seat_number("Whose hand.")
    cards = nested(
        TimelineCardFront, "The cards in it, fronts only (everyone sees them; nobody sees their keys).", many=True
    )


class TimelineElimination(Schema):
    seat = seat_number("The seat knocked out.")
    round = integer("The round in which it was.", minimum=1)


class TimelineView(Schema):
    """The table: the timeline turned over, every hand by its fronts, the pile and the box by their counts."""

    deck = string("The deck played.")
    kind = string("dated (keys are years) or ordinal (keys are positions in a story).", enum=["dated", "ordinal"])
    timeline = nested(TimelineCard, "The cards placed so far, in order.", many=True)
    hands = nested(TimelineHand, "Every seat's hand.", many=True)
    pile = integer("Cards left to draw.", minimum=0)
    box = integer("Wrongly placed cards set aside (shuffled into a new pile when the pile is empty).", minimum=0)
    round = integer("The round being played.", minimum=1)
    active = seat_list("Seats still in the game.")
    eliminated = nested(TimelineElimination, "Seats knocked out, with the round.", many=True)
    turn = seat_number("Whose turn it is; null once the game is over.", nullable=True)


class TimelineStanding(Schema):
    seat = seat_number("The seat.")
    place = integer("1 for the winners; ties share a place.", minimum=1)
    cards_left = integer("Cards left in hand.", minimum=0)
    eliminated_in_round = integer("The round the seat was knocked out in; null if it never was.", nullable=True)


class TimelineOutcome(Schema):
    winners = seat_list("The seats that won (several share a win).")
    standings = nested(TimelineStanding, "Every seat, best first.", many=True)


class TimelineCardPlacedEvent(EventSchema):
    """A card was placed correctly and stays on the timeline, turned over."""

    type = const("card_placed", "A correct placement.")
    seat = seat_number("Who placed it.")
    gap = integer("The gap it went into.", minimum=0)
    correct = boolean("Always true.")
    card = nested(TimelineCard, "The card, with its key.")


class TimelineCardBoxedEvent(EventSchema):
    """A card was placed wrongly: it is turned over, so everyone sees its key, and goes to the box; its owner
    draws another."""

    type = const("card_boxed", "A wrong placement.")
    seat = seat_number("Who placed it.")
    gap = integer("The gap it was put into.", minimum=0)
    correct = boolean("Always false.")
    card = nested(TimelineCard, "The card, turned over.")


class TimelineCardDrawnEvent(EventSchema):
    type = const("card_drawn", "A seat drew a card.")
    seat = seat_number("Who drew.")
    card = nested(TimelineCardFront, "The card drawn, front only.")


class TimelineNothingToDrawEvent(EventSchema):
    type = const("nothing_to_draw", "A seat should draw but no card is left anywhere.")
    seat = seat_number("Who should have drawn.")


class TimelineBoxReshuffledEvent(EventSchema):
    type = const("box_reshuffled", "The pile ran out: the box was shuffled into a new pile.")
    count = integer("Cards in the new pile.", minimum=0)


class TimelineRoundEndedEvent(EventSchema):
    type = const("round_ended", "Every active seat has played once this round.")
    round = integer("The round that ended.", minimum=1)
    emptied = seat_list("Seats whose hands are empty.")


class TimelinePlayersEliminatedEvent(EventSchema):
    type = const("players_eliminated", "Some seats emptied their hands this round, so the others are out.")
    seats = seat_list("The seats knocked out.")
    round = integer("The round.", minimum=1)


class TimelineRoundStartedEvent(EventSchema):
    type = const("round_started", "A new round.")
    round = integer("The round.", minimum=1)
    seats = seat_list("The seats that will play in it, in order.")


class TimelineGameOverEvent(EventSchema):
    type = const("game_over", "The game ended.")
    winners = seat_list("The winners.")


ACTIONS = (TimelinePlaceAction,)
EVENTS = (
    TimelineCardPlacedEvent,
    TimelineCardBoxedEvent,
    TimelineCardDrawnEvent,
    TimelineNothingToDrawEvent,
    TimelineBoxReshuffledEvent,
    TimelineRoundEndedEvent,
    TimelinePlayersEliminatedEvent,
    TimelineRoundStartedEvent,
    TimelineGameOverEvent,
)
