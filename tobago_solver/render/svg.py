"""Writing SVG with ElementTree: short reproducible numbers, hexagons, centred text, the file.

>>> root = ET.Element("svg")
>>> text(root, 10, 20, "c3", 10).attrib["y"], num(1 / 3), num(-0.001)
('23.5', '0.33', '0')
"""

from __future__ import annotations

import math
import re
import xml.etree.ElementTree as ET
from collections.abc import Iterable
from pathlib import Path
from typing import Final

from tobago_solver.render.colours import INK_DARK, PAGE_COLOUR

SVG_NAMESPACE: Final = "http://www.w3.org/2000/svg"


def write_svg(path: str | Path, svg_text: str) -> Path:
    """Write an SVG string to ``path`` as UTF-8 (island names may hold any character)."""
    target = Path(path)
    target.write_text(svg_text, encoding="utf-8")
    return target


def page(
    css_class: str,
    island_name: str,
    title: str | None,
    width: float,
    height: float,
    title_height: float,
    title_size: float,
) -> ET.Element:
    """An ``<svg>`` root: its tooltip (the title, else the island's name), a white page and the
    title in bold, centred in a band of ``title_height`` at the top."""
    width_text, height_text = num(width), num(height)
    root = ET.Element(
        "svg",
        {
            # Set as a plain attribute rather than via ET.register_namespace, which would
            # change how every other ElementTree user in the process serialises.
            "xmlns": SVG_NAMESPACE,
            "viewBox": f"0 0 {width_text} {height_text}",
            "width": width_text,
            "height": height_text,
            "font-family": "DejaVu Sans, Helvetica, Arial, sans-serif",
            "class": css_class,
            "data-island": island_name,
        },
    )
    tooltip(root, title or island_name)
    sub(root, "rect", class_="page", width=width_text, height=height_text, fill=PAGE_COLOUR)
    if title:
        text(
            root,
            width / 2,
            title_height / 2,
            title,
            title_size,
            class_="title",
            font_weight="bold",
            fill=INK_DARK,
        )
    return root


def serialise(root: ET.Element) -> str:
    """The document as text, indented, ending with a newline."""
    ET.indent(root, space="  ")
    return xml_characters_only(ET.tostring(root, encoding="unicode")) + "\n"


_NOT_XML_CHARACTER = re.compile("[^\t\n\r\x20-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")


def xml_characters_only(svg: str) -> str:
    """``svg`` with every character XML 1.0 cannot hold (control characters in a title or a car
    label, say) replaced by U+FFFD, so that every picture parses.

    ElementTree escapes markup but writes such characters as they are.

    >>> xml_characters_only("<title>a\x1bb</title>")
    '<title>a\ufffdb</title>'
    """
    return _NOT_XML_CHARACTER.sub("\ufffd", svg)


def num(value: float) -> str:
    """A short, platform-independent decimal, so the output is byte-for-byte reproducible."""
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def points(corners: Iterable[tuple[float, float]]) -> str:
    """The ``points`` attribute of a polygon."""
    return " ".join(f"{num(x)},{num(y)}" for x, y in corners)


def hexagon(cx: float, cy: float, radius: float) -> list[tuple[float, float]]:
    """Corners of a pointy-top hexagon, starting at the top and going clockwise."""
    return [
        (
            cx + radius * math.cos(math.radians(-90 + 60 * k)),
            cy + radius * math.sin(math.radians(-90 + 60 * k)),
        )
        for k in range(6)
    ]


def sub(parent: ET.Element, tag: str, **attributes: str) -> ET.Element:
    """A child element; ``stroke_width="2"`` writes ``stroke-width="2"``."""
    # Keyword names cannot hold '-', so SVG attributes are written with '_' and translated here.
    return ET.SubElement(
        parent, tag, {key.rstrip("_").replace("_", "-"): value for key, value in attributes.items()}
    )


def tooltip(parent: ET.Element, content: str) -> None:
    """A ``<title>``: the text a viewer shows when the pointer rests on ``parent``."""
    sub(parent, "title").text = content


def text(
    parent: ET.Element, x: float, y: float, content: str, size: float, **attributes: str
) -> ET.Element:
    """Text centred on ``(x, y)``; the baseline is placed by hand because renderers disagree on
    ``dominant-baseline``."""
    element = sub(
        parent,
        "text",
        x=num(x),
        y=num(y + 0.35 * size),
        font_size=num(size),
        text_anchor="middle",
        **attributes,
    )
    element.text = content
    return element


def haloed_text(
    parent: ET.Element,
    x: float,
    y: float,
    content: str,
    size: float,
    *,
    ink: str,
    halo: str,
    halo_width: float,
    **attributes: str,
) -> ET.Element:
    """Text centred on ``(x, y)`` over a halo: a copy of it stroked wide in ``halo`` drawn first,
    underneath; returns the text on top.

    The halo is its own element rather than the text's stroke with ``paint-order="stroke"``,
    which CairoSVG ignores, painting the stroke over the letters.

    >>> group = ET.Element("g")
    >>> top = haloed_text(group, 0, 0, "c3", 10, ink="#000000", halo="#ffffff", halo_width=2)
    >>> [(t.get("class"), t.get("stroke")) for t in group], top.get("fill")
    ([('halo', '#ffffff'), (None, None)], '#000000')
    """
    # Only what shapes the letters is copied: the halo carries no class or data of its own.
    halo_attributes = {key: value for key, value in attributes.items() if key == "font_weight"}
    copy = text(
        parent,
        x,
        y,
        content,
        size,
        **halo_attributes,
        class_="halo",
        fill=halo,
        stroke=halo,
        stroke_width=num(halo_width),
        stroke_linejoin="round",
        aria_hidden="true",
    )
    copy.set("opacity", "0.8")
    return text(parent, x, y, content, size, **attributes, fill=ink)
