"""The table's bookkeeping: decks, hands, draws, gold, lost days, grey events and receipts."""

from typing import Any

from engine.around_the_world.board import Board
from engine.core.protocol import Event, State
from engine.core.rng import Rng


def travel_card(state: State, card: str) -> dict[str, Any]:
    return {"id": card, **state["travel_cards"][card]}


def event_card(state: State, card: str) -> dict[str, Any]:
    return {"id": card, "name": state["event_cards"][card]}


def hand_cards(state: State, seat: int) -> list[tuple[str, int]]:
    return [(state["travel_cards"][c]["kind"], state["travel_cards"][c]["days"]) for c in state["hands"][seat]]


def remove_card(state: State, seat: int, kind: str, days: int) -> str:
    hand = state["hands"][seat]
    card = next(c for c in hand if (state["travel_cards"][c]["kind"], state["travel_cards"][c]["days"]) == (kind, days))
    hand.remove(card)
    return card


def remove_event(state: State, seat: int, name: str) -> str:
    hand = state["event_hands"][seat]
    card = next(c for c in hand if state["event_cards"][c] == name)
    hand.remove(card)
    return card


def travelling(state: State) -> list[int]:
    """Seats not yet home in London, in seat order (a seat that resigned has left the journey)."""
    gone = (*state["arrivals"], *state.get("resigned", ()))
    return [s for s in range(state["players"]) if s not in gone]


def gold_supply(state: State, board: Board) -> int:
    return board.supply["gold_total"] - sum(state["gold"])


def gain_gold(state: State, board: Board, seat: int, why: str) -> list[Event]:
    """Give one gold from the supply; an empty supply gives nothing."""
    if gold_supply(state, board) <= 0:
        return [{"type": "no_gold_left", "seat": seat, "reason": why}]
    state["gold"][seat] += 1
    return [{"type": "gold_gained", "seat": seat, "reason": why, "gold": state["gold"][seat]}]


def lose_days(state: State, seats: list[int], days: int, why: str) -> list[Event]:
    """Move the time markers of seats still travelling; players home in London lose nothing."""
    hit = [s for s in seats if s not in state["arrivals"]]
    for seat in hit:
        state["days"][seat] += days
    if not hit:
        return []
    return [{"type": "days_lost", "seats": hit, "days": days, "reason": why, "totals": [state["days"][s] for s in hit]}]


def draw_travel(state: State, rng: Rng) -> tuple[str | None, list[Event]]:
    """Take the top travel card; an empty deck is refilled from the shuffled discard pile."""
    events: list[Event] = []
    if not state["travel_deck"] and state["travel_discard"]:
        state["travel_deck"], state["travel_discard"] = state["travel_discard"], []
        rng.shuffle(state["travel_deck"])
        events.append({"type": "travel_deck_reshuffled", "count": len(state["travel_deck"])})
    if not state["travel_deck"]:
        return None, events
    return state["travel_deck"].pop(), events


def give_travel(state: State, rng: Rng, seat: int, count: int, why: str) -> list[Event]:
    """Draw `count` travel cards into a hand: everybody learns how many, only the seat which."""
    events: list[Event] = []
    drawn = []
    for _ in range(count):
        card, more = draw_travel(state, rng)
        events += more
        if card is None:
            break
        state["hands"][seat].append(card)
        drawn.append(card)
    events.append({"type": "travel_cards_drawn", "seat": seat, "count": len(drawn), "reason": why})
    if drawn:
        events.append(
            {"type": "your_travel_cards", "seat": seat, "cards": [travel_card(state, c) for c in drawn], "to": [seat]}
        )
    return events


def give_event(state: State, board: Board, rng: Rng, seat: int, why: str) -> list[Event]:
    """Draw the top event card: a grey one takes effect at once, any other goes to the seat's hand."""
    events: list[Event] = []
    if not state["event_deck"] and state["event_discard"]:
        state["event_deck"], state["event_discard"] = state["event_discard"], []
        rng.shuffle(state["event_deck"])
        events.append({"type": "event_deck_reshuffled", "count": len(state["event_deck"])})
    if not state["event_deck"]:
        return [*events, {"type": "no_event_card_left", "seat": seat, "reason": why}]
    card = state["event_deck"].pop()
    name = state["event_cards"][card]
    if board.events[name].grey:
        return events + grey_event(state, board, rng, seat, card)
    state["event_hands"][seat].append(card)
    return [
        *events,
        {"type": "event_card_drawn", "seat": seat, "reason": why},
        {"type": "your_event_card", "seat": seat, "card": event_card(state, card), "to": [seat]},
    ]


def grey_event(state: State, board: Board, rng: Rng, seat: int, card: str) -> list[Event]:
    """Everyone still travelling loses the card's days; every event card is shuffled into a new event deck."""
    name = state["event_cards"][card]
    days = board.events[name].delay_days
    discarded = [{"seat": s, "count": len(hand)} for s, hand in enumerate(state["event_hands"]) if hand]
    pool = [*state["event_deck"], *state["event_discard"], *(c for hand in state["event_hands"] for c in hand), card]
    for hand in state["event_hands"]:
        hand.clear()
    state["event_discard"] = []
    rng.shuffle(pool)
    state["event_deck"] = pool
    return [
        {"type": "grey_event", "seat": seat, "card": name, "days": days, "discarded": discarded},
        *lose_days(state, travelling(state), days, name),
        {"type": "event_deck_reshuffled", "count": len(pool)},
    ]
