"""The print queue on a Sentinel-watched Redis (`redis+sentinel://` for DESKOVKA_QUEUE_URL): the API queues and the
worker renders through Sentinel, and a failover of the queue's master (`kill -9`, its replica promoted) loses no job."""

import os
import signal
import subprocess
import sys
import time

import pytest
import redis

from api.http.app import create_app
from api.storage.connections import POOL_SIZE, connect
from api.storage.printing_queue import rendering_of
from tests.ops import servers
from tests.ops.test_commands import env_for
from worker.main import run


def spec(n):
    return {"kind": "calibration", "paper": "a4" if n % 2 else "letter", "back_offset": [n / 10, 0]}


def app_on(state_url, queue_url, **settings):
    return create_app({"REDIS_URL": state_url, "QUEUE_URL": queue_url, "TESTING": True, "RATE_LIMITS": {}, **settings})


def status(client, job_id):
    try:
        answer = client.get(f"/v1/print-jobs/{job_id}")
    except redis.RedisError:
        return None
    return answer.get_json().get("status") if answer.status_code == 200 else None


def test_print_jobs_queue_and_render_through_a_sentinel(tmp_path, redis_url):
    master, port = servers.start(tmp_path / "master")
    watcher, sentinel_port = servers.sentinel(tmp_path / "sentinel", port)
    try:
        url = f"redis+sentinel://127.0.0.1:{sentinel_port}/dkq"
        client = app_on(redis_url, url).test_client()
        job = client.post("/v1/print-jobs", json=spec(1)).get_json()
        assert job["status"] == "queued"
        master_queue = redis.Redis(port=port)
        assert master_queue.exists(
            f"rq:job:{rendering_of(master_queue, job['id'])}"
        )  # on the master the Sentinel names
        run(connect(url), role="large", burst=True)
        assert status(client, job["id"]) == "finished"
        assert client.get(f"/v1/print-jobs/{job['id']}/pdf").data.startswith(b"%PDF")
        pool = connect(url).connection_pool  # bounded, as a plain Redis's: a request waits for a free connection
        assert isinstance(pool, redis.BlockingConnectionPool) and pool.max_connections == POOL_SIZE
    finally:
        servers.stop([watcher, master])


@pytest.mark.slow
def test_a_failover_of_the_queues_master_loses_no_job(tmp_path, redis_url):
    master, port = servers.start(tmp_path / "master")
    # Two replicas, so that the promoted one still has a replica to acknowledge jobs (QUEUE_REPLICA_ACKS=1).
    replicas = [servers.start(tmp_path / f"replica{n}", "--replicaof", "127.0.0.1", str(port)) for n in (1, 2)]
    for _, replica_port in replicas:
        while redis.Redis(port=replica_port).info("replication").get("master_link_status") != "up":
            time.sleep(0.05)
    watcher, sentinel_port = servers.sentinel(tmp_path / "sentinel", port)
    url = f"redis+sentinel://127.0.0.1:{sentinel_port}/dkq"
    while (
        len(redis.Redis(port=sentinel_port).sentinel_slaves("dkq")) < 2
    ):  # it can fail over only to a replica it knows
        time.sleep(0.1)
    worker = None
    log = (tmp_path / "worker.log").open("w")
    try:
        client = app_on(redis_url, url, QUEUE_REPLICA_ACKS=1).test_client()
        jobs = [client.post("/v1/print-jobs", json=spec(n)).get_json()["id"] for n in range(12)]
        worker = subprocess.Popen(
            [sys.executable, "-m", "api.cli", "worker", "--role", "large"],
            env=env_for(tmp_path, DESKOVKA_QUEUE_URL=url),
            stdout=subprocess.DEVNULL,
            stderr=log,
        )
        deadline = time.monotonic() + 60
        while sum(status(client, job) == "finished" for job in jobs) < 2:
            assert time.monotonic() < deadline, "the worker rendered nothing"
            time.sleep(0.1)
        master.send_signal(signal.SIGKILL)  # jobs still queued, one perhaps rendering
        master.wait(10)
        killed = time.monotonic()
        while redis.Redis(port=sentinel_port).sentinel_get_master_addr_by_name("dkq")[1] == port:
            assert time.monotonic() - killed < 30, "the Sentinel did not fail the queue over"
            time.sleep(0.1)
        promoted = time.monotonic() - killed
        for n in range(12, 16):  # queued on the new master
            while True:
                answer = client.post("/v1/print-jobs", json=spec(n))
                if answer.status_code == 202 or answer.status_code == 200:
                    jobs.append(answer.get_json()["id"])
                    break
                assert time.monotonic() - killed < 60, answer.get_json()
                time.sleep(0.2)
        deadline = time.monotonic() + 120
        while (done := sum(status(client, job) == "finished" for job in jobs)) < len(jobs):
            assert time.monotonic() < deadline, (
                f"{done} of {len(jobs)} jobs rendered; the worker said: {(tmp_path / 'worker.log').read_text()[-3000:]}"
            )
            time.sleep(0.2)
        said = (tmp_path / "worker.log").read_text()
        renders = {job: said.count(f"Job OK ({job})") for job in jobs}
        print(
            f"queue failed over in {promoted:.1f} s; all {len(jobs)} jobs rendered, "
            f"{sum(n > 1 for n in renders.values())} of them twice"
        )
    finally:
        if worker is not None:
            worker.send_signal(signal.SIGTERM)
            try:
                worker.wait(30)
            except subprocess.TimeoutExpired:
                os.kill(worker.pid, signal.SIGKILL)
                worker.wait()
        log.close()
        servers.stop([watcher, *(process for process, _ in replicas), master])
