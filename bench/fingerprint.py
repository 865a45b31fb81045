"""A fingerprint of what players see over seeded games: every seat's view, legal actions, events and outcome.

Used to check that a change to the state's shape or the engine's speed changes nothing a player can see:
run it before and after, the digests must match (`docs/benchmarks.md` keeps the last one).
Run: `python bench/fingerprint.py [--seeds 6]`.
"""

import argparse
import hashlib
import sys
from pathlib import Path

import orjson

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.core.match import (  # noqa: E402
    play,  # noqa: E402
    public_event,
    visible_to,
)
from engine.core.protocol import RandomBot  # noqa: E402
from engine.core.rng import Rng  # noqa: E402
from engine.games import all_games, new_match  # noqa: E402


def fingerprint(name: str, seeds: int) -> str:
    """Digest every seat's view and legal actions at each step, the events each seat sees and the outcome."""
    digest = hashlib.sha256()
    bot = RandomBot()
    for seed in range(seeds):
        match = new_match(name, [2, 3, 5][seed % 3] if name != "lost-cities" else 2 + seed % 2, {}, seed)
        rules, rng = match.rules, Rng(seed + 1)
        seats = [*range(match.players), None]
        while True:
            for seat in seats:
                legal = rules.legal_actions(match.state, seat) if seat is not None else []
                digest.update(orjson.dumps([rules.view(match.state, seat), legal], option=orjson.OPT_SORT_KEYS))
            to_act = sorted(match.to_act())
            if not to_act:
                break
            seat = rng.choice(to_act)
            match, events = play(match, seat, bot.choose(rules, match.state, seat, rng))
            for viewer in seats:
                seen = [public_event(e) for e in events if visible_to(e, viewer)]
                digest.update(orjson.dumps(seen, option=orjson.OPT_SORT_KEYS))
        digest.update(orjson.dumps(rules.outcome(match.state), option=orjson.OPT_SORT_KEYS))
    return digest.hexdigest()[:16]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=6)
    args = parser.parse_args()
    for game in all_games():
        print(f"{game.name:24} {fingerprint(game.name, args.seeds)}")


if __name__ == "__main__":
    main()
