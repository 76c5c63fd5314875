"""Regression tests for what fuzzing and load found in the Tobago core (issue 11)."""

from __future__ import annotations

import math
import pickle
import random
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import networkx as nx
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tobago_solver as tb
from tobago_solver import hexgrid
from tobago_solver.cli import main
from tobago_solver.engines import cpsat
from tobago_solver.island import MAX_LAND_FIELDS, MAX_ROWS
from tobago_solver.movement import movement_graph

from .strategies import islands

LINE_BREAKS = ["\n", "\r", "\x0b", "\x0c", "\x1c", "\x1d", "\x1e", "\x85", "\u2028", "\u2029"]


# -- 1. names that would not survive the text format ------------------------------------------


@pytest.mark.parametrize("line_break", LINE_BREAKS)
def test_a_name_with_any_line_break_is_refused(line_break: str) -> None:
    with pytest.raises(tb.IslandFormatError, match="island name"):
        tb.Island.from_terrain(f"a{line_break}b", {"a1": "beach"})


@given(st.text(max_size=12))
def test_every_island_that_can_be_built_round_trips(name: str) -> None:
    try:
        island = tb.Island.from_terrain(name, {"a1": "beach", "b1": "lake"})
    except tb.IslandFormatError:
        return
    assert tb.Island.from_text(island.to_text(), strict=False) == island
    assert tb.Island.from_text(island.to_text(), strict=False).name == name


# -- 2. every SVG parses as XML -----------------------------------------------------------------

printable_names = st.text(min_size=1, max_size=10).filter(lambda name: _buildable(name) is not None)


def _buildable(name: str) -> tb.Island | None:
    try:
        return tb.Island.from_terrain(name, {"a1": "beach", "b1": "lake", "c1": "mountain"})
    except tb.IslandFormatError:
        return None


@settings(max_examples=60)
@given(printable_names, st.one_of(st.none(), st.text(max_size=12)), st.text(max_size=8))
def test_every_picture_is_well_formed_xml(name: str, title: str | None, label: str) -> None:
    island = _buildable(name)
    assert island is not None
    svg = tb.render_svg(island, title=title, cars={label: "b1"}, highlight=["a1"])
    root = ET.fromstring(svg)
    assert root.get("data-island") == name


def test_a_control_character_in_a_file_name_line_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(tb.IslandFormatError, match="control characters"):
        tb.Island.from_text("name: a\x1bb\nterrain:\nB L\n")
    path = tmp_path / "bad.island"
    path.write_text("name: a\x1bb\nterrain:\nB L\n", encoding="utf-8")
    picture = tmp_path / "bad.svg"
    assert main(["islands", "show", str(path), "--svg", str(picture)]) == 2
    assert not picture.exists()
    assert "control characters" in capsys.readouterr().err


# -- 6-8. values documented as immutable ---------------------------------------------------------


def test_a_field_set_cannot_be_changed_and_still_pickles() -> None:
    island = tb.islands.default()
    verdict = tb.check_clue(island, ["in lake"], "in largest lake")
    before = set(verdict.before)
    with pytest.raises(AttributeError, match="immutable"):
        verdict.before.mask = 0  # type: ignore[misc]
    with pytest.raises(AttributeError, match="immutable"):
        del verdict.before.mask
    assert set(verdict.before) == before
    assert pickle.loads(pickle.dumps(verdict.before)) == verdict.before


def test_a_state_in_play_pickles_without_its_caches() -> None:
    # A process pool sends states: what the engine works out and keeps (legal actions, views,
    # the island's graph) must not stop a used state from being copied.
    state = tb.new_game(tb.islands.default(), 3, seed=5)
    rng = random.Random(5)
    for _ in range(60):
        state.observation(state.to_move)
        state = state.apply(rng.choice(state.legal_actions()))
    copied = pickle.loads(pickle.dumps(state))
    assert copied == state
    assert copied.island == state.island
    assert copied.legal_actions() == state.legal_actions()
    assert copied.observation(1) == state.observation(1)
    assert len(pickle.dumps(state)) < 20_000  # the caches stay behind


