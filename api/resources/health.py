"""For operators: liveness without dependencies, readiness with Redis, Prometheus metrics."""

import redis
from flask import Blueprint, Response, current_app, jsonify

from api import config, connections, metrics
from api.problems import Problem

blp = Blueprint("health", __name__)


@blp.get("/healthz")
def healthz():
    return jsonify(status="ok")


@blp.get("/metrics")
def metrics_text():
    extensions = current_app.extensions["deskovka"]
    text = metrics.exposition(extensions["redis"], extensions["print_queue"].connection, config.VERSION)
    return Response(text, mimetype="text/plain", headers={"Content-Type": "text/plain; version=0.0.4"})


@blp.get("/readyz")
def readyz():
    try:
        connections.connection().ping()
    except redis.RedisError as error:
        raise Problem(503, "redis/unavailable", f"Redis does not answer: {error}.") from None
    return jsonify(status="ready")
