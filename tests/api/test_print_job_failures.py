"""Print jobs that fail: a rendering that raises is not retried, says why, and the spec can be posted again."""

from rq.job import Job
from rq.serializers import JSONSerializer

from api.storage.printing_queue import PrintQueue, rendering_of
from printing.cost import Cost
from worker import QUEUES, SMALL
from worker.main import make_worker

BROKEN = {"kind": "deck", "deck": "no-such-deck", "paper": "a4"}  # past the API's checks only by direct submit
SMALL_JOB = Cost(pages=2, seconds=0.5)


def test_a_job_that_raises_fails_once_with_its_reason_and_can_be_posted_again(app, client, redis_client):
    queue = app.extensions["deskovka"].print_queue
    job_id = queue.submit(BROKEN, None, SMALL_JOB)
    make_worker(redis_client).work(burst=True)

    failed = client.get(f"/v1/print-jobs/{job_id}").get_json()
    assert failed["status"] == "failed"
    assert failed["error"].startswith("The rendering failed: ") and "no-such-deck" in failed["error"]
    job = Job.fetch(rendering_of(redis_client, job_id), connection=redis_client, serializer=JSONSerializer)
    assert len(job.get_executions()) == 0 and len(list(job.results())) == 1  # tried once, not retried
    assert sum(redis_client.llen(f"rq:queue:{name}") for name in QUEUES) == 0

    posted_again = PrintQueue(redis_client).submit(BROKEN, None, SMALL_JOB)
    assert rendering_of(redis_client, posted_again) == rendering_of(redis_client, job_id), "posted again at once"
    again = client.get(f"/v1/print-jobs/{job_id}").get_json()
    assert again["status"] == "queued" and again["error"] is None
    assert rendering_of(redis_client, job_id) not in queue.queues[SMALL].failed_job_registry.get_job_ids()
