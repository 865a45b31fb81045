"""Small drivers for Ticket to Ride tests: start a game, arrange the cards, act as `engine.core.play` would."""

import copy
from collections import Counter, defaultdict
from typing import Any

from engine.games import get_game
from engine.ticket_to_ride import TicketToRide
from engine.ticket_to_ride.board import board

GAME: TicketToRide = get_game("ticket-to-ride-europe")  # type: ignore[assignment]
BOARD = board()


def start(players: int = 2, seed: int = 1, **options: Any) -> dict:
    """A new game with the options filled in as the core would."""
    return GAME.setup(players, {"tunnel_failure": "return", **options}, seed)


def act(state: dict, seat: int, action: dict) -> tuple[dict, list[dict]]:
    """Apply one action after the turn check, on a private copy."""
    assert seat in GAME.to_act(state), f"seat {seat} may not act; to_act={GAME.to_act(state)}"
    return GAME.apply(copy.deepcopy(state), seat, copy.deepcopy(action))


def playing(players: int = 2, seed: int = 1, **options: Any) -> dict:
    """A game past the initial tickets: everybody kept all four; seat 0 to play."""
    state = start(players, seed, **options)
    for seat in range(players):
        state, _ = act(state, seat, {"type": "keep_tickets", "tickets": list(state["offers"][seat])})
    assert state["step"] == "turn" and state["active"] == 0
    return state


def rig(
    state: dict,
    hands: dict[int, list[str]] | None = None,
    faceup: list[str] | None = None,
    top: list[str] | None = None,
    discard: list[str] | None = None,
) -> dict:
    """Lay the train cards out by colour: hands, face-up cards, the next cards drawn (first drawn first), discard.

    Every other card goes into the pile below `top`, so no card appears or vanishes.
    """
    pool: dict[str, list[str]] = defaultdict(list)
    for card, colour in sorted(state["cards"].items()):
        pool[colour].append(card)

    def take(colours: list[str]) -> list[str]:
        return [pool[colour].pop(0) for colour in colours]

    hands = hands or {}
    state["hands"] = [take(hands.get(seat, [])) for seat in range(state["players"])]
    state["faceup"] = take(faceup or [])
    state["discard"] = take(discard or [])
    drawn_first = take(top or [])
    rest = sorted(card for cards in pool.values() for card in cards)
    state["deck"] = rest + drawn_first[::-1]
    state["tunnel"] = None
    return state


def empty_pile(state: dict) -> dict:
    """Move the whole pile into the discard pile (for reshuffle tests)."""
    state["discard"] += state["deck"]
    state["deck"] = []
    return state


def colours(state: dict, cards: list[str]) -> list[str]:
    return [state["cards"][c] for c in cards]


def hand(state: dict, seat: int) -> Counter:
    return Counter(state["cards"][c] for c in state["hands"][seat])


def ticket(a: str, b: str) -> str:
    return next(t.id for t in BOARD.tickets.values() if {t.a, t.b} == {a, b})


def route(route_id: str):
    return BOARD.routes[route_id]


def claim(route_id: str, colour: str, locomotives: int = 0) -> dict:
    return {"type": "claim", "route": route_id, "colour": colour, "locomotives": locomotives}


def station(city: str, colour: str, locomotives: int = 0) -> dict:
    return {"type": "build_station", "city": city, "colour": colour, "locomotives": locomotives}


DRAW_DECK = {"type": "draw_deck"}
GIVE_UP = {"type": "give_up_tunnel"}


def faceup_card(state: dict, colour: str) -> dict:
    card = next(c for c in state["faceup"] if state["cards"][c] == colour)
    return {"type": "draw_faceup", "card": card}


def of_type(events: list[dict], kind: str) -> list[dict]:
    return [e for e in events if e["type"] == kind]
