"""Reading the library's JSON documents (game records, deals): plain JSON or one clear error.

Python's reader lets through what JSON does not allow (``NaN``, ``Infinity``) and fails with its
own errors on what it cannot hold (arrays nested thousands deep, integers of thousands of
digits). :func:`load_json` turns each into the caller's error, so that every reader of a
document raises only its documented error.

>>> load_json('{"turns": NaN}', ValueError, "game record")
Traceback (most recent call last):
...
ValueError: game record: not JSON: NaN is not a number JSON allows
"""

from __future__ import annotations

import json
import re
import sys

from .errors import TranquilityError

__all__ = ["MAX_NESTING", "MAX_NUMBER_DIGITS", "load_json"]

MAX_NUMBER_DIGITS = sys.get_int_max_str_digits() or 4300
"""The most digits an integer in a document may have (Python's own limit for reading one)."""

MAX_NESTING = 64
"""The deepest nesting of arrays and objects a document may have (records and deals need 3)."""

_STRING = re.compile(r'"(?:[^"\\]|\\.)*"')
_BRACKET = re.compile(r"[\[\]{}]")


def _nesting(text: str) -> int:
    """How deep arrays and objects nest in ``text`` (brackets inside strings do not count).

    >>> _nesting('{"a": [1, "]]]", {"b": []}]}')
    4
    """
    depth = deepest = 0
    for bracket in _BRACKET.findall(_STRING.sub("", text)):
        depth += 1 if bracket in "[{" else -1
        deepest = max(deepest, depth)
    return deepest


def _refuse_constant(name: str) -> object:
    raise TranquilityError(f"{name} is not a number JSON allows")


def load_json(text: str, error: type[ValueError], what: str) -> object:
    """The value of the JSON document ``text``; anything else raises ``error`` starting with
    ``what``. ``text`` must be a ``str``: bytes are a ``TypeError`` (decode them first).

    >>> load_json("[" * 5000 + "]" * 5000, ValueError, "deal")
    Traceback (most recent call last):
    ...
    ValueError: deal: not JSON the library reads: arrays or objects nested too deeply
    """
    if not isinstance(text, str):
        raise TypeError(
            f"{what}: expected JSON text (str), got {type(text).__name__}: decode bytes first"
        )
    # Python's reader gives up at its recursion limit, which other code may have raised; a
    # fixed limit checked first answers the same on every run.
    if _nesting(text) > MAX_NESTING:
        raise error(f"{what}: not JSON the library reads: arrays or objects nested too deeply")
    try:
        return json.loads(text, parse_constant=_refuse_constant)
    except json.JSONDecodeError as problem:
        raise error(
            f"{what}: not JSON: {problem.msg} at line {problem.lineno} column {problem.colno}"
        ) from None
    except TranquilityError as problem:
        raise error(f"{what}: not JSON: {problem}") from None
    except RecursionError:
        raise error(
            f"{what}: not JSON the library reads: arrays or objects nested too deeply"
        ) from None
    except ValueError:
        # The only other ValueError json raises: an integer past Python's digit limit.
        raise error(
            f"{what}: not JSON the library reads: a number with more than "
            f"{MAX_NUMBER_DIGITS:,} digits"
        ) from None
