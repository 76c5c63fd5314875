"""The ``tobago`` command line: output, exit codes and one-line errors."""

from __future__ import annotations

import argparse
import subprocess
import sys
from pathlib import Path

import pytest

import tobago_solver as tb
from tobago_solver.cli import build_parser, main


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_where_prints_fields_in_reading_order_then_the_count(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, err = run(
        capsys, "where", "ABC-1", "--clue", "in sight of sea", "--clue", "next to hut"
    )
    island = tb.islands.default()
    expected = [
        f for f in island.fields if f in tb.candidates(island, ["in sight of sea", "next to hut"])
    ]
    assert code == 0
    assert out.splitlines() == [" ".join(expected), str(len(expected))]
    assert err == ""


def test_where_names_the_clue_that_broke_the_map(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "where", "ABC-1", "--clue", "in lake", "--clue", "not in lake")
    assert code == 1
    assert out.splitlines() == [
        "clue 2 is illegal (contradiction): not in lake: no field is left; "
        "it contradicts 'in lake' (a clue must leave a field)"
    ]
    code, out, _ = run(capsys, "where", "ABC-1", "--clue", "in lake", "--clue", "in lake")
    assert code == 1
    assert out.startswith("clue 2 is illegal (no-new-information)")


def test_where_without_the_check_reports_an_empty_map(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["where", "ABC-1", "--clue", "in lake", "--clue", "not in lake", "--no-check"]
    code, out, err = run(capsys, *argv)
    assert code == 1
    assert out.splitlines() == ["", "0"]
    assert "no field satisfies every clue" in err
    code, out, _ = run(
        capsys, "where", "ABC-1", "--clue", "in lake", "--clue", "in lake", "--no-check"
    )
    assert (code, out.splitlines()[1]) == (0, "7")


def test_where_reads_island_files_and_writes_svg(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "duo.island"
    path.write_text("name: duo\nterrain:\nB L L\n", encoding="utf-8")
    svg = tmp_path / "out.svg"
    code, out, _ = run(
        capsys, "where", str(path), "--clue", "in lake", "--svg", str(svg), "--engine", "cpsat"
    )
    assert code == 0
    assert out.splitlines() == ["b1 c1", "2"]
    assert svg.read_text(encoding="utf-8").startswith("<svg")


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["where", "ABC-1", "--clue", "in see"], "cannot read clue 'in see'"),
        (["where", "XYZ-9"], "unknown island 'XYZ-9'"),
        (["check-clue", "ABC-1", "--new", "next hut"], "expected 'to' at word 2"),
    ],
)
def test_bad_input_is_one_line_on_stderr_with_exit_2(
    capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    code, out, err = run(capsys, *argv)
    assert code == 2
    assert out == ""
    assert message in err
    assert len(err.strip().splitlines()) == 1
    assert "Traceback" not in err


def test_a_bad_island_file_names_line_and_column(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "bad.island"
    path.write_text("terrain:\nB X\n", encoding="utf-8")
    code, _, err = run(capsys, "where", str(path))
    assert code == 2
    assert "line 2, column 3: unknown token 'X'" in err


def test_check_clue_exit_codes(capsys: pytest.CaptureFixture[str]) -> None:
    island = tb.islands.default()
    lake = [f for f in island.fields if island.terrain(f) == "lake"]
    code, out, _ = run(capsys, "check-clue", "ABC-1", "--clue", "in lake", "--new", "not in lake")
    assert code == 1
    verdict, fields = out.splitlines()
    assert verdict.startswith("illegal (contradiction)")
    assert "'in lake'" in verdict
    assert fields.split() == lake  # the refused clue leaves the map as it was
    code, out, _ = run(capsys, "check-clue", "ABC-1", "--new", "in lake")
    assert code == 0
    assert out.splitlines() == [
        f"legal: in lake: candidates {len(island)} -> {len(lake)}",
        " ".join(lake),
    ]
    assert out.count("legal") == 1
    code, out, _ = run(
        capsys,
        "check-clue",
        "ABC-1",
        "--clue",
        "not in lake",
        "--new",
        "not in largest lake",
        "--rules",
        "published",
    )
    assert code == 0


def test_islands_lists_and_shows(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "islands")
    assert code == 0
    assert [line.split("\t")[0] for line in out.splitlines()] == list(tb.islands.names())
    code, out, _ = run(capsys, "islands", "show", "AbC-2")
    island = tb.islands.get("AbC-2")
    assert code == 0
    assert out.startswith(island.to_text())
    assert f"{len(island)} land fields" in out
    assert "statue" in out


def test_place_landmarks_prints_a_legal_island(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "place-landmarks", "abc-3", "--seed", "5")
    assert code == 0
    placed = tb.Island.from_text(out)
    assert placed.landmark_problems() == []
    assert len(placed.landmarks) == 10


@pytest.mark.parametrize(
    "argv",
    [
        ["where"],
        ["where", "ABC-1", "--engine", "slow"],
        ["nonsense"],
        [],
        ["islands", "shows"],
        ["check-clue", "ABC-1", "--new", "in lake", "--new", "in beach"],
        ["where", "ABC-1", "--rules", "seed", "--rules", "published"],
        ["reach", "ABC-1", "c3", "--steps", "two"],
    ],
)
def test_argument_errors_are_one_line_and_exit_2(
    capsys: pytest.CaptureFixture[str], argv: list[str]
) -> None:
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1
    assert err.startswith("tobago: error: ")
    assert "--help" in err


def test_python_dash_m_runs_the_same_command() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "tobago_solver", "where", "ABC-1", "--clue", "in largest lake"],
        capture_output=True,
        text=True,
        check=False,
    )
    island = tb.islands.default()
    expected = [f for f in island.fields if f in tb.candidates(island, ["in largest lake"])]
    assert result.returncode == 0
    assert result.stdout.splitlines() == [" ".join(expected), str(len(expected))]


