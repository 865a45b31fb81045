"""The `deskovka` command: serve the API, run a worker, print offline, write the OpenAPI document."""

import argparse
import os
import subprocess
import sys
from pathlib import Path

from api import config


def embedded_url(data_dir: Path):
    from api.embedded import EmbeddedRedis

    embedded = EmbeddedRedis(data_dir)
    return embedded, embedded.start()


def serve(args: argparse.Namespace) -> int:
    """Run the API with gunicorn; without DESKOVKA_REDIS_URL also an embedded Redis and one worker."""
    from api.server import run_gunicorn

    settings = config.from_env()
    embedded = worker = None
    if not settings["REDIS_URL"]:
        embedded, url = embedded_url(settings["DATA_DIR"])
        os.environ["DESKOVKA_REDIS_URL"] = url
        os.environ.setdefault("DESKOVKA_QUEUE_URL", url)
        print(f"deskovka: embedded Redis at {url} (data in {settings['DATA_DIR']})", file=sys.stderr)
        worker = subprocess.Popen([sys.executable, "-m", "api.cli", "worker"])
    try:
        run_gunicorn(args.host, args.port, args.workers, args.threads)
    finally:
        if worker is not None:
            worker.terminate()
            worker.wait(10)
        if embedded is not None:
            embedded.stop()
    return 0


def work(args: argparse.Namespace) -> int:
    from worker.main import run

    settings = config.from_env()
    url = settings["QUEUE_URL"]
    if not url:
        _, url = embedded_url(settings["DATA_DIR"])
    run(str(url), burst=args.burst)
    return 0


def openapi(args: argparse.Namespace) -> int:
    from api.app import create_app
    from api.resources.contract import as_yaml, document

    app = create_app({"REDIS_URL": "redis://localhost:6379/0"})
    with app.app_context():
        text = as_yaml(document())
    if args.output == "-":
        sys.stdout.write(text)
    else:
        Path(args.output).write_text(text, encoding="utf-8")
    return 0


def parser() -> argparse.ArgumentParser:
    top = argparse.ArgumentParser(prog="deskovka", description=__doc__)
    commands = top.add_subparsers(dest="command", required=True)

    run = commands.add_parser("serve", help="run the HTTP API (and, on the embedded Redis, one worker)")
    run.add_argument("--host", default="127.0.0.1")
    run.add_argument("--port", type=int, default=8000)
    run.add_argument("--workers", type=int, default=2, help="gunicorn worker processes (default 2)")
    run.add_argument("--threads", type=int, default=8, help="threads per worker, for long-polls (default 8)")
    run.set_defaults(func=serve)

    worker = commands.add_parser("worker", help="run an RQ worker that renders print jobs")
    worker.add_argument("--burst", action="store_true", help="quit when the queue is empty")
    worker.set_defaults(func=work)

    spec = commands.add_parser("openapi", help="write the OpenAPI document generated from the code")
    spec.add_argument("-o", "--output", default="-", help="file to write (default: standard output)")
    spec.set_defaults(func=openapi)

    from api.deck_cli import register as register_deck
    from printing.cli import register as register_print

    register_print(commands)
    register_deck(commands)
    return top


def main(argv: list[str] | None = None) -> int:
    args = parser().parse_args(argv)
    return args.func(args)


if __name__ == "__main__":
    sys.exit(main())
