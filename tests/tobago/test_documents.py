"""Regression tests for what fuzzing found in the Tobago documents and output files (issue 15):
every record and saved table is checked completely when read, every reader answers malformed
JSON with a TobagoError, and no output file that is not a regular file is ever opened."""

from __future__ import annotations

import io
import json
import os
import re
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

import tobago_solver as tb
from tobago_solver.cli import main
from tobago_solver.cli.assist import Assistant
from tobago_solver.game.rules import GameRules
from tobago_solver.table import Table

ISLAND = tb.islands.default()
NESTED = "[" * 2000 + "]" * 2000
HUGE = "1" * 5000


@pytest.fixture(scope="module")
def record() -> tb.GameRecord:
    return tb.play_game(ISLAND, [tb.GreedyBot(), tb.GreedyBot()], seed=1)


def changed(record: tb.GameRecord, path: tuple[str, ...], value: Any) -> str:
    """The record's JSON with the value at ``path`` replaced (a missing last key is added)."""
    data = json.loads(record.to_json())
    here = data
    for key in path[:-1]:
        here = here[key]
    here[path[-1]] = value
    return json.dumps(data)


def raw(record: tb.GameRecord, path: tuple[str, ...], token: str) -> str:
    """The record's JSON with the value at ``path`` written as a raw token (``Infinity``)."""
    return changed(record, path, "@@").replace('"@@"', token)


# -- 2. deeply nested JSON, and other JSON Python reads badly -----------------------------------


@pytest.mark.parametrize("text", [NESTED, HUGE, "NaN", "[Infinity]", '{"a": -Infinity}'])
def test_every_document_reader_refuses_bad_json_with_a_clear_error(text: str) -> None:
    with pytest.raises(tb.TobagoError, match="not a game record"):
        tb.GameRecord.from_json(text)
    with pytest.raises(tb.TobagoError, match="not a saved table"):
        Table.from_json(text)


def test_the_commands_that_read_json_answer_nesting_in_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    nested = tmp_path / "nested.json"
    nested.write_text(NESTED)
    for argv in (["replay", str(nested)], ["advise", str(nested), "--turn", "1"]):
        assert main(argv) == 2
        out, err = capsys.readouterr()
        assert err.count("\n") == 1
        assert "nested deeper than 64 levels" in err
        assert "Traceback" not in out + err
    out = io.StringIO()
    shell = Assistant(Table.new(ISLAND), stdin=io.StringIO(""), stdout=out)
    shell.onecmd(f"load {nested}")
    shell.onecmd("where")
    assert "error: not a saved table: nested deeper than 64 levels" in out.getvalue()
    assert "grey: no clue yet, all 102 fields" in out.getvalue()  # the session goes on


# -- 5. records are validated completely --------------------------------------------------------

BAD_RECORDS = [
    (("island",), None, "'island' must be str"),
    (("seed",), 1.7, "'seed' must be int"),
    (("seed",), True, "'seed' must be int"),
    (("seed",), -3, "'seed' must be a whole number from 0"),
    (("seed",), 2**70, "'seed' must be a whole number from 0"),
    (("version",), True, "version True is not 1"),
    (("actions",), "move", "'actions' must be list"),
    (("actions",), [[0, "move c3"], 7], "action 2 must be a [player, text] pair"),
    (("actions",), [["0", "move c3"]], "the player of action 1 must be a whole number"),
    (("actions",), [[2, "move c3"]], "the player of action 1 must be a whole number from 0 to 1"),
    (("actions",), [[0, "dance"]], "action 1: cannot read action 'dance'"),
    (("bots",), ["greedy"], "'bots' must have 2 or 3 or 4 items"),
    (("cars",), ["h1"], "'cars' must have 2 items"),
    (("cars",), ["h1", "zz99"], "not a land field"),
    (("rules", "gold_counts"), [1.5], "gold_counts must hold whole numbers"),
    (("rules", "gold_counts"), [100000000, 1], "gold_counts must hold whole numbers 0 to 100"),
    (("rules", "gold_counts"), [100] * 190_000, "at most 20 values (2 to 21), not 190,000"),
    (("rules", "max_steps"), "3", "max_steps must be a whole number"),
    (("rules", "max_steps"), 0, "max_steps must be 1 to 10"),
    (("rules", "curses"), -5, "curses must be 0 to 100"),
    (("rules", "turn_limit"), 0, "turn_limit must be 1 to"),
    (("rules", "first_player"), -1, "first_player must be 0 to 3"),
    (("rules", "first_player"), 3, "first_player 3 is not one of the seats"),
    (("rules", "opening"), "dance", "opening must be 'roses' or 'clues'"),
    (("rules", "exchange"), 1, "exchange must be true or false"),
    (("rules", "unlocatable_map"), "ignore", "unlocatable_map must be 'end' or 'abandon'"),
    (("rules", "clue_rules"), {"name": "seed"}, "'clue_rules' must be an object"),
    (("rules", "clue_rules", "new_information_threshold"), -1, "new_information_threshold"),
    (("rules", "colour"), "red", "unknown field(s) 'colour'"),
    (("result", "scores"), [1.5, 2], "'scores' must hold whole numbers"),
    (("result", "winners"), [], "'winners' must list seats"),
    (("result", "winners"), [5], "'winners' must hold whole numbers from 0 to 1, not 5"),
    (("result", "winners"), [1, 0], "'winners' must list seats once each, in order"),
    (("result", "end_reason"), "boredom", "'end_reason' 'boredom' is not an end"),
    (("result", "turns"), 99999, "'turns' must be a whole number from 0 to"),
    (("result", "curses"), "2", "'curses' must be int"),
    (("result", "abandoned"), -1, "'abandoned' must be a whole number"),
    (("result", "extra"), 1, "unknown result field(s) 'extra'"),
    (("extra",), 1, "unknown field(s) 'extra'"),
]


