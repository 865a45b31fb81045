"""The data directory's lock: one `deskovka serve` per embedded Redis, released by the kernel when its holder dies."""

import fcntl
import os
from pathlib import Path


class Held(Exception):
    """Another live process holds the lock."""


class DataDirLock:
    """An exclusive `flock` on `serve.lock` in the data directory, with the holder's pid written in it.

    A lock of a process killed with -9 is no lock at all (the kernel drops a dead process's flocks), so the file
    a killed `serve` left behind never stops the next one.
    """

    def __init__(self, data_dir: Path) -> None:
        self.path = Path(data_dir) / "serve.lock"
        self._fd: int | None = None

    def acquire(self) -> None:
        """Take the lock.

        :raises Held: with the holder's pid as its message.
        """
        self.path.parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(self.path, os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, 0o600)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            holder = os.read(fd, 32).decode(errors="replace").strip() or "?"
            os.close(fd)
            raise Held(holder) from None
        os.ftruncate(fd, 0)
        os.write(fd, f"{os.getpid()}\n".encode())
        self._fd = fd

    def release(self) -> None:
        if self._fd is not None:
            os.close(self._fd)
            self._fd = None
