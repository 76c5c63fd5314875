"""A whole game of each tool played at a human seat by piped input, as a person would type it:
short forms and commands only. Checks what the person sees: every screen between two prompts
fits 80 × 24 (``moves`` excepted), refusals give the engine's reason, no hidden card and no seed
shows before the end, and a game saved on the way and resumed ends as the uninterrupted one.

The person's choices are made here beforehand, by a bot over the same observations, and typed
as short forms; the bots at the other seats draw on the same random sources as the command's.
"""

from __future__ import annotations

import io
import json
import random
import re
from pathlib import Path

import pytest

import tobago_solver as tb
import tranquility_solver as tq
from tobago_solver.bots import GreedyBot
from tobago_solver.cli import main as tobago_main
from tobago_solver.game.actions import (
    ACCEPT_CURSE,
    END_TURN,
    SPEND_AMULET,
    TAKE_AMULET,
    Move,
    Play,
)
from tobago_solver.game.records import bot_rng as tobago_bot_rng
from tobago_solver.game.shortforms import read_action as read_tobago
from tranquility_solver.bots import make_bot as make_tq_bot
from tranquility_solver.cli import main as tranquility_main
from tranquility_solver.game.actions import Discard, Share
from tranquility_solver.game.actions import Play as TqPlay
from tranquility_solver.game.lookahead import loss_risk
from tranquility_solver.game.records import bot_rng as tq_bot_rng
from tranquility_solver.game.shortforms import read_action as read_tq

PROMPT = re.compile(r"^(your (move|share)[^>]*|[a-z ]+( / [a-z ]+)*)> (.*)$")

_SHORT_WORDS = {TAKE_AMULET: "take", SPEND_AMULET: "spend", END_TURN: "end", ACCEPT_CURSE: "accept"}


def _screens(out: str) -> list[tuple[str, list[str]]]:
    """The output cut at each prompt: (the line typed at it, the lines shown before it)."""
    screens: list[tuple[str, list[str]]] = []
    shown: list[str] = []
    typed = ""
    for line in out.splitlines():
        match = PROMPT.match(line)
        if match:
            screens.append((typed, [*shown, line]))
            typed, shown = match.group(4), []
        else:
            shown.append(line)
    screens.append((typed, shown))
    return screens


def _check_screens(out: str) -> None:
    for typed, lines in _screens(out):
        assert max(map(len, lines), default=0) <= 80, (typed, lines)
        if typed != "moves":
            assert len(lines) <= 24, (typed, "\n".join(lines))


# -- Tobago ---------------------------------------------------------------------------------

TOBAGO_SEED = 7


def _tobago_lines() -> list[str]:
    """What the person at seat 0 types in the game of TOBAGO_SEED against a greedy bot."""
    state = tb.new_game(tb.islands.default(), 2, seed=TOBAGO_SEED)
    person, own_rng = GreedyBot(), random.Random(1)
    bot, rng = GreedyBot(), tobago_bot_rng(TOBAGO_SEED, 1)
    lines = ["help", "board", "hint", "where grey", "moves", "play 9 grey", "pass", "move a1"]
    while not state.is_terminal:
        player = state.to_move
        seen = state.observation(player)
        if player == 1:
            state = state.apply(bot.choose(seen, rng))
            continue
        wanted = person.choose(seen, own_rng)
        if isinstance(wanted, Play):
            line = f"play {seen.hand.index(wanted.clue) + 1} {tb.MAP_NAMES[wanted.map]}"
        elif isinstance(wanted, Move):
            line = f"move {wanted.destination}"
        else:
            line = _SHORT_WORDS.get(wanted, str(wanted))
        lines.append(line)
        state = state.apply(read_tobago(seen, line).action)
    return lines


@pytest.fixture(scope="module")
def tobago_lines() -> list[str]:
    return _tobago_lines()


def _play_tobago(
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    lines: list[str],
    argv: list[str],
) -> tuple[int, str, str]:
    monkeypatch.setattr("sys.stdin", io.StringIO("".join(f"{line}\n" for line in lines)))
    code = tobago_main(argv)
    out, err = capsys.readouterr()
    return code, out, err


def test_a_whole_tobago_game_typed_in_short_forms(
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    tobago_lines: list[str],
) -> None:
    whole = tmp_path / "whole.json"
    argv = ["play", "ABC-1", "--players", "2", "--human", "0", "--seed", str(TOBAGO_SEED)]
    code, out, err = _play_tobago(monkeypatch, capsys, tobago_lines, [*argv, "--save", str(whole)])
    assert (code, err) == (0, "")
    over = out.index("game over (")
    assert f"seed {TOBAGO_SEED}" not in out[:over]
    assert f"the game was dealt from seed {TOBAGO_SEED}" in out[over:]
    _check_screens(out[:over])
    # Refusals give the engine's own reasons.
    assert "refused: 'play 9 grey': you hold 6 clue cards, numbered 1 to 6" in out
    assert "refused: 'pass': passing is allowed only when no clue play and no move is" in out
    assert "refused: 'move a1': " in out
    assert "grey: 102 fields, no clue yet" in out  # where grey
    record = tb.GameRecord.from_json(whole.read_text(encoding="utf-8"))
    assert record.finished
    assert record.bots == ("human", "greedy")

    # The same game, its input cut halfway: saved at the end of input, then resumed.
    half = tmp_path / "half.json"
    cut = len(tobago_lines) // 2
    code, out, err = _play_tobago(
        monkeypatch, capsys, tobago_lines[:cut], [*argv, "--save", str(half)]
    )
    assert code == 2
    assert err == "tobago: error: input ended before the game did\n"
    assert f"saved to {half}" in out
    assert f"seed {TOBAGO_SEED}" not in out
    assert not tb.GameRecord.from_json(half.read_text(encoding="utf-8")).finished
    code, out, err = _play_tobago(
        monkeypatch, capsys, tobago_lines[cut:], ["play", "--resume", str(half)]
    )
    assert (code, err) == (0, "")
    _check_screens(out[: out.index("game over (")])
    assert json.loads(half.read_text(encoding="utf-8")) == json.loads(
        whole.read_text(encoding="utf-8")
    )


