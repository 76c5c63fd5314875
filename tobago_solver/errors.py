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
    """Base class of every bad-input error of :mod:`tobago_solver`.

    >>> import tobago_solver as tb
    >>> try:
    ...     tb.Clue.parse("in the sea")
    ... except tb.TobagoError as error:  # any bad input; a ValueError too
    ...     print(type(error).__name__)
    ClueSyntaxError
    """


class IslandFormatError(TobagoError):
    """An island text that does not follow the ``.island`` format.

    >>> import tobago_solver as tb
    >>> try:
    ...     tb.Island.from_text("xx")
    ... except tb.IslandFormatError as error:
    ...     print(error.line, error.column, error.detail)
    1 1 expected a 'key:' line (one of name, terrain, hut, palm, statue), found 'xx'

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
    """Landmarks that break a landmark rule of the island (spacing, coast, statue facing).

    >>> import tobago_solver as tb
    >>> issubclass(tb.LandmarkRuleError, ValueError)
    True
    """


class UnknownFieldError(TobagoError):
    """A field name that is not a land field of the island.

    >>> import tobago_solver as tb
    >>> tb.reachable(tb.islands.default(), "z99", 2)
    Traceback (most recent call last):
    ...
    tobago_solver.errors.UnknownFieldError: 'z99' is not a land field of island 'ABC-1'
    """


class UnknownIslandError(TobagoError):
    """A bundled island name that does not exist.

    >>> import tobago_solver as tb
    >>> tb.islands.get("XYZ-9")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    tobago_solver.errors.UnknownIslandError: unknown island 'XYZ-9': expected sides like 'AbC' ...
    """


class ClueSyntaxError(TobagoError):
    """A clue text that does not follow the clue grammar.

    >>> import tobago_solver as tb
    >>> tb.Clue.parse("next hut")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    tobago_solver.errors.ClueSyntaxError: cannot read clue 'next hut': expected 'to' at word 2, ...
    """


class NoLandmarkPlacementError(TobagoError):
    """The island admits no legal landmark placement with the requested counts.

    >>> import tobago_solver as tb
    >>> issubclass(tb.NoLandmarkPlacementError, tb.TobagoError)
    True
    """


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

    >>> import tobago_solver as tb
    >>> issubclass(tb.SolverUnknownError, ValueError)  # an open question, not bad input
    False

    This is never a "no": the question is open, not answered.
    """


class ActionSyntaxError(TobagoError):
    """A game action's text cannot be read.

    >>> import tobago_solver as tb
    >>> tb.parse_action("fly away")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    tobago_solver.errors.ActionSyntaxError: cannot read action 'fly away': expected ...
    """


class NotToMoveError(TobagoError):
    """A bot was asked to choose from an observation with nothing to decide: another seat's
    turn, or a finished game.

    >>> import random
    >>> import tobago_solver as tb
    >>> state = tb.new_game(tb.islands.default(), 2, seed=1)
    >>> tb.GreedyBot().choose(state.observation(1), random.Random(0))  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    tobago_solver.errors.NotToMoveError: the observation of P1 has nothing to decide: ...
    """


class IllegalActionError(TobagoError):
    """An action the rules do not allow in this state; ``rule`` names the rule in words (e.g.
    ``moving a car``, ``a clue must leave a field``), as the message ends in brackets.

    >>> import tobago_solver as tb
    >>> state = tb.new_game(tb.islands.default(), 2, seed=1)
    >>> try:
    ...     state.apply(tb.parse_action("take amulet"))
    ... except tb.IllegalActionError as error:
    ...     print(error.rule)
    amulets
    """

    def __init__(self, message: str, rule: str) -> None:
        super().__init__(f"{message} ({rule})")
        self.rule = rule
