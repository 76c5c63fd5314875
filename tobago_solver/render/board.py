"""Several maps of one island side by side, one panel per map (the four treasure maps).

>>> from tobago_solver import islands
>>> svg = render_board_svg(islands.default(), {"grey": ["h3"], "brown": []}, columns=1)
>>> svg.count('class="tobago-island"'), 'class="tobago-board"' in svg
(2, True)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from tobago_solver.errors import TobagoError
from tobago_solver.island import Island
from tobago_solver.render.picture import island_element
from tobago_solver.render.svg import num, page, serialise


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
        island_element(
            island,
            highlight=fields,
            cars=cars,
            amulets=amulet_fields,
            title=name,
            hex_size=hex_size,
            highlight_label="candidate",
        )
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
    root = page(
        "tobago-board",
        island.name,
        title,
        columns * width,
        title_height + rows * height,
        title_height,
        1.1 * hex_size,
    )
    for index, panel in enumerate(panels):
        row, column = divmod(index, columns)
        panel.set("x", num(column * width))
        panel.set("y", num(title_height + row * height))
        root.append(panel)
    return serialise(root)
