"""Draw an island as a standalone SVG picture (stdlib only).

>>> from tobago_solver.island import Island
>>> island = Island.from_text('''
... name: duo
... terrain:
... B L M
... hut: a1
... ''', strict=False)
>>> svg = render_svg(island, highlight=["b1"], cars={"red": "c1"}, title="Where is it?")
>>> svg.startswith('<svg xmlns="http://www.w3.org/2000/svg"')
True
>>> "<title>b1 lake; highlighted</title>" in svg and "<title>car red on c1</title>" in svg
True
>>> write_svg("/tmp/duo.svg", svg)  # doctest: +SKIP

Every land field is a pointy-top hexagon filled with its terrain colour and carries
``data-field`` and ``data-terrain`` attributes plus a ``<title>`` tooltip such as ``"c3 lake"``.
Landmarks, statue facings, highlighted fields, cars and amulets are drawn on top; a terrain legend
sits below the map. The same arguments always give the identical string.

The package draws in layers, one module each: ``layout`` (where each hex sits, the room for the
title and the legend), ``picture`` (the layers in order), ``island_layer`` (sea, fields,
landmarks, names), ``overlays`` (highlights, amulets, notes, cars), ``legend``, and ``board``
(several maps side by side); ``colours``, ``glyphs`` and ``svg`` are the palette, the landmark
drawings and the SVG writing.
"""

from tobago_solver.render.board import render_board_svg
from tobago_solver.render.colours import MAP_COLOURS, TERRAIN_COLOURS
from tobago_solver.render.game import render_game_svg, render_table_svg
from tobago_solver.render.picture import render_svg
from tobago_solver.render.svg import write_svg

__all__ = [
    "MAP_COLOURS",
    "TERRAIN_COLOURS",
    "render_board_svg",
    "render_game_svg",
    "render_svg",
    "render_table_svg",
    "write_svg",
]
