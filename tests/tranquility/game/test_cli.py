"""The game's command line, end to end through ``main(argv)``."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

import tranquility_solver as tq
from tranquility_solver.cli import main
from tranquility_solver.game.records import GameRecord, replay


def test_bots_only_game_prints_a_log(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["play", "--players", "2", "--seed", "4", "--rules", "published"])
    out = capsys.readouterr().out
    assert code in (0, 1)
    assert "turn   1 P1 (heuristic):" in out
    assert out.count("player  hand  deck") > 10  # the table after every turn
    assert ("The game is won" in out) == (code == 0)


def test_human_seat_from_piped_input(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    answers = "999\nplay 80 q9\n\n" + "#1\n" * 400
    monkeypatch.setattr("sys.stdin", io.StringIO(answers))
    save = tmp_path / "game.json"
    svg_dir = tmp_path / "svg"
    argv = ["play", "--players", "2", "--human", "0", "--seed", "4", "--rules", "published"]
    code = main([*argv, "--save", str(save), "--svg-dir", str(svg_dir)])
    captured = capsys.readouterr()
    assert code in (0, 1), captured.err
    assert "your hand, where each card fits" in captured.out
    assert "card '999' is not 1-80, 'start' or 'finish'" in captured.out
    assert "'play 80 q9': unknown cell 'q9'" in captured.out
    record = GameRecord.from_json(save.read_text(encoding="utf-8"))
    assert record.bots == ("human", "heuristic")
    states = list(replay(record))
    assert len(list(svg_dir.glob("step-*.svg"))) == len(states)
    assert main(["replay", str(save)]) == code
    assert record.outcome in capsys.readouterr().out


def test_end_of_input_is_one_line_and_exit_2(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO("1\n"))
    code = main(["play", "--players", "1", "--human", "0", "--seed", "2"])
    captured = capsys.readouterr()
    assert code == 2
    assert captured.err == "tranquility: error: input ended before the game did\n"


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["play", "--players", "6"], "--players must be 1-5, got 6"),
        (["play", "--human", "3"], "--human 3: seats are 0-1"),
        (["play", "--bots", "clever"], "unknown bot 'clever'"),
        (["simulate", "-n", "2", "--workers", "0"], "--workers must be at least 1"),
        (["replay", "no-such-record.json"], "no-such-record.json"),
    ],
)
def test_bad_input_exits_2(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert message in err
    assert err.count("\n") == 1


def test_replay_of_a_broken_record(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "bad.json"
    path.write_text(
        '{"format": "tranquility-game-record", "version": 2, "players": 2}', encoding="utf-8"
    )
    assert main(["replay", str(path)]) == 2
    assert "missing field 'seed'" in capsys.readouterr().err


def test_simulate_json(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["simulate", "-n", "3", "--players", "2", "--bots", "random", "--rules", "published"]
    assert main([*argv, "--json", "--no-progress"]) == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary["games"] == 3
    assert summary["wins"] + sum(summary["losses"].values()) == 3
    assert set(summary["turns"]) == {"mean", "stdev", "min", "max"}  # as tobago says it


def test_simulate_text(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "-n", "2", "--players", "3", "--no-progress"]) == 0
    out = capsys.readouterr().out
    assert "2 games, 3 players, rules: seed text, bots heuristic" in out
    assert "95% interval" in out
    assert "turns: mean" in out
    assert isinstance(tq.Rules.seed(), tq.Rules)


def test_the_seat_tells_the_odds_from_what_it_sees(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO("odds 5\nodds 0\nodds many\nquit\n"))
    argv = ["play", "--players", "2", "--human", "0", "--seed", "4", "--rules", "published"]
    main(argv)
    out = capsys.readouterr().out
    first = tq.new_game(2, seed=4, rules="published")
    assert first.current_player == 0
    expected = str(tq.win_odds(first.observation(0), samples=5, seed=0))
    assert expected in out
    assert "'odds 0': give a number of deals from 1 to 500" in out
    assert "'odds many': give a number of deals from 1 to 500" in out
