"""Keep the processes `deskovka serve` starts running: restart any that dies, with back-off, and stop them all."""

import ctypes
import logging
import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

log = logging.getLogger("deskovka.serve")

TICK = 0.2  # seconds between looks at the children
FIRST_DELAY = 0.5  # seconds before the first restart of a child that died; doubled per death in a row
MAX_DELAY = 4.0  # so a dead child is running again within 5 s of dying
STEADY = 30.0  # a child that ran this long before dying starts over at FIRST_DELAY
PR_SET_PDEATHSIG = 1
# A child that exits with this status cannot run as configured (its port is taken): starting it again would fail
# the same way forever, so `serve` stops everything and exits non-zero instead (EX_CONFIG of sysexits.h).
FATAL = 78


def _die_with_parent() -> None:
    """In the child: get SIGTERM when the supervisor dies, even by kill -9, so nothing is left running."""
    try:
        ctypes.CDLL(None, use_errno=True).prctl(PR_SET_PDEATHSIG, signal.SIGTERM)
    except (OSError, AttributeError):  # not Linux: the supervisor's own shutdown is all there is
        pass


@dataclass
class Child:
    """One supervised process: how to start it, how long to let it stop, and its record of deaths."""

    name: str
    start: Callable[..., subprocess.Popen]
    ready: Callable[[subprocess.Popen], None] = lambda process: None
    stop_timeout: float = 10.0
    process: subprocess.Popen | None = None
    started_at: float = 0.0
    deaths: int = 0
    restart_at: float | None = None

    def launch(self) -> None:
        self.process = self.start(
            preexec_fn=_die_with_parent if sys.platform == "linux" else None, start_new_session=True
        )
        self.started_at = time.monotonic()
        self.restart_at = None
        self.ready(self.process)


def describe_exit(code: int) -> str:
    if code < 0:
        return f"was killed by {signal.Signals(-code).name}"
    return f"exited with status {code}"


class Supervisor:
    """Start children in order, restart the dead, stop all in reverse order on SIGTERM or SIGINT."""

    def __init__(self, children: list[Child]) -> None:
        self.children = children
        self.stopping = False
        self.status = 0

    def request_stop(self, signum: int, frame: object) -> None:
        self.stopping = True

    def run(self) -> int:
        signal.signal(signal.SIGTERM, self.request_stop)
        signal.signal(signal.SIGINT, self.request_stop)
        try:
            for child in self.children:
                if self.stopping:
                    break
                child.launch()
                log.info("started %s (pid %d)", child.name, child.process.pid)  # type: ignore[union-attr]
            while not self.stopping:
                self.tick(time.monotonic())
                time.sleep(TICK)
        finally:
            self.stop()
        return self.status

    def reap_orphans(self) -> None:
        """As PID 1 (in a container) orphans of our children become ours: wait for the dead so none is a zombie."""
        ours = {child.process.pid for child in self.children if child.process}
        try:
            pids = Path(f"/proc/{os.getpid()}/task/{os.getpid()}/children").read_text().split()
        except OSError:
            return
        for pid in map(int, pids):
            if pid not in ours:
                try:
                    os.waitpid(pid, os.WNOHANG)
                except ChildProcessError:
                    pass

    def tick(self, now: float) -> None:
        if os.getpid() == 1:
            self.reap_orphans()
        for child in self.children:
            if child.restart_at is not None:
                if now >= child.restart_at:
                    self.restart(child)
                continue
            code = child.process.poll() if child.process else None
            if code is None:
                continue
            if code == FATAL:
                pid = child.process.pid if child.process else None
                log.error("%s (pid %s) cannot run as configured (it said why above); stopping", child.name, pid)
                self.stopping, self.status = True, 1
                return
            forget_gauges(child.process.pid)  # type: ignore[union-attr]
            child.deaths = 1 if now - child.started_at >= STEADY else child.deaths + 1
            delay = min(FIRST_DELAY * 2 ** (child.deaths - 1), MAX_DELAY)
            child.restart_at = now + delay
            log.warning(
                "%s (pid %d) %s; restarting it in %.1f s",
                child.name,
                child.process.pid,  # type: ignore
                describe_exit(code),
                delay,
            )

    def restart(self, child: Child) -> None:
        try:
            child.launch()
        except Exception as error:  # a child that cannot start now may start later: keep trying, say why
            child.deaths += 1
            child.restart_at = time.monotonic() + MAX_DELAY
            log.error("could not restart %s: %s; trying again in %.1f s", child.name, error, MAX_DELAY)
            return
        log.warning("restarted %s (pid %d)", child.name, child.process.pid)  # type: ignore[union-attr]

    def stop(self) -> None:
        """Stop every child, the last started first (the API before the workers before Redis).

        SIGTERM asks for a graceful stop; a second SIGTERM after the child's stop timeout asks an RQ worker for
        a cold one (its job is left to be picked up again as abandoned); SIGKILL ends anything still running.
        """
        for child in reversed(self.children):
            process = child.process
            if process is None or process.poll() is not None:
                continue
            log.info("stopping %s (pid %d)", child.name, process.pid)
            for send, wait in ((process.terminate, child.stop_timeout), (process.terminate, 5.0), (process.kill, None)):
                send()
                try:
                    process.wait(wait)
                    break
                except subprocess.TimeoutExpired:
                    log.warning("%s (pid %d) has not stopped yet", child.name, process.pid)


def forget_gauges(pid: int) -> None:
    """Drop a dead child's live gauges (jobs in progress, followers) from the shared metrics folder; its counters
    and histograms stay, so the machine's totals survive the restart."""
    if os.environ.get("PROMETHEUS_MULTIPROC_DIR"):
        from prometheus_client import multiprocess

        multiprocess.mark_process_dead(pid)


def python_child(name: str, *args: str, stop_timeout: float = 10.0) -> Child:
    """A child that runs `deskovka <args>` with this interpreter."""
    argv = [sys.executable, "-m", "api.cli", *args]
    return Child(name, lambda **popen: subprocess.Popen(argv, env=dict(os.environ), **popen), stop_timeout=stop_timeout)