def test_the_shared_graph_is_frozen_and_movement_does_not_depend_on_it() -> None:
    # assemble() builds new values: the cached bundled island stays untouched for other tests.
    island = tb.islands.assemble("AbC", 3)
    a, b = island.fields[0], island.fields[-1]
    graph = island.graph
    edge = next(iter(graph.edges))
    with pytest.raises(nx.NetworkXError):
        graph.remove_edge(*edge)
    with pytest.raises(nx.NetworkXError):
        graph.add_node("z99")
    for name in graph.nodes:  # attributes are read-only too
        with pytest.raises(TypeError):
            graph.nodes[name]["terrain"] = tb.Terrain.BEACH
    fresh = tb.islands.assemble("AbC", 3)
    assert tb.step_distance(island, a, b) == tb.step_distance(fresh, a, b)
    copy = graph.copy()
    copy.remove_edge(*edge)  # a copy is the caller's to change
    assert graph.has_edge(*edge)


def test_landmark_lookup_is_read_only() -> None:
    island = tb.islands.default()
    with pytest.raises(TypeError):
        island.landmark_at["a1"] = island.landmarks[0]  # type: ignore[index]


# -- 9. documented size limits ------------------------------------------------------------------


def test_islands_beyond_the_size_limits_are_refused() -> None:
    with pytest.raises(tb.IslandFormatError, match=f"beyond row {MAX_ROWS}"):
        tb.Island.from_terrain("far", {"a1": "beach", "a10000000": "beach"})
    too_many = {hexgrid.field_name(c, r): "beach" for r in range(MAX_ROWS) for c in range(26)}
    with pytest.raises(tb.IslandFormatError, match=f"at most {MAX_LAND_FIELDS} are allowed"):
        tb.Island.from_terrain("many", too_many)
    with pytest.raises(tb.IslandFormatError, match=f"line {MAX_ROWS + 3}.*at most {MAX_ROWS}"):
        tb.Island.from_text("name: tall\nterrain:\n" + "B\n" * (MAX_ROWS + 1))
    wide = "name: wide\nterrain:\n" + ("B " * 26 + "\n") * 40
    with pytest.raises(tb.IslandFormatError, match=f"line 41.*at most {MAX_LAND_FIELDS} land"):
        tb.Island.from_text(wide)


def _largest_island(terrain_of: list[tb.Terrain]) -> tb.Island:
    fields = [hexgrid.field_name(c, r) for r in range(40) for c in range(25)]
    assert len(fields) == MAX_LAND_FIELDS
    return tb.Island.from_terrain(
        "largest", {f: terrain_of[i % len(terrain_of)] for i, f in enumerate(fields)}
    )


@pytest.mark.parametrize("terrains", [[tb.Terrain.BEACH], list(tb.Terrain)])
def test_an_island_of_the_largest_size_answers_every_question(
    terrains: list[tb.Terrain],
) -> None:
    island = _largest_island(terrains)
    first, last = island.fields[0], island.fields[-1]
    assert len(tb.candidates(island, ["not in sight of sea"])) > 0
    assert tb.step_distance(island, first, last) >= 1
    assert first in tb.reachable(island, first)
    huts = [tb.Landmark("hut", f) for f in island.fields]
    crowded = island.with_landmarks(huts)
    assert len(crowded.landmark_problems()) > len(huts)
    assert tb.Island.from_text(crowded.to_text(), strict=False) == crowded


@settings(max_examples=40)
@given(islands(), st.data())
def test_step_distances_agree_with_networkx_on_the_movement_graph(
    island: tb.Island, data: st.DataObject
) -> None:
    start = data.draw(st.sampled_from(island.fields))
    expected = nx.single_source_shortest_path_length(movement_graph(island), start)
    assert tb.reachable(island, start, steps=len(island)) == set(expected)
    for field, steps in expected.items():
        assert tb.step_distance(island, start, field) == steps


