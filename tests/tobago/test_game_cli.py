"""The game commands end to end through main(argv): play, replay, simulate."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

import tobago_solver as tb
from tobago_solver.cli import main


def test_bots_only_game_prints_a_turn_log_and_the_result(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["play", "ABC-1", "--players", "3", "--seed", "4"]) == 0
    out = capsys.readouterr().out
    assert "turn   0 P0 (greedy): " in out
    assert "game over (" in out.splitlines()[-1]


def test_a_human_seat_reads_numbers_and_text_and_re_asks(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    state = tb.new_game(tb.islands.default(), 2, seed=4)
    text_action = str(state.legal_actions()[1])
    answers = ["999", "fly to the moon", "pass", text_action] + ["1"] * 3000
    monkeypatch.setattr("sys.stdin", io.StringIO("\n".join(answers) + "\n"))
    code = main(
        ["play", "ABC-1", "--players", "2", "--human", "0", "--bots", "random", "--seed", "4"]
    )
    out = capsys.readouterr().out
    assert code == 0
    assert "your hand: " in out
    assert "'999': the list of legal actions ('moves') runs from 1 to" in out
    assert "cannot read action 'fly to the moon'" in out
    assert "refused: 'pass': passing is allowed only when no clue play and no move is" in out
    assert f"turn   0 P0 (human): {text_action}" in out
    assert "game over (" in out


def test_end_of_input_is_one_clear_line_and_exit_2(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO("1\n"))
    assert main(["play", "ABC-1", "--players", "2", "--human", "1", "--seed", "1"]) == 2
    err = capsys.readouterr().err
    assert err == "tobago: error: input ended before the game did\n"


def test_save_then_replay_gives_the_same_result(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    saved = tmp_path / "game.json"
    svgs = tmp_path / "svg"
    args = ["play", "ABC-1", "--players", "2", "--seed", "3", "--rules", "published"]
    assert main([*args, "--save", str(saved), "--svg-dir", str(svgs), "--quiet"]) == 0
    played = capsys.readouterr().out.splitlines()
    record = tb.GameRecord.from_json(saved.read_text())
    assert record.rules == tb.GameRules.published()
    pictures = sorted(svgs.glob("step-*.svg"))
    assert len(pictures) == len(record.actions) + 1
    assert pictures[0].read_text().startswith("<svg")
    assert main(["replay", str(saved)]) == 0
    replayed = capsys.readouterr().out.splitlines()
    assert replayed[-1] == played[0]
    assert len([line for line in replayed if line.startswith("turn ")]) == len(record.actions)


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["play", "ABC-1", "--players", "5"], "2 to 4"),
        (["play", "ABC-1", "--players", "2", "--human", "2"], "seats are 0 to 1"),
        (["play", "ABC-1", "--bots", "chess"], "unknown bot 'chess'"),
        (["play", "nowhere"], "unknown island"),
        (["play", "ABC-1", "--svg-dir", __file__], "is not a folder"),
        (["replay", "/no/such/game.json"], "no such file: /no/such/game.json"),
        (["simulate", "--seed", "-1"], "is not a whole number"),
        (["play", "ABC-1", "--seed", "1", "--seed", "2"], "given twice"),
        (["simulate", "-n", "2", "--bots", "greedy,random", "--players", "3"], "2 bots for 3"),
        (["simulate", "-n", "2", "--bots", "greedy,chess"], "unknown bot 'chess'"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert message in err
    assert err.count("\n") == 1


def test_a_corrupt_record_is_exit_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    assert main(["replay", str(bad)]) == 2
    assert "invalid JSON" in capsys.readouterr().err


def test_simulate_json_reports_rates_scores_and_lengths(
    capsys: pytest.CaptureFixture[str],
) -> None:
    argv = ["simulate", "-n", "4", "--bots", "greedy,random", "--seed", "2", "--json"]
    assert main(argv) == 0
    captured = capsys.readouterr()
    summary = json.loads(captured.out)
    assert summary["games"] == 4
    assert [row["bot"] for row in summary["win_rates"]] == ["greedy", "random"]
    assert set(summary) >= {"scores", "turns", "curses_per_game", "amulets_spent_per_game"}
    assert "turn_limit_games" in summary
    assert "simulating" in captured.err  # the progress bar
    assert main([*argv[:-1], "--no-progress"]) == 0
    text = capsys.readouterr()
    assert "win rate" in text.out
    assert text.err == ""


def test_play_on_a_random_landmark_placement(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    saved = tmp_path / "game.json"
    argv = ["play", "abc-2", "--players", "2", "--seed", "5", "--place-landmarks", "--quiet"]
    assert main([*argv, "--save", str(saved)]) == 0
    record = tb.GameRecord.from_json(saved.read_text())
    placed = tb.place_landmarks(tb.islands.get("abc-2"), seed=5)
    assert record.island.landmarks == placed.landmarks
    assert main(["replay", str(saved), "--quiet"]) == 0
    assert capsys.readouterr().out.count("game over") == 2


def test_a_resumed_game_of_long_moves_reads_a_move_at_once(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from dataclasses import replace

    from tobago_solver.game.records import record_of
    from tobago_solver.game.rules import GameRules

    island = tb.islands.default()
    rules = replace(GameRules.seed(), max_steps=8)
    state = tb.new_game(island, 2, seed=1, rules=rules)
    saved = tmp_path / "long.json"
    saved.write_text(record_of(state, state, ("human", "greedy"), ()).to_json(), encoding="utf-8")
    far = "j14"  # eight steps from the car on f7, by 128 ways
    assert tb.step_distance(island, state.cars[0], far) == 8
    monkeypatch.setattr("sys.stdin", io.StringIO(f"move {far}\nquit\n"))
    assert main(["play", "--resume", str(saved)]) == 0
    out = capsys.readouterr().out
    assert f"move {far}: the car drives " in out
    assert "(one of 128 shortest ways)" in out
    assert "game stopped at turn" in out
    # The record of a move longer than three steps reads again.
    record = tb.GameRecord.from_json(saved.read_text(encoding="utf-8"))
    assert len(tb.parse_action(record.actions[0]).path) == 8  # type: ignore[union-attr]


def test_a_seat_refuses_a_bad_line_and_asks_again(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    lines = ["help", "4" * 4301, f"play {'4' * 4301} grey", f"#{'4' * 150}", "play 2 gray", "quit"]
    monkeypatch.setattr("sys.stdin", io.StringIO("".join(f"{line}\n" for line in lines)))
    code = main(["play", "ABC-1", "--players", "2", "--human", "0", "--seed", "1"])
    out, err = capsys.readouterr()
    assert (code, err) == (0, "")
    assert "#N or N      action N of the 'moves' list" in out
    said = " ".join(out.split())  # refusals wrapped at 80 columns, read as one text
    assert said.count("characters are no action") == 2
    assert "…': the list of legal actions ('moves') runs from 1 to" in said
    assert "turn   0 P0 (human): play in sight of sea on grey" in out
    assert "game stopped at turn" in out


@pytest.mark.parametrize("command", ["play", "simulate", "where", "check-clue", "assist"])
def test_the_presets_are_named_apart_from_the_random_seed_in_help(
    capsys: pytest.CaptureFixture[str], command: str
) -> None:
    assert main([command, "--help"]) == 0
    said = " ".join(capsys.readouterr().out.split())
    assert "seed (the game as the seed text describes it) or published (the printed game)" in said


def test_the_presets_are_named_apart_from_the_random_seed_on_screen(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["play", "ABC-1", "--players", "2", "--seed", "1", "--rules", "published"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("ABC-1 · rules: printed game · dealt from seed 1: P0 (greedy) at ")
    assert main(["simulate", "-n", "1", "--bots", "greedy,greedy", "--no-progress"]) == 0
    assert "1 games on ABC-1, rules: seed text" in capsys.readouterr().out


def _at_a_terminal(argv: list[str], keys: list[bytes]) -> str:
    """Run ``tobago`` at a pseudo-terminal, typing each of ``keys`` at a prompt; the screen's
    text, escape codes left out."""
    import os
    import pty
    import re
    import select
    import subprocess
    import sys

    root = Path(__file__).resolve().parents[2]
    env = {**os.environ, "PYTHONPATH": str(root), "TERM": "xterm", "COLUMNS": "80", "LINES": "24"}
    leader, follower = pty.openpty()
    process = subprocess.Popen(
        [sys.executable, "-m", "tobago_solver", *argv],
        stdin=follower,
        stdout=follower,
        stderr=follower,
        env=env,
        cwd=root,
    )
    os.close(follower)
    seen = b""
    pending = list(keys)
    try:
        while True:
            ready, _, _ = select.select([leader], [], [], 30)
            if not ready:
                break
            try:
                chunk = os.read(leader, 65536)
            except OSError:
                break
            if not chunk:
                break
            seen += chunk
            if pending and seen.rstrip().endswith(b">"):
                os.write(leader, pending.pop(0))
    finally:
        process.wait(timeout=30)
        os.close(leader)
    text = seen.decode("utf-8", "replace").replace("\r", "")
    return re.sub(r"\x1b\[[0-9;?]*[A-Za-z]|\x1b[=>]", "", text)


def test_the_seat_edits_lines_keeps_history_and_completes_words() -> None:
    pytest.importorskip("readline")
    argv = ["play", "ABC-1", "--players", "2", "--human", "0", "--seed", "1"]
    keys = [
        b"hnt\x1b[D\x1b[Di\x1b[F\r",  # 'hnt', two steps left, 'i', End: 'hint'
        b"\x1b[A\r",  # the line before again: 'hint'
        b"whe\t grey\r",  # Tab completes 'where'
        b"quit\r",
    ]
    screen = _at_a_terminal(argv, keys)
    assert "cannot read action" not in screen
    assert screen.count("best first by the gain in treasure cards you can expect") == 2
    assert "grey: 102 fields, no clue yet" in screen
    assert "game stopped at turn 0" in screen
