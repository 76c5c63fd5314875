"""The island: land fields, terrains, landmarks, the ``.island`` text format and the field graph.

>>> island = Island.from_text('''
... name: example
... terrain:
... . B B B .
...  B J J M B
... . S L M M .
...  . S R B .
... hut: b2 d4
... palm: c1
... statue: c3>ne
... ''', strict=False)
>>> island.terrain("c3")
<Terrain.LAKE: 'lake'>
>>> island.fields[:4]
('b1', 'c1', 'd1', 'a2')
>>> sorted(island.graph.neighbors("c3"))
['b2', 'b3', 'b4', 'c2', 'c4', 'd3']
>>> Island.from_text(island.to_text(), strict=False) == island
True
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from functools import cached_property
from types import MappingProxyType
from typing import Any, Final

import networkx as nx

from tobago_solver import hexgrid
from tobago_solver.errors import IslandFormatError, LandmarkRuleError, UnknownFieldError
from tobago_solver.hexgrid import Direction, Hex


class Terrain(StrEnum):
    """The six land terrains. Everything else is sea.

    >>> import tobago_solver as tb
    >>> tb.Terrain("lake"), len(tb.Terrain)
    (<Terrain.LAKE: 'lake'>, 6)
    """

    BEACH = "beach"
    JUNGLE = "jungle"
    RIVER = "river"
    SCRUBLAND = "scrubland"
    LAKE = "lake"
    MOUNTAIN = "mountain"

    @property
    def letter(self) -> str:
        """The one-letter token of the island format (``B J R S L M``)."""
        return self.value[0].upper()

    @classmethod
    def from_letter(cls, letter: str) -> Terrain:
        """The terrain of a format token, either case; raises KeyError for any other token."""
        return _TERRAIN_BY_LETTER[letter]


_TERRAIN_BY_LETTER = {
    letter: terrain for terrain in Terrain for letter in (terrain.letter, terrain.letter.lower())
}
"""Exactly the documented tokens: ``str.upper`` would also turn ``ſ`` into ``S``."""

MAX_LAND_FIELDS: Final = 1000
"""The most land fields an island may have (a real island has about 100)."""

MAX_ROWS: Final = 60
"""The most rows an island may span; columns are limited to a–z (26) by the field names."""

MAX_TEXT_CHARS: Final = 100_000
"""The longest island text read (the largest island allowed takes a few kB; the bundled ones
about 1 kB): a longer one is refused before it is split into lines and tokens."""


_NO_ATTRIBUTES: Final[Mapping[str, Any]] = MappingProxyType({})
"""The attributes of every edge of :attr:`Island.graph`: none, and none can be added."""


class LandmarkKind(StrEnum):
    """The three kinds of landmark.

    >>> import tobago_solver as tb
    >>> [kind.value for kind in tb.LandmarkKind]
    ['hut', 'palm', 'statue']
    """

    HUT = "hut"
    PALM = "palm"
    STATUE = "statue"


_LANDMARK_ORDER = {kind: position for position, kind in enumerate(LandmarkKind)}


@dataclass(frozen=True)
class Landmark:
    """A landmark on a field; statues also face one neighbour.

    >>> str(Landmark(LandmarkKind.STATUE, "c3", Direction.NE))
    'c3>ne'
    >>> Landmark("castle", "c3")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    tobago_solver.errors.LandmarkRuleError: unknown landmark kind 'castle' (expected hut, ...)
    """

    kind: LandmarkKind
    field: str
    facing: Direction | None = None

    def __post_init__(self) -> None:
        try:
            kind = LandmarkKind(self.kind)
        except ValueError:
            raise LandmarkRuleError(
                f"unknown landmark kind {self.kind!r} (expected hut, palm or statue)"
            ) from None
        if not isinstance(self.field, str):
            raise UnknownFieldError(
                f"{kind} on {self.field!r}: a field is named by text, e.g. 'c3'"
            )
        try:
            facing = None if self.facing is None else Direction(self.facing)
        except ValueError:
            raise LandmarkRuleError(
                f"{kind} on {self.field}: unknown facing {self.facing!r} "
                "(expected one of e w ne nw se sw)"
            ) from None
        object.__setattr__(self, "kind", kind)
        object.__setattr__(self, "facing", facing)

    def __str__(self) -> str:
        return self.field if self.facing is None else f"{self.field}>{self.facing}"


@dataclass(frozen=True)
class LandmarkProblem:
    """One landmark rule an island breaks (the checks are in :mod:`tobago_solver.validation`)."""

    landmark: Landmark
    rule: str
    """``spacing``, ``coast`` or ``facing``."""
    message: str


@dataclass(frozen=True)
class Area:
    """A maximal connected set of land fields of one terrain.

    >>> import tobago_solver as tb
    >>> island = tb.islands.default()
    >>> area = island.area_of("a6")
    >>> area.terrain == island.terrain("a6"), "a6" in area.fields
    (True, True)
    """

    terrain: Terrain
    fields: frozenset[str]
    index: int
    """Position among the island's areas, ordered by each area's first field in reading order."""

    @property
    def name(self) -> str:
        """A stable label such as ``jungle#3`` (the area's index on its island)."""
        return f"{self.terrain}#{self.index}"

    def __len__(self) -> int:
        return len(self.fields)


