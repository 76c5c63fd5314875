"""The picture of a grid (:func:`render_svg`): the cells, the start and finish spots, the title,
lines of text under it and the legend; :func:`draw_picture` draws it for the game's picture too.
"""

from __future__ import annotations

import math
import textwrap
import xml.etree.ElementTree as ET
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field

from ..grid import CELL_NAMES, Grid, cell_index
from .layout import (
    CAPTION_LINE,
    CARD_FILL,
    CELL,
    DEAD_FILL,
    EMPTY_FILL,
    FAINT_INK,
    FINISH_COLOUR,
    HIGHLIGHT_FILL,
    INK,
    LAST_PLAY_COLOUR,
    LEGEND_HEIGHT,
    MARGIN,
    PAGE_FILL,
    SPOT,
    START_COLOUR,
    TITLE_HEIGHT,
    Layout,
)
from .svg import SVG_NAMESPACE, square, text, to_text

__all__ = ["Picture", "draw_picture", "render_svg"]

_CHARACTER_WIDTH = 0.6
"""Rough width of a character in font sizes, to make room for text."""
TITLE_SIZE = 16


def render_svg(
    grid: Grid,
    highlight: str | Iterable[str | int] = (),
    title: str | None = None,
    *,
    highlight_label: str = "highlighted",
    notes: Mapping[str, str] | None = None,
    dead: Iterable[str | int] = (),
    caption: Sequence[str] = (),
) -> str:
    """An SVG picture: the 6 × 6 cells with their numbers, cell names on the empty cells, the
    start spot beside ``a1`` (left of it) and the finish spot beside ``f6`` (right of it), a title
    above and a legend below. Cells in ``highlight`` are shaded (one cell name alone counts as that
    cell) and ``highlight_label`` names them in the legend; ``notes`` writes a short text on a cell
    (``{"d3": "12 40"}``: the cards that are safe there, say); ``dead`` cells (no card left can
    fill them) get their own colour; ``caption`` lines are written under the title (a reason,
    say), wrapped when long. One colour per meaning: a card, an empty cell, a highlighted cell, a
    dead cell. A title too long for the picture is drawn smaller.

    >>> "finish" in render_svg(Grid.empty())
    True
    >>> render_svg(Grid.empty(), highlight="b1") == render_svg(Grid.empty(), highlight=["b1"])
    True
    >>> ">dead cell<" in render_svg(Grid.empty(), dead=["c3"], caption=["no safe placement"])
    True

    A title may hold any text: characters XML cannot hold are drawn as U+FFFD.
    """
    if not isinstance(grid, Grid):
        raise TypeError(f"render_svg needs a Grid, got {type(grid).__name__} {grid!r}")
    if title is not None and not isinstance(title, str):
        raise TypeError(f"title must be text or None, got {type(title).__name__} {title!r}")
    return draw_picture(
        Picture(
            grid,
            marked=_cells(highlight, "highlight"),
            title=title,
            highlight_label=highlight_label,
            notes={cell_index(cell): note for cell, note in (notes or {}).items()},
            dead=_cells(dead, "dead"),
            caption=tuple(
                (part, INK) for line in caption for part in textwrap.wrap(str(line), 60) or [""]
            ),
        )
    )


def _cells(cells: str | Iterable[str | int], what: str) -> frozenset[int]:
    # A str is an iterable of its letters; "b1" means the cell, not cells "b" and "1".
    chosen = (cells,) if isinstance(cells, str) else cells
    if not isinstance(chosen, Iterable):
        raise TypeError(
            f"{what} must be a cell name or an iterable of cells (names or indices 0-35), "
            f"got {type(cells).__name__} {cells!r}"
        )
    return frozenset(cell_index(cell) for cell in chosen)


@dataclass(frozen=True)
class Picture:
    """Everything a grid picture shows (``spots``: ``"spot"`` for the bare places, else whether
    each card was played: ``{"start": True, "finish": False}``)."""

    grid: Grid
    marked: frozenset[int] = frozenset()
    title: str | None = None
    highlight_label: str = "highlighted"
    notes: Mapping[int, str] = field(default_factory=dict)
    dead: frozenset[int] = frozenset()
    caption: tuple[tuple[str, str], ...] = ()
    """Lines under the title, each with its colour."""
    spots: Mapping[str, bool] | None = None
    last_play: int | None = None
    side: tuple[str, ...] = ()
    """Lines of a panel on the right (the players' hands and decks)."""
    side_chars: int = 0
    """The panel's width in characters at least, so that pictures of one game keep one size."""


