"""Text in columns, as the board is laid out: blocks in a column beside a drawing, and
paragraphs that flow from that column to the lines below it.

>>> print("\\n".join(beside(["ab", "cd", "ef"], [lambda w: ["one", "two"]], 40)))
ab  one
cd  two
ef
>>> fill(["[1] in lake", "[2] by hut", "[3] not in big mount"], "  ", 30)
['[1] in lake  [2] by hut', '  [3] not in big mount']
"""

from __future__ import annotations

import textwrap
from collections.abc import Callable, Sequence
from typing import Final

GAP: Final = 2
"""Spaces between the drawing and the column beside it."""

NARROWEST: Final = 30
"""A column beside the drawing narrower than this is not used."""

Block = Callable[[int], list[str]]
"""A part of the board, written within a given width."""

Paragraph = tuple[list[str], str]
"""Text that may flow from the column beside the drawing to the lines below: the pieces never
split over two lines, and what joins them."""


def beside(
    left: list[str],
    blocks: Sequence[Block],
    width: int,
    optional: Block | None = None,
    flow: Sequence[Paragraph] = (),
) -> list[str]:
    """``left`` with the blocks in the column to its right while they fit in its height; the
    blocks that do not fit follow underneath, across the whole width. The ``optional`` block
    goes in the column if there is room left there, else nowhere. The ``flow`` paragraphs
    follow the blocks, filling what is left of the column and going on underneath."""
    left_width = max(map(len, left), default=0)
    right_width = width - left_width - GAP
    right: list[str] = []
    rest = list(blocks)
    while rest and right_width >= NARROWEST:
        lines = rest[0](right_width)
        if len(right) + len(lines) > len(left) or max(map(len, lines), default=0) > right_width:
            break
        right.extend(lines)
        rest.pop(0)
    below: list[str] = []
    if flow:
        room = len(left) - len(right) if not rest and right_width >= NARROWEST else 0
        for pieces, joint in flow:
            lines = fill(pieces, joint, width, [right_width] * room)
            taken = min(len(lines), room)
            right.extend(lines[:taken])
            below.extend(lines[taken:])
            # Once a paragraph goes on underneath, so do those after it.
            room = room - taken if taken == len(lines) else 0
    elif optional is not None and right_width >= NARROWEST:
        lines = optional(right_width)
        if len(right) + len(lines) <= len(left):
            right.extend([""] * (len(left) - len(right) - len(lines)) + lines)
    out = [
        (line.ljust(left_width + GAP) + extra if extra else line).rstrip()
        for line, extra in zip(left, right + [""] * (len(left) - len(right)), strict=True)
    ]
    for block in rest:
        out.extend(block(width))
    return out + below


def fill(pieces: Sequence[str], joint: str, width: int, first: Sequence[int] = ()) -> list[str]:
    """The pieces joined into lines of at most ``width`` characters (the first lines: the
    widths of ``first``) where a piece fits, each line after the first indented by two
    spaces."""
    lines: list[str] = []
    for piece in pieces:
        room = first[len(lines) - 1] if 0 < len(lines) <= len(first) else width
        if lines and len(lines[-1]) + len(joint) + len(piece) <= room:
            lines[-1] += joint + piece
        else:
            lines.append(("  " if lines else "") + piece)
    return lines


def wrap(text: str, width: int, indent: str = "  ") -> list[str]:
    return textwrap.wrap(
        text, width, subsequent_indent=indent, break_long_words=False, break_on_hyphens=False
    ) or [""]


def flowed(paragraphs: Sequence[Paragraph], width: int) -> list[str]:
    return [line for pieces, joint in paragraphs for line in fill(pieces, joint, width)]