@pytest.mark.parametrize(("path", "value", "message"), BAD_RECORDS)
def test_a_malformed_record_is_refused_naming_the_problem(
    record: tb.GameRecord, path: tuple[str, ...], value: Any, message: str
) -> None:
    with pytest.raises(tb.TobagoError, match=re.escape(message)):
        tb.GameRecord.from_json(changed(record, path, value))


@pytest.mark.parametrize("token", ["Infinity", "NaN", "-Infinity", HUGE])
def test_numbers_json_does_not_allow_are_refused(record: tb.GameRecord, token: str) -> None:
    with pytest.raises(tb.TobagoError, match="not a game record"):
        tb.GameRecord.from_json(raw(record, ("seed",), token))


def test_a_record_without_the_newer_fields_reads_them_as_its_presets(
    record: tb.GameRecord,
) -> None:
    data = json.loads(record.to_json())
    for key in ("unlocatable_map", "exchange"):
        del data["rules"][key]
    del data["result"]["abandoned"]
    assert tb.GameRecord.from_json(json.dumps(data)) == record
    data["rules"] = json.loads(
        json.dumps({**GameRules.published().to_dict(), "unlocatable_map": None})
    )
    del data["rules"]["unlocatable_map"]
    assert tb.GameRecord.from_json(json.dumps(data)).rules == GameRules.published()


def test_rules_are_checked_when_built() -> None:
    for changes in (
        {"turn_limit": 0},
        {"max_steps": "3"},
        {"gold_counts": (1.5,)},
        {"gold_counts": ()},
        {"curses": -5},
        {"first_player": -1},
        {"roses": True},
        {"exchange": "yes"},
    ):
        with pytest.raises(tb.TobagoError, match="game rules"):
            GameRules(**changes)  # type: ignore[arg-type]


def test_negative_and_other_bad_seeds_are_refused_like_tranquility_does() -> None:
    for seed in (-3, 1.5, True, 2**64):
        with pytest.raises(tb.TobagoError, match="seed must be a whole number"):
            tb.new_game(ISLAND, 2, seed=seed)  # type: ignore[arg-type]
    rules = replace(GameRules.seed(), first_player=3)
    with pytest.raises(tb.TobagoError, match="first_player 3"):
        tb.new_game(ISLAND, 2, rules=rules)


# -- 7. replay compares every part of the result ------------------------------------------------


def other_result(record: tb.GameRecord, field: str) -> Any:
    """A value of a result field that differs from the record's."""
    value = getattr(record, field)
    if field == "end_reason":
        return "turn limit" if value != "turn limit" else "stalemate"
    if field == "winners":
        return (1,) if value != (1,) else (0,)
    if isinstance(value, tuple):
        return (value[0] + 1, *value[1:])
    return value + 1


@pytest.mark.parametrize(
    "field", ["scores", "winners", "turns", "curses", "amulets_spent", "end_reason", "abandoned"]
)
def test_a_record_claiming_another_result_does_not_replay(
    record: tb.GameRecord, field: str
) -> None:
    tampered = replace(record, **{field: other_result(record, field)})
    with pytest.raises(tb.TobagoError, match=f"{field} .*the record says"):
        list(tb.replay(tampered))


