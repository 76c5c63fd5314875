from __future__ import annotations

import argparse
import io
import os
import subprocess
import sys
from pathlib import Path

import pytest

import tranquility_solver as tq
from tranquility_solver.cli import _build_parser, main, parse_numbers

GRID = tq.Grid.from_mapping({"a1": 10, "c1": 12})


@pytest.fixture
def grid_file(tmp_path: Path) -> Path:
    path = tmp_path / "grid.txt"
    path.write_text(str(GRID), encoding="utf-8")
    return path


def test_check_prints_a_valid_completion(
    grid_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["check", str(grid_file), "--available", "1-80"]) == 0
    out = capsys.readouterr().out
    first, rest = out.split("\n", 1)
    assert first == "completable"
    completion = tq.Grid.parse(rest)
    pool = [n for n in range(1, 81) if n not in GRID.numbers]
    assert tq.validate_completion(GRID, completion, pool, tq.Rules.seed()) == ()


@pytest.mark.parametrize("engine", ["fast", "cpsat"])
def test_check_not_completable_explains(
    grid_file: Path, capsys: pytest.CaptureFixture[str], engine: str
) -> None:
    code = main(["check", str(grid_file), "--available", "13-80", "--engine", engine])
    assert code == 1
    out = capsys.readouterr().out
    assert out.splitlines()[0] == "not completable"
    assert "b1" in out


def test_check_reads_stdin(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO(str(GRID)))
    assert main(["check", "-", "--available", "1-80", "--rules", "published"]) == 0
    assert capsys.readouterr().out.startswith("completable\n")


def test_count(grid_file: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["count", str(grid_file), "--available", "11,13-46", "--rules", "published"]) == 0
    expected = tq.count_completions(GRID, [11, *range(13, 47)], tq.Rules.published())
    assert capsys.readouterr().out.strip() == f"{expected:,}"
    assert main(["count", str(grid_file), "--available", "13-80"]) == 1
    assert capsys.readouterr().out.strip() == "0"


