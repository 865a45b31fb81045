"""Ticket to Ride: Europe as RULINGS.md reads the Czech rules: set-up, the four actions, tunnels and the end."""

import itertools
from typing import Any

from engine.core.errors import IllegalAction, MalformedAction
from engine.core.protocol import Action, Event, Game, Outcome, RandomBot, State, View
from engine.core.registry import register
from engine.core.rng import Rng
from engine.ticket_to_ride import cards as deck
from engine.ticket_to_ride.board import LOCOMOTIVE, Board, Route, board
from engine.ticket_to_ride.bots import GreedyBot
from engine.ticket_to_ride.options import TicketToRideOptions
from engine.ticket_to_ride.scoring import Links, final_result, owned, route_points
from engine.ticket_to_ride.steps import INITIAL, OVER, SECOND_CARD, TICKETS, TUNNEL, TURN

START_HAND = 4
START_LONG, START_REGULAR, START_KEEP = 1, 3, 2
DRAW_TICKETS, LATER_KEEP = 3, 1
TUNNEL_REVEAL = 3
FINAL_ROUND_TRAINS = 2
CARD_FIELDS = {"colour"}
TICKET_FIELDS = {"cities", "points", "long"}
TURN_ACTIONS = ("draw_deck", "draw_faceup", "claim", "build_station", "draw_tickets", "pass")


def _card(state: State, card: str) -> dict[str, str]:
    return {"id": card, "colour": state["cards"][card]}


def _ticket(rules_board: Board, ticket: str) -> dict[str, Any]:
    return rules_board.tickets[ticket].public()


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


