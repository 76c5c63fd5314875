"""The panel beside a game's island: each map in words, then the players (or cars) and a hand.

The panel is laid out as lines of text, each with an optional symbol on its left (a map's
marker, a player's car); it measures itself so the picture can make room for it.

>>> import tobago_solver as tb
>>> from tobago_solver.render.scene import scene_of_table
>>> from tobago_solver.table import Table
>>> lines = panel_lines(scene_of_table(Table.new(tb.islands.default())))
>>> [line.text for line in lines[:3]]
['grey map', 'no clue yet (102 fields)', 'brown map']
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from tobago_solver.render.colours import INK_DARK, MAP_COLOURS, car_colours
from tobago_solver.render.overlays import Marker, draw_car, draw_marker
from tobago_solver.render.scene import Scene
from tobago_solver.render.svg import num, sub

_CHARACTER_WIDTH: Final = 0.6
"""Rough width of a character in font sizes, to reserve room for text."""
FAINT_INK: Final = "#4a4a4a"
"""Secondary text: still more than 8:1 on the white page."""


@dataclass(frozen=True)
class PanelLine:
    """One line of the panel: its text, how it looks, and a symbol in front of it."""

    text: str
    bold: bool = False
    indent: int = 0
    """In steps of one symbol's width."""
    symbol: str = ""
    """``map:<colour>``, ``car:<label>`` or nothing."""
    gap_before: bool = False
    faint: bool = False


def panel_lines(scene: Scene) -> list[PanelLine]:
    """The panel's lines, top to bottom."""
    lines: list[PanelLine] = []
    for index, summary in enumerate(scene.maps):
        lines.append(
            PanelLine(f"{summary.name} map", True, 0, f"map:{summary.name}", gap_before=index > 0)
        )
        lines.append(PanelLine(summary.status(), indent=1))
        if summary.roses:
            roses = ", ".join(
                f"P{player} {count}" for player, count in enumerate(summary.roses) if count
            )
            lines.append(PanelLine(f"roses: {roses or 'none'}", indent=1, faint=True))
        lines.extend(PanelLine(f"• {clue}", indent=1) for clue in summary.clues)
        if summary.note:
            lines.append(PanelLine(summary.note, indent=1, bold=True))
    if scene.players_heading:
        lines.append(PanelLine(scene.players_heading, True, gap_before=True))
    for player in scene.players:
        heading = player.label + (f"  ({player.note})" if player.note else "")
        lines.append(PanelLine(heading, True, 0, f"car:{player.label}"))
        lines.append(PanelLine(player.facts, indent=1, faint=True))
        if player.hand is not None:
            lines.append(PanelLine(f"hand ({len(player.hand)} clue cards):", indent=1))
            lines.extend(PanelLine(f"• {clue}", indent=2) for clue in player.hand)
    if scene.hand is not None:
        lines.append(PanelLine(f"your hand ({len(scene.hand)} clue cards)", True, gap_before=True))
        lines.extend(PanelLine(f"• {clue}", indent=1) for clue in scene.hand)
    if scene.footer:
        lines.append(PanelLine(scene.footer, gap_before=True, faint=True))
    return lines


@dataclass(frozen=True)
class Frame:
    """The room a panel is given whatever it holds, in font sizes (see :func:`room`), so that
    every picture of one game has the same size."""

    width: float
    height: float


def room(lines: Sequence[PanelLine]) -> tuple[float, float]:
    """The width and the height, in font sizes, that ``lines`` take in a panel (its padding
    and a symbol's room included)."""
    widest = max(
        (line.indent * 1.5 + _CHARACTER_WIDTH * len(line.text) for line in lines), default=0.0
    )
    gaps = sum(1 for line in lines if line.gap_before)
    return widest + 1.5 + 2 * 0.8, (len(lines) + 0.5 * gaps) * 1.4 + 2 * 0.8


class Panel:
    """The panel's lines with their sizes: a font size and the room it takes."""

    def __init__(self, scene: Scene, font_size: float, frame: Frame | None = None) -> None:
        self.scene = scene
        self.lines = panel_lines(scene)
        needs = room(self.lines)
        box = needs if frame is None else (frame.width, frame.height)
        # A frame keeps every picture of a game the same size: text that needs more room than
        # it gives is drawn smaller.
        scale = min(1.0, box[0] / needs[0], box[1] / needs[1])
        self.font = font_size * scale
        self.line_height = 1.4 * self.font
        self.indent = 1.5 * self.font
        self.padding = 0.8 * self.font
        self.width = box[0] * font_size
        self.height = box[1] * font_size

    def draw(self, root: ET.Element, left: float, top: float) -> None:
        """Draw the panel with its top left corner at ``(left, top)``."""
        group = sub(root, "g", class_="panel")
        colours = car_colours([player.label for player in self.scene.players])
        y = top + self.padding
        for line in self.lines:
            if line.gap_before:
                y += 0.5 * self.line_height
            middle = y + self.line_height / 2
            x = left + self.padding + line.indent * self.indent
            if line.symbol.startswith("map:"):
                name = line.symbol.removeprefix("map:")
                marker = Marker(name, MAP_COLOURS[name])
                draw_marker(group, x + 0.5 * self.font, middle, 0.5 * self.font, marker)
            elif line.symbol.startswith("car:"):
                label = line.symbol.removeprefix("car:")
                # A car disc at the size of the text, the same as the one on the island.
                draw_car(group, x + 0.5 * self.font, middle, label, colours[label], self.font * 1.6)
            text_x = x + (self.indent if line.symbol else 0.0)
            element = sub(
                group,
                "text",
                x=num(text_x),
                y=num(middle + 0.35 * self.font),
                font_size=num(self.font),
                fill=FAINT_INK if line.faint else INK_DARK,
            )
            if line.bold:
                element.set("font-weight", "bold")
            element.text = line.text
            y += self.line_height
