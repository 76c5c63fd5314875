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
    """Base class of every error this library raises on purpose.

    >>> import tranquility_solver as tq
    >>> try:
    ...     tq.Grid.parse("1 2 3")
    ... except tq.TranquilityError as error:  # any bad input; a ValueError too
    ...     print(type(error).__name__)
    GridFormatError
    """


class GridFormatError(TranquilityError):
    """The grid text is malformed: wrong row/column count or an unreadable token.

    >>> import tranquility_solver as tq
    >>> tq.Grid.parse("1 2 3")
    Traceback (most recent call last):
    ...
    tranquility_solver.errors.GridFormatError: expected 6 rows of 6 tokens, got 1 row
    """


class CellError(TranquilityError):
    """A cell name is not one of ``a1`` … ``f6``.

    >>> import tranquility_solver as tq
    >>> tq.cell_index("g7")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    tranquility_solver.errors.CellError: ...
    """


class CardError(TranquilityError):
    """A card number is out of range, repeated, or already on the grid.

    >>> import tranquility_solver as tq
    >>> tq.Grid.empty().place("a1", 81)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    tranquility_solver.errors.CardError: ...
    """


class IllegalPlacementError(TranquilityError):
    """A card cannot be played on a cell (occupied, breaks the order, or unaffordable).

    >>> import tranquility_solver as tq
    >>> issubclass(tq.IllegalPlacementError, tq.TranquilityError)
    True
    """


class IllegalActionError(TranquilityError):
    """A game action breaks a rule of the game (the message names the rule), or the game is over.

    >>> import tranquility_solver as tq
    >>> state = tq.new_game(2, seed=0)
    >>> try:
    ...     state.apply(tq.parse_action("finish"))
    ... except tq.IllegalActionError as error:
    ...     print(type(error).__name__)
    IllegalActionError
    """


class ActionFormatError(TranquilityError):
    """An action's text cannot be read (the message quotes it and says what was expected).

    >>> import tranquility_solver as tq
    >>> tq.parse_action("fly away")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    tranquility_solver.errors.ActionFormatError: ...
    """


class RecordError(TranquilityError):
    """A game record (JSON) is malformed or does not replay.

    >>> import tranquility_solver as tq
    >>> tq.GameRecord.from_json("{}")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    tranquility_solver.errors.RecordError: ...
    """


class UnknownRulesError(TranquilityError):
    """A rules preset name is not known.

    >>> import tranquility_solver as tq
    >>> tq.Rules.by_name("house")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    tranquility_solver.errors.UnknownRulesError: ...
    """


class UnknownEngineError(TranquilityError):
    """An engine name is not known.

    >>> import tranquility_solver as tq
    >>> tq.is_completable(tq.Grid.empty(), range(1, 81), engine="magic")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    tranquility_solver.errors.UnknownEngineError: ...
    """


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

    >>> import tranquility_solver as tq
    >>> issubclass(tq.SolverTimeoutError, ValueError)  # an open question, not bad input
    False

    Not a :class:`TranquilityError`: the input was fine, the question is still open.
    """


class CountLimitError(SolverTimeoutError):
    """Counting would need more work than its documented limit; the count is unknown.

    >>> import tranquility_solver as tq
    >>> issubclass(tq.CountLimitError, tq.SolverTimeoutError)
    True

    Only custom orders with many independent chains reach it; the shipped presets never do.
    """
