"""The island value: text format, graph, areas, coast and landmark rules."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

import tobago_solver as tb
from tobago_solver import hexgrid

from .strategies import EXAMPLE_TEXT as EXAMPLE
from .strategies import islands


def example() -> tb.Island:
    return tb.Island.from_text(EXAMPLE, strict=False)


@given(islands())
def test_text_round_trips(island: tb.Island) -> None:
    text = island.to_text()
    assert tb.Island.from_text(text, strict=False) == island
    assert tb.Island.from_text(text, strict=False).to_text() == text


@given(islands())
def test_repr_rebuilds_the_island(island: tb.Island) -> None:
    assert eval(repr(island), {"Island": tb.Island}) == island


def test_example_of_the_interface_spec() -> None:
    island = example()
    assert island.name == "example"
    assert island.terrain("c3") == "lake"
    assert island.terrain("C3") == "lake"
    assert island.fields[:5] == ("b1", "c1", "d1", "a2", "b2")
    assert len(island) == 15
    assert {str(m) for m in island.landmarks} == {"b2", "d4", "c1", "c3>ne"}
    statue = island.landmarks_of("statue")[0]
    assert statue.facing is tb.Direction.NE


def test_neighbours_follow_the_row_parity_rule() -> None:
    # Odd rows (1-based) meet columns c-1 and c of the rows around; even rows c and c+1.
    assert sorted(
        hexgrid.field_name(*h) for h in hexgrid.neighbours(hexgrid.parse_field("c3"))
    ) == ["b2", "b3", "b4", "c2", "c4", "d3"]
    assert sorted(
        hexgrid.field_name(*h) for h in hexgrid.neighbours(hexgrid.parse_field("c2"))
    ) == ["b2", "c1", "c3", "d1", "d2", "d3"]


@given(st.integers(0, 20), st.integers(0, 20), st.integers(0, 20), st.integers(0, 20))
def test_distance_is_a_metric_consistent_with_neighbours(a: int, b: int, c: int, d: int) -> None:
    p, q = (a, b), (c, d)
    assert hexgrid.distance(p, q) == hexgrid.distance(q, p)
    assert (hexgrid.distance(p, q) == 0) == (p == q)
    assert all(hexgrid.distance(p, n) == 1 for n in hexgrid.neighbours(p))
    assert all(
        abs(hexgrid.distance(n, q) - hexgrid.distance(p, q)) <= 1 for n in hexgrid.neighbours(p)
    )


def test_graph_nodes_carry_the_documented_attributes() -> None:
    island = example()
    graph = island.graph
    assert set(graph.nodes) == set(island.fields)
    node = graph.nodes["c3"]
    assert node["terrain"] == "lake"
    assert node["coastal"] is False
    assert node["landmark"] == "statue"
    assert node["facing"] == "ne"
    assert graph.nodes["b2"]["landmark"] == "hut"
    assert graph.nodes["a2"]["coastal"] is True
    assert graph.nodes["b1"]["area"] == graph.nodes["a2"]["area"]
    assert sorted(graph.neighbors("c3")) == ["b2", "b3", "b4", "c2", "c4", "d3"]


def test_areas_coast_and_largest() -> None:
    island = example()
    beach = island.largest_areas("beach")
    assert len(beach) == 1
    assert beach[0].fields == {"b1", "c1", "d1", "a2"}
    assert island.area_of("d3").fields == {"d2", "d3", "e3"}
    assert island.coast == set(island.fields) - {"b2", "c2", "c3", "d3"}


def test_ties_for_largest_all_count() -> None:
    island = tb.Island.from_text("terrain:\nL B L\n", strict=False)
    assert len(island.largest_areas("lake")) == 2
    assert tb.candidates(island, ["in largest lake"]) == {"a1", "c1"}
    assert tb.candidates(island, ["in largest river"]) == frozenset()


def test_strict_parsing_enforces_landmark_rules() -> None:
    with pytest.raises(tb.IslandFormatError, match=r"line 9, column 9: huts on b2 and d4"):
        tb.Island.from_text(EXAMPLE)
    assert example().landmark_problems()[0].rule == "spacing"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("terrain:\nB Q\n", "line 2, column 3: unknown token 'Q'"),
        ("terrain:\nB L\nhut: c5\n", "line 3, column 6: hut on c5: that is sea or off the map"),
        ("terrain:\nB L\nhut: zz\n", "line 3, column 6: hut at 'zz': expected a field name"),
        (
            "terrain:\nB L L\nstatue: b1>up\n",
            "line 3, column 12: statue 'b1>up': unknown direction",
        ),
        ("terrain:\nB L L\nstatue: b1\n", "statue on b1 has no facing"),
        ("terrain:\nB L\nhut: a1\npalm: a1\n", "line 4, column 7: two landmarks on field a1"),
        ("foo: 1\n", "line 1, column 1: unknown key 'foo'"),
        ("name: x\n", "no 'terrain:' block"),
        ("terrain:\n. .\n", "no land field"),
        ("terrain:\nB\nterrain:\nB\n", "line 3, column 1: key 'terrain' appears twice"),
        ("B B\n", "line 1, column 1: expected a 'key:' line"),
        ("terrain:\nB B B\n L L L\nstatue: b2>e\n", "a statue may not stand on the coast"),
    ],
)
def test_format_errors_name_line_column_and_problem(text: str, message: str) -> None:
    with pytest.raises(tb.IslandFormatError) as raised:
        tb.Island.from_text(text)
    assert message in str(raised.value)


def test_a_statue_facing_the_sea_is_reported() -> None:
    island = tb.Island.from_text("terrain:\nB B B\n L L L\nstatue: b2>se\n", strict=False)
    assert [p.rule for p in island.landmark_problems()] == ["coast", "facing"]
    assert "statue b2>se: it faces the sea" in island.landmark_problems()[1].message
    with pytest.raises(tb.LandmarkRuleError, match="faces the sea"):
        island.check_landmarks()


def test_facing_the_same_terrain_is_an_error() -> None:
    text = "terrain:\nB B B B\n B L L B\nB B B B\nstatue: b2>e\n"
    with pytest.raises(tb.IslandFormatError, match="faces c2, lake like its own field"):
        tb.Island.from_text(text)


def test_unknown_field_lookups_name_the_field() -> None:
    with pytest.raises(tb.UnknownFieldError, match="'q7' is not a land field"):
        example().terrain("q7")
    with pytest.raises(tb.UnknownFieldError, match="'a1'"):
        example().terrain("a1")


def test_islands_are_values() -> None:
    island = example()
    with pytest.raises(AttributeError):
        island.name = "other"  # type: ignore[misc]
    assert island.renamed("other").name == "other"
    assert island.with_landmarks([]).landmarks == ()
    assert hash(island) == hash(example())


_NEAR_MISS_LINES = st.sampled_from(
    [
        "name: x",
        "terrain:",
        "B L M",
        " J R S .",
        ". . B",
        "hut: a1",
        "palm: b2 c1",
        "statue: b2>e",
        "statue: a1>up",
        "hut: a1>e",
        "palm: c1>",
        "hut: z9",
        "",
        "# comment",
        "Q B",
        "foo: 1",
        "terrain: B",
        "b L  l",
    ]
)


@given(st.one_of(st.text(max_size=60), st.lists(_NEAR_MISS_LINES, max_size=8).map("\n".join)))
def test_island_parser_raises_only_the_documented_error(text: str) -> None:
    for strict in (True, False):
        try:
            island = tb.Island.from_text(text, strict=strict)
        except tb.IslandFormatError:
            continue
        assert tb.Island.from_text(island.to_text(), strict=strict) == island


def test_constructor_normalises_names_and_terrains() -> None:
    island = tb.Island.from_terrain(
        "x", {"A1": "beach", " b1": tb.Terrain.LAKE}, [tb.Landmark(tb.LandmarkKind.HUT, "B1")]
    )
    assert island.fields == ("a1", "b1")
    assert island.terrain("b1") is tb.Terrain.LAKE
    assert island.landmarks[0].field == "b1"
    assert tb.Island.from_text(island.to_text()) == island


@pytest.mark.parametrize("name", ["", " padded ", "a#b", "two\nlines"])
def test_names_that_cannot_round_trip_are_refused(name: str) -> None:
    with pytest.raises(tb.IslandFormatError, match="island name"):
        tb.Island.from_terrain(name, {"a1": "beach"})


def test_an_island_needs_land_and_known_terrains() -> None:
    with pytest.raises(tb.IslandFormatError, match="no land field"):
        tb.Island.from_terrain("x", {})
    with pytest.raises(tb.IslandFormatError, match="unknown terrain 'swamp'"):
        tb.Island.from_terrain("x", {"a1": "swamp"})


def test_the_attributes_of_a_bundled_islands_graph_cannot_be_written() -> None:
    graph = tb.islands.default().graph
    field = tb.islands.default().fields[0]
    edge = next(iter(graph.edges))
    with pytest.raises(TypeError):
        graph.nodes[field]["terrain"] = "lake"
    with pytest.raises(TypeError):
        graph.edges[edge]["weight"] = 1
    assert tb.islands.default().graph.nodes[field]["terrain"] == tb.islands.default().terrain(field)
    editable = graph.copy()
    editable.nodes[field]["terrain"] = "lake"
    editable.edges[edge]["weight"] = 1
    assert graph.edges[edge] == {}


def test_a_text_too_long_for_an_island_is_refused_before_it_is_read() -> None:
    with pytest.raises(tb.IslandFormatError, match="at most 100,000 characters, this one 10,0"):
        tb.Island.from_text("terrain:\n" + "B " * 5_000_000)
