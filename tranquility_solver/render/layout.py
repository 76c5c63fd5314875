"""Where things go in a grid picture: sizes in pixels, the colours, and the positions they give.

>>> layout = Layout(titled=True)
>>> layout.width, layout.height, layout.cell_origin(0)
(508, 412, (86, 314))
"""

from __future__ import annotations

from dataclasses import dataclass

from ..grid import COLUMNS, ROWS

__all__ = [
    "CARD_FILL",
    "CELL",
    "EMPTY_FILL",
    "FAINT_INK",
    "HIGHLIGHT_FILL",
    "INK",
    "MARGIN",
    "PAGE_FILL",
    "SPOT",
    "TITLE_HEIGHT",
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
LEGEND_HEIGHT = 30

# One colour per meaning: a card, an empty cell, a highlighted cell.
PAGE_FILL = "#f4f1e8"
CARD_FILL = "#ffffff"
EMPTY_FILL = "#dfe9f3"
HIGHLIGHT_FILL = "#ffd966"
INK = "#1d2a33"
FAINT_INK = "#8a9aa6"


@dataclass(frozen=True)
class Layout:
    """The positions in a picture, with or without a title above the grid."""

    titled: bool

    @property
    def board_left(self) -> int:
        return MARGIN + SPOT + GAP

    @property
    def board_top(self) -> int:
        return TITLE_HEIGHT if self.titled else MARGIN

    @property
    def width(self) -> int:
        return self.board_left + COLUMNS * CELL + GAP + SPOT + MARGIN

    @property
    def legend_top(self) -> int:
        return self.board_top + ROWS * CELL + GAP

    @property
    def height(self) -> int:
        return self.legend_top + LEGEND_HEIGHT

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
