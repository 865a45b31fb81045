"""Ticket to Ride's grouped legal actions against the exact list: CPU per view, side by side on the same views.

The views are every turn of seeded greedy five-player games (the seat to act) and the same late turns with more
cards in hand; for each, `legal_actions`, `action_groups` and the compact groups a client is sent
(`compact_groups.compact` of them) run alternately, each with the orjson encoding an answer pays (and once without).
The floor is the exact list: the result is the groups' time over it, and bytes. Last, the exact bytes of the whole
answer of `GET /v1/games/{id}` in both forms for the late five-player turns of the tests (`seat_views.game_view`),
their worst hands among them.
Run: `python bench/bench_action_groups.py [--games 6] [--rounds 5]`; `--worst 10` climbs to the hands that make the
groups of the late turns of 10 seeded games longest instead.
"""

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import orjson  # noqa: E402

from api.storage.store import GameRecord  # noqa: E402
from api.tables.seat_views import game_view  # noqa: E402
from engine.core.compact_groups import compact  # noqa: E402
from engine.core.match import play  # noqa: E402
from engine.core.rng import Rng  # noqa: E402
from engine.games import get_game, new_match  # noqa: E402

TTR = get_game("ticket-to-ride-europe")


def views(games: int) -> list[tuple[dict, int]]:
    """(state, seat) for every turn of `games` greedy five-player games, then their last ten with 20 cards more."""
    found, late = [], []
    bot = TTR.bots["medium"]()
    for seed in range(games):
        rng, match = Rng(seed), new_match(TTR.name, 5, {}, seed)
        game_views = []
        while match.to_act():
            seat = min(match.to_act())
            game_views.append((match.state, seat))
            match, _ = play(match, seat, bot.choose(TTR, match.state, seat, rng))
        found += game_views
        for state, seat in game_views[-40:-30]:
            state = TTR.copy_state(state)
            state["hands"][seat] += state["deck"][-20:]
            del state["deck"][-20:]
            late.append((state, seat))
    return found + late


def cpu(call, chosen: list[tuple[dict, int]], encode: bool) -> float:
    start = time.process_time()
    for state, seat in chosen:
        answer = call(state, seat)
        if encode:
            orjson.dumps(answer)
    return time.process_time() - start


def compact_groups(state: dict, seat: int) -> list:
    return compact(TTR.action_groups(state, seat))


def measure(label: str, chosen: list[tuple[dict, int]], rounds: int, encode: bool = True) -> None:
    ratios, compact_ratios, exact_times, grouped_times, compact_times = [], [], [], [], []
    for _ in range(rounds):
        exact = cpu(TTR.legal_actions, chosen, encode)
        grouped = cpu(TTR.action_groups, chosen, encode)
        packed = cpu(compact_groups, chosen, encode)
        ratios.append(grouped / exact)
        compact_ratios.append(packed / exact)
        exact_times.append(exact / len(chosen))
        grouped_times.append(grouped / len(chosen))
        compact_times.append(packed / len(chosen))
    exact_bytes = [len(orjson.dumps(TTR.legal_actions(s, seat))) for s, seat in chosen]
    grouped_bytes = [len(orjson.dumps(TTR.action_groups(s, seat))) for s, seat in chosen]
    compact_bytes = [len(orjson.dumps(compact_groups(s, seat))) for s, seat in chosen]
    print(
        f"{label}: {len(chosen)} views; per view exact list {statistics.median(exact_times) * 1e6:.0f} us, "
        f"groups {statistics.median(grouped_times) * 1e6:.0f} us: groups/exact {statistics.median(ratios):.2f}x "
        f"(runs {min(ratios):.2f}-{max(ratios):.2f}); compact {statistics.median(compact_times) * 1e6:.0f} us: "
        f"compact/exact {statistics.median(compact_ratios):.2f}x (runs {min(compact_ratios):.2f}-"
        f"{max(compact_ratios):.2f}); bytes mean {statistics.mean(exact_bytes):.0f} vs "
        f"{statistics.mean(grouped_bytes):.0f} vs {statistics.mean(compact_bytes):.0f} compact, largest "
        f"{max(exact_bytes)} vs {max(grouped_bytes)} vs {max(compact_bytes)}"
    )


def late_turns() -> None:
    """The whole view's bytes in both forms for the late turns of tests/engine/test_grouping.py."""
    from tests.engine.test_grouping import late_turns as turns

    for label, state, seat in turns():
        seats = [{"name": f"P{i}"} for i in range(5)]
        record = GameRecord("0" * 16, TTR.name, 5, {}, 1, state, seats, "running", "", "", version=1)
        exact, grouped = (len(orjson.dumps(game_view(record, seat, form))) for form in (False, True))
        listed = len(TTR.legal_actions(state, seat))
        print(f"late turn ({label}): {listed} actions, view {exact} B exact, {grouped} B grouped")


def worst(seeds: int, steps: int) -> None:
    """For the longest late turn of each seeded game, a hill climb over the counts of each colour in the seat's hand
    towards the longest compact groups (how tests/engine/test_grouping.py's WORST_HANDS were found)."""
    from tests.engine.test_grouping import holding, late_five_player_turn

    colours = [*TTR.board.colours, "locomotive"]
    for seed in range(1, seeds + 1):
        state, seat, _ = late_five_player_turn(seed)
        pick = random.Random(seed)
        counts = {colour: pick.randrange(6) for colour in colours}
        best = _groups_bytes(holding, state, seat, counts)
        for _ in range(steps):
            trial = dict(counts)
            colour = pick.choice(colours)
            trial[colour] = max(0, trial[colour] + pick.choice([-2, -1, 1, 2]))
            found = _groups_bytes(holding, state, seat, trial)
            if found >= best:
                best, counts = found, trial
        print(f"seed {seed}: compact groups {best} B with {counts}")


def _groups_bytes(holding, state: dict, seat: int, counts: dict[str, int]) -> int:
    try:
        held = holding(state, seat, counts)
    except AssertionError:  # not that many cards of a colour outside the other hands
        return -1
    return len(orjson.dumps(compact(TTR.action_groups(held, seat))))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=6)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--worst", type=int, metavar="SEEDS", help="only climb to the worst hands of SEEDS games")
    parser.add_argument("--steps", type=int, default=300)
    args = parser.parse_args()
    if args.worst:
        worst(args.worst, args.steps)
        return
    chosen = views(args.games)
    turns = [(s, seat) for s, seat in chosen if s["step"] == "turn"]
    big = [(s, seat) for s, seat in turns if len(TTR.legal_actions(s, seat)) >= 300]
    measure("every view", chosen, args.rounds)
    measure("turns (step turn)", turns, args.rounds)
    measure("turns of 300+ actions", big, args.rounds)
    measure("turns of 300+ actions, not encoded", big, args.rounds, encode=False)
    late_turns()


if __name__ == "__main__":
    main()