def _is_name_character(character: str) -> bool:
    # Control characters (line breaks other than "\n" among them), separators and characters XML
    # cannot hold would break the text format's round trip or the SVG pictures.
    return unicodedata.category(character) not in _BAD_NAME_CATEGORIES and character not in (
        "#",
        "\ufffe",
        "\uffff",
    )


_BAD_NAME_CATEGORIES: Final = frozenset({"Cc", "Cs", "Zl", "Zp"})


def check_island_name(name: object) -> str:
    """``name`` if it can name an island, else :class:`IslandFormatError`.

    A name is non-empty text without outer spaces, ``#``, control characters or line breaks, so
    that it survives the text format and SVG pictures.

    >>> check_island_name("Isla Bonita")
    'Isla Bonita'
    """
    if not isinstance(name, str):
        raise IslandFormatError(f"island name {name!r} must be text")
    if not name or name != name.strip() or not all(map(_is_name_character, name)):
        raise IslandFormatError(
            f"island name {name!r} must be non-empty, one line, without '#', control characters "
            "or outer spaces"
        )
    return name


def _as_terrain(field: str, terrain: Terrain | str) -> Terrain:
    try:
        return Terrain(terrain)
    except ValueError:
        raise IslandFormatError(
            f"field {field}: unknown terrain {terrain!r} (expected one of {', '.join(Terrain)})"
        ) from None


def _normalise_field(name: str) -> str:
    try:
        return hexgrid.field_name(*hexgrid.parse_field(name))
    except ValueError as error:
        raise UnknownFieldError(str(error)) from None


def _reading_key(name: str) -> tuple[int, int]:
    column, row = hexgrid.parse_field(name)
    return row, column


