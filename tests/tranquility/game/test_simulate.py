"""Simulation: seeds independent of workers and executor, summary figures."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

import pytest

from tranquility_solver.bots import make_bots, simulate
from tranquility_solver.game.records import play_game
from tranquility_solver.game.simulate import game_seeds, wilson_interval


def test_results_do_not_depend_on_workers_or_executor() -> None:
    kwargs = {"players": 2, "bots": "random", "seed": 12, "rules": "published", "progress": False}
    alone = simulate(6, workers=1, chunk_size=4, **kwargs)  # type: ignore[arg-type]
    with ThreadPoolExecutor(3) as pool:
        threaded = simulate(6, executor=pool, chunk_size=1, **kwargs)  # type: ignore[arg-type]
    processes = simulate(6, workers=2, **kwargs)  # type: ignore[arg-type]
    assert alone.results == threaded.results == processes.results
    # Game i is the game with the i-th seed, whatever the batch size.
    first = play_game(make_bots("random", 2), seed=game_seeds(6, 12)[0], rules="published")
    assert alone.results[0].outcome == first.outcome
    assert alone.results[0].turns == first.turns


def test_dask_executor_gives_the_same_results() -> None:
    distributed = pytest.importorskip("distributed")
    kwargs = {"players": 2, "bots": "random", "seed": 3, "rules": "seed", "progress": False}
    alone = simulate(4, workers=1, **kwargs)  # type: ignore[arg-type]
    with (
        distributed.LocalCluster(n_workers=1, threads_per_worker=1, processes=False) as cluster,
        distributed.Client(cluster) as client,
    ):
        on_dask = simulate(4, executor=client.get_executor(), **kwargs)  # type: ignore[arg-type]
    assert on_dask.results == alone.results


def test_summary() -> None:
    result = simulate(5, players=3, bots="random", seed=1, rules="seed", progress=False)
    summary = result.summary()
    assert summary["games"] == 5
    assert summary["wins"] + sum(summary["losses"].values()) == 5
    low, high = summary["win_rate_95"]
    assert 0 <= low <= summary["win_rate"] <= high <= 1
    assert summary["turns"]["min"] <= summary["turns"]["mean"] <= summary["turns"]["max"]


def test_wilson_interval() -> None:
    low, high = wilson_interval(0, 10)
    assert low == 0
    assert 0.2 < high < 0.35
    assert wilson_interval(0, 0) == (0.0, 1.0)
    assert game_seeds(3, 5) != game_seeds(3, 6)
