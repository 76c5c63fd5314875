"""The landmark glyphs: a hut, a palm and a statue on a pale badge, in hex-size units.

Each glyph is drawn around ``(0, 0)`` with lengths in hex sizes; the caller places and scales it
with a ``transform``.

>>> import xml.etree.ElementTree as ET
>>> group = ET.Element("g")
>>> badge(group)
>>> GLYPHS[LandmarkKind.HUT](group)
>>> [child.tag for child in group]
['circle', 'rect', 'polygon', 'rect']
"""

from __future__ import annotations

import math
import xml.etree.ElementTree as ET
from typing import Final

from tobago_solver.island import LandmarkKind
from tobago_solver.render.svg import num, sub

BADGE_RADIUS: Final = 0.34
"""The radius of the pale disc behind every glyph, in the glyph's units."""


def badge(parent: ET.Element) -> None:
    # A pale disc keeps every glyph legible on both light (beach) and dark (jungle) terrain.
    sub(
        parent,
        "circle",
        r=num(BADGE_RADIUS),
        fill="#ffffff",
        fill_opacity="0.82",
        stroke="#333333",
        stroke_opacity="0.45",
        stroke_width="0.025",
    )


def _hut(parent: ET.Element) -> None:
    sub(
        parent,
        "rect",
        x="-0.16",
        y="-0.02",
        width="0.32",
        height="0.22",
        fill="#d29a5a",
        stroke="#3b2412",
        stroke_width="0.03",
    )
    sub(
        parent,
        "polygon",
        points="-0.25,0.02 0,-0.23 0.25,0.02",
        fill="#8b3a1e",
        stroke="#3b2412",
        stroke_width="0.03",
        stroke_linejoin="round",
    )
    sub(parent, "rect", x="-0.045", y="0.08", width="0.09", height="0.12", fill="#3b2412")


def _leaf(tip_x: float, tip_y: float, bulge: float) -> str:
    """A filled leaf from the crown at (0, -0.1) to a tip, bulging to one side."""
    ox, oy = 0.0, -0.1
    mx, my = (ox + tip_x) / 2, (oy + tip_y) / 2
    length = math.hypot(tip_x - ox, tip_y - oy)
    nx, ny = -(tip_y - oy) / length, (tip_x - ox) / length
    upper = (mx + nx * bulge, my + ny * bulge)
    lower = (mx - nx * bulge * 0.2, my - ny * bulge * 0.2)
    return (
        f"M{num(ox)},{num(oy)} Q{num(upper[0])},{num(upper[1])} {num(tip_x)},{num(tip_y)} "
        f"Q{num(lower[0])},{num(lower[1])} {num(ox)},{num(oy)} Z"
    )


_PALM_LEAVES = (
    (-0.27, 0.0, -0.09),
    (-0.2, -0.24, -0.07),
    (0.03, -0.29, 0.06),
    (0.21, -0.22, 0.07),
    (0.27, 0.02, 0.09),
)


def _palm(parent: ET.Element) -> None:
    sub(
        parent,
        "path",
        d="M0.05,0.24 Q0.07,0.05 0,-0.1",
        fill="none",
        stroke="#7a4a1c",
        stroke_width="0.06",
        stroke_linecap="round",
    )
    sub(
        parent,
        "path",
        d=" ".join(_leaf(x, y, bulge) for x, y, bulge in _PALM_LEAVES),
        fill="#2f8f2f",
        stroke="#145214",
        stroke_width="0.02",
        stroke_linejoin="round",
    )
    for x in ("-0.03", "0.035"):
        sub(parent, "circle", cx=x, cy="-0.06", r="0.035", fill="#6b3e12")


def _statue(parent: ET.Element) -> None:
    # A moai: tall head with a heavy brow and long nose on a low plinth.
    sub(
        parent,
        "rect",
        x="-0.2",
        y="0.15",
        width="0.4",
        height="0.09",
        fill="#5a5550",
        stroke="#222222",
        stroke_width="0.025",
    )
    sub(
        parent,
        "polygon",
        points="-0.13,-0.27 0.13,-0.27 0.14,-0.12 0.11,0.15 -0.11,0.15 -0.14,-0.12",
        fill="#7d7770",
        stroke="#222222",
        stroke_width="0.03",
        stroke_linejoin="round",
    )
    sub(
        parent,
        "path",
        d="M-0.1,-0.13 H0.1 M0,-0.13 V0.02 M-0.06,0.08 H0.06",
        fill="none",
        stroke="#222222",
        stroke_width="0.035",
        stroke_linecap="round",
    )


GLYPHS: Final = {LandmarkKind.HUT: _hut, LandmarkKind.PALM: _palm, LandmarkKind.STATUE: _statue}
