"""Run an RQ worker on the print queue, with the JSON serializer."""

import redis
from rq import Worker
from rq.serializers import JSONSerializer

from worker import QUEUES


def run(queue_url: str, burst: bool = False) -> None:
    connection = redis.Redis.from_url(queue_url)
    Worker(list(QUEUES), connection=connection, serializer=JSONSerializer).work(burst=burst)
