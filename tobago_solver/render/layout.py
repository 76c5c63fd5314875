"""The geometry of one island picture: where each hex sits, and the room for title and legend.

Every length scales with the hex size (the hexagon's corner radius in pixels).

>>> from tobago_solver import islands
>>> layout = Layout(islands.default(), 24.0, title="ABC-1", legend_labels=["beach", "hut"])
>>> round(layout.map_top, 1), layout.legend_per_row
(40.8, 2)
"""

from __future__ import annotations

import math
from collections.abc import Collection, Mapping, Sequence
from typing import Final

from tobago_solver import hexgrid
from tobago_solver.hexgrid import Hex
from tobago_solver.island import Island, Landmark
from tobago_solver.render.colours import DIMMED_OPACITY, SEA_COLOUR, TERRAIN_COLOURS, blend
from tobago_solver.render.slots import FieldSlots, Point, field_slots

SQRT3: Final = math.sqrt(3.0)
_AVERAGE_GLYPH_WIDTH: Final = 0.6
"""Rough width of a sans-serif character in font sizes; only used to reserve room for text."""


class Layout:
    """Geometry and layout of one picture: the island's hexes, the title above, the legend below.

    ``fills`` overrides fields' terrain colours; ``notes`` are short texts written in fields.
    ``cars`` (how many on a field), ``amulets`` and ``markers`` (the radii of the markers along
    a field's bottom) decide where everything in each field goes: ``slots``.
    """

    def __init__(
        self,
        island: Island,
        hex_size: float,
        fills: Mapping[str, str] | None = None,
        notes: Mapping[str, str] | None = None,
        *,
        title: str | None,
        legend_labels: Sequence[str],
        cars: Mapping[str, int] | None = None,
        amulets: Collection[str] = (),
        markers: Mapping[str, Sequence[float]] | None = None,
        caption: Sequence[str] = (),
    ) -> None:
        self.island = island
        self.notes = dict(notes or {})
        self.size = size = hex_size
        self.padding = 0.6 * hex_size
        self.fills = dict(fills or {})

        hexes = [self.island.hex(name) for name in self.island.fields]
        if hexes:
            xs = [self.raw_centre(hex_)[0] for hex_ in hexes]
            ys = [self.raw_centre(hex_)[1] for hex_ in hexes]
            left, right = min(xs) - SQRT3 * size / 2, max(xs) + SQRT3 * size / 2
            top, bottom = min(ys) - size, max(ys) + size
        else:
            left, right, top, bottom = 0.0, 2 * SQRT3 * size, 0.0, 2 * size
        map_width = right - left + 2 * self.padding
        map_height = bottom - top + 2 * self.padding

        self.title_size = 0.75 * size
        self.title_height = 1.7 * size if title else 0.0
        self.caption = list(caption)
        self.caption_size = 0.5 * size
        self.caption_line = 0.8 * size
        caption_height = len(caption) * self.caption_line + (0.3 * size if caption else 0.0)
        self.legend_size = 0.45 * size
        longest = max(len(label) for label in legend_labels)
        self.legend_item_width = 1.3 * size + _AVERAGE_GLYPH_WIDTH * self.legend_size * longest
        title_width = (
            _AVERAGE_GLYPH_WIDTH * self.title_size * len(title) + 2 * self.padding if title else 0
        )
        caption_width = max(
            (_AVERAGE_GLYPH_WIDTH * self.caption_size * len(line) for line in caption), default=0
        )
        # Wide enough for three legend entries a row, so tiny islands still get a usable legend.
        self.width = max(
            map_width,
            title_width,
            caption_width + 2 * self.padding,
            3 * self.legend_item_width + 2 * self.padding,
        )
        per_row = max(1, int((self.width - 2 * self.padding) // self.legend_item_width))
        self.legend_per_row = max(1, min(per_row, len(legend_labels)))
        legend_rows = math.ceil(len(legend_labels) / self.legend_per_row)
        self.legend_row_height = 1.0 * size
        self.caption_top = self.title_height
        self.map_top = self.title_height + caption_height
        self.map_height = map_height
        self.legend_top = self.map_top + map_height + 0.4 * size
        self.height = self.legend_top + legend_rows * self.legend_row_height + 0.3 * size
        self.offset_x = (self.width - map_width) / 2 + self.padding - left
        self.offset_y = self.map_top + self.padding - top
        self.slots: dict[str, FieldSlots] = {
            name: self._plan(name, (cars or {}).get(name, 0), name in amulets, markers or {})
            for name in island.fields
        }

    def _plan(
        self, name: str, cars: int, amulet: bool, markers: Mapping[str, Sequence[float]]
    ) -> FieldSlots:
        mark = self.island.landmark_at.get(name)
        return field_slots(
            glyph=mark is not None,
            facing=self.facing(mark) if mark is not None and mark.facing is not None else None,
            cars=cars,
            amulet=amulet,
            markers=tuple(markers.get(name, ())),
            label_characters=len(name),
        )

    def facing(self, mark: Landmark) -> Point:
        """The unit vector from a statue's field towards the field it faces."""
        assert mark.facing is not None
        origin = self.island.hex(mark.field)
        x, y = self.centre(origin)
        tx, ty = self.centre(hexgrid.step(origin, mark.facing))
        length = math.hypot(tx - x, ty - y)
        return (tx - x) / length, (ty - y) / length

    def place(self, name: str, offset: Point) -> Point:
        """The pixel position of ``offset`` (in hex sizes from the centre) in a field."""
        x, y = self.field_centre(name)
        return x + offset[0] * self.size, y + offset[1] * self.size

    def fill(self, name: str) -> str:
        """The colour a field is drawn in: its own, or its terrain's."""
        return self.fills.get(name) or TERRAIN_COLOURS[self.island.terrain(name)]

    def shown_fill(self, name: str, highlighted: set[str]) -> str:
        """The colour a field shows, dimmed when others are highlighted (for the ink on it)."""
        if highlighted and name not in highlighted:
            return blend(self.fill(name), SEA_COLOUR, DIMMED_OPACITY)
        return self.fill(name)

    def raw_centre(self, hex_: Hex) -> tuple[float, float]:
        """The pixel centre of a hex before the map is placed on the page."""
        column, row = hex_
        return (
            SQRT3 * self.size * (column + 0.5 * (row % 2)),
            1.5 * self.size * row,
        )

    def centre(self, hex_: Hex) -> tuple[float, float]:
        """The pixel centre of a hex (land or sea) in the finished picture."""
        x, y = self.raw_centre(hex_)
        return x + self.offset_x, y + self.offset_y

    def field_centre(self, name: str) -> tuple[float, float]:
        """The pixel centre of a land field."""
        return self.centre(self.island.hex(name))
