"""The atlas: resumable, the same table whatever runs it, clear refusals of bad questions."""

from __future__ import annotations

import json
import os
import signal
import sqlite3
import subprocess
import sys
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor
from pathlib import Path

import pytest

import tranquility_solver as tq
from tranquility_solver.analysis import atlas as atlas_module
from tranquility_solver.analysis.atlas import AtlasError, AtlasStore, atlas, judge_deals
from tranquility_solver.cli import main

ROOT = Path(__file__).resolve().parents[2]
QUESTION = {"players": [2], "rules": ["published", "seed"], "deals": 6, "progress": False}


def test_a_verdict_is_what_the_solver_and_the_bot_say_of_that_deal() -> None:
    (verdict,) = judge_deals(2, "published", [3], ["heuristic"], 20_000)
    deal = tq.Deal.random(2, rules="published", seed=3)
    assert verdict.status == tq.solve_deal(deal, time_limit=None, step_limit=20_000).status.value
    record = tq.play_game([tq.HeuristicBot(), tq.HeuristicBot()], seed=3, rules="published")
    assert verdict.bot_won("heuristic") == record.won


def test_the_counts_add_up_to_the_deals_of_each_cell() -> None:
    table = atlas(**QUESTION)  # type: ignore[arg-type]
    assert [(cell.players, cell.rules) for cell in table.cells] == [
        (2, "published"),
        (2, "seed"),
    ]
    for cell in table.cells:
        assert cell.winnable + cell.unwinnable + cell.undecided == cell.deals == 6
        assert 0 <= cell.wins("heuristic") <= cell.winnable + cell.undecided


