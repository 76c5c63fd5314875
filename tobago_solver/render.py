"""Draw an island as a standalone SVG picture (stdlib only).

>>> from tobago_solver.island import Island
>>> island = Island.from_text('''
... name: duo
... terrain:
... B L M
... hut: a1
... ''', strict=False)
>>> svg = render_svg(island, highlight=["b1"], cars={"red": "c1"}, title="Where is it?")
>>> svg.startswith('<svg xmlns="http://www.w3.org/2000/svg"')
True
>>> "<title>b1 lake; highlighted</title>" in svg and "<title>car red on c1</title>" in svg
True
>>> write_svg("/tmp/duo.svg", svg)  # doctest: +SKIP

Every land field is a pointy-top hexagon filled with its terrain colour and carries
``data-field`` and ``data-terrain`` attributes plus a ``<title>`` tooltip such as ``"c3 lake"``.
Landmarks, statue facings, highlighted fields, cars and amulets are drawn on top; a terrain legend
sits below the map. The same arguments always give the identical string.
"""

from __future__ import annotations

import math
import re
import xml.etree.ElementTree as ET
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from tobago_solver import hexgrid
from tobago_solver.errors import TobagoError
from tobago_solver.hexgrid import Hex
from tobago_solver.island import Island, Landmark, LandmarkKind, Terrain

__all__ = ["TERRAIN_COLOURS", "render_board_svg", "render_svg", "write_svg"]

SVG_NAMESPACE = "http://www.w3.org/2000/svg"

TERRAIN_COLOURS: dict[Terrain, str] = {
    Terrain.BEACH: "#f1dca0",
    Terrain.JUNGLE: "#2e6b3c",
    Terrain.RIVER: "#1e7385",
    Terrain.SCRUBLAND: "#b3ad68",
    Terrain.LAKE: "#8cc8ee",
    Terrain.MOUNTAIN: "#a3927f",
}
"""Fill colour of each terrain; also used by the legend. Each gives its field names a contrast of
at least 5:1 with dark or light ink (``_ink_on``)."""

_SEA_COLOUR = "#e6f2fa"
_SEA_HEX_STROKE = "#c6dff0"
_PAGE_COLOUR = "#ffffff"
_OUTLINE_COLOUR = "#4d4a45"
_HIGHLIGHT_COLOUR = "#e0007a"
_INK_DARK = "#1f1f1f"
_INK_LIGHT = "#ffffff"

# Cars named after a colour are drawn in it; other labels (player names) take the palette in turn.
_NAMED_CAR_COLOURS: dict[str, str] = {
    "red": "#d62828",
    "blue": "#1f5fd6",
    "green": "#2a9d3f",
    "yellow": "#f4c20d",
    "orange": "#f77f00",
    "purple": "#7b2cbf",
    "pink": "#e75ea8",
    "black": "#222222",
    "white": "#f8f8f8",
    "brown": "#7f4f24",
    "grey": "#808080",
    "gray": "#808080",
}
_CAR_PALETTE = ("#d62828", "#1f5fd6", "#2a9d3f", "#f4c20d", "#7b2cbf", "#f77f00", "#e75ea8")
_CARS_PER_ROW = 3
_DIMMED_OPACITY = 0.3
"""Fill opacity of the fields that are not highlighted, when some are."""
_GLYPH_SCALE = 1.12
"""Landmark glyphs are drawn in hex-size units and enlarged by this factor."""

_SQRT3 = math.sqrt(3.0)
_AVERAGE_GLYPH_WIDTH = 0.6
"""Rough width of a sans-serif character in font sizes; only used to reserve room for text."""


def render_svg(
    island: Island,
    *,
    highlight: Iterable[str] = (),
    cars: Mapping[str, str] | None = None,
    amulets: Iterable[str] = (),
    title: str | None = None,
    labels: bool = True,
    hex_size: float = 24.0,
    highlight_label: str = "highlighted",
    fills: Mapping[str, str] | None = None,
    legend: Sequence[tuple[str, str]] | None = None,
    notes: Mapping[str, str] | None = None,
) -> str:
    """The island as an SVG document string.

    ``highlight`` marks fields (e.g. treasure candidates) with an outline and dims every other
    field; ``highlight_label`` names them in the legend (``"candidate"``, ``"reachable"``);
    ``cars`` maps a car label (a colour such as ``'red'`` or a player name) to its field;
    ``amulets`` lists fields holding an amulet; ``title`` is written above the map; ``labels``
    writes field names; ``hex_size`` is the hexagon's corner radius in pixels. The legend shows the
    terrains, the landmark kinds on the island, and the highlight, cars and amulets when there
    are any. Field names are case-insensitive, and a name that is not a land field raises
    :class:`~tobago_solver.errors.UnknownFieldError`.

    ``fills`` maps fields to ``#rrggbb`` colours drawn instead of their terrain's (a heat map);
    ``legend`` lists ``(label, colour)`` entries shown instead of the terrains in the legend;
    ``notes`` maps fields to a short text written low in the field and added to its tooltip.

    >>> from tobago_solver import islands
    >>> island = islands.default()
    >>> svg = render_svg(island, fills={island.fields[0]: "#ff0000"}, legend=[("hot", "#ff0000")])
    >>> svg.count('fill="#ff0000"'), ">hot</text>" in svg
    (2, True)
    """
    root = _island_element(
        island,
        highlight,
        cars,
        amulets,
        title,
        labels,
        hex_size,
        highlight_label,
        fills,
        legend,
        notes,
    )
    return _serialise(root)


