"""The picture of a grid (:func:`render_svg`): the cells, the start and finish spots, the title
and the legend."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Iterable, Mapping

from ..grid import CELL_NAMES, Grid, cell_index
from .layout import (
    CARD_FILL,
    CELL,
    EMPTY_FILL,
    FAINT_INK,
    HIGHLIGHT_FILL,
    INK,
    PAGE_FILL,
    SPOT,
    TITLE_HEIGHT,
    Layout,
)
from .svg import SVG_NAMESPACE, square, text, to_text

__all__ = ["render_svg"]


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
    cell_notes = {cell_index(cell): note for cell, note in (notes or {}).items()}
    layout = Layout(titled=bool(title))
    width, height = layout.width, layout.height
    svg = ET.Element(
        "svg",
        {
            "xmlns": SVG_NAMESPACE,
            "width": str(width),
            "height": str(height),
            "viewBox": f"0 0 {width} {height}",
            "font-family": "DejaVu Sans, Helvetica, Arial, sans-serif",
        },
    )
    if title is not None:
        ET.SubElement(svg, "title").text = title
    ET.SubElement(svg, "rect", {"width": str(width), "height": str(height), "fill": PAGE_FILL})
    if title:
        text(svg, width / 2, TITLE_HEIGHT / 2, title, font_size="16", font_weight="bold", fill=INK)
    for index, name in enumerate(CELL_NAMES):
        _draw_cell(svg, layout, index, name, grid.cells[index], index in marked, cell_notes)
    _draw_spots(svg, layout)
    legend = [("card", CARD_FILL), ("empty cell", EMPTY_FILL)]
    if marked:
        legend.append((highlight_label, HIGHLIGHT_FILL))
    _draw_legend(svg, layout, legend)
    return to_text(svg)


def _draw_cell(
    svg: ET.Element,
    layout: Layout,
    index: int,
    name: str,
    card: int | None,
    marked: bool,
    notes: Mapping[int, str],
) -> None:
    """A cell: its card, or its name and any note on it."""
    x, y = layout.cell_origin(index)
    fill = HIGHLIGHT_FILL if marked else (CARD_FILL if card is not None else EMPTY_FILL)
    group = ET.SubElement(svg, "g", {"id": f"cell-{name}"})
    square(group, x, y, fill)
    if card is not None:
        text(group, x + CELL / 2, y + CELL / 2, str(card), font_size="20", fill=INK)
    elif index in notes:
        text(group, x + CELL / 2, y + 14, name, font_size="10", fill=FAINT_INK)
        text(
            group,
            x + CELL / 2,
            y + CELL / 2 + 6,
            notes[index],
            font_size=_note_size(notes[index]),
            font_weight="bold",
            fill=INK,
            class_="note",
        )
    else:
        text(group, x + CELL / 2, y + CELL / 2, name, font_size="11", fill=FAINT_INK)


def _note_size(note: str) -> str:
    """A font size that fits the note in a cell (about 50 pixels wide)."""
    return "12" if len(note) <= 5 else "9" if len(note) <= 11 else "7"


def _draw_spots(svg: ET.Element, layout: Layout) -> None:
    """The start and finish spots: dashed circles beside the grid, green and red."""
    for label, x, y in layout.spots():
        ET.SubElement(
            svg,
            "rect",
            {
                "id": f"{label}-spot",
                "x": str(x),
                "y": str(y + (CELL - SPOT) // 2),
                "width": str(SPOT),
                "height": str(SPOT),
                "rx": str(SPOT // 2),
                "fill": "none",
                "stroke": "#2e7d32" if label == "start" else "#c62828",
                "stroke-width": "2",
                "stroke-dasharray": "4 3",
            },
        )
        text(svg, x + SPOT / 2, y + CELL / 2, label, font_size="10", fill="#37474f")


def _draw_legend(svg: ET.Element, layout: Layout, entries: list[tuple[str, str]]) -> None:
    """One swatch and its meaning per colour, in a row below the grid."""
    x = layout.board_left
    for label, fill in entries:
        entry = ET.SubElement(svg, "g", {"class": "legend-entry"})
        square(entry, x, layout.legend_top, fill, size=18)
        caption = ET.SubElement(
            entry,
            "text",
            {"x": str(x + 24), "y": str(layout.legend_top + 13), "font-size": "12", "fill": INK},
        )
        caption.text = label
        x += 24 + 8 * len(label) + 18