@dataclass(frozen=True)
class Island:
    """An island: its land fields with their terrains, and its landmarks.

    >>> import tobago_solver as tb
    >>> island = tb.islands.get("ABC-1")
    >>> island.name, island.terrain("a6") in tb.Terrain
    ('ABC-1', True)

    Build one with :meth:`from_text`, :meth:`from_terrain` or :func:`tobago_solver.islands.get`.
    Values are immutable and compare by name, fields and landmarks; derived facts (graph, areas,
    coast) are computed once per value.
    """

    name: str
    cells: tuple[tuple[str, Terrain], ...]
    """``(field, terrain)`` for every land field, in reading order (top row first)."""
    landmarks: tuple[Landmark, ...] = ()
    """In canonical order: huts, palms, statues, each in reading order."""
    _cache: dict[str, Any] = field(
        default_factory=dict, init=False, repr=False, compare=False, hash=False
    )

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled as its name, cells and landmarks: its derived facts (some are views pickle
        cannot copy) are worked out again when asked."""
        return (Island, (self.name, self.cells, self.landmarks))

    def __post_init__(self) -> None:
        check_island_name(self.name)
        if not self.cells:
            raise IslandFormatError(f"island {self.name!r} has no land field")
        if len(self.cells) > MAX_LAND_FIELDS:
            raise IslandFormatError(
                f"island {self.name!r} has {len(self.cells)} land fields; "
                f"at most {MAX_LAND_FIELDS} are allowed"
            )
        terrains: dict[str, Terrain] = {}
        for name, terrain in self.cells:
            field = _normalise_field(name)
            if field in terrains:
                raise IslandFormatError(f"field {field} is listed twice")
            if hexgrid.parse_field(field)[1] >= MAX_ROWS:
                raise IslandFormatError(
                    f"field {field} lies beyond row {MAX_ROWS}, the last row an island may have"
                )
            terrains[field] = _as_terrain(field, terrain)
        cells = tuple(sorted(terrains.items(), key=lambda cell: _reading_key(cell[0])))
        normalised = [
            Landmark(
                LandmarkKind(mark.kind),
                _normalise_field(mark.field),
                None if mark.facing is None else Direction(mark.facing),
            )
            for mark in self.landmarks
        ]
        landmarks = tuple(
            sorted(
                normalised,
                key=lambda mark: (_LANDMARK_ORDER[mark.kind], _reading_key(mark.field)),
            )
        )
        seen: dict[str, Landmark] = {}
        for mark in landmarks:
            if mark.field not in terrains:
                raise UnknownFieldError(f"{mark.kind} on {mark.field}: not a land field")
            if mark.field in seen:
                raise LandmarkRuleError(
                    f"{mark.kind} on {mark.field}: field already holds a {seen[mark.field].kind}"
                )
            if (mark.kind is LandmarkKind.STATUE) != (mark.facing is not None):
                raise LandmarkRuleError(
                    f"{mark.kind} on {mark.field}: only statues face a direction, and they must"
                )
            seen[mark.field] = mark
        object.__setattr__(self, "cells", cells)
        object.__setattr__(self, "landmarks", landmarks)

    # -- construction -----------------------------------------------------------------------

    @classmethod
    def from_terrain(
        cls, name: str, terrain: Mapping[str, Terrain | str], landmarks: Iterable[Landmark] = ()
    ) -> Island:
        """Build an island from ``{field: terrain}``.

        >>> Island.from_terrain("tiny", {"a1": "beach", "b1": "lake"}).fields
        ('a1', 'b1')
        """
        return cls(
            name, tuple((f, _as_terrain(f, t)) for f, t in terrain.items()), tuple(landmarks)
        )

    @classmethod
    def from_text(cls, text: str, *, strict: bool = True) -> Island:
        """Parse the ``.island`` format (see ``docs/formats.md``).

        With ``strict`` (the default) the landmarks must also follow the landmark rules: same
        kinds at distance ≥ 4, no statue on the coast, statues facing land of another terrain. A
        text longer than ``MAX_TEXT_CHARS`` (100,000) characters is refused unread.
        """
        # Lazy: the text format is its own module, which builds on this one.
        from tobago_solver.textformat import parse_island

        return parse_island(text, strict=strict)

    def to_text(self) -> str:
        """Write the ``.island`` format; ``Island.from_text(island.to_text()) == island``."""
        # Lazy: the text format is its own module, which builds on this one.
        from tobago_solver.textformat import write_island

        return write_island(self)

    def with_landmarks(self, landmarks: Iterable[Landmark]) -> Island:
        """The same island with other landmarks."""
        return Island(self.name, self.cells, tuple(landmarks))

    def renamed(self, name: str) -> Island:
        """The same island under another name."""
        return Island(name, self.cells, self.landmarks)

    # -- fields -----------------------------------------------------------------------------

    @cached_property
    def fields(self) -> tuple[str, ...]:
        """The land field names in reading order."""
        return tuple(name for name, _ in self.cells)

    @cached_property
    def _terrain_of(self) -> dict[str, Terrain]:
        return dict(self.cells)

    @cached_property
    def _hex_of(self) -> dict[str, Hex]:
        return {name: hexgrid.parse_field(name) for name in self.fields}

    @cached_property
    def _field_at(self) -> dict[Hex, str]:
        return {hex_: name for name, hex_ in self._hex_of.items()}

    def in_reading_order(self, fields: Iterable[str]) -> tuple[str, ...]:
        """The land fields among ``fields``, in reading order (as commands print them).

        >>> Island.from_terrain("duo", {"a1": "beach", "b1": "lake"}).in_reading_order({"b1", "a1"})
        ('a1', 'b1')
        """
        chosen = set(fields)
        return tuple(name for name in self.fields if name in chosen)

    def __contains__(self, name: object) -> bool:
        return name in self._terrain_of

    def __len__(self) -> int:
        return len(self.cells)

    def require_field(self, name: str) -> str:
        """``name`` normalised to lower case; raises UnknownFieldError unless it is land."""
        if not isinstance(name, str):
            raise UnknownFieldError(f"{name!r} is not a field name (expected text such as 'c3')")
        # ASCII only: str.lower would also read the Kelvin sign as 'k'.
        normalised = name.strip().lower() if name.isascii() else ""
        if normalised not in self._terrain_of:
            raise UnknownFieldError(f"{name!r} is not a land field of island {self.name!r}")
        return normalised

    def terrain(self, name: str) -> Terrain:
        """The terrain of a land field."""
        return self._terrain_of[self.require_field(name)]

    def hex(self, name: str) -> Hex:
        """The 0-based ``(column, row)`` of a land field."""
        return self._hex_of[self.require_field(name)]

    def field_at(self, hex_: Hex) -> str | None:
        """The land field at a hex, or None for sea."""
        return self._field_at.get(hex_)

    def is_land(self, hex_: Hex) -> bool:
        """Whether a hex is a land field of this island."""
        return hex_ in self._field_at

    def distance(self, a: str, b: str) -> int:
        """Hex distance between two land fields (it may cross sea)."""
        return hexgrid.distance(self.hex(a), self.hex(b))

    def land_neighbours(self, name: str) -> tuple[str, ...]:
        """The adjacent land fields, in the order e, ne, nw, w, sw, se."""
        return tuple(
            neighbour
            for hex_ in hexgrid.neighbours(self.hex(name))
            if (neighbour := self._field_at.get(hex_)) is not None
        )

    @cached_property
    def size(self) -> tuple[int, int]:
        """``(columns, rows)`` of the smallest map that holds every land field."""
        if not self.cells:
            return 0, 0
        return (
            max(column for column, _ in self._hex_of.values()) + 1,
            max(row for _, row in self._hex_of.values()) + 1,
        )

    # -- derived facts ----------------------------------------------------------------------

    @cached_property
    def coast(self) -> frozenset[str]:
        """Land fields with at least one adjacent non-land hex."""
        return frozenset(
            name
            for name, hex_ in self._hex_of.items()
            if any(n not in self._field_at for n in hexgrid.neighbours(hex_))
        )

    def is_coastal(self, name: str) -> bool:
        """Whether a land field touches the sea."""
        return self.require_field(name) in self.coast

    @cached_property
    def areas(self) -> tuple[Area, ...]:
        """Every area, ordered by its first field in reading order."""
        seen: set[str] = set()
        areas: list[Area] = []
        for start in self.fields:
            if start in seen:
                continue
            terrain = self._terrain_of[start]
            members = {start}
            frontier = [start]
            while frontier:
                current = frontier.pop()
                for neighbour in self.land_neighbours(current):
                    if neighbour not in members and self._terrain_of[neighbour] is terrain:
                        members.add(neighbour)
                        frontier.append(neighbour)
            seen |= members
            areas.append(Area(terrain, frozenset(members), len(areas)))
        return tuple(areas)

    @cached_property
    def _area_of(self) -> dict[str, Area]:
        return {name: area for area in self.areas for name in area.fields}

    def area_of(self, name: str) -> Area:
        """The area holding a land field."""
        return self._area_of[self.require_field(name)]

    def largest_areas(self, terrain: Terrain | str) -> tuple[Area, ...]:
        """The area(s) of ``terrain`` with the most fields; all of them when several tie
        (choice), none when the island lacks the terrain."""
        of_terrain = [area for area in self.areas if area.terrain == terrain]
        if not of_terrain:
            return ()
        most = max(len(area) for area in of_terrain)
        return tuple(area for area in of_terrain if len(area) == most)

    @cached_property
    def landmark_at(self) -> Mapping[str, Landmark]:
        """``{field: landmark}`` for every landmark (read-only)."""
        return MappingProxyType({mark.field: mark for mark in self.landmarks})

    def landmarks_of(self, kind: LandmarkKind | str) -> tuple[Landmark, ...]:
        """The landmarks of one kind, in reading order."""
        return tuple(mark for mark in self.landmarks if mark.kind == kind)

    @cached_property
    def graph(self) -> nx.Graph:  # type: ignore[type-arg]
        """A frozen networkx graph: nodes are land fields (attributes ``terrain``, ``area`` — the
        area's index —, ``coastal``, ``landmark`` — a kind or None — and ``facing``), edges join
        adjacent land fields.

        It is shared by every user of the island, so it is frozen (``nx.freeze``): adding or
        removing nodes or edges raises ``networkx.NetworkXError``, and writing an attribute
        raises TypeError (they are read-only mappings); take ``graph.copy()`` to edit.
        The library reads no attribute from it, so it answers the same whatever a caller does.
        """
        graph: nx.Graph = nx.Graph(name=self.name)  # type: ignore[type-arg]
        for name in self.fields:
            mark = self.landmark_at.get(name)
            graph.add_node(
                name,
                terrain=self._terrain_of[name],
                area=self._area_of[name].index,
                coastal=name in self.coast,
                landmark=None if mark is None else mark.kind,
                facing=None if mark is None else mark.facing,
            )
        for name in self.fields:
            for neighbour in self.land_neighbours(name):
                graph.add_edge(name, neighbour)
        # nx.freeze stops adding and removing nodes and edges, not writing their attributes: the
        # attribute dicts become read-only views, so a bundled island's graph stays as built.
        # (networkx keeps them in the graph's _node and _adj dicts, which its stubs leave out.)
        nodes: dict[str, dict[str, Any]] = vars(graph)["_node"]
        adjacency: dict[str, dict[str, Any]] = vars(graph)["_adj"]
        for name in self.fields:
            nodes[name] = MappingProxyType(nodes[name])  # type: ignore[assignment]
        for neighbours in adjacency.values():
            for neighbour in neighbours:
                neighbours[neighbour] = _NO_ATTRIBUTES
        frozen: nx.Graph = nx.freeze(graph)  # type: ignore[type-arg]
        return frozen

    def landmark_problems(self) -> list[LandmarkProblem]:
        """Every breach of the landmark rules, each naming the field and the rule."""
        # Lazy: the rules are checked in validation.py, which builds on this module.
        from tobago_solver.validation import landmark_problems

        return landmark_problems(self)

    def check_landmarks(self) -> None:
        """Raise :class:`LandmarkRuleError` listing every landmark rule this island breaks."""
        problems = self.landmark_problems()
        if problems:
            raise LandmarkRuleError("; ".join(problem.message for problem in problems))

    # -- display ----------------------------------------------------------------------------

    def __repr__(self) -> str:
        return f"Island.from_text({self.to_text()!r}, strict=False)"

    def __str__(self) -> str:
        return self.to_text()

    def _repr_svg_(self) -> str:
        # Lazy: the pictures sit above the island; notebooks call this to show one.
        from tobago_solver.render import render_svg

        return render_svg(self)
