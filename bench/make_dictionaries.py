"""Write a deflate dictionary per game for `api.storage.packing`: sample log entries and packed events.

The sample is seeded random games of every seat count, each version's events shortened as the store keeps them.
A dictionary is frozen once released (stored games need it to be read): write a new one under a new name and
number, never over an old one. Run: `python bench/make_dictionaries.py [--bytes 16384] [--suffix 1]`.
"""

import argparse
import sys
from pathlib import Path

import orjson

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from api.storage.card_faces import card_faces, event_table  # noqa: E402
from api.storage.card_refs import shorten  # noqa: E402
from api.storage.packing import FOLDER  # noqa: E402
from engine.core.match import play  # noqa: E402
from engine.core.protocol import RandomBot  # noqa: E402
from engine.core.rng import Rng  # noqa: E402
from engine.games import all_games, new_match  # noqa: E402


def sample(name: str, games: int) -> bytes:
    """Return the JSON of log entries and shortened events of seeded random games, one per line."""
    lines: list[bytes] = []
    bot = RandomBot()
    for seed in range(1000, 1000 + games):
        game = new_match(name, 2, {}, seed).rules
        players = game.min_players + seed % (game.max_players - game.min_players + 1)
        match = new_match(name, players, {}, seed)
        rng = Rng(seed + 1)
        cards = card_faces(name, event_table(name, match.state))
        while match.to_act():
            seat = sorted(match.to_act())[0]
            match, events = play(match, seat, bot.choose(game, match.state, seat, rng))
            bare = [{key: value for key, value in event.items() if key != "v"} for event in events]
            lines.append(orjson.dumps(match.log[-1]))
            lines.append(orjson.dumps(bare if cards is None else shorten(bare, cards)))
    return b"\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bytes", type=int, default=16384)
    parser.add_argument("--suffix", default="1")
    parser.add_argument("--games", type=int, default=24)
    args = parser.parse_args()
    for game in all_games():
        # Deflate finds what lies nearest the dictionary's end most cheaply: the end of the sample is kept.
        path = FOLDER / f"{game.name}-{args.suffix}.zdict"
        path.write_bytes(sample(game.name, args.games)[-args.bytes :])
        print(path)


if __name__ == "__main__":
    main()
