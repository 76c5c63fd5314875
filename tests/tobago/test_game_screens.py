"""What a person at ``tobago play`` sees: every screen of whole piped games fits 80 × 24, the
board never drops a clue when room runs short, and a finished game ends on its final board."""

from __future__ import annotations

import io
import random
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

import tobago_solver as tb
from tobago_solver.bots import GreedyBot
from tobago_solver.cli import main
from tobago_solver.game.actions import ACCEPT_CURSE, END_TURN, SPEND_AMULET, TAKE_AMULET
from tobago_solver.game.board import board_text, island_lines, piece_marks, short_clue
from tobago_solver.game.records import bot_rng
from tobago_solver.render import render_game_svg

PROMPT = re.compile(r"^(your move[^>]*|[a-z ]+( / [a-z ]+)*)> (.*)$")
SHORT = {TAKE_AMULET: "take", SPEND_AMULET: "spend", END_TURN: "end", ACCEPT_CURSE: "accept"}
COMMANDS = ("hint", "moves", "where", "board", "log", "help")


def typed_game(island: str, players: int, seed: int, commands: bool) -> list[str]:
    """What the person at seat 0 types in a whole game against greedy bots: a greedy choice
    as a short form (or '#N') each time, and with ``commands`` one command before each."""
    state = tb.new_game(tb.islands.get(island), players, seed=seed)
    person, own = GreedyBot(), random.Random(seed)
    bots = {p: (GreedyBot(), bot_rng(seed, p)) for p in range(1, players)}
    lines: list[str] = []
    while not state.is_terminal:
        seen = state.observation(state.to_move)
        if state.to_move != 0:
            bot, rng = bots[state.to_move]
            state = state.apply(bot.choose(seen, rng))
            continue
        wanted = person.choose(seen, own)
        if isinstance(wanted, tb.Play):
            line = f"play {seen.hand.index(wanted.clue) + 1} {tb.MAP_NAMES[wanted.map]}"
        elif isinstance(wanted, tb.Move):
            line = f"move {wanted.destination}"
        else:
            line = SHORT.get(wanted, f"#{seen.legal_actions.index(wanted) + 1}")
        if commands:
            lines.append(COMMANDS[len(lines) // 2 % len(COMMANDS)])
        lines.append(line)
        state = state.apply(wanted)
    return lines


def screens(out: str) -> list[list[str]]:
    """The output cut after each prompt: each screen is what follows one prompt up to the
    next one (included), or to the end."""
    cut: list[list[str]] = [[]]
    for line in out.splitlines():
        cut[-1].append(line)
        if PROMPT.match(line):
            cut.append([])
    return cut


def play(
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    argv: list[str],
    lines: list[str],
) -> str:
    monkeypatch.setattr("sys.stdin", io.StringIO("".join(f"{line}\n" for line in lines)))
    assert main(argv) == 0
    out, err = capsys.readouterr()
    assert err == ""
    return out


@pytest.mark.parametrize(
    ("island", "players", "seed", "commands"),
    [
        ("ABC-1", 2, 1, True),
        ("ABC-1", 4, 0, False),
        ("ABC-2", 3, 2, True),
        ("ABC-3", 4, 0, False),
        ("AbC-3", 2, 5, False),
        ("aBC-2", 4, 3, True),
        ("abc-4", 4, 1, False),
    ],
)
def test_every_screen_of_a_whole_piped_game_fits_80_by_24(
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    island: str,
    players: int,
    seed: int,
    commands: bool,
) -> None:
    lines = typed_game(island, players, seed, commands)
    argv = ["play", island, "--players", str(players), "--human", "0", "--seed", str(seed)]
    out = play(monkeypatch, capsys, argv, lines)
    cut = screens(out)
    assert len(cut) == len(lines) + 1
    for screen in cut[:-1]:
        assert len(screen) <= 24, "\n".join(screen)
        assert max(map(len, screen)) <= 80, "\n".join(screen)
    # The last screen keeps a line for the cursor, where the shell's prompt comes.
    assert len(cut[-1]) <= 23, "\n".join(cut[-1])
    assert max(map(len, cut[-1])) <= 80


def test_a_finished_game_ends_on_its_final_board(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    lines = typed_game("ABC-1", 2, 1, commands=False)
    argv = ["play", "ABC-1", "--players", "2", "--human", "0", "--seed", "1"]
    last = screens(play(monkeypatch, capsys, argv, lines))[-1]
    board = next(i for i, line in enumerate(last) if re.search(r"game over \(.*\): P. win", line))
    assert any("map   fields clues roses" in line for line in last[board:])
    assert any(line.startswith("your hand:") for line in last[board:])  # the person's view
    assert last[-2].startswith("game over (")
    assert "scores P0" in last[-2]
    assert last[-1] == "the game was dealt from seed 1"
    # A game of bots shows the board as everyone sees it: no hand.
    assert main(["play", "ABC-1", "--players", "2", "--seed", "1"]) == 0
    out = capsys.readouterr().out.splitlines()
    board = max(i for i, line in enumerate(out) if line.startswith("   a b c"))
    assert "game over (" in " ".join(out[board - 1 : board + 1])
    assert not any("your hand" in line or " you" in line for line in out[board:])
    assert out[-1].startswith("game over (")


def words_of(seen: tb.Observation, text: str) -> str:
    """The board's text without the drawing of the island, as one line of words (a clue may
    wrap from one line to the next, beside the island or below it)."""
    drawing = island_lines(seen.island, piece_marks(seen))
    lines = text.splitlines()
    if drawing[0] in [line[: len(drawing[0])] for line in lines]:
        first = next(i for i, line in enumerate(lines) if line.startswith(drawing[0]))
        width = max(map(len, drawing))
        for i in range(first, first + len(drawing)):
            lines[i] = lines[i][width:]
    return " ".join(" ".join(lines).split())


def clue_text_shown(said: str, clue: tb.Clue) -> bool:
    return str(clue) in said or short_clue(clue) in said


def test_a_board_short_of_room_shortens_clues_and_never_drops_them() -> None:
    checked = 0
    for players, island in ((2, "ABC-3"), (4, "ABC-1"), (3, "aBC-2")):
        state = tb.new_game(tb.islands.get(island), players, seed=4)
        rng = random.Random(4)
        while not state.is_terminal:
            seen = state.observation(state.to_move)
            for height in (24, 20, 16, 12, 1):
                text = board_text(seen, height=height)
                said = words_of(seen, text)
                for map_state in seen.maps:
                    for clue in map_state.clues:
                        assert clue_text_shown(said, clue), (height, str(clue), text)
                        checked += 1
                assert max(map(len, text.splitlines())) <= 80
            state = state.apply(GreedyBot().choose(seen, rng))
    assert checked > 1000


def title_and_status(svg: str) -> tuple[str, str]:
    root = ET.fromstring(svg)
    texts = {
        el.get("class"): el.text for el in root.iter() if el.get("class") in ("title", "status")
    }
    return texts["title"] or "", texts["status"] or ""


def test_pictures_show_the_persons_view_and_name_each_moment_as_the_terminal_does(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    lines = typed_game("ABC-1", 2, 4, commands=False)
    saved, folder = tmp_path / "game.json", tmp_path / "pictures"
    argv = ["play", "ABC-1", "--players", "2", "--human", "0", "--seed", "4"]
    out = play(monkeypatch, capsys, [*argv, "--save", str(saved), "--svg-dir", str(folder)], lines)
    record = tb.GameRecord.from_json(saved.read_text(encoding="utf-8"))
    states = list(tb.replay(record))
    pictures = sorted(folder.glob("step-*.svg"))
    assert len(pictures) == len(states)
    sizes = set()
    for step, (state, picture) in enumerate(zip(states, pictures, strict=True)):
        svg = picture.read_text(encoding="utf-8")
        title, status = title_and_status(svg)
        # Exactly what the person's seat sees: their observation, their hand.
        assert svg == render_game_svg(state.observation(0), title=title)
        # The turn as the board says it; the last, as the board does, says who won.
        assert status.startswith(f"turn {state.turn} · " if step < len(states) - 1 else "game over")
        if step:
            before, actor, action = (
                states[step - 1],
                record.actors[step - 1],
                record.actions[step - 1],
            )
            assert title == f"ABC-1 · turn {before.turn} · P{actor}: {action}"
            # The log's line of the same moment (a round written tightly drops the padding).
            assert re.search(rf"turn +{before.turn} P{actor}\b", out), title
        sizes.add((ET.fromstring(svg).get("width"), ET.fromstring(svg).get("height")))
    assert len(sizes) == 1
