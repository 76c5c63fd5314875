"""``tranquility play`` as a new player meets it: the pictures of a human seat, the help, the
preset names, a bad ``--resume``, a game that ends badly."""

from __future__ import annotations

import io
import random
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from tranquility_solver.bots import HeuristicBot, make_bots
from tranquility_solver.cli import main
from tranquility_solver.cli.game import Pictures
from tranquility_solver.errors import TranquilityError
from tranquility_solver.game import Discard, GameState, Play, new_game
from tranquility_solver.game.actions import Action
from tranquility_solver.game.records import GameRecord, bot_rng
from tranquility_solver.game.state import Observation
from tranquility_solver.game.worlds import sample_worlds

HUMAN_GAME = ["play", "--players", "2", "--human", "0", "--seed", "4", "--rules", "published"]


def _before_a_face_down_discard() -> tuple[GameState, Discard | Play]:
    """P1 to move in `published`, about to lay cards face down."""
    state = new_game(2, seed=4, rules="published")
    bots, rng = make_bots("heuristic", 2), bot_rng(4)
    while True:
        action = bots[state.current_player].choose(state.observation(state.current_player), rng)
        hidden = isinstance(action, Discard) or (isinstance(action, Play) and action.discards)
        if state.current_player == 1 and hidden:
            return state, action
        state = state.apply(action)


def test_a_human_seats_pictures_hold_no_card_it_cannot_see(tmp_path: Path) -> None:
    before, action = _before_a_face_down_discard()
    after = before.apply(action)
    laid = len(action.discards) if isinstance(action, Play) else len(action.cards)
    svgs, titles = set(), set()
    # Worlds that differ from the game only in cards P0 cannot see, P1's face-down ones too.
    for number, world in enumerate((after, *sample_worlds(after.observation(0), 20, seed=1))):
        cards = tuple(card for _, card in world.discards[-laid:])
        there = (
            Play(action.card, action.cell, cards) if isinstance(action, Play) else Discard(cards)
        )
        folder = tmp_path / str(number)
        Pictures(str(folder), viewer=0).write(world, (before, 1, there))
        svg = (folder / "step-0000.svg").read_text(encoding="utf-8")
        svgs.add(svg)
        titles.add(ET.fromstring(svg).findtext("{http://www.w3.org/2000/svg}title"))
    assert len(svgs) == 1, titles
    (title,) = titles
    assert title.startswith(f"turn {before.turn}: P1 ")
    assert f"{laid} card{'s' * (laid != 1)} face down" in title


def test_pictures_keep_one_size_and_the_logs_turn(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO("#1\n" * 400))
    folder = tmp_path / "svg"
    assert main([*HUMAN_GAME, "--svg-dir", str(folder)]) in (0, 1)
    out = capsys.readouterr().out
    logged = [int(turn) for turn in re.findall(r"^turn +(\d+) P\d ", out, re.MULTILINE)]
    pictures = sorted(folder.glob("step-*.svg"))
    assert len(pictures) == len(logged) + 1
    sizes = set()
    for number, path in enumerate(pictures):
        root = ET.fromstring(path.read_text(encoding="utf-8"))
        sizes.add((root.get("width"), root.get("height")))
        title = root.findtext("{http://www.w3.org/2000/svg}title") or ""
        turn = int(title.split(":")[0].removeprefix("turn "))
        assert turn == (0 if number == 0 else logged[number - 1]), title
    assert len(sizes) == 1, sizes


def test_help_names_numbered_actions_and_the_presets(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "--help"]) == 0
    text = " ".join(capsys.readouterr().out.split())
    assert "'#N': action N of the numbered 'moves' list" in text
    assert "seed (the game as the seed text describes it) or published (the printed game)" in text
    assert main(["odds", "--help"]) == 0
    odds = capsys.readouterr().out
    assert "95% interval" in " ".join(odds.split())
    assert "%%" not in odds


def test_the_screens_label_the_presets(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO("help\nquit\n"))
    assert main(HUMAN_GAME) == 0
    out = capsys.readouterr().out
    assert out.startswith("Tranquility, 2 players (rules: printed game): P0 human, P1 heuristic")
    assert "#N           action N of the numbered 'moves' list" in out
    assert "§" not in out


def test_resume_with_no_file_name_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    save = tmp_path / "x.json"
    assert main(["play", "--resume", "", "--save", str(save)]) == 2
    assert "--resume needs the file of a saved game record" in capsys.readouterr().err
    assert not save.exists()


def test_a_record_too_large_is_not_called_a_grid(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    big = tmp_path / "big.json"
    big.write_text(" " * 1_000_001, encoding="utf-8")
    for argv in (["replay", str(big)], ["play", "--resume", str(big)], ["odds", str(big)]):
        assert main(argv) == 2
        err = capsys.readouterr().err
        assert "larger than 1,000,000 bytes, not a game record" in err, argv
        assert "grid" not in err


def test_a_game_that_ends_badly_is_saved(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    original = HeuristicBot.choose
    calls = []

    def failing(self: HeuristicBot, observation: Observation, rng: random.Random) -> Action:
        calls.append(observation)
        if len(calls) > 3:
            raise TranquilityError("the bot broke down")
        return original(self, observation, rng)

    monkeypatch.setattr(HeuristicBot, "choose", failing)
    save = tmp_path / "g.json"
    monkeypatch.setattr("sys.stdin", io.StringIO("#1\n" * 50))
    assert main([*HUMAN_GAME, "--save", str(save)]) == 2
    captured = capsys.readouterr()
    assert "the bot broke down" in captured.err
    assert f"saved to {save}" in captured.out
    record = GameRecord.from_json(save.read_text(encoding="utf-8"))
    assert len(record.actions) >= 6


@pytest.mark.parametrize(
    ("argv", "label"),
    [
        (
            ["simulate", "-n", "1", "--players", "2", "--rules", "published", "--no-progress"],
            "rules: printed game",
        ),
        (
            ["solve", "--players", "2", "--seed", "5", "--time-limit", "60", "--no-progress"],
            "rules: seed text",
        ),
    ],
)
def test_every_screen_names_the_preset_so(
    argv: list[str], label: str, capsys: pytest.CaptureFixture[str]
) -> None:
    main(argv)
    first = capsys.readouterr().out.splitlines()[0]
    assert label in first
    assert "published" not in first
    assert " seed," not in first
