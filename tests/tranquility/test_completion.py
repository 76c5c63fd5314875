from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tranquility_solver as tq
from tranquility_solver.completion import Status, check_completion, cpsat
from tranquility_solver.completion.fast import chain_feasible, feasible, schedule

from .strategies import Instance, instances, presets, random_dags, total_orders

SEED = tq.Rules.seed()
PUBLISHED = tq.Rules.published()


def _answers(instance: Instance) -> dict[tq.Engine, tq.Grid | None]:
    return {
        engine: tq.complete(instance.grid, instance.pool, instance.rules, engine=engine)
        for engine in tq.completion.ENGINES
    }


@settings(max_examples=150, deadline=None)
@given(instances())
def test_engines_agree_with_brute_force_on_small_cases(instance: Instance) -> None:
    answers = _answers(instance)
    expected = answers["brute"] is not None
    for engine, completion in answers.items():
        assert (completion is not None) == expected, engine
        assert (
            tq.is_completable(instance.grid, instance.pool, instance.rules, engine=engine)
            == expected
        )
        if completion is not None:
            problems = tq.validate_completion(
                instance.grid, completion, instance.pool, instance.rules
            )
            assert problems == (), (engine, problems)


@settings(max_examples=60, deadline=None)
@given(instances(max_empty=36, max_extra=6))
def test_fast_agrees_with_cpsat_on_large_cases(instance: Instance) -> None:
    fast_answer = tq.complete(instance.grid, instance.pool, instance.rules, engine="fast")
    cpsat_answer = tq.complete(instance.grid, instance.pool, instance.rules, engine="cpsat")
    assert (fast_answer is None) == (cpsat_answer is None)
    assert tq.is_completable(instance.grid, instance.pool, instance.rules, engine="fast") == (
        fast_answer is not None
    )
    for completion in (fast_answer, cpsat_answer):
        if completion is not None:
            assert (
                tq.validate_completion(instance.grid, completion, instance.pool, instance.rules)
                == ()
            )


@settings(max_examples=100, deadline=None)
@given(instances(max_empty=36, max_extra=6, rules=PUBLISHED))
def test_run_check_matches_general_scheduler_on_a_chain(instance: Instance) -> None:
    order = instance.rules.order
    assert order.chain is not None
    general = schedule(instance.grid.cells, instance.pool, order) is not None
    assert feasible(instance.grid.cells, instance.pool, order) == general
    if not instance.grid.numbers or tq.violations(instance.grid, instance.rules) == ():
        assert chain_feasible(instance.grid.cells, instance.pool, order.chain) == general


@given(presets)
def test_empty_grid_needs_36_numbers(rules: tq.Rules) -> None:
    grid = tq.Grid.empty()
    assert tq.is_completable(grid, range(1, 37), rules)
    assert not tq.is_completable(grid, range(1, 36), rules)
    completion = tq.complete(grid, range(1, 37), rules)
    assert completion is not None
    assert tq.validate_completion(grid, completion, range(1, 37), rules) == ()


def test_grid_already_out_of_order_is_not_completable() -> None:
    grid = tq.Grid.from_mapping({"a1": 20, "b1": 10})
    for engine in tq.completion.ENGINES[:2]:
        assert not tq.is_completable(grid, range(30, 80), SEED, engine=engine)


def test_published_order_spans_gaps_and_rows() -> None:
    # f1 comes right before a2 in the sequence, but they are not adjacent on the table.
    grid = tq.Grid.from_mapping({"f1": 50, "a2": 40})
    assert not tq.is_completable(grid, [n for n in range(1, 81) if n not in (40, 50)], PUBLISHED)
    pool = [n for n in range(1, 81) if n not in (40, 50)]
    assert tq.is_completable(grid, pool, SEED)


def test_wedged_cell_needs_a_number_between_its_neighbours() -> None:
    grid = tq.Grid.from_mapping({"a1": 10, "c1": 12})
    pool_without_11 = list(range(13, 60))
    assert not tq.is_completable(grid, pool_without_11, SEED)
    completion = tq.complete(grid, [11, *pool_without_11], SEED)
    assert completion is not None
    assert completion["b1"] == 11


@pytest.mark.parametrize(
    ("available", "fragment"),
    [([0], "0"), ([81], "81"), ([5, 5], "twice"), ([7], "a1"), (["x"], "x")],
)
def test_bad_available_numbers_are_rejected(available: list[object], fragment: str) -> None:
    grid = tq.Grid.from_mapping({"a1": 7})
    with pytest.raises(tq.CardError, match=fragment):
        tq.is_completable(grid, available, SEED)  # type: ignore[arg-type]


def test_unknown_engine_is_rejected() -> None:
    with pytest.raises(tq.UnknownEngineError, match="magic"):
        tq.is_completable(tq.Grid.empty(), range(1, 37), engine="magic")  # type: ignore[arg-type]


def test_timeout_is_never_reported_as_not_completable(monkeypatch: pytest.MonkeyPatch) -> None:
    def time_out(*args: object, **kwargs: object) -> None:
        raise tq.SolverTimeoutError("simulated time-out")

    monkeypatch.setattr(cpsat, "cpsat_complete", time_out)
    with pytest.raises(tq.SolverTimeoutError):
        tq.is_completable(tq.Grid.empty(), range(1, 37), engine="cpsat")
    verdict = check_completion(tq.Grid.empty(), range(1, 37), engine="cpsat")
    assert verdict.status is Status.UNKNOWN
    with pytest.raises(tq.SolverTimeoutError):
        bool(verdict)


def test_verdict_reports_completion() -> None:
    verdict = check_completion(tq.Grid.empty(), range(1, 37), PUBLISHED, engine="cpsat")
    assert verdict.status is Status.COMPLETABLE
    assert verdict.completion is not None
    assert verdict.completion["f6"] == 36
    assert bool(verdict)


@given(presets, st.integers(0, 35))
def test_one_empty_cell(rules: tq.Rules, cell: int) -> None:
    cells: list[int | None] = list(range(1, 73, 2))
    cells[cell] = None
    grid = tq.Grid(tuple(cells))
    missing = 1 + 2 * cell
    assert tq.is_completable(grid, [missing], rules)
    assert tq.complete(grid, [missing + 1], rules) is not None
    predecessors = rules.order.predecessors[cell]
    if predecessors:
        # Even numbers are free; those under a lower neighbour cannot go here.
        floor = max(1 + 2 * low for low in predecessors)
        too_low = list(range(2, floor, 2))
        assert not tq.is_completable(grid, too_low, rules)


@settings(max_examples=100, deadline=None)
@given(instances(rules=total_orders()))
def test_engines_agree_on_total_orders_in_any_cell_order(instance: Instance) -> None:
    # The chain is a random sequence of cells, so `chain_feasible` cannot take its
    # reading-order shortcut and `feasible` must follow the chain.
    order = instance.rules.order
    assert order.chain is not None
    answers = _answers(instance)
    expected = answers["brute"] is not None
    assert feasible(instance.grid.cells, instance.pool, order) == expected
    for engine, completion in answers.items():
        assert (completion is not None) == expected, engine
        if completion is not None:
            assert (
                tq.validate_completion(instance.grid, completion, instance.pool, instance.rules)
                == ()
            )


@settings(max_examples=100, deadline=None)
@given(instances(rules=random_dags()))
def test_engines_agree_on_dags_with_pairs_in_any_direction(instance: Instance) -> None:
    answers = _answers(instance)
    expected = answers["brute"] is not None
    assert tq.is_completable(instance.grid, instance.pool, instance.rules) == expected
    for engine, completion in answers.items():
        assert (completion is not None) == expected, engine
