"""For operators: liveness without dependencies, readiness with Redis, Prometheus metrics."""

import time

from flask import Blueprint, Response, current_app, jsonify, request

from api import config
from api.http import current
from api.http.limits import capacity
from api.problems import Problem, draining, store_unavailable
from api.storage import metrics
from api.tables import tokens

blp = Blueprint("health", __name__)


@blp.get("/healthz")
def healthz():
    return jsonify(status="ok")


@blp.get("/metrics")
def metrics_text():
    wanted = [token for token in (current_app.config["METRICS_TOKEN"], current_app.config["ADMIN_TOKEN"]) if token]
    if wanted:
        sent = current.bearer()
        if sent is None or not any(tokens.same(sent, token) for token in wanted):
            raise Problem(
                "auth/required",
                "Send the metrics token: `Authorization: Bearer <token>`.",
                headers={"WWW-Authenticate": "Bearer"},
            )
    services = current.services()
    # The store-wide counters kept in Redis, then this machine's processes' metrics (api.meters).
    text = metrics.exposition(services.connection, services.print_queue.connection, config.VERSION, time.time())
    text += metrics.processes()
    return Response(text, mimetype="text/plain", headers={"Content-Type": "text/plain; version=0.0.4"})


@blp.get("/readyz")
def readyz():
    """Ready when the game store and the print queue both answer and the followers' listener is subscribed (once
    started); else 503 `store/unavailable`; 503 `server/draining` once the process was told to stop; 503
    `server/busy` while the worker holds 90% of its connections."""
    services = current.services()
    if services.followers.draining:
        raise draining()  # before the store: a load balancer must stop sending requests here, whatever it answers
    full = capacity.nearly_full(request.environ)
    if full is not None:
        raise full  # alive (/healthz says so), but a load balancer should send new clients elsewhere
    services.connection.ping()
    services.print_queue.connection.ping()
    if not services.followers.ready():
        problem = store_unavailable()
        raise Problem(
            problem.code,
            "Followers of games cannot be woken: the moves channel is not subscribed.",
            headers=problem.headers,
        )
    return jsonify(status="ready")
