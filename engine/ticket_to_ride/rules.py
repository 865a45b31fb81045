"""Ticket to Ride: Europe as RULINGS.md reads the Czech rules: set-up, the four actions, tunnels and the end."""

from typing import Any

from engine.core.errors import IllegalAction, MalformedAction
from engine.core.hidden import dealt_in_order
from engine.core.leaving import TABLE_EVENTS, ResignAction, staying
from engine.core.protocol import Action, Event, Game, Outcome, RandomBot, State, View
from engine.core.rng import Rng
from engine.ticket_to_ride import choices, draws, grouping, routes, schemas, stations, tickets, turn
from engine.ticket_to_ride import view as views
from engine.ticket_to_ride.board import Board, Route, board
from engine.ticket_to_ride.bots import GreedyBot
from engine.ticket_to_ride.cards import train_card
from engine.ticket_to_ride.geometry import geometry
from engine.ticket_to_ride.names import named
from engine.ticket_to_ride.options import TicketToRideOptions
from engine.ticket_to_ride.setup import set_up
from engine.ticket_to_ride.steps import INITIAL, SECOND_CARD, TICKETS, TUNNEL, TURN
from engine.ticket_to_ride.strong import StrongBot

TURN_ACTIONS = ("draw_deck", "draw_faceup", "claim", "build_station", "draw_tickets", "pass")
ALLOWED = {
    INITIAL: ("keep_tickets",),
    TICKETS: ("keep_tickets",),
    TUNNEL: ("pay_tunnel", "give_up_tunnel"),
    SECOND_CARD: ("draw_deck", "draw_faceup"),
    TURN: TURN_ACTIONS,
}
KNOWN = frozenset({"keep_tickets", "pay_tunnel", "give_up_tunnel", *TURN_ACTIONS})


