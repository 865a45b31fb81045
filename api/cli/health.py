"""`deskovka health`: the image's health check, the right probe for whichever role the container runs.

It reads the command line of the container's deskovka process (PID 1, or the first deskovka process after an init)
and asks that role: `serve` and `api` their `/readyz` (a broken store takes the API out), a worker or a keeper the
`/healthz` of its `--metrics-port`. Exit status 0: healthy; 1: not.
"""

import argparse
import sys
import urllib.request
from pathlib import Path

COMMANDS = ("serve", "api", "worker", "keeper")
DEFAULT_PORT = 8000  # `serve` and `api` without --port (api.cli)


def command_line(pid: int) -> list[str]:
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes().decode(errors="replace").split("\0")[:-1]
    except OSError:
        return []


def role_of(argv: list[str]) -> list[str] | None:
    """The deskovka arguments (command first) in a process's command line, or None when it runs no role."""
    for at, word in enumerate(argv):
        if (word.endswith("deskovka") or word == "api.cli") and argv[at + 1 : at + 2] and argv[at + 1] in COMMANDS:
            return argv[at + 1 :]
    return None


def find_role(pid: int | None) -> list[str] | None:
    if pid is not None:
        return role_of(command_line(pid))
    pids = sorted(int(path.name) for path in Path("/proc").iterdir() if path.name.isdigit())
    return next((found for p in pids if (found := role_of(command_line(p))) is not None), None)


def option(args: list[str], name: str) -> str | None:
    """The value of `--name V` or `--name=V` in a command line (the last one given, as argparse takes it)."""
    found = None
    for at, word in enumerate(args):
        if word == name and at + 1 < len(args):
            found = args[at + 1]
        elif word.startswith(name + "="):
            found = word.split("=", 1)[1]
    return found


def probe_for(args: list[str]) -> str | None:
    """The address to ask for a role's health (None: it serves none)."""
    if args[0] in ("serve", "api"):
        return f"http://127.0.0.1:{option(args, '--port') or DEFAULT_PORT}/readyz"
    port = option(args, "--metrics-port")
    return None if port is None else f"http://127.0.0.1:{port}/healthz"


def health(args: argparse.Namespace) -> int:
    role = find_role(args.pid)
    if role is None:
        print("deskovka health: no deskovka role runs here", file=sys.stderr)
        return 1
    url = probe_for(role)
    if url is None:
        print(f"deskovka health: `{role[0]}` runs without --metrics-port: nothing to ask; healthy while it runs")
        return 0
    try:
        with urllib.request.urlopen(url, timeout=args.timeout) as answer:
            healthy = answer.status == 200
    except OSError as error:
        print(f"deskovka health: {url}: {error}", file=sys.stderr)
        return 1
    return 0 if healthy else 1


def register(commands) -> None:
    check = commands.add_parser(
        "health",
        help="the image's health check: ask the role this container runs whether it is healthy",
        description="Find the deskovka role running here (PID 1, else the first deskovka process) and ask it: "
        "serve and api their /readyz, a worker or keeper the /healthz of its --metrics-port. Exit 0 when healthy.",
    )
    check.add_argument("--pid", type=int, default=None, help="ask the role of this process (default: find it)")
    check.add_argument("--timeout", type=float, default=3.0, help="seconds to wait for the answer (default 3)")
    check.set_defaults(func=health)
