"""The legal actions in groups for a person: each draw, the tickets to keep, the routes with the ways to pay for
them, the stations with theirs; computed from the hand as `choices.legal_actions` is, not by folding its list.

All claims are one group. In it, the routes that the hand pays for in the same ways share a group, `vary` the route
and `then` those ways (the payment in locomotives alone last), so that a client sent them compact
(`engine.core.compact_groups`) reads each route once with its ways as sub-rows. A late five-player turn of some 900
actions (70 KB as a list) comes to about 3 KB.
"""

from itertools import combinations
from typing import Any

import orjson

from engine.core.grouping import ActionGroup
from engine.core.protocol import State
from engine.ticket_to_ride import cards as deck
from engine.ticket_to_ride.board import LOCOMOTIVE, Board
from engine.ticket_to_ride.choices import LATER_KEEP, START_KEEP, claim_ways, station_cost, to_act
from engine.ticket_to_ride.steps import INITIAL, SECOND_CARD, TICKETS, TUNNEL

Ways = tuple[tuple[str, int], ...]


def action_groups(board: Board, state: State, seat: int) -> list[ActionGroup]:
    if seat not in to_act(state):
        return []
    step = state["step"]
    if step in (INITIAL, TICKETS):
        return [_keep_tickets(state, seat, START_KEEP if step == INITIAL else LATER_KEEP)]
    if step == SECOND_CARD:
        return _draws(state, second=True)
    counts = deck.hand_counts(board, state, seat)
    if step == TUNNEL:
        tunnel = state["tunnel"]
        pay = deck.tunnel_payments(tunnel["colour"], tunnel["extra"], counts)
        paying = [_group({"type": "pay_tunnel"}, "locomotives", pay)] if pay else []
        return [*paying, _single({"type": "give_up_tunnel"})]
    groups = _draws(state, second=False)
    groups += _claims(board, state, seat, counts)
    groups += _stations(board, state, seat, counts)
    if state["ticket_deck"]:
        groups.append(_single({"type": "draw_tickets"}))
    return groups or [_single({"type": "pass"})]


def _keep_tickets(state: State, seat: int, least: int) -> ActionGroup:
    offer = sorted(state["offers"][seat])
    keep = min(least, len(offer))
    kept = [list(c) for size in range(keep, len(offer) + 1) for c in combinations(offer, size)]
    return _group({"type": "keep_tickets"}, "tickets", kept)


def _draws(state: State, second: bool) -> list[ActionGroup]:
    groups = [_single({"type": "draw_deck"})] if deck.can_draw(state) else []
    cards = state["cards"]
    faceup = [card for card in state["faceup"] if not (second and cards[card] == LOCOMOTIVE)]
    if faceup:
        groups.append(_group({"type": "draw_faceup"}, "card", faceup))
    return groups


def _claims(board: Board, state: State, seat: int, counts: dict[str, int]) -> list[ActionGroup]:
    routes_by_ways: dict[Ways, list[str]] = {}
    for route_id, ways in claim_ways(board, state, seat, counts):
        routes_by_ways.setdefault(tuple(ways), []).append(route_id)
    if not routes_by_ways:
        return []
    by_route = [{**_group({}, "route", routes), "then": _payments(ways)} for ways, routes in routes_by_ways.items()]
    return [{**_single({"type": "claim"}), "then": by_route}]


def _stations(board: Board, state: State, seat: int, counts: dict[str, int]) -> list[ActionGroup]:
    cost = station_cost(board, state, seat)
    if cost is None:
        return []
    ways = deck.set_payments(board.colours, cost, counts)
    if not ways:
        return []
    built = state["stations"]
    cities = [city for city in board.cities if city not in built]
    return [{**_group({"type": "build_station"}, "city", cities), "then": _payments(tuple(ways))}] if cities else []


def _payments(ways: Ways) -> list[ActionGroup]:
    """The ways to pay, written whichever way is shorter (the first on a tie): by the colours that take the same
    numbers of locomotives (each colour of such a set with each number), or by the number of locomotives (the
    colours that go with it); the payment in locomotives alone comes last."""
    by_locos: dict[int, list[str]] = {}
    by_colour: dict[str, list[int]] = {}
    only_locos: list[int] = []
    for colour, k in ways:
        if colour == LOCOMOTIVE:
            only_locos.append(k)
        else:
            by_colour.setdefault(colour, []).append(k)
            by_locos.setdefault(k, []).append(colour)
    colours_by_locos: dict[tuple[int, ...], list[str]] = {}
    for colour, ks in by_colour.items():
        colours_by_locos.setdefault(tuple(ks), []).append(colour)
    # Judged by the bytes of the rows a client is sent (engine.core.compact_groups), not of these groups.
    by_colours = sorted(colours_by_locos.items())
    by_number = sorted(by_locos.items())
    colour_rows = [[colours, ks] for ks, colours in by_colours]
    if len(orjson.dumps(colour_rows)) <= len(orjson.dumps([[[k], colours] for k, colours in by_number])):
        groups = [_colours_with(colours, list(ks)) for ks, colours in by_colours]
    else:
        groups = [_group({"locomotives": k}, "colour", colours) for k, colours in by_number]
    if only_locos:
        groups.append(_group({"colour": LOCOMOTIVE}, "locomotives", only_locos))
    return groups


def _colours_with(colours: list[str], locos: list[int]) -> ActionGroup:
    if len(colours) == 1:
        return _group({"colour": colours[0]}, "locomotives", locos)
    if len(locos) == 1:
        return _group({"locomotives": locos[0]}, "colour", colours)
    return {**_group({}, "colour", colours), "then": [_group({}, "locomotives", locos)]}


def _group(action: dict[str, Any], vary: str, options: list[Any]) -> ActionGroup:
    return {"action": action, "vary": vary, "options": options}


def _single(action: dict[str, Any]) -> ActionGroup:
    return {"action": action, "vary": None, "options": []}
