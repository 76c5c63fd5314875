"""Errors raised by the Tranquility analysis library.

Every error is a :class:`ValueError` so callers that only care about "bad input" can catch that,
and every message names the offending cell, card or text so a person can fix it.

>>> from tranquility_solver import Grid, GridFormatError
>>> try:
...     Grid.parse("1 2 3")
... except GridFormatError as error:
...     print(error)
expected 6 rows of 6 tokens, got 1 row
"""

from __future__ import annotations

import math

__all__ = [
    "ActionFormatError",
    "CardError",
    "CellError",
    "CountLimitError",
    "GridFormatError",
    "IllegalActionError",
    "IllegalPlacementError",
    "RecordError",
    "SolverTimeoutError",
    "TranquilityError",
    "UnknownEngineError",
    "UnknownRulesError",
    "require_time_limit",
]


class TranquilityError(ValueError):
    """Base class of every error this library raises on purpose."""


class GridFormatError(TranquilityError):
    """The grid text is malformed: wrong row/column count or an unreadable token."""


class CellError(TranquilityError):
    """A cell name is not one of ``a1`` … ``f6``."""


class CardError(TranquilityError):
    """A card number is out of range, repeated, or already on the grid."""


class IllegalPlacementError(TranquilityError):
    """A card cannot be played on a cell (occupied, breaks the order, or unaffordable)."""


class IllegalActionError(TranquilityError):
    """A game action breaks a rule of the game (the message names the rule), or the game is over."""


class ActionFormatError(TranquilityError):
    """An action's text cannot be read (the message quotes it and says what was expected)."""


class RecordError(TranquilityError):
    """A game record (JSON) is malformed or does not replay."""


class UnknownRulesError(TranquilityError):
    """A rules preset name is not known."""


class UnknownEngineError(TranquilityError):
    """An engine name is not known."""


def require_time_limit(seconds: float) -> float:
    """``seconds`` if it is a usable solver time limit: a finite number ≥ 0.

    >>> require_time_limit(-1)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    tranquility_solver.errors.TranquilityError: time_limit must be a finite number ... got -1
    """
    if (
        isinstance(seconds, bool)
        or not isinstance(seconds, int | float)
        or not math.isfinite(seconds)
        or seconds < 0
    ):
        raise TranquilityError(
            f"time_limit must be a finite number of seconds ≥ 0, got {seconds!r}"
        )
    return float(seconds)


class SolverTimeoutError(RuntimeError):
    """CP-SAT hit its time limit before deciding; the answer is unknown, *not* "no".

    Not a :class:`TranquilityError`: the input was fine, the question is still open.
    """


class CountLimitError(SolverTimeoutError):
    """Counting would need more work than its documented limit; the count is unknown.

    Only custom orders with many independent chains reach it; the shipped presets never do.
    """
