"""``tobago assist`` driven end to end with piped input, and the Table value behind it."""

from __future__ import annotations

import io
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tobago_solver as tb
from tobago_solver.cli import main
from tobago_solver.cli.assist import Assistant
from tobago_solver.rules import MAP_NAMES
from tobago_solver.table import Table

from .strategies import ALL_CLUES

ISLAND = tb.islands.get("ABC-2")


def where_line(colour: str, clues: list[str]) -> str:
    fields = tb.candidates(ISLAND, clues)
    if not clues:
        return f"{colour}: no clue yet, all {len(fields)} fields"
    return f"{colour} ({len(fields)}): " + " ".join(f for f in ISLAND.fields if f in fields)


def session(
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    lines: list[str],
    *options: str,
) -> tuple[int, list[str]]:
    monkeypatch.setattr("sys.stdin", io.StringIO("\n".join(lines) + "\n"))
    code = main(["assist", "ABC-2", *options])
    out, err = capsys.readouterr()
    assert err == ""
    return code, answers(out)


def answers(out: str) -> list[str]:
    """The answers, each on one line: every line fits 80 columns, broken between words, and
    a continuation (indented two spaces) is joined back to its line."""
    joined: list[str] = []
    for line in out.splitlines():
        assert len(line) <= 80, line
        if line.startswith("  ") and joined:
            joined[-1] += " " + line.strip()
        else:
            joined.append(line)
    return joined


