from __future__ import annotations

import pytest
from hypothesis import given

from tranquility_solver import (
    CELL_NAMES,
    CardError,
    CellError,
    Grid,
    GridFormatError,
    IllegalPlacementError,
    Rules,
    TranquilityError,
    cell_index,
    cell_name,
    placement_cost,
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
    with pytest.raises(IllegalPlacementError, match="a1"):
        grid.place("a1", 4)
    with pytest.raises(CardError, match=r"b2.*3.*a1"):
        grid.place("b2", 3)


@pytest.mark.parametrize(("cell", "card"), [("a1", 4), ("b2", 3)])
def test_place_and_placement_cost_raise_the_same_error(cell: str, card: int) -> None:
    grid = Grid.empty().place("a1", 3)
    with pytest.raises(TranquilityError) as placed:
        grid.place(cell, card)
    with pytest.raises(TranquilityError) as costed:
        placement_cost(grid, cell, card, Rules.seed())
    assert type(placed.value) is type(costed.value)
    assert str(placed.value) == str(costed.value)


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


@pytest.mark.parametrize(
    "digits", ["1" * 5000, "0" * 5000 + "99", "999"], ids=["long", "zeros", "three"]
)
def test_parse_rejects_long_numbers_naming_the_cell(digits: str) -> None:
    text = "\n".join([". . . . . ."] * 5 + [f". . . {digits} . ."])
    with pytest.raises(CardError, match="cell d1") as error:
        Grid.parse(text)
    assert len(str(error.value)) < 100


def test_parse_reads_leading_zeros() -> None:
    text = "\n".join([". . . . . ."] * 5 + ["007 . . . . ."])
    assert Grid.parse(text)["a1"] == 7


@pytest.mark.parametrize("data", [b". . . . . .\n" * 6, bytearray(b"x")])
def test_parse_refuses_bytes_with_a_clear_message(data: bytes) -> None:
    with pytest.raises(TypeError, match=r"expects the grid text as str.*decode"):
        Grid.parse(data)  # type: ignore[arg-type]


def test_from_mapping_refuses_the_same_cell_twice() -> None:
    with pytest.raises(CellError, match=r"a1.*twice"):
        Grid.from_mapping({"a1": 3, "A1": 4})
    with pytest.raises(CellError, match=r"b1.*twice"):
        Grid.from_mapping({"b1": 3, " b1": 3})


def test_cards_of_any_integer_type_become_plain_ints() -> None:
    numpy = pytest.importorskip("numpy")
    grid = Grid.from_mapping({"a1": numpy.int64(5), "b1": 7})
    assert grid == Grid.from_mapping({"a1": 5, "b1": 7})
    assert type(grid["a1"]) is int
    with pytest.raises(CardError, match="not an integer"):
        Grid.from_mapping({"a1": True})


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
