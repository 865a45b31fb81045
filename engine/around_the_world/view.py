"""What players see: the public table, each seat's own cards, and which cards stay hidden from whom."""

from typing import Any

from engine.around_the_world.board import Board
from engine.around_the_world.phases import OVER
from engine.around_the_world.table import event_card, gold_supply, travel_card
from engine.core.protocol import State, View

HIDDEN_TRAVEL = frozenset({"kind", "days"})
HIDDEN_EVENT = frozenset({"name"})


def display_view(state: State) -> list[dict[str, Any]]:
    return [
        {"space": slot["space"], "card": travel_card(state, slot["card"]) if slot["card"] else None}
        for slot in state["display"]
    ]


def view(board: Board, state: State, seat: int | None) -> View:
    over = state["phase"] == OVER
    players = []
    for s in range(state["players"]):
        home = s in state["arrivals"]
        players.append(
            {
                "seat": s,
                "position": state["positions"][s],
                "location": board.location(state["positions"][s]),
                "days": state["days"][s],
                "gold": state["gold"][s],
                "travel_cards": len(state["hands"][s]),
                "event_cards": len(state["event_hands"][s]),
                "home": home,
                "arrival": state["arrivals"].index(s) + 1 if home else None,
                "receipts": state["receipts_taken"][s],
            }
        )
    mine = seat is not None and 0 <= seat < state["players"]
    return {
        "round": state["round"],
        "phase": state["phase"],
        "turn": None if over else state["turn"],
        "start_player": state["start"],
        "order": state["order"],
        "watch": state["watch"],
        "detective": state["detective"],
        "display": display_view(state),
        "travel_deck": len(state["travel_deck"]),
        "travel_discard": len(state["travel_discard"]),
        "event_deck": len(state["event_deck"]),
        "event_discard": [event_card(state, c) for c in state["event_discard"]],
        "gold_supply": gold_supply(state, board),
        "receipts": state["receipts"],
        "roll": state["roll"],
        "players": players,
        "hand": [travel_card(state, c) for c in state["hands"][seat]] if mine else None,
        "event_hand": [event_card(state, c) for c in state["event_hands"][seat]] if mine else None,
    }


def hidden_cards(state: State, seat: int | None) -> dict[str, set[str]]:
    hidden: dict[str, set[str]] = {card: set(HIDDEN_TRAVEL) for card in state["travel_deck"]}
    hidden.update({card: set(HIDDEN_EVENT) for card in state["event_deck"]})
    for s in range(state["players"]):
        if s != seat:
            hidden.update({card: set(HIDDEN_TRAVEL) for card in state["hands"][s]})
            hidden.update({card: set(HIDDEN_EVENT) for card in state["event_hands"][s]})
    return hidden


def zones(state: State) -> dict[str, list[str]]:
    zones = {
        "travel:deck": state["travel_deck"],
        "travel:discard": state["travel_discard"],
        "travel:display": [slot["card"] for slot in state["display"] if slot["card"] is not None],
        "event:deck": state["event_deck"],
        "event:discard": state["event_discard"],
        "event:box": state["event_box"],
    }
    for s in range(state["players"]):
        zones[f"travel:hand:{s}"] = state["hands"][s]
        zones[f"event:hand:{s}"] = state["event_hands"][s]
    return zones
