"""flask-smorest's Blueprint, parsing JSON bodies with orjson.

orjson reads integers beyond 64 bits as floats, so every value that reaches the engine, the store or the
fingerprint can be written back as JSON; the stdlib parser would let such an integer through to fail later.
"""

import typing

import flask
import flask_smorest
import orjson
from webargs import core
from webargs.flaskparser import FlaskParser, is_json_request

from api.http.contract.schemas import ProblemSchema


class OrjsonParser(FlaskParser):
    def _raw_load_json(self, req: flask.Request) -> typing.Any:
        if not is_json_request(req):
            return core.missing
        try:
            return orjson.loads(req.get_data(cache=True))
        except orjson.JSONDecodeError as error:
            self._handle_invalid_json_error(error, req)


class _DocumentOnly:
    """A parser that parses nothing: `Blueprint.documented` uses it to document arguments a view reads itself."""

    DEFAULT_VALIDATION_STATUS = OrjsonParser.DEFAULT_VALIDATION_STATUS

    def use_args(self, *args: typing.Any, **kwargs: typing.Any) -> typing.Callable:
        return lambda func: func


class Blueprint(flask_smorest.Blueprint):
    ARGUMENTS_PARSER: typing.Any = OrjsonParser()

    def documented(self, schema: typing.Any, **kwargs: typing.Any) -> typing.Callable:
        """Document arguments as `arguments` does, leaving the view to read and check them itself (hot paths)."""
        inner = self.arguments(schema, **kwargs)

        def decorator(func: typing.Callable) -> typing.Callable:
            self.ARGUMENTS_PARSER = _DocumentOnly()
            try:
                return inner(func)
            finally:
                del self.ARGUMENTS_PARSER

        return decorator

    def problems(self, *statuses: int) -> typing.Callable:
        """Document the problems (`application/problem+json`) a route may answer with, by status."""

        def decorator(func: typing.Callable) -> typing.Callable:
            for status in reversed(statuses):  # applied as the same stack of `alt_response` would be
                func = self.alt_response(status, schema=ProblemSchema, content_type="application/problem+json")(func)
            return func

        return decorator
