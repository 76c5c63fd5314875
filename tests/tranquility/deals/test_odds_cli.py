"""``tranquility odds``, end to end: a record piped in, a position, the two shares."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from tranquility_solver.bots import HeuristicBot
from tranquility_solver.cli import main
from tranquility_solver.cli.odds import odds_report, position_at
from tranquility_solver.game import Finish, play_game

RECORD = play_game([HeuristicBot(), HeuristicBot()], seed=4, rules="published")


def test_odds_of_a_piped_record_at_a_turn() -> None:
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "tranquility_solver",
            "odds",
            "-",
            "--turn",
            "30",
            "--samples",
            "3",
            "--seed",
            "1",
            "--no-progress",
        ],
        input=RECORD.to_json(),
        capture_output=True,
        text=True,
        check=False,
        timeout=600,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("turn 30, player 0 to move\n")
    assert "P0 to move (rules: printed game), 3 sampled worlds, 95% intervals" in done.stdout
    assert "winnable with every card known " in done.stdout
    assert "won by heuristic playing on " in done.stdout
    assert done.stderr == ""


def test_the_same_answer_with_workers(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "game.json"
    path.write_text(RECORD.to_json(), encoding="utf-8")
    argv = ["odds", str(path), "--turn", "38", "--samples", "4", "--no-progress"]
    assert main(argv) == 0
    alone = capsys.readouterr().out
    assert main([*argv, "--workers", "2"]) == 0
    assert capsys.readouterr().out == alone


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        (["--turn", "999"], "--turn 999: the record has positions to move at turns 0-"),
        (["--samples", "0"], "--samples must be at least 1"),
        (["--workers", "0"], "--workers must be at least 1"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], extra: list[str], message: str
) -> None:
    path = tmp_path / "game.json"
    path.write_text(RECORD.to_json(), encoding="utf-8")
    assert main(["odds", str(path), "--no-progress", *extra]) == 2
    err = capsys.readouterr().err
    assert message in err
    assert err.count("\n") == 1


def test_the_library_report_for_the_seat() -> None:
    state = position_at(RECORD, 36)
    assert state.turn == 36
    odds = odds_report(state, samples=2, seed=0)
    assert odds.samples == 2
    assert odds.player == state.current_player
    last = position_at(RECORD, None)  # the finish card is still to play
    assert not last.is_terminal
    assert Finish() in last.legal_actions()
