"""Train cards: the draw pile, the discard pile, the five face-up cards and paying with cards in hand."""

from engine.core.protocol import Event, State
from engine.core.rng import Rng
from engine.ticket_to_ride.board import GREY, LOCOMOTIVE, Board, Route

FACEUP = 5
LOCOMOTIVE_LIMIT = 3
# A display of three locomotives is replaced; this bounds the retries when the cards left make that likely.
MAX_RESETS = 20


def new_deck(board: Board, rng: Rng) -> dict[str, str]:
    """Give the 110 cards ids whose colours are shuffled, so an id says nothing about its card."""
    colours = [c for c in board.colours for _ in range(board.cards_per_colour)]
    colours += [LOCOMOTIVE] * board.locomotives
    rng.shuffle(colours)
    return {f"c{n:03d}": colour for n, colour in enumerate(colours, 1)}


def draw(state: State, rng: Rng, events: list[Event]) -> str | None:
    """Take the top card of the pile, shuffling the discard pile into a new pile when it is empty."""
    if not state["deck"]:
        if not state["discard"]:
            return None
        state["deck"], state["discard"] = state["discard"], []
        rng.shuffle(state["deck"])
        events.append({"type": "discard_reshuffled", "cards": len(state["deck"])})
    card: str = state["deck"].pop()
    return card


def can_draw(state: State) -> bool:
    return bool(state["deck"] or state["discard"])


def locomotives_up(state: State) -> int:
    return sum(1 for card in state["faceup"] if state["cards"][card] == LOCOMOTIVE)


def _reset_possible(state: State) -> bool:
    """Whether a new display could hold fewer than three locomotives, given every card not in a hand."""
    pool = [*state["deck"], *state["discard"], *state["faceup"]]
    others = sum(1 for card in pool if state["cards"][card] != LOCOMOTIVE)
    return others >= min(FACEUP, len(pool)) - (LOCOMOTIVE_LIMIT - 1)


def refill(state: State, rng: Rng, events: list[Event]) -> bool:
    """Fill the display up to five; three face-up locomotives send all five to the discard pile, then refill.

    Return whether the display changed.
    """
    changed = False
    resets = 0
    while True:
        while len(state["faceup"]) < FACEUP:
            card = draw(state, rng, events)
            if card is None:
                break
            state["faceup"].append(card)
            changed = True
        if locomotives_up(state) < LOCOMOTIVE_LIMIT or resets >= MAX_RESETS or not _reset_possible(state):
            break
        resets += 1
        events.append(
            {
                "type": "faceup_discarded",
                "colours": [state["cards"][c] for c in state["faceup"]],
                "reason": "three locomotives",
            }
        )
        state["discard"].extend(state["faceup"])
        state["faceup"] = []
        changed = True
    return changed


def hand_counts(board: Board, state: State, seat: int) -> dict[str, int]:
    """How many cards of each colour and how many locomotives the seat holds (every one named, 0 if none)."""
    counts = dict.fromkeys(board.colours, 0)
    counts[LOCOMOTIVE] = 0
    cards = state["cards"]
    for card in state["hands"][seat]:
        counts[cards[card]] += 1
    return counts


def route_payments(board: Board, route: Route, counts: dict[str, int]) -> list[tuple[str, int]]:
    """Every way to pay for a route: (colour, locomotives); colour `locomotive` means locomotives only.

    A ferry needs at least its locomotives; a grey route takes any one colour.
    """
    colours = board.colours if route.colour == GREY else (route.colour,)
    return _payments(colours, route.length, route.ferry_locos, counts)


def set_payments(colours: tuple[str, ...], cost: int, counts: dict[str, int]) -> list[tuple[str, int]]:
    """Every way to pay `cost` cards of one colour, locomotives standing in for any of them."""
    return _payments(colours, cost, 0, counts)


def _payments(colours: tuple[str, ...], size: int, least_locos: int, counts: dict[str, int]) -> list[tuple[str, int]]:
    locos = counts[LOCOMOTIVE]
    # With k locomotives a colour pays the other size - k: k runs from what the colour cannot cover (at least
    # `least_locos`) to what the hand holds, short of paying with locomotives alone. (Plain loops: this runs at every
    # turn for every kind of route a hand can pay, and beats a comprehension over ranges threefold.)
    top = locos if locos < size else size - 1
    ways = []
    for colour in colours:
        k = size - counts[colour]
        if k < least_locos:
            k = least_locos
        while k <= top:
            ways.append((colour, k))
            k += 1
    if locos >= size:
        ways.append((LOCOMOTIVE, size))
    return ways


def tunnel_payments(colour: str, extra: int, counts: dict[str, int]) -> list[int]:
    """The numbers of locomotives with which the extra tunnel cards can be paid (the rest in `colour`)."""
    locos = counts[LOCOMOTIVE]
    if colour == LOCOMOTIVE:
        return [extra] if locos >= extra else []
    return [k for k in range(extra + 1) if locos >= k and counts[colour] >= extra - k]


def take_from_hand(state: State, seat: int, colour: str, coloured: int, locos: int) -> list[str]:
    """Remove `coloured` cards of `colour` and `locos` locomotives from the hand; return their ids."""
    hand = state["hands"][seat]
    picked = [c for c in hand if state["cards"][c] == colour][:coloured] if colour != LOCOMOTIVE else []
    picked += [c for c in hand if state["cards"][c] == LOCOMOTIVE][:locos]
    for card in picked:
        hand.remove(card)
    return picked


def train_card(state: State, card: str) -> dict[str, str]:
    """The card as views and events show it: its id and its colour."""
    return {"id": card, "colour": state["cards"][card]}
