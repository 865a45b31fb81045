"""Ticket to Ride's grouped legal actions against the exact list: CPU per view, side by side on the same views.

The views are every turn of seeded greedy five-player games (the seat to act) and the same late turns with more
cards in hand; for each, `legal_actions` and `action_groups` run alternately, each with the orjson encoding an
answer pays (and once without). The floor is the exact list: the result is the groups' time over it, and bytes.
Run: `python bench/bench_action_groups.py [--games 6] [--rounds 5]`.
"""

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import orjson  # noqa: E402

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


def measure(label: str, chosen: list[tuple[dict, int]], rounds: int, encode: bool = True) -> None:
    ratios, exact_times, grouped_times = [], [], []
    for _ in range(rounds):
        exact = cpu(TTR.legal_actions, chosen, encode)
        grouped = cpu(TTR.action_groups, chosen, encode)
        ratios.append(grouped / exact)
        exact_times.append(exact / len(chosen))
        grouped_times.append(grouped / len(chosen))
    exact_bytes = [len(orjson.dumps(TTR.legal_actions(s, seat))) for s, seat in chosen]
    grouped_bytes = [len(orjson.dumps(TTR.action_groups(s, seat))) for s, seat in chosen]
    print(
        f"{label}: {len(chosen)} views; per view exact list {statistics.median(exact_times) * 1e6:.0f} us, "
        f"groups {statistics.median(grouped_times) * 1e6:.0f} us: groups/exact {statistics.median(ratios):.2f}x "
        f"(runs {min(ratios):.2f}-{max(ratios):.2f}); bytes mean {statistics.mean(exact_bytes):.0f} vs "
        f"{statistics.mean(grouped_bytes):.0f}, largest {max(exact_bytes)} vs {max(grouped_bytes)}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=6)
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    chosen = views(args.games)
    turns = [(s, seat) for s, seat in chosen if s["step"] == "turn"]
    big = [(s, seat) for s, seat in turns if len(TTR.legal_actions(s, seat)) >= 300]
    measure("every view", chosen, args.rounds)
    measure("turns (step turn)", turns, args.rounds)
    measure("turns of 300+ actions", big, args.rounds)
    measure("turns of 300+ actions, not encoded", big, args.rounds, encode=False)


if __name__ == "__main__":
    main()
