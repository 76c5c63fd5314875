"""Tests of the SVG picture of an island: structure, geometry, markers and determinism."""

from __future__ import annotations

import math
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tobago_solver import hexgrid
from tobago_solver.errors import UnknownFieldError
from tobago_solver.hexgrid import Direction
from tobago_solver.island import Island, Landmark, LandmarkKind, Terrain
from tobago_solver.render import TERRAIN_COLOURS, render_svg, write_svg

from .strategies import EXAMPLE_TEXT

NS = "http://www.w3.org/2000/svg"

SMALL = Island.from_text(EXAMPLE_TEXT, strict=False)

DEMO = Island.from_text(
    """
name: demo
terrain:
. . B B B B B . .
 . B J J J S B B .
. B J J L L S M B
 B R R J L M M M B
. B S R S S M M B
 . B S R R J J B .
. . B B R B B . .
hut: c2 g5 c6
palm: e1 b4
statue: d3>e f4>nw e6>w
""",
    strict=False,
)

# A 5 x 5 block of land whose middle field c3 has land on every side, for statues facing anywhere.
BLOCK_TERRAIN = {
    hexgrid.field_name(column, row): list(Terrain)[(column + 2 * row) % len(Terrain)]
    for column in range(5)
    for row in range(5)
}

# Screen directions (y grows downwards) of the six neighbours of a pointy-top hex.
IDEAL_ANGLE = {
    Direction.E: 0.0,
    Direction.NE: -60.0,
    Direction.NW: -120.0,
    Direction.W: 180.0,
    Direction.SW: 120.0,
    Direction.SE: 60.0,
}


def parse(svg: str) -> ET.Element:
    return ET.fromstring(svg)


def tag(name: str) -> str:
    return f"{{{NS}}}{name}"


def with_class(root: ET.Element, class_name: str) -> list[ET.Element]:
    return [element for element in root.iter() if class_name in element.get("class", "").split()]


def field_polygons(root: ET.Element) -> dict[str, ET.Element]:
    polygons = [element for element in with_class(root, "field") if element.tag == tag("polygon")]
    result = {polygon.get("data-field", ""): polygon for polygon in polygons}
    assert len(result) == len(polygons), "a field is drawn twice"
    return result


def corners(polygon: ET.Element) -> list[tuple[float, float]]:
    return [
        (float(x), float(y))
        for x, y in (pair.split(",") for pair in polygon.get("points", "").split())
    ]


def centre(polygon: ET.Element) -> tuple[float, float]:
    points = corners(polygon)
    return (
        sum(x for x, _ in points) / len(points),
        sum(y for _, y in points) / len(points),
    )


def tooltip(element: ET.Element) -> str:
    title = element.find(tag("title"))
    assert title is not None
    return title.text or ""


def angle_between(a: tuple[float, float], b: tuple[float, float]) -> float:
    """Unsigned angle in degrees between two vectors."""
    cos = (a[0] * b[0] + a[1] * b[1]) / (math.hypot(*a) * math.hypot(*b))
    return math.degrees(math.acos(max(-1.0, min(1.0, cos))))


# -- document ------------------------------------------------------------------------------------


def test_is_well_formed_svg_with_viewbox_and_size() -> None:
    root = parse(render_svg(DEMO))
    assert root.tag == tag("svg")
    width, height = float(root.get("width", "0")), float(root.get("height", "0"))
    assert width > 0
    assert height > 0
    assert root.get("viewBox") == f"0 0 {root.get('width')} {root.get('height')}"


def test_every_land_field_is_one_polygon_with_its_terrain_colour() -> None:
    polygons = field_polygons(parse(render_svg(DEMO)))
    assert set(polygons) == set(DEMO.fields)
    for name, polygon in polygons.items():
        terrain = DEMO.terrain(name)
        assert polygon.get("data-terrain") == terrain.value
        assert polygon.get("fill") == TERRAIN_COLOURS[terrain]
        assert len(corners(polygon)) == 6


def test_terrain_palette_is_distinct_and_complete() -> None:
    assert set(TERRAIN_COLOURS) == set(Terrain)
    assert len(set(TERRAIN_COLOURS.values())) == len(Terrain)