@given(st.lists(st.sampled_from([(c, r) for c in range(12) for r in range(12)]), max_size=12))
def test_the_spacing_check_finds_exactly_the_close_pairs(hexes: list[hexgrid.Hex]) -> None:
    fields = sorted({hexgrid.field_name(*h) for h in hexes})
    if not fields:
        return
    island = tb.Island.from_terrain("spots", dict.fromkeys(fields, "beach"))
    island = island.with_landmarks(tb.Landmark("palm", f) for f in fields)
    marks = island.landmarks
    close = [
        (a.field, b.field)
        for i, a in enumerate(marks)
        for b in marks[i + 1 :]
        if island.distance(a.field, b.field) < 4
    ]
    found = [
        tuple(problem.message.split(" stand")[0].removeprefix("palms on ").split(" and "))
        for problem in island.landmark_problems()
    ]
    assert found == close


# -- 11-13. the package's own errors, documented spellings only --------------------------------


@pytest.mark.parametrize(
    ("build", "error"),
    [
        (lambda: tb.Landmark("castle", "c3"), tb.LandmarkRuleError),  # type: ignore[arg-type]
        (lambda: tb.Landmark("statue", "c3", "up"), tb.LandmarkRuleError),  # type: ignore[arg-type]
        (lambda: tb.Landmark("hut", 3), tb.UnknownFieldError),  # type: ignore[arg-type]
        (lambda: tb.Clue("bogus", "lake"), tb.ClueSyntaxError),  # type: ignore[arg-type]
        (lambda: tb.Clue("in", 7), tb.ClueSyntaxError),  # type: ignore[arg-type]
        (lambda: tb.Clue.parse(123), tb.ClueSyntaxError),  # type: ignore[arg-type]
        (lambda: tb.candidates(tb.islands.default(), [123]), tb.ClueSyntaxError),  # type: ignore[list-item]
        (lambda: tb.candidates(tb.islands.default(), [], engine="slow"), tb.TobagoError),  # type: ignore[arg-type]
        (lambda: tb.TobagoRules.named("house"), tb.TobagoError),  # type: ignore[arg-type]
        (lambda: tb.islands.default().terrain(None), tb.UnknownFieldError),  # type: ignore[arg-type]
        (lambda: tb.reachable(tb.islands.default(), "c3", -1), tb.TobagoError),
    ],
)
def test_bad_values_raise_the_packages_own_errors(build: object, error: type[Exception]) -> None:
    with pytest.raises(error):
        build()  # type: ignore[operator]


@pytest.mark.parametrize("limit", [-1.0, math.nan, math.inf, "5", True])
def test_bad_time_limits_are_refused(limit: object) -> None:
    island = tb.islands.get("abc-3")
    with pytest.raises(tb.TobagoError, match="time_limit"):
        tb.place_landmarks(island, time_limit=limit)  # type: ignore[arg-type]
    with pytest.raises(tb.TobagoError, match="time_limit"):
        cpsat.candidates(island, [], time_limit=limit)  # type: ignore[arg-type]


@pytest.mark.parametrize("name", [" ABC-1", "ABC-1 ", "ABC-1\n", "ABC\u20101"])
def test_only_exact_bundled_names_are_accepted(name: str) -> None:
    with pytest.raises(tb.UnknownIslandError):
        tb.islands.get(name)


def test_no_case_folding_beyond_ascii() -> None:
    with pytest.raises(tb.IslandFormatError, match="unknown token 'ſ'"):
        tb.Island.from_text("terrain:\nB ſ\n")
    kelvin_column = "\u212a1"  # KELVIN SIGN lower-cases to 'k'
    island = tb.Island.from_terrain("wide", {hexgrid.field_name(c, 0): "beach" for c in range(11)})
    assert "k1" in island.fields
    with pytest.raises(tb.UnknownFieldError):
        island.terrain(kelvin_column)
    with pytest.raises(tb.UnknownFieldError):
        tb.Island.from_terrain("kelvin", {kelvin_column: "beach"})
    with pytest.raises(tb.ClueSyntaxError):
        tb.Clue.parse("in la\u212ae")
    assert str(tb.Clue.parse("IN LAKE")) == "in lake"


# -- 14-15. the command line ---------------------------------------------------------------------


def test_a_reader_that_leaves_early_is_quiet() -> None:
    result = subprocess.run(
        [
            "bash",
            "-c",
            f"{sys.executable} -m tobago_solver islands | head -c0; exit ${{PIPESTATUS[0]}}",
        ],
        capture_output=True,
        text=True,
        check=False,
    )
    assert (result.returncode, result.stderr) == (0, "")
