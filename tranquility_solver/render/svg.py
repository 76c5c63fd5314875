"""The XML building blocks of a picture: a centred text, a rounded square, the document as text.

>>> import xml.etree.ElementTree as ET
>>> group = ET.Element("g")
>>> text(group, 10, 20.5, "a1")
>>> print(to_text(group))
<g><text x="10" y="20.5" text-anchor="middle" dominant-baseline="central">a1</text></g>
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

from .layout import CELL

__all__ = ["SVG_NAMESPACE", "square", "text", "to_text"]

SVG_NAMESPACE = "http://www.w3.org/2000/svg"

_NOT_XML_CHARACTER = re.compile("[^\t\n\r\x20-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")


def text(parent: ET.Element, x: float, y: float, content: str, **style: str) -> None:
    """A text centred on ``(x, y)``; the style's ``font_size="10"`` is written ``font-size``,
    ``class_`` is ``class``."""
    element = ET.SubElement(
        parent,
        "text",
        {"x": f"{x:g}", "y": f"{y:g}", "text-anchor": "middle", "dominant-baseline": "central"},
    )
    for key, value in style.items():
        element.set(key.rstrip("_").replace("_", "-"), value)
    element.text = content


def square(parent: ET.Element, x: float, y: float, fill: str, size: int = CELL) -> None:
    """A rounded square with its top left corner at ``(x, y)``: a cell (inset a little from its
    neighbours) or, smaller, a legend swatch."""
    inset = 2 if size == CELL else 0
    ET.SubElement(
        parent,
        "rect",
        {
            "x": f"{x + inset:g}",
            "y": f"{y + inset:g}",
            "width": str(size - 2 * inset),
            "height": str(size - 2 * inset),
            "rx": "6" if size == CELL else "3",
            "fill": fill,
            "stroke": "#5b6770",
            "stroke-width": "1.5",
        },
    )


def to_text(svg: ET.Element) -> str:
    """The document as text; characters XML cannot hold (in a title, say) become U+FFFD."""
    return _NOT_XML_CHARACTER.sub("\ufffd", ET.tostring(svg, encoding="unicode"))
