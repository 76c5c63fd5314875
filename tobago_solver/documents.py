"""Versioned JSON documents (saved tables, game records): one reader, one set of messages.

>>> read_document('{"format": "demo", "version": 1, "x": 2}', "demo", 1, "demo file")["x"]
2
>>> read_document('{"format": "demo", "version": 7}', "demo", 1, "demo file")
Traceback (most recent call last):
...
tobago_solver.errors.TobagoError: demo file version 7 is not 1

Only standard JSON is read: ``NaN`` and ``Infinity`` are refused, and so are documents nested
deeper than :data:`MAX_DEPTH` and whole numbers of more than :data:`MAX_DIGITS` digits, each with a
:class:`~tobago_solver.errors.TobagoError` naming the problem. The helpers below check the type
and range of each value, so that nothing malformed reaches a game or a table.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any, Final

from tobago_solver.errors import TobagoError

MAX_DEPTH: Final = 64
"""The deepest nesting of lists and objects a document may have (a real one has 4)."""


MAX_DIGITS: Final = 40
"""The longest whole number a document may hold (a seed has at most 20 digits)."""


def _refuse_constant(name: str) -> Any:
    raise TobagoError(f"{name} is not a JSON number")


def _whole_number(digits: str) -> int:
    if len(digits.lstrip("-")) > MAX_DIGITS:
        raise TobagoError(f"a number of {len(digits.lstrip('-'))} digits (at most {MAX_DIGITS})")
    return int(digits)


def _depth(text: str) -> int:
    """The deepest nesting of brackets outside strings (counted before parsing, which recurses)."""
    depth = deepest = 0
    in_string = escaped = False
    for char in text:
        if in_string:
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = True
            elif char == '"':
                in_string = False
        elif char == '"':
            in_string = True
        elif char in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif char in "]}":
            depth -= 1
    return deepest


def parse_json(text: str, what: str) -> Any:
    """The JSON value in ``text``; TobagoError (never a bare Python error) for anything else.

    >>> parse_json("[" * 100 + "]" * 100, "demo file")
    Traceback (most recent call last):
    ...
    tobago_solver.errors.TobagoError: not a demo file: nested deeper than 64 levels
    """
    if not isinstance(text, str):
        raise TobagoError(f"not a {what}: expected text, not {type(text).__name__}")
    if _depth(text) > MAX_DEPTH:
        raise TobagoError(f"not a {what}: nested deeper than {MAX_DEPTH} levels")
    try:
        return json.loads(text, parse_constant=_refuse_constant, parse_int=_whole_number)
    except json.JSONDecodeError as error:
        raise TobagoError(f"not a {what}: invalid JSON ({error})") from None
    except TobagoError as error:
        raise TobagoError(f"not a {what}: {error}") from None
    except (ValueError, RecursionError) as error:
        # Python's own limits: an integer of thousands of digits, a pathological nesting.
        raise TobagoError(f"not a {what}: unreadable JSON ({error})") from None


def read_document(
    text: str, kind: str, version: int | tuple[int, ...], what: str
) -> dict[str, Any]:
    """The JSON object in ``text``, if its ``format`` is ``kind`` and its ``version`` is
    ``version`` (or one of them: the versions a reader still reads).

    ``what`` names the document in messages (``"game record"``).
    """
    document = parse_json(text, what)
    if not isinstance(document, dict) or document.get("format") != kind:
        raise TobagoError(f"not a {what}: 'format' is not {kind!r}")
    versions = (version,) if isinstance(version, int) else version
    found = document.get("version")
    if type(found) is not int or found not in versions:
        raise TobagoError(f"{what} version {found!r} is not {' or '.join(map(str, versions))}")
    return document


def field(document: dict[str, Any], key: str, kind: type, what: str) -> Any:
    """``document[key]`` if it is there and of ``kind`` (a bool is not a number here).

    >>> field({"seed": True}, "seed", int, "game record")
    Traceback (most recent call last):
    ...
    tobago_solver.errors.TobagoError: game record: 'seed' must be int, not True
    """
    if key not in document:
        raise TobagoError(f"{what}: {key!r} is missing")
    value = document[key]
    if not isinstance(value, kind) or (kind is not bool and isinstance(value, bool)):
        shown = repr(value) if len(repr(value)) <= 40 else type(value).__name__
        raise TobagoError(f"{what}: {key!r} must be {kind.__name__}, not {shown}")
    return value


def whole(value: Any, low: int, high: int, name: str) -> int:
    """``value`` if it is a whole number from ``low`` to ``high``; TobagoError naming it."""
    if type(value) is not int or not low <= value <= high:
        raise TobagoError(f"{name} must be a whole number from {low} to {high}, not {value!r}")
    return value


def whole_list(value: Any, low: int, high: int, name: str, size: int | None = None) -> list[int]:
    """``value`` if it is a list of whole numbers in range (of ``size`` items, when given)."""
    if not isinstance(value, list) or (size is not None and len(value) != size):
        count = "a list" if size is None else f"a list of {size}"
        raise TobagoError(f"{name} must be {count} whole numbers")
    for item in value:
        if type(item) is not int or not low <= item <= high:
            raise TobagoError(f"{name} must hold whole numbers from {low} to {high}, not {item!r}")
    return value


def text_list(value: Any, name: str, sizes: Sequence[int] | None = None) -> list[str]:
    """``value`` if it is a list of strings (with one of ``sizes`` items, when given)."""
    if not isinstance(value, list) or not all(isinstance(item, str) for item in value):
        raise TobagoError(f"{name} must be a list of strings")
    if sizes is not None and len(value) not in sizes:
        raise TobagoError(
            f"{name} must have {' or '.join(map(str, sizes))} items, not {len(value)}"
        )
    return value
