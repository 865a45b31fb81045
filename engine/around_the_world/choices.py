"""What a seat may do now: who acts, every legal action of each phase, and the check against them."""

from itertools import combinations

import orjson

from engine.around_the_world.board import Board
from engine.around_the_world.phases import DISCARD, OVER, RECEIPT, ROLL, TAKE
from engine.around_the_world.receipts import receipt_actions
from engine.around_the_world.table import gold_supply, hand_cards
from engine.around_the_world.travel import card_list, effect_of, plans
from engine.core.errors import IllegalAction
from engine.core.protocol import Action, State


def action_key(action: Action) -> bytes:
    return orjson.dumps(action, option=orjson.OPT_SORT_KEYS)


def to_act(state: State) -> set[int]:
    return set() if state["phase"] == OVER else {state["turn"]["seat"]}


def legal_actions(board: Board, state: State, seat: int) -> list[Action]:
    if seat not in to_act(state):
        return []
    phase = state["phase"]
    if phase == TAKE:
        return take_actions(board, state, seat)
    if phase == ROLL:
        rerolls = [{"type": "reroll"}] if state["gold"][seat] >= board.supply["reroll_price"] else []
        return [{"type": "accept"}, *rerolls, *buy_actions(board, state, seat)]
    if phase == RECEIPT:
        return [*receipt_actions(state), *buy_actions(board, state, seat)]
    if phase == DISCARD:
        cards = sorted(set(hand_cards(state, seat)), key=lambda c: (-c[1], c[0]))
        discards = [{"type": "discard", "card": {"kind": kind, "days": days}} for kind, days in cards]
        return discards + buy_actions(board, state, seat)
    return _travel_phase_actions(board, state, seat)


def require(board: Board, state: State, seat: int, action: Action, what: str) -> None:
    """:raises IllegalAction: when the canonical action is not among the legal ones."""
    if action_key(action) not in {action_key(a) for a in legal_actions(board, state, seat)}:
        raise IllegalAction(what, action=action)


def take_actions(board: Board, state: State, seat: int) -> list[Action]:
    actions: list[Action] = []
    hand = hand_cards(state, seat)
    for slot in state["display"]:
        card, space = slot["card"], slot["space"]
        if card is None or (space == "watch" and seat == state["start"]):
            continue
        take = {"type": "take", "space": space}
        if space == "gold" and gold_supply(state, board) > 0:
            actions.append({**take, "use": True})
        elif space in ("balloon", "watch"):
            actions.append({**take, "use": True})
        elif space == "event" and (state["event_deck"] or state["event_discard"]):
            actions.append({**take, "use": True})
        elif space == "detective":
            actions += [{**take, "location": loc} for loc in board.locations[1:] if loc != state["detective"]]
        elif space == "exchange":
            mine = [*hand, (state["travel_cards"][card]["kind"], state["travel_cards"][card]["days"])]
            sets = sorted(
                {combo for k in range(1, board.supply["exchange_max"] + 1) for combo in combinations(sorted(mine), k)},
                key=lambda c: (len(c), c),
            )
            actions += [{**take, "discard": card_list(combo)} for combo in sets]
        actions.append(take)
    if may_draw_instead(state):
        actions.append({"type": "draw"})
    return actions + buy_actions(board, state, seat)


def buy_actions(board: Board, state: State, seat: int) -> list[Action]:
    """Buying a card for gold: the Czech text allows it at any time during one's turn."""
    if state["gold"][seat] < board.supply["buy_price"]:
        return []
    decks = {
        "travel": state["travel_deck"] or state["travel_discard"],
        "event": state["event_deck"] or state["event_discard"],
    }
    return [{"type": "buy", "deck": deck} for deck, cards in decks.items() if cards]


def may_draw_instead(state: State) -> bool:
    """With six players travelling, the last of the round may draw the top card instead of the last one shown."""
    last = state["turn_index"] == len(state["order"]) - 1
    return len(state["order"]) == 6 and last and bool(state["travel_deck"] or state["travel_discard"])


def can_travel(board: Board, state: State, seat: int) -> bool:
    turn = state["turn"]
    return state["positions"][seat] < board.home and turn["travels"] < turn["allowed"]


def connections(board: Board, state: State, seat: int) -> list[str]:
    """Event cards that can open one more leg now: just travelled, no leg left, the next leg is not elephants."""
    turn, position = state["turn"], state["positions"][seat]
    if turn["travels"] == 0 or turn["travels"] < turn["allowed"] or position >= board.home:
        return []
    if board.legs[position].elephants:
        return []
    names = {state["event_cards"][c] for c in state["event_hands"][seat]}
    return sorted(name for name in names if effect_of(state, name) == "connection")


def _travel_phase_actions(board: Board, state: State, seat: int) -> list[Action]:
    actions: list[Action] = []
    if can_travel(board, state, seat):
        actions += [plan.action() for plan in plans(state, board, seat)]
    actions += [{"type": "play_event", "card": name} for name in connections(board, state, seat)]
    actions.append({"type": "end_turn"})
    actions += buy_actions(board, state, seat)
    holds_elephant = any(state["event_cards"][c] == "elephant" for c in state["event_hands"][seat])
    if holds_elephant and gold_supply(state, board) > 0:
        actions.append({"type": "sell_event", "card": "elephant"})
    return actions
