"""The legend below the map: the terrains (or a caller's colours), then only the marks shown.

>>> from tobago_solver import islands
>>> entries = legend_entries(islands.default(), ("h3",), {}, (), "candidate")
>>> [entry.label for entry in entries][-5:]
['hut', 'palm', 'statue', 'candidate', 'other fields, faded']
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Sequence
from dataclasses import dataclass

from tobago_solver.island import Island, LandmarkKind, Terrain
from tobago_solver.render.colours import (
    DIMMED_OPACITY,
    HIGHLIGHT_COLOUR,
    INK_DARK,
    MAP_COLOURS,
    OUTLINE_COLOUR,
    SEA_COLOUR,
    TERRAIN_COLOURS,
    blend,
)
from tobago_solver.render.glyphs import GLYPHS, badge
from tobago_solver.render.layout import Layout
from tobago_solver.render.overlays import (
    CarsByField,
    Marker,
    draw_amulet,
    draw_car,
    draw_marker,
)
from tobago_solver.render.svg import hexagon, num, points, sub


@dataclass(frozen=True)
class LegendEntry:
    """One entry of the legend: a symbol and its label."""

    kind: str
    """``terrain``, ``colour`` (a caller's legend entry), ``landmark``, ``highlight``, ``dimmed``
    (the fields faded around a highlight), ``marker`` (a map's candidate), ``treasure`` (a
    located treasure), ``amulet`` or ``car``."""
    label: str
    key: str
    """The fill colour, the landmark kind or the car's colour."""
    car: str = ""


def legend_entries(
    island: Island,
    highlighted: tuple[str, ...],
    cars: CarsByField,
    amulets: tuple[str, ...],
    highlight_label: str,
    colours: list[tuple[str, str]] | None = None,
    markers: Sequence[Marker] = (),
) -> list[LegendEntry]:
    """What the legend explains: the terrains (or the caller's colours), then only the marks
    this picture shows."""
    entries = (
        [LegendEntry("colour", label, colour) for label, colour in colours]
        if colours is not None
        else [
            LegendEntry("terrain", terrain.value, TERRAIN_COLOURS[terrain]) for terrain in Terrain
        ]
    )
    entries += [
        LegendEntry("landmark", kind.value, kind.value)
        for kind in LandmarkKind
        if island.landmarks_of(kind)
    ]
    if highlighted:
        entries.append(LegendEntry("highlight", highlight_label, ""))
        if len(highlighted) < len(island.fields):
            faded = blend(TERRAIN_COLOURS[Terrain.JUNGLE], SEA_COLOUR, DIMMED_OPACITY)
            entries.append(LegendEntry("dimmed", "other fields, faded", faded))
    if any(not marker.located for marker in markers):
        entries.append(LegendEntry("marker", "a map's candidate", ""))
    if any(marker.located for marker in markers):
        entries.append(LegendEntry("treasure", "located treasure", ""))
    if amulets:
        entries.append(LegendEntry("amulet", "amulet", ""))
    for label, colour in sorted({car for here in cars.values() for car in here}):
        entries.append(LegendEntry("car", f"car {label}", colour, label))
    return entries


def draw_legend(root: ET.Element, layout: Layout, legend: list[LegendEntry]) -> None:
    """The entries in rows below the map, centred."""
    group = sub(root, "g", class_="legend")
    size = layout.size
    used = layout.legend_per_row * layout.legend_item_width
    left = (layout.width - used) / 2
    for index, item in enumerate(legend):
        row, column = divmod(index, layout.legend_per_row)
        x = left + column * layout.legend_item_width + 0.45 * size
        y = layout.legend_top + (row + 0.5) * layout.legend_row_height
        entry = sub(group, "g", class_="legend-entry", data_kind=item.kind)
        if item.kind == "terrain":
            entry.set("data-terrain", item.label)
        elif item.kind == "colour":
            entry.set("data-label", item.label)
        _draw_symbol(entry, item, x, y, size)
        label = sub(
            entry,
            "text",
            x=num(x + 0.55 * size),
            y=num(y + 0.35 * layout.legend_size),
            font_size=num(layout.legend_size),
            fill=INK_DARK,
        )
        label.text = item.label


def _draw_symbol(entry: ET.Element, item: LegendEntry, x: float, y: float, size: float) -> None:
    if item.kind in ("terrain", "colour", "dimmed"):
        sub(
            entry,
            "polygon",
            points=points(hexagon(x, y, 0.38 * size)),
            fill=item.key,
            stroke=OUTLINE_COLOUR,
            stroke_width=num(0.03 * size),
        )
    elif item.kind == "landmark":
        glyph = sub(entry, "g", transform=f"translate({num(x)} {num(y)}) scale({num(0.95 * size)})")
        badge(glyph)
        GLYPHS[LandmarkKind(item.key)](glyph)
    elif item.kind == "highlight":
        sub(
            entry,
            "polygon",
            points=points(hexagon(x, y, 0.34 * size)),
            fill="none",
            stroke=HIGHLIGHT_COLOUR,
            stroke_width=num(0.1 * size),
            stroke_linejoin="round",
        )
    elif item.kind == "marker":
        # The four maps' colours in a square: the legend says what a marker means, and the
        # panel beside the island says which colour is which map.
        for index, colour in enumerate(MAP_COLOURS.values()):
            dx, dy = (index % 2 - 0.5) * 0.27 * size, (index // 2 - 0.5) * 0.27 * size
            draw_marker(entry, x + dx, y + dy, 0.13 * size, Marker("", colour))
    elif item.kind == "treasure":
        draw_marker(entry, x, y, 0.3 * size, Marker("", MAP_COLOURS["grey"], located=True))
    elif item.kind == "amulet":
        draw_amulet(entry, x, y, size)
    else:
        draw_car(entry, x, y, item.car, item.key, size)
