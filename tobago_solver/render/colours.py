"""The pictures' colours: terrains, sea, ink, highlight, cars, and the contrast of text on them.

>>> TERRAIN_COLOURS[Terrain.LAKE], checked_colour("#FF0000")
('#8cc8ee', '#ff0000')
"""

from __future__ import annotations

import re
from typing import Final

from tobago_solver.errors import TobagoError
from tobago_solver.island import Terrain

TERRAIN_COLOURS: dict[Terrain, str] = {
    Terrain.BEACH: "#f1dca0",
    Terrain.JUNGLE: "#2e6b3c",
    Terrain.RIVER: "#1e7385",
    Terrain.SCRUBLAND: "#b3ad68",
    Terrain.LAKE: "#8cc8ee",
    Terrain.MOUNTAIN: "#a3927f",
}
"""Fill colour of each terrain; also used by the legend. Each gives its field names a contrast of
at least 5:1 with dark or light ink (``ink_on``)."""

SEA_COLOUR: Final = "#e6f2fa"
SEA_HEX_STROKE: Final = "#c6dff0"
PAGE_COLOUR: Final = "#ffffff"
OUTLINE_COLOUR: Final = "#4d4a45"
HIGHLIGHT_COLOUR: Final = "#e0007a"
INK_DARK: Final = "#1f1f1f"
INK_LIGHT: Final = "#ffffff"
DIMMED_OPACITY: Final = 0.45
"""Fill opacity of the fields that are not highlighted, when some are: faded, yet still showing
their terrain."""

MAP_COLOURS: Final = {
    "grey": "#a0a0a0",
    "brown": "#8d5524",
    "black": "#1a1a1a",
    "white": "#ffffff",
}
"""The four treasure maps' colours, as the printed game's location markers."""
TREASURE_RING: Final = "#f5c518"
"""The golden ring around a located treasure's marker."""

# Cars named after a colour are drawn in it; other labels (player names) take the palette in turn.
_NAMED_CAR_COLOURS: dict[str, str] = {
    "red": "#d62828",
    "blue": "#1f5fd6",
    "green": "#2a9d3f",
    "yellow": "#f4c20d",
    "orange": "#f77f00",
    "purple": "#7b2cbf",
    "pink": "#e75ea8",
    "black": "#222222",
    "white": "#f8f8f8",
    "brown": "#7f4f24",
    "grey": "#808080",
    "gray": "#808080",
}
_CAR_PALETTE = ("#d62828", "#1f5fd6", "#2a9d3f", "#f4c20d", "#7b2cbf", "#f77f00", "#e75ea8")

_COLOUR = re.compile("#[0-9a-fA-F]{6}")


def checked_colour(text: str) -> str:
    """A ``#rrggbb`` colour (the only form the label contrast can be computed from)."""
    if not isinstance(text, str) or not _COLOUR.fullmatch(text):
        raise TobagoError(f"colour {text!r} is not of the form #rrggbb")
    return text.lower()


def car_colours(labels: list[str]) -> dict[str, str]:
    """Each car label's colour: its own when it names one, else the next free one of a palette.

    >>> car_colours(["P1", "red", "P2"])
    {'P1': '#1f5fd6', 'red': '#d62828', 'P2': '#2a9d3f'}
    """
    named = {label: _NAMED_CAR_COLOURS.get(label.strip().lower()) for label in labels}
    taken = {colour for colour in named.values() if colour is not None}
    free = [colour for colour in _CAR_PALETTE if colour not in taken] or list(_CAR_PALETTE)
    result: dict[str, str] = {}
    unnamed = 0
    for label in labels:
        colour = named[label]
        if colour is None:
            colour = free[unnamed % len(free)]
            unnamed += 1
        result[label] = colour
    return result


def luminance(colour: str) -> float:
    """Relative luminance (WCAG), from sRGB ``#rrggbb``."""

    def linear(channel: float) -> float:
        return channel / 12.92 if channel <= 0.04045 else ((channel + 0.055) / 1.055) ** 2.4

    red, green, blue = (linear(int(colour[i : i + 2], 16) / 255) for i in (1, 3, 5))
    return 0.2126 * red + 0.7152 * green + 0.0722 * blue


def contrast(a: str, b: str) -> float:
    """The WCAG contrast ratio of two colours (1 to 21)."""
    light, dark = sorted((luminance(a), luminance(b)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def ink_on(colour: str) -> str:
    """The text colour, dark or light, with the higher contrast on a fill colour.

    >>> ink_on(TERRAIN_COLOURS[Terrain.RIVER]), ink_on(TERRAIN_COLOURS[Terrain.LAKE])
    ('#ffffff', '#1f1f1f')
    >>> all(contrast(ink_on(c), c) >= 5 for c in TERRAIN_COLOURS.values())
    True
    """
    return max((INK_DARK, INK_LIGHT), key=lambda ink: contrast(ink, colour))


def blend(colour: str, under: str, opacity: float) -> str:
    """``colour`` painted at ``opacity`` over ``under``.

    >>> blend("#ffffff", "#000000", 0.5)
    '#808080'
    """
    channels = (
        round(opacity * int(colour[i : i + 2], 16) + (1 - opacity) * int(under[i : i + 2], 16))
        for i in (1, 3, 5)
    )
    return "#" + "".join(f"{channel:02x}" for channel in channels)
