"""Around the World in 80 Days: actions, view, events and outcome, checked by the engine and shown in the contract.

Locations, spaces, event cards and receipt kinds come from the board data, so the schemas follow the data.
"""

from marshmallow import Schema

from engine.around_the_world.board import KINDS, default_board
from engine.around_the_world.phases import DISCARD, OVER, RECEIPT, ROLL, TAKE, TRAVEL
from engine.core.schema import (
    ActionSchema,
    EventSchema,
    boolean,
    const,
    integer,
    listof,
    mapping,
    nested,
    seat_list,
    seat_number,
    string,
)

BOARD = default_board()
LOCATIONS = tuple(BOARD.names)
SPACES = tuple(BOARD.supply["spaces"])
EVENT_CARDS = tuple(BOARD.events)
RECEIPTS = tuple(BOARD.raw["receipts"]["per_colour"])
CHIPS = ("red", "blue")
PHASES = (TAKE, TRAVEL, ROLL, DISCARD, RECEIPT, OVER)
DECKS = ("travel", "event")


def location(description: str, **kwargs):
    return string(description, enum=LOCATIONS, **kwargs)


def event_card(description: str, **kwargs):
    return string(description, enum=EVENT_CARDS, **kwargs)


class AroundTheWorldTravelCardFace(Schema):
    """A travel card by what it shows: any card of that kind and days will do."""

    kind = string("ship or train.", enum=KINDS)
    days = integer("The days it takes.", minimum=1)


class AroundTheWorldTravelCard(AroundTheWorldTravelCardFace):
    id = string("The card's id.")


class AroundTheWorldEventCard(Schema):
    id = string("The card's id.")
    name = event_card("What the card is, e.g. elephant, balloon, princess.")


class AroundTheWorldTakeAction(ActionSchema):
    """Take the travel card from a space of the display, and use the space's action if you like."""

    type = const("take", "Take a card from the display.")
    space = string("The space the card lies on.", enum=SPACES)
    use = boolean("Use the space's action (gold, balloon, event, watch).", optional=True)
    location = location("detective: where the detective goes (using the action).", optional=True)
    discard = nested(
        AroundTheWorldTravelCardFace,
        "exchange: the travel cards to discard and replace (using the action).",
        many=True,
        optional=True,
    )


class AroundTheWorldDrawAction(ActionSchema):
    """The last of six travelling players may draw the top travel card instead of taking one."""

    type = const("draw", "Draw instead of taking.")


class AroundTheWorldTravelAction(ActionSchema):
    """Travel the next leg, paying with travel cards, event cards and the balloon action."""

    type = const("travel", "Travel a leg.")
    cards = nested(
        AroundTheWorldTravelCardFace, "The travel cards to pay with (default none).", many=True, optional=True
    )
    events = listof(event_card("An event card name."), "The event cards to play with it (default none).", optional=True)
    balloon_action = boolean("Use the balloon the take gave you this turn (default false).", optional=True)


class AroundTheWorldAcceptAction(ActionSchema):
    """Accept the die rolled for this leg."""

    type = const("accept", "Accept the die.")


class AroundTheWorldRerollAction(ActionSchema):
    """Pay gold to roll the die again."""

    type = const("reroll", "Re-roll the die.")


class AroundTheWorldPlayEventAction(ActionSchema):
    """Play Beziehungen (or the princess acting as it) after travelling, to open one more leg."""

    type = const("play_event", "Play an event card.")
    card = event_card("The event card's name.")


class AroundTheWorldBuyAction(ActionSchema):
    """Buy the top card of a deck for gold."""

    type = const("buy", "Buy a card.")
    deck = string("Which deck.", enum=DECKS)


class AroundTheWorldSellEventAction(ActionSchema):
    """Discard an Elefant card for gold."""

    type = const("sell_event", "Sell an event card.")
    card = event_card("The card: elephant.")


class AroundTheWorldEndTurnAction(ActionSchema):
    type = const("end_turn", "End your turn.")


class AroundTheWorldDiscardAction(ActionSchema):
    """Discard a travel card down to the hand limit."""

    type = const("discard", "Discard a travel card.")
    card = nested(AroundTheWorldTravelCardFace, "The card to discard.")


class AroundTheWorldReceipt(Schema):
    location = location("Where it was taken.")
    colour = string("red or blue.", enum=CHIPS)
    kind = string("What it gave.", enum=RECEIPTS)


class AroundTheWorldDrawReceiptAction(ActionSchema):
    """Draw the card the receipt you just took offers (the top travel or event card)."""

    type = const("draw_receipt", "Draw the receipt's card.")