def draw_picture(picture: Picture) -> str:
    """The picture as SVG text."""
    legend = _legend(picture)
    side_width = (
        int(_CHARACTER_WIDTH * 13 * max(picture.side_chars, *(len(line) for line in picture.side)))
        + MARGIN
        if picture.side
        else 0
    )
    probe = Layout(titled=bool(picture.title), side_width=side_width)
    rows = _legend_rows(legend, probe.width - 2 * MARGIN)
    layout = Layout(
        titled=bool(picture.title),
        caption_lines=len(picture.caption),
        side_width=side_width,
        legend_rows=len(rows),
    )
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
    if picture.title is not None:
        ET.SubElement(svg, "title").text = picture.title
    ET.SubElement(svg, "rect", {"width": str(width), "height": str(height), "fill": PAGE_FILL})
    if picture.title:
        size = _fitted_size(picture.title, width - 2 * MARGIN, TITLE_SIZE)
        text(
            svg,
            width / 2,
            TITLE_HEIGHT / 2,
            picture.title,
            font_size=f"{size:g}",
            font_weight="bold",
            fill=INK,
            class_="title",
        )
    for index, (line, colour) in enumerate(picture.caption):
        size = _fitted_size(line, width - 2 * MARGIN, 13)
        y = layout.caption_top + (index + 0.5) * CAPTION_LINE
        text(
            svg,
            width / 2,
            y,
            line,
            font_size=f"{size:g}",
            fill=colour,
            class_="caption",
            font_weight="bold" if index == 0 else "normal",
        )
    for index, name in enumerate(CELL_NAMES):
        _draw_cell(svg, layout, picture, index, name)
    _draw_spots(svg, layout, picture.spots)
    for index, line in enumerate(picture.side):
        caption = ET.SubElement(
            svg,
            "text",
            {
                "x": str(layout.board_right + MARGIN),
                "y": str(layout.board_top + 14 + index * 20),
                "font-size": "13",
                "fill": INK,
                "class": "side",
            },
        )
        if index == 0:
            caption.set("font-weight", "bold")
        caption.text = line
    _draw_legend(svg, layout, rows)
    return to_text(svg)


def _fitted_size(line: str, room: float, preferred: float) -> float:
    """The font size at which ``line`` fits in ``room`` pixels: ``preferred``, or smaller."""
    fitting = room / (_CHARACTER_WIDTH * max(1, len(line)))
    return math.floor(10 * min(preferred, fitting)) / 10


def _draw_cell(svg: ET.Element, layout: Layout, picture: Picture, index: int, name: str) -> None:
    """A cell: its card, or its name and any note on it; the last play ringed."""
    x, y = layout.cell_origin(index)
    card = picture.grid.cells[index]
    if index in picture.marked:
        fill = HIGHLIGHT_FILL
    elif card is not None:
        fill = CARD_FILL
    else:
        fill = DEAD_FILL if index in picture.dead else EMPTY_FILL
    # data-cell lets a page find the cell a click landed on.
    group = ET.SubElement(svg, "g", {"id": f"cell-{name}", "data-cell": name})
    square(group, x, y, fill)
    if card is not None:
        text(group, x + CELL / 2, y + CELL / 2, str(card), font_size="20", fill=INK)
    elif index in picture.notes:
        text(group, x + CELL / 2, y + 14, name, font_size="10", fill=FAINT_INK)
        note = picture.notes[index]
        text(
            group,
            x + CELL / 2,
            y + CELL / 2 + 6,
            note,
            font_size=_note_size(note),
            font_weight="bold",
            fill=INK,
            class_="note",
        )
    else:
        text(group, x + CELL / 2, y + CELL / 2, name, font_size="11", fill=FAINT_INK)
    if index == picture.last_play:
        ET.SubElement(
            group,
            "rect",
            {
                "class": "last-play",
                "x": str(x + 4),
                "y": str(y + 4),
                "width": str(CELL - 8),
                "height": str(CELL - 8),
                "rx": "5",
                "fill": "none",
                "stroke": LAST_PLAY_COLOUR,
                "stroke-width": "3.5",
            },
        )


def _note_size(note: str) -> str:
    """A font size that fits the note in a cell (about 50 pixels wide)."""
    return "12" if len(note) <= 5 else "9" if len(note) <= 11 else "7"


