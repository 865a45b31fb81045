"""`deskovka migrate`: write every game an older release stored in today's shape, once (`api.storage.legacy`)."""

import argparse
from contextlib import ExitStack
from typing import Any


def migrate(args: argparse.Namespace) -> int:
    from api import config, logs
    from api.serving.embedded import EmbeddedRedis
    from api.storage import legacy
    from api.tables import bootstrap

    logs.configure("deskovka migrate")
    settings = config.from_env()
    with ExitStack() as stack:
        # The configured Redis, else the embedded one (started for the command if need be, and stopped after it).
        url = settings["REDIS_URL"] or stack.enter_context(EmbeddedRedis.from_settings(settings).borrowed())
        services = bootstrap.start(config.Settings.from_config({**settings, "REDIS_URL": url}))
        written, refused = legacy.upkeep_all(services.store, services.decks, services.ttl_for)
        tables, listed = legacy.move_legacy_keys(services.store)
    print(f"{written} games written in today's shape; {refused} could not be carried over (they answer 410).")
    print(f"{tables} due tables and {listed} lobby entries moved from 1.0's single keys into their shards.")
    return 0


def register(commands: Any) -> None:
    parser = commands.add_parser(
        "migrate",
        help="write every game stored by an older deskovka in today's shape, once",
        description="Bring the games in DESKOVKA_REDIS_URL (else the embedded Redis) that an older release stored "
        "up to date: each is read in today's shape anyway, and written so once it has been.",
    )
    parser.set_defaults(func=migrate)
