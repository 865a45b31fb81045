"""Bots against each other: the `strong` bot of each game against the best level before it (`medium`).

Two-player games alternate the strong bot's seat and who starts; four-player games put one strong bot in each seat
in turn, the medium bot in every other, and rotate the start. Reports the strong bot's win share (a shared win
counts its share) with a 95% Wilson interval, and the CPU (thread time) of each of its decisions: median, p95, max.
Results: docs/benchmarks.md ("Bots against each other").

Run: `nice python bench/bench_bots.py [--two 400] [--four 200] [--game NAME ...] [--seed 0]`; a long run in parts:
`--players 2 --two 200 --first 200 --every 20` (one table size, games 200-399, the row so far every 20 games).
"""

import argparse
import math
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.core.match import play  # noqa: E402
from engine.core.rng import Rng  # noqa: E402
from engine.games import all_games, get_game, new_match  # noqa: E402

MAX_MOVES = 5000


@dataclass
class Tally:
    games: int = 0
    wins: float = 0.0
    cpu: list[float] = field(default_factory=list)

    def share(self) -> float:
        return self.wins / self.games if self.games else 0.0

    def interval(self) -> tuple[float, float]:
        """The 95% Wilson interval of the win share."""
        n, p, z = self.games, self.share(), 1.96
        if not n:
            return 0.0, 1.0
        centre = (p + z * z / (2 * n)) / (1 + z * z / n)
        half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
        return max(0.0, centre - half), min(1.0, centre + half)

    def cpu_ms(self) -> tuple[float, float, float]:
        ordered = sorted(self.cpu) or [0.0]
        pick = lambda q: ordered[min(len(ordered) - 1, int(q * len(ordered)))]  # noqa: E731
        return 1000 * pick(0.5), 1000 * pick(0.95), 1000 * ordered[-1]


def one_game(name: str, players: int, index: int, seed: int, tally: Tally, strong: str, rival: str) -> None:
    """Play game `index`: the strong bot in seat index % players, the start rotated every `players` games."""
    game = get_game(name)
    seat_of_strong = index % players
    first = (index // players) % players
    match = new_match(name, players, {"first": first}, seed * 1_000_003 + index)
    bots = [game.bots[strong if s == seat_of_strong else rival]() for s in range(players)]
    for _ in range(MAX_MOVES):
        if match.is_over():
            break
        seat = min(match.to_act())
        rng = Rng(match.seed, counter=1_000_000_007 * (match.version + 1))
        started = time.thread_time()
        action = bots[seat].choose(game, match.state, seat, rng)
        if seat == seat_of_strong:
            tally.cpu.append(time.thread_time() - started)
        match, _ = play(match, seat, action)
    outcome = game.outcome(match.state)
    tally.games += 1
    if outcome is not None and seat_of_strong in outcome["winners"]:
        tally.wins += 1 / len(outcome["winners"])


def duel(
    name: str,
    players: int,
    games: int,
    seed: int = 0,
    strong: str = "strong",
    rival: str = "medium",
    every: int = 0,
    first: int = 0,
) -> Tally:
    """Play `games` games; with `every`, the row so far goes to stderr every that many games (a long run that
    must stop early still says what it counted); `first` is the first game's number (to split a run in parts that
    play the same games as one run)."""
    tally = Tally()
    for index in range(first, first + games):
        one_game(name, players, index, seed, tally, strong, rival)
        if every and tally.games % every == 0:
            print(row(name, players, tally), file=sys.stderr, flush=True)
    return tally


def row(name: str, players: int, tally: Tally) -> str:
    low, high = tally.interval()
    median, p95, most = tally.cpu_ms()
    fair = 1 / players
    return (
        f"| {name} | {players} | {tally.games} | {tally.share():.1%} ({low:.1%}-{high:.1%}) | "
        f"{tally.share() / fair:.2f}x | {median:.1f} / {p95:.1f} / {most:.1f} |"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--two", type=int, default=400, help="two-player games per game type")
    parser.add_argument("--four", type=int, default=200, help="four-player games per game type")
    parser.add_argument("--game", action="append", help="only these game types (repeatable)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--players", type=int, action="append", help="only these table sizes (2, 4)")
    parser.add_argument("--every", type=int, default=0, help="the row so far to stderr every N games")
    parser.add_argument("--first", type=int, default=0, help="the number of the first game (a run in parts)")
    args = parser.parse_args()
    names = args.game or [game.name for game in all_games()]
    print(
        "| game | players | games | strong's win share (95% interval) | of a fair share | CPU ms median / p95 / max |"
    )
    print("| --- | --- | --- | --- | --- | --- |")
    for name in names:
        for players, games in ((2, args.two), (4, args.four)):
            if args.players and players not in args.players:
                continue
            if games and get_game(name).min_players <= players <= get_game(name).max_players:
                print(
                    row(name, players, duel(name, players, games, args.seed, every=args.every, first=args.first)),
                    flush=True,
                )


if __name__ == "__main__":
    main()
