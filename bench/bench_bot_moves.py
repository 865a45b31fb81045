"""What one bot move costs, per game, seat count and bot, over whole games of bots (and how long those games are).

The bound on bot moves per request (`api.tables.bots.BOT_MOVES`, `BOT_SECONDS`) is chosen from these figures.
Run: `python bench/bench_bot_moves.py`.
"""

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.core.match import play  # noqa: E402
from engine.core.rng import Rng  # noqa: E402
from engine.games import all_games, new_match  # noqa: E402

MOST = 3000  # actions a game is played to at most (Timeline's hit-rate bots at 0 never end)


def main() -> None:
    for game in all_games():
        for players in sorted({game.min_players, min(game.max_players, 4), game.max_players}):
            for bot_name, bot_class in game.bots.items():
                options = {"hit_rate": 0.0} if bot_name == "hit-rate" else {}
                lengths, worst, total, played = [], 0.0, 0.0, 0
                for seed in range(3):
                    match, bot = new_match(game.name, players, {}, seed), bot_class(**options)
                    while match.version < MOST and (seats := sorted(match.to_act())):
                        started = time.perf_counter()
                        rng = Rng(seed, counter=1_000_000_007 * (match.version + 1))
                        match, _ = play(match, seats[0], bot.choose(match.rules, match.state, seats[0], rng))
                        took = time.perf_counter() - started
                        worst, total, played = max(worst, took), total + took, played + 1
                    lengths.append(str(match.version) if match.is_over() else f">{match.version}")
                print(
                    f"{game.name:22} {players} seats {bot_name:9} actions {'/'.join(lengths):18} "
                    f"mean {1000 * total / played:.2f} ms  worst {1000 * worst:.1f} ms",
                    flush=True,
                )


if __name__ == "__main__":
    main()
