"""Building the 32 bundled islands from three double-sided pieces and four assembly patterns.

>>> island = assemble("AbC", 2)
>>> island.name, len(island)
('AbC-2', 96)
>>> sorted(pieces())
['A', 'B', 'C', 'a', 'b', 'c']
>>> patterns()[1].translation("C")
(3, 4)

The pieces, patterns and shipped landmark placements are data files next to this module
(``data/pieces.txt``, ``data/patterns.txt``, ``data/landmarks.txt``); see ``docs/islands.md``.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from importlib import resources

from tobago_solver import hexgrid
from tobago_solver.errors import IslandFormatError, UnknownIslandError
from tobago_solver.hexgrid import Direction, Hex
from tobago_solver.island import Island, Landmark, LandmarkKind, Terrain
from tobago_solver.textformat import parse_terrain_row

PIECES = "ABC"
"""The three pieces; a capital letter names the larger side, a lower-case one the smaller."""

PATTERN_NUMBERS = (1, 2, 3, 4)

_NAME_RE = re.compile(r"([Aa][Bb][Cc])-([1-4])")
_NAME_HINT = "expected sides like 'AbC' and a pattern 1-4, e.g. 'ABC-1'"


@dataclass(frozen=True)
class PieceSide:
    """One side of a puzzle piece: its land fields in the piece's own frame.

    >>> side = pieces()["A"]
    >>> side.piece, side.is_large, len(side)
    ('A', True, 35)
    """

    letter: str
    """``A`` to ``C`` for the larger side, ``a`` to ``c`` for the smaller."""
    cells: tuple[tuple[Hex, Terrain], ...]
    """``((column, row), terrain)`` for each land field, 0-based in the piece's frame."""

    @property
    def piece(self) -> str:
        """The piece this side belongs to, as a capital letter."""
        return self.letter.upper()

    @property
    def is_large(self) -> bool:
        """Whether this is the larger side (a capital letter)."""
        return self.letter.isupper()

    def __len__(self) -> int:
        return len(self.cells)


@dataclass(frozen=True)
class Pattern:
    """How the three pieces lie together: an axial translation ``(q, r)`` per piece.

    >>> patterns()[3].translation("A")
    (3, 4)
    """

    number: int
    translations: tuple[tuple[str, tuple[int, int]], ...]
    """``(piece, (q, r))`` for pieces A, B and C."""

    def translation(self, piece: str) -> tuple[int, int]:
        """The axial translation of ``piece`` (either case)."""
        return dict(self.translations)[piece.upper()]


def _data_lines(filename: str) -> list[tuple[int, str]]:
    text = resources.files("tobago_solver.islands").joinpath("data", filename).read_text("utf-8")
    return [
        (number, raw.split("#", 1)[0].rstrip()) for number, raw in enumerate(text.splitlines(), 1)
    ]


@cache
def pieces() -> Mapping[str, PieceSide]:
    """The six piece sides by letter (``A a B b C c``), read from ``data/pieces.txt``.

    >>> [len(side) for side in pieces().values()]
    [35, 29, 34, 28, 33, 27]
    """
    rows: dict[str, list[tuple[int, str]]] = {}
    current: list[tuple[int, str]] | None = None
    for number, line in _data_lines("pieces.txt"):
        key = re.fullmatch(r"\s*piece\s*:\s*(\S+)\s*", line)
        if key is not None:
            letter = key.group(1)
            if len(letter) != 1 or letter.upper() not in PIECES or letter in rows:
                raise IslandFormatError(
                    f"pieces.txt: unknown or repeated piece side {letter!r} "
                    f"(expected one of {', '.join(PIECES + PIECES.lower())} once)",
                    number,
                )
            current = rows[letter] = []
        elif not line.strip():
            current = None
        elif current is None:
            raise IslandFormatError("pieces.txt: terrain row outside a 'piece:' block", number)
        else:
            current.append((number, line))
    missing = sorted(set(PIECES + PIECES.lower()) - set(rows))
    if missing:
        raise IslandFormatError(f"pieces.txt: no side {', '.join(missing)}")
    return {
        letter: _piece_side(letter, rows[letter])
        for letter in sorted(rows, key=lambda letter: (letter.upper(), letter.islower()))
    }


def _piece_side(letter: str, rows: list[tuple[int, str]]) -> PieceSide:
    cells: list[tuple[Hex, Terrain]] = []
    for row, (number, line) in enumerate(rows):
        try:
            land = parse_terrain_row(line, number)
        except IslandFormatError as error:
            raise IslandFormatError(
                f"pieces.txt, side {letter}: {error.detail}", error.line, error.column
            ) from None
        cells.extend(((column, row), terrain) for column, terrain in land)
    return PieceSide(letter, tuple(cells))


