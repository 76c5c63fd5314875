from __future__ import annotations

import pytest
from hypothesis import given

from tranquility_solver import (
    CELL_NAMES,
    CardError,
    CellError,
    Grid,
    GridFormatError,
    TranquilityError,
    cell_index,
    cell_name,
)

from .strategies import grids

SAMPLE = """
 .  .  .  .  .  .
 .  .  .  .  .  .
 .  .  .  .  .  .
 .  . 30  .  .  .
 .  .  .  .  .  .
 5  .  .  .  . 12
"""


def test_cell_names_follow_chess_convention() -> None:
    assert CELL_NAMES[0] == "a1"
    assert CELL_NAMES[5] == "f1"
    assert CELL_NAMES[6] == "a2"
    assert CELL_NAMES[35] == "f6"
    assert [cell_index(name) for name in CELL_NAMES] == list(range(36))
    assert cell_name(20) == "c4"


def test_parse_reads_top_row_first() -> None:
    grid = Grid.parse(SAMPLE)
    assert grid["a1"] == 5
    assert grid["f1"] == 12
    assert grid["c3"] == 30
    assert grid.filled_count == 3
    assert "c3" not in grid.empty_cells


@given(grids())
def test_text_round_trip(grid: Grid) -> None:
    assert Grid.parse(str(grid)) == grid


@given(grids())
def test_repr_rebuilds_the_grid(grid: Grid) -> None:
    assert eval(repr(grid), {"Grid": Grid}) == grid


def test_place_returns_a_new_grid() -> None:
    grid = Grid.empty()
    placed = grid.place("d5", 44)
    assert grid["d5"] is None
    assert placed["d5"] == 44
    assert placed.numbers == {44}


def test_place_refuses_occupied_cell_and_duplicate_card() -> None:
    grid = Grid.empty().place("a1", 3)
    with pytest.raises(CardError, match="a1"):
        grid.place("a1", 4)
    with pytest.raises(CardError, match=r"b2.*3.*a1"):
        grid.place("b2", 3)


@pytest.mark.parametrize(
    ("text", "error", "fragment"),
    [
        ("1 2 3", GridFormatError, "6 rows"),
        ("\n".join([". . . . . ."] * 5 + [". . . . ."]), GridFormatError, "row 1"),
        ("\n".join([". . . . . ."] * 5 + [". . x . . ."]), GridFormatError, "c1"),
        ("\n".join([". . . . . 81"] + [". . . . . ."] * 5), CardError, "f6"),
        ("\n".join([". . . . . 0"] + [". . . . . ."] * 5), CardError, "f6"),
        ("\n".join(["7 . . . . ."] + [". . . . . ."] * 4 + [". 7 . . . ."]), CardError, "b1"),
    ],
)
def test_parse_errors_name_the_problem(
    text: str, error: type[TranquilityError], fragment: str
) -> None:
    with pytest.raises(error, match=fragment):
        Grid.parse(text)


def test_errors_are_value_errors() -> None:
    with pytest.raises(ValueError, match="z9"):
        cell_index("z9")
    assert issubclass(CellError, TranquilityError)


def test_comments_and_blank_lines_are_ignored() -> None:
    text = "# a grid\n\n" + SAMPLE + "\n# end\n"
    assert Grid.parse(text) == Grid.parse(SAMPLE)


def test_grid_rejects_wrong_cell_count() -> None:
    with pytest.raises(GridFormatError, match="36"):
        Grid((None,) * 35)
