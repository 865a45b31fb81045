"""The legal actions in groups for a person: each draw, the tickets to keep, the routes with the ways to pay for
them, the stations with theirs; computed from the hand as `choices.legal_actions` is, not by folding its list.

All claims are one group. In it, the routes that the hand pays for in the same ways (with cards of a colour) share a
group, `vary` the route and `then` those ways (a route alone with one colour is one flat group:
`{"route", "colour"}`, `vary` the locomotives); last, the payments in locomotives alone, one group per number of
locomotives with the routes they pay for. A late five-player turn of some 800 actions (60 KB) comes to about 7 KB.
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
    routes_by_locos: dict[int, list[str]] = {}
    for route_id, ways in claim_ways(board, state, seat, counts):
        coloured = tuple(way for way in ways if way[0] != LOCOMOTIVE)
        if coloured:
            routes_by_ways.setdefault(coloured, []).append(route_id)
        if ways[-1][0] == LOCOMOTIVE:
            routes_by_locos.setdefault(ways[-1][1], []).append(route_id)
    if not routes_by_ways and not routes_by_locos:
        return []
    by_route = [
        _flat({**_group({}, "route", routes), "then": _payments(ways)}) for ways, routes in routes_by_ways.items()
    ]
    by_route += [
        _group({"colour": LOCOMOTIVE, "locomotives": k}, "route", routes)
        for k, routes in sorted(routes_by_locos.items())
    ]
    return [{**_single({"type": "claim"}), "then": by_route}]


def _flat(group: ActionGroup) -> ActionGroup:
    """A route alone with one group of ways is written as that group, the route among its shared fields."""
    then = group["then"]
    if len(group["options"]) != 1 or len(then) != 1:
        return group
    (inner,) = then
    return {**inner, "action": {**group["action"], group["vary"]: group["options"][0], **inner["action"]}}


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
    groups = min(
        [_colours_with(colours, list(ks)) for ks, colours in colours_by_locos.items()],
        [_group({"locomotives": k}, "colour", colours) for k, colours in sorted(by_locos.items())],
        key=lambda written: len(orjson.dumps(written)),
    )
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