class AroundTheWorldDeclineReceiptAction(ActionSchema):
    """Leave the card the receipt offers."""

    type = const("decline_receipt", "Decline the receipt's draw.")


class AroundTheWorldTurn(Schema):
    seat = seat_number("Whose turn.")
    space = string(
        "The space taken from this turn, once taken (null after a draw or before taking).", enum=SPACES, nullable=True
    )
    balloon = boolean("Whether the take gave a balloon.")
    balloon_used = boolean("Whether that balloon was used.")
    travels = integer("Legs travelled this turn.", minimum=0)
    allowed = integer("Legs allowed this turn (Beziehungen opens one more).", minimum=0)
    receipts = nested(
        AroundTheWorldReceipt,
        "Receipts whose draw waits for draw_receipt or decline_receipt, oldest first.",
        many=True,
        optional=True,
    )


class AroundTheWorldSlot(Schema):
    space = string("The space.", enum=SPACES)
    card = nested(AroundTheWorldTravelCard, "The card on it, or null once taken.", nullable=True)


class AroundTheWorldChips(Schema):
    red = string("The red receipt (for the first to arrive), until taken.", enum=RECEIPTS, nullable=True)
    blue = string("The blue receipt (for the last to arrive), until taken.", enum=RECEIPTS, nullable=True)


class AroundTheWorldLeg(Schema):
    """A leg being travelled, waiting for the die."""

    type = string("Always travelled.", enum=["travelled"])
    seat = seat_number("Who travels.")
    origin = location("Where from.")
    destination = location("Where to.")
    cards = nested(AroundTheWorldTravelCardFace, "The travel cards paid.", many=True)
    events = listof(event_card("An event card."), "The event cards played.")
    balloon_action = boolean("Whether the balloon was used.")


class AroundTheWorldRoll(Schema):
    effect = event_card("What rolls the die: elephant or balloon.")
    base = integer("Fixed days before the die.", minimum=0)
    die = integer("The die.", minimum=1, maximum=6)
    rerolls = integer("Re-rolls so far.", minimum=0)
    replaced = nested(AroundTheWorldTravelCardFace, "The travel card the effect stands in for, if any.", nullable=True)
    travel = nested(AroundTheWorldLeg, "The leg.")


class AroundTheWorldPlayer(Schema):
    seat = seat_number("The seat.")
    position = integer("Legs travelled from London.", minimum=0)
    location = location("Where the player is.")
    days = integer("Days used.", minimum=0)
    gold = integer("Gold held.", minimum=0)
    travel_cards = integer("Travel cards in hand.", minimum=0)
    event_cards = integer("Event cards in hand.", minimum=0)
    home = boolean("Back in London.")
    arrival = integer("1 for the first home, and so on; null while travelling.", minimum=1, nullable=True)
    receipts = nested(AroundTheWorldReceipt, "Receipts taken.", many=True)


class AroundTheWorldView(Schema):
    """The public table, and your own hands (null for spectators)."""

    round = integer("The round.", minimum=1)
    phase = string(
        "take, travel, roll (accept or re-roll the die), receipt (draw or decline a receipt's card), "
        "discard (down to the hand limit) or over.",
        enum=PHASES,
    )
    turn = nested(AroundTheWorldTurn, "The turn in progress; null once over.", nullable=True)
    start_player = seat_number("The round's start player.")
    order = seat_list("The order of turns this round.")
    watch = seat_number("Who took the watch (next start player) this round, if anyone.", nullable=True)
    detective = location("Where the detective stands.")
    display = nested(AroundTheWorldSlot, "The travel cards laid out, by space.", many=True)
    travel_deck = integer("Travel cards left to draw.", minimum=0)
    travel_discard = integer("Travel cards discarded.", minimum=0)
    event_deck = integer("Event cards left to draw.", minimum=0)
    event_discard = nested(AroundTheWorldEventCard, "The event cards discarded, bottom first.", many=True)
    gold_supply = integer("Gold left in the supply.", minimum=0)
    receipts = mapping(
        nested(AroundTheWorldChips, "The receipts left there."),
        "Receipts still lying by each location, keyed by location.",
    )
    roll = nested(AroundTheWorldRoll, "The die waiting to be accepted or re-rolled, else null.", nullable=True)
    players = nested(AroundTheWorldPlayer, "Every seat.", many=True)
    hand = nested(AroundTheWorldTravelCard, "Your travel cards; null for spectators.", many=True, nullable=True)
    event_hand = nested(AroundTheWorldEventCard, "Your event cards; null for spectators.", many=True, nullable=True)


