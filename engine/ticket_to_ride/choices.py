"""What a seat may do now: who acts, every legal action, and whether a route or a station is open to the seat."""

import itertools

from engine.core.protocol import Action, State
from engine.ticket_to_ride import cards as deck
from engine.ticket_to_ride.board import GREY, LOCOMOTIVE, Board, Route
from engine.ticket_to_ride.steps import INITIAL, OVER, SECOND_CARD, TICKETS, TUNNEL

START_KEEP, LATER_KEEP = 2, 1


def to_act(state: State) -> set[int]:
    if state["step"] == OVER:
        return set()
    if state["step"] == INITIAL:
        return {s for s in range(state["players"]) if state["offers"][s]}
    return {state["active"]}


def legal_actions(board: Board, state: State, seat: int) -> list[Action]:
    if seat not in to_act(state):
        return []
    step = state["step"]
    if step in (INITIAL, TICKETS):
        offer = sorted(state["offers"][seat])
        keep = min(START_KEEP if step == INITIAL else LATER_KEEP, len(offer))
        return [
            {"type": "keep_tickets", "tickets": list(kept)}
            for size in range(keep, len(offer) + 1)
            for kept in itertools.combinations(offer, size)
        ]
    if step == SECOND_CARD:
        return draws(state, second=True)
    counts = deck.hand_counts(board, state, seat)
    if step == TUNNEL:
        tunnel = state["tunnel"]
        pay = [
            {"type": "pay_tunnel", "locomotives": k}
            for k in deck.tunnel_payments(tunnel["colour"], tunnel["extra"], counts)
        ]
        return [*pay, {"type": "give_up_tunnel"}]
    actions = draws(state, second=False)
    actions += _claims(board, state, seat, counts)
    actions += _stations(board, state, seat, counts)
    if state["ticket_deck"]:
        actions.append({"type": "draw_tickets"})
    return actions or [{"type": "pass"}]


def draws(state: State, second: bool) -> list[Action]:
    actions: list[Action] = [{"type": "draw_deck"}] if deck.can_draw(state) else []
    for card in state["faceup"]:
        if not (second and state["cards"][card] == LOCOMOTIVE):
            actions.append({"type": "draw_faceup", "card": card})
    return actions


def claimable(board: Board, state: State, seat: int, route: Route) -> str | None:
    """Return why `seat` may not claim `route` now (not counting cards), or None if it may."""
    if route.id in state["claims"]:
        return f"{route.id} is already claimed."
    if state["trains"][seat] < route.length:
        return f"{route.id} needs {route.length} trains; you have {state['trains'][seat]}."
    sibling = board.sibling(route)
    if sibling is not None and sibling.id in state["claims"]:
        if state["players"] <= 3:
            return f"With {state['players']} players only one track of a double route is used."
        if state["claims"][sibling.id] == seat:
            return "You already own the other track of this double route."
    return None


def _claims(board: Board, state: State, seat: int, counts: dict[str, int]) -> list[Action]:
    actions: list[Action] = []
    append = actions.append
    for route_id, ways in claim_ways(board, state, seat, counts):
        for paid_with, k in ways:
            append({"type": "claim", "route": route_id, "colour": paid_with, "locomotives": k})
    return actions


def claim_ways(
    board: Board, state: State, seat: int, counts: dict[str, int]
) -> list[tuple[str, list[tuple[str, int]]]]:
    """Every route `seat` may claim now with the ways its hand can pay for it, in map order; routes that pay
    alike share one list of ways."""
    locos = counts[LOCOMOTIVE]
    trains, claims = state["trains"][seat], state["claims"]
    # A route can be paid for exactly when cards of one colour (any, if grey) and locomotives reach its length:
    # take the routes short enough for what each colour reaches, back in map order.
    short = board.short_routes
    cap = min(trains, len(short[GREY]) - 1)
    places: list[int] = []
    most = locos
    for colour in board.colours:
        reach = counts[colour] + locos
        places += short[colour][reach if reach < cap else cap]
        if reach > most:
            most = reach
    places += short[GREY][most if most < cap else cap]
    places.sort()
    one_track = state["players"] <= 3
    tracks = board.tracks
    ways_by_kind: dict[int, list[tuple[str, int]]] = {}
    found: list[tuple[str, list[tuple[str, int]]]] = []
    append = found.append
    for place in places:
        route_id, _, _, ferry_locos, sibling, kind, route = tracks[place]
        if ferry_locos > locos or route_id in claims:
            continue
        if sibling is not None and sibling in claims and (one_track or claims[sibling] == seat):
            continue  # `claimable` says why
        ways = ways_by_kind.get(kind)
        if ways is None:
            ways = ways_by_kind[kind] = deck.route_payments(board, route, counts)
        if ways:
            append((route_id, ways))
    return found


def station_cost(board: Board, state: State, seat: int) -> int | None:
    built = list(state["stations"].values()).count(seat)
    return board.station_costs[built] if built < board.stations else None


def _stations(board: Board, state: State, seat: int, counts: dict[str, int]) -> list[Action]:
    cost = station_cost(board, state, seat)
    if cost is None:
        return []
    ways = deck.set_payments(board.colours, cost, counts)
    if not ways:
        return []
    return [
        {"type": "build_station", "city": city, "colour": colour, "locomotives": locos}
        for city in board.cities
        if city not in state["stations"]
        for colour, locos in ways
    ]
