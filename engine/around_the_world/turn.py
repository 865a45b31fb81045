"""The rest of a turn: buying a card, selling an Elefant, ending the turn (the detective) and the hand limit."""

from engine.around_the_world.board import Board
from engine.around_the_world.choices import require
from engine.around_the_world.phases import DISCARD
from engine.around_the_world.rounds import next_turn
from engine.around_the_world.table import gain_gold, give_event, give_travel, lose_days, remove_card, remove_event
from engine.core.errors import MalformedAction
from engine.core.protocol import Action, Event, State
from engine.core.rng import Rng


def buy(board: Board, state: State, seat: int, action: Action, rng: Rng) -> list[Event]:
    deck, price = action.get("deck"), board.supply["buy_price"]
    if deck not in ("travel", "event"):
        raise MalformedAction('`deck` is "travel" or "event".')
    require(
        board,
        state,
        seat,
        {"type": "buy", "deck": deck},
        f"Buying a card costs {price} gold and needs a card left to draw.",
    )
    state["gold"][seat] -= price
    events: list[Event] = [{"type": "card_bought", "seat": seat, "deck": deck, "gold": state["gold"][seat]}]
    if deck == "travel":
        return events + give_travel(state, rng, seat, 1, "bought")
    return events + give_event(state, board, rng, seat, "bought")


def sell_event(board: Board, state: State, seat: int, action: Action, rng: Rng) -> list[Event]:
    require(
        board,
        state,
        seat,
        {"type": "sell_event", "card": action.get("card")},
        "Only an Elefant card is discarded for gold, and only while the supply has gold.",
    )
    state["event_discard"].append(remove_event(state, seat, "elephant"))
    sold: Event = {"type": "event_sold", "seat": seat, "card": "elephant"}
    return [sold, *gain_gold(state, board, seat, "elephant")]


def end_turn(board: Board, state: State, seat: int, action: Action, rng: Rng) -> list[Event]:
    events: list[Event] = [{"type": "turn_ended", "seat": seat}]
    if board.location(state["positions"][seat]) == state["detective"]:
        events += lose_days(state, [seat], board.supply["detective_days"], "detective")
    if len(state["hands"][seat]) > board.supply["hand_limit"]:
        state["phase"] = DISCARD
        return events
    return events + next_turn(board, state, rng)


def discard(board: Board, state: State, seat: int, action: Action, rng: Rng) -> list[Event]:
    card = action.get("card")
    if not isinstance(card, dict):
        raise MalformedAction('A discard names one `card` as {"kind", "days"}.')
    described = {"kind": card.get("kind"), "days": card.get("days")}
    require(board, state, seat, {"type": "discard", "card": described}, "You do not hold that travel card.")
    state["travel_discard"].append(remove_card(state, seat, card["kind"], card["days"]))
    events: list[Event] = [{"type": "card_discarded", "seat": seat, **described}]
    if len(state["hands"][seat]) > board.supply["hand_limit"]:
        return events
    return events + next_turn(board, state, rng)