class TicketToRide(Game):
    name = "ticket-to-ride-europe"
    title = "Ticket to Ride: Europe"
    min_players = 2
    max_players = 5
    options_schema = TicketToRideOptions
    bots = {"easy": RandomBot, "medium": GreedyBot, "strong": StrongBot}
    bot_aliases = {"random": "easy", "greedy": "medium"}
    action_schemas = (*schemas.ACTIONS, ResignAction)
    event_schemas = (*schemas.EVENTS, *TABLE_EVENTS)
    view_schema = schemas.TicketToRideView
    outcome_schema = schemas.TicketToRideOutcome

    def __init__(self, rules_board: Board | None = None) -> None:
        self.board = rules_board or board()

    def setup(self, players: int, options: dict[str, Any], seed: int) -> State:
        return set_up(self.board, players, options, seed)

    # --- who acts and what they may do -------------------------------------------------------------------

    def to_act(self, state: State) -> set[int]:
        return choices.to_act(state)

    def legal_actions(self, state: State, seat: int) -> list[Action]:
        return choices.legal_actions(self.board, state, seat)

    def action_groups(self, state: State, seat: int) -> list[dict[str, Any]]:
        return grouping.action_groups(self.board, state, seat)

    def claimable(self, state: State, seat: int, route: Route) -> str | None:
        """Return why `seat` may not claim `route` now (not counting cards), or None if it may."""
        return choices.claimable(self.board, state, seat, route)

    def station_cost(self, state: State, seat: int) -> int | None:
        return choices.station_cost(self.board, state, seat)

    # --- apply -------------------------------------------------------------------------------------------

    def copy_state(self, state: State) -> State:
        # The rules change these lists and dicts in place; every other value they only read (`cards`, `options`)
        # or replace whole (a seat's offer, `tunnel`, `rng`, `result`). tests/engine/ticket_to_ride/test_copy.py
        # holds every kind of move to leaving the state it was given as it was.
        return {
            **state,
            "deck": state["deck"][:],
            "faceup": state["faceup"][:],
            "discard": state["discard"][:],
            "hands": [hand[:] for hand in state["hands"]],
            "ticket_deck": state["ticket_deck"][:],
            "ticket_box": state["ticket_box"][:],
            "offers": state["offers"][:],
            "kept": [kept[:] for kept in state["kept"]],
            "claims": state["claims"].copy(),
            "stations": state["stations"].copy(),
            "trains": state["trains"][:],
        }

    def apply(self, state: State, seat: int, action: Action) -> tuple[State, list[Event]]:
        kind = action.get("type")
        step = state["step"]
        allowed = ALLOWED.get(step, ())
        if kind not in KNOWN:
            raise MalformedAction(f"Unknown action type {kind!r}: use one of {', '.join(sorted(KNOWN))}.")
        if kind not in allowed:
            raise IllegalAction(f"{kind} is not possible now: the game waits for {', '.join(allowed)}.", step=step)
        if seat not in self.to_act(state):
            raise IllegalAction(f"Seat {seat} may not act now.")
        rng = Rng.from_state(state["rng"])
        events: list[Event] = []
        faceup_before = list(state["faceup"])
        if kind == "keep_tickets":
            tickets.keep_tickets(self.board, state, seat, action, rng, events)
        elif kind == "draw_deck":
            draws.draw_deck(self.board, state, seat, rng, events)
        elif kind == "draw_faceup":
            draws.draw_faceup(self.board, state, seat, action, rng, events)
        elif kind == "claim":
            routes.claim(self.board, state, seat, action, rng, events)
        elif kind == "build_station":
            stations.build_station(self.board, state, seat, action, rng, events)
        elif kind == "draw_tickets":
            tickets.draw_tickets(self.board, state, seat, events)
        elif kind == "pay_tunnel":
            routes.pay_tunnel(self.board, state, seat, action, rng, events)
        elif kind == "give_up_tunnel":
            routes.give_up_tunnel(self.board, state, seat, rng, events)
        else:
            turn.pass_turn(self.board, state, seat, rng, events)
        turn.skip_resigned(self.board, state, rng, events)
        if state["faceup"] != faceup_before:
            # Announced last, so every card named here is face up once the action is done.
            events.append({"type": "faceup", "cards": [train_card(state, c) for c in state["faceup"]]})
        state["rng"] = rng.to_state()
        return state, events

    def resign(self, state: State, seat: int) -> list[Event]:
        """The seat keeps what it holds and passes every turn from now on: a turn it is in the middle of ends (a
        tunnel is given up, drawn tickets are all kept); the last seat left wins."""
        rng = Rng.from_state(state["rng"])
        events: list[Event] = []
        faceup_before = list(state["faceup"])
        step = state["step"]
        if len(staying(state, state["players"])) == 1:
            turn.game_over(self.board, state, events)
        elif step == INITIAL and state["offers"][seat]:
            tickets.keep_tickets(self.board, state, seat, {"tickets": list(state["offers"][seat])}, rng, events)
        elif step != INITIAL and state["active"] == seat:
            if step == TUNNEL:
                routes.give_up_tunnel(self.board, state, seat, rng, events)
            elif step == TICKETS:
                tickets.keep_tickets(self.board, state, seat, {"tickets": list(state["offers"][seat])}, rng, events)
            else:
                turn.end_turn(self.board, state, seat, rng, events, passed=True)
        turn.skip_resigned(self.board, state, rng, events)
        if state["faceup"] != faceup_before:
            events.append({"type": "faceup", "cards": [train_card(state, c) for c in state["faceup"]]})
        state["rng"] = rng.to_state()
        return events

    # --- the end and what players see --------------------------------------------------------------------

    def outcome(self, state: State) -> Outcome | None:
        result: Outcome | None = state["result"]
        return result

    def view(self, state: State, seat: int | None) -> View:
        return views.view(self.board, state, seat)

    def seat_state(self, state: State, seat: int) -> State:
        return dealt_in_order(self, state, seat)

    def hidden_cards(self, state: State, seat: int | None) -> dict[str, set[str]]:
        return views.hidden_cards(state, seat)

    def zones(self, state: State) -> dict[str, list[str]]:
        return views.zones(state)

    def data(self, language: str = "en") -> dict[str, Any]:
        b = self.board
        return {
            "cities": list(b.cities),
            "routes": [route.public() for route in b.routes.values()],
            "tickets": [ticket.public() for ticket in b.tickets.values()],
            "components": b.components,
            "board": geometry(),
            **named(b, language),
        }
