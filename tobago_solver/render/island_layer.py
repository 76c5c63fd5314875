"""The island layer: the sea around it, the fields in their colours, landmarks and field names.

>>> import xml.etree.ElementTree as ET
>>> from tobago_solver import islands
>>> layout = Layout(islands.default(), 24.0, title=None, legend_labels=["beach"])
>>> root = ET.Element("svg")
>>> draw_fields(root, layout, set(), {}, set())
>>> fields = root.find("g")
>>> fields is not None and len(fields) == len(layout.island)
True
"""

from __future__ import annotations

import math
import xml.etree.ElementTree as ET

from tobago_solver import hexgrid
from tobago_solver.hexgrid import Hex
from tobago_solver.island import Landmark
from tobago_solver.render.colours import (
    DIMMED_OPACITY,
    INK_DARK,
    INK_LIGHT,
    OUTLINE_COLOUR,
    SEA_COLOUR,
    SEA_HEX_STROKE,
    ink_on,
)
from tobago_solver.render.glyphs import BADGE_RADIUS, GLYPHS, badge
from tobago_solver.render.layout import Layout
from tobago_solver.render.overlays import CarsByField
from tobago_solver.render.slots import LABEL_FONT, Point
from tobago_solver.render.svg import haloed_text, hexagon, num, points, sub, tooltip


def describe_landmark(mark: Landmark) -> str:
    """``hut``, or ``statue facing ne``."""
    if mark.facing is None:
        return mark.kind.value
    return f"{mark.kind.value} facing {mark.facing.value}"


def draw_caption(root: ET.Element, layout: Layout) -> None:
    """The caption's lines under the title, left-aligned in a block centred on the page."""
    if not layout.caption:
        return
    group = sub(root, "g", class_="caption")
    widest = max(len(line) for line in layout.caption) * 0.6 * layout.caption_size
    left = max(layout.padding, (layout.width - widest) / 2)
    for index, line in enumerate(layout.caption):
        y = layout.caption_top + (index + 0.75) * layout.caption_line
        sub(
            group,
            "text",
            x=num(left),
            y=num(y),
            font_size=num(layout.caption_size),
            fill=INK_DARK,
        ).text = line


def draw_sea(root: ET.Element, layout: Layout) -> None:
    """The sea behind the map, with the faint hexes of the sea fields next to the land."""
    top, width, height = num(layout.map_top), num(layout.width), num(layout.map_height)
    # A nested viewport clips the outer sea hexes at the map's edge without a clipPath, whose
    # id could clash with another picture's when several are inlined in one notebook page.
    group = sub(
        root,
        "svg",
        class_="sea",
        x="0",
        y=top,
        width=width,
        height=height,
        viewBox=f"0 {top} {width} {height}",
    )
    sub(group, "rect", x="0", y=top, width=width, height=height, fill=SEA_COLOUR)
    # Faint sea hexes around the land show where the grid continues, which clues about the
    # sea ("next to sea") refer to.
    land = {layout.island.hex(name) for name in layout.island.fields}
    sea: set[Hex] = set()
    for hex_ in land:
        sea.update(n for n in hexgrid.neighbours(hex_) if n not in land)
    for hex_ in sorted(sea, key=lambda h: (h[1], h[0])):
        sub(
            group,
            "polygon",
            points=points(hexagon(*layout.centre(hex_), layout.size)),
            fill="none",
            stroke=SEA_HEX_STROKE,
            stroke_width=num(0.04 * layout.size),
        )


def draw_fields(
    root: ET.Element,
    layout: Layout,
    highlighted: set[str],
    cars: CarsByField,
    amulets: set[str],
) -> None:
    """Every land field as a hexagon in its colour, with a tooltip of all that is on it."""
    group = sub(root, "g", class_="fields")
    for name in layout.island.fields:
        terrain = layout.island.terrain(name)
        # With a highlight, every other field fades, so the highlighted ones stand out.
        dimmed = bool(highlighted) and name not in highlighted
        polygon = sub(
            group,
            "polygon",
            class_="field highlight" if name in highlighted else "field",
            data_field=name,
            data_terrain=terrain.value,
            points=points(hexagon(*layout.field_centre(name), layout.size)),
            fill=layout.fill(name),
            stroke=OUTLINE_COLOUR,
            stroke_width=num(0.035 * layout.size),
            stroke_linejoin="round",
        )
        if dimmed:
            polygon.set("class", "field dimmed")
            polygon.set("fill-opacity", num(DIMMED_OPACITY))
        tooltip(polygon, _describe(layout, name, name in highlighted, cars, name in amulets))


