"""The library's names the web pages use that are not on the package's top level, imported in
this one place (modules may move; only this file then changes).

>>> sorted(BOTS)
['greedy', 'random', 'search']
"""

from __future__ import annotations

from tobago_solver.analysis.advice import hint_text
from tobago_solver.bots.registry import BOTS, make_bot
from tobago_solver.game.records import record_of
from tobago_solver.game.shortforms import read_action
from tobago_solver.game.targets import targets
from tobago_solver.render import render_game_svg, render_svg, render_table_svg

__all__ = [
    "BOTS",
    "hint_text",
    "make_bot",
    "read_action",
    "record_of",
    "render_game_svg",
    "render_svg",
    "render_table_svg",
    "targets",
]
