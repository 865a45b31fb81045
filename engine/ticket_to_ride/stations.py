"""Building a station: in a city without one, paid in cards of one colour at the price of the seat's next station."""

from engine.core.errors import IllegalAction, MalformedAction
from engine.core.protocol import Action, Event, State
from engine.core.rng import Rng
from engine.ticket_to_ride import cards as deck
from engine.ticket_to_ride.board import LOCOMOTIVE, Board
from engine.ticket_to_ride.choices import station_cost
from engine.ticket_to_ride.routes import payment
from engine.ticket_to_ride.turn import end_turn


def build_station(board: Board, state: State, seat: int, action: Action, rng: Rng, events: list[Event]) -> None:
    city = action.get("city")
    if city not in board.cities:
        raise MalformedAction(f"There is no city {city!r} on the map.")
    colour, locos = payment(board, action)
    cost = station_cost(board, state, seat)
    if cost is None:
        raise IllegalAction("You have no station left.")
    if city in state["stations"]:
        raise IllegalAction(f"{city} already has a station.")
    if (colour, locos) not in deck.set_payments(board.colours, cost, deck.hand_counts(board, state, seat)):
        raise IllegalAction(
            f"This station costs {cost} card(s) of one colour (locomotives count as any); "
            f"you cannot pay it with {colour} and {locos} locomotive(s)."
        )
    paid = deck.take_from_hand(state, seat, colour, cost - locos if colour != LOCOMOTIVE else 0, locos)
    state["stations"][city] = seat
    state["discard"].extend(paid)
    events.append({"type": "station_built", "seat": seat, "city": city, "colours": [state["cards"][c] for c in paid]})
    end_turn(board, state, seat, rng, events)
