"""The three colour powers a correct card may use; none takes a card from a chronology or the discard pile."""

from pathlib import Path

from engine.chronology.table import colour_of, front, pile, pile_name, players, seat_of, top_of
from engine.core.errors import IllegalAction, MalformedAction
from engine.core.protocol import Action, Event, State
from engine.core.rng import Rng
from engine.core.words import names_in
from engine.decks.model import Deck

NAMES_FILE = Path(__file__).with_name("names.json")
# The powers' English names, as reasons word them; views and events name them in the game's language.
NAMES = names_in(NAMES_FILE, "en")["powers"]
MOVES = {"red": ("discard_top",), "beige": ("move_top",), "blue": ("swap_tops", "reshuffle")}


def power_name(power: str, language: str) -> str:
    """The power's name as players of that language read it ("war destroys", «война разрушает»)."""
    return names_in(NAMES_FILE, language)["powers"][power]


def _owners(state: State) -> list[int | None]:
    return [None, *players(state)]


def power_actions(state: State, seat: int, power: str) -> list[Action]:
    """Enumerate every use of `power` by `seat` (skipping not included)."""
    colours = state["colours"]
    if power == "red":
        return [
            {"type": "discard_top", "seat": owner, "colour": colour}
            for colour in colours
            for owner in _owners(state)
            if pile(state, owner, colour)
        ]
    if power == "beige":
        return [
            {"type": "move_top", "colour": colour, "seat": target}
            for colour in colours
            if state["common"][colour]
            for target in players(state)
        ]
    actions: list[Action] = []
    for colour in colours:
        full = [owner for owner in _owners(state) if pile(state, owner, colour)]
        actions += [
            {"type": "swap_tops", "colour": colour, "seats": [a, b]} for i, a in enumerate(full) for b in full[i + 1 :]
        ]
    return actions + [{"type": "reshuffle", "colour": colour} for colour in colours if state["stacks"][seat][colour]]


def use_power(deck: Deck, state: State, seat: int, power: str, action: Action) -> list[Event]:
    """Apply one use of `power` (the caller has checked the action is one of MOVES[power]).

    :raises MalformedAction, IllegalAction:
    """
    kind = action["type"]
    colour = colour_of(state, action)
    used = {"type": "power_used", "seat": seat, "power": power, "move": kind, "colour": colour}
    if kind == "discard_top":
        owner = seat_of(state, action.get("seat"))
        card = top_of(state, owner, colour, "discard")
        pile(state, owner, colour).pop()
        state["discard"].append(card)
        return [{**used, "from": owner, "card": front(deck, state, card)}]
    if kind == "move_top":
        target = seat_of(state, action.get("seat"), common=False)
        card = top_of(state, None, colour, "move")
        pile(state, target, colour).append(state["common"][colour].pop())
        return [{**used, "onto": target, "card": front(deck, state, card)}]
    if kind == "swap_tops":
        return [{**used, **_swap(deck, state, colour, action.get("seats"))}]
    return [{**used, **_reshuffle(state, seat, colour)}]


def _swap(deck: Deck, state: State, colour: str, seats: object) -> dict:
    if not isinstance(seats, list) or len(seats) != 2:
        raise MalformedAction(
            "A swap names two stacks of one colour: `seats`, two seat numbers or null for the common deck."
        )
    a, b = (seat_of(state, value) for value in seats)
    if a == b:
        raise IllegalAction(f"{pile_name(a, colour)} is named twice: a swap needs two different stacks.")
    first, second = top_of(state, a, colour, "swap"), top_of(state, b, colour, "swap")
    pile(state, a, colour)[-1], pile(state, b, colour)[-1] = second, first
    return {"seats": [a, b], "cards": [front(deck, state, first), front(deck, state, second)]}


def _reshuffle(state: State, seat: int, colour: str) -> dict:
    stack, common = state["stacks"][seat][colour], state["common"][colour]
    count = len(stack)
    if not count:
        raise IllegalAction(
            f"Your {colour} stack is empty: there is nothing to shuffle into the common deck.", colour=colour
        )
    common += stack
    rng = Rng.from_state(state["rng"])
    rng.shuffle(common)
    state["rng"] = rng.to_state()
    state["stacks"][seat][colour] = common[-count:]
    del common[-count:]
    return {"count": count}
