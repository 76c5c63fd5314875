"""Every bot still makes the same choices: the games of ``benchmarks/action_hashes.py`` hash as
``tests/data/action_hashes.json`` recorded them (the first games of each table here, every
table whole under ``-m slow``).

The hashes were recorded on the code before the bots moved out of the rules into ``bots/``,
and the code after the move gave the same ones; a change that alters any bot's play, a record
or a seed changes them, and must say so by recording them again
(``python benchmarks/action_hashes.py --json > tests/data/action_hashes.json``).
"""

from __future__ import annotations

import dataclasses
import importlib.util
import json
import sys
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parents[1]
RECORDED = json.loads((ROOT / "tests" / "data" / "action_hashes.json").read_text("utf-8"))


def _benchmark() -> ModuleType:
    spec = importlib.util.spec_from_file_location(
        "action_hashes", ROOT / "benchmarks" / "action_hashes.py"
    )
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up there
    spec.loader.exec_module(module)
    return module


HASHES = _benchmark()
TABLES = {table.key: table for table in HASHES.tables()}


def test_every_table_is_recorded() -> None:
    assert sorted(RECORDED) == sorted(TABLES)
    games = {key: (table.games, table.quick) for key, table in TABLES.items()}
    assert games == {key: (entry["games"], entry["quick_games"]) for key, entry in RECORDED.items()}
    assert all(entry["games"] >= 1000 for key, entry in RECORDED.items() if "/search/" not in key)


@pytest.mark.parametrize("key", sorted(key for key, table in TABLES.items() if table.quick))
def test_the_first_games_of_each_table_play_as_recorded(key: str) -> None:
    table = dataclasses.replace(TABLES[key], games=TABLES[key].quick)
    assert HASHES.table_hashes(table)["sha256"] == RECORDED[key]["quick_sha256"]


def test_a_different_choice_changes_the_hash() -> None:
    table = dataclasses.replace(TABLES["tranquility/heuristic/2p/published"], games=2, quick=2)
    played = HASHES.table_hashes(table)["sha256"]
    assert played == HASHES.table_hashes(table)["sha256"]
    other = dataclasses.replace(table, bot="random")
    assert HASHES.table_hashes(other)["sha256"] != played


@pytest.mark.slow
@pytest.mark.parametrize("key", sorted(TABLES))
def test_every_table_plays_as_recorded(key: str) -> None:
    assert HASHES.table_hashes(TABLES[key])["sha256"] == RECORDED[key]["sha256"]
