"""Bot seats: making a seat's bot from its stored choice, and one bounded batch of their moves."""

import time
from typing import Any

from marshmallow import ValidationError

from api.storage.store import GameRecord
from api.tables import lengths, runner
from engine.core.errors import InvalidOptions, UnknownBot
from engine.core.match import Match
from engine.core.protocol import Bot, Event
from engine.core.rng import Rng
from engine.games import get_game

# A request (and each batch of the keeper) plays at most this many bot moves, and stops after the first move that
# ends past this many seconds of the thread's CPU (under gevent the loop does not switch while bots play, so that
# is what the request holds its worker for; wall time would cut batches short on a busy machine). One bot move
# costs 0.05-0.8 ms on average (Ticket to Ride's and Around the World's greedy bots the dearest, their first moves
# several ms) and about 30 ms at worst, so a batch stays well under 100 ms (bench/bench_bot_moves.py).
BOT_MOVES = 32
BOT_SECONDS = 0.05


def make_bot(game_type: str, seat: dict[str, Any]) -> Bot:
    """:raises UnknownBot, InvalidOptions:"""
    game = get_game(game_type)
    level = game.bot_level(seat["bot"])
    if level is None:
        raise UnknownBot(
            f"{game.title} has no bot {seat['bot']!r}; it has {', '.join(game.bots)}.",
            bot=seat["bot"],
            choices=list(game.bots),
        )
    bot_class = game.bots[level]
    try:
        options = bot_class.options_schema().load(seat.get("bot_options") or {})
    except ValidationError as error:
        messages: dict[str, Any] = error.messages  # type: ignore[assignment]
        wrong = "; ".join(f"{name}: {' '.join(map(str, texts))}" for name, texts in messages.items())
        raise InvalidOptions(f"The {bot_class.name} bot's options are not valid ({wrong}).") from None
    return bot_class(**options)


def run_bots(record: GameRecord, match: Match) -> tuple[Match, list[Event], bool]:
    """Let bot seats act while any is to act and the game runs, for one bounded batch.

    Return the match, the events and whether bots are still to act (the keeper's to play).
    """
    if record.status != "running":
        return match, [], False
    bots = {i: make_bot(record.type, seat) for i, seat in enumerate(record.seats) if seat.get("bot")}
    events: list[Event] = []
    started = time.thread_time()
    most = lengths.most_versions(record.type)
    for _ in range(BOT_MOVES):
        if match.version >= most:
            return match, events, False
        seats = sorted(match.to_act() & bots.keys())
        if not seats:
            return match, events, False
        seat = seats[0]
        rng = Rng(record.seed, counter=1_000_000_007 * (match.version + 1))
        match, new = runner.play(match, seat, bots[seat].choose(match.rules, match.state, seat, rng))
        events += new
        if time.thread_time() - started >= BOT_SECONDS:
            break
    return match, events, bool(match.to_act() & bots.keys())
