"""An immutable set of land fields backed by a bitmask: cheap to build, intersect and count.

>>> from tobago_solver import Island
>>> island = Island.from_terrain("tiny", {"a1": "beach", "b1": "lake", "c1": "lake"})
>>> fields = FieldSet.from_mask(island.fields, 0b101)
>>> sorted(fields), len(fields), "b1" in fields
(['a1', 'c1'], 2, False)
>>> fields == frozenset({"a1", "c1"})
True
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Set
from typing import Any


class FieldSet(Set[str]):
    """Field names of one island as a bitmask over its fields in reading order.

    It is an immutable :class:`collections.abc.Set`: it compares equal to a ``frozenset`` of the
    same names, iterates in reading order, and ``mask`` gives the raw bits for hot loops.

    >>> fields = FieldSet.from_mask(("a1", "b1"), 0b10)
    >>> fields.mask = 0
    Traceback (most recent call last):
    ...
    AttributeError: FieldSet is immutable: cannot set 'mask'
    """

    __slots__ = ("_fields", "_index", "mask")

    _fields: tuple[str, ...]
    _index: dict[str, int]
    mask: int

    def __init__(self, fields: tuple[str, ...], index: dict[str, int], mask: int) -> None:
        # Slots stay plain attributes, so reading ``mask`` in hot loops costs no property call.
        object.__setattr__(self, "_fields", fields)
        object.__setattr__(self, "_index", index)
        object.__setattr__(self, "mask", mask)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"FieldSet is immutable: cannot set {name!r}")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"FieldSet is immutable: cannot delete {name!r}")

    def __reduce__(self) -> tuple[type[FieldSet], tuple[tuple[str, ...], dict[str, int], int]]:
        # Pickling (process pools) would otherwise restore the slots through __setattr__.
        return FieldSet, (self._fields, self._index, self.mask)

    @classmethod
    def from_mask(cls, fields: tuple[str, ...], mask: int) -> FieldSet:
        """The set of ``fields[i]`` for every bit ``i`` of ``mask``."""
        return cls(fields, {name: i for i, name in enumerate(fields)}, mask)

    @classmethod
    def _from_iterable(cls, it: Iterable[Any]) -> frozenset[Any]:
        # Set operators mixing a FieldSet with other sets build plain frozensets.
        return frozenset(it)

    def __contains__(self, name: object) -> bool:
        i = self._index.get(name) if isinstance(name, str) else None
        return i is not None and bool(self.mask >> i & 1)

    def __iter__(self) -> Iterator[str]:
        mask = self.mask
        fields = self._fields
        while mask:
            low = mask & -mask
            yield fields[low.bit_length() - 1]
            mask ^= low

    def __len__(self) -> int:
        return self.mask.bit_count()

    def __eq__(self, other: object) -> bool:
        if isinstance(other, FieldSet) and other._fields is self._fields:
            return self.mask == other.mask
        return super().__eq__(other)

    def __hash__(self) -> int:
        return self._hash()

    def __repr__(self) -> str:
        return "FieldSet({" + ", ".join(repr(name) for name in self) + "})"
