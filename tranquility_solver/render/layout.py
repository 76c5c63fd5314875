"""Where things go in a grid picture: sizes in pixels, the colours, and the positions they give.

>>> layout = Layout(titled=True)
>>> layout.width, layout.height, layout.cell_origin(0)
(508, 412, (86, 314))
>>> Layout(titled=True, caption_lines=2, side_width=200).cell_origin(0)
(86, 370)
"""

from __future__ import annotations

from dataclasses import dataclass

from ..grid import COLUMNS, ROWS

__all__ = [
    "CAPTION_LINE",
    "CARD_FILL",
    "CELL",
    "DEAD_FILL",
    "EMPTY_FILL",
    "FAINT_INK",
    "FINISH_COLOUR",
    "HIGHLIGHT_FILL",
    "INK",
    "LAST_PLAY_COLOUR",
    "LEGEND_HEIGHT",
    "LOST_COLOUR",
    "MARGIN",
    "PAGE_FILL",
    "SPOT",
    "START_COLOUR",
    "TITLE_HEIGHT",
    "WON_COLOUR",
    "Layout",
]

CELL = 56
"""The side of a cell."""
MARGIN = 30
SPOT = 44
"""The diameter of the start and finish spots beside the grid."""
GAP = 12
"""Between the grid and what lies beside or below it."""
TITLE_HEIGHT = 34
CAPTION_LINE = 22
"""The height of one line of text under the title (a reason, the state of play)."""
LEGEND_HEIGHT = 30
"""The height of one row of the legend."""

# One colour per meaning: a card, an empty cell, a highlighted cell, a dead cell.
PAGE_FILL = "#f4f1e8"
CARD_FILL = "#ffffff"
EMPTY_FILL = "#dfe9f3"
HIGHLIGHT_FILL = "#ffd966"
DEAD_FILL = "#e8b9b3"
INK = "#1d2a33"
FAINT_INK = "#566572"
"""Cell names on empty cells: quieter than the cards, still 4.4:1 or more on every fill."""
START_COLOUR = "#2e7d32"
FINISH_COLOUR = "#c62828"
LAST_PLAY_COLOUR = "#7b1fa2"
WON_COLOUR = "#1b5e20"
LOST_COLOUR = "#b71c1c"


@dataclass(frozen=True)
class Layout:
    """The positions in a picture: a title or not, lines of text under it, a panel on the
    right of ``side_width`` pixels and the legend's rows below the grid."""

    titled: bool
    caption_lines: int = 0
    side_width: int = 0
    legend_rows: int = 1

    @property
    def board_left(self) -> int:
        return MARGIN + SPOT + GAP

    @property
    def caption_top(self) -> int:
        return TITLE_HEIGHT if self.titled else MARGIN // 2

    @property
    def board_top(self) -> int:
        if not self.caption_lines:
            return TITLE_HEIGHT if self.titled else MARGIN
        return self.caption_top + self.caption_lines * CAPTION_LINE + GAP

    @property
    def board_right(self) -> int:
        """The right edge of the finish spot's column."""
        return self.board_left + COLUMNS * CELL + GAP + SPOT

    @property
    def width(self) -> int:
        return self.board_right + MARGIN + self.side_width

    @property
    def legend_top(self) -> int:
        return self.board_top + ROWS * CELL + GAP

    @property
    def height(self) -> int:
        return self.legend_top + self.legend_rows * LEGEND_HEIGHT

    def cell_origin(self, index: int) -> tuple[int, int]:
        """The top left corner of cell ``index`` (0 is ``a1``, drawn bottom left)."""
        row, column = divmod(index, COLUMNS)
        return self.board_left + column * CELL, self.board_top + (ROWS - 1 - row) * CELL

    def spots(self) -> tuple[tuple[str, int, int], ...]:
        """The start spot beside ``a1`` (left of it) and the finish spot beside ``f6`` (right
        of it): label and the top left corner of the cell-sized box the spot is centred in."""
        return (
            ("start", MARGIN, self.board_top + (ROWS - 1) * CELL),
            ("finish", self.board_left + COLUMNS * CELL + GAP, self.board_top),
        )