def test_replay_on_the_command_line_refuses_a_record_claiming_other_turns(
    record: tb.GameRecord, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "game.json"
    path.write_text(changed(record, ("result", "turns"), record.turns + 1))
    assert main(["replay", str(path), "--quiet"]) == 2
    _, err = capsys.readouterr()
    assert "turns" in err
    assert "the record says" in err


def test_a_record_that_stops_before_the_game_ends_does_not_replay(
    record: tb.GameRecord,
) -> None:
    with pytest.raises(tb.TobagoError, match="end before the game does"):
        list(tb.replay(replace(record, actions=record.actions[:-3], actors=record.actors[:-3])))


# -- 8. output files that are not regular files -------------------------------------------------


@pytest.fixture
def fifo(tmp_path: Path) -> Path:
    path = tmp_path / "pipe"
    os.mkfifo(path)
    return path


OUTPUT_COMMANDS = [
    ["islands", "show", "ABC-1", "--svg"],
    ["where", "ABC-1", "--clue", "in lake", "--svg"],
    ["check-clue", "ABC-1", "--new", "in lake", "--svg"],
    ["reach", "ABC-1", "c8", "--svg"],
    ["place-landmarks", "ABC-1", "--svg"],
    ["puzzle", "ABC-1", "--svg"],
    ["analyse", "ABC-1", "--json"],
    ["analyse", "ABC-1", "--svg"],
    ["analyse", "--all", "--summary"],
    ["play", "ABC-1", "--players", "2", "--quiet", "--save"],
]
"""Every option that writes a file, the file name to come last."""


@pytest.mark.parametrize("command", OUTPUT_COMMANDS, ids=lambda argv: " ".join(argv[:2]))
@pytest.mark.parametrize("kind", ["fifo", "device"])
def test_an_output_that_is_not_a_regular_file_is_refused_before_any_work(
    command: list[str], kind: str, fifo: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    target = str(fifo) if kind == "fifo" else "/dev/full"
    assert main([*command, target]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert "not a regular file" in err


def test_a_fifo_among_the_board_pictures_is_refused_before_the_game(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    os.mkfifo(tmp_path / "step-0003.svg")
    argv = ["play", "ABC-1", "--players", "2", "--quiet", "--svg-dir", str(tmp_path)]
    assert main(argv) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert "step-0003.svg" in err
    assert "not a regular file" in err


# -- 9. smaller ones ----------------------------------------------------------------------------


@pytest.mark.parametrize("command", ["save", "svg", "load"])
def test_a_nul_byte_in_an_assist_file_name_is_an_error_line(command: str) -> None:
    out = io.StringIO()
    shell = Assistant(Table.new(ISLAND), stdin=io.StringIO(""), stdout=out)
    assert shell.onecmd(f"{command} a\0b.json") is False
    shell.onecmd("grey in lake")
    lines = out.getvalue().splitlines()
    assert lines[0].startswith("error: the file name 'a\\x00b.json'")
    assert lines[1].startswith("grey (")


@pytest.mark.parametrize("command", ["save", "svg"])
def test_assist_refuses_to_write_into_a_fifo(command: str, fifo: Path) -> None:
    out = io.StringIO()
    shell = Assistant(Table.new(ISLAND), stdin=io.StringIO(""), stdout=out)
    shell.onecmd(f"{command} {fifo}")
    assert "not a regular file" in " ".join(out.getvalue().split())  # wrapped at 80


@pytest.mark.parametrize("value", [None, b"end turn", b"\xff\xfe", 7])
def test_only_text_is_read_as_an_action(value: object) -> None:
    with pytest.raises(tb.ActionSyntaxError, match="an action is text"):
        tb.parse_action(value)  # type: ignore[arg-type]


@pytest.mark.parametrize("value", [None, b"name: x", b"\xff"])
def test_only_text_is_read_as_an_island(value: object) -> None:
    with pytest.raises(tb.IslandFormatError, match="an island is text"):
        tb.Island.from_text(value)  # type: ignore[arg-type]


def saved_table(**changes: Any) -> str:
    table, _ = Table.new(ISLAND).play("grey", "in lake")
    data = json.loads(table.to_json())
    for key, value in changes.items():
        data["maps"]["grey"][key] = value
    return json.dumps(data)


def test_a_saved_table_with_contradictory_clues_is_refused_unless_forced() -> None:
    with pytest.raises(tb.TobagoError, match="map grey, clue 2: not in lake: no field is left"):
        Table.from_json(saved_table(clues=["in lake", "not in lake"]))
    with pytest.raises(tb.TobagoError, match=r"clue 2: in lake: the \d+ candidates do not change"):
        Table.from_json(saved_table(clues=["in lake", "in lake"]))
    forced = Table.from_json(saved_table(clues=["in lake", "not in lake"], forced=True))
    assert forced.forced == (True, False, False, False)
    assert len(forced.candidates("grey")) == 0
    with pytest.raises(tb.TobagoError, match="forced but holds no clue"):
        Table.from_json(saved_table(clues=[], forced=True))
    with pytest.raises(tb.TobagoError, match="unknown field"):
        Table.from_json(saved_table(colour="red"))


def test_an_argument_with_a_line_break_is_quoted_back_on_one_line(
    capsys: pytest.CaptureFixture[str],
) -> None:
    for argv in (["play", "ABC-1", "x\ny\u2028z"], ["simulate", "-n", "1\n2"]):
        assert main(argv) == 2
        _, err = capsys.readouterr()
        assert err.count("\n") == 1
        assert err.endswith("\n")


def test_an_observation_is_for_a_seat_not_a_truth_value() -> None:
    state = tb.new_game(ISLAND, 2, seed=1)
    with pytest.raises(tb.TobagoError, match="no player True"):
        state.observation(True)
    with pytest.raises(tb.TobagoError, match="no player 2"):
        state.observation(2)
