"""What a seat may do now: who acts, every legal action, and whether a route or a station is open to the seat."""

import itertools

from engine.core.protocol import Action, State
from engine.ticket_to_ride import cards as deck
from engine.ticket_to_ride.board import LOCOMOTIVE, Board, Route
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
        return [{"type": "keep_tickets", "tickets": list(kept)}
                for size in range(keep, len(offer) + 1) for kept in itertools.combinations(offer, size)]
    if step == TUNNEL:
        tunnel = state["tunnel"]
        counts = deck.hand_counts(state, seat)
        pay = [{"type": "pay_tunnel", "locomotives": k}
               for k in deck.tunnel_payments(tunnel["colour"], tunnel["extra"], counts)]
        return [*pay, {"type": "give_up_tunnel"}]
    if step == SECOND_CARD:
        return draws(state, second=True)
    actions = draws(state, second=False)
    actions += _claims(board, state, seat)
    actions += _stations(board, state, seat)
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


def _open(board: Board, state: State, seat: int, route: Route) -> bool:
    """`claimable(...) is None`, without writing the reasons (this runs for every route at every turn)."""
    claims = state["claims"]
    if route.id in claims or state["trains"][seat] < route.length:
        return False
    sibling = board.sibling(route)
    return sibling is None or sibling.id not in claims or (state["players"] > 3 and claims[sibling.id] != seat)


def _claims(board: Board, state: State, seat: int) -> list[Action]:
    counts = deck.hand_counts(state, seat)
    locos = counts[LOCOMOTIVE]
    most = max((counts[colour] for colour in board.colours), default=0)
    trains, claims = state["trains"][seat], state["claims"]
    # The ways to pay depend only on the route's colour, length and ferry locomotives: 39 kinds of 101 routes.
    ways_by_kind: dict[tuple[str, int, int], list[tuple[str, int]]] = {}
    actions: list[Action] = []
    for route in board.routes.values():
        length = route.length
        if length > trains or route.id in claims or route.ferry_locos > locos:
            continue
        # Cards of one colour and locomotives must add up to the length (a quick test before the exact one).
        if locos < length and (most if route.colour == "grey" else counts[route.colour]) + locos < length:
            continue
        if not _open(board, state, seat, route):
            continue
        kind = (route.colour, length, route.ferry_locos)
        ways = ways_by_kind.get(kind)
        if ways is None:
            ways = ways_by_kind[kind] = deck.route_payments(board, route, counts)
        actions += [{"type": "claim", "route": route.id, "colour": colour, "locomotives": k} for colour, k in ways]
    return actions


def station_cost(board: Board, state: State, seat: int) -> int | None:
    built = sum(1 for owner in state["stations"].values() if owner == seat)
    return board.station_costs[built] if built < board.stations else None


def _stations(board: Board, state: State, seat: int) -> list[Action]:
    cost = station_cost(board, state, seat)
    if cost is None:
        return []
    ways = deck.set_payments(board.colours, cost, deck.hand_counts(state, seat))
    return [
        {"type": "build_station", "city": city, "colour": colour, "locomotives": locos}
        for city in board.cities
        if city not in state["stations"]
        for colour, locos in ways
    ]
