"""Every role's /metrics: a print worker's and a keeper's, run as their own commands, and the API's. Series exist
at zero before any work and move after it; promtool finds nothing wrong in any of them."""

import json
import time

from api import config, logs
from api.storage import due
from api.storage.printing_queue import PrintQueue, rendering_of
from printing.cost import estimate
from printing.spec import validate
from tests.api.live import start_api, stop
from tests.ops.roles import check_metrics, key, samples, scrape, start_role, stop_role


def wait_for(port: int, wanted: tuple[str, frozenset], value: float) -> dict:
    deadline = time.monotonic() + 60
    while True:
        found = samples(scrape(port)[1])
        if found.get(wanted) == value:
            return found
        assert time.monotonic() < deadline, {k: v for k, v in found.items() if k[0] == wanted[0]}
        time.sleep(0.2)


def test_a_worker_shows_its_jobs_at_zero_then_moving(redis_url, redis_client):
    worker, port = start_role(redis_url, "worker", "--role", "large")
    try:
        assert scrape(port, token=None)[0] == 401  # behind the metrics token, as the API's is
        status, text = scrape(port)
        assert status == 200
        check_metrics(text)
        before = samples(text)
        assert key("deskovka_build_info", version=config.VERSION) in before
        done = key("deskovka_print_job_duration_seconds_count", queue="print-small", kind="calibration", result="done")
        assert before[done] == 0.0
        for queue in ("print-small", "print-large"):
            assert before[key("deskovka_print_jobs_in_progress", queue=queue)] == 0.0
            assert before[key("deskovka_print_queue_oldest_age_seconds", queue=queue)] == 0.0
            assert before[key("deskovka_print_queue_length", queue=queue)] == 0.0

        spec = validate({"kind": "calibration", "paper": "a4"})
        posted = logs.request_id.set("posted-the-job-1")  # as the API's request that posts it
        try:
            job_id = PrintQueue(redis_client).submit(spec, None, estimate(spec, None))
        finally:
            logs.request_id.reset(posted)
        after = wait_for(port, done, 1.0)
        assert after[key("deskovka_print_jobs_in_progress", queue="print-small")] == 0.0
        assert (
            after[
                key("deskovka_print_job_duration_seconds_sum", queue="print-small", kind="calibration", result="done")
            ]
            > 0
        )
        check_metrics(scrape(port)[1])
    finally:
        log = stop_role(worker)
    lines = [json.loads(line) for line in log.splitlines()]  # every line is JSON
    rendering = rendering_of(redis_client, job_id)  # what the worker renders, whoever posted the spec
    job = [line for line in lines if line.get("job_id") == rendering]
    assert job and all(line["request_id"] == "posted-the-job-1" for line in job), job
    assert len(job) == 1 and job[0]["message"].startswith(f"print job {rendering} (calibration) done in "), job
    chatter = ("Successfully completed", "subscribing to channel")  # RQ's routine lines: at debug
    assert not [line for line in lines if any(words in line["message"] for words in chatter)]


def test_a_keeper_shows_its_tables_at_zero_then_moving(redis_url, redis_client):
    keeper, port = start_role(redis_url, "keeper")
    try:
        status, text = scrape(port)
        assert status == 200
        check_metrics(text)
        before = samples(text)
        assert key("deskovka_build_info", version=config.VERSION) in before
        for name in ("tables_total", "store_errors_total"):
            assert before[key(f"deskovka_keeper_{name}")] == 0.0, name
        for due_for in ("clock", "bots"):
            for name in ("tables_due", "behind_seconds", "lag_seconds_count"):
                assert before[key(f"deskovka_keeper_{name}", due=due_for)] == 0.0, name
        assert before[key("deskovka_keeper_tick_duration_seconds_count", found="busy")] == 0.0

        for n in range(3):  # tables of no game: claimed, and dropped
            due.due_in(redis_client, f"gone{n}", 0)
        after = wait_for(port, key("deskovka_keeper_tables_total"), 3.0)
        assert after[key("deskovka_keeper_tick_duration_seconds_count", found="busy")] >= 1.0
        assert after[key("deskovka_keeper_lag_seconds_count", due="bots")] == 3.0
        assert scrape(port, path="/healthz")[0] == 200
        check_metrics(scrape(port)[1])
    finally:
        stop_role(keeper)


def test_the_apis_metrics_pass_promtool(redis_url):
    server, port = start_api(redis_url, 1)
    try:
        status, text = scrape(port, token=None)
        assert status == 200
        check_metrics(text)
    finally:
        stop(server)
