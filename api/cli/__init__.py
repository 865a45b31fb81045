"""The `deskovka` command: serve the API, run a worker, print offline, write the OpenAPI document.

The command line, the top room of `api`: it may import every other room (`api.serving`, `api.http`,
`api.storage`), `worker` and `printing`; nothing imports it.
"""

import argparse
import logging
import os
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

import api.serving.gevent_first as _gevent_first  # noqa: F401  (before anything imports ssl or socket)

# The service's modules (Flask, redis-py, RQ) load inside the service's commands: `deskovka print` needs none of them.


def embedded_redis(settings: dict):
    from api.serving.embedded import EmbeddedRedis

    return EmbeddedRedis.from_settings(settings)


def worker_children() -> list:
    """The RQ workers `deskovka serve` runs beside its embedded Redis: one per role of `worker.WORKERS`."""
    from api.serving.supervisor import python_child
    from worker import WORKERS

    return [python_child(f"{role} worker", "worker", "--role", role, stop_timeout=10) for role in WORKERS]


def keeper_children() -> list:
    """The two table keepers `deskovka serve` runs beside its embedded Redis: a turn clock still fires on time when
    one dies (the other takes its tables once their lease runs out, long before a restarted process is ready)."""
    from api.serving.supervisor import python_child

    return [python_child(f"keeper {n}", "keeper", stop_timeout=10) for n in (1, 2)]


def checked(settings: dict) -> None:
    """Exit with one sentence when a store URL cannot work, with the status that `serve` never restarts."""
    from api import config
    from api.serving.supervisor import FATAL
    from api.storage.connections import BadURL
    from api.tables import bootstrap

    try:
        bootstrap.check(config.Settings.from_config(settings))
    except BadURL as error:
        print(f"deskovka: {error}", file=sys.stderr)
        sys.exit(FATAL)


def serve(args: argparse.Namespace) -> int:
    """Supervise the API (gunicorn); without DESKOVKA_REDIS_URL also an embedded Redis and the workers."""
    shared_metrics_dir()  # the API's workers and the print workers: one /metrics for all
    from api import config, logs
    from api.serving.lock import DataDirLock, Held
    from api.serving.server import port_taken
    from api.serving.supervisor import Child, Supervisor, python_child

    logs.configure("deskovka serve")
    settings = config.from_env()
    checked(settings)
    if taken := port_taken(args.host, args.port):
        # Through the log, so a JSON log stays all JSON.
        logging.error(
            "cannot listen on %s:%d: %s. Is another `deskovka serve` running? Stop it, or choose another port with "
            "--port.",
            args.host,
            args.port,
            taken,
        )
        return 1
    children: list[Child] = []
    if not settings["REDIS_URL"]:
        try:
            embedded = embedded_redis(settings)
        except ValueError as error:
            sys.exit(f"deskovka: {error}")
        lock = DataDirLock(embedded.data_dir)
        try:
            lock.acquire()
        except Held as holder:
            sys.exit(
                f"deskovka: another `deskovka serve` (pid {holder}) uses {embedded.data_dir}. "
                "Stop it, or give this one its own DESKOVKA_DATA_DIR."
            )
        if embedded.shut_down_leftover():
            logging.warning(
                "stopped a Redis left serving %s (by a killed `serve` or another command)", embedded.data_dir
            )
        os.environ["DESKOVKA_REDIS_URL"] = embedded.url
        os.environ.setdefault("DESKOVKA_QUEUE_URL", embedded.url)
        logging.info(
            "embedded Redis at %s (data in %s, appendfsync %s)", embedded.url, embedded.data_dir, embedded.fsync
        )
        children.append(Child("redis", embedded.spawn, ready=embedded.wait_ready, stop_timeout=30))
        children += [*worker_children(), *keeper_children()]
    # gunicorn finishes requests for up to 30 s (its graceful timeout) after SIGTERM.
    logged = ["--access-log"] if args.access_log else []
    connections = ["--connections", str(args.connections)] if args.connections else []
    children.append(
        python_child(
            "api",
            "api",
            "--host",
            args.host,
            "--port",
            str(args.port),
            "--workers",
            str(args.workers),
            *connections,
            *logged,
            stop_timeout=35,
        )
    )
    return Supervisor(children).run()


def shared_metrics_dir() -> None:
    """Give this process and its children one fresh PROMETHEUS_MULTIPROC_DIR, unless a parent already gave one.

    Before anything imports the Prometheus client, which reads it once.
    """
    if not os.environ.get("PROMETHEUS_MULTIPROC_DIR"):
        import atexit
        import shutil
        import tempfile

        folder = tempfile.mkdtemp(prefix="deskovka-metrics-")
        atexit.register(shutil.rmtree, folder, ignore_errors=True)
        os.environ["PROMETHEUS_MULTIPROC_DIR"] = folder


