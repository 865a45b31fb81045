"""The strong bot's search over its moves near the end: its rules of thumb's move and a few others (the longest
claims, a draw), each played out to the end of the game in the same dealt worlds (what its seat cannot see dealt at
random: the others' hands and tickets, the pile's order), itself playing on by its rules of thumb and every rival by
the medium bot, and judged by the real final scores (a win, then the margin over the best rival).

Only near the end: a playout to the end is the evaluation that does not lie about tempo (the player who ends the
game wins most games of two), and only there does a playout to the end fit a decision's budget."""

from collections import Counter
from typing import Any

from engine.core.hidden import dealt_at_random
from engine.core.protocol import Action, State
from engine.core.rng import Rng
from engine.core.search import Work
from engine.ticket_to_ride.bots import GreedyBot
from engine.ticket_to_ride.steps import TURN
from engine.ticket_to_ride.tactics import StrongPolicy

# Searched once the fewest trains anyone holds, times the players, is this many or fewer: a playout to the end then
# takes about 50 moves (a turn is 1.6 moves), and four choices in four worlds fit the budget.
ENDGAME_TRAINS = 30
# Claims tried besides the rules of thumb's move (the longest routes it can claim, each paid as the rules would).
CLAIMS = 3
# A point of margin over the best rival weighs this much of a win.
MARGIN_WEIGHT = 0.02


def near_end(state: State) -> bool:
    return state["step"] == TURN and min(state["trains"]) * state["players"] <= ENDGAME_TRAINS


def candidates(own: StrongPolicy, game: Any, state: State, seat: int, actions: list[Action]) -> list[Action]:
    """The rules of thumb's move first, then the longest claims (one payment each) and the draw it would take."""
    first = own.act(game, state, seat, actions)
    chosen = [first]
    counts = Counter(state["cards"][c] for c in state["hands"][seat])
    by_route: dict[str, list[Action]] = {}
    for action in actions:
        if action["type"] == "claim":
            by_route.setdefault(action["route"], []).append(action)
    routes = sorted(by_route, key=lambda r: (-game.board.routes[r].length, r))
    for route_id in routes[:CLAIMS]:
        claim = own._best_claim(game, by_route[route_id], counts)
        if claim not in chosen:
            chosen.append(claim)
    draws = [a for a in actions if a["type"] in ("draw_deck", "draw_faceup")]
    if draws and first["type"] not in ("draw_deck", "draw_faceup"):
        chosen.append(GreedyBot._draw(own, state, draws, Counter()))
    return chosen


def judge(game: Any, state: State, seat: int) -> float:
    """A finished game: a win (shared: its share) and a little for the margin over the best rival."""
    outcome = game.outcome(state)
    if outcome is None:
        return 0.0
    scores = {s["seat"]: s["score"] for s in outcome["standings"]}
    rival = max(score for other, score in scores.items() if other != seat)
    won = 1 / len(outcome["winners"]) if seat in outcome["winners"] else 0.0
    return won + MARGIN_WEIGHT * (scores[seat] - rival)


def search(
    game: Any, seen: State, seat: int, choices: list[Action], worlds: int, moves: int, rng: Rng, work: Work
) -> Action:
    """The choice with the best mean over the worlds played whole for every choice (ties: the earlier choice).

    A world whose playouts would go past `moves` is dropped unfinished, so every choice is judged on the same worlds
    and no decision does more than its budget."""
    own, rival = StrongPolicy(), GreedyBot()
    totals = [0.0] * len(choices)
    for _ in range(worlds):
        world_seed = rng.randbelow(2**53)
        world = dealt_at_random(game, seen, seat, Rng(world_seed))
        scores = []
        for action in choices:
            if work.moves >= moves:
                break
            state, _ = game.apply(game.copy_state(world), seat, action)
            work.moves += 1
            while work.moves < moves:
                to_act = game.to_act(state)
                if not to_act:
                    break
                who = min(to_act)
                bot = own if who == seat else rival
                state, _ = game.apply(state, who, bot.act(game, state, who, game.legal_actions(state, who)))
                work.moves += 1
            work.rollouts += 1
            if game.to_act(state):
                break
            scores.append(judge(game, state, seat))
        if len(scores) < len(choices):
            break
        for i, score in enumerate(scores):
            totals[i] += score
    best: int = max(range(len(choices)), key=lambda i: (totals[i], -i))
    return choices[best]
