"""Health for operators: liveness without dependencies, readiness with Redis."""

import redis
from flask import Blueprint, jsonify

from api import connections
from api.problems import Problem

blp = Blueprint("health", __name__)


@blp.get("/healthz")
def healthz():
    return jsonify(status="ok")


@blp.get("/readyz")
def readyz():
    try:
        connections.connection().ping()
    except redis.RedisError as error:
        raise Problem(503, "redis/unavailable", f"Redis does not answer: {error}.") from None
    return jsonify(status="ready")
