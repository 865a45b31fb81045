"""A hundred print jobs leave the shared metrics folder as they found it: the work horse forked for each job
writes no metric (its worker measures it), so no file is left per job."""

import os
import subprocess
import sys

from prometheus_client import CollectorRegistry, multiprocess
from rq import Queue
from rq.serializers import JSONSerializer

from printing.spec import validate
from tests.ops.roles import ROOT, key, samples
from worker import SMALL

JOBS = 100


def test_a_hundred_print_jobs_add_no_file_to_the_metrics_folder(redis_url, redis_client, tmp_path):
    queue = Queue(SMALL, connection=redis_client, serializer=JSONSerializer)
    spec = validate({"kind": "score-sheets", "count": 1, "paper": "a4"})
    for n in range(JOBS):
        queue.enqueue("worker.jobs.render_pdf", spec, None, job_id=f"pdf-folder-{n}", result_ttl=60)
    folder = tmp_path / "metrics"
    folder.mkdir()
    env = {
        **{k: v for k, v in os.environ.items() if not k.startswith(("DESKOVKA_", "PROMETHEUS_"))},
        "PYTHONPATH": str(ROOT),
        "DESKOVKA_QUEUE_URL": redis_url,
        "PROMETHEUS_MULTIPROC_DIR": str(folder),  # as under `deskovka serve`
    }
    worker = subprocess.run(
        [sys.executable, "-m", "api.cli", "worker", "--role", "small", "--burst"],
        env=env,
        cwd=ROOT,
        capture_output=True,
        timeout=600,
    )
    assert worker.returncode == 0, worker.stderr.decode()[-3000:]
    files = sorted(path.name for path in folder.iterdir())
    pids = {name.rsplit("_", 1)[1].removesuffix(".db") for name in files}
    assert len(pids) == 1 and len(files) <= 3, files  # the worker's own: counters, histograms, live gauges
    registry = CollectorRegistry()
    multiprocess.MultiProcessCollector(registry, path=str(folder))
    from prometheus_client import generate_latest

    found = samples(generate_latest(registry).decode())
    done = key("deskovka_print_job_duration_seconds_count", queue=SMALL, kind="score-sheets", result="done")
    assert found[done] == JOBS
