"""Regression tests for what fuzzing the records, deals and output paths found (issue 15)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import tranquility_solver as tq
from tranquility_solver.bots import HeuristicBot, RandomBot
from tranquility_solver.cli import main
from tranquility_solver.deals import Deal, DealFormatError
from tranquility_solver.game import FINISH, START, Share, Start, new_game, play_game

NESTED = "[" * 2000 + "]" * 2000
SEED, PUBLISHED = tq.Rules.seed(), tq.Rules.published()


def _one_error_line(capsys: pytest.CaptureFixture[str]) -> str:
    out, err = capsys.readouterr()
    assert out == ""
    assert err.count("\n") == 1
    assert err.startswith("tranquility: error: ")
    return err


# -- 1. hands no game can hold ------------------------------------------------------------------


def _huge_hand_deal() -> dict[str, object]:
    """The fuzzed deal: one `seed` player holding 41 cards, a1 = 1 and c1 = 22 on the grid."""
    hand = [*[card for card in range(2, 81) if card != 22][:40], "F"]
    grid = ". . . . . .\n" * 5 + "1 . 22 . . ."
    return {"rules": "seed", "hands": [hand], "decks": [[]], "grid": grid, "start_played": True}


def test_a_hand_of_41_cards_is_refused_before_any_search() -> None:
    with pytest.raises(
        DealFormatError, match=r"hands\[0\] holds 41 cards; no game \(rules: seed text\) holds"
    ):
        Deal.from_json(json.dumps(_huge_hand_deal()))


def test_the_command_line_refuses_it_in_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "F"
    path.write_text(json.dumps(_huge_hand_deal()), encoding="utf-8")
    assert main(["solve", str(path), "--time-limit", "2", "--no-progress"]) == 2
    assert "holds 41 cards" in _one_error_line(capsys)


def test_hand_limits_follow_the_two_player_draw() -> None:
    """Five cards at most, but seven in a `published` two-player share round."""
    six = (1, 2, 3, 4, 5, 6)
    with pytest.raises(DealFormatError, match="more than 5 outside a share round"):
        Deal(PUBLISHED, 0, (six, (FINISH,)), ((), ()))
    seven = (11, 12, 13, 14, 15, 16, 17)
    sharing = Deal(PUBLISHED, 1, (six, seven), ((), ()), start_played=True, share_left=7)
    assert sharing.to_state().phase == "share"
    with pytest.raises(DealFormatError, match="more than 7 in a two-player share round"):
        Deal(PUBLISHED, 1, (six, (*seven, 18)), ((), ()), start_played=True, share_left=7)
    with pytest.raises(DealFormatError, match="more than 5 outside"):
        Deal(PUBLISHED, 0, (six, (FINISH,), (9,)), ((), (), ()), start_played=True, share_left=8)


@pytest.mark.parametrize("rules", ["seed", "published"])
@pytest.mark.parametrize("players", [1, 2, 3, 5])
def test_every_state_a_game_reaches_is_a_deal(rules: str, players: int) -> None:
    """The limits refuse no position the engine can reach, share rounds included."""
    for seed in range(3):
        for bots in ([RandomBot()] * players, [HeuristicBot()] * players):
            record = play_game(bots, seed=seed, rules=rules)
            for state in tq.replay(record):
                if not state.finish_played:
                    assert Deal.from_state(state).to_state(seed=state.seed).phase == state.phase


def test_a_share_round_its_players_cannot_finish_is_refused() -> None:
    """Found while fixing the above: player 2 shares last with two cards but eight to give."""
    hands = ((1, 2, 3, 4, 5), (6, 7, 8, 9, 10), (11, 12))
    with pytest.raises(DealFormatError, match="more than the 2 cards held by player 2"):
        Deal(PUBLISHED, 2, hands, ((), (), ()), start_played=True, share_left=8)


# -- 2, 9. JSON Python cannot hold ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (NESTED, "nested too deeply"),
        ('{"rules": "seed", "first_player": ' + "7" * 5000 + "}", "more than 4,300 digits"),
        ('{"rules": "seed", "hands": [[Infinity]], "decks": [[]]}', "Infinity is not a number"),
    ],
)
def test_deal_json_python_cannot_hold_is_a_deal_error(text: str, message: str) -> None:
    with pytest.raises(DealFormatError, match=message):
        Deal.from_json(text)


def test_deal_text_must_be_str() -> None:
    with pytest.raises(TypeError, match="decode"):
        Deal.from_json(b"{}")  # type: ignore[arg-type]


@pytest.mark.parametrize("command", ["replay", "solve"])
@pytest.mark.parametrize("text", [NESTED, '{"seed": ' + "1" * 5000 + "}"])
def test_the_json_readers_of_the_command_line_answer_in_one_line(
    command: str, text: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "document.json"
    path.write_text(text, encoding="utf-8")
    assert main([command, str(path)]) == 2
    assert "not JSON the library reads" in _one_error_line(capsys)


# -- 7. a replay checks the whole result, before printing ---------------------------------------


def test_a_record_claiming_other_turns_is_refused_before_any_output(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record = play_game([RandomBot(), RandomBot()], seed=5, rules="published")
    data = json.loads(record.to_json())
    data["result"]["turns"] = 99999
    path = tmp_path / "record.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    assert main(["replay", str(path)]) == 2
    assert "99,999 turns but only" in _one_error_line(capsys)
    data["result"]["turns"] = record.turns - 1
    path.write_text(json.dumps(data), encoding="utf-8")
    assert main(["replay", str(path)]) == 2
    assert f"the record says {record.turns - 1}" in _one_error_line(capsys)


def test_a_record_with_an_illegal_late_action_prints_nothing_first(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record = play_game([RandomBot()], seed=5, rules="seed")
    data = json.loads(record.to_json())
    data["actions"][-1][1] = "finish"
    path = tmp_path / "record.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    assert main(["replay", str(path)]) == 2
    assert f"action {len(record.actions)}: finish" in _one_error_line(capsys)


# -- 8. output paths that are not regular files ---------------------------------------------------


def _grid_file(tmp_path: Path) -> str:
    path = tmp_path / "grid.txt"
    path.write_text(". . . . . .\n" * 6, encoding="utf-8")
    return str(path)


def _record_file(tmp_path: Path) -> str:
    path = tmp_path / "record.json"
    record = play_game([RandomBot()], seed=1, rules="seed")
    path.write_text(record.to_json(), encoding="utf-8")
    return str(path)


def _writers(tmp_path: Path, target: str) -> list[list[str]]:
    """Every option of the command line that writes a file, aimed at ``target``."""
    grid = _grid_file(tmp_path)
    return [
        ["check", grid, "--available", "1-80", "--svg", target],
        ["count", grid, "--available", "1-80", "--svg", target],
        ["hints", grid, "--hand", "1", "--available", "1-80", "--svg", target],
        ["play", "--players", "1", "--seed", "1", "--save", target],
        ["solve", "--players", "1", "--seed", "3", "--no-progress", "--save-deal", target],
    ]


def test_a_device_is_refused_before_any_answer(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    for argv in _writers(tmp_path, "/dev/full"):
        assert main(argv) == 2, argv
        assert "'/dev/full': it is not a regular file" in _one_error_line(capsys)
    for argv in (["play", "--players", "1", "--seed", "1"], ["replay", _record_file(tmp_path)]):
        assert main([*argv, "--svg-dir", "/dev/full"]) == 2
        assert "'/dev/full': it is not a folder" in _one_error_line(capsys)


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs named pipes")
def test_a_fifo_is_refused_without_blocking(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    pictures = tmp_path / "pictures"
    pictures.mkdir()
    os.mkfifo(pictures / "step-000.svg")
    commands = [
        *_writers(tmp_path, str(fifo)),
        ["play", "--players", "1", "--seed", "1", "--svg-dir", str(pictures)],
        ["replay", _record_file(tmp_path), "--svg-dir", str(pictures)],
    ]
    for argv in commands:
        # A separate process with a time limit: a regression would block on the pipe forever.
        result = subprocess.run(
            [sys.executable, "-m", "tranquility_solver", *argv],
            capture_output=True,
            text=True,
            timeout=120,
            check=False,
        )
        assert result.returncode == 2, argv
        assert result.stdout == ""
        assert "not a regular file" in result.stderr


def test_svg_dir_numbers_from_zero_whatever_the_folder_holds(tmp_path: Path) -> None:
    folder = tmp_path / "pictures"
    folder.mkdir()
    (folder / "step-9999.svg").write_text("old", encoding="utf-8")
    assert main(["replay", _record_file(tmp_path), "--svg-dir", str(folder)]) in (0, 1)
    assert (folder / "step-0000.svg").read_text(encoding="utf-8").startswith("<svg")
    assert not (folder / "step-9999.svg").exists()  # the folder holds this game's pictures


# -- 9. a share starter outside a share round; line breaks in arguments ---------------------------


def test_a_share_starter_outside_a_share_round_is_refused() -> None:
    """It would be lost on the JSON round trip (written only with share_left): refused."""
    with pytest.raises(DealFormatError, match="share_starter 1 outside a share round"):
        Deal(SEED, 0, ((1, 2), (3, FINISH)), ((START,), (START,)), share_starter=1)
    text = '{"rules": "seed", "hands": [[1], [2]], "decks": [[], []], "share_starter": 1}'
    with pytest.raises(DealFormatError, match="outside a share round"):
        Deal.from_json(text)
    state = new_game(2, seed=2, rules="published")
    while Start() not in state.legal_actions():
        state = state.apply(state.legal_actions()[-1])
    sharing = Deal.from_state(state.apply(Start()))
    assert sharing.share_starter == state.current_player
    assert Deal.from_json(sharing.to_json()) == sharing
    assert isinstance(sharing.to_state().legal_actions()[0], Share)


@pytest.mark.parametrize(
    "argv",
    [
        ["check", "g.txt", "--available", "1", "--x\ny"],
        ["ch\neck"],
        ["solve", "--time-limit", "1\n2"],
        ["check", "no\nsuch\rfile", "--available", "1"],
        ["replay", "a\u2028b"],
    ],
)
def test_messages_quoting_a_line_break_stay_one_line(
    argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(argv) == 2
    _one_error_line(capsys)


@pytest.mark.parametrize("option", ["--seed", "--players", "--time-limit"])
def test_numbers_of_thousands_of_digits_in_options_are_one_short_line(
    option: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["solve", option, "9" * 5000]) == 2
    assert len(_one_error_line(capsys)) < 200
