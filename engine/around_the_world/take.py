"""Taking a card: one of the travel cards laid out, with its space's action if wanted, or the top card instead."""

from engine.around_the_world.board import Board
from engine.around_the_world.choices import may_draw_instead, require
from engine.around_the_world.phases import TRAVEL
from engine.around_the_world.table import gain_gold, give_event, give_travel, remove_card
from engine.around_the_world.travel import card_list
from engine.core.errors import IllegalAction, MalformedAction
from engine.core.protocol import Action, Event, State
from engine.core.rng import Rng


def take(board: Board, state: State, seat: int, action: Action, rng: Rng) -> list[Event]:
    space = action.get("space")
    slot = next((s for s in state["display"] if s["space"] == space and s["card"] is not None), None)
    if slot is None:
        raise IllegalAction(f"No travel card lies on the {space!r} space now.", space=space)
    if space == "watch" and seat == state["start"]:
        raise IllegalAction("The start player may not take the card on the watch (new start player) space.")
    canonical: Action = {"type": "take", "space": space}
    if action.get("use") is True:
        canonical["use"] = True
    for extra in ("location", "discard"):
        if extra in action:
            canonical[extra] = action[extra]
    if isinstance(canonical.get("discard"), list):
        try:
            canonical["discard"] = card_list(sorted((c["kind"], c["days"]) for c in canonical["discard"]))
        except (TypeError, KeyError):
            raise MalformedAction('`discard` lists cards as {"kind", "days"}.') from None
    require(
        board,
        state,
        seat,
        canonical,
        f"That use of the {space} space is not possible: "
        f"check the action's options (use, location or discard) in the legal actions.",
    )
    card = slot["card"]
    slot["card"] = None
    state["hands"][seat].append(card)
    state["turn"]["space"] = space
    info = state["travel_cards"][card]
    used = "use" in canonical or "location" in canonical or "discard" in canonical
    events: list[Event] = [
        {"type": "card_taken", "seat": seat, "space": space, "kind": info["kind"], "days": info["days"], "used": used}
    ]
    if used:
        events += _space_action(board, state, seat, canonical, rng)
    state["phase"] = TRAVEL
    return events


def _space_action(board: Board, state: State, seat: int, action: Action, rng: Rng) -> list[Event]:
    space = action["space"]
    if space == "gold":
        return gain_gold(state, board, seat, "action")
    if space == "balloon":
        state["turn"]["balloon"] = True
        return [{"type": "balloon_ready", "seat": seat}]
    if space == "event":
        return give_event(state, board, rng, seat, "action")
    if space == "detective":
        state["detective"] = action["location"]
        return [{"type": "detective_moved", "seat": seat, "location": action["location"]}]
    if space == "watch":
        state["watch"] = seat
        return [{"type": "start_player_claimed", "seat": seat}]
    discarded = [remove_card(state, seat, c["kind"], c["days"]) for c in action["discard"]]
    state["travel_discard"] += discarded
    return [
        {"type": "cards_exchanged", "seat": seat, "discarded": action["discard"]},
        *give_travel(state, rng, seat, len(discarded), "exchange"),
    ]


def draw(board: Board, state: State, seat: int, action: Action, rng: Rng) -> list[Event]:
    if not may_draw_instead(state):
        raise IllegalAction("Only the last of six travelling players may draw instead of taking a card.")
    state["phase"] = TRAVEL
    return give_travel(state, rng, seat, 1, "instead_of_display")
