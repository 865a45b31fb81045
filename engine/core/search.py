"""Determinized rollouts: the strong bots' look-ahead, within a fixed budget of work.

A strong bot names a few candidate actions (its default policy's best), deals the worlds its seat thinks possible
(what it cannot see dealt at random, the dice and draws to come from a fresh seed), and in each world plays every
candidate followed by `horizon` moves of the default policy for every seat; the candidate with the best mean
evaluation wins. The same worlds serve every candidate (common random numbers), so candidates are compared on the
same luck. The work is counted in moves simulated, never in time, so a seeded game replays the same.
"""

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, ClassVar

from engine.core.hidden import dealt_at_random
from engine.core.protocol import Action, Bot, Game, Knowledge, State
from engine.core.rng import Rng

Policy = Callable[[State, int, Rng], Action]
Evaluate = Callable[[State, int], float]
Deal = Callable[[Rng], State]


@dataclass(frozen=True)
class Budget:
    """The work of one decision: `worlds` per candidate, each `horizon` moves deep; at most `moves` in all."""

    worlds: int
    horizon: int
    moves: int


@dataclass
class Work:
    """What a decision cost, in moves simulated (for the tests that hold the budget)."""

    moves: int = 0
    rollouts: int = 0


def rollout(game: Game, world: State, policy: Policy, horizon: int, rng: Rng, work: Work, cap: int) -> State:
    """Play the default policy for every seat, `horizon` moves or to the end (or until the budget is spent)."""
    state = world
    for _ in range(horizon):
        if work.moves >= cap:
            break
        to_act = game.to_act(state)
        if not to_act:
            break
        seat = min(to_act)
        state, _ = game.apply(state, seat, policy(state, seat, rng))
        work.moves += 1
    return state


def best(
    game: Game,
    seat: int,
    candidates: list[Action],
    deal: Deal,
    policy: Policy,
    evaluate: Evaluate,
    budget: Budget,
    rng: Rng,
    work: Work | None = None,
) -> Action:
    """The candidate with the best mean evaluation over the same dealt worlds (ties: the earlier candidate)."""
    if len(candidates) == 1:
        return candidates[0]
    work = work if work is not None else Work()
    totals = [0.0] * len(candidates)
    # A world is dealt only if every candidate's whole rollout fits what is left, so all are compared alike.
    per_world = len(candidates) * (budget.horizon + 1)
    for _ in range(budget.worlds):
        if work.moves + per_world > budget.moves:
            break
        world_seed = rng.randbelow(2**53)
        world = deal(Rng(world_seed))
        for i, action in enumerate(candidates):
            state, _ = game.apply(game.copy_state(world), seat, action)
            work.moves += 1
            state = rollout(game, state, policy, budget.horizon, Rng(world_seed, counter=1 << 40), work, budget.moves)
            work.rollouts += 1
            totals[i] += evaluate(state, seat)
    chosen: Any = max(range(len(candidates)), key=lambda i: (totals[i], -i))
    return candidates[chosen]


class SearchBot(Bot):
    """A bot that plans: its candidates tried by `best` in worlds dealt from its seat's state (`Knowledge.seen`)."""

    plans = True
    budget: ClassVar[Budget]

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        self.work = Work()

    def decide(self, game: Game, known: Knowledge, rng: Rng) -> Action:
        seen, seat = known.seen, known.seat
        assert seen is not None
        choices = self.candidates(game, seen, seat, known.actions)
        self.work = Work()
        return best(
            game,
            seat,
            choices,
            lambda r: self.deal(game, seen, seat, r),
            lambda state, who, _: self.policy(game, state, who),
            lambda state, who: self.evaluate(game, state, who),
            self.budget,
            rng,
            self.work,
        )

    def candidates(self, game: Game, seen: State, seat: int, actions: list[Action]) -> list[Action]:
        """The actions worth trying, the default policy's first (a single one is played without search)."""
        raise NotImplementedError

    def deal(self, game: Game, seen: State, seat: int, rng: Rng) -> State:
        return dealt_at_random(game, seen, seat, rng)

    def policy(self, game: Game, state: State, seat: int) -> Action:
        """The default policy every seat plays in a rollout."""
        raise NotImplementedError

    def evaluate(self, game: Game, state: State, seat: int) -> float:
        """How well placed the seat is where a rollout stops (more: better)."""
        raise NotImplementedError
