"""Batches of games: the same results on one process, a process pool and a dask cluster."""

from __future__ import annotations

from dataclasses import replace

import pytest

import tobago_solver as tb
from tobago_solver.game.simulate import game_seeds

BOTS = ("greedy", "random", "random")


def test_results_do_not_depend_on_workers_or_chunks() -> None:
    single = tb.simulate(6, bots=BOTS, seed=4)
    assert single == tb.simulate(6, bots=BOTS, seed=4, workers=2, chunk_size=1)
    assert single == tb.simulate(6, bots=BOTS, seed=4, chunk_size=4)
    assert [g.index for g in single.games] == list(range(6))
    assert [g.seed for g in single.games] == game_seeds(4, 6)
    assert single != tb.simulate(6, bots=BOTS, seed=5)


def test_a_dask_cluster_gives_exactly_the_single_process_results() -> None:
    distributed = pytest.importorskip("distributed")
    with (
        distributed.LocalCluster(
            n_workers=1, threads_per_worker=2, processes=False, dashboard_address=None
        ) as cluster,
        distributed.Client(cluster) as client,
    ):
        on_dask = tb.simulate(4, bots=BOTS, seed=2, executor=client.get_executor(), chunk_size=1)
    assert on_dask == tb.simulate(4, bots=BOTS, seed=2)


def test_summary_counts_every_game() -> None:
    result = tb.simulate(5, bots=["random", "random"], seed=1, rules="published")
    summary = result.summary()
    assert summary["games"] == 5
    assert summary["rules"] == "published"
    ended = summary["games_ended_by_rules"]
    total_wins = sum(row["wins"] for row in summary["win_rates"])
    assert total_wins >= ended  # every game has at least one winner
    for row in summary["win_rates"]:
        assert row["low"] <= row["rate"] <= row["high"]
        assert row["games"] == ended
    (bot_row,) = summary["bot_win_rates"]
    assert bot_row["trials"] == 2 * ended
    assert bot_row["wins"] == total_wins
    assert sum(summary["end_reasons"].values()) == 5
    assert summary["turn_limit_games"] == 5 - ended == len(summary["turn_limited"])


def test_turn_limited_games_are_listed_apart_from_the_win_rates() -> None:
    rules = replace(tb.GameRules.seed(), turn_limit=130)
    result = tb.simulate(12, bots=["greedy", "random", "random"], seed=3, rules=rules)
    summary = result.summary()
    limited = [g for g in result.games if g.end_reason == "turn limit"]
    by_rules = [g for g in result.games if g.end_reason != "turn limit"]
    assert limited
    assert by_rules
    assert summary["end_reasons"]["turn limit"] == len(limited) == summary["turn_limit_games"]
    assert [g["index"] for g in summary["turn_limited"]] == [g.index for g in limited]
    assert summary["games_ended_by_rules"] == len(by_rules)
    seat0 = summary["win_rates"][0]
    assert seat0["games"] == len(by_rules)
    assert seat0["wins"] == sum(0 in g.winners for g in by_rules)
    assert summary["turns"]["mean"] == pytest.approx(
        sum(g.turns for g in result.games) / len(result.games)
    )
    assert summary["longest"]["turns"] == max(g.turns for g in result.games) == 130
    text = result.table()
    assert f"stopped by the turn limit {len(limited)}" in text
    assert f"game {limited[0].index} (seed {limited[0].seed}): 130 turns" in text
    assert "ended by: " in text


def test_wilson_interval_brackets_the_rate() -> None:
    for wins, games in [(0, 10), (10, 10), (3, 7), (600, 1000)]:
        low, high = tb.wilson_interval(wins, games)
        assert 0 <= low <= wins / games <= high <= 1
    assert tb.wilson_interval(0, 0) == (0.0, 1.0)


def test_bad_batch_arguments_are_clear_errors() -> None:
    with pytest.raises(tb.TobagoError, match="workers"):
        tb.simulate(1, workers=0)
    with pytest.raises(tb.TobagoError, match="'chess'"):
        tb.simulate(1, bots=["chess", "random"])
