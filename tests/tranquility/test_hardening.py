"""Regression tests for what fuzzing and load found in the Tranquility core (issue 11)."""

from __future__ import annotations

import io
import math
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tranquility_solver as tq
from tranquility_solver.cli import MAX_FILE_BYTES, main
from tranquility_solver.completion import count
from tranquility_solver.rules import adjacent_axis_cost, grid_precedences

EMPTY_ROWS = ". . . . . .\n" * 6


def custom_rules(pairs: list[tuple[int, int]]) -> tq.Rules:
    return tq.Rules(
        name="custom",
        precedences=tuple(pairs),
        transitive_order=False,
        discard_cost=adjacent_axis_cost,
    )


# -- 2, 5. pictures --------------------------------------------------------------------------------


@given(st.text(max_size=12))
def test_every_grid_picture_is_well_formed_xml(title: str) -> None:
    root = ET.fromstring(tq.render_svg(tq.Grid.empty().place("a1", 3), title=title))
    assert root.tag.endswith("svg")


@pytest.mark.parametrize(
    ("arguments", "expected"),
    [
        ((tq.Grid.empty(), 0), "highlight must be a cell name or an iterable"),
        ((0,), "render_svg needs a Grid, got int 0"),
        ((tq.Grid.empty(), (), 5), "title must be text or None"),
    ],
)
def test_wrong_argument_types_say_what_was_expected(
    arguments: tuple[object, ...], expected: str
) -> None:
    with pytest.raises(TypeError, match=expected):
        tq.render_svg(*arguments)  # type: ignore[arg-type]


# -- 3, 4, 14, 15. the command line ------------------------------------------------------------


def test_closed_standard_input_is_bad_input_not_an_answer(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr("sys.stdin", None)
    assert main(["check", "-", "--available", "1-80"]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err == "tranquility: error: standard input is closed: pipe a grid in, or name a file\n"


def test_closed_standard_input_in_a_real_process() -> None:
    result = subprocess.run(
        ["bash", "-c", f"{sys.executable} -m tranquility_solver check - --available 1-80 <&-"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 2
    assert "Traceback" not in result.stderr
    assert "standard input is closed" in result.stderr


def test_devices_and_huge_inputs_are_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["check", "/dev/zero", "--available", "1-80"]) == 2
    assert capsys.readouterr().err == "tranquility: error: /dev/zero: not a regular file\n"
    huge = tmp_path / "huge.txt"
    huge.write_text(EMPTY_ROWS + " " * MAX_FILE_BYTES)
    assert main(["count", str(huge), "--available", "1-80"]) == 2
    assert "larger than 1,000,000 bytes" in capsys.readouterr().err
    monkeypatch.setattr("sys.stdin", io.StringIO(EMPTY_ROWS + " " * MAX_FILE_BYTES))
    assert main(["count", "-", "--available", "1-80"]) == 2
    assert "more than 1,000,000 bytes" in capsys.readouterr().err


def test_a_reader_that_leaves_early_is_quiet(tmp_path: Path) -> None:
    grid = tmp_path / "grid.txt"
    grid.write_text(EMPTY_ROWS)
    command = f"{sys.executable} -m tranquility_solver check {grid} --available 1-80"
    result = subprocess.run(
        ["bash", "-c", f"{command} | head -c0; exit ${{PIPESTATUS[0]}}"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert (result.returncode, result.stderr) == (0, "")


@pytest.mark.parametrize(
    "argv",
    [[], ["check"], ["check", "g.txt"], ["check", "g.txt", "--available", "1", "--rules", "x"]],
)
def test_argument_errors_are_one_line(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1
    assert err.startswith("tranquility: error: ")


# -- 10. counting under orders that leave cells free -----------------------------------------------


def test_cells_no_pair_names_are_counted_in_closed_form() -> None:
    no_pairs = custom_rules([])
    assert tq.count_completions(tq.Grid.empty(), range(1, 81), no_pairs) == math.perm(80, 36)
    grid = tq.Grid.from_mapping({"a1": 5, "b1": 70})
    assert tq.count_completions(grid, range(10, 60), no_pairs) == math.perm(50, 34)


@settings(max_examples=40)
@given(
    st.lists(st.sampled_from(grid_precedences()), max_size=8, unique=True),
    st.sets(st.integers(0, 35), min_size=1, max_size=5),
    st.integers(0, 3),
)
def test_free_cells_count_as_brute_force_does(
    pairs: list[tuple[int, int]], empty: set[int], spare: int
) -> None:
    rules = custom_rules(pairs)
    # A filled grid in the seed order also follows any subset of its pairs.
    values = {cell: 2 * (cell + 1) for cell in range(36)}
    cells = {tq.CELL_NAMES[c]: v for c, v in values.items() if c not in empty}
    grid = tq.Grid.from_mapping(cells)
    pool = sorted({values[c] for c in empty} | {2 * i + 1 for i in range(spare)})
    dp = tq.count_completions(grid, pool, rules)
    assert dp == tq.count_completions(grid, pool, rules, engine="brute")
    assert dp >= 1


def test_counting_beyond_the_work_limit_is_undecided_not_an_answer() -> None:
    disjoint_pairs = custom_rules([(cell, cell + 1) for cell in range(0, 36, 2)])
    with pytest.raises(tq.CountLimitError, match="undecided") as raised:
        count.count_ideals(
            tq.Grid.empty().cells, tuple(range(1, 81)), disjoint_pairs.order, work_limit=5_000
        )
    assert isinstance(raised.value, tq.SolverTimeoutError)
    seed = tq.Rules.seed()
    assert tq.count_completions(tq.Grid.empty(), range(1, 81), seed) == count.count_ideals(
        tq.Grid.empty().cells, tuple(range(1, 81)), seed.order
    )


def test_the_command_line_reports_an_undecided_count(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    grid = tmp_path / "grid.txt"
    grid.write_text(EMPTY_ROWS)
    monkeypatch.setattr(count, "MAX_COUNT_WORK", 10)
    assert main(["count", str(grid), "--available", "1-80"]) == 3
    assert "undecided" in capsys.readouterr().err


# -- 12. time limits -------------------------------------------------------------------------


@pytest.mark.parametrize("limit", [-1.0, math.nan, math.inf, True])
def test_bad_time_limits_are_refused(limit: float) -> None:
    for engine in ("fast", "cpsat"):
        with pytest.raises(tq.TranquilityError, match="time_limit"):
            tq.check_completion(tq.Grid.empty(), range(1, 81), engine=engine, time_limit=limit)  # type: ignore[arg-type]
