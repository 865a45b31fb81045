"""Ticket to Ride: Europe's actions, view, events and outcome, checked by the engine and shown in the contract."""

from marshmallow import Schema

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
from engine.ticket_to_ride.board import LOCOMOTIVE, board
from engine.ticket_to_ride.steps import INITIAL, OVER, SECOND_CARD, TICKETS, TUNNEL, TURN

COLOURS = board().colours
CARD_COLOURS = (*COLOURS, LOCOMOTIVE)
STEPS = (INITIAL, TURN, SECOND_CARD, TUNNEL, TICKETS, OVER)
ROUTE = "A route's id as GET /v1/game-types/ticket-to-ride-europe lists it, e.g. Berlin-Wien or Dieppe-London-1."


def card_colour(description: str, **kwargs):
    return string(description, enum=CARD_COLOURS, **kwargs)


class TicketToRideKeepTicketsAction(ActionSchema):
    """Keep some of the tickets offered to you (at the start 2-4 of 4, later 1-3 of 3); the rest go back."""

    type = const("keep_tickets", "Keep tickets.")
    tickets = listof(string("A ticket id."), "The ids of the tickets to keep.", min_items=1)


class TicketToRideDrawDeckAction(ActionSchema):
    type = const("draw_deck", "Draw the top train card of the deck.")


class TicketToRideDrawFaceupAction(ActionSchema):
    """Take one of the five face-up train cards (a locomotive only as your first card, and then only it)."""

    type = const("draw_faceup", "Take a face-up card.")
    card = string("The face-up card's id.")


class TicketToRideClaimAction(ActionSchema):
    """Claim a route, paying with cards of one colour and locomotives."""

    type = const("claim", "Claim a route.")
    route = string(ROUTE)
    colour = card_colour("The colour paid with (locomotive: only locomotives).")
    locomotives = integer("How many of the cards paid are locomotives.", minimum=0)


class TicketToRideBuildStationAction(ActionSchema):
    """Build a station in a city, paying 1, 2, then 3 cards of one colour."""

    type = const("build_station", "Build a station.")
    city = string("The city, as the board names it (e.g. Wien).")
    colour = card_colour("The colour paid with.")
    locomotives = integer("How many of the cards paid are locomotives.", minimum=0)


class TicketToRideDrawTicketsAction(ActionSchema):
    type = const("draw_tickets", "Draw three destination tickets and keep at least one.")


class TicketToRidePayTunnelAction(ActionSchema):
    """Pay the extra cards the tunnel's revealed cards ask for."""

    type = const("pay_tunnel", "Pay for the tunnel.")
    locomotives = integer("How many of the extra cards are locomotives.", minimum=0)


class TicketToRideGiveUpTunnelAction(ActionSchema):
    type = const(
        "give_up_tunnel", "Leave the tunnel unbuilt (the tunnel_failure option says what happens to the cards paid)."
    )


class TicketToRidePassAction(ActionSchema):
    type = const("pass", "Pass: only when nothing else is possible.")


class TicketToRideCard(Schema):
    id = string("The card's id.")
    colour = card_colour("Its colour.")


class TicketToRideTicket(Schema):
    id = string("The ticket's id.")
    cities = listof(string("A city."), "The two cities to connect.", min_items=2, max_items=2)
    points = integer("Points it scores, or loses if not connected.", minimum=0)
    long = boolean("Whether it is one of the long routes.")


class TicketToRideKeptTicket(TicketToRideTicket):
    connected = boolean("Whether your routes connect its cities now (stations not counted).")


class TicketToRidePlayer(Schema):
    seat = seat_number("The seat.")
    trains = integer("Trains left.", minimum=0)
    stations_left = integer("Stations left to build.", minimum=0)
    hand_size = integer("Train cards in hand.", minimum=0)
    tickets = integer("Tickets kept.", minimum=0)
    choosing_tickets = integer("Tickets it is choosing from now.", minimum=0)
    route_points = integer("Points from its routes (those `claims` gives its seat).", minimum=0)


TicketToRideHand = Schema.from_dict(
    {colour: integer(f"How many {colour} cards.", minimum=0) for colour in CARD_COLOURS}, name="TicketToRideHand"
)


class TicketToRideTunnel(Schema):
    seat = seat_number("Who is building it.")
    route = string(ROUTE)
    colour = card_colour("The colour paid with.")
    paid = nested(TicketToRideCard, "The cards paid for the route.", many=True)
    revealed = nested(TicketToRideCard, "The three cards turned over from the deck.", many=True)
    extra = integer("Extra cards the revealed ones ask for.", minimum=0)