@register
class TicketToRide(Game):
    name = "ticket-to-ride-europe"
    title = "Ticket to Ride: Europe"
    min_players = 2
    max_players = 5
    options_schema = TicketToRideOptions
    bots = {"random": RandomBot, "greedy": GreedyBot}

    def __init__(self, rules_board: Board | None = None) -> None:
        self.board = rules_board or board()

    # --- set-up ------------------------------------------------------------------------------------------

    def setup(self, players: int, options: dict[str, Any], seed: int) -> State:
        rng = Rng(seed)
        train_cards = deck.new_deck(self.board, rng)
        pile = sorted(train_cards)
        rng.shuffle(pile)
        hands = [[pile.pop() for _ in range(START_HAND)] for _ in range(players)]
        long = sorted(t for t, ticket in self.board.tickets.items() if ticket.long)
        regular = sorted(t for t, ticket in self.board.tickets.items() if not ticket.long)
        rng.shuffle(long)
        rng.shuffle(regular)
        offers = [[long.pop(), *(regular.pop() for _ in range(START_REGULAR))] for _ in range(players)]
        state: State = {
            "players": players,
            "options": dict(options),
            "cards": train_cards,
            "deck": pile,
            "faceup": [],
            "discard": [],
            "hands": hands,
            "ticket_deck": regular,
            # Long tickets nobody was dealt, and every ticket returned at set-up, go back to the box unseen.
            "ticket_box": long,
            "offers": offers,
            "kept": [[] for _ in range(players)],
            "claims": {},
            "stations": {},
            "trains": [self.board.trains] * players,
            "step": INITIAL,
            "active": 0,
            "turn": 0,
            "tunnel": None,
            "final_turns": None,
            "final_trigger": None,
            "passes": 0,
            "result": None,
            "rng": rng.to_state(),
        }
        deck.refill(state, rng, [])
        state["rng"] = rng.to_state()
        return state

    # --- who acts and what they may do -------------------------------------------------------------------

    def to_act(self, state: State) -> set[int]:
        if state["step"] == OVER:
            return set()
        if state["step"] == INITIAL:
            return {s for s in range(state["players"]) if state["offers"][s]}
        return {state["active"]}

    def legal_actions(self, state: State, seat: int) -> list[Action]:
        if seat not in self.to_act(state):
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
            return self._draws(state, second=True)
        actions = self._draws(state, second=False)
        actions += self._claims(state, seat)
        actions += self._stations(state, seat)
        if state["ticket_deck"]:
            actions.append({"type": "draw_tickets"})
        return actions or [{"type": "pass"}]

    def _draws(self, state: State, second: bool) -> list[Action]:
        actions: list[Action] = [{"type": "draw_deck"}] if deck.can_draw(state) else []
        for card in state["faceup"]:
            if not (second and state["cards"][card] == LOCOMOTIVE):
                actions.append({"type": "draw_faceup", "card": card})
        return actions

    def claimable(self, state: State, seat: int, route: Route) -> str | None:
        """Return why `seat` may not claim `route` now (not counting cards), or None if it may."""
        if route.id in state["claims"]:
            return f"{route.id} is already claimed."
        if state["trains"][seat] < route.length:
            return f"{route.id} needs {route.length} trains; you have {state['trains'][seat]}."
        sibling = self.board.sibling(route)
        if sibling is not None and sibling.id in state["claims"]:
            if state["players"] <= 3:
                return f"With {state['players']} players only one track of a double route is used."
            if state["claims"][sibling.id] == seat:
                return "You already own the other track of this double route."
        return None

    def _claims(self, state: State, seat: int) -> list[Action]:
        counts = deck.hand_counts(state, seat)
        return [
            {"type": "claim", "route": route.id, "colour": colour, "locomotives": locos}
            for route in self.board.routes.values()
            if self.claimable(state, seat, route) is None
            for colour, locos in deck.route_payments(self.board, route, counts)
        ]

    def station_cost(self, state: State, seat: int) -> int | None:
        built = sum(1 for owner in state["stations"].values() if owner == seat)
        return self.board.station_costs[built] if built < self.board.stations else None

    def _stations(self, state: State, seat: int) -> list[Action]:
        cost = self.station_cost(state, seat)
        if cost is None:
            return []
        ways = deck.set_payments(self.board.colours, cost, deck.hand_counts(state, seat))
        return [
            {"type": "build_station", "city": city, "colour": colour, "locomotives": locos}
            for city in self.board.cities
            if city not in state["stations"]
            for colour, locos in ways
        ]

    # --- apply -------------------------------------------------------------------------------------------

    def apply(self, state: State, seat: int, action: Action) -> tuple[State, list[Event]]:
        kind = action.get("type")
        step = state["step"]
        allowed = {
            INITIAL: ("keep_tickets",),
            TICKETS: ("keep_tickets",),
            TUNNEL: ("pay_tunnel", "give_up_tunnel"),
            SECOND_CARD: ("draw_deck", "draw_faceup"),
            TURN: TURN_ACTIONS,
        }.get(step, ())
        known = {"keep_tickets", "pay_tunnel", "give_up_tunnel", *TURN_ACTIONS}
        if kind not in known:
            raise MalformedAction(f"Unknown action type {kind!r}: use one of {', '.join(sorted(known))}.")
        if kind not in allowed:
            raise IllegalAction(f"{kind} is not possible now: the game waits for {', '.join(allowed)}.", step=step)
        if seat not in self.to_act(state):
            raise IllegalAction(f"Seat {seat} may not act now.")
        rng = Rng.from_state(state["rng"])
        events: list[Event] = []
        faceup_before = list(state["faceup"])
        if kind == "keep_tickets":
            self._keep_tickets(state, seat, action, rng, events)
        elif kind == "draw_deck":
            self._draw_deck(state, seat, rng, events)
        elif kind == "draw_faceup":
            self._draw_faceup(state, seat, action, rng, events)
        elif kind == "claim":
            self._claim(state, seat, action, rng, events)
        elif kind == "build_station":
            self._build_station(state, seat, action, rng, events)
        elif kind == "draw_tickets":
            self._draw_tickets(state, seat, events)
        elif kind == "pay_tunnel":
            self._pay_tunnel(state, seat, action, rng, events)
        elif kind == "give_up_tunnel":
            self._give_up_tunnel(state, seat, rng, events)
        else:
            self._pass(state, seat, action, rng, events)
        if state["faceup"] != faceup_before:
            # Announced last, so every card named here is face up once the action is done.
            events.append({"type": "faceup", "cards": [_card(state, c) for c in state["faceup"]]})
        state["rng"] = rng.to_state()
        return state, events

    # --- tickets -----------------------------------------------------------------------------------------

    def _keep_tickets(self, state: State, seat: int, action: Action, rng: Rng, events: list[Event]) -> None:
        chosen = action.get("tickets")
        if not isinstance(chosen, list) or not all(isinstance(t, str) for t in chosen):
            raise MalformedAction("keep_tickets names `tickets`: a list of ticket ids from your offer.")
        offer = state["offers"][seat]
        if len(set(chosen)) != len(chosen) or not set(chosen) <= set(offer):
            raise IllegalAction("Keep tickets from your offer, each once.", offer=sorted(offer))
        initial = state["step"] == INITIAL
        keep = min(START_KEEP if initial else LATER_KEEP, len(offer))
        if len(chosen) < keep:
            raise IllegalAction(f"Keep at least {keep} of the tickets offered.")
        returned = [t for t in offer if t not in chosen]
        state["kept"][seat].extend(t for t in offer if t in chosen)
        state["offers"][seat] = []
        if initial:
            state["ticket_box"].extend(returned)
        else:
            state["ticket_deck"][:0] = returned  # returned tickets go under the pile
        events.append({"type": "tickets_kept", "seat": seat, "kept": len(chosen), "returned": len(returned)})
        events.append({"type": "your_tickets", "seat": seat, "to": [seat],
                       "kept": [_ticket(self.board, t) for t in offer if t in chosen],
                       "returned": returned})  # ids only: the owner saw them, nobody holds them now
        if initial:
            if not any(state["offers"]):
                state["step"] = TURN
                state["turn"] = 1
                events.append({"type": "turn_started", "seat": state["active"], "turn": 1})
        else:
            self._end_turn(state, seat, rng, events)

    def _draw_tickets(self, state: State, seat: int, events: list[Event]) -> None:
        if not state["ticket_deck"]:
            raise IllegalAction("The ticket pile is empty.")
        drawn = [state["ticket_deck"].pop() for _ in range(min(DRAW_TICKETS, len(state["ticket_deck"])))]
        state["offers"][seat] = drawn
        state["step"] = TICKETS
        events.append({"type": "tickets_drawn", "seat": seat, "count": len(drawn)})
        events.append({"type": "tickets_offered", "seat": seat, "to": [seat],
                       "tickets": [_ticket(self.board, t) for t in drawn]})

    # --- train cards -------------------------------------------------------------------------------------

    def _draw_deck(self, state: State, seat: int, rng: Rng, events: list[Event]) -> None:
        card = deck.draw(state, rng, events)
        if card is None:
            raise IllegalAction("There is no train card left to draw.")
        state["hands"][seat].append(card)
        events.append({"type": "card_drawn", "seat": seat, "source": "deck"})
        events.append({"type": "card_received", "seat": seat, "to": [seat], "card": _card(state, card)})
        self._after_draw(state, seat, rng, events, ends_turn=state["step"] == SECOND_CARD)

    def _draw_faceup(self, state: State, seat: int, action: Action, rng: Rng, events: list[Event]) -> None:
        card = action.get("card")
        if not isinstance(card, str):
            raise MalformedAction("draw_faceup names the `card` (its id) among the face-up cards.")
        if card not in state["faceup"]:
            raise IllegalAction(f"Card {card!r} is not face up.", faceup=list(state["faceup"]))
        locomotive = state["cards"][card] == LOCOMOTIVE
        second = state["step"] == SECOND_CARD
        if locomotive and second:
            raise IllegalAction("A face-up locomotive cannot be your second card.")
        state["faceup"].remove(card)
        state["hands"][seat].append(card)
        events.append({"type": "card_drawn", "seat": seat, "source": "faceup", "colour": state["cards"][card]})
        events.append({"type": "card_received", "seat": seat, "to": [seat], "card": _card(state, card)})
        deck.refill(state, rng, events)
        self._after_draw(state, seat, rng, events, ends_turn=second or locomotive)

    def _after_draw(self, state: State, seat: int, rng: Rng, events: list[Event], ends_turn: bool) -> None:
        if not ends_turn:
            state["step"] = SECOND_CARD
            if self._draws(state, second=True):
                return
            events.append({"type": "no_second_card", "seat": seat})
        self._end_turn(state, seat, rng, events)

    # --- routes and stations -----------------------------------------------------------------------------

    def _payment(self, action: Action) -> tuple[str, int]:
        colour, locos = action.get("colour"), action.get("locomotives")
        if not isinstance(colour, str) or colour not in (*self.board.colours, LOCOMOTIVE) or not isinstance(
            locos, int
        ) or isinstance(locos, bool) or locos < 0:
            raise MalformedAction(
                f"Name the `colour` you pay with ({', '.join(self.board.colours)} or {LOCOMOTIVE}) and how many "
                "`locomotives` (a whole number)."
            )
        return colour, locos

    def _claim(self, state: State, seat: int, action: Action, rng: Rng, events: list[Event]) -> None:
        name = action.get("route")
        route = self.board.routes.get(name) if isinstance(name, str) else None
        if route is None:
            raise MalformedAction(f"There is no route {action.get('route')!r}; routes are named like 'Berlin-Wien'.")
        colour, locos = self._payment(action)
        refusal = self.claimable(state, seat, route)
        if refusal:
            raise IllegalAction(refusal, route=route.id)
        if (colour, locos) not in deck.route_payments(self.board, route, deck.hand_counts(state, seat)):
            raise IllegalAction(self._why_not_paid(route, colour, locos), route=route.id)
        paid = deck.take_from_hand(state, seat, colour, route.length - locos, locos)
        if not route.tunnel:
            self._build_route(state, seat, route, colour, paid, [], events)
            self._end_turn(state, seat, rng, events)
            return
        state["tunnel"] = {"seat": seat, "route": route.id, "colour": colour, "paid": paid, "revealed": [],
                           "extra": 0}
        revealed = state["tunnel"]["revealed"]
        for _ in range(TUNNEL_REVEAL):
            card = deck.draw(state, rng, events)
            if card is None:
                break
            revealed.append(card)
        extra = sum(1 for c in revealed if state["cards"][c] in (colour, LOCOMOTIVE))
        state["tunnel"]["extra"] = extra
        events.append({"type": "tunnel_revealed", "seat": seat, "route": route.id, "paid_with": colour,
                       "colours": [state["cards"][c] for c in revealed], "extra": extra})
        if extra == 0:
            self._finish_tunnel(state, seat, [], events)
            self._end_turn(state, seat, rng, events)
        else:
            state["step"] = TUNNEL

    def _why_not_paid(self, route: Route, colour: str, locos: int) -> str:
        if route.colour != "grey" and colour not in (route.colour, LOCOMOTIVE):
            return f"{route.id} is {route.colour}: pay with {route.colour} cards and locomotives."
        if locos < route.ferry_locos:
            return f"The ferry {route.id} needs at least {route.ferry_locos} locomotive(s)."
        if colour == LOCOMOTIVE and locos != route.length:
            return f"Paying with locomotives only takes {route.length} of them."
        if colour != LOCOMOTIVE and locos >= route.length:
            return f"Paying {route.length} locomotives is colour `{LOCOMOTIVE}`."
        return f"You do not hold {route.length - locos} {colour} card(s) and {locos} locomotive(s)."

    def _build_route(self, state: State, seat: int, route: Route, colour: str, paid: list[str], extra: list[str],
                     events: list[Event]) -> None:
        state["claims"][route.id] = seat
        state["trains"][seat] -= route.length
        state["discard"].extend([*paid, *extra])
        events.append({"type": "route_claimed", "seat": seat, "route": route.id, "paid_with": colour,
                       "colours": [state["cards"][c] for c in [*paid, *extra]],
                       "points": self.board.route_points[route.length], "trains_left": state["trains"][seat]})

    def _finish_tunnel(self, state: State, seat: int, extra: list[str], events: list[Event]) -> None:
        tunnel = state["tunnel"]
        route = self.board.routes[tunnel["route"]]
        self._build_route(state, seat, route, tunnel["colour"], tunnel["paid"], extra, events)
        state["discard"].extend(tunnel["revealed"])
        state["tunnel"] = None

    def _pay_tunnel(self, state: State, seat: int, action: Action, rng: Rng, events: list[Event]) -> None:
        locos = action.get("locomotives")
        if not _whole(locos):
            raise MalformedAction("pay_tunnel names how many `locomotives` pay for the extra cards.")
        tunnel = state["tunnel"]
        if locos not in deck.tunnel_payments(tunnel["colour"], tunnel["extra"], deck.hand_counts(state, seat)):
            raise IllegalAction(f"You cannot pay {tunnel['extra']} more card(s) with {locos} locomotive(s).")
        extra = deck.take_from_hand(state, seat, tunnel["colour"], tunnel["extra"] - locos, locos)
        self._finish_tunnel(state, seat, extra, events)
        self._end_turn(state, seat, rng, events)

    def _give_up_tunnel(self, state: State, seat: int, rng: Rng, events: list[Event]) -> None:
        tunnel = state["tunnel"]
        lost = state["options"].get("tunnel_failure", "return") == "discard"
        if lost:
            state["discard"].extend(tunnel["paid"])
        else:
            state["hands"][seat].extend(tunnel["paid"])
        state["discard"].extend(tunnel["revealed"])
        events.append({"type": "tunnel_abandoned", "seat": seat, "route": tunnel["route"],
                       "cards": "discarded" if lost else "returned", "count": len(tunnel["paid"])})
        state["tunnel"] = None
        self._end_turn(state, seat, rng, events)

    def _build_station(self, state: State, seat: int, action: Action, rng: Rng, events: list[Event]) -> None:
        city = action.get("city")
        if city not in self.board.cities:
            raise MalformedAction(f"There is no city {city!r} on the map.")
        colour, locos = self._payment(action)
        cost = self.station_cost(state, seat)
        if cost is None:
            raise IllegalAction("You have no station left.")
        if city in state["stations"]:
            raise IllegalAction(f"{city} already has a station.")
        if (colour, locos) not in deck.set_payments(self.board.colours, cost, deck.hand_counts(state, seat)):
            raise IllegalAction(f"This station costs {cost} card(s) of one colour (locomotives count as any); "
                                f"you cannot pay it with {colour} and {locos} locomotive(s).")
        paid = deck.take_from_hand(state, seat, colour, cost - locos if colour != LOCOMOTIVE else 0, locos)
        state["stations"][city] = seat
        state["discard"].extend(paid)
        events.append({"type": "station_built", "seat": seat, "city": city,
                       "colours": [state["cards"][c] for c in paid]})
        self._end_turn(state, seat, rng, events)

    def _pass(self, state: State, seat: int, action: Action, rng: Rng, events: list[Event]) -> None:
        if self.legal_actions(state, seat) != [{"type": "pass"}]:
            raise IllegalAction("You may pass only when you can do nothing else.")
        events.append({"type": "passed", "seat": seat})
        self._end_turn(state, seat, rng, events, passed=True)

    # --- the end of a turn and of the game ---------------------------------------------------------------

    def _end_turn(self, state: State, seat: int, rng: Rng, events: list[Event], passed: bool = False) -> None:
        deck.refill(state, rng, events)
        state["passes"] = state["passes"] + 1 if passed else 0
        if state["final_turns"] is not None:
            state["final_turns"] -= 1
        elif state["trains"][seat] <= FINAL_ROUND_TRAINS:
            state["final_turns"], state["final_trigger"] = state["players"], seat
            events.append({"type": "final_round", "seat": seat, "trains_left": state["trains"][seat],
                           "reason": "trains"})
        elif not self._map_open(state):
            state["final_turns"], state["final_trigger"] = state["players"], seat
            events.append({"type": "final_round", "seat": seat, "reason": "no route can be claimed"})
        if state["final_turns"] == 0 or state["passes"] >= state["players"]:
            self._game_over(state, events)
            return
        state["active"] = (state["active"] + 1) % state["players"]
        state["step"] = TURN
        state["turn"] += 1
        events.append({"type": "turn_started", "seat": state["active"], "turn": state["turn"]})

    def _map_open(self, state: State) -> bool:
        """Whether any player could still claim some route, cards aside."""
        return any(
            self.claimable(state, s, route) is None
            for route in self.board.routes.values()
            if route.id not in state["claims"]
            for s in range(state["players"])
        )

    def _game_over(self, state: State, events: list[Event]) -> None:
        state["step"] = OVER
        state["result"] = final_result(self.board, state)
        totals = {s["seat"]: s["score"] for s in state["result"]["standings"]}
        events.append({"type": "game_over", "winners": state["result"]["winners"],
                       "scores": [totals[s] for s in range(state["players"])]})

    def outcome(self, state: State) -> Outcome | None:
        result: Outcome | None = state["result"]
        return result

    # --- what players see --------------------------------------------------------------------------------

    def view(self, state: State, seat: int | None) -> View:
        players = []
        for s in range(state["players"]):
            routes = owned(self.board, state, s)
            players.append({
                "seat": s,
                "trains": state["trains"][s],
                "stations": sorted(c for c, owner in state["stations"].items() if owner == s),
                "stations_left": self.board.stations - sum(1 for o in state["stations"].values() if o == s),
                "hand_size": len(state["hands"][s]),
                "tickets": len(state["kept"][s]),
                "choosing_tickets": len(state["offers"][s]),
                "routes": sorted(r.id for r in routes),
                "route_points": route_points(self.board, routes),
            })
        tunnel = state["tunnel"]
        view: View = {
            "step": state["step"],
            "turn": state["turn"],
            "active": state["active"] if state["step"] not in (INITIAL, OVER) else None,
            "claims": dict(sorted(state["claims"].items())),
            "stations": dict(sorted(state["stations"].items())),
            "faceup": [_card(state, c) for c in state["faceup"]],
            "deck": len(state["deck"]),
            "discard": len(state["discard"]),
            "ticket_deck": len(state["ticket_deck"]),
            "players": players,
            "tunnel": None if tunnel is None else {
                "seat": tunnel["seat"], "route": tunnel["route"], "colour": tunnel["colour"],
                "paid": [_card(state, c) for c in tunnel["paid"]],
                "revealed": [_card(state, c) for c in tunnel["revealed"]], "extra": tunnel["extra"],
            },
            "final_round": None if state["final_turns"] is None else {
                "triggered_by": state["final_trigger"], "turns_left": state["final_turns"]},
            "options": state["options"],
        }
        if seat is not None:
            own = [r.cities for r in owned(self.board, state, seat)]
            links = Links(own)
            view["hand"] = [_card(state, c) for c in sorted(state["hands"][seat])]
            view["tickets"] = [{**_ticket(self.board, t),
                                "connected": links.connected(self.board.tickets[t].a, self.board.tickets[t].b)}
                               for t in state["kept"][seat]]
            view["offer"] = [_ticket(self.board, t) for t in state["offers"][seat]]
            if state["step"] == SECOND_CARD and state["active"] == seat:
                view["second_card"] = True
        return view

    def hidden_cards(self, state: State, seat: int | None) -> dict[str, set[str]]:
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

    def zones(self, state: State) -> dict[str, list[str]]:
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

    def data(self) -> dict[str, Any]:
        b = self.board
        return {
            "cities": list(b.cities),
            "routes": [route.public() for route in b.routes.values()],
            "tickets": [ticket.public() for ticket in b.tickets.values()],
            "components": b.components,
        }