# -- Tranquility ----------------------------------------------------------------------------

TQ_SEED = 11


def _tq_lines(rules: str) -> tuple[list[str], list[tuple[int, tq.Action]]]:
    """What the person at seat 0 types in a published game against a heuristic bot, and the
    other seat's actions whose cards lie face down."""
    state = tq.new_game(2, seed=TQ_SEED, rules=rules)
    person, own_rng = make_tq_bot("heuristic"), random.Random(1)
    bot, rng = make_tq_bot("heuristic"), tq_bot_rng(TQ_SEED)
    absent = min(set(range(1, 81)) - set(state.hands[0]))
    lines = ["help", "board", "hint", "moves", "99 a1", f"{absent} a1", "discard 1"]
    hidden: list[tuple[int, tq.Action]] = []
    while not state.is_terminal:
        player = state.current_player
        seen = state.observation(player)
        if player == 1:
            action = bot.choose(seen, rng)
            if isinstance(action, TqPlay | Discard | Share):
                hidden.append((state.turn, action))
            state = state.apply(action)
            continue
        wanted = person.choose(seen, own_rng)
        line = f"{wanted.card} {wanted.cell}" if isinstance(wanted, TqPlay) else str(wanted)
        action = read_tq(seen, line).action
        lines.extend([line, line] if loss_risk(seen, action).lost else [line])
        state = state.apply(action)
    return lines, hidden


def test_a_whole_tranquility_game_typed_in_short_forms(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    lines, hidden = _tq_lines("published")
    whole = tmp_path / "whole.json"
    argv = ["play", "--players", "2", "--human", "0", "--seed", str(TQ_SEED)]
    argv += ["--rules", "published"]

    def play(typed: list[str], arguments: list[str]) -> tuple[int, str, str]:
        monkeypatch.setattr("sys.stdin", io.StringIO("".join(f"{line}\n" for line in typed)))
        code = tranquility_main(arguments)
        out, err = capsys.readouterr()
        return code, out, err

    code, out, err = play(lines, [*argv, "--save", str(whole)])
    assert code in (0, 1), err
    over = out.index("The game is ")
    assert f"seed {TQ_SEED}" not in out[:over]
    assert f"The game was dealt from seed {TQ_SEED}." in out[over:]
    _check_screens(out[:over])
    assert "§" not in out
    assert "'play 99 a1': card '99' is not 1-80" in out
    assert re.search(r"refused: play \d+ a1: player 0 holds [\d ]+, not all of \d+", out)
    # The other seat's face-down cards show as a count in the log.
    log = [
        line
        for line in out.splitlines()
        if re.match(r"turn +\d+ P1 ", line) and not line.endswith((": start", ": finish"))
    ]
    assert len(hidden) == len(log)
    for line, (_, action) in zip(log, hidden, strict=True):
        said = line.split(": ", 1)[1]
        face_down = action.discards if isinstance(action, TqPlay) else action.cards
        for card in face_down:
            assert not re.search(rf"\b{card}\b(?! cards? face down)", said), (line, action)
    assert any("face down" in line for line in log)

    half = tmp_path / "half.json"
    cut = len(lines) // 2
    code, out, err = play(lines[:cut], [*argv, "--save", str(half)])
    assert (code, err) == (2, "tranquility: error: input ended before the game did\n")
    assert f"seed {TQ_SEED}" not in out
    code, out, err = play(lines[cut:], ["play", "--resume", str(half)])
    assert code in (0, 1), err
    _check_screens(out[: out.index("The game is ")])
    assert json.loads(half.read_text(encoding="utf-8")) == json.loads(
        whole.read_text(encoding="utf-8")
    )


@pytest.mark.parametrize("tool", ["tobago", "tranquility"])
def test_quit_saves_and_says_how_to_go_on(
    tool: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    saved = tmp_path / "game.json"
    monkeypatch.setattr("sys.stdin", io.StringIO("quit\n"))
    if tool == "tobago":
        argv = ["play", "ABC-1", "--players", "2", "--human", "0", "--save", str(saved)]
        code = tobago_main(argv)
    else:
        code = tranquility_main(["play", "--human", "0", "--save", str(saved)])
    out = capsys.readouterr().out
    assert code == 0
    assert f"saved to {saved}" in out
    assert f"play --resume {saved}' goes on with it" in out
    seed = json.loads(saved.read_text(encoding="utf-8"))["seed"]
    assert 0 <= seed < 1_000_000  # a fresh short seed, told only in the record
    assert f"seed {seed}" not in out
