"""Play seeded 2-player Lost Cities games, good bot against random bot, and print how often the good bot wins.

Usage: python bench/lost_cities_bots.py [games=1000]
The good bot sits in seat 0 in even games and seat 1 in odd ones, so starting first favours neither bot.
"""

import statistics
import sys
import time

from engine.core.match import play
from engine.core.protocol import RandomBot
from engine.core.rng import Rng
from engine.games import get_game, new_match
from engine.lost_cities.bots import GoodBot


def play_one(seed: int) -> tuple[float, int, int, int]:
    """Return (good's share of the win, good's score, random's score, turns)."""
    game = get_game("lost-cities")
    good_seat = seed % 2
    bots = {good_seat: GoodBot(), 1 - good_seat: RandomBot()}
    match = new_match("lost-cities", 2, {}, seed)
    rng = Rng(seed, counter=1 << 40)
    while not match.is_over():
        seat = min(match.to_act())
        match, _ = play(match, seat, bots[seat].choose(game, match.state, seat, rng))
    outcome = game.outcome(match.state)
    scores = {s["seat"]: s["score"] for s in outcome["standings"]}
    share = 1 / len(outcome["winners"]) if good_seat in outcome["winners"] else 0.0
    return share, scores[good_seat], scores[1 - good_seat], match.state["turn"]


def main(games: int) -> None:
    started = time.perf_counter()
    results = [play_one(seed) for seed in range(games)]
    wins = sum(r[0] for r in results)
    print(
        f"{games} seeded 2-player games, good vs random: good wins {wins:g} ({100 * wins / games:.1f}%; a tie counts "
        f"as a shared win)"
    )
    print(
        f"mean score good {statistics.mean(r[1] for r in results):.1f}, random "
        f"{statistics.mean(r[2] for r in results):.1f}; mean turns {statistics.mean(r[3] for r in results):.1f}; "
        f"{time.perf_counter() - started:.1f} s"
    )


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 1000)