def test_a_resumed_run_judges_only_the_missing_deals_and_gives_the_same_table(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    judged: list[int] = []
    real = atlas_module.judge_deals

    def counting(
        players: int, rules: str, seeds: Sequence[int], bots: Sequence[str], step_limit: int
    ) -> list[atlas_module.DealVerdict]:
        judged.extend(seeds)
        return real(players, rules, seeds, bots, step_limit)

    monkeypatch.setattr(atlas_module, "judge_deals", counting)
    out = tmp_path / "atlas.sqlite"
    atlas(**{**QUESTION, "deals": 3}, out=out)  # type: ignore[arg-type]
    assert sorted(judged) == [0, 0, 1, 1, 2, 2]
    judged.clear()
    resumed = atlas(**QUESTION, out=out)  # type: ignore[arg-type]
    assert sorted(judged) == [3, 3, 4, 4, 5, 5]
    judged.clear()
    again = atlas(**QUESTION, out=out)  # type: ignore[arg-type]
    assert judged == []
    assert resumed == again
    assert resumed.to_json() == atlas(**QUESTION).to_json()  # type: ignore[arg-type]


def test_an_interrupted_run_keeps_what_was_done(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    real = atlas_module.judge_deals
    calls = 0

    def interrupted_on_the_third_task(
        players: int, rules: str, seeds: Sequence[int], bots: Sequence[str], step_limit: int
    ) -> list[atlas_module.DealVerdict]:
        nonlocal calls
        calls += 1
        if calls == 3:
            raise KeyboardInterrupt
        return real(players, rules, seeds, bots, step_limit)

    monkeypatch.setattr(atlas_module, "_SEEDS_PER_TASK", 2)
    monkeypatch.setattr(atlas_module, "judge_deals", interrupted_on_the_third_task)
    out = tmp_path / "atlas.sqlite"
    with pytest.raises(KeyboardInterrupt):
        atlas(**QUESTION, out=out)  # type: ignore[arg-type]
    with sqlite3.connect(out) as db:
        assert db.execute("SELECT COUNT(*) FROM deals").fetchone() == (4,)
    monkeypatch.setattr(atlas_module, "judge_deals", real)
    assert atlas(**QUESTION, out=out) == atlas(**QUESTION)  # type: ignore[arg-type]


def test_every_executor_gives_the_same_table() -> None:
    alone = atlas(**QUESTION)  # type: ignore[arg-type]
    with ThreadPoolExecutor(2) as threads:
        assert atlas(**QUESTION, executor=threads) == alone  # type: ignore[arg-type]
    with ProcessPoolExecutor(2) as processes:
        assert atlas(**QUESTION, executor=processes) == alone  # type: ignore[arg-type]


def test_a_dask_cluster_gives_the_same_table() -> None:
    distributed = pytest.importorskip("distributed")
    with (
        distributed.LocalCluster(
            n_workers=2, threads_per_worker=1, processes=True, dashboard_address=":0"
        ) as cluster,
        distributed.Client(cluster) as client,
    ):
        table = atlas(**QUESTION, executor=client.get_executor())  # type: ignore[arg-type]
    assert table == atlas(**QUESTION)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("question", "message"),
    [
        ({"players": [0]}, "players must be 1 to 5, not 0"),
        ({"players": [6]}, "players must be 1 to 5, not 6"),
        ({"rules": ["printed"]}, "unknown rules preset 'printed'"),
        ({"bots": ["nobody"]}, "unknown bot 'nobody'"),
        ({"deals": 0}, "deals must be at least 1"),
    ],
)
def test_a_bad_question_is_refused_with_its_words(
    question: dict[str, object], message: str
) -> None:
    with pytest.raises(AtlasError, match=message):
        atlas(**{**QUESTION, **question})  # type: ignore[arg-type]


def test_a_file_made_with_another_step_limit_is_refused(tmp_path: Path) -> None:
    AtlasStore(tmp_path / "a.sqlite", step_limit=100).close()
    with pytest.raises(AtlasError, match="step limit 100, not 200"):
        AtlasStore(tmp_path / "a.sqlite", step_limit=200)


def test_a_file_that_is_not_sqlite_is_refused(tmp_path: Path) -> None:
    bad = tmp_path / "notes.sqlite"
    bad.write_text("hello, this is text\n" * 100)
    with pytest.raises(AtlasError, match="cannot use"):
        AtlasStore(bad)


def test_the_command_prints_the_contract_json_twice_alike(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["atlas", "--players", "1-2", "--rules", "published", "--deals", "4", "--json"]
    assert main([*argv, "--no-progress", "--out", str(tmp_path / "a.sqlite")]) == 0
    first = capsys.readouterr().out
    assert main([*argv, "--no-progress", "--workers", "2"]) == 0
    assert capsys.readouterr().out == first
    cells = json.loads(first)
    assert [(cell["players"], cell["rules"]) for cell in cells] == [
        (1, "published"),
        (2, "published"),
    ]
    for cell in cells:
        assert {"players", "rules", "deals", "winnable", "unwinnable", "undecided"} <= set(cell)
        assert "heuristic_wins" in cell
        assert not any("second" in key or "time" in key for key in cell)


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--players", "0-2"], "player counts are 1 to 5"),
        (["--players", "6"], "player counts are 1 to 5"),
        (["--players", "two"], "expected counts such as 1-5"),
        (["--rules", "seed,printed"], "unknown rules preset 'printed'"),
        (["--bots", "heuristic,nobody"], "unknown bot 'nobody'"),
        (["--deals", "0"], "--deals must be at least 1"),
        (["--scheduler", "localhost:8786"], "expected an address such as tcp://"),
        (["--workers", "2", "--scheduler"], "not allowed with argument"),
    ],
)
def test_the_command_refuses_bad_input_in_one_line(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    deals = [] if "--deals" in argv else ["--deals", "2"]
    assert main(["atlas", "--no-progress", *deals, *argv]) == 2
    err = capsys.readouterr().err
    assert message in err
    assert len(err.splitlines()) == 1


def test_an_unreachable_scheduler_is_a_clear_error(capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("distributed")
    argv = ["atlas", "--players", "2", "--deals", "2", "--no-progress"]
    assert main([*argv, "--scheduler", "tcp://127.0.0.1:9"]) == 2
    err = capsys.readouterr().err
    assert "cannot reach the Dask scheduler at 'tcp://127.0.0.1:9'" in err
    assert "Traceback" not in err


@pytest.mark.parametrize("where", [["--workers", "2"], ["--scheduler"]])
def test_ctrl_c_ends_the_command_with_130_and_the_file_keeps_what_was_done(
    tmp_path: Path, where: list[str]
) -> None:
    if where == ["--scheduler"]:
        pytest.importorskip("distributed")
    out = tmp_path / "atlas.sqlite"
    argv = ["atlas", "--players", "5", "--rules", "seed", "--deals", "400", "--no-progress"]
    process = subprocess.Popen(
        [sys.executable, "-m", "tranquility_solver", *argv, "--out", str(out), *where],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        cwd=ROOT,
    )
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline and _rows(out) == 0:
        time.sleep(0.5)
    process.send_signal(signal.SIGINT)
    _, err = process.communicate(timeout=60)
    assert process.returncode == 130, err.decode()[-800:]
    assert err.decode() == "tranquility: interrupted\n"
    assert 0 < _rows(out) < 400


def _rows(path: Path) -> int:
    if not path.exists():
        return 0
    try:
        with sqlite3.connect(path) as db:
            return int(db.execute("SELECT COUNT(*) FROM deals").fetchone()[0])
    except sqlite3.OperationalError:  # the command has not made its tables yet
        return 0
