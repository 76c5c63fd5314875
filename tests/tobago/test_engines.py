"""The three engines (fast bitmasks, CP-SAT, naive per field) always give the same fields."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tobago_solver as tb
from tobago_solver.clues import Clue
from tobago_solver.engines import cpsat, naive

from .strategies import ALL_CLUES, clue_lists, islands


@given(islands(), clue_lists())
def test_fast_agrees_with_naive_oracle(island: tb.Island, clues: list[Clue]) -> None:
    assert tb.candidates(island, clues, engine="fast") == naive.candidates(island, clues)


@settings(max_examples=40, deadline=None)
@given(islands(), clue_lists(max_size=4))
def test_cpsat_agrees_with_naive_oracle(island: tb.Island, clues: list[Clue]) -> None:
    assert tb.candidates(island, clues, engine="cpsat") == naive.candidates(island, clues)


@given(islands(), clue_lists(), st.sampled_from(ALL_CLUES))
def test_adding_a_clue_never_grows_the_candidates(
    island: tb.Island, clues: list[Clue], extra: Clue
) -> None:
    before = tb.candidates(island, clues)
    after = tb.candidates(island, [*clues, extra])
    assert after <= before


@given(islands(), st.data())
def test_a_planted_treasure_stays_a_candidate(island: tb.Island, data: st.DataObject) -> None:
    hidden = data.draw(st.sampled_from(island.fields), label="treasure")
    true_clues = [clue for clue in ALL_CLUES if naive.holds(island, hidden, clue)]
    clues = data.draw(st.lists(st.sampled_from(true_clues), max_size=8), label="clues")
    assert hidden in tb.candidates(island, clues)


@given(islands(), st.sampled_from(ALL_CLUES))
def test_a_clue_and_its_negation_split_the_island(island: tb.Island, clue: Clue) -> None:
    negation = Clue(clue.relation, clue.target, not clue.negated, clue.largest)
    yes, no = tb.candidates(island, [clue]), tb.candidates(island, [negation])
    assert not yes & no
    assert set(yes) | set(no) == set(island.fields)


def test_no_clue_leaves_every_field() -> None:
    island = tb.islands.default()
    assert tb.candidates(island, []) == frozenset(island.fields)


@pytest.mark.parametrize("name", ["ABC-1", "abc-4", "AbC-2"])
def test_engines_agree_on_every_deck_card_of_bundled_islands(name: str) -> None:
    island = tb.islands.get(name)
    for card in tb.DECK:
        assert tb.candidates(island, [card]) == naive.candidates(island, [card]), str(card)


def test_cpsat_agrees_on_a_bundled_island_with_several_clues() -> None:
    island = tb.islands.default()
    clues = [Clue.parse("in sight of sea"), Clue.parse("not in beach"), Clue.parse("next to river")]
    assert tb.candidates(island, clues, engine="cpsat") == naive.candidates(island, clues)


def test_clues_given_as_text_are_parsed() -> None:
    island = tb.islands.default()
    assert tb.candidates(island, ["next to hut"]) == tb.candidates(
        island, [Clue.parse("next to hut")]
    )


def test_unknown_engine_is_a_clear_error() -> None:
    with pytest.raises(ValueError, match="unknown engine 'magic'"):
        tb.candidates(tb.islands.default(), [], engine="magic")  # type: ignore[arg-type]


def test_sea_clues_follow_the_coast() -> None:
    island = tb.islands.default()
    assert tb.candidates(island, ["next to sea"]) == island.coast
    inland = tb.candidates(island, ["not in sight of sea"])
    for field in inland:
        assert all(n not in island.coast for n in island.land_neighbours(field))
        assert len(island.land_neighbours(field)) == 6


def test_relations_include_the_target_itself() -> None:
    island = tb.islands.default()
    huts = {mark.field for mark in island.landmarks_of("hut")}
    assert huts <= tb.candidates(island, ["next to hut"])
    assert huts <= tb.candidates(island, ["in sight of hut"])
    assert huts == tb.candidates(island, ["in hut"])


def test_a_missing_target_rules_every_field_out() -> None:
    bare = tb.islands.default().with_landmarks([])
    assert tb.candidates(bare, ["next to palm"]) == frozenset()
    assert tb.candidates(bare, ["not in sight of statue"]) == frozenset(bare.fields)


def test_a_single_string_is_not_a_clue_list() -> None:
    with pytest.raises(TypeError, match=r"write \['in lake'\]"):
        tb.candidates(tb.islands.default(), "in lake")


@pytest.mark.slow
@pytest.mark.parametrize("name", tb.islands.names())
def test_every_clue_of_the_grammar_on_every_bundled_island(name: str) -> None:
    island = tb.islands.get(name)
    for clue in ALL_CLUES:
        assert tb.candidates(island, [clue]) == naive.candidates(island, [clue]), str(clue)


@pytest.mark.slow
@settings(max_examples=300, deadline=None)
@given(st.sampled_from(tb.islands.names()), clue_lists(max_size=6))
def test_cpsat_agrees_on_bundled_islands(name: str, clues: list[Clue]) -> None:
    island = tb.islands.get(name)
    assert tb.candidates(island, clues, engine="cpsat") == naive.candidates(island, clues)


def _checkerboard() -> tb.Island:
    """An island at the size limits: 38 rows of 26 fields, beach and jungle alternating."""
    rows = [" ".join("BJ"[(row + column) % 2] for column in range(26)) for row in range(38)]
    return tb.Island.from_text("name: checker\nterrain:\n" + "\n".join(rows) + "\nhut: b2\n")


def test_cpsat_answers_a_question_with_one_search_under_one_time_limit(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # One search for the whole question: its time limit bounds the question, not each of many
    # solves (the witness loop solved once per candidate, 10 s each).
    from ortools.sat.python import cp_model

    island = _checkerboard()
    clues = [Clue.parse("in sight of sea"), Clue.parse("not next to hut")]
    limits: list[float] = []
    solve = cp_model.CpSolver.solve

    def counted(self: cp_model.CpSolver, *args: object, **kwargs: object) -> object:
        limits.append(self.parameters.max_time_in_seconds)
        return solve(self, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(cp_model.CpSolver, "solve", counted)
    found = cpsat.candidates(island, clues, time_limit=7.5)
    assert found == tb.candidates(island, clues, engine="fast")
    assert len(found) == 234
    assert limits == [7.5]


def test_cpsat_out_of_time_is_unknown_never_an_answer() -> None:
    island = _checkerboard()
    with pytest.raises(tb.SolverUnknownError, match="undecided"):
        cpsat.candidates(island, [Clue.parse("in sight of sea")], time_limit=0)