def test_a_game_replayed_from_a_file(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    saved, picture = tmp_path / "game.json", tmp_path / "board.svg"
    code, out = session(
        monkeypatch,
        capsys,
        [
            "# comments and blank lines are skipped",
            "",
            "grey not in lake",
            "BROWN in sight of the huts",
            "where",
            f"save {saved}",
            f"svg {picture}",
        ],
    )
    assert code == 0
    grey = where_line("grey", ["not in lake"])
    brown = where_line("brown", ["in sight of hut"])
    everything = where_line("black", [])
    assert out == [
        grey,
        brown,
        grey,
        brown,
        everything,
        everything.replace("black", "white"),
        f"saved {saved}",
        f"wrote {picture}",
    ]
    table = Table.from_json(saved.read_text(encoding="utf-8"))
    assert table.clues("grey") == (tb.Clue.parse("not in lake"),)
    assert table.island == ISLAND
    root = ET.fromstring(picture.read_text(encoding="utf-8"))
    texts = [el.text for el in root.iter() if el.text]
    assert "• not in lake" in texts
    assert f"{len(tb.candidates(ISLAND, ['not in lake']))} candidates" in " ".join(texts)


def test_bad_lines_get_one_line_each_and_the_session_goes_on(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out = session(
        monkeypatch,
        capsys,
        [
            "purple in lake",
            "grey in the sea",
            "grey",
            "car red z99",
            "reach blue",
            "undo",
            "load /no/such/table.json",
            "where please",
            "grey in lake",
        ],
    )
    assert code == 2  # piped input with errors: a replay that went wrong says so
    assert len(out) == 9
    assert out[0].startswith("error: unknown command 'purple'")
    assert out[1].startswith("error: cannot read clue 'in the sea'")
    assert out[2] == "error: give a clue after the map, e.g. 'grey not in lake'"
    assert out[3] == "error: 'z99' is not a land field of island 'ABC-2'"
    assert out[4].startswith("error: no car 'blue'")
    assert out[5] == "error: nothing to undo"
    assert out[6] == "error: no such file: /no/such/table.json"
    assert out[7] == "error: 'where' takes nothing after it, found 'please'"
    assert out[8] == where_line("grey", ["in lake"])


def test_illegal_plays_are_refused_with_the_rule_or_forced(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out = session(
        monkeypatch,
        capsys,
        [
            "grey in lake",
            "grey not in lake",
            "grey in lake",
            "check grey not in lake",
            "check grey in largest lake",
            "force grey not in lake",
            "where",
            "undo",
            "claimed grey",
            "undo",
            "where",
        ],
    )
    assert code == 0
    assert out[1] == (
        "refused (contradiction): not in lake: no field is left; it contradicts 'in lake' "
        "(a clue must leave a field)"
    )
    assert out[2].startswith("refused (no-new-information): in lake: the ")
    assert out[3].startswith("contradiction: not in lake")
    assert out[4] == where_line("grey", ["in lake"])
    largest = where_line("grey", ["in lake", "in largest lake"])
    assert out[5].startswith("ok: in largest lake: candidates ")
    assert out[6] == largest
    assert out[7].startswith("forced (contradiction)")
    assert out[8] == "grey (0): — forced: holds an illegal clue — no field is left"
    assert out[9] == "grey (0): — forced: holds an illegal clue — no field is left"
    assert out[13] == "undone: grey not in lake (1 more change to undo)"  # the force
    assert out[15] == "undone: claimed grey (1 more change to undo)"
    assert out[-4] == where_line("grey", ["in lake"])  # 'claimed' and the force both undone


def test_the_force_option_plays_illegal_clues(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out = session(monkeypatch, capsys, ["white in lake", "white in lake"], "--force")
    assert code == 0
    assert out[1].startswith("forced (no-new-information)")
    assert out[2].endswith("— forced: holds an illegal clue")


def test_hand_best_cars_and_reach(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    start = ISLAND.fields[10]
    code, out = session(
        monkeypatch,
        capsys,
        [
            "grey in lake",
            "hand in lake; next to hut; not in sight of sea",
            "best",
            f"car red {start.upper()}",
            "reach red",
            "cars",
            "gray in sight of sea",
            "quit",
            "grey in beach",  # never read: the session ended
        ],
    )
    assert code == 0
    assert out[1] == "hand: in lake; next to hut; not in sight of sea"
    best = out[2:14]
    assert len(best) == 12  # 3 cards x 4 maps
    legal = [line for line in best if "illegal" not in line]
    lefts = [int(line.rsplit(" ", 1)[1]) for line in legal]
    assert lefts == sorted(lefts)
    assert (
        best[-1] == "in lake on grey: illegal (no-new-information) the 7 candidates do not change "
        "(a clue must rule out a field)"
    )
    assert out[14] == f"car red on {start}"
    reach = tb.reachable(ISLAND, start) - {start}  # a move goes somewhere else
    assert out[15] == f"red from {start} ({len(reach)}): " + " ".join(
        f for f in ISLAND.fields if f in reach
    )
    assert out[16] == f"car red on {start}"
    assert out[17] == where_line("grey", ["in lake", "in sight of sea"])
    assert len(out) == 18


def test_a_real_pipe_runs_without_prompt(tmp_path: Path) -> None:
    game = tmp_path / "game.txt"
    game.write_text("grey in lake\nwhere\n", encoding="utf-8")
    with game.open() as stdin:
        result = subprocess.run(
            [sys.executable, "-m", "tobago_solver", "assist", "ABC-2"],
            stdin=stdin,
            capture_output=True,
            text=True,
            check=False,
        )
    assert result.returncode == 0
    assert result.stderr == ""
    lines = result.stdout.splitlines()
    assert lines[0] == where_line("grey", ["in lake"])
    assert len(lines) == 5


def test_tab_completion_offers_maps_clue_words_and_fields() -> None:
    shell = Assistant(Table.new(ISLAND), stdin=io.StringIO(""), stdout=io.StringIO())
    assert shell.completenames("gr") == ["grey "]  # a whole word: the space after it too
    assert "where " in shell.completenames("w")
    assert shell.completedefault("sig", "grey in sig", 8, 11) == ["sight "]
    assert shell.completedefault("larg", "grey in larg", 8, 12) == ["largest "]
    assert "c5 " in shell.completedefault("c", "car red c", 8, 9)
    # In a clue position only clue words: no field names.
    assert shell.completedefault("c", "check grey in c", 14, 15) == []
    assert shell.completedefault("n", "grey n", 5, 6) == ["next ", "not "]


def test_a_card_played_from_the_hand_leaves_it_and_undo_brings_it_back(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out = session(
        monkeypatch, capsys, ["hand in lake; next to hut", "grey in lake", "hand", "undo", "hand"]
    )
    assert code == 0
    assert out[2] == "hand: next to hut"
    assert out[3] == "undone: grey in lake (1 more change to undo)"
    assert out[4] == "hand: in lake; next to hut"


@settings(max_examples=40)
@given(
    st.lists(
        st.tuples(st.sampled_from(MAP_NAMES), st.sampled_from(ALL_CLUES), st.booleans()),
        max_size=10,
    ),
    st.sampled_from(["seed", "published"]),
)
def test_the_table_agrees_with_the_core_and_round_trips(
    plays: list[tuple[str, tb.Clue, bool]], rules: str
) -> None:
    island = tb.islands.get("abc-3")
    table = Table.new(island, rules)  # type: ignore[arg-type]
    for colour, clue, force in plays:
        expected = tb.check_clue(island, table.clues(colour), clue, rules)  # type: ignore[arg-type]
        after, verdict = table.play(colour, clue, force=force)
        assert (verdict.legal, verdict.reason) == (expected.legal, expected.reason)
        if expected.legal or force:
            assert after.clues(colour) == (*table.clues(colour), clue)
        else:
            assert after is table
        table = after
        assert set(table.candidates(colour)) == set(tb.candidates(island, table.clues(colour)))
    assert Table.from_json(table.to_json()) == table


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("{", "not a saved table: invalid JSON"),
        ('{"format": "other"}', "not a saved table: 'format' is not 'tobago-table'"),
        ('{"format": "tobago-table", "version": 9}', "saved table version 9 is not 1"),
        ('{"format": "tobago-table", "version": 1, "island": 5}', "'island' as str"),
    ],
)
def test_a_bad_saved_table_is_named(text: str, expected: str) -> None:
    with pytest.raises(tb.TobagoError, match=expected):
        Table.from_json(text)


def test_help_fits_the_screen_and_says_gray_is_grey(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out = session(monkeypatch, capsys, ["help"])
    assert code == 0
    assert out[-1].endswith("('gray' is read as grey)")
