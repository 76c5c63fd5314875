"""Puzzles: one candidate, every clue needed, each legal in order, deterministic per seed."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tobago_solver as tb
from tests.tobago.strategies import islands
from tobago_solver.cli import main

ISLAND = tb.islands.default()


def assert_valid_puzzle(puzzle: tb.Puzzle, rules: str = "seed") -> None:
    island, clues = puzzle.island, puzzle.clues
    assert set(tb.candidates(island, clues)) == {puzzle.answer}
    assert len(set(clues)) == len(clues)
    assert set(clues) <= set(tb.DECK)
    for position, clue in enumerate(clues):
        verdict = tb.check_clue(island, clues[:position], clue, rules)  # type: ignore[arg-type]
        assert verdict.legal, verdict.message
    for left_out in range(len(clues)):
        rest = clues[:left_out] + clues[left_out + 1 :]
        assert len(tb.candidates(island, rest)) > 1, f"{clues[left_out]} is not needed"


@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize("size", [None, 3, 6])
def test_puzzles_are_valid(seed: int, size: int | None) -> None:
    puzzle = tb.make_puzzle(ISLAND, seed=seed, size=size)
    assert_valid_puzzle(puzzle)
    if size is not None:
        assert len(puzzle.clues) == size
    else:
        shortest = tb.min_clues(ISLAND, puzzle.answer)
        assert shortest is not None
        assert len(puzzle.clues) == len(shortest)


def test_a_one_field_island_has_no_puzzle() -> None:
    island = tb.Island.from_terrain("one", {"a1": tb.Terrain.LAKE}, [])
    with pytest.raises(tb.TobagoError, match="no puzzle on one"):
        tb.make_puzzle(island)


def test_published_rules_and_a_chosen_field() -> None:
    puzzle = tb.make_puzzle(tb.islands.get("abC-3"), seed=2, size=5, field="c4", rules="published")
    assert puzzle.answer == "c4"
    assert len(puzzle.clues) == 5
    assert_valid_puzzle(puzzle, "published")


@settings(max_examples=25, deadline=None)
@given(islands(), st.integers(0, 10**6))
def test_random_islands_get_valid_puzzles_or_a_clear_refusal(island: tb.Island, seed: int) -> None:
    if len(island) == 1 or all(tb.min_clues(island, f) is None for f in island.fields):
        with pytest.raises(tb.TobagoError, match="no puzzle on random"):
            tb.make_puzzle(island, seed=seed)
    else:
        assert_valid_puzzle(tb.make_puzzle(island, seed=seed))


def test_a_seed_always_gives_the_same_puzzle_and_seeds_vary() -> None:
    puzzles = [tb.make_puzzle(ISLAND, seed=seed, size=4) for seed in range(8)]
    assert puzzles == [tb.make_puzzle(ISLAND, seed=seed, size=4) for seed in range(8)]
    assert len({(p.clues, p.answer) for p in puzzles}) > 4


def test_impossible_requests_are_refused_with_a_reason() -> None:
    never = next(f for f in ISLAND.fields if tb.min_clues(ISLAND, f) is None)
    with pytest.raises(tb.TobagoError, match=f"no set of cards locates field {never}"):
        tb.make_puzzle(ISLAND, field=never)
    located = next(f for f in ISLAND.fields if (tb.min_clues(ISLAND, f) or ()).__len__() >= 3)
    with pytest.raises(tb.TobagoError, match=f"field {located} of ABC-1 needs at least"):
        tb.make_puzzle(ISLAND, field=located, size=1)
    with pytest.raises(tb.TobagoError, match="at least one clue"):
        tb.make_puzzle(ISLAND, size=0)
    with pytest.raises(tb.TobagoError, match="seed"):
        tb.make_puzzle(ISLAND, seed="3")  # type: ignore[arg-type]
    with pytest.raises(tb.UnknownFieldError):
        tb.make_puzzle(ISLAND, field="zz1")


def test_text_hides_the_answer_unless_asked() -> None:
    puzzle = tb.make_puzzle(ISLAND, seed=3, size=3)
    hidden, shown = puzzle.text(), puzzle.text(show_answer=True)
    assert puzzle.answer not in hidden.splitlines()[-1]
    assert shown.splitlines()[-1].startswith(f"answer: {puzzle.answer} ")
    assert [line.split(". ", 1)[1] for line in hidden.splitlines()[1:-1]] == [
        str(c) for c in puzzle.clues
    ]


# -- the command line ----------------------------------------------------------------------------


def test_puzzle_command_prints_the_puzzle(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["puzzle", "ABC-1", "--seed", "3", "--size", "4"]) == 0
    out, err = capsys.readouterr()
    puzzle = tb.make_puzzle(ISLAND, seed=3, size=4)
    assert (out.strip(), err) == (puzzle.text(), "")
    assert main(["puzzle", "ABC-1", "--seed", "3", "--size", "4", "--show-answer"]) == 0
    assert capsys.readouterr().out.strip() == puzzle.text(show_answer=True)


def test_puzzle_command_without_a_seed_prints_the_one_it_drew(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    assert main(["puzzle", "ABC-1", "--svg", str(tmp_path / "p.svg")]) == 0
    out = capsys.readouterr().out
    seed = int(out.split("#", 1)[1].split(":", 1)[0])
    assert out.strip() == tb.make_puzzle(ISLAND, seed=seed).text()
    picture = (tmp_path / "p.svg").read_text()
    assert "highlight-outline" not in picture


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["puzzle", "ABC-1", "--size", "0"], "--size must be at least 1"),
        (["puzzle", "ABC-1", "--seed", "-1"], "'-1' is not a whole number"),
        (["puzzle", "ABC-1", "--field", "h1"], "no set of cards locates field h1"),
        (["puzzle", "ABC-1", "--seed", "1", "--seed", "2"], "given twice"),
    ],
)
def test_puzzle_errors_are_one_line(
    capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    assert main(argv) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert message in err
    assert len(err.strip().splitlines()) == 1