def api(args: argparse.Namespace) -> int:
    shared_metrics_dir()
    from api import config
    from api.serving.server import port_taken, run_gunicorn
    from api.serving.supervisor import FATAL

    checked(config.from_env())
    if taken := port_taken(args.host, args.port):
        from api import logs

        logs.configure("deskovka api")  # the line in the log's format, JSON too
        logging.error("cannot listen on %s:%d: %s; choose another port with --port.", args.host, args.port, taken)
        return FATAL  # `serve` stops rather than start it again and again
    run_gunicorn(args.host, args.port, args.workers, args.connections, args.access_log)
    return 0


def work(args: argparse.Namespace) -> int:
    import redis

    from api import config, logs
    from api.storage.connections import connect, shown
    from api.storage.deck_cache import configure_cache
    from worker.main import run

    logs.configure(f"deskovka worker {args.role}")
    settings = config.from_env()
    checked(settings)
    configure_cache(config.Settings.from_config(settings).deck_cache_bytes)
    with _store_url(settings, "QUEUE_URL") as url:
        try:
            queue = connect(url)
            queue.ping()
        except redis.RedisError as error:
            print(f"deskovka: the print queue at {shown(url)} does not answer: {error}", file=sys.stderr)
            return 1
        if args.metrics_port is not None:
            from api.storage import metrics

            serve_metrics(args, settings, lambda now: metrics.queue_gauges(queue, now), lambda: bool(queue.ping()))
        run(queue, role=args.role, burst=args.burst)
    return 0


def serve_metrics(args: argparse.Namespace, settings: dict, read: Callable, healthy: Callable[[], bool]) -> None:
    """Serve a worker's or a keeper's metrics (what `read` takes from Redis, then its process's) on its port."""
    import time

    from api import config
    from api.serving import metrics_port
    from api.storage import metrics

    def text() -> str:
        return "\n".join([*metrics.build_info(config.VERSION), *read(time.time())]) + "\n" + metrics.processes()

    tokens = [str(token) for token in (settings["METRICS_TOKEN"], settings["ADMIN_TOKEN"]) if token]
    metrics_port.serve(args.metrics_host, args.metrics_port, metrics_port.app(text, healthy, tokens))


@contextmanager
def _store_url(settings: dict, name: str = "REDIS_URL") -> Iterator[str]:
    """The Redis a command uses: the configured one, else the embedded one (started for the command if need be, and
    then stopped when it ends, so no command leaves a server behind)."""
    if settings[name]:
        yield str(settings[name])
        return
    with embedded_redis(settings).borrowed() as url:
        yield url


def keep(args: argparse.Namespace) -> int:
    import signal
    import threading

    from api import config, logs
    from api.serving.keeper import Keeper, run
    from api.tables import bootstrap

    logs.configure("deskovka keeper")
    settings = config.from_env()
    checked(settings)
    stop = threading.Event()
    for signum in (signal.SIGTERM, signal.SIGINT):
        signal.signal(signum, lambda *_: stop.set())
    with _store_url(settings) as url:
        services = bootstrap.start(config.Settings.from_config({**settings, "REDIS_URL": url}))
        keeper = Keeper(services)
        if args.metrics_port is not None:
            from api.storage import metrics

            serve_metrics(args, settings, lambda now: metrics.keeper_gauges(services.connection), keeper.healthy)
        run(services, stop, keeper)
    return 0


def openapi(args: argparse.Namespace) -> int:
    from api.http.app import create_app
    from api.http.resources.contract import as_yaml, document

    app = create_app({"REDIS_URL": "redis://localhost:6379/0"})
    with app.app_context():
        text = as_yaml(document())
    if args.output == "-":
        sys.stdout.write(text)
    else:
        Path(args.output).write_text(text, encoding="utf-8")
    return 0


def version() -> str:
    """The installed distribution's version, which the API's contract and pages name too (`api.config.VERSION`)."""
    from importlib.metadata import version as installed

    return installed("deskovka")


DESCRIPTION = "Host turn-based board and card games over a JSON API, and print them for the table."
EPILOG = """\
Start here:
  deskovka serve              run the service, then open http://127.0.0.1:8000/
                              (the print desk) or http://127.0.0.1:8000/docs (the API)
  deskovka print deck --help  print a deck of cards, offline
  deskovka COMMAND --help     what a command does, and its options

Settings (where games are kept, limits, logs) come from DESKOVKA_* environment
variables: see README.md, "Running in production".
"""