def _describe(layout: Layout, name: str, highlighted: bool, cars: CarsByField, amulet: bool) -> str:
    parts = [f"{name} {layout.island.terrain(name).value}"]
    mark = layout.island.landmark_at.get(name)
    if mark is not None:
        parts.append(describe_landmark(mark))
    if amulet:
        parts.append("amulet")
    if name in cars:
        parts.append("car " + ", ".join(label for label, _ in cars[name]))
    if highlighted:
        parts.append("highlighted")
    if name in layout.notes:
        parts.append(layout.notes[name])
    return "; ".join(parts)


def draw_landmarks(root: ET.Element, layout: Layout) -> None:
    """Each landmark's glyph, and an arrow for the way each statue faces."""
    glyphs = sub(root, "g", class_="landmarks")
    arrows = sub(root, "g", class_="facings")
    for mark in layout.island.landmarks:
        slots = layout.slots[mark.field]
        assert slots.glyph is not None
        x, y = layout.place(mark.field, (slots.glyph.x, slots.glyph.y))
        scale = slots.glyph.r / BADGE_RADIUS * layout.size
        glyph = sub(
            glyphs,
            "g",
            class_=f"landmark {mark.kind.value}",
            data_field=mark.field,
            data_kind=mark.kind.value,
            transform=f"translate({num(x)} {num(y)}) scale({num(scale)})",
        )
        tooltip(glyph, f"{mark.field} {describe_landmark(mark)}")
        badge(glyph)
        GLYPHS[mark.kind](glyph)
        if mark.facing is not None and slots.arrow is not None:
            _draw_facing(arrows, layout, mark, slots.arrow)


def _draw_facing(
    parent: ET.Element, layout: Layout, mark: Landmark, arrow: tuple[Point, Point]
) -> None:
    assert mark.facing is not None
    start = layout.place(mark.field, arrow[0])
    tip = layout.place(mark.field, arrow[1])
    length = math.hypot(tip[0] - start[0], tip[1] - start[1])
    ux, uy = (tip[0] - start[0]) / length, (tip[1] - start[1]) / length
    size = layout.size
    base = (tip[0] - 0.26 * size * ux, tip[1] - 0.26 * size * uy)
    half = 0.15 * size
    head = [
        tip,
        (base[0] - half * uy, base[1] + half * ux),
        (base[0] + half * uy, base[1] - half * ux),
    ]
    group = sub(
        parent,
        "g",
        class_="facing",
        data_field=mark.field,
        data_facing=mark.facing.value,
    )
    tooltip(group, f"statue on {mark.field} faces {mark.facing.value}")
    for colour, shaft_width, head_stroke in (
        (INK_LIGHT, 0.17 * size, 0.09 * size),
        (INK_DARK, 0.08 * size, 0.0),
    ):
        role = "arrow-halo" if colour == INK_LIGHT else "arrow"
        sub(
            group,
            "line",
            class_=role,
            x1=num(start[0]),
            y1=num(start[1]),
            x2=num(base[0]),
            y2=num(base[1]),
            stroke=colour,
            stroke_width=num(shaft_width),
            stroke_linecap="round",
        )
        sub(
            group,
            "polygon",
            class_=role + "-head",
            points=points(head),
            fill=colour,
            stroke=colour,
            stroke_width=num(head_stroke),
            stroke_linejoin="round",
        )


def draw_labels(root: ET.Element, layout: Layout, highlighted: set[str]) -> None:
    """Each field's name at the top of its hexagon, in the ink that reads best on its colour."""
    group = sub(root, "g", class_="labels")
    size = LABEL_FONT * layout.size
    for name in layout.island.fields:
        x, y = layout.place(name, layout.slots[name].label)
        ink = ink_on(layout.shown_fill(name, highlighted))
        # A halo in the opposite ink keeps the name readable where a highlight ring passes
        # under it; labels are drawn after it.
        haloed_text(
            group,
            x,
            y,
            name,
            size,
            ink=ink,
            halo=INK_LIGHT if ink == INK_DARK else INK_DARK,
            halo_width=0.09 * layout.size,
            class_="label",
            data_field=name,
        )
