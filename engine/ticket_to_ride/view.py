"""What players see: the public table, each seat's own hand and tickets, and which cards stay hidden from whom.

Each fact is said once, so a late five-player view stays small: the routes and stations by owner in `claims` and
`stations` (a seat's own are those with its number), the hand as a count of each colour (an id in hand says nothing
and no action names one).
"""

from engine.core.protocol import State, View
from engine.ticket_to_ride.board import Board
from engine.ticket_to_ride.cards import hand_counts, train_card
from engine.ticket_to_ride.scoring import Links, owned, route_points
from engine.ticket_to_ride.steps import INITIAL, OVER, SECOND_CARD

CARD_FIELDS = {"colour"}
TICKET_FIELDS = {"cities", "points", "long"}


def view(board: Board, state: State, seat: int | None) -> View:
    players = []
    for s in range(state["players"]):
        routes = owned(board, state, s)
        players.append(
            {
                "seat": s,
                "trains": state["trains"][s],
                "stations_left": board.stations - sum(1 for o in state["stations"].values() if o == s),
                "hand_size": len(state["hands"][s]),
                "tickets": len(state["kept"][s]),
                "choosing_tickets": len(state["offers"][s]),
                "route_points": route_points(board, routes),
            }
        )
    tunnel = state["tunnel"]
    seen: View = {
        "step": state["step"],
        "turn": state["turn"],
        "active": state["active"] if state["step"] not in (INITIAL, OVER) else None,
        "claims": dict(sorted(state["claims"].items())),
        "stations": dict(sorted(state["stations"].items())),
        "faceup": [train_card(state, c) for c in state["faceup"]],
        "deck": len(state["deck"]),
        "discard": len(state["discard"]),
        "ticket_deck": len(state["ticket_deck"]),
        "players": players,
        "tunnel": None
        if tunnel is None
        else {
            "seat": tunnel["seat"],
            "route": tunnel["route"],
            "colour": tunnel["colour"],
            "paid": [train_card(state, c) for c in tunnel["paid"]],
            "revealed": [train_card(state, c) for c in tunnel["revealed"]],
            "extra": tunnel["extra"],
        },
        "final_round": None
        if state["final_turns"] is None
        else {"triggered_by": state["final_trigger"], "turns_left": state["final_turns"]},
        "options": state["options"],
    }
    if seat is not None:
        own = [r.cities for r in owned(board, state, seat)]
        links = Links(own)
        seen["hand"] = hand_counts(board, state, seat)
        seen["tickets"] = [
            {**board.tickets[t].public(), "connected": links.connected(board.tickets[t].a, board.tickets[t].b)}
            for t in state["kept"][seat]
        ]
        seen["offer"] = [board.tickets[t].public() for t in state["offers"][seat]]
        if state["step"] == SECOND_CARD and state["active"] == seat:
            seen["second_card"] = True
    return seen


def hidden_cards(state: State, seat: int | None) -> dict[str, set[str]]:
    hidden = {card: CARD_FIELDS for card in state["deck"]}
    tickets = [*state["ticket_deck"], *state["ticket_box"]]
    for s in range(state["players"]):
        if s == seat:
            continue
        hidden.update({card: CARD_FIELDS for card in state["hands"][s]})
        tickets += state["offers"][s]
        if state["step"] != OVER:
            tickets += state["kept"][s]
    hidden.update({ticket: TICKET_FIELDS for ticket in tickets})
    return hidden


def zones(state: State) -> dict[str, list[str]]:
    zones = {
        "deck": state["deck"],
        "faceup": state["faceup"],
        "discard": state["discard"],
        "ticket_deck": state["ticket_deck"],
        "ticket_box": state["ticket_box"],
    }
    if state["tunnel"] is not None:
        zones["tunnel_paid"] = state["tunnel"]["paid"]
        zones["tunnel_revealed"] = state["tunnel"]["revealed"]
    for s in range(state["players"]):
        zones[f"hand:{s}"] = state["hands"][s]
        zones[f"offer:{s}"] = state["offers"][s]
        zones[f"tickets:{s}"] = state["kept"][s]
    return zones
