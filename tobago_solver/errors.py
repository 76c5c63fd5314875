"""The errors this package raises.

Every error about bad input is a :class:`TobagoError`, itself a :class:`ValueError`, so callers can
catch one class; each message quotes the offending input.

>>> from tobago_solver import Clue, ClueSyntaxError
>>> try:
...     Clue.parse("next hut")
... except ClueSyntaxError as error:
...     print(error)
cannot read clue 'next hut': expected 'to' at word 2, found 'hut'
"""

from __future__ import annotations

import math


class TobagoError(ValueError):
    """Base class of every bad-input error of :mod:`tobago_solver`."""


class IslandFormatError(TobagoError):
    """An island text that does not follow the ``.island`` format.

    ``line`` and ``column`` are 1-based positions in the text (0 when unknown); ``detail`` is the
    message without them.
    """

    def __init__(self, message: str, line: int = 0, column: int = 0) -> None:
        self.detail = message
        self.line = line
        self.column = column
        where = f"line {line}, column {column}: " if line else ""
        super().__init__(where + message)


class LandmarkRuleError(TobagoError):
    """Landmarks that break a landmark rule of the island (spacing, coast, statue facing)."""


class UnknownFieldError(TobagoError):
    """A field name that is not a land field of the island."""


class UnknownIslandError(TobagoError):
    """A bundled island name that does not exist."""


class ClueSyntaxError(TobagoError):
    """A clue text that does not follow the clue grammar."""


class NoLandmarkPlacementError(TobagoError):
    """The island admits no legal landmark placement with the requested counts."""


def require_time_limit(seconds: float) -> float:
    """``seconds`` if it is a usable solver time limit: a finite number ≥ 0.

    >>> require_time_limit(float("nan"))
    Traceback (most recent call last):
    ...
    tobago_solver.errors.TobagoError: time_limit must be a finite number of seconds ≥ 0, got nan
    """
    if (
        isinstance(seconds, bool)
        or not isinstance(seconds, int | float)
        or not math.isfinite(seconds)
        or seconds < 0
    ):
        raise TobagoError(f"time_limit must be a finite number of seconds ≥ 0, got {seconds!r}")
    return float(seconds)


class SolverUnknownError(RuntimeError):
    """CP-SAT stopped (time or search limit) before it could prove an answer.

    This is never a "no": the question is open, not answered.
    """


class ActionSyntaxError(TobagoError):
    """A game action's text cannot be read."""


class NotToMoveError(TobagoError):
    """A bot was asked to choose from an observation with nothing to decide: another seat's
    turn, or a finished game."""


class IllegalActionError(TobagoError):
    """An action the rules do not allow in this state; ``rule`` names the rule in words (e.g.
    ``moving a car``, ``a clue must leave a field``), as the message ends in brackets."""

    def __init__(self, message: str, rule: str) -> None:
        super().__init__(f"{message} ({rule})")
        self.rule = rule