class TicketToRideFinalRound(Schema):
    triggered_by = seat_number("Who started it.")
    turns_left = integer("Turns left in the game.", minimum=0)


class TicketToRideView(Schema):
    """The board and the cards on the table; your own hand and tickets appear for your seat only."""

    step = string(
        "initial_tickets (everyone keeps tickets at once), turn, second_card, tunnel, tickets or over.", enum=STEPS
    )
    turn = integer("The turn.", minimum=0)
    active = seat_number("Whose turn it is; null while choosing initial tickets and once over.", nullable=True)
    claims = mapping(seat_number("The owner."), "Claimed routes: route id -> seat (the one list of who owns what).")
    stations = mapping(seat_number("The owner."), "Built stations: city -> seat (the one list of them).")
    faceup = nested(TicketToRideCard, "The face-up train cards.", many=True)
    deck = integer("Train cards left to draw.", minimum=0)
    discard = integer("Train cards discarded.", minimum=0)
    ticket_deck = integer("Tickets left to draw.", minimum=0)
    players = nested(TicketToRidePlayer, "Every seat.", many=True)
    tunnel = nested(TicketToRideTunnel, "The tunnel being paid for, else null.", nullable=True)
    final_round = nested(TicketToRideFinalRound, "Once the last round has begun, else null.", nullable=True)
    options = nested(
        Schema.from_dict(
            {"tunnel_failure": string("What an unbuilt tunnel does with the cards paid.", enum=["return", "discard"])},
            name="TicketToRideTableOptions",
        ),
        "The game's options.",
    )
    hand = nested(
        TicketToRideHand,
        "Your train cards as a count of each colour, every colour named (your seat only); no action names a card in "
        "hand, a claim or station names a colour and a number of locomotives.",
        optional=True,
    )
    tickets = nested(TicketToRideKeptTicket, "Your tickets (your seat only).", many=True, optional=True)
    offer = nested(
        TicketToRideTicket, "Tickets offered to you to choose from (your seat only).", many=True, optional=True
    )
    second_card = boolean("Present and true when you are to draw your second card.", optional=True)


class TicketToRideRoutesScore(Schema):
    points = integer("Points.", minimum=0)
    count = integer("Routes claimed.", minimum=0)
    trains = integer("Trains placed.", minimum=0)


class TicketToRideTicketsScore(Schema):
    points = integer("Points won minus points lost.")
    completed = nested(TicketToRideTicket, "Tickets connected.", many=True)
    failed = nested(TicketToRideTicket, "Tickets not connected.", many=True)


class TicketToRideBorrowed(Schema):
    city = string("The station's city.")
    route = string("The route the station borrows, or null if none helps.", nullable=True)
    owner = seat_number("That route's owner, or null.", nullable=True)


class TicketToRideStationsScore(Schema):
    points = integer("Points for unbuilt stations.", minimum=0)
    built = integer("Stations built.", minimum=0)
    unused = integer("Stations not built.", minimum=0)
    borrowed = nested(TicketToRideBorrowed, "The route each station borrows.", many=True)


class TicketToRideExpressScore(Schema):
    points = integer("The European Express bonus, if the seat has the longest path.", minimum=0)
    longest_path = integer("Its longest continuous path, in trains.", minimum=0)


class TicketToRideBreakdown(Schema):
    routes = nested(TicketToRideRoutesScore, "Routes.")
    tickets = nested(TicketToRideTicketsScore, "Tickets.")
    stations = nested(TicketToRideStationsScore, "Stations.")
    european_express = nested(TicketToRideExpressScore, "The longest path.")


class TicketToRideStanding(Schema):
    seat = seat_number("The seat.")
    place = integer("1 for the winners.", minimum=1)
    score = integer("Total points.")
    tickets_completed = integer("Tickets connected.", minimum=0)
    stations_built = integer("Stations built.", minimum=0)
    breakdown = nested(TicketToRideBreakdown, "Points by source.")


class TicketToRideOutcome(Schema):
    winners = seat_list("The winners.")
    standings = nested(TicketToRideStanding, "Every seat, best first.", many=True)


