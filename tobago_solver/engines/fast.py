"""The fast engine: intersect precomputed clue bitmasks.

>>> from tobago_solver import Clue, islands
>>> island = islands.default()
>>> len(candidates(island, [])) == len(island)
True
"""

from __future__ import annotations

from collections.abc import Iterable

from tobago_solver.clues import Clue
from tobago_solver.compile import CompiledIsland, compiled
from tobago_solver.fieldset import FieldSet
from tobago_solver.island import Island


def candidates_mask(table: CompiledIsland, clues: Iterable[Clue]) -> int:
    """The bitmask of the fields where every clue holds."""
    masks = table.masks
    mask = table.land_mask
    for clue in clues:
        mask &= masks[clue]
    return mask


def candidates(island: Island, clues: Iterable[Clue]) -> FieldSet:
    """The land fields where every clue holds."""
    table = compiled(island)
    return FieldSet(table.fields, table.index, candidates_mask(table, clues))
