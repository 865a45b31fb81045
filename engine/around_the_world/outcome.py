"""The end: when the last round ends the game, who wins, the places below and what decided them."""

from engine.around_the_world.board import Board
from engine.core.protocol import Outcome, State


def game_ends(state: State) -> bool:
    # Seats that resigned are not counted: the rule for the players still in the game applies.
    gone = state.get("resigned", ())
    home, players = len([s for s in state["arrivals"] if s not in gone]), state["players"] - len(gone)
    if players == 2:
        return home >= 1
    if players == 6:
        return home >= 4
    return home >= players - 1


def result(board: Board, state: State) -> Outcome:
    """Rank as the Czech text says; see docs/rules/around-the-world.md for the places below the winner."""
    target, days, gold, home = board.supply["target_days"], state["days"], state["gold"], state["arrivals"]
    seats = range(state["players"])

    def key(s: int) -> tuple[int, ...]:
        if s not in home:
            return (3,)
        if state["players"] == 2:
            if len(home) == 1:
                return (0,)
            return (0, days[s], -gold[s])
        if days[s] < target:
            return (0, days[s], home.index(s))
        return (1, home.index(s))

    best = min(key(s) for s in seats)
    winners = [s for s in seats if key(s) == best]
    standings = [
        {
            "seat": s,
            "place": 1 + sum(1 for t in seats if key(t) < key(s)),
            "days": days[s],
            "home": s in home,
            "arrival": home.index(s) + 1 if s in home else None,
            "under_80": s in home and days[s] < target,
            "gold": gold[s],
            "location": board.location(state["positions"][s]),
        }
        for s in sorted(seats, key=lambda s: (key(s), s))
    ]
    return {"winners": winners, "decided_by": _decided_by(board, state, winners), "standings": standings}


def _decided_by(board: Board, state: State, winners: list[int]) -> str:
    target, days, home = board.supply["target_days"], state["days"], state["arrivals"]
    if len(winners) > 1:
        return "shared"
    if state["players"] == 2:
        if len(home) == 1:
            return "first_home"
        return "days" if days[home[0]] != days[home[1]] else "gold"
    under = [s for s in home if days[s] < target]
    if not under:
        return "first_home"
    return "arrival" if sum(1 for s in under if days[s] == days[winners[0]]) > 1 else "days"
