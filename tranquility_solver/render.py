"""SVG pictures of a grid, built with :mod:`xml.etree` only.

>>> from tranquility_solver import Grid
>>> svg = render_svg(Grid.empty().place("a1", 7), highlight=["b1"])
>>> svg.startswith("<svg") and ">7<" in svg
True
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections.abc import Iterable

from .grid import CELL_NAMES, COLUMNS, ROWS, Grid, cell_index

__all__ = ["render_svg"]

_CELL = 56
_MARGIN = 30
_SPOT = 44
_SVG_NS = "http://www.w3.org/2000/svg"


def _text(parent: ET.Element, x: float, y: float, content: str, **style: str) -> None:
    element = ET.SubElement(
        parent,
        "text",
        {"x": f"{x:g}", "y": f"{y:g}", "text-anchor": "middle", "dominant-baseline": "central"},
    )
    for key, value in style.items():
        element.set(key.replace("_", "-"), value)
    element.text = content


_NOT_XML_CHARACTER = re.compile("[^\t\n\r\x20-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")


def render_svg(
    grid: Grid, highlight: str | Iterable[str | int] = (), title: str | None = None
) -> str:
    """An SVG picture: the 6 × 6 cells with their numbers, cell names on the border, the start
    spot beside ``a1`` (left of it) and the finish spot beside ``f6`` (right of it); cells in
    ``highlight`` are shaded (one cell name alone counts as that cell).

    >>> "finish" in render_svg(Grid.empty())
    True
    >>> render_svg(Grid.empty(), highlight="b1") == render_svg(Grid.empty(), highlight=["b1"])
    True

    A title may hold any text: characters XML cannot hold are drawn as U+FFFD.
    """
    if not isinstance(grid, Grid):
        raise TypeError(f"render_svg needs a Grid, got {type(grid).__name__} {grid!r}")
    if title is not None and not isinstance(title, str):
        raise TypeError(f"title must be text or None, got {type(title).__name__} {title!r}")
    # A str is an iterable of its letters; "b1" means the cell, not cells "b" and "1".
    cells = (highlight,) if isinstance(highlight, str) else highlight
    if not isinstance(cells, Iterable):
        raise TypeError(
            f"highlight must be a cell name or an iterable of cells (names or indices 0-35), "
            f"got {type(highlight).__name__} {highlight!r}"
        )
    marked = {cell_index(cell) for cell in cells}
    board_left = _MARGIN + _SPOT + 12
    width = board_left + COLUMNS * _CELL + 12 + _SPOT + _MARGIN
    height = _MARGIN + ROWS * _CELL + _MARGIN
    svg = ET.Element(
        "svg",
        {
            "xmlns": _SVG_NS,
            "width": str(width),
            "height": str(height),
            "viewBox": f"0 0 {width} {height}",
            "font-family": "sans-serif",
        },
    )
    if title is not None:
        ET.SubElement(svg, "title").text = _NOT_XML_CHARACTER.sub("\ufffd", title)
    ET.SubElement(svg, "rect", {"width": str(width), "height": str(height), "fill": "#f4f1e8"})
    for index, name in enumerate(CELL_NAMES):
        row, column = divmod(index, COLUMNS)
        x = board_left + column * _CELL
        y = _MARGIN + (ROWS - 1 - row) * _CELL
        card = grid.cells[index]
        fill = "#ffd966" if index in marked else ("#ffffff" if card is not None else "#dfe9f3")
        group = ET.SubElement(svg, "g", {"id": f"cell-{name}"})
        ET.SubElement(
            group,
            "rect",
            {
                "x": str(x + 2),
                "y": str(y + 2),
                "width": str(_CELL - 4),
                "height": str(_CELL - 4),
                "rx": "6",
                "fill": fill,
                "stroke": "#5b6770",
                "stroke-width": "1.5",
            },
        )
        if card is not None:
            _text(group, x + _CELL / 2, y + _CELL / 2, str(card), font_size="20", fill="#1d2a33")
        else:
            _text(group, x + _CELL / 2, y + _CELL / 2, name, font_size="11", fill="#8a9aa6")
    spots = (
        ("start", _MARGIN, _MARGIN + (ROWS - 1) * _CELL),  # beside a1
        ("finish", board_left + COLUMNS * _CELL + 12, _MARGIN),  # beside f6
    )
    for label, x, y in spots:
        ET.SubElement(
            svg,
            "rect",
            {
                "id": f"{label}-spot",
                "x": str(x),
                "y": str(y + (_CELL - _SPOT) // 2),
                "width": str(_SPOT),
                "height": str(_SPOT),
                "rx": str(_SPOT // 2),
                "fill": "none",
                "stroke": "#2e7d32" if label == "start" else "#c62828",
                "stroke-width": "2",
                "stroke-dasharray": "4 3",
            },
        )
        _text(svg, x + _SPOT / 2, y + _CELL / 2, label, font_size="10", fill="#37474f")
    return ET.tostring(svg, encoding="unicode")