def test_fields_carry_tooltips_naming_field_and_terrain() -> None:
    polygons = field_polygons(parse(render_svg(SMALL)))
    for name, polygon in polygons.items():
        assert tooltip(polygon).startswith(f"{name} {SMALL.terrain(name).value}")
    assert tooltip(polygons["c3"]) == "c3 lake; statue facing ne"


def test_adjacent_fields_share_an_edge_so_hexes_tile_without_gaps() -> None:
    polygons = field_polygons(parse(render_svg(DEMO)))
    for name in DEMO.fields:
        for neighbour in DEMO.land_neighbours(name):
            shared = [
                a
                for a in corners(polygons[name])
                if any(math.dist(a, b) < 0.05 for b in corners(polygons[neighbour]))
            ]
            assert len(shared) == 2, (name, neighbour)


def test_even_rows_are_shifted_right_by_half_a_hex() -> None:
    polygons = field_polygons(parse(render_svg(DEMO, hex_size=10)))
    width = math.sqrt(3) * 10
    b2, b3, c3 = (centre(polygons[name]) for name in ("b2", "b3", "c3"))
    assert b2[0] - b3[0] == pytest.approx(width / 2, abs=0.05)
    assert c3[0] - b3[0] == pytest.approx(width, abs=0.05)
    assert b3[1] - b2[1] == pytest.approx(15, abs=0.05)


def test_hex_size_scales_the_picture() -> None:
    small = parse(render_svg(DEMO, hex_size=12))
    large = parse(render_svg(DEMO, hex_size=36))
    assert float(large.get("width", "0")) == pytest.approx(3 * float(small.get("width", "0")), 0.01)


@pytest.mark.parametrize("bad", [0.0, -3.0, math.nan, math.inf])
def test_rejects_a_bad_hex_size(bad: float) -> None:
    with pytest.raises(ValueError, match="hex_size"):
        render_svg(SMALL, hex_size=bad)


def test_legend_lists_every_terrain() -> None:
    entries = with_class(parse(render_svg(SMALL)), "legend-entry")
    terrains = [
        entry.get("data-terrain") for entry in entries if entry.get("data-kind") == "terrain"
    ]
    assert terrains == [t.value for t in Terrain]


def test_legend_explains_only_what_the_picture_shows() -> None:
    def kinds(svg: str) -> list[str]:
        root = parse(svg)
        return [entry.get("data-kind", "") for entry in with_class(root, "legend-entry")]

    bare = Island.from_terrain("bare", {"a1": "beach", "b1": "lake"})
    assert set(kinds(render_svg(bare))) == {"terrain"}
    everything = kinds(
        render_svg(DEMO, highlight=["d4"], cars={"P0": "d4", "P1": "b4"}, amulets=["b4"])
    )
    assert everything.count("car") == 2
    assert {"landmark", "highlight", "amulet"} <= set(everything)
    labels = [
        text.text
        for text in parse(render_svg(DEMO, highlight=["d4"], highlight_label="candidate")).iter(
            tag("text")
        )
    ]
    assert "candidate" in labels


def test_a_highlight_dims_every_other_field() -> None:
    polygons = field_polygons(parse(render_svg(DEMO, highlight=["d4", "b4"])))
    dimmed = {name for name, p in polygons.items() if "dimmed" in p.get("class", "")}
    assert dimmed == set(DEMO.fields) - {"d4", "b4"}
    assert all(polygons[name].get("fill-opacity") for name in dimmed)
    plain = field_polygons(parse(render_svg(DEMO)))
    assert not any("dimmed" in p.get("class", "") for p in plain.values())


# -- labels and title ------------------------------------------------------------------------------


def test_labels_name_every_field_and_can_be_turned_off() -> None:
    labelled = with_class(parse(render_svg(SMALL)), "label")
    assert sorted(label.text or "" for label in labelled) == sorted(SMALL.fields)
    assert with_class(parse(render_svg(SMALL, labels=False)), "label") == []