def test_files_that_are_not_utf8_or_carry_a_bom(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    bad = tmp_path / "bad.island"
    bad.write_bytes(b"name: x\nterrain:\nB \xff L\n")
    code, out, err = run(capsys, "where", str(bad))
    assert (code, out) == (2, "")
    assert "not UTF-8 text" in err
    bom = tmp_path / "bom.island"
    bom.write_bytes("name: x\nterrain:\nB L\n".encode("utf-8-sig"))
    code, out, _ = run(capsys, "where", str(bom))
    assert (code, out.splitlines()) == (0, ["a1 b1", "2"])


def test_a_directory_is_not_an_island(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, _, err = run(capsys, "where", str(tmp_path))
    assert code == 2
    assert "not a regular file" in err


def test_a_device_or_a_huge_file_is_refused(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    code, _, err = run(capsys, "islands", "show", "/dev/zero")
    assert (code, err.strip()) == (2, "tobago: error: /dev/zero: not a regular file")
    huge = tmp_path / "huge.island"
    huge.write_text("# padding\n" * 200_000)
    code, _, err = run(capsys, "where", str(huge))
    assert code == 2
    assert "larger than 1,000,000 bytes" in err


def test_an_unwritable_picture_fails_before_any_answer(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    code, out, err = run(capsys, "where", "ABC-1", "--clue", "in lake", "--svg", str(tmp_path))
    assert (code, out) == (2, "")
    assert "cannot write the picture" in err


def test_islands_subcommand_misuse(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, _, err = run(capsys, "islands", "show")
    assert code == 2
    assert "required: ISLAND" in err
    code, _, err = run(capsys, "islands", "--svg", str(tmp_path / "x.svg"))
    assert code == 2
    assert "invalid choice" in err


@pytest.mark.parametrize("seed", ["-5", "abc", "1.5", "٣"])
def test_a_seed_that_is_not_a_whole_number_is_an_argument_error(
    capsys: pytest.CaptureFixture[str], seed: str
) -> None:
    assert main(["place-landmarks", "ABC-1", "--seed", seed]) == 2
    assert f"{seed!r} is not a whole number ≥ 0" in capsys.readouterr().err


def test_reach_and_steps_answer_as_the_api_does(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    island = tb.islands.default()
    start, goal = island.fields[0], island.fields[-1]
    picture = tmp_path / "reach.svg"
    code, out, _ = run(
        capsys, "reach", "ABC-1", start.upper(), "--steps", "2", "--svg", str(picture)
    )
    fields, count = out.splitlines()
    assert code == 0
    reached = tb.reachable(island, start, 2) - {start}  # not the car's own field
    assert fields.split() == [f for f in island.fields if f in reached]
    assert int(count) == len(fields.split())
    assert 'data-car="start"' in picture.read_text(encoding="utf-8")
    code, out, _ = run(capsys, "steps", "ABC-1", start, goal)
    assert (code, out) == (0, f"{tb.step_distance(island, start, goal)}\n")
    code, _, err = run(capsys, "steps", "ABC-1", start, "z99")
    assert code == 2
    assert "'z99' is not a land field" in err


def test_deck_lists_the_52_cards(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "deck")
    assert code == 0
    assert [tb.Clue.parse(line) for line in out.splitlines()] == list(tb.DECK)


def test_version_help_and_grammar(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--version"]) == 0
    assert capsys.readouterr().out.startswith("tobago ")
    assert main(["--help"]) == 0
    out = capsys.readouterr().out
    assert "in sight of" not in out  # the clue grammar goes with the commands that take clues
    assert "plays games at the terminal" in out
    for command in (["where"], ["check-clue"], ["assist"]):
        assert main([*command, "--help"]) == 0
        assert "[not] in|next to|in sight of [largest]" in capsys.readouterr().out
    for command in (["reach"], ["play"], ["simulate"]):
        assert main([*command, "--help"]) == 0
        out = capsys.readouterr().out
        assert "in sight of [largest]" not in out
        assert "§" not in out
    assert main(["islands", "show", "--help"]) == 0
    assert capsys.readouterr().out.startswith("usage: tobago islands show [-h] [--svg OUT] ISLAND")
    for parser in _all_parsers(build_parser()):
        for action in parser._actions:
            assert action.help, f"{parser.prog}: {action.dest} has no help"


def _all_parsers(parser: argparse.ArgumentParser) -> list[argparse.ArgumentParser]:
    found = [parser]
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for sub in action.choices.values():
                found += _all_parsers(sub)
    return found


def test_place_landmarks_without_a_seed_prints_the_seed_it_drew(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, _ = run(capsys, "place-landmarks", "abc-3")
    assert code == 0
    first = out.splitlines()[0]
    assert first.startswith("# placed with --seed ")
    seed = first.rsplit(" ", 1)[1]
    assert tb.Island.from_text(out).landmark_problems() == []
    code, again, _ = run(capsys, "place-landmarks", "abc-3", "--seed", seed)
    assert again == out


def test_a_missing_island_file_says_so(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "where", "maps/nowhere.island")
    assert code == 2
    assert "no such file" in err
