"""What is drawn over the island: highlighted fields, amulets, notes, cars and map markers.

>>> import xml.etree.ElementTree as ET
>>> root = ET.Element("g")
>>> draw_car(root, 0, 0, "P2", "#d62828", 24.0)
>>> [child.tag for child in root], root[1].text
(['circle', 'text'], '2')
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from tobago_solver.island import Island
from tobago_solver.render.colours import (
    HIGHLIGHT_COLOUR,
    INK_DARK,
    INK_LIGHT,
    TREASURE_RING,
    car_colours,
    ink_on,
)
from tobago_solver.render.layout import Layout
from tobago_solver.render.slots import (
    AMULET_RADIUS,
    CAR_RADIUS,
    MARKER_RADIUS,
    TREASURE_RADIUS,
)
from tobago_solver.render.svg import hexagon, num, points, sub, text, tooltip

CarsByField = dict[str, list[tuple[str, str]]]
"""``{field: [(label, colour), ...]}``: the cars on each field, labels sorted."""


@dataclass(frozen=True)
class Marker:
    """A treasure map's mark on a field: a small one on each candidate, a large one (ringed in
    gold) where the treasure is located."""

    map: str
    colour: str
    located: bool = False

    @property
    def radius(self) -> float:
        """In hex sizes."""
        return TREASURE_RADIUS if self.located else MARKER_RADIUS


def cars_by_field(island: Island, cars: Mapping[str, str]) -> CarsByField:
    """``{field: [(label, colour), ...]}`` with labels sorted, so that equal mappings built in
    different orders draw the same picture."""
    colours = car_colours(sorted(cars))
    grouped: CarsByField = {}
    for label in sorted(cars):
        grouped.setdefault(island.require_field(cars[label]), []).append((label, colours[label]))
    return grouped


def car_letter(label: str) -> str:
    """The mark on a car: a player's seat number ('P2' -> '2'), else the label's first letter."""
    label = label.strip()
    if len(label) > 1 and label[0] in "Pp" and label[1:].isdigit():
        return label[1:]
    return label[:1].upper() or "?"


def draw_highlights(root: ET.Element, layout: Layout, highlighted: tuple[str, ...]) -> None:
    """A coloured ring inside each highlighted field."""
    group = sub(root, "g", class_="highlights")
    for name in highlighted:
        # Inset so that two adjacent highlighted fields each keep a visible outline.
        sub(
            group,
            "polygon",
            class_="highlight-outline",
            data_field=name,
            points=points(hexagon(*layout.field_centre(name), 0.84 * layout.size)),
            fill="none",
            stroke=HIGHLIGHT_COLOUR,
            stroke_width=num(0.14 * layout.size),
            stroke_linejoin="round",
        )


def draw_amulets(root: ET.Element, layout: Layout, amulets: tuple[str, ...]) -> None:
    """An amulet in each field that holds one, beside what else is there."""
    group = sub(root, "g", class_="amulets")
    for name in amulets:
        slot = layout.slots[name].amulet
        assert slot is not None, "the layout was planned with this amulet"
        x, y = layout.place(name, (slot.x, slot.y))
        marker = draw_amulet(group, x, y, slot.r / AMULET_RADIUS * layout.size)
        marker.set("class", "amulet")
        marker.set("data-field", name)
        tooltip(marker, f"amulet on {name}")


def draw_amulet(parent: ET.Element, x: float, y: float, size: float) -> ET.Element:
    """A golden diamond centred on ``(x, y)``."""
    return sub(
        parent,
        "polygon",
        points=points(
            [
                (x, y - 0.2 * size),
                (x + 0.14 * size, y),
                (x, y + 0.2 * size),
                (x - 0.14 * size, y),
            ]
        ),
        fill="#f5c518",
        stroke="#5c4300",
        stroke_width=num(0.04 * size),
        stroke_linejoin="round",
    )


def draw_notes(root: ET.Element, layout: Layout, highlighted: set[str]) -> None:
    """Each note low in its field, in bold."""
    if not layout.notes:
        return
    group = sub(root, "g", class_="notes")
    for name in layout.island.fields:
        if name not in layout.notes:
            continue
        x, y = layout.place(name, layout.slots[name].note)
        text(
            group,
            x,
            y,
            layout.notes[name],
            0.4 * layout.size,
            class_="note",
            data_field=name,
            font_weight="bold",
            fill=ink_on(layout.shown_fill(name, highlighted)),
        )


def draw_cars(root: ET.Element, layout: Layout, cars: CarsByField) -> None:
    """The cars on each field, where the field's plan puts them."""
    group = sub(root, "g", class_="cars")
    for name in layout.island.fields:
        here = cars.get(name, [])
        for (label, colour), slot in zip(here, layout.slots[name].cars, strict=True):
            x, y = layout.place(name, (slot.x, slot.y))
            car = sub(group, "g", class_="car", data_car=label, data_field=name)
            tooltip(car, f"car {label} on {name}")
            draw_car(car, x, y, label, colour, slot.r / CAR_RADIUS * layout.size)


def draw_car(parent: ET.Element, x: float, y: float, label: str, colour: str, size: float) -> None:
    """A disc in the car's colour with its seat number or initial."""
    sub(
        parent,
        "circle",
        cx=num(x),
        cy=num(y),
        r=num(CAR_RADIUS * size),
        fill=colour,
        stroke=INK_DARK,
        stroke_width=num(0.04 * size),
    )
    text(
        parent,
        x,
        y,
        car_letter(label),
        1.2 * CAR_RADIUS * size,
        font_weight="bold",
        fill=ink_on(colour),
    )


def draw_markers(root: ET.Element, layout: Layout, markers: Mapping[str, Sequence[Marker]]) -> None:
    """The maps' markers along the bottom of each field, in the maps' order."""
    group = sub(root, "g", class_="markers")
    for name in layout.island.fields:
        for marker, slot in zip(markers.get(name, ()), layout.slots[name].row, strict=True):
            x, y = layout.place(name, (slot.x, slot.y))
            element = sub(
                group,
                "g",
                class_="marker located" if marker.located else "marker",
                data_field=name,
                data_map=marker.map,
            )
            what = "treasure located" if marker.located else "candidate"
            tooltip(element, f"{marker.map} map: {what} on {name}")
            draw_marker(element, x, y, slot.r * layout.size, marker)


def draw_marker(parent: ET.Element, x: float, y: float, radius: float, marker: Marker) -> None:
    """A disc in the map's colour in a white ring edged dark, so that every colour shows on every
    terrain; a located treasure's ring is gold."""
    ring = TREASURE_RING if marker.located else INK_LIGHT
    inner = 0.6 if marker.located else 0.72
    sub(parent, "circle", cx=num(x), cy=num(y), r=num(radius), fill=INK_DARK)
    sub(parent, "circle", cx=num(x), cy=num(y), r=num(0.86 * radius), fill=ring)
    sub(
        parent,
        "circle",
        cx=num(x),
        cy=num(y),
        r=num(inner * radius),
        fill=marker.colour,
        stroke=INK_DARK,
        stroke_width=num(0.08 * radius),
    )
