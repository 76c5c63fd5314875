"""The 32 bundled islands: three double-sided pieces in four assembly patterns.

>>> from tobago_solver import islands
>>> len(islands.names()), islands.names()[0]
(32, 'ABC-1')
>>> islands.get("AbC-2").name
'AbC-2'
>>> islands.default() is islands.get("ABC-1")
True

A name gives the side of each piece (capital = larger side), then the pattern 1-4. Each island
ships with a legal landmark placement; see ``docs/islands.md``.
"""

from __future__ import annotations

from functools import cache

from tobago_solver.island import Island
from tobago_solver.islands.assembly import (
    Pattern,
    PieceSide,
    all_names,
    assemble,
    patterns,
    pieces,
    shipped_landmarks,
    split_name,
)

DEFAULT_NAME = "ABC-1"

__all__ = [
    "DEFAULT_NAME",
    "Pattern",
    "PieceSide",
    "assemble",
    "default",
    "get",
    "names",
    "patterns",
    "pieces",
]


def names() -> tuple[str, ...]:
    """The 32 bundled island names, sorted.

    >>> names()[:5]
    ('ABC-1', 'ABC-2', 'ABC-3', 'ABC-4', 'ABc-1')
    """
    return all_names()


@cache
def get(name: str) -> Island:
    """The bundled island ``name`` with its shipped landmarks (cached).

    >>> get("abc-3").name
    'abc-3'

    Raises :class:`~tobago_solver.errors.UnknownIslandError` for any other name.
    """
    sides, pattern = split_name(name)
    island = assemble(sides, pattern)
    return island.with_landmarks(shipped_landmarks().get(island.name, ()))


def default() -> Island:
    """The default island, ``ABC-1``.

    >>> default().name
    'ABC-1'
    """
    return get(DEFAULT_NAME)