def test_title_is_written_at_the_top() -> None:
    root = parse(render_svg(SMALL, title="Treasure <grey> & co"))
    (title,) = with_class(root, "title")
    assert title.text == "Treasure <grey> & co"
    top_field = min(centre(polygon)[1] for polygon in field_polygons(root).values())
    assert float(title.get("y", "0")) < top_field
    assert tooltip(root) == "Treasure <grey> & co"


def test_without_title_no_title_text_and_the_island_name_is_the_tooltip() -> None:
    root = parse(render_svg(SMALL))
    assert with_class(root, "title") == []
    assert tooltip(root) == "example"


def test_awkward_island_names_stay_well_formed() -> None:
    island = SMALL.renamed('a "quoted" <island> & more')
    root = parse(render_svg(island))
    assert root.get("data-island") == 'a "quoted" <island> & more'


# -- highlights ------------------------------------------------------------------------------------


def highlighted_fields(root: ET.Element) -> set[str]:
    marked = {
        p.get("data-field", "")
        for p in field_polygons(root).values()
        if "highlight" in p.get("class", "").split()
    }
    outlines = {element.get("data-field", "") for element in with_class(root, "highlight-outline")}
    assert marked == outlines
    return marked


@settings(max_examples=40, deadline=None)
@given(st.sets(st.sampled_from(DEMO.fields)), st.booleans())
def test_highlight_marks_exactly_the_requested_fields(chosen: set[str], shout: bool) -> None:
    requested = [name.upper() if shout else name for name in sorted(chosen)]
    root = parse(render_svg(DEMO, highlight=requested + requested[:2]))
    assert highlighted_fields(root) == chosen


def test_a_single_string_highlights_one_field() -> None:
    assert highlighted_fields(parse(render_svg(SMALL, highlight="c3"))) == {"c3"}


@pytest.mark.parametrize(
    "arguments",
    [
        {"highlight": ["c3", "a1"]},
        {"highlight": ["zz9"]},
        {"cars": {"red": "e1"}},
        {"amulets": ["a4"]},
    ],
)
def test_fields_that_are_not_land_raise_unknown_field(arguments: dict[str, object]) -> None:
    with pytest.raises(UnknownFieldError):
        render_svg(SMALL, **arguments)  # type: ignore[arg-type]


# -- landmarks -------------------------------------------------------------------------------------


def test_one_glyph_per_landmark() -> None:
    glyphs = with_class(parse(render_svg(DEMO)), "landmark")
    drawn = sorted((glyph.get("data-kind"), glyph.get("data-field")) for glyph in glyphs)
    assert drawn == sorted((mark.kind.value, mark.field) for mark in DEMO.landmarks)
    for glyph in glyphs:
        assert len(glyph) > 1, "a glyph has a title and at least one shape"


def arrow_vector(arrow_group: ET.Element) -> tuple[float, float]:
    (shaft,) = with_class(arrow_group, "arrow")
    return (
        float(shaft.get("x2", "0")) - float(shaft.get("x1", "0")),
        float(shaft.get("y2", "0")) - float(shaft.get("y1", "0")),
    )


def test_one_facing_arrow_per_statue_pointing_at_the_faced_neighbour() -> None:
    root = parse(render_svg(DEMO))
    polygons = field_polygons(root)
    arrows = {arrow.get("data-field"): arrow for arrow in with_class(root, "facing")}
    statues = DEMO.landmarks_of(LandmarkKind.STATUE)
    assert set(arrows) == {mark.field for mark in statues}
    for mark in statues:
        assert mark.facing is not None
        faced = hexgrid.field_name(*hexgrid.step(DEMO.hex(mark.field), mark.facing))
        here, there = centre(polygons[mark.field]), centre(polygons[faced])
        expected = (there[0] - here[0], there[1] - here[1])
        assert angle_between(arrow_vector(arrows[mark.field]), expected) < 5


