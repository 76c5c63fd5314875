"""The 32 bundled islands: each meets the island rules, and the assembly keeps shapes intact."""

from __future__ import annotations

import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tobago_solver import hexgrid, islands
from tobago_solver.errors import UnknownIslandError
from tobago_solver.island import Island, Terrain
from tobago_solver.islands import assemble, patterns, pieces
from tobago_solver.validation import LAND_FIELDS_RANGE, island_problems

NAMES = islands.names()


@pytest.mark.parametrize("name", NAMES)
def test_every_bundled_island_meets_the_rules(name: str) -> None:
    assert island_problems(islands.get(name)) == []


@pytest.mark.parametrize("name", NAMES)
def test_every_bundled_island_round_trips_through_text(name: str) -> None:
    island = islands.get(name)
    assert Island.from_text(island.to_text()) == island
    assert island.name == name


def test_names_are_32_sorted_unique_and_include_the_default() -> None:
    assert len(NAMES) == 32
    assert list(NAMES) == sorted(set(NAMES))
    assert "ABC-1" in NAMES
    assert all(re.fullmatch(r"[Aa][Bb][Cc]-[1-4]", name) for name in NAMES)


def test_default_is_abc_1() -> None:
    assert islands.default().name == "ABC-1"
    assert islands.default() == islands.get("ABC-1")


def test_get_is_cached() -> None:
    assert islands.get("aBc-3") is islands.get("aBc-3")


@pytest.mark.parametrize("name", ["ABD-1", "ABC-5", "ABC-0", "ABC", "abc1", "", "CBA-1", "AABC-1"])
def test_unknown_names_raise_a_helpful_error(name: str) -> None:
    with pytest.raises(UnknownIslandError, match=re.escape(repr(name))) as error:
        islands.get(name)
    assert "'ABC-1'" in str(error.value)
    assert "pattern 1-4" in str(error.value)


@given(st.text(max_size=8).filter(lambda text: text.strip() not in NAMES))
def test_any_other_text_is_an_unknown_island(name: str) -> None:
    with pytest.raises(UnknownIslandError):
        islands.get(name)


def test_capital_sides_are_larger() -> None:
    sides = pieces()
    assert sorted(sides) == ["A", "B", "C", "a", "b", "c"]
    for piece in "ABC":
        assert sides[piece].is_large
        assert not sides[piece.lower()].is_large
        assert len(sides[piece]) > len(sides[piece.lower()])


@pytest.mark.parametrize("name", NAMES)
def test_a_smaller_side_gives_a_smaller_island(name: str) -> None:
    sides, pattern = name.split("-")
    for position, letter in enumerate(sides):
        if letter.isupper():
            smaller = sides[:position] + letter.lower() + sides[position + 1 :]
            assert len(islands.get(f"{smaller}-{pattern}")) < len(islands.get(name))


@pytest.mark.parametrize("name", NAMES)
def test_assembly_keeps_every_piece_intact(name: str) -> None:
    """Each piece appears on the island exactly as drawn, moved by one translation in axial
    coordinates: the island's land is the union of the translated sides, shifted as a whole."""
    sides, pattern = name.split("-")
    expected: dict[tuple[int, int], Terrain] = {}
    for letter in sides:
        q_shift, r_shift = patterns()[int(pattern)].translation(letter)
        for hex_, terrain in pieces()[letter].cells:
            q, r = hexgrid.to_axial(hex_)
            expected[q + q_shift, r + r_shift] = terrain
    island = islands.get(name)
    actual = {hexgrid.to_axial(island.hex(field)): island.terrain(field) for field in island.fields}
    assert len(actual) == len(expected)
    (eq, er), (aq, ar) = min(expected, key=_row_first), min(actual, key=_row_first)
    shifted = {(q - eq + aq, r - er + ar): terrain for (q, r), terrain in expected.items()}
    assert shifted == actual


def _row_first(axial: tuple[int, int]) -> tuple[int, int]:
    return axial[1], axial[0]


@pytest.mark.parametrize("name", NAMES)
def test_islands_start_at_a1_and_fit_the_column_letters(name: str) -> None:
    island = islands.get(name)
    hexes = [island.hex(field) for field in island.fields]
    assert min(column for column, _ in hexes) == 0
    assert min(row for _, row in hexes) == 0
    assert island.size[0] <= 26


def test_land_field_counts_span_the_allowed_range() -> None:
    low, high = LAND_FIELDS_RANGE
    sizes = [len(islands.get(name)) for name in NAMES]
    assert low <= min(sizes)
    assert max(sizes) <= high
    assert len(islands.get("ABC-1")) == max(sizes)
    assert len(islands.get("abc-1")) == min(sizes)


def test_assemble_gives_the_terrain_without_landmarks() -> None:
    bare = assemble("AbC", 2)
    assert bare.landmarks == ()
    assert bare.with_landmarks(islands.get("AbC-2").landmarks) == islands.get("AbC-2")


def test_four_patterns_move_each_piece() -> None:
    assert sorted(patterns()) == [1, 2, 3, 4]
    for pattern in patterns().values():
        assert sorted(piece for piece, _ in pattern.translations) == ["A", "B", "C"]
