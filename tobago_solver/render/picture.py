"""One island as a picture: the layers in order, from the arguments of :func:`render_svg`.

>>> from tobago_solver import islands
>>> svg = render_svg(islands.default(), highlight=["h3"], title="Where?")
>>> svg.count('class="field highlight"'), svg.count('class="field dimmed"')
(1, 101)
"""

from __future__ import annotations

import math
import xml.etree.ElementTree as ET
from collections.abc import Iterable, Mapping, Sequence

from tobago_solver.errors import TobagoError
from tobago_solver.island import Island
from tobago_solver.render.colours import checked_colour
from tobago_solver.render.island_layer import (
    draw_caption,
    draw_fields,
    draw_labels,
    draw_landmarks,
    draw_sea,
)
from tobago_solver.render.layout import Layout
from tobago_solver.render.legend import draw_legend, legend_entries
from tobago_solver.render.overlays import (
    Marker,
    cars_by_field,
    draw_amulets,
    draw_cars,
    draw_highlights,
    draw_markers,
    draw_notes,
)
from tobago_solver.render.svg import page, serialise


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
    caption: Sequence[str] = (),
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
    ``notes`` maps fields to a short text written low in the field and added to its tooltip;
    ``caption`` lines are written under the title (a puzzle's clues, say).

    >>> from tobago_solver import islands
    >>> island = islands.default()
    >>> svg = render_svg(island, fills={island.fields[0]: "#ff0000"}, legend=[("hot", "#ff0000")])
    >>> svg.count('fill="#ff0000"'), ">hot</text>" in svg
    (2, True)
    """
    root = island_element(
        island,
        highlight=highlight,
        cars=cars,
        amulets=amulets,
        title=title,
        labels=labels,
        hex_size=hex_size,
        highlight_label=highlight_label,
        fills=fills,
        legend=legend,
        notes=notes,
        caption=caption,
    )
    return serialise(root)


def island_element(
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
    caption: Sequence[str] = (),
    markers: Mapping[str, Sequence[Marker]] | None = None,
    car_legend: bool = True,
) -> ET.Element:
    """The ``<svg>`` element of one island picture (a panel of a board, or a whole picture).

    Beyond :func:`render_svg`'s arguments: ``markers`` are the treasure maps' marks on fields,
    and ``car_legend=False`` leaves the cars out of the legend (a picture that names the players
    elsewhere)."""
    if not (math.isfinite(hex_size) and hex_size > 0):
        raise TobagoError(f"hex_size must be a positive number, got {hex_size!r}")
    highlighted = _land_fields(island, highlight)
    amulet_fields = _land_fields(island, amulets)
    cars_here = cars_by_field(island, cars or {})
    colours = {
        island.require_field(name): checked_colour(colour) for name, colour in (fills or {}).items()
    }
    entries = None if legend is None else [(str(label), checked_colour(c)) for label, c in legend]
    texts = {island.require_field(name): str(text) for name, text in (notes or {}).items()}
    marks = {island.require_field(name): tuple(here) for name, here in (markers or {}).items()}
    legend_items = legend_entries(
        island,
        highlighted,
        cars_here if car_legend else {},
        amulet_fields,
        highlight_label,
        entries,
        markers=[marker for here in marks.values() for marker in here],
    )
    layout = Layout(
        island,
        hex_size,
        colours,
        texts,
        title=title,
        legend_labels=[item.label for item in legend_items],
        cars={name: len(here) for name, here in cars_here.items()},
        amulets=set(amulet_fields),
        markers={name: [marker.radius for marker in here] for name, here in marks.items()},
        caption=[str(line) for line in caption],
    )
    root = page(
        "tobago-island",
        island.name,
        title,
        layout.width,
        layout.height,
        layout.title_height,
        layout.title_size,
    )
    draw_caption(root, layout)
    shown = set(highlighted)
    draw_sea(root, layout)
    draw_fields(root, layout, shown, cars_here, set(amulet_fields))
    draw_highlights(root, layout, highlighted)
    draw_landmarks(root, layout)
    draw_amulets(root, layout, amulet_fields)
    if labels:
        draw_labels(root, layout, shown)
    draw_notes(root, layout, shown)
    draw_markers(root, layout, marks)
    draw_cars(root, layout, cars_here)
    draw_legend(root, layout, legend_items)
    return root


def _land_fields(island: Island, names: Iterable[str]) -> tuple[str, ...]:
    """Normalised, de-duplicated land fields in reading order."""
    # A bare string is an iterable of characters; treating it as one field name is the only
    # reading that makes sense, and it spares callers a confusing 'c' is not a field error.
    items = [names] if isinstance(names, str) else names
    requested = {island.require_field(name) for name in items}
    return tuple(name for name in island.fields if name in requested)
