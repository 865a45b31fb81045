"""Count every request against its client's budget of requests before Flask (`api.http.limits.request_budget`).

Inside the book of refusals (`middleware.refused`), so a client refused lately is answered by the book (its next
requests held until the hold ends) without drawing on its bucket again; around the move path, so moves count too.
A request past its client's bucket by less than `request_budget.QUEUE` seconds waits for its turn; beyond, it is
refused. A refusal is noted in the book, held against the request's own reader (its address and the token shown), or its
whole address when all of the address's requests together are past their bucket.
"""

import time
from collections.abc import Callable, Iterable
from typing import Any

from flask import Flask
from werkzeug.exceptions import HTTPException

from api.http.limits import capacity, clients, history_budget, request_budget
from api.http.middleware import cors, observe, refused


class Budgeted:
    def __init__(self, app: Flask, wsgi_app: Callable, budget: request_budget.Budget) -> None:
        self.app, self.wsgi_app, self.budget = app, wsgi_app, budget
        self.origins = cors.allowed_origins(app.config["CORS_ORIGINS"])
        self.hops = int(app.config["PROXY_HOPS"])

    def __call__(self, environ: dict[str, Any], start_response: Callable) -> Iterable[bytes]:
        if environ.get("PATH_INFO") in capacity.ALWAYS_ANSWERED:
            return self.wsgi_app(environ, start_response)
        address = clients.key(clients.forwarded(environ, self.hops))
        asset = request_budget.is_asset(environ.get("PATH_INFO", ""))
        shown = history_budget.book_key(address, environ.get("HTTP_AUTHORIZATION"))
        taken = self.budget.take_asset(address) if asset else self.budget.take(address, shown)
        if isinstance(taken, request_budget.Refusal):
            return self._refuse(environ, start_response, taken)
        if taken:
            time.sleep(taken)  # its turn, behind the client's own requests (under gevent: the worker serves others)
        if asset:
            return self.wsgi_app(environ, start_response)
        with self.budget.turn(self.budget.reader(address, shown), environ):
            body = self.wsgi_app(environ, start_response)
        if environ.get(request_budget.SEAT_SHOWN):
            self.budget.seats.seen(shown)
        return body

    def _refuse(
        self, environ: dict[str, Any], start_response: Callable, refusal: request_budget.Refusal
    ) -> Iterable[bytes]:
        try:
            rule, _ = self.app.url_map.bind_to_environ(environ).match(return_rule=True)
            endpoint = rule.endpoint
            environ[observe.ROUTE] = rule.rule
        except HTTPException:  # no such path or method: refused all the same, by the book under no endpoint
            endpoint = ""
        book: refused.Book = self.app.extensions["deskovka.refused"]
        noted = book.note(refusal.held_as, endpoint, refusal.bucket, refusal.detail, refusal.retry)
        return refused.answer(self.app, self.origins, environ, start_response, endpoint, noted)


def init_app(app: Flask) -> None:
    """Count requests before the move path (call after its `init_app`, before the book of refusals')."""
    queue = app.config.get("REQUESTS_QUEUE", request_budget.QUEUE)
    budget = app.extensions["deskovka.requests"] = request_budget.Budget(app.config["RATE_LIMITS"], queue)
    if budget.clients.limits or budget.addresses.limits or budget.assets.limits or budget.running:
        app.wsgi_app = Budgeted(app, app.wsgi_app, budget)  # type: ignore[method-assign]
