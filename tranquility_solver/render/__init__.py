"""SVG pictures of a grid, built with :mod:`xml.etree` only.

``layout`` says where things go (sizes, colours, positions), ``svg`` holds the XML building
blocks, ``grid`` draws a grid's picture (:func:`render_svg`) and ``game`` a game's
(:func:`render_game_svg`).

>>> from tranquility_solver import Grid
>>> svg = render_svg(Grid.empty().place("a1", 7), highlight=["b1"])
>>> svg.startswith("<svg") and ">7<" in svg
True
"""

from __future__ import annotations

from .game import render_game_svg
from .grid import render_svg

__all__ = ["render_game_svg", "render_svg"]