def test_hints_and_svg(grid_file: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    svg = tmp_path / "hints.svg"
    code = main(
        ["hints", str(grid_file), "--hand", "11,13,14", "--available", "15-80", "--svg", str(svg)]
    )
    assert code == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[:3] == [
        "13: d1 (cost 0); a2 (cost 0)",
        "14: d1 (cost 0); e1 (cost 0); a2 (cost 0); b2 (cost 0); a3 (cost 0)",
        "11: b1 (cost 2, discard 13 14)",
    ]
    picture = svg.read_text(encoding="utf-8")
    assert picture.startswith("<svg")
    assert 'class="note">13 14<' in picture  # the cards that are safe on a2


def test_hints_without_safe_play(grid_file: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["hints", str(grid_file), "--hand", "13", "--available", "14-80"]) == 1
    out = capsys.readouterr().out
    assert "no safe placement" in out
    assert "dead cells: b1" in out


@pytest.mark.parametrize(
    ("argv", "fragment"),
    [
        (["check", "{grid}", "--available", "1-90"], "1-90"),
        (["check", "{grid}", "--available", "5-x"], "5-x"),
        (["check", "{grid}"], "--available"),
        (["check", "{missing}", "--available", "1-80"], "missing.txt"),
        (
            ["hints", "{grid}", "--hand", "10", "--available", "1-80"],
            "card 10 is already on the grid at a1",
        ),
        (["check", "{grid}", "--available", "²"], "²"),
        (["check", "{grid}", "--available", "1-²"], "1-²"),
        (["check", "{grid}", "--available", "٣-٩"], "٣-٩"),
        (["check", "{grid}", "--available", "1" * 5000], "outside 1-80"),
        (["check", "{grid}", "--available", "1-" + "9" * 5000], "outside 1-80"),
        (["check", "{grid}", "--available", "0" * 5000 + "99"], "outside 1-80"),
        (["check", "{latin1}", "--available", "1-80"], "not UTF-8"),
        (["check", "{huge}", "--available", "1-80"], "cell d1"),
        (["check", "{grid}", "--available", "1-80", "--engine", "brute"], "brute"),
        (["check", "{grid}", "--available", "1-80", "--svg", "{folder}"], "picture"),
        (["count", "{grid}", "--available", "1-80", "--svg", "{nowhere}"], "picture"),
        (
            ["hints", "{grid}", "--hand", "11", "--available", "1-80", "--svg", "{nowhere}"],
            "picture",
        ),
        (["check", "{bad}", "--available", "1-80"], "c6"),
        (["frobnicate"], "frobnicate"),
    ],
)
def test_bad_input_is_one_line_on_stderr(
    grid_file: Path, capsys: pytest.CaptureFixture[str], argv: list[str], fragment: str
) -> None:
    folder = grid_file.parent
    bad = folder / "bad.txt"
    bad.write_text(". . x . . .\n" + ". . . . . .\n" * 5, encoding="utf-8")
    latin1 = folder / "latin1.txt"
    latin1.write_bytes("# Grille de départ\n".encode("latin-1") + str(GRID).encode())
    huge = folder / "huge.txt"
    huge.write_text(". . . . . .\n" * 5 + f". . . {'7' * 5000} . .\n", encoding="utf-8")
    paths = {
        "grid": grid_file,
        "missing": folder / "missing.txt",
        "bad": bad,
        "latin1": latin1,
        "huge": huge,
        "folder": folder,
        "nowhere": folder / "no-such-folder" / "out.svg",
    }
    assert main([arg.format(**paths) for arg in argv]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert len(captured.err.strip().splitlines()) == 1
    assert len(captured.err) < 300
    assert fragment in captured.err
    assert "Traceback" not in captured.err


def test_a_grid_file_with_a_byte_order_mark_is_read(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "bom.txt"
    path.write_text(str(GRID), encoding="utf-8-sig")
    assert path.read_bytes().startswith(b"\xef\xbb\xbf")
    assert main(["count", str(path), "--available", "11,13-46", "--rules", "published"]) == 0
    expected = tq.count_completions(GRID, [11, *range(13, 47)], tq.Rules.published())
    assert capsys.readouterr().out.strip() == f"{expected:,}"


def test_unexpected_value_errors_are_bad_input_not_tracebacks(
    grid_file: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def broken(*args: object, **kwargs: object) -> int:
        raise ValueError("something odd\nsecond line")

    monkeypatch.setattr("tranquility_solver.cli.grids.count_completions", broken)
    assert main(["count", str(grid_file), "--available", "1-80"]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err == "tranquility: error: something odd\n"


def test_brute_force_is_not_offered_on_the_command_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # One empty cell: brute force would answer at once, yet it stays a test/benchmark engine.
    cells: list[int | None] = list(range(1, 37))
    cells[35] = None
    path = tmp_path / "nearly_full.txt"
    path.write_text(str(tq.Grid(tuple(cells))), encoding="utf-8")
    assert main(["check", str(path), "--available", "40", "--engine", "brute"]) == 2
    assert "invalid choice: 'brute'" in capsys.readouterr().err
    assert main(["check", str(path), "--available", "40", "--engine", "cpsat"]) == 0


def test_hints_with_a_large_hand(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # The review's reproduction: f6 is dead (nothing above 80), so no play is safe. Trying every
    # set of 20 discards out of 38 cards for each of the hundreds of plays never finished.
    path = tmp_path / "grid.txt"
    path.write_text(str(tq.Grid.from_mapping({"a1": 10, "c1": 30, "e6": 80})), encoding="utf-8")
    code = main(["hints", str(path), "--hand", "11-29,31-50", "--available", "1-79"])
    assert code == 1
    assert capsys.readouterr().out == "no safe placement\ndead cells: f6\n"


def test_parse_numbers() -> None:
    assert parse_numbers("1-3,7,9-10") == (1, 2, 3, 7, 9, 10)
    assert parse_numbers(" 4 , 2 ") == (2, 4)
    with pytest.raises(tq.CardError, match="backwards"):
        parse_numbers("9-3")


def test_module_runs_as_a_program(grid_file: Path) -> None:
    # Run the package under test, whatever is installed in site-packages.
    package_root = str(Path(tq.__file__).resolve().parents[1])
    paths = [package_root, *filter(None, [os.environ.get("PYTHONPATH")])]
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(paths)}
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "tranquility_solver",
            "check",
            str(grid_file),
            "--available",
            "13-80",
        ],
        capture_output=True,
        text=True,
        check=False,
        env=env,
    )
    assert result.returncode == 1
    assert result.stdout.startswith("not completable\n")


def test_a_cpsat_time_out_is_undecided_not_no(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from tranquility_solver.completion import cpsat

    monkeypatch.setattr(cpsat, "DEFAULT_TIME_LIMIT", 0.0)
    path = tmp_path / "empty.txt"
    path.write_text(str(tq.Grid.empty()), encoding="utf-8")
    code = main(["check", str(path), "--available", "1-80", "--engine", "cpsat"])
    captured = capsys.readouterr()
    assert code == 3
    assert captured.out == ""
    assert "undecided" in captured.err


def test_large_counts_print_with_digit_grouping(
    grid_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["count", str(grid_file), "--available", "1-80"]) == 0
    out = capsys.readouterr().out.strip()
    pool = [n for n in range(1, 81) if n not in GRID.numbers]
    assert out == f"{tq.count_completions(GRID, pool):,}"
    assert out.count(",") >= 3


@pytest.mark.parametrize(
    ("argv", "expected"),
    [
        (["hints", "{grid}", "--hand", "20,20", "--available", "1-80"], "card 20 is listed twice"),
        (["hints", "{grid}", "--hand", "20-25,22", "--available", "1-80"], "card 22 is listed"),
        (["count", "{grid}", "--available", "1-80", "--available", "1-5"], "given twice"),
        (["check", "{grid}", "--available", "1-80", "--rules", "seed", "--rules", "seed"], "twice"),
        (["count", "no/such/grid.txt", "--available", "1-80"], "no such file: no/such/grid.txt"),
    ],
)
def test_input_mistakes_are_named(
    grid_file: Path, capsys: pytest.CaptureFixture[str], argv: list[str], expected: str
) -> None:
    assert main([arg.format(grid=grid_file) for arg in argv]) == 2
    err = capsys.readouterr().err
    assert expected in err
    assert err.count("\n") == 1


def test_version_and_help_on_every_option(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--version"]) == 0
    assert capsys.readouterr().out.startswith("tranquility ")
    parser = _build_parser()
    parsers = [parser]
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            parsers += list(action.choices.values())
    commands = {each.prog.split()[-1] for each in parsers[1:]}
    assert commands >= {"check", "count", "hints", "play", "replay", "simulate"}
    for each in parsers:
        for action in each._actions:
            assert action.help, f"{each.prog}: {action.dest} has no help"
