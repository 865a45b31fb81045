"""Random playouts a second, per game: what a search pays for one copy of the state and the moves to the end.

One playout copies the state once (`copy_state`) and applies uniformly random legal moves to it in place until the
game ends, from the start of a seeded four-player game. With `--before DIR` (a `git worktree` of an older commit)
the same code runs against both trees in turn, interleaved, in fresh processes, and the ratio is reported.
Results: docs/benchmarks.md ("Random playouts").

Run: `python bench/bench_playouts.py [--before DIR] [--rounds 3] [--seconds 1]`.
"""

import argparse
import os
import statistics
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent

MEASURE = """
import sys, time
from engine.core.rng import Rng
from engine.games import all_games, new_match

def playout(game, state, rng):
    state, moves = game.copy_state(state), 0
    while True:
        to_act = game.to_act(state)
        if not to_act:
            return moves
        seat = min(to_act)
        state, _ = game.apply(state, seat, rng.choice(game.legal_actions(state, seat)))
        moves += 1

for game in all_games():
    start = new_match(game.name, 4, {}, 1).state
    rng, done, started = Rng(5), 0, time.process_time()
    while time.process_time() - started < float(sys.argv[1]):
        playout(game, start, rng)
        done += 1
    print(game.name, done / (time.process_time() - started))
"""


def measure(tree: Path, seconds: float) -> dict[str, float]:
    env = {**os.environ, "PYTHONPATH": str(tree)}
    out = subprocess.run(
        [sys.executable, "-c", MEASURE, str(seconds)], env=env, cwd=tree, capture_output=True, text=True, check=True
    ).stdout
    return {name: float(rate) for name, rate in (line.split() for line in out.splitlines())}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--before", type=Path, help="a checkout of the older code to compare with")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--seconds", type=float, default=1.0, help="CPU seconds per game and round")
    args = parser.parse_args()
    trees = {"now": HERE, **({"before": args.before.resolve()} if args.before else {})}
    rates: dict[str, dict[str, list[float]]] = {label: {} for label in trees}
    for _ in range(args.rounds):
        for label, tree in trees.items():
            for name, rate in measure(tree, args.seconds).items():
                rates[label].setdefault(name, []).append(rate)
    print("| game | playouts/s now |" + (" before | now / before |" if args.before else ""))
    print("| --- | --- |" + (" --- | --- |" if args.before else ""))
    for name, now in rates["now"].items():
        line = f"| {name} | {statistics.median(now):.0f} |"
        if args.before:
            before = statistics.median(rates["before"][name])
            line += f" {before:.0f} | {statistics.median(now) / before:.2f} |"
        print(line)


if __name__ == "__main__":
    main()
