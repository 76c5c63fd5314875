"""Where can the treasure be? The public entry point that picks an engine by name.

>>> import tobago_solver as tb
>>> island = tb.islands.default()
>>> clues = [tb.Clue.parse("next to sea"), tb.Clue.parse("not in beach")]
>>> candidates(island, clues) == candidates(island, clues, engine="cpsat")
True
"""

from __future__ import annotations

from collections.abc import Iterable, Set
from typing import Literal

from tobago_solver.clues import Clue
from tobago_solver.engines import fast, naive
from tobago_solver.errors import TobagoError
from tobago_solver.island import Island

Engine = Literal["fast", "cpsat", "naive"]
"""The names of the treasure engines; every engine gives the same fields.

>>> import tobago_solver as tb
>>> island = tb.islands.default()
>>> tb.candidates(island, ["in lake"], engine="naive") == tb.candidates(island, ["in lake"])
True
"""
ENGINES: tuple[Engine, ...] = ("fast", "cpsat", "naive")
"""Every treasure engine, the default (``fast``) first.

>>> import tobago_solver as tb
>>> tb.ENGINES
('fast', 'cpsat', 'naive')
"""


def as_clues(clues: Iterable[Clue | str]) -> list[Clue]:
    """Clues as values, parsing any given as text.

    >>> as_clues(["in lake", Clue.parse("next to hut")])
    [Clue.parse('in lake'), Clue.parse('next to hut')]
    """
    if isinstance(clues, str):
        raise TypeError(f"expected a list of clues, got the string {clues!r}; write [{clues!r}]")
    return [clue if isinstance(clue, Clue) else Clue.parse(clue) for clue in clues]


def candidates(island: Island, clues: Iterable[Clue | str], engine: Engine = "fast") -> Set[str]:
    """The land fields where all ``clues`` hold (every land field when there is none).

    >>> import tobago_solver as tb
    >>> island = tb.islands.default()
    >>> fields = tb.candidates(island, [tb.Clue.parse("in largest lake")])
    >>> {island.terrain(field) for field in fields}
    {<Terrain.LAKE: 'lake'>}

    ``engine``: ``fast`` (bitmasks, the default), ``cpsat`` (every solution of a CP-SAT model;
    raises :class:`~tobago_solver.SolverUnknownError` rather than guess on a time-out) or
    ``naive`` (the per-field baseline). All three give the same set; ``fast`` and ``cpsat`` return a
    :class:`~tobago_solver.fieldset.FieldSet`, ``naive`` a frozenset.
    """
    clue_list = as_clues(clues)
    if engine == "fast":
        return fast.candidates(island, clue_list)
    if engine == "cpsat":
        # Lazy: ortools loads only when this engine is asked for.
        from tobago_solver.engines import cpsat

        return cpsat.candidates(island, clue_list)
    if engine == "naive":
        return naive.candidates(island, clue_list)
    raise TobagoError(f"unknown engine {engine!r} (expected one of {', '.join(ENGINES)})")