def _spot_colour(label: str) -> str:
    return START_COLOUR if label == "start" else FINISH_COLOUR


def _draw_spots(svg: ET.Element, layout: Layout, played: Mapping[str, bool] | None) -> None:
    """The start and finish spots beside the grid: dashed circles, filled once played."""
    for label, x, y in layout.spots():
        done = bool(played and played.get(label))
        _spot(svg, x + SPOT / 2, y + CELL / 2, SPOT / 2, label, done, f"{label}-spot")
        text(
            svg,
            x + SPOT / 2,
            y + CELL / 2 - (5 if done else 0),
            label,
            font_size="10",
            fill="#ffffff" if done else "#37474f",
        )
        if done:
            text(svg, x + SPOT / 2, y + CELL / 2 + 7, "played", font_size="9", fill="#ffffff")


def _spot(
    parent: ET.Element, cx: float, cy: float, radius: float, label: str, done: bool, id_: str = ""
) -> None:
    attributes = {
        "x": f"{cx - radius:g}",
        "y": f"{cy - radius:g}",
        "width": f"{2 * radius:g}",
        "height": f"{2 * radius:g}",
        "rx": f"{radius:g}",
        "fill": _spot_colour(label) if done else "none",
        "stroke": _spot_colour(label),
        "stroke-width": "2",
    }
    if id_:
        attributes["id"] = id_
    if not done:
        attributes["stroke-dasharray"] = "4 3"
    ET.SubElement(parent, "rect", attributes)


_Entry = tuple[str, str, str]
"""A legend entry: its kind (``fill``, ``ring``, ``spot:<label>:<played>``), colour, label."""


def _legend(picture: Picture) -> list[_Entry]:
    """What the picture shows, one entry per meaning."""
    entries: list[_Entry] = []
    if picture.grid.filled_count:
        entries.append(("fill", CARD_FILL, "card"))
    if not picture.grid.is_full:
        entries.append(("fill", EMPTY_FILL, "empty cell"))
    if picture.marked:
        entries.append(("fill", HIGHLIGHT_FILL, picture.highlight_label))
    if picture.dead:
        entries.append(("fill", DEAD_FILL, "dead cell"))
    if picture.last_play is not None:
        entries.append(("ring", LAST_PLAY_COLOUR, "last play"))
    if picture.spots is None:
        entries.append(("spot:start:0", START_COLOUR, "start and finish spots"))
    else:
        for label in ("start", "finish"):
            done = bool(picture.spots.get(label))
            state = "played" if done else "not played"
            entries.append((f"spot:{label}:{int(done)}", _spot_colour(label), f"{label} {state}"))
    return entries


def _entry_width(label: str) -> int:
    return 24 + 8 * len(label) + 18


def _legend_rows(entries: list[_Entry], room: int) -> list[list[_Entry]]:
    """The entries in rows that fit ``room`` pixels."""
    rows: list[list[_Entry]] = [[]]
    used = 0
    for entry in entries:
        width = _entry_width(entry[2])
        if rows[-1] and used + width > room:
            rows.append([])
            used = 0
        rows[-1].append(entry)
        used += width
    return rows


def _draw_legend(svg: ET.Element, layout: Layout, rows: list[list[_Entry]]) -> None:
    """One swatch and its meaning per entry, in rows below the grid."""
    for number, row in enumerate(rows):
        x = MARGIN
        top = layout.legend_top + number * LEGEND_HEIGHT
        for kind, colour, label in row:
            entry = ET.SubElement(svg, "g", {"class": "legend-entry"})
            if kind == "fill":
                square(entry, x, top, colour, size=18)
            elif kind == "ring":
                square(entry, x, top, EMPTY_FILL, size=18)
                ET.SubElement(
                    entry,
                    "rect",
                    {
                        "x": str(x + 2),
                        "y": str(top + 2),
                        "width": "14",
                        "height": "14",
                        "rx": "3",
                        "fill": "none",
                        "stroke": colour,
                        "stroke-width": "3",
                    },
                )
            else:
                _, spot_label, done = kind.split(":")
                _spot(entry, x + 9, top + 9, 8, spot_label, done == "1")
            caption = ET.SubElement(
                entry,
                "text",
                {"x": str(x + 24), "y": str(top + 13), "font-size": "12", "fill": INK},
            )
            caption.text = label
            x += _entry_width(label)
