"""The HTTP port of a print worker or a table keeper (`--metrics-port`): `/metrics` for Prometheus, behind the
metrics token as the API's is, and `/healthz` for the image's health check; served from a thread of its own."""

import hmac
import logging
import threading
from collections.abc import Callable
from socketserver import ThreadingMixIn
from wsgiref.simple_server import WSGIRequestHandler, WSGIServer, make_server

log = logging.getLogger("deskovka.metrics")
TEXT = "text/plain; version=0.0.4; charset=utf-8"


class _Server(ThreadingMixIn, WSGIServer):
    daemon_threads = True


class _Quiet(WSGIRequestHandler):
    def log_message(self, format: str, *args: object) -> None:  # a scrape every 15 s is no event
        pass


def app(text: Callable[[], str], healthy: Callable[[], bool], tokens: list[str]) -> Callable:
    """The port's WSGI app: the metrics `text()` makes, and health as `healthy()` tells it."""

    def answer(environ: dict, start_response: Callable) -> list[bytes]:
        path = environ.get("PATH_INFO", "")
        if path == "/healthz":
            ok = healthy()
            start_response("200 OK" if ok else "503 Service Unavailable", [("Content-Type", "text/plain")])
            return [b"ok\n" if ok else b"unhealthy\n"]
        if path != "/metrics":
            start_response("404 Not Found", [("Content-Type", "text/plain")])
            return [b"/metrics or /healthz\n"]
        sent = environ.get("HTTP_AUTHORIZATION", "")
        if tokens and not any(hmac.compare_digest(sent.encode(), f"Bearer {token}".encode()) for token in tokens):
            start_response("401 Unauthorized", [("Content-Type", "text/plain"), ("WWW-Authenticate", "Bearer")])
            return [b"Send the metrics token: Authorization: Bearer <token>.\n"]
        try:
            body = text().encode()
        except Exception as error:  # noqa: BLE001 - the store down: say so, and the scrape fails visibly
            log.warning("metrics not read: %s", error)
            start_response("503 Service Unavailable", [("Content-Type", "text/plain")])
            return [f"metrics not read: {type(error).__name__}\n".encode()]
        start_response("200 OK", [("Content-Type", TEXT), ("Content-Length", str(len(body)))])
        return [body]

    return answer


def serve(host: str, port: int, wsgi: Callable) -> _Server:
    """Serve the app on host:port from a daemon thread; return the server (its `server_port` is the port)."""
    server = make_server(host, port, wsgi, server_class=_Server, handler_class=_Quiet)
    threading.Thread(target=server.serve_forever, name="metrics", daemon=True).start()
    log.info("metrics on http://%s:%d/metrics", host, server.server_port)
    return server
