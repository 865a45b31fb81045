"""For operators: liveness without dependencies, readiness with Redis, Prometheus metrics."""

from flask import Blueprint, Response, current_app, jsonify

from api import config, metrics

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
    """Ready when the game store and the print queue both answer; else 503 `store/unavailable`."""
    extensions = current_app.extensions["deskovka"]
    extensions["redis"].ping()
    extensions["print_queue"].connection.ping()
    return jsonify(status="ready")
