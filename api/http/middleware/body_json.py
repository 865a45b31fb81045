"""A request body's JSON read as orjson reads it, a large one with a fraction of the memory.

orjson (yyjson inside) sets out a buffer for its values sized by the input, about 12 times it: a 4 MiB deck of
pictures took 51 MiB at the peak of `orjson.loads`, the standard library's parser 8 MiB (the text and the document).
So a body of more than `LARGE` bytes (only a deck upload may be one) is read by the standard library with orjson's
rules: NaN and Infinity are not JSON, nor are numbers beyond a double; integers beyond 64 bits become floats; a body
that escapes a surrogate (`\\ud800`) is read by orjson itself, which refuses a lone one. Errors are orjson's.
"""

import json
import re
from typing import Any

import orjson

LARGE = 1 << 20
SURROGATE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F]")
SMALLEST, LARGEST = -(2**63), 2**64 - 1  # orjson's integers


def loads(data: bytes) -> Any:
    """Return the body's JSON value.

    :raises orjson.JSONDecodeError: for a body that is not JSON (as orjson has it), or nests too deep.
    """
    if len(data) <= LARGE:
        return orjson.loads(data)
    return loads_text(text_of(data))


def text_of(data: bytes) -> str:
    """A large body's text, for `loads_text` (its bytes may then be let go before it is parsed).

    :raises orjson.JSONDecodeError: for bytes that are not UTF-8.
    """
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise orjson.JSONDecodeError(f"str is not valid UTF-8: {error.reason}", "", error.start) from None


def loads_text(text: str) -> Any:
    """Return a large body's JSON value from its text, as `loads` reads it.

    :raises orjson.JSONDecodeError:
    """
    if SURROGATE_ESCAPE.search(text):
        return orjson.loads(text)
    try:
        return json.loads(text, parse_constant=_constant, parse_int=_integer, parse_float=_double)
    except json.JSONDecodeError as error:
        raise orjson.JSONDecodeError(error.msg, "", error.pos) from None
    except RecursionError:
        raise orjson.JSONDecodeError("recursion limit reached: too much depth", "", 0) from None


def _constant(name: str) -> Any:
    raise json.JSONDecodeError(f"{name} is not JSON", "", 0)


def _integer(digits: str) -> int | float:
    if len(digits) > 21:  # beyond 64 bits anyway (and int() refuses thousands of digits)
        return _double(digits)
    value = int(digits)
    return value if SMALLEST <= value <= LARGEST else float(value)


def _double(digits: str) -> float:
    value = float(digits)
    if value in (float("inf"), float("-inf")):
        raise json.JSONDecodeError("number is infinity when parsed as double", "", 0)
    return value