class AroundTheWorldStanding(Schema):
    seat = seat_number("The seat.")
    place = integer("1 for the winners.", minimum=1)
    days = integer("Days used.", minimum=0)
    home = boolean("Back in London.")
    arrival = integer("Order of arrival home, or null.", minimum=1, nullable=True)
    under_80 = boolean("Home in under 80 days.")
    gold = integer("Gold left.", minimum=0)
    location = location("Where the player ended.")


class AroundTheWorldOutcome(Schema):
    winners = seat_list("The winners.")
    decided_by = string(
        "What decided the winner (resigned: every other seat resigned).",
        enum=["first_home", "days", "gold", "arrival", "shared", "resigned"],
    )
    standings = nested(AroundTheWorldStanding, "Every seat, best first.", many=True)


def _event(type_: str, description: str, **fields):
    """Declare a simple event schema."""
    name = "AroundTheWorld" + "".join(part.title() for part in type_.split("_")) + "Event"
    return EventSchema.from_dict({"type": const(type_, description), **fields}, name=name)


REASON = string(
    "Why: action (a space's action), bought, receipt, exchange, instead_of_display, elephant.",
    enum=["action", "bought", "receipt", "exchange", "instead_of_display", "elephant"],
)
EVENTS = (
    _event(
        "round_started",
        "A new round.",
        round=integer("The round.", minimum=1),
        start_player=seat_number("The start player."),
    ),
    _event(
        "cards_laid_out",
        "Travel cards were laid out on the display.",
        display=nested(AroundTheWorldSlot, "The display.", many=True),
    ),
    _event("turn_started", "A seat's turn began.", seat=seat_number("Whose."), phase=string("The phase.", enum=PHASES)),
    _event(
        "card_taken",
        "A seat took a card from the display.",
        seat=seat_number("Who."),
        space=string("The space.", enum=SPACES),
        kind=string("The card's kind.", enum=KINDS),
        days=integer("The card's days.", minimum=1),
        used=boolean("Whether the space's action was used."),
    ),
    _event("balloon_ready", "The balloon space's action: a balloon for this turn.", seat=seat_number("Who.")),
    _event(
        "detective_moved", "The detective moved.", seat=seat_number("Who moved it."), location=location("Where to.")
    ),
    _event("start_player_claimed", "A seat took the watch: it starts the next round.", seat=seat_number("Who.")),
    _event(
        "cards_exchanged",
        "A seat exchanged travel cards.",
        seat=seat_number("Who."),
        discarded=nested(AroundTheWorldTravelCardFace, "The cards discarded.", many=True),
    ),
    _event(
        "travel_cards_drawn",
        "A seat drew travel cards (only it sees which).",
        seat=seat_number("Who."),
        count=integer("How many.", minimum=0),
        reason=REASON,
    ),
    _event(
        "your_travel_cards",
        "The travel cards you drew (only you get this event).",
        seat=seat_number("You."),
        cards=nested(AroundTheWorldTravelCard, "The cards.", many=True),
    ),
    _event(
        "travel_deck_reshuffled",
        "The travel discard pile was shuffled into a new deck.",
        count=integer("Cards in it.", minimum=0),
    ),
    _event(
        "event_card_drawn", "A seat drew an event card (only it sees which).", seat=seat_number("Who."), reason=REASON
    ),
    _event(
        "your_event_card",
        "The event card you drew (only you get this event).",
        seat=seat_number("You."),
        card=nested(AroundTheWorldEventCard, "The card."),
    ),
    _event(
        "no_event_card_left",
        "A seat should draw an event card but none is left.",
        seat=seat_number("Who."),
        reason=REASON,
    ),
    _event(
        "event_deck_reshuffled",
        "Event cards were shuffled into a new event deck.",
        count=integer("Cards in it.", minimum=0),
    ),
    _event(
        "grey_event",
        "A grey event card was drawn: it acts at once on everyone travelling.",
        seat=seat_number("Who drew it."),
        card=event_card("Which: delay or storm."),
        days=integer("Days everyone travelling loses.", minimum=0),
        discarded=nested(
            Schema.from_dict(
                {"seat": seat_number("The seat."), "count": integer("Event cards it lost.", minimum=0)},
                name="AroundTheWorldEventsLost",
            ),
            "Event cards every hand lost to the new event deck.",
            many=True,
        ),
    ),
    _event(
        "days_lost",
        "Seats lost days.",
        seats=seat_list("Who."),
        days=integer("Days each lost.", minimum=0),
        reason=string(
            "Why: detective (ended a turn where it stands), london (someone is home: everyone still "
            "travelling loses a day each round), receipt (another's delay receipt), or a grey event card "
            "(delay, storm).",
            enum=["detective", "london", "receipt", "delay", "storm"],
        ),
        totals=listof(integer("Days.", minimum=0), "Each one's days now, in the order of `seats`."),
    ),
    _event(
        "gold_gained",
        "A seat gained a gold.",
        seat=seat_number("Who."),
        reason=REASON,
        gold=integer("Its gold now.", minimum=0),
    ),
    _event(
        "no_gold_left", "A seat should gain a gold but the supply is empty.", seat=seat_number("Who."), reason=REASON
    ),
    _event(
        "card_bought",
        "A seat bought a card.",
        seat=seat_number("Who."),
        deck=string("Which deck.", enum=DECKS),
        gold=integer("Its gold now.", minimum=0),
    ),
    _event(
        "event_sold", "A seat discarded an Elefant for gold.", seat=seat_number("Who."), card=event_card("elephant.")
    ),
    _event(
        "die_rolled",
        "The die was rolled for a leg.",
        seat=seat_number("Who travels."),
        effect=event_card("elephant or balloon."),
        die=integer("The die.", minimum=1, maximum=6),
        base=integer("Fixed days before the die.", minimum=0),
        reroll=integer("For a re-roll: which one.", minimum=1, optional=True),
        gold=integer("For a re-roll: the seat's gold now.", minimum=0, optional=True),
    ),
    _event(
        "travelled",
        "A seat travelled a leg.",
        seat=seat_number("Who."),
        origin=location("From."),
        destination=location("To."),
        cards=nested(AroundTheWorldTravelCardFace, "Travel cards paid.", many=True),
        events=listof(event_card("An event card."), "Event cards played."),
        balloon_action=boolean("Whether the balloon was used."),
        days=integer("Days the leg took.", minimum=0),
        total=integer("The seat's days now.", minimum=0),
        die=integer("The die, when one was rolled.", minimum=1, maximum=6, optional=True),
    ),
    _event(
        "receipt_taken",
        "A seat took a receipt where it arrived.",
        seat=seat_number("Who."),
        location=location("Where."),
        colour=string("red (first there) or blue (last there).", enum=CHIPS),
        kind=string("What it gives.", enum=RECEIPTS),
    ),
    _event(
        "receipt_declined",
        "A seat left the card its receipt offered.",
        seat=seat_number("Who."),
        location=location("Where the receipt was."),
        colour=string("red or blue.", enum=CHIPS),
        kind=string("What it offered.", enum=RECEIPTS),
    ),
    _event(
        "event_played",
        "A seat played an event card on its own.",
        seat=seat_number("Who."),
        card=event_card("The card."),
        effect=string("What it did: connection (one more leg)."),
    ),
    _event(
        "arrived_in_london",
        "A seat is home.",
        seat=seat_number("Who."),
        days=integer("Its days.", minimum=0),
        arrival=integer("1 for the first home, and so on.", minimum=1),
    ),
    _event(
        "card_discarded",
        "A seat discarded a travel card down to the hand limit.",
        seat=seat_number("Who."),
        kind=string("The card's kind.", enum=KINDS),
        days=integer("The card's days.", minimum=1),
    ),
    _event("turn_ended", "A seat ended its turn.", seat=seat_number("Who.")),
    _event(
        "round_ended",
        "The round ended.",
        round=integer("The round.", minimum=1),
        discarded=integer("Cards left on the display and discarded.", minimum=0),
    ),
    _event(
        "game_over",
        "The game ended.",
        winners=seat_list("The winners."),
        decided_by=string("What decided.", enum=["first_home", "days", "gold", "arrival", "shared", "resigned"]),
        days=listof(integer("Days.", minimum=0), "Each seat's days, by seat."),
    ),
)
ACTIONS = (
    AroundTheWorldTakeAction,
    AroundTheWorldDrawAction,
    AroundTheWorldTravelAction,
    AroundTheWorldAcceptAction,
    AroundTheWorldRerollAction,
    AroundTheWorldPlayEventAction,
    AroundTheWorldBuyAction,
    AroundTheWorldSellEventAction,
    AroundTheWorldEndTurnAction,
    AroundTheWorldDiscardAction,
    AroundTheWorldDrawReceiptAction,
    AroundTheWorldDeclineReceiptAction,
)