def parser() -> argparse.ArgumentParser:
    top = argparse.ArgumentParser(
        prog="deskovka", description=DESCRIPTION, epilog=EPILOG, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    top.add_argument("--version", action="version", version=f"deskovka {version()}")
    commands = top.add_subparsers(dest="command", required=True)

    for name, func, text, description in (
        (
            "serve",
            serve,
            "run the service: the API, the print desk and what they need",
            "Run deskovka until stopped (Ctrl-C): the JSON API, its documentation at /docs and the print desk at /, "
            "on http://HOST:PORT/. Without DESKOVKA_REDIS_URL it also starts its own Redis (keeping the games in "
            "DESKOVKA_DATA_DIR, else a folder of your user's), two print workers and two table keepers, and "
            "restarts any of them that stops. With DESKOVKA_REDIS_URL, run `deskovka worker` and `deskovka keeper` "
            "beside it.",
        ),
        (
            "api",
            api,
            "run only the API, for a process manager of your own (most people want `serve`)",
            "Run only the JSON API until stopped: no Redis, print workers or table keepers beside it, and nothing "
            "restarts it. For running each part under a process manager of your own; `deskovka serve` runs this too.",
        ),
    ):
        run = commands.add_parser(name, help=text, description=description)
        run.add_argument(
            "--host",
            default="127.0.0.1",
            help="address to listen on (default 127.0.0.1: this machine only; 0.0.0.0: all)",
        )
        run.add_argument("--port", type=int, default=8000, help="TCP port to listen on (default 8000)")
        run.add_argument("--workers", type=int, default=2, help="processes answering requests (default 2)")
        run.add_argument(
            "--connections",
            type=int,
            default=None,
            help="open connections per worker before it answers 503 server/busy "
            "(default DESKOVKA_MAX_CONNECTIONS, 5000); each waiting follower holds one",
        )
        # Before gevent workers each long-poll held a thread; the option is accepted and has no effect.
        run.add_argument("--threads", type=int, help=argparse.SUPPRESS)
        run.add_argument(
            "--access-log",
            action="store_true",
            help="log a line for every request (default: only failed ones, 4xx and 5xx; the line costs each request "
            "a little time)",
        )
        run.set_defaults(func=func)

    worker = commands.add_parser(
        "worker",
        help="run a print worker, which makes the PDFs of print jobs",
        description="Make the PDFs of the print jobs queued in DESKOVKA_QUEUE_URL (else DESKOVKA_REDIS_URL, else the "
        "embedded Redis) until stopped. Run as many as you like, on any machine; `deskovka serve` starts two of its "
        "own when it runs the embedded Redis.",
    )
    worker.add_argument(
        "--role",
        choices=("large", "small"),
        default="large",
        help="large: large print jobs first, then small ones (default); small: only small jobs, so they never wait "
        "behind a large one (run at least one of each)",
    )
    worker.add_argument("--burst", action="store_true", help="quit when the queues are empty")
    metrics_options(worker, "this worker's (print jobs in progress, their durations by kind, the queues)")
    worker.set_defaults(func=work)

    keeper = commands.add_parser(
        "keeper",
        help="run a table keeper, which moves games that wait on the server: bots, turn clocks, lapsed seats",
        description="Move the games in DESKOVKA_REDIS_URL (else the embedded Redis) that wait on the server rather "
        "than on a person, until stopped: it plays bots' moves (DESKOVKA_BOT_PACE moves a second per game), acts "
        "for a seat whose turn clock ran out, and cancels a table whose open seats lapsed. Run one or more, on any "
        "machine: they share the games and never move one twice. `deskovka serve` starts two of its own when it "
        "runs the embedded Redis.",
    )
    metrics_options(keeper, "this keeper's (tables due, its lag behind them, tables advanced)")
    keeper.set_defaults(func=keep)

    spec = commands.add_parser(
        "openapi",
        help="write the API's contract (OpenAPI 3.1)",
        description="Write the API's contract, the OpenAPI 3.1 document that GET /openapi.yaml serves, to a file "
        "or to standard output: for generating a client or reading offline.",
    )
    spec.add_argument("-o", "--output", default="-", help="file to write (default: standard output)")
    spec.set_defaults(func=openapi)

    from api.cli.decks import register as register_deck
    from api.cli.health import register as register_health
    from api.cli.migrate import register as register_migrate
    from printing.cli import register as register_print

    register_print(commands)
    register_deck(commands)
    register_health(commands)
    register_migrate(commands)
    return top


def metrics_options(command: argparse.ArgumentParser, whose: str) -> None:
    command.add_argument(
        "--metrics-port",
        type=int,
        default=None,
        help=f"serve {whose} Prometheus metrics at /metrics, and /healthz, on this port (behind "
        "DESKOVKA_METRICS_TOKEN when set); under `deskovka serve` they are in the API's /metrics instead",
    )
    command.add_argument(
        "--metrics-host",
        default="127.0.0.1",
        help="address the metrics port listens on (default 127.0.0.1: this machine only; 0.0.0.0: all, as in a "
        "container)",
    )


def main(argv: list[str] | None = None) -> int:
    args = parser().parse_args(argv)
    return args.func(args)


if __name__ == "__main__":
    sys.exit(main())
