"""Reading and writing the ``.island`` text format.

>>> island = parse_island("name: duo\\nterrain:\\nB L\\n", strict=False)
>>> print(write_island(island))
# Tobago island
name: duo
terrain:
B L
<BLANKLINE>
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from tobago_solver import hexgrid
from tobago_solver.errors import IslandFormatError, TobagoError
from tobago_solver.hexgrid import Direction
from tobago_solver.island import (
    MAX_LAND_FIELDS,
    MAX_ROWS,
    MAX_TEXT_CHARS,
    Island,
    Landmark,
    LandmarkKind,
    Terrain,
)

_KEY_RE = re.compile(r"\s*([A-Za-z_]+)\s*:(.*)")
_SEA_TOKEN = "."
_KNOWN_KEYS = ("name", "terrain", "hut", "palm", "statue")


@dataclass(frozen=True)
class _Token:
    text: str
    line: int
    column: int


def _tokens(line: str, line_number: int, start: int = 0) -> list[_Token]:
    return [
        _Token(match.group(), line_number, match.start() + 1)
        for match in re.finditer(r"\S+", line)
        if match.start() >= start
    ]


def parse_island(text: str, *, strict: bool = True) -> Island:
    """Parse an island text; see :meth:`Island.from_text`."""
    if not isinstance(text, str):
        kind = type(text).__name__
        raise IslandFormatError(f"an island is text in the .island format, not {kind}")
    if len(text) > MAX_TEXT_CHARS:
        raise IslandFormatError(
            f"an island text has at most {MAX_TEXT_CHARS:,} characters, this one {len(text):,}"
        )
    lines = [raw.split("#", 1)[0].rstrip() for raw in text.splitlines()]
    name = "island"
    seen_keys: set[str] = set()
    terrain: dict[str, Terrain] = {}
    landmark_tokens: list[tuple[LandmarkKind, _Token]] = []
    number = 0
    terrain_line = 0
    while number < len(lines):
        line = lines[number]
        number += 1
        if not line.strip():
            continue
        match = _KEY_RE.fullmatch(line)
        if match is None:
            raise IslandFormatError(
                f"expected a 'key:' line (one of {', '.join(_KNOWN_KEYS)}), found {line.strip()!r}",
                number,
                len(line) - len(line.lstrip()) + 1,
            )
        key = match.group(1).lower()
        value_column = match.start(2) + 1
        if key not in _KNOWN_KEYS:
            raise IslandFormatError(
                f"unknown key {match.group(1)!r} (expected one of {', '.join(_KNOWN_KEYS)})",
                number,
                match.start(1) + 1,
            )
        if key in seen_keys:
            raise IslandFormatError(f"key {key!r} appears twice", number, match.start(1) + 1)
        seen_keys.add(key)
        value = match.group(2)
        if key == "name":
            name = value.strip()
            if not name:
                raise IslandFormatError("the name is empty", number, value_column)
        elif key == "terrain":
            if value.strip():
                raise IslandFormatError(
                    "terrain rows start on the line after 'terrain:'", number, value_column
                )
            terrain_line = number
            row = 0
            while number < len(lines) and lines[number].strip():
                if _KEY_RE.fullmatch(lines[number]):
                    break
                if row == MAX_ROWS:
                    raise IslandFormatError(
                        f"an island has at most {MAX_ROWS} terrain rows", number + 1, 1
                    )
                _parse_row(lines[number], number + 1, row, terrain)
                row += 1
                number += 1
        else:
            kind = LandmarkKind(key)
            landmark_tokens.extend(
                (kind, token) for token in _tokens(line, number, start=match.start(2))
            )
    if not terrain_line:
        raise IslandFormatError("no 'terrain:' block")
    if not terrain:
        raise IslandFormatError("the terrain block has no land field", terrain_line, 1)
    landmarks = [_parse_landmark(kind, token, terrain) for kind, token in landmark_tokens]
    position: dict[str, _Token] = {}
    for (_, token), mark in zip(landmark_tokens, landmarks, strict=True):
        if mark.field in position:
            other = position[mark.field]
            raise IslandFormatError(
                f"two landmarks on field {mark.field} (the first at line {other.line})",
                token.line,
                token.column,
            )
        position[mark.field] = token
    try:
        island = Island.from_terrain(name, terrain, landmarks)
    except TobagoError as error:
        raise IslandFormatError(str(error)) from error
    if strict:
        for problem in island.landmark_problems():
            token = position[problem.landmark.field]
            raise IslandFormatError(problem.message, token.line, token.column)
    return island


def parse_terrain_row(line: str, line_number: int = 0) -> list[tuple[int, Terrain]]:
    """``(column, terrain)`` for each land token of one terrain row, columns counted from 0.

    Shared by island files and the bundled pieces, so both read the same tokens.

    >>> parse_terrain_row(" . B l")
    [(1, <Terrain.BEACH: 'beach'>), (2, <Terrain.LAKE: 'lake'>)]
    """
    land: list[tuple[int, Terrain]] = []
    for column, token in enumerate(_tokens(line, line_number)):
        if token.text == _SEA_TOKEN:
            continue
        try:
            land.append((column, Terrain.from_letter(token.text)))
        except KeyError:
            raise IslandFormatError(
                f"unknown token {token.text!r} (expected '.', or B J R S L M for beach, jungle, "
                "river, scrubland, lake, mountain)",
                token.line,
                token.column,
            ) from None
    return land


def _parse_row(line: str, line_number: int, row: int, terrain: dict[str, Terrain]) -> None:
    for column, kind in parse_terrain_row(line, line_number):
        try:
            terrain[hexgrid.field_name(column, row)] = kind
        except ValueError:
            token = _tokens(line, line_number)[column]
            raise IslandFormatError(
                "a row has at most 26 fields (columns a–z)", token.line, token.column
            ) from None
        if len(terrain) > MAX_LAND_FIELDS:
            token = _tokens(line, line_number)[column]
            raise IslandFormatError(
                f"an island has at most {MAX_LAND_FIELDS} land fields", token.line, token.column
            )


def _parse_landmark(kind: LandmarkKind, token: _Token, terrain: dict[str, Terrain]) -> Landmark:
    field_text, _, facing_text = token.text.partition(">")
    try:
        hexgrid.parse_field(field_text)
    except ValueError:
        raise IslandFormatError(
            f"{kind} at {token.text!r}: expected a field name such as 'c3'",
            token.line,
            token.column,
        ) from None
    field = field_text.lower()
    if field not in terrain:
        raise IslandFormatError(
            f"{kind} on {field}: that is sea or off the map, not a land field",
            token.line,
            token.column,
        )
    facing: Direction | None = None
    if kind is LandmarkKind.STATUE:
        if not facing_text:
            raise IslandFormatError(
                f"statue on {field} has no facing: write {field}>DIR with DIR one of "
                "e w ne nw se sw",
                token.line,
                token.column,
            )
        try:
            facing = Direction(facing_text.lower())
        except ValueError:
            raise IslandFormatError(
                f"statue {token.text!r}: unknown direction {facing_text!r} "
                "(expected one of e w ne nw se sw)",
                token.line,
                token.column + len(field_text) + 1,
            ) from None
    elif facing_text or ">" in token.text:
        raise IslandFormatError(
            f"{kind} {token.text!r}: only statues face a direction", token.line, token.column
        )
    return Landmark(kind, field, facing)


def write_island(island: Island) -> str:
    """Write an island in the ``.island`` format, rows padded with '.' where sea lies between."""
    columns, rows = island.size
    lines = ["# Tobago island", f"name: {island.name}", "terrain:"]
    for row in range(rows):
        tokens = []
        for column in range(columns):
            field = island.field_at((column, row))
            tokens.append(_SEA_TOKEN if field is None else island.terrain(field).letter)
        while len(tokens) > 1 and tokens[-1] == _SEA_TOKEN:
            tokens.pop()
        indent = " " if row % 2 else ""
        lines.append(indent + " ".join(tokens))
    for kind in LandmarkKind:
        marks = island.landmarks_of(kind)
        if marks:
            lines.append(f"{kind}: " + " ".join(str(mark) for mark in marks))
    return "\n".join(lines) + "\n"