def render_board_svg(
    island: Island,
    maps: Mapping[str, Iterable[str]],
    *,
    cars: Mapping[str, str] | None = None,
    amulets: Iterable[str] = (),
    title: str | None = None,
    columns: int = 2,
    hex_size: float = 16.0,
) -> str:
    """Several maps of one island side by side: each panel highlights one map's fields.

    ``maps`` is ``{panel title: fields}``, e.g. ``{"grey (7)": candidates, …}``; cars, amulets
    and landmarks are drawn on every panel.

    >>> from tobago_solver import islands
    >>> svg = render_board_svg(islands.default(), {"grey": ["h3"], "brown": []}, title="Board")
    >>> svg.count('class="tobago-island"'), "Board" in svg
    (2, True)
    """
    amulet_fields = tuple(amulets)
    panels = [
        _island_element(island, fields, cars, amulet_fields, name, True, hex_size, "candidate")
        for name, fields in maps.items()
    ]
    if not panels:
        raise TobagoError("a board needs at least one map")
    if columns < 1:
        raise TobagoError(f"columns must be at least 1, got {columns}")
    width = max(float(panel.get("width", "0")) for panel in panels)
    height = max(float(panel.get("height", "0")) for panel in panels)
    title_height = 2.2 * hex_size if title else 0.0
    rows = -(-len(panels) // columns)
    total_width, total_height = _num(columns * width), _num(title_height + rows * height)
    root = ET.Element(
        "svg",
        {
            "xmlns": SVG_NAMESPACE,
            "viewBox": f"0 0 {total_width} {total_height}",
            "width": total_width,
            "height": total_height,
            "font-family": "DejaVu Sans, Helvetica, Arial, sans-serif",
            "class": "tobago-board",
            "data-island": island.name,
        },
    )
    _tooltip(root, title or island.name)
    _sub(root, "rect", class_="page", width=total_width, height=total_height, fill=_PAGE_COLOUR)
    if title:
        _text(
            root,
            columns * width / 2,
            title_height / 2,
            title,
            1.1 * hex_size,
            class_="title",
            font_weight="bold",
            fill=_INK_DARK,
        )
    for index, panel in enumerate(panels):
        row, column = divmod(index, columns)
        panel.set("x", _num(column * width))
        panel.set("y", _num(title_height + row * height))
        root.append(panel)
    return _serialise(root)


def _island_element(
    island: Island,
    highlight: Iterable[str],
    cars: Mapping[str, str] | None,
    amulets: Iterable[str],
    title: str | None,
    labels: bool,
    hex_size: float,
    highlight_label: str,
    fills: Mapping[str, str] | None = None,
    legend: Sequence[tuple[str, str]] | None = None,
    notes: Mapping[str, str] | None = None,
) -> ET.Element:
    if not (math.isfinite(hex_size) and hex_size > 0):
        raise TobagoError(f"hex_size must be a positive number, got {hex_size!r}")
    highlighted = _land_fields(island, highlight)
    amulet_fields = _land_fields(island, amulets)
    cars_by_field = _cars_by_field(island, cars or {})
    colours = {
        island.require_field(name): _colour(colour) for name, colour in (fills or {}).items()
    }
    entries = None if legend is None else [(str(label), _colour(c)) for label, c in legend]
    texts = {island.require_field(name): str(text) for name, text in (notes or {}).items()}
    drawing = _Drawing(island, hex_size, colours, texts)
    legend_entries = drawing.legend_entries(
        highlighted, cars_by_field, amulet_fields, highlight_label, entries
    )
    return drawing.render(highlighted, cars_by_field, amulet_fields, title, labels, legend_entries)


_COLOUR = re.compile("#[0-9a-fA-F]{6}")


def _colour(text: str) -> str:
    """A ``#rrggbb`` colour (the only form the label contrast can be computed from)."""
    if not isinstance(text, str) or not _COLOUR.fullmatch(text):
        raise TobagoError(f"colour {text!r} is not of the form #rrggbb")
    return text.lower()


def _serialise(root: ET.Element) -> str:
    ET.indent(root, space="  ")
    return _xml_characters_only(ET.tostring(root, encoding="unicode")) + "\n"


def write_svg(path: str | Path, svg_text: str) -> Path:
    """Write an SVG string to ``path`` as UTF-8 (island names may hold any character)."""
    target = Path(path)
    target.write_text(svg_text, encoding="utf-8")
    return target


# -- input normalisation -----------------------------------------------------------------------


def _land_fields(island: Island, names: Iterable[str]) -> tuple[str, ...]:
    """Normalised, de-duplicated land fields in reading order."""
    # A bare string is an iterable of characters; treating it as one field name is the only
    # reading that makes sense, and it spares callers a confusing 'c' is not a field error.
    items = [names] if isinstance(names, str) else names
    requested = {island.require_field(name) for name in items}
    return tuple(name for name in island.fields if name in requested)


def _cars_by_field(island: Island, cars: Mapping[str, str]) -> dict[str, list[tuple[str, str]]]:
    """``{field: [(label, colour), ...]}`` with labels sorted, so that equal mappings built in
    different orders draw the same picture."""
    colours = _car_colours(sorted(cars))
    grouped: dict[str, list[tuple[str, str]]] = {}
    for label in sorted(cars):
        grouped.setdefault(island.require_field(cars[label]), []).append((label, colours[label]))
    return grouped


def _car_colours(labels: list[str]) -> dict[str, str]:
    named = {label: _NAMED_CAR_COLOURS.get(label.strip().lower()) for label in labels}
    taken = {colour for colour in named.values() if colour is not None}
    free = [colour for colour in _CAR_PALETTE if colour not in taken] or list(_CAR_PALETTE)
    result: dict[str, str] = {}
    unnamed = 0
    for label in labels:
        colour = named[label]
        if colour is None:
            colour = free[unnamed % len(free)]
            unnamed += 1
        result[label] = colour
    return result


# -- drawing helpers ---------------------------------------------------------------------------


_NOT_XML_CHARACTER = re.compile("[^\t\n\r\x20-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")


def _xml_characters_only(svg: str) -> str:
    """``svg`` with every character XML 1.0 cannot hold (control characters in a title or a car
    label, say) replaced by U+FFFD, so that every picture parses.

    ElementTree escapes markup but writes such characters as they are.

    >>> _xml_characters_only("<title>a\x1bb</title>")
    '<title>a\ufffdb</title>'
    """
    return _NOT_XML_CHARACTER.sub("\ufffd", svg)


def _num(value: float) -> str:
    """A short, platform-independent decimal, so the output is byte-for-byte reproducible."""
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def _points(points: Iterable[tuple[float, float]]) -> str:
    return " ".join(f"{_num(x)},{_num(y)}" for x, y in points)


def _hexagon(cx: float, cy: float, radius: float) -> list[tuple[float, float]]:
    """Corners of a pointy-top hexagon, starting at the top and going clockwise."""
    return [
        (
            cx + radius * math.cos(math.radians(-90 + 60 * k)),
            cy + radius * math.sin(math.radians(-90 + 60 * k)),
        )
        for k in range(6)
    ]


def _luminance(colour: str) -> float:
    """Relative luminance (WCAG), from sRGB ``#rrggbb``."""

    def linear(channel: float) -> float:
        return channel / 12.92 if channel <= 0.04045 else ((channel + 0.055) / 1.055) ** 2.4

    red, green, blue = (linear(int(colour[i : i + 2], 16) / 255) for i in (1, 3, 5))
    return 0.2126 * red + 0.7152 * green + 0.0722 * blue


def _contrast(a: str, b: str) -> float:
    """The WCAG contrast ratio of two colours (1 to 21)."""
    light, dark = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def _ink_on(colour: str) -> str:
    """The text colour, dark or light, with the higher contrast on a fill colour.

    >>> _ink_on(TERRAIN_COLOURS[Terrain.RIVER]), _ink_on(TERRAIN_COLOURS[Terrain.LAKE])
    ('#ffffff', '#1f1f1f')
    >>> all(_contrast(_ink_on(c), c) >= 5 for c in TERRAIN_COLOURS.values())
    True
    """
    return max((_INK_DARK, _INK_LIGHT), key=lambda ink: _contrast(ink, colour))


def _blend(colour: str, under: str, opacity: float) -> str:
    """``colour`` painted at ``opacity`` over ``under``.

    >>> _blend("#ffffff", "#000000", 0.5)
    '#808080'
    """
    channels = (
        round(opacity * int(colour[i : i + 2], 16) + (1 - opacity) * int(under[i : i + 2], 16))
        for i in (1, 3, 5)
    )
    return "#" + "".join(f"{channel:02x}" for channel in channels)


def _car_letter(label: str) -> str:
    """The mark on a car: a player's seat number ('P2' -> '2'), else the label's first letter."""
    label = label.strip()
    if len(label) > 1 and label[0] in "Pp" and label[1:].isdigit():
        return label[1:]
    return label[:1].upper() or "?"


def _sub(parent: ET.Element, tag: str, **attributes: str) -> ET.Element:
    # Keyword names cannot hold '-', so SVG attributes are written with '_' and translated here.
    return ET.SubElement(
        parent, tag, {key.rstrip("_").replace("_", "-"): value for key, value in attributes.items()}
    )


def _tooltip(parent: ET.Element, text: str) -> None:
    _sub(parent, "title").text = text


def _text(
    parent: ET.Element, x: float, y: float, content: str, size: float, **attributes: str
) -> ET.Element:
    """Text centred on ``(x, y)``; the baseline is placed by hand because renderers disagree on
    ``dominant-baseline``."""
    element = _sub(
        parent,
        "text",
        x=_num(x),
        y=_num(y + 0.35 * size),
        font_size=_num(size),
        text_anchor="middle",
        **attributes,
    )
    element.text = content
    return element


class _Drawing:
    """Geometry and layout of one picture; every length scales with the hex size."""

    def __init__(
        self,
        island: Island,
        hex_size: float,
        fills: Mapping[str, str] | None = None,
        notes: Mapping[str, str] | None = None,
    ) -> None:
        self.island = island
        self.notes = dict(notes or {})
        self.size = hex_size
        self.padding = 0.6 * hex_size
        self.fills = dict(fills or {})

    def fill(self, name: str) -> str:
        """The colour a field is drawn in: its own, or its terrain's."""
        return self.fills.get(name) or TERRAIN_COLOURS[self.island.terrain(name)]

    def shown_fill(self, name: str, highlighted: set[str]) -> str:
        """The colour a field shows, dimmed when others are highlighted (for the ink on it)."""
        if highlighted and name not in highlighted:
            return _blend(self.fill(name), _SEA_COLOUR, _DIMMED_OPACITY)
        return self.fill(name)

    # -- geometry -----------------------------------------------------------------------------

    def raw_centre(self, hex_: Hex) -> tuple[float, float]:
        column, row = hex_
        return (
            _SQRT3 * self.size * (column + 0.5 * (row % 2)),
            1.5 * self.size * row,
        )

    def centre(self, hex_: Hex) -> tuple[float, float]:
        """The pixel centre of a hex (land or sea) in the finished picture."""
        x, y = self.raw_centre(hex_)
        return x + self.offset_x, y + self.offset_y

    # -- layout -------------------------------------------------------------------------------

    def legend_entries(
        self,
        highlighted: tuple[str, ...],
        cars: dict[str, list[tuple[str, str]]],
        amulets: tuple[str, ...],
        highlight_label: str,
        colours: list[tuple[str, str]] | None = None,
    ) -> list[_LegendEntry]:
        """What the legend explains: the terrains (or the caller's colours), then only the marks
        this picture shows."""
        entries = (
            [_LegendEntry("colour", label, colour) for label, colour in colours]
            if colours is not None
            else [
                _LegendEntry("terrain", terrain.value, TERRAIN_COLOURS[terrain])
                for terrain in Terrain
            ]
        )
        entries += [
            _LegendEntry("landmark", kind.value, kind.value)
            for kind in LandmarkKind
            if self.island.landmarks_of(kind)
        ]
        if highlighted:
            entries.append(_LegendEntry("highlight", highlight_label, ""))
        if amulets:
            entries.append(_LegendEntry("amulet", "amulet", ""))
        for label, colour in sorted({car for here in cars.values() for car in here}):
            entries.append(_LegendEntry("car", f"car {label}", colour, label))
        return entries

    def layout(self, title: str | None, legend: list[_LegendEntry]) -> None:
        size = self.size
        hexes = [self.island.hex(name) for name in self.island.fields]
        if hexes:
            xs = [self.raw_centre(hex_)[0] for hex_ in hexes]
            ys = [self.raw_centre(hex_)[1] for hex_ in hexes]
            left, right = min(xs) - _SQRT3 * size / 2, max(xs) + _SQRT3 * size / 2
            top, bottom = min(ys) - size, max(ys) + size
        else:
            left, right, top, bottom = 0.0, 2 * _SQRT3 * size, 0.0, 2 * size
        map_width = right - left + 2 * self.padding
        map_height = bottom - top + 2 * self.padding

        self.title_size = 0.75 * size
        self.title_height = 1.7 * size if title else 0.0
        self.legend_size = 0.45 * size
        longest = max(len(entry.label) for entry in legend)
        self.legend_item_width = 1.3 * size + _AVERAGE_GLYPH_WIDTH * self.legend_size * longest
        title_width = (
            _AVERAGE_GLYPH_WIDTH * self.title_size * len(title) + 2 * self.padding if title else 0
        )
        # Wide enough for three legend entries a row, so tiny islands still get a usable legend.
        self.width = max(map_width, title_width, 3 * self.legend_item_width + 2 * self.padding)
        per_row = max(1, int((self.width - 2 * self.padding) // self.legend_item_width))
        self.legend_per_row = max(1, min(per_row, len(legend)))
        legend_rows = math.ceil(len(legend) / self.legend_per_row)
        self.legend_row_height = 1.0 * size
        self.map_top = self.title_height
        self.map_height = map_height
        self.legend_top = self.map_top + map_height + 0.4 * size
        self.height = self.legend_top + legend_rows * self.legend_row_height + 0.3 * size
        self.offset_x = (self.width - map_width) / 2 + self.padding - left
        self.offset_y = self.map_top + self.padding - top

    # -- rendering ----------------------------------------------------------------------------

    def render(
        self,
        highlighted: tuple[str, ...],
        cars: dict[str, list[tuple[str, str]]],
        amulets: tuple[str, ...],
        title: str | None,
        labels: bool,
        legend: list[_LegendEntry],
    ) -> ET.Element:
        self.layout(title, legend)
        width, height = _num(self.width), _num(self.height)
        root = ET.Element(
            "svg",
            {
                # Set as a plain attribute rather than via ET.register_namespace, which would
                # change how every other ElementTree user in the process serialises.
                "xmlns": SVG_NAMESPACE,
                "viewBox": f"0 0 {width} {height}",
                "width": width,
                "height": height,
                "font-family": "DejaVu Sans, Helvetica, Arial, sans-serif",
                "class": "tobago-island",
                "data-island": self.island.name,
            },
        )
        _tooltip(root, title or self.island.name)
        _sub(root, "rect", class_="page", width=width, height=height, fill=_PAGE_COLOUR)
        if title:
            _text(
                root,
                self.width / 2,
                self.title_height / 2,
                title,
                self.title_size,
                class_="title",
                font_weight="bold",
                fill=_INK_DARK,
            )
        self.draw_sea(root)
        self.draw_fields(root, set(highlighted), cars, set(amulets))
        self.draw_highlights(root, highlighted)
        self.draw_landmarks(root)
        self.draw_amulets(root, amulets)
        if labels:
            self.draw_labels(root, set(highlighted))
        self.draw_notes(root, set(highlighted))
        self.draw_cars(root, cars)
        self.draw_legend(root, legend)
        return root

    def draw_sea(self, root: ET.Element) -> None:
        top, width, height = _num(self.map_top), _num(self.width), _num(self.map_height)
        # A nested viewport clips the outer sea hexes at the map's edge without a clipPath, whose
        # id could clash with another picture's when several are inlined in one notebook page.
        group = _sub(
            root,
            "svg",
            class_="sea",
            x="0",
            y=top,
            width=width,
            height=height,
            viewBox=f"0 {top} {width} {height}",
        )
        _sub(group, "rect", x="0", y=top, width=width, height=height, fill=_SEA_COLOUR)
        # Faint sea hexes around the land show where the grid continues, which clues about the
        # sea ("next to sea") refer to.
        land = {self.island.hex(name) for name in self.island.fields}
        sea: set[Hex] = set()
        for hex_ in land:
            sea.update(n for n in hexgrid.neighbours(hex_) if n not in land)
        for hex_ in sorted(sea, key=lambda h: (h[1], h[0])):
            _sub(
                group,
                "polygon",
                points=_points(_hexagon(*self.centre(hex_), self.size)),
                fill="none",
                stroke=_SEA_HEX_STROKE,
                stroke_width=_num(0.04 * self.size),
            )

    def draw_fields(
        self,
        root: ET.Element,
        highlighted: set[str],
        cars: dict[str, list[tuple[str, str]]],
        amulets: set[str],
    ) -> None:
        group = _sub(root, "g", class_="fields")
        for name in self.island.fields:
            terrain = self.island.terrain(name)
            # With a highlight, every other field fades, so the highlighted ones stand out.
            dimmed = bool(highlighted) and name not in highlighted
            polygon = _sub(
                group,
                "polygon",
                class_="field highlight" if name in highlighted else "field",
                data_field=name,
                data_terrain=terrain.value,
                points=_points(_hexagon(*self.centre(self.island.hex(name)), self.size)),
                fill=self.fill(name),
                stroke=_OUTLINE_COLOUR,
                stroke_width=_num(0.035 * self.size),
                stroke_linejoin="round",
            )
            if dimmed:
                polygon.set("class", "field dimmed")
                polygon.set("fill-opacity", _num(_DIMMED_OPACITY))
            _tooltip(polygon, self.describe(name, name in highlighted, cars, name in amulets))

    def describe(
        self,
        name: str,
        highlighted: bool,
        cars: dict[str, list[tuple[str, str]]],
        amulet: bool,
    ) -> str:
        parts = [f"{name} {self.island.terrain(name).value}"]
        mark = self.island.landmark_at.get(name)
        if mark is not None:
            parts.append(_describe_landmark(mark))
        if amulet:
            parts.append("amulet")
        if name in cars:
            parts.append("car " + ", ".join(label for label, _ in cars[name]))
        if highlighted:
            parts.append("highlighted")
        if name in self.notes:
            parts.append(self.notes[name])
        return "; ".join(parts)

    def draw_highlights(self, root: ET.Element, highlighted: tuple[str, ...]) -> None:
        group = _sub(root, "g", class_="highlights")
        for name in highlighted:
            # Inset so that two adjacent highlighted fields each keep a visible outline.
            _sub(
                group,
                "polygon",
                class_="highlight-outline",
                data_field=name,
                points=_points(_hexagon(*self.centre(self.island.hex(name)), 0.84 * self.size)),
                fill="none",
                stroke=_HIGHLIGHT_COLOUR,
                stroke_width=_num(0.14 * self.size),
                stroke_linejoin="round",
            )

    def draw_landmarks(self, root: ET.Element) -> None:
        glyphs = _sub(root, "g", class_="landmarks")
        arrows = _sub(root, "g", class_="facings")
        for mark in self.island.landmarks:
            x, y = self.centre(self.island.hex(mark.field))
            glyph = _sub(
                glyphs,
                "g",
                class_=f"landmark {mark.kind.value}",
                data_field=mark.field,
                data_kind=mark.kind.value,
                transform=f"translate({_num(x)} {_num(y)}) scale({_num(_GLYPH_SCALE * self.size)})",
            )
            _tooltip(glyph, f"{mark.field} {_describe_landmark(mark)}")
            _badge(glyph)
            _GLYPHS[mark.kind](glyph)
            if mark.facing is not None:
                self.draw_facing(arrows, mark)

    def draw_facing(self, parent: ET.Element, mark: Landmark) -> None:
        assert mark.facing is not None
        origin = self.island.hex(mark.field)
        x, y = self.centre(origin)
        tx, ty = self.centre(hexgrid.step(origin, mark.facing))
        length = math.hypot(tx - x, ty - y)
        ux, uy = (tx - x) / length, (ty - y) / length
        size = self.size
        # The tip crosses the shared edge (at 0.87 of the hex size) so it visibly points into the
        # faced neighbour rather than merely at the border.
        start = (x + 0.36 * size * ux, y + 0.36 * size * uy)
        tip = (x + 0.98 * size * ux, y + 0.98 * size * uy)
        base = (tip[0] - 0.26 * size * ux, tip[1] - 0.26 * size * uy)
        half = 0.15 * size
        head = [
            tip,
            (base[0] - half * uy, base[1] + half * ux),
            (base[0] + half * uy, base[1] - half * ux),
        ]
        group = _sub(
            parent,
            "g",
            class_="facing",
            data_field=mark.field,
            data_facing=mark.facing.value,
        )
        _tooltip(group, f"statue on {mark.field} faces {mark.facing.value}")
        for colour, shaft_width, head_stroke in (
            (_INK_LIGHT, 0.17 * size, 0.09 * size),
            (_INK_DARK, 0.08 * size, 0.0),
        ):
            role = "arrow-halo" if colour == _INK_LIGHT else "arrow"
            _sub(
                group,
                "line",
                class_=role,
                x1=_num(start[0]),
                y1=_num(start[1]),
                x2=_num(base[0]),
                y2=_num(base[1]),
                stroke=colour,
                stroke_width=_num(shaft_width),
                stroke_linecap="round",
            )
            _sub(
                group,
                "polygon",
                class_=role + "-head",
                points=_points(head),
                fill=colour,
                stroke=colour,
                stroke_width=_num(head_stroke),
                stroke_linejoin="round",
            )

    def draw_amulets(self, root: ET.Element, amulets: tuple[str, ...]) -> None:
        group = _sub(root, "g", class_="amulets")
        for name in amulets:
            x, y = self.centre(self.island.hex(name))
            marker = self.draw_amulet(group, x + 0.56 * self.size, y)
            marker.set("class", "amulet")
            marker.set("data-field", name)
            _tooltip(marker, f"amulet on {name}")

    def draw_amulet(self, parent: ET.Element, x: float, y: float) -> ET.Element:
        """A golden diamond centred on ``(x, y)``."""
        size = self.size
        return _sub(
            parent,
            "polygon",
            points=_points(
                [
                    (x, y - 0.2 * size),
                    (x + 0.14 * size, y),
                    (x, y + 0.2 * size),
                    (x - 0.14 * size, y),
                ]
            ),
            fill="#f5c518",
            stroke="#5c4300",
            stroke_width=_num(0.04 * size),
            stroke_linejoin="round",
        )

    def draw_labels(self, root: ET.Element, highlighted: set[str]) -> None:
        group = _sub(root, "g", class_="labels")
        size = 0.36 * self.size
        for name in self.island.fields:
            x, y = self.centre(self.island.hex(name))
            ink = _ink_on(self.shown_fill(name, highlighted))
            # A halo in the opposite ink keeps the name readable where an arrow or a highlight
            # ring passes under it; labels are drawn after both.
            _text(
                group,
                x,
                y - 0.55 * self.size,
                name,
                size,
                class_="label",
                data_field=name,
                fill=ink,
                stroke=_INK_LIGHT if ink == _INK_DARK else _INK_DARK,
                stroke_width=_num(0.09 * self.size),
                stroke_opacity="0.75",
                stroke_linejoin="round",
                paint_order="stroke",
            )

    def draw_notes(self, root: ET.Element, highlighted: set[str]) -> None:
        if not self.notes:
            return
        group = _sub(root, "g", class_="notes")
        for name in self.island.fields:
            if name not in self.notes:
                continue
            x, y = self.centre(self.island.hex(name))
            # Low in the hexagon: the name is at the top and a landmark glyph in the middle.
            _text(
                group,
                x,
                y + 0.55 * self.size,
                self.notes[name],
                0.4 * self.size,
                class_="note",
                data_field=name,
                font_weight="bold",
                fill=_ink_on(self.shown_fill(name, highlighted)),
            )

    def draw_cars(self, root: ET.Element, cars: dict[str, list[tuple[str, str]]]) -> None:
        group = _sub(root, "g", class_="cars")
        size = self.size
        spacing = 0.6 * size
        for name in self.island.fields:
            here = cars.get(name, [])
            x, y = self.centre(self.island.hex(name))
            for index, (label, colour) in enumerate(here):
                row, column = divmod(index, _CARS_PER_ROW)
                in_row = min(_CARS_PER_ROW, len(here) - row * _CARS_PER_ROW)
                # Later rows stack upwards, so a crowded field keeps every car visible.
                cx = x + (column - (in_row - 1) / 2) * spacing
                cy = y + 0.5 * size - row * spacing
                car = _sub(group, "g", class_="car", data_car=label, data_field=name)
                _tooltip(car, f"car {label} on {name}")
                self.draw_car(car, cx, cy, label, colour)

    def draw_car(self, parent: ET.Element, x: float, y: float, label: str, colour: str) -> None:
        """A disc in the car's colour with its seat number or initial."""
        size = self.size
        _sub(
            parent,
            "circle",
            cx=_num(x),
            cy=_num(y),
            r=_num(0.29 * size),
            fill=colour,
            stroke=_INK_DARK,
            stroke_width=_num(0.04 * size),
        )
        _text(
            parent, x, y, _car_letter(label), 0.36 * size, font_weight="bold", fill=_ink_on(colour)
        )

    def draw_legend(self, root: ET.Element, legend: list[_LegendEntry]) -> None:
        group = _sub(root, "g", class_="legend")
        size = self.size
        used = self.legend_per_row * self.legend_item_width
        left = (self.width - used) / 2
        for index, item in enumerate(legend):
            row, column = divmod(index, self.legend_per_row)
            x = left + column * self.legend_item_width + 0.45 * size
            y = self.legend_top + (row + 0.5) * self.legend_row_height
            entry = _sub(group, "g", class_="legend-entry", data_kind=item.kind)
            if item.kind == "terrain":
                entry.set("data-terrain", item.label)
            elif item.kind == "colour":
                entry.set("data-label", item.label)
            self.draw_legend_symbol(entry, item, x, y)
            label = _sub(
                entry,
                "text",
                x=_num(x + 0.55 * size),
                y=_num(y + 0.35 * self.legend_size),
                font_size=_num(self.legend_size),
                fill=_INK_DARK,
            )
            label.text = item.label

    def draw_legend_symbol(self, entry: ET.Element, item: _LegendEntry, x: float, y: float) -> None:
        size = self.size
        if item.kind in ("terrain", "colour"):
            _sub(
                entry,
                "polygon",
                points=_points(_hexagon(x, y, 0.38 * size)),
                fill=item.key,
                stroke=_OUTLINE_COLOUR,
                stroke_width=_num(0.03 * size),
            )
        elif item.kind == "landmark":
            glyph = _sub(
                entry, "g", transform=f"translate({_num(x)} {_num(y)}) scale({_num(0.95 * size)})"
            )
            _badge(glyph)
            _GLYPHS[LandmarkKind(item.key)](glyph)
        elif item.kind == "highlight":
            _sub(
                entry,
                "polygon",
                points=_points(_hexagon(x, y, 0.34 * size)),
                fill="none",
                stroke=_HIGHLIGHT_COLOUR,
                stroke_width=_num(0.1 * size),
                stroke_linejoin="round",
            )
        elif item.kind == "amulet":
            self.draw_amulet(entry, x, y)
        else:
            self.draw_car(entry, x, y, item.car, item.key)


@dataclass(frozen=True)
class _LegendEntry:
    kind: str
    """``terrain``, ``colour`` (a caller's legend entry), ``landmark``, ``highlight``, ``amulet``
    or ``car``."""
    label: str
    key: str
    """The fill colour, the landmark kind or the car's colour."""
    car: str = ""


def _describe_landmark(mark: Landmark) -> str:
    if mark.facing is None:
        return mark.kind.value
    return f"{mark.kind.value} facing {mark.facing.value}"


# -- glyphs, drawn in hex-size units around the field centre -----------------------------------


def _badge(parent: ET.Element) -> None:
    # A pale disc keeps every glyph legible on both light (beach) and dark (jungle) terrain.
    _sub(
        parent,
        "circle",
        r="0.34",
        fill="#ffffff",
        fill_opacity="0.82",
        stroke="#333333",
        stroke_opacity="0.45",
        stroke_width="0.025",
    )


def _hut(parent: ET.Element) -> None:
    _sub(
        parent,
        "rect",
        x="-0.16",
        y="-0.02",
        width="0.32",
        height="0.22",
        fill="#d29a5a",
        stroke="#3b2412",
        stroke_width="0.03",
    )
    _sub(
        parent,
        "polygon",
        points="-0.25,0.02 0,-0.23 0.25,0.02",
        fill="#8b3a1e",
        stroke="#3b2412",
        stroke_width="0.03",
        stroke_linejoin="round",
    )
    _sub(parent, "rect", x="-0.045", y="0.08", width="0.09", height="0.12", fill="#3b2412")


def _leaf(tip_x: float, tip_y: float, bulge: float) -> str:
    """A filled leaf from the crown at (0, -0.1) to a tip, bulging to one side."""
    ox, oy = 0.0, -0.1
    mx, my = (ox + tip_x) / 2, (oy + tip_y) / 2
    length = math.hypot(tip_x - ox, tip_y - oy)
    nx, ny = -(tip_y - oy) / length, (tip_x - ox) / length
    upper = (mx + nx * bulge, my + ny * bulge)
    lower = (mx - nx * bulge * 0.2, my - ny * bulge * 0.2)
    return (
        f"M{_num(ox)},{_num(oy)} Q{_num(upper[0])},{_num(upper[1])} {_num(tip_x)},{_num(tip_y)} "
        f"Q{_num(lower[0])},{_num(lower[1])} {_num(ox)},{_num(oy)} Z"
    )


_PALM_LEAVES = (
    (-0.27, 0.0, -0.09),
    (-0.2, -0.24, -0.07),
    (0.03, -0.29, 0.06),
    (0.21, -0.22, 0.07),
    (0.27, 0.02, 0.09),
)


def _palm(parent: ET.Element) -> None:
    _sub(
        parent,
        "path",
        d="M0.05,0.24 Q0.07,0.05 0,-0.1",
        fill="none",
        stroke="#7a4a1c",
        stroke_width="0.06",
        stroke_linecap="round",
    )
    _sub(
        parent,
        "path",
        d=" ".join(_leaf(x, y, bulge) for x, y, bulge in _PALM_LEAVES),
        fill="#2f8f2f",
        stroke="#145214",
        stroke_width="0.02",
        stroke_linejoin="round",
    )
    for x in ("-0.03", "0.035"):
        _sub(parent, "circle", cx=x, cy="-0.06", r="0.035", fill="#6b3e12")


def _statue(parent: ET.Element) -> None:
    # A moai: tall head with a heavy brow and long nose on a low plinth.
    _sub(
        parent,
        "rect",
        x="-0.2",
        y="0.15",
        width="0.4",
        height="0.09",
        fill="#5a5550",
        stroke="#222222",
        stroke_width="0.025",
    )
    _sub(
        parent,
        "polygon",
        points="-0.13,-0.27 0.13,-0.27 0.14,-0.12 0.11,0.15 -0.11,0.15 -0.14,-0.12",
        fill="#7d7770",
        stroke="#222222",
        stroke_width="0.03",
        stroke_linejoin="round",
    )
    _sub(
        parent,
        "path",
        d="M-0.1,-0.13 H0.1 M0,-0.13 V0.02 M-0.06,0.08 H0.06",
        fill="none",
        stroke="#222222",
        stroke_width="0.035",
        stroke_linecap="round",
    )


_GLYPHS = {LandmarkKind.HUT: _hut, LandmarkKind.PALM: _palm, LandmarkKind.STATUE: _statue}