def _event(type_: str, description: str, **fields):
    name = "TicketToRide" + "".join(part.title() for part in type_.split("_")) + "Event"
    return EventSchema.from_dict({"type": const(type_, description), **fields}, name=name)


EVENTS = (
    _event(
        "tickets_offered",
        "Tickets offered to a seat (only that seat gets this event).",
        seat=seat_number("Who."),
        tickets=nested(TicketToRideTicket, "The tickets.", many=True),
    ),
    _event("tickets_drawn", "A seat drew tickets.", seat=seat_number("Who."), count=integer("How many.", minimum=0)),
    _event(
        "tickets_kept",
        "A seat kept tickets.",
        seat=seat_number("Who."),
        kept=integer("Kept.", minimum=0),
        returned=integer("Returned.", minimum=0),
    ),
    _event(
        "your_tickets",
        "The tickets you kept and returned (only you get this event).",
        seat=seat_number("You."),
        kept=nested(TicketToRideTicket, "Kept.", many=True),
        returned=listof(string("A ticket id."), "Returned."),
    ),
    _event(
        "card_drawn",
        "A seat drew a train card.",
        seat=seat_number("Who."),
        source=string("deck or faceup.", enum=["deck", "faceup"]),
        colour=card_colour("A face-up card's colour (a card from the deck stays secret).", optional=True),
    ),
    _event(
        "card_received",
        "The train card you drew (only you get this event).",
        seat=seat_number("You."),
        card=nested(TicketToRideCard, "The card."),
    ),
    _event("faceup", "The face-up cards now.", cards=nested(TicketToRideCard, "The cards.", many=True)),
    _event(
        "faceup_discarded",
        "The face-up cards were discarded and replaced.",
        colours=listof(card_colour("A colour."), "The colours discarded."),
        reason=string("Why (a code the data's names.reasons words).", enum=["three locomotives"]),
    ),
    _event(
        "discard_reshuffled",
        "The discard pile was shuffled into a new deck.",
        cards=integer("Cards in the deck now.", minimum=0),
    ),
    _event("no_second_card", "No second card can be drawn: the turn ends.", seat=seat_number("Who.")),
    _event(
        "route_claimed",
        "A seat claimed a route.",
        seat=seat_number("Who."),
        route=string(ROUTE),
        paid_with=card_colour("The colour paid with."),
        colours=listof(card_colour("A colour."), "The cards paid, by colour."),
        points=integer("Points scored.", minimum=0),
        trains_left=integer("Its trains left.", minimum=0),
    ),
    _event(
        "tunnel_revealed",
        "A tunnel's three cards were turned over.",
        seat=seat_number("Who builds it."),
        route=string(ROUTE),
        paid_with=card_colour("The colour paid with."),
        colours=listof(card_colour("A colour."), "The colours turned over."),
        extra=integer("Extra cards to pay.", minimum=0),
    ),
    _event(
        "tunnel_abandoned",
        "A seat gave up a tunnel.",
        seat=seat_number("Who."),
        route=string(ROUTE),
        cards=string("What happened to the cards paid.", enum=["returned", "discarded"]),
        count=integer("How many.", minimum=0),
    ),
    _event(
        "station_built",
        "A seat built a station.",
        seat=seat_number("Who."),
        city=string("The city."),
        colours=listof(card_colour("A colour."), "The cards paid, by colour."),
    ),
    _event("passed", "A seat passed.", seat=seat_number("Who.")),
    _event(
        "final_round",
        "The last round began.",
        seat=seat_number("Who started it."),
        reason=string(
            "Why: trains (two or fewer left) or no route can be claimed (codes the data's names.reasons words).",
            enum=["trains", "no route can be claimed"],
        ),
        trains_left=integer("trains: that seat's trains left.", minimum=0, optional=True),
    ),
    _event("turn_started", "A seat's turn began.", seat=seat_number("Whose."), turn=integer("The turn.", minimum=0)),
    _event(
        "game_over",
        "The game ended.",
        winners=seat_list("The winners."),
        scores=listof(integer("Points."), "Each seat's score, by seat."),
    ),
)
ACTIONS = (
    TicketToRideKeepTicketsAction,
    TicketToRideDrawDeckAction,
    TicketToRideDrawFaceupAction,
    TicketToRideClaimAction,
    TicketToRideBuildStationAction,
    TicketToRideDrawTicketsAction,
    TicketToRidePayTunnelAction,
    TicketToRideGiveUpTunnelAction,
    TicketToRidePassAction,
)
