"""Every example file the docs show, and every sample file under examples/, loads as written."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from importlib.util import find_spec
from pathlib import Path

import pytest

import tobago_solver as tb
import tranquility_solver as tq

ROOT = Path(__file__).resolve().parents[1]
DOCUMENTS = sorted([ROOT / "README.md", *(ROOT / "docs").glob("*.md")])
FENCE = re.compile(r"^```[a-z]*\n(.*?)^```", re.MULTILINE | re.DOTALL)
GRID_ROW = re.compile(r"^\s*(?:(?:\d{1,2}|\.)\s+){5}(?:\d{1,2}|\.)\s*$")


def blocks() -> list[tuple[str, str]]:
    found = []
    for document in DOCUMENTS:
        for match in FENCE.finditer(document.read_text(encoding="utf-8")):
            found.append((f"{document.name}:{match.start()}", match.group(1)))
    return found


ISLAND_BLOCKS = [(where, text) for where, text in blocks() if re.search(r"^terrain:", text, re.M)]
GRID_BLOCKS = [
    (where, text)
    for where, text in blocks()
    if (lines := [line for line in text.splitlines() if line.strip()])
    and len(lines) == 6
    and all(GRID_ROW.match(line) for line in lines)
]


def test_the_docs_show_both_kinds_of_file() -> None:
    assert len(ISLAND_BLOCKS) >= 2
    assert len(GRID_BLOCKS) >= 1


@pytest.mark.parametrize(("where", "text"), ISLAND_BLOCKS, ids=[w for w, _ in ISLAND_BLOCKS])
def test_every_island_in_the_docs_loads_with_the_default_checks(where: str, text: str) -> None:
    island = tb.Island.from_text(text)
    assert tb.Island.from_text(island.to_text()) == island


@pytest.mark.parametrize(("where", "text"), GRID_BLOCKS, ids=[w for w, _ in GRID_BLOCKS])
def test_every_grid_in_the_docs_parses(where: str, text: str) -> None:
    grid = tq.Grid.parse(text)
    assert tq.Grid.parse(str(grid)) == grid


def test_the_sample_files_load() -> None:
    island = tb.Island.from_text((ROOT / "examples" / "example.island").read_text(encoding="utf-8"))
    assert island.name == "example"
    grid = tq.Grid.parse((ROOT / "examples" / "grid.txt").read_text(encoding="utf-8"))
    assert not grid.is_full


@pytest.mark.parametrize("script", sorted((ROOT / "examples").glob("*.py")), ids=lambda p: p.name)
def test_every_example_script_runs(script: Path, tmp_path: Path) -> None:
    if "import pyspiel" in script.read_text(encoding="utf-8") and find_spec("pyspiel") is None:
        pytest.skip("needs the ai extra (OpenSpiel, PettingZoo)")
    if "playwright" in script.read_text(encoding="utf-8") and not shutil.which("chromium"):
        pytest.skip("Chromium is not installed (apt-get install chromium)")
    # From another folder, so no script depends on being run from the repository root.
    # With this tree's packages first (an installed copy of another tree may be older):
    # docs_pictures.py writes the docs' pictures of this tree.
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    result = subprocess.run(
        [sys.executable, str(script)],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        check=False,
        env=env,
        timeout=600,
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip()
