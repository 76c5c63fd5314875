"""``tranquility solve``, end to end through ``main(argv)``."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from tranquility_solver.cli import main
from tranquility_solver.deals import Deal
from tranquility_solver.game import FINISH, START, parse_action
from tranquility_solver.grid import Grid
from tranquility_solver.rules import Rules

from .undecided import undecided_deal

NEARLY = Grid((*range(1, 36), None))
TWO_EMPTY = Grid((*range(1, 35), None, None))
WON = Deal(Rules.seed(), 0, ((START, FINISH),), ((36, 50),), grid=NEARLY)
LOST = Deal(Rules.seed(), 0, ((START, FINISH),), ((50,),), grid=TWO_EMPTY)


def _write(tmp_path: Path, deal: Deal) -> str:
    path = tmp_path / "deal.json"
    path.write_text(deal.to_json(indent=1), encoding="utf-8")
    return str(path)


def test_seeded_deal_wins_with_a_replayable_line(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["solve", "--players", "2", "--rules", "published", "--seed", "5"]
    assert main([*argv, "--time-limit", "60"]) == 0
    out = capsys.readouterr().out
    assert "verdict: WIN" in out
    assert "statistics:" in out
    assert "solver calls" in out
    state = Deal.random(2, rules="published", seed=5).to_state()
    for line in out.splitlines():
        if ". player " in line:
            state = state.apply(parse_action(line.split(": ", 1)[1]))
    assert state.outcome is not None
    assert state.outcome.won


def test_deal_file_win_and_loss(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["solve", _write(tmp_path, WON), "--no-progress"]) == 0
    out = capsys.readouterr().out
    assert "verdict: WIN" in out
    assert "player 0: start" in out
    assert main(["solve", _write(tmp_path, LOST), "--no-progress"]) == 1
    assert "verdict: LOSS" in capsys.readouterr().out


def test_stdin_and_save(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO(WON.to_json()))
    assert main(["solve", "-", "--quiet"]) == 0
    assert capsys.readouterr().out == "verdict: WIN\n"
    saved = tmp_path / "saved.json"
    assert (
        main(["solve", "--seed", "3", "--players", "1", "--save-deal", str(saved), "--quiet"]) == 0
    )
    assert Deal.from_json(saved.read_text(encoding="utf-8")) == Deal.random(1, seed=3)


def test_time_out_is_exit_3(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = _write(tmp_path, undecided_deal())
    assert main(["solve", path, "--time-limit", "0.2"]) == 3
    assert "verdict: UNKNOWN" in capsys.readouterr().out


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["solve"], "give a deal file, or --seed"),
        (["solve", "x.json", "--seed", "1"], "not both"),
        (["solve", "--seed", "1", "--seed", "2"], "--seed was given twice"),
        (["solve", "--seed", "1", "--time-limit", "0"], "expected positive seconds"),
        (["solve", "--seed", "1", "--time-limit", "soon"], "'soon' is not a number"),
        (["solve", "--seed", "1", "--players", "9"], "1-5 players, got 9"),
        (["solve", "no-such-deal.json"], "no-such-deal.json"),
        (["solve", "--seed", "1", "--rules", "odd"], "invalid choice"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert message in err
    assert err.count("\n") == 1
    assert "Traceback" not in err


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (b"{", "deal.json: not JSON"),
        (b"\xff\xfe", "not UTF-8"),
        (json.dumps({"rules": "seed", "hands": [[1, "Z"]], "decks": [[]]}).encode(), "'Z'"),
        (b" " * 1_000_001, "larger than"),
    ],
)
def test_bad_deal_files(
    tmp_path: Path, content: bytes, message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "deal.json"
    path.write_bytes(content)
    assert main(["solve", str(path)]) == 2
    err = capsys.readouterr().err
    assert message in err
    assert err.count("\n") == 1


def test_every_option_has_help(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["solve", "--help"]) == 0
    out = capsys.readouterr().out
    for option in ("--players", "--rules", "--seed", "--first-player", "--time-limit"):
        assert option in out
    assert "--no-progress" in out
    assert "Exit 0 WIN, 1 LOSS, 3 UNKNOWN, 2 bad input" in " ".join(out.split())


def test_progress_line_format() -> None:
    from tranquility_solver.cli.deals import _progress_line
    from tranquility_solver.deals.solve import Progress

    err = io.StringIO()
    _progress_line(err, 60.0)(Progress(12345, 678, 2.4, 17))
    assert err.getvalue() == "\rsearching: 12,345 positions, 678 checks, depth 17, 2 of 60 s "
