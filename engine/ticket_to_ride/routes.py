"""Claiming a route: the payment, ferries, and tunnels with their three revealed cards and the extra they ask."""

from typing import Any

from engine.core.errors import IllegalAction, MalformedAction
from engine.core.protocol import Action, Event, State
from engine.core.rng import Rng
from engine.ticket_to_ride import cards as deck
from engine.ticket_to_ride.board import LOCOMOTIVE, Board, Route
from engine.ticket_to_ride.choices import claimable
from engine.ticket_to_ride.steps import TUNNEL
from engine.ticket_to_ride.turn import end_turn

TUNNEL_REVEAL = 3


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def payment(board: Board, action: Action) -> tuple[str, int]:
    """Read the colour and the locomotives an action pays with.

    :raises MalformedAction: when either is missing or not a card colour and a whole number.
    """
    colour, locos = action.get("colour"), action.get("locomotives")
    if (
        not isinstance(colour, str)
        or colour not in (*board.colours, LOCOMOTIVE)
        or not isinstance(locos, int)
        or isinstance(locos, bool)
        or locos < 0
    ):
        raise MalformedAction(
            f"Name the `colour` you pay with ({', '.join(board.colours)} or {LOCOMOTIVE}) and how many "
            "`locomotives` (a whole number)."
        )
    return colour, locos


def claim(board: Board, state: State, seat: int, action: Action, rng: Rng, events: list[Event]) -> None:
    name = action.get("route")
    route = board.routes.get(name) if isinstance(name, str) else None
    if route is None:
        raise MalformedAction(f"There is no route {action.get('route')!r}; routes are named like 'Berlin-Wien'.")
    colour, locos = payment(board, action)
    refusal = claimable(board, state, seat, route)
    if refusal:
        raise IllegalAction(refusal, route=route.id)
    if (colour, locos) not in deck.route_payments(board, route, deck.hand_counts(board, state, seat)):
        raise IllegalAction(_why_not_paid(route, colour, locos), route=route.id)
    paid = deck.take_from_hand(state, seat, colour, route.length - locos, locos)
    if not route.tunnel:
        _build_route(board, state, seat, route, colour, paid, [], events)
        end_turn(board, state, seat, rng, events)
        return
    state["tunnel"] = {"seat": seat, "route": route.id, "colour": colour, "paid": paid, "revealed": [], "extra": 0}
    revealed = state["tunnel"]["revealed"]
    for _ in range(TUNNEL_REVEAL):
        card = deck.draw(state, rng, events)
        if card is None:
            break
        revealed.append(card)
    extra = sum(1 for c in revealed if state["cards"][c] in (colour, LOCOMOTIVE))
    state["tunnel"]["extra"] = extra
    events.append(
        {
            "type": "tunnel_revealed",
            "seat": seat,
            "route": route.id,
            "paid_with": colour,
            "colours": [state["cards"][c] for c in revealed],
            "extra": extra,
        }
    )
    if extra == 0:
        _finish_tunnel(board, state, seat, [], events)
        end_turn(board, state, seat, rng, events)
    else:
        state["step"] = TUNNEL


def _why_not_paid(route: Route, colour: str, locos: int) -> str:
    if route.colour != "grey" and colour not in (route.colour, LOCOMOTIVE):
        return f"{route.id} is {route.colour}: pay with {route.colour} cards and locomotives."
    if locos < route.ferry_locos:
        return f"The ferry {route.id} needs at least {route.ferry_locos} locomotive(s)."
    if colour == LOCOMOTIVE and locos != route.length:
        return f"Paying with locomotives only takes {route.length} of them."
    if colour != LOCOMOTIVE and locos >= route.length:
        return f"Paying {route.length} locomotives is colour `{LOCOMOTIVE}`."
    return f"You do not hold {route.length - locos} {colour} card(s) and {locos} locomotive(s)."


def _build_route(
    board: Board,
    state: State,
    seat: int,
    route: Route,
    colour: str,
    paid: list[str],
    extra: list[str],
    events: list[Event],
) -> None:
    state["claims"][route.id] = seat
    state["trains"][seat] -= route.length
    state["discard"].extend([*paid, *extra])
    events.append(
        {
            "type": "route_claimed",
            "seat": seat,
            "route": route.id,
            "paid_with": colour,
            "colours": [state["cards"][c] for c in [*paid, *extra]],
            "points": board.route_points[route.length],
            "trains_left": state["trains"][seat],
        }
    )


def _finish_tunnel(board: Board, state: State, seat: int, extra: list[str], events: list[Event]) -> None:
    tunnel = state["tunnel"]
    route = board.routes[tunnel["route"]]
    _build_route(board, state, seat, route, tunnel["colour"], tunnel["paid"], extra, events)
    state["discard"].extend(tunnel["revealed"])
    state["tunnel"] = None


def pay_tunnel(board: Board, state: State, seat: int, action: Action, rng: Rng, events: list[Event]) -> None:
    locos = action.get("locomotives")
    if not _whole(locos):
        raise MalformedAction("pay_tunnel names how many `locomotives` pay for the extra cards.")
    tunnel = state["tunnel"]
    if locos not in deck.tunnel_payments(tunnel["colour"], tunnel["extra"], deck.hand_counts(board, state, seat)):
        raise IllegalAction(f"You cannot pay {tunnel['extra']} more card(s) with {locos} locomotive(s).")
    extra = deck.take_from_hand(state, seat, tunnel["colour"], tunnel["extra"] - locos, locos)
    _finish_tunnel(board, state, seat, extra, events)
    end_turn(board, state, seat, rng, events)


def give_up_tunnel(board: Board, state: State, seat: int, rng: Rng, events: list[Event]) -> None:
    tunnel = state["tunnel"]
    lost = state["options"].get("tunnel_failure", "return") == "discard"
    if lost:
        state["discard"].extend(tunnel["paid"])
    else:
        state["hands"][seat].extend(tunnel["paid"])
    state["discard"].extend(tunnel["revealed"])
    events.append(
        {
            "type": "tunnel_abandoned",
            "seat": seat,
            "route": tunnel["route"],
            "cards": "discarded" if lost else "returned",
            "count": len(tunnel["paid"]),
        }
    )
    state["tunnel"] = None
    end_turn(board, state, seat, rng, events)
