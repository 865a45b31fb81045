"""A real `deskovka serve` in a test: its own port and data directory, and the pids of what it started."""

import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import redis

from api import limits


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def children_of(pid: int) -> list[int]:
    try:
        text = Path(f"/proc/{pid}/task/{pid}/children").read_text()
    except FileNotFoundError:
        return []
    return [int(child) for child in text.split()]


def command_line(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode()
    except FileNotFoundError:
        return ""


def alive(pid: int) -> bool:
    """Running, and not a zombie waiting for its parent to reap it."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except FileNotFoundError:
        return False
    return stat.rsplit(")", 1)[1].split()[0] not in ("Z", "X")


class Answer:
    def __init__(self, status: int, headers: dict[str, str], body: bytes) -> None:
        self.status, self.headers, self.body = status, headers, body

    def json(self):
        return json.loads(self.body)


class Service:
    """`deskovka serve` as an operator runs it, on the embedded Redis unless told otherwise."""

    def __init__(self, data_dir: Path, log: Path, **env: str) -> None:
        self.data_dir = data_dir
        self.log = log
        self.port = free_port()
        inherited = {k: v for k, v in os.environ.items() if not k.startswith("DESKOVKA_")}
        # One test client makes every request: per-client quotas would only get in the way of the faults.
        no_quotas = {f"DESKOVKA_LIMIT_{bucket.upper()}": "off" for bucket in limits.DEFAULTS}
        # No drain after SIGTERM unless a test asks for one (tests/ops/test_drain.py): stopping stays quick.
        quick = {"DESKOVKA_DRAIN_SECONDS": "0"}
        self.env = {**inherited, **no_quotas, **quick, "DESKOVKA_DATA_DIR": str(data_dir), **env}
        self.process: subprocess.Popen | None = None

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self, timeout: float = 60) -> None:
        with open(self.log, "ab") as log:
            self.process = subprocess.Popen(
                [
                    sys.executable,
                    "-m",
                    "api.cli",
                    "serve",
                    "--port",
                    str(self.port),
                    "--workers",
                    "2",
                    "--threads",
                    "4",
                ],
                env=self.env,
                stdout=log,
                stderr=subprocess.STDOUT,
            )
        self.wait_ready(timeout)

    def wait_ready(self, timeout: float = 60) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            assert self.process is not None and self.process.poll() is None, self.log.read_text()[-3000:]
            try:
                if self.call("GET", "/readyz").status == 200:
                    return
            except OSError:
                pass
            time.sleep(0.1)
        raise AssertionError("deskovka serve did not get ready:\n" + self.log.read_text()[-3000:])

    def wait_for_log(self, *texts: str, within: float = 10) -> None:
        """Wait until the log has every one of `texts` (serve may log a restart after the API answers again)."""
        deadline = time.monotonic() + within
        while not all(text in self.log.read_text() for text in texts):
            assert time.monotonic() < deadline, f"the log does not say {texts}"
            time.sleep(0.05)

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            self.process.wait(90)

    def kill_everything(self) -> None:
        """Clean-up after a failed test: kill the supervisor's whole tree, the youngest first."""
        if self.process is None or self.process.poll() is not None:
            return  # a reaped pid may already be somebody else's
        tree = self.tree(self.process.pid)
        for pid in reversed(tree):
            try:
                os.kill(pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
        self.process.wait(10)

    def tree(self, pid: int) -> list[int]:
        found = [pid]
        for child in children_of(pid):
            found += self.tree(child)
        return found

    def child(self, marker: str) -> int:
        """The pid of the supervisor's child whose command line has `marker`, waiting for a restart if need be."""
        assert self.process is not None
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            for pid in children_of(self.process.pid):
                if marker in command_line(pid) and alive(pid):
                    return pid
            time.sleep(0.05)
        raise AssertionError(f"serve has no child running {marker!r}")

    def redis_pid(self) -> int:
        return self.child("redis-server")

    def worker_pid(self) -> int:
        return self.child("api.cli worker --role large")  # the worker that renders decks

    def rendering_worker_pid(self, within: float = 10) -> int:
        """The pid of the print worker that is rendering now (it has a work horse), of however many serve runs."""
        assert self.process is not None
        deadline = time.monotonic() + within
        while time.monotonic() < deadline:
            for pid in children_of(self.process.pid):
                if "api.cli worker" in command_line(pid) and any(alive(horse) for horse in children_of(pid)):
                    return pid
            time.sleep(0.02)
        raise AssertionError("no print worker is rendering")

    def api_pid(self) -> int:
        return self.child("api.cli api")

    def store(self) -> redis.Redis:
        return redis.Redis.from_url(f"unix://{self.data_dir / 'redis.sock'}")

    def call(
        self, method: str, path: str, body=None, headers: dict[str, str] | None = None, timeout: float = 30
    ) -> Answer:
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(
            self.base + path,
            data=data,
            method=method,
            headers={**({"Content-Type": "application/json"} if data is not None else {}), **(headers or {})},
        )
        try:
            with urllib.request.urlopen(request, timeout=timeout) as response:
                return Answer(response.status, dict(response.headers), response.read())
        except urllib.error.HTTPError as error:
            return Answer(error.code, dict(error.headers), error.read())


@contextmanager
def running(data_dir: Path, log: Path, **env: str) -> Iterator[Service]:
    """A started `deskovka serve`, stopped afterwards (its whole tree killed if stopping failed or a test broke it)."""
    server = Service(data_dir, log, **env)
    try:
        server.start()
        yield server
    finally:
        try:
            server.stop()
        finally:
            server.kill_everything()
