"""For operators: liveness without dependencies, readiness with Redis, Prometheus metrics."""

from flask import Blueprint, Response, current_app, jsonify

from api import config
from api.http import auth
from api.problems import Problem
from api.storage import metrics

blp = Blueprint("health", __name__)


@blp.get("/healthz")
def healthz():
    return jsonify(status="ok")


@blp.get("/metrics")
def metrics_text():
    wanted = [token for token in (current_app.config["METRICS_TOKEN"], current_app.config["ADMIN_TOKEN"]) if token]
    if wanted:
        sent = auth.bearer()
        if sent is None or not any(auth.same(sent, token) for token in wanted):
            raise Problem(
                401,
                "auth/required",
                "Send the metrics token: `Authorization: Bearer <token>`.",
                headers={"WWW-Authenticate": "Bearer"},
            )
    extensions = current_app.extensions["deskovka"]
    # The store-wide counters kept in Redis, then this machine's processes' metrics (api.meters).
    text = metrics.exposition(extensions["redis"], extensions["print_queue"].connection, config.VERSION)
    text += metrics.processes()
    return Response(text, mimetype="text/plain", headers={"Content-Type": "text/plain; version=0.0.4"})


@blp.get("/readyz")
def readyz():
    """Ready when the game store and the print queue both answer; else 503 `store/unavailable`."""
    extensions = current_app.extensions["deskovka"]
    extensions["redis"].ping()
    extensions["print_queue"].connection.ping()
    return jsonify(status="ready")
