"""SVG pictures of a grid, built with :mod:`xml.etree` only.

>>> from tranquility_solver import Grid
>>> svg = render_svg(Grid.empty().place("a1", 7), highlight=["b1"])
>>> svg.startswith("<svg") and ">7<" in svg
True
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections.abc import Iterable, Mapping

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
        element.set(key.rstrip("_").replace("_", "-"), value)
    element.text = content


_NOT_XML_CHARACTER = re.compile("[^\t\n\r\x20-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")


_CARD_FILL = "#ffffff"
_EMPTY_FILL = "#dfe9f3"
_HIGHLIGHT_FILL = "#ffd966"
_INK = "#1d2a33"
_FAINT_INK = "#8a9aa6"
_TITLE_HEIGHT = 34
_LEGEND_HEIGHT = 30


def render_svg(
    grid: Grid,
    highlight: str | Iterable[str | int] = (),
    title: str | None = None,
    *,
    highlight_label: str = "highlighted",
    notes: Mapping[str, str] | None = None,
) -> str:
    """An SVG picture: the 6 × 6 cells with their numbers, cell names on the empty cells, the
    start spot beside ``a1`` (left of it) and the finish spot beside ``f6`` (right of it), a title
    above and a legend below. Cells in ``highlight`` are shaded (one cell name alone counts as that
    cell) and ``highlight_label`` names them in the legend; ``notes`` writes a short text on a cell
    (``{"d3": "12 40"}``: the cards that are safe there, say). One colour per meaning: a card, an
    empty cell, a highlighted cell.

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
    cell_notes = {cell_index(cell): text for cell, text in (notes or {}).items()}
    board_left = _MARGIN + _SPOT + 12
    board_top = _TITLE_HEIGHT if title else _MARGIN
    width = board_left + COLUMNS * _CELL + 12 + _SPOT + _MARGIN
    legend_top = board_top + ROWS * _CELL + 12
    height = legend_top + _LEGEND_HEIGHT
    svg = ET.Element(
        "svg",
        {
            "xmlns": _SVG_NS,
            "width": str(width),
            "height": str(height),
            "viewBox": f"0 0 {width} {height}",
            "font-family": "DejaVu Sans, Helvetica, Arial, sans-serif",
        },
    )
    if title is not None:
        ET.SubElement(svg, "title").text = title
    ET.SubElement(svg, "rect", {"width": str(width), "height": str(height), "fill": "#f4f1e8"})
    if title:
        _text(
            svg, width / 2, _TITLE_HEIGHT / 2, title, font_size="16", font_weight="bold", fill=_INK
        )
    for index, name in enumerate(CELL_NAMES):
        row, column = divmod(index, COLUMNS)
        x = board_left + column * _CELL
        y = board_top + (ROWS - 1 - row) * _CELL
        card = grid.cells[index]
        fill = (
            _HIGHLIGHT_FILL
            if index in marked
            else (_CARD_FILL if card is not None else _EMPTY_FILL)
        )
        group = ET.SubElement(svg, "g", {"id": f"cell-{name}"})
        _cell_rect(group, x, y, fill)
        if card is not None:
            _text(group, x + _CELL / 2, y + _CELL / 2, str(card), font_size="20", fill=_INK)
        elif index in cell_notes:
            _text(group, x + _CELL / 2, y + 14, name, font_size="10", fill=_FAINT_INK)
            _text(
                group,
                x + _CELL / 2,
                y + _CELL / 2 + 6,
                cell_notes[index],
                font_size=_note_size(cell_notes[index]),
                font_weight="bold",
                fill=_INK,
                class_="note",
            )
        else:
            _text(group, x + _CELL / 2, y + _CELL / 2, name, font_size="11", fill=_FAINT_INK)
    spots = (
        ("start", _MARGIN, board_top + (ROWS - 1) * _CELL),  # beside a1
        ("finish", board_left + COLUMNS * _CELL + 12, board_top),  # beside f6
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
    legend = [("card", _CARD_FILL), ("empty cell", _EMPTY_FILL)]
    if marked:
        legend.append((highlight_label, _HIGHLIGHT_FILL))
    x = board_left
    for label, fill in legend:
        entry = ET.SubElement(svg, "g", {"class": "legend-entry"})
        _cell_rect(entry, x, legend_top, fill, size=18)
        text = ET.SubElement(
            entry,
            "text",
            {"x": str(x + 24), "y": str(legend_top + 13), "font-size": "12", "fill": _INK},
        )
        text.text = label
        x += 24 + 8 * len(label) + 18
    return _NOT_XML_CHARACTER.sub("\ufffd", ET.tostring(svg, encoding="unicode"))


def _note_size(note: str) -> str:
    """A font size that fits the note in a cell (about 50 pixels wide)."""
    return "12" if len(note) <= 5 else "9" if len(note) <= 11 else "7"


def _cell_rect(parent: ET.Element, x: float, y: float, fill: str, size: int = _CELL) -> None:
    inset = 2 if size == _CELL else 0
    ET.SubElement(
        parent,
        "rect",
        {
            "x": f"{x + inset:g}",
            "y": f"{y + inset:g}",
            "width": str(size - 2 * inset),
            "height": str(size - 2 * inset),
            "rx": "6" if size == _CELL else "3",
            "fill": fill,
            "stroke": "#5b6770",
            "stroke-width": "1.5",
        },
    )
