"""How many random games a second the engine plays on one core, through `engine.core.play`.

Each game is set up with its default options and a fresh seed, then every step one seat to act plays a
uniformly random legal action (picked with Python's `random`, so the picking costs little) until the game ends.
Rates are per second of the process's own CPU time (one core).
Run: `python bench/bench_engine.py [--games timeline,ticket-to-ride-europe] [--players 3] [--seconds 5]`.
"""

import argparse
import cProfile
import pstats
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.core.match import play  # noqa: E402
from engine.games import all_games, new_match  # noqa: E402


def play_one(name: str, players: int, seed: int, pick: random.Random) -> int:
    """Play one random game to its end; return the number of moves."""
    match = new_match(name, players, {}, seed)
    rules = match.rules
    moves = 0
    while True:
        to_act = match.to_act()
        if not to_act:
            return moves
        seat = pick.choice(sorted(to_act))
        match, _ = play(match, seat, pick.choice(rules.legal_actions(match.state, seat)))
        moves += 1


def rate(name: str, players: int, seconds: float) -> tuple[float, float]:
    """Return games per second of this process's CPU time and moves a game, playing for about `seconds` of it.

    CPU time, not wall time: the machine is shared, and one core's worth of work is what the target names.
    """
    pick = random.Random(1)
    games = moves = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        moves += play_one(name, players, games, pick)
        games += 1
    return games / (time.process_time() - start), moves / games


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", default=",".join(g.name for g in all_games()))
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--seconds", type=float, default=5.0)
    parser.add_argument("--repeat", type=int, default=3, help="runs per game; the median is reported")
    parser.add_argument("--profile", action="store_true", help="profile one run per game instead")
    args = parser.parse_args()
    for name in args.games.split(","):
        play_one(name, args.players, 0, random.Random(0))  # warm-up: deck files, boards, imports
        if args.profile:
            profiler = cProfile.Profile()
            profiler.runcall(rate, name, args.players, args.seconds)
            pstats.Stats(profiler).sort_stats("tottime").print_stats(15)
            continue
        runs = sorted(rate(name, args.players, args.seconds) for _ in range(args.repeat))
        per_second, per_game = runs[len(runs) // 2]
        spread = f"{runs[0][0]:.0f}-{runs[-1][0]:.0f}"
        print(f"{name:24} {per_second:8.1f} games/s  (runs {spread}; {per_game:.0f} moves a game)")


if __name__ == "__main__":
    main()
