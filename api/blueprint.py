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


class OrjsonParser(FlaskParser):
    def _raw_load_json(self, req: flask.Request) -> typing.Any:
        if not is_json_request(req):
            return core.missing
        try:
            return orjson.loads(req.get_data(cache=True))
        except orjson.JSONDecodeError as error:
            self._handle_invalid_json_error(error, req)


class Blueprint(flask_smorest.Blueprint):
    ARGUMENTS_PARSER = OrjsonParser()
