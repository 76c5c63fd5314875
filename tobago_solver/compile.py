"""Clues compiled to field sets of one island: distances to every target, once per island.

Every clue of the grammar becomes a bitmask over the island's fields in reading order; the
island keeps the table, so later queries are dictionary look-ups.

>>> from tobago_solver import Clue, islands
>>> island = islands.default()
>>> table = compiled(island)
>>> table.mask(Clue.parse("in lake")) == sum(
...     1 << i for i, f in enumerate(island.fields) if island.terrain(f) == "lake")
True
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Final

import numpy as np
import numpy.typing as npt

from tobago_solver import hexgrid
from tobago_solver.clues import DECK, SEA, Clue, Relation, Target, as_target
from tobago_solver.errors import TobagoError
from tobago_solver.fieldset import FieldSet
from tobago_solver.island import Island, LandmarkKind, Terrain

TargetKey = tuple[Target, bool]
"""A target and whether it means only its largest area(s)."""

UNREACHABLE: Final = 1 << 20
"""Distance to a target the island does not have (no hut, say): no relation ever holds."""

_CACHE_KEY: Final = "tobago_solver.compile"
_CHUNK_CELLS: Final = 1 << 20


def all_target_keys() -> tuple[TargetKey, ...]:
    """Every target a clue may name: terrains, largest terrains, sea and landmark kinds."""
    return (
        *((terrain, False) for terrain in Terrain),
        *((terrain, True) for terrain in Terrain),
        (SEA, False),
        *((kind, False) for kind in LandmarkKind),
    )


def all_clues() -> tuple[Clue, ...]:
    """Every clue the grammar allows (94: the deck's 52 and the rest, e.g. ``in hut``).

    The deck's cards are the deck's own objects: hands hold them, and a dict keyed by these
    clues finds a card by identity, without comparing its fields.
    """
    deck = {card: card for card in DECK}
    return tuple(
        deck.get(clue, clue)
        for clue in (
            Clue(relation, target, negated, largest)
            for target, largest in all_target_keys()
            for relation in Relation
            if not (target == SEA and relation is Relation.IN)
            for negated in (False, True)
        )
    )


def target_fields(island: Island, target: Target, largest: bool = False) -> frozenset[str]:
    """The land fields a target names (not for :data:`SEA`, which is not land).

    >>> from tobago_solver import islands
    >>> island = islands.default()
    >>> len(target_fields(island, "hut"))
    4
    """
    target = as_target(target)
    if isinstance(target, Terrain):
        if largest:
            return frozenset(f for area in island.largest_areas(target) for f in area.fields)
        return frozenset(f for f in island.fields if island.terrain(f) is target)
    if isinstance(target, LandmarkKind):
        return frozenset(mark.field for mark in island.landmarks_of(target))
    raise TobagoError(f"target {target!r} has no land fields")


def _axial(hexes: list[hexgrid.Hex]) -> npt.NDArray[np.int64]:
    return np.array([hexgrid.to_axial(h) for h in hexes], dtype=np.int64).reshape(-1, 2)


def _distances(
    land: npt.NDArray[np.int64], targets: npt.NDArray[np.int64]
) -> npt.NDArray[np.int64]:
    """For each land hex, the hex distance to the nearest target hex (UNREACHABLE if none)."""
    result = np.full(len(land), UNREACHABLE, dtype=np.int64)
    if len(targets) == 0:
        return result
    # Chunks bound the temporary land x target matrices on huge hand-made islands.
    rows = max(1, _CHUNK_CELLS // len(targets))
    for start in range(0, len(land), rows):
        part = land[start : start + rows]
        dq = part[:, None, 0] - targets[None, :, 0]
        dr = part[:, None, 1] - targets[None, :, 1]
        result[start : start + rows] = ((np.abs(dq) + np.abs(dr) + np.abs(dq + dr)) // 2).min(
            axis=1
        )
    return result


def _sea_hexes(island: Island) -> list[hexgrid.Hex]:
    # All sea lies outside the land's bounding box or inside it; a shortest path from a land field
    # to any sea hex outside the box crosses the ring just around the box, which is all sea, so the
    # box grown by one hex holds a nearest sea hex of every land field.
    columns, rows = island.size
    return [
        (column, row)
        for row in range(-1, rows + 1)
        for column in range(-1, columns + 1)
        if not island.is_land((column, row))
    ]


@dataclass(frozen=True)
class CompiledIsland:
    """The compiled facts of one island: fields, distances to targets, clue bitmasks."""

    fields: tuple[str, ...]
    index: dict[str, int]
    land_mask: int
    distances: dict[TargetKey, tuple[int, ...]]
    """Per target, the distance of each field (in reading order) to it."""
    masks: dict[Clue, int]

    def mask(self, clue: Clue) -> int:
        """The bitmask of the fields where ``clue`` holds."""
        return self.masks[clue]

    def field_set(self, mask: int) -> FieldSet:
        """The fields of a bitmask."""
        return FieldSet(self.fields, self.index, mask)

    def mask_of(self, fields: Iterable[str]) -> int:
        """The bitmask of some fields of this island."""
        mask = 0
        for name in fields:
            mask |= 1 << self.index[name]
        return mask


def _compile(island: Island) -> CompiledIsland:
    fields = island.fields
    land = _axial([island.hex(f) for f in fields])
    distances: dict[TargetKey, tuple[int, ...]] = {}
    for target, largest in all_target_keys():
        if target == SEA:
            target_hexes = _sea_hexes(island)
        else:
            target_hexes = [island.hex(f) for f in sorted(target_fields(island, target, largest))]
        distances[target, largest] = tuple(int(d) for d in _distances(land, _axial(target_hexes)))
    land_mask = (1 << len(fields)) - 1
    masks: dict[Clue, int] = {}
    for clue in all_clues():
        mask = 0
        for i, d in enumerate(distances[clue.target, clue.largest]):
            if d <= clue.reach:
                mask |= 1 << i
        masks[clue] = land_mask ^ mask if clue.negated else mask
    return CompiledIsland(
        fields, {name: i for i, name in enumerate(fields)}, land_mask, distances, masks
    )


def compiled(island: Island) -> CompiledIsland:
    """The compiled facts of ``island``, computed on first use and kept with the island."""
    table = island._cache.get(_CACHE_KEY)
    if table is None:
        table = island._cache[_CACHE_KEY] = _compile(island)
    return table


def clue_fields(island: Island, clue: Clue) -> FieldSet:
    """The land fields where ``clue`` holds.

    >>> from tobago_solver import islands
    >>> island = islands.default()
    >>> clue_fields(island, Clue.parse("next to sea")) == island.coast
    True
    """
    table = compiled(island)
    return table.field_set(table.mask(clue))