@pytest.mark.parametrize("facing", list(Direction))
def test_statue_arrow_follows_each_direction(facing: Direction) -> None:
    island = Island.from_terrain(
        "block", BLOCK_TERRAIN, [Landmark(LandmarkKind.STATUE, "c3", facing)]
    )
    (arrow,) = with_class(parse(render_svg(island)), "facing")
    vector = arrow_vector(arrow)
    ideal = math.radians(IDEAL_ANGLE[facing])
    assert angle_between(vector, (math.cos(ideal), math.sin(ideal))) < 1
    assert arrow.get("data-facing") == facing.value


def test_statue_facing_the_sea_still_gets_an_arrow() -> None:
    island = Island.from_terrain(
        "pair", {"a1": "beach", "b1": "lake"}, [Landmark(LandmarkKind.STATUE, "a1", Direction.W)]
    )
    (arrow,) = with_class(parse(render_svg(island)), "facing")
    assert angle_between(arrow_vector(arrow), (-1.0, 0.0)) < 1


# -- cars and amulets ------------------------------------------------------------------------------


def car_circles(root: ET.Element) -> dict[str, ET.Element]:
    result = {}
    for car in with_class(root, "car"):
        circle = car.find(tag("circle"))
        assert circle is not None
        result[car.get("data-car", "")] = car
    return result


def test_cars_are_drawn_on_their_fields_with_a_letter() -> None:
    root = parse(render_svg(DEMO, cars={"red": "D4", "Alice": "g4"}))
    cars = car_circles(root)
    assert set(cars) == {"red", "Alice"}
    assert cars["red"].get("data-field") == "d4"
    assert cars["Alice"].get("data-field") == "g4"
    letter = cars["Alice"].find(tag("text"))
    assert letter is not None
    assert letter.text == "A"
    red = cars["red"].find(tag("circle"))
    assert red is not None
    assert red.get("fill") == "#d62828"


def test_several_cars_on_one_field_all_show() -> None:
    labels = ["red", "blue", "green", "yellow", "ann", "bob"]
    root = parse(render_svg(DEMO, cars=dict.fromkeys(labels, "d4")))
    circles = [car.find(tag("circle")) for car in car_circles(root).values()]
    positions = {(c.get("cx"), c.get("cy")) for c in circles if c is not None}
    assert len(positions) == len(labels)
    fills = {c.get("fill") for c in circles if c is not None}
    assert len(fills) == len(labels), "every car has its own colour"
    d4 = centre(field_polygons(root)["d4"])
    for cx, cy in positions:
        assert math.dist(d4, (float(cx or 0), float(cy or 0))) < 24


def test_amulets_are_marked_once_per_field() -> None:
    root = parse(render_svg(DEMO, amulets=["b4", "H3", "b4"]))
    assert sorted(a.get("data-field", "") for a in with_class(root, "amulet")) == ["b4", "h3"]
    assert "amulet" in tooltip(field_polygons(root)["b4"])


# -- determinism and integration -------------------------------------------------------------------


@settings(max_examples=25, deadline=None)
@given(
    st.dictionaries(
        st.text(alphabet="abcdefgh rRBG", min_size=1, max_size=6),
        st.sampled_from(DEMO.fields),
        max_size=5,
    ),
    st.sets(st.sampled_from(DEMO.fields), max_size=8),
)
def test_output_depends_only_on_the_input_values(cars: dict[str, str], chosen: set[str]) -> None:
    forward = render_svg(DEMO, cars=cars, highlight=sorted(chosen), title="t")
    backward = render_svg(
        DEMO,
        cars=dict(reversed(list(cars.items()))),
        highlight=sorted(chosen, reverse=True),
        title="t",
    )
    assert forward == backward
    assert forward == render_svg(DEMO, cars=cars, highlight=sorted(chosen), title="t")
    root = parse(forward)
    assert set(car_circles(root)) == set(cars)


def test_repr_svg_is_the_default_rendering() -> None:
    assert SMALL._repr_svg_() == render_svg(SMALL)


def test_write_svg_writes_utf8(tmp_path: Path) -> None:
    svg = render_svg(SMALL.renamed("Ínsula ☀"), title="Ínsula ☀")
    target = write_svg(tmp_path / "island.svg", svg)
    assert target.read_text(encoding="utf-8") == svg
    assert parse(target.read_text(encoding="utf-8")).tag == tag("svg")
