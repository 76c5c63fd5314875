"""The library's names the web pages use that are not on the package's top level, imported in
this one place (modules may move; only this file then changes).

>>> sorted(BOTS)
['heuristic', 'planner', 'random', 'search']
"""

from __future__ import annotations

from tranquility_solver.analysis.advice import hint_text
from tranquility_solver.bots.registry import BOTS, make_bot
from tranquility_solver.game.board import action_seen, loss_reason
from tranquility_solver.game.choices import card_text, parse_card
from tranquility_solver.game.records import record_of
from tranquility_solver.game.shortforms import read_action
from tranquility_solver.game.targets import card_targets, move_warning, refusal
from tranquility_solver.render import render_game_svg

__all__ = [
    "BOTS",
    "action_seen",
    "card_targets",
    "card_text",
    "hint_text",
    "loss_reason",
    "make_bot",
    "move_warning",
    "parse_card",
    "read_action",
    "record_of",
    "refusal",
    "render_game_svg",
]