@cache
def patterns() -> Mapping[int, Pattern]:
    """The four assembly patterns by number, read from ``data/patterns.txt``.

    >>> sorted(patterns())
    [1, 2, 3, 4]
    """
    found: dict[int, Pattern] = {}
    for number, line in _data_lines("patterns.txt"):
        if not line.strip():
            continue
        match = re.fullmatch(r"\s*([1-4])\s*:((?:\s*[ABC]\s+-?\d+\s*,\s*-?\d+)+)\s*", line)
        if match is None:
            raise IslandFormatError(
                f"patterns.txt: cannot read {line.strip()!r} "
                "(expected 'N: A q,r  B q,r  C q,r' with N from 1 to 4)",
                number,
            )
        moves = re.findall(r"([ABC])\s+(-?\d+)\s*,\s*(-?\d+)", match.group(2))
        translations = {piece: (int(q), int(r)) for piece, q, r in moves}
        pattern_number = int(match.group(1))
        if sorted(translations) != list(PIECES) or len(moves) != len(PIECES):
            raise IslandFormatError(
                f"patterns.txt: pattern {pattern_number} must move each of A, B, C once", number
            )
        if pattern_number in found:
            raise IslandFormatError(f"patterns.txt: pattern {pattern_number} twice", number)
        found[pattern_number] = Pattern(pattern_number, tuple(sorted(translations.items())))
    if sorted(found) != list(PATTERN_NUMBERS):
        raise IslandFormatError(f"patterns.txt: expected patterns 1-4, found {sorted(found)}")
    return dict(sorted(found.items()))


def split_name(name: str) -> tuple[str, int]:
    """The sides and pattern of a bundled island's name.

    >>> split_name("AbC-2")
    ('AbC', 2)
    """
    match = _NAME_RE.fullmatch(name) if isinstance(name, str) else None
    if match is None:
        raise UnknownIslandError(f"unknown island {name!r}: {_NAME_HINT}")
    return match.group(1), int(match.group(2))


def all_names() -> tuple[str, ...]:
    """The 32 bundled names, sorted (capitals sort before lower case)."""
    sides = [a + b + c for a in ("A", "a") for b in ("B", "b") for c in ("C", "c")]
    return tuple(sorted(f"{side}-{number}" for side in sides for number in PATTERN_NUMBERS))


def assemble(sides: str, pattern: int) -> Island:
    """The island that the given sides form in the given pattern, without landmarks.

    Each side's fields move by the pattern's axial translation, which keeps every shape intact;
    the result is then moved so that its top row is row 1 and its leftmost column is column a.

    >>> island = assemble("abc", 1)
    >>> island.name, island.fields[:3], island.landmarks
    ('abc-1', ('h1', 'h2', 'i2'), ())
    """
    name = f"{sides}-{pattern}"
    split_name(name)
    axial: dict[tuple[int, int], Terrain] = {}
    for letter in sides:
        q_shift, r_shift = patterns()[pattern].translation(letter)
        for hex_, terrain in pieces()[letter].cells:
            q, r = hexgrid.to_axial(hex_)
            moved = (q + q_shift, r + r_shift)
            if moved in axial:
                raise ValueError(f"island {name}: piece {letter} overlaps another piece")
            axial[moved] = terrain
    # Rows shift in axial coordinates: an odd row shift in offset coordinates would shear shapes.
    top = min(r for _, r in axial)
    offset = {hexgrid.from_axial(q, r - top): terrain for (q, r), terrain in axial.items()}
    left = min(column for column, _ in offset)
    return Island.from_terrain(
        name,
        {
            hexgrid.field_name(column - left, row): terrain
            for (column, row), terrain in offset.items()
        },
    )


@cache
def shipped_landmarks() -> Mapping[str, tuple[Landmark, ...]]:
    """The landmark placement shipped for each bundled island, from ``data/landmarks.txt``.

    >>> [str(mark) for mark in shipped_landmarks()["ABC-1"]][:2]
    ['d4', 'k7']
    """
    found: dict[str, tuple[Landmark, ...]] = {}
    for number, line in _data_lines("landmarks.txt"):
        if not line.strip():
            continue
        island_name, _, rest = line.partition(":")
        island_name = island_name.strip()
        split_name(island_name)
        marks: list[Landmark] = []
        for part in rest.split(";"):
            kind_text, colon, fields = part.partition(":")
            try:
                kind = LandmarkKind(kind_text.strip())
            except ValueError:
                raise IslandFormatError(
                    f"landmarks.txt: unknown landmark kind {kind_text.strip()!r} "
                    "(expected hut, palm or statue)",
                    number,
                ) from None
            if not colon:
                raise IslandFormatError("landmarks.txt: expected 'kind: fields'", number)
            for token in fields.split():
                field, _, facing = token.partition(">")
                marks.append(Landmark(kind, field, Direction(facing) if facing else None))
        found[island_name] = tuple(marks)
    return found
