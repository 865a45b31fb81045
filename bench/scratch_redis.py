"""A throwaway Redis server for a benchmark: no persistence, in a temporary folder, gone when the block ends."""

import shutil
import subprocess
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import redis

from api.serving.embedded import redis_server_binary


@contextmanager
def scratch_redis(port: int | None = None, appendfsync: str | None = None) -> Iterator[str]:
    """Yield the URL of a fresh Redis: on TCP loopback `port`, or on a unix socket when no port is given.

    With `appendfsync` ("always", "everysec") it keeps an append-only file, as the embedded Redis does.
    """
    folder = Path(tempfile.mkdtemp(prefix="dk-bench-"))
    where = (
        ["--port", str(port), "--bind", "127.0.0.1"]
        if port
        else ["--port", "0", "--unixsocket", str(folder / "redis.sock")]
    )
    persistence = ["--appendonly", "yes", "--appendfsync", appendfsync] if appendfsync else ["--appendonly", "no"]
    server = subprocess.Popen(
        [redis_server_binary(), *where, "--save", "", *persistence, "--dir", str(folder)], stdout=subprocess.DEVNULL
    )
    url = f"redis://127.0.0.1:{port}/0" if port else f"unix://{folder / 'redis.sock'}"
    try:
        connection = redis.Redis.from_url(url)
        for _ in range(200):
            try:
                connection.ping()
                break
            except redis.ConnectionError:
                time.sleep(0.05)
        connection.close()
        yield url
    finally:
        server.terminate()
        server.wait(10)
        shutil.rmtree(folder, ignore_errors=True)
