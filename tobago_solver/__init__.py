"""Tobago analysis: where can the treasure still be, and may this clue be played?

>>> import tobago_solver as tb
>>> island = tb.islands.default()
>>> fields = tb.candidates(island, [tb.Clue.parse("in largest lake")])
>>> all(island.terrain(f) == "lake" for f in fields)
True
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from tobago_solver._public import *  # noqa: F403  (the names __getattr__ hands out)

__all__ = [
    "DECK",
    "ENGINES",
    "MAP_NAMES",
    "SEA",
    "Action",
    "ActionAdvice",
    "ActionSyntaxError",
    "Area",
    "Bot",
    "Clue",
    "ClueSyntaxError",
    "ClueVerdict",
    "Direction",
    "Engine",
    "FieldSet",
    "GameRecord",
    "GameRules",
    "GameState",
    "GreedyBot",
    "Identifiability",
    "IllegalActionError",
    "Island",
    "IslandFormatError",
    "Landmark",
    "LandmarkCounts",
    "LandmarkKind",
    "LandmarkRuleError",
    "MapState",
    "Move",
    "NoLandmarkPlacementError",
    "NotToMoveError",
    "Observation",
    "Play",
    "Puzzle",
    "RandomBot",
    "Reason",
    "Relation",
    "SearchBot",
    "SimulationResult",
    "SolverUnknownError",
    "Terrain",
    "TobagoError",
    "TobagoRules",
    "UnknownFieldError",
    "UnknownIslandError",
    "advise",
    "candidates",
    "check_clue",
    "identifiability",
    "island_problems",
    "islands",
    "legal_plays",
    "make_bot",
    "make_puzzle",
    "min_clues",
    "new_game",
    "parse_action",
    "place_landmarks",
    "play_game",
    "playable_order",
    "reachable",
    "render_board_svg",
    "render_svg",
    "replay",
    "sample_worlds",
    "simulate",
    "step_distance",
    "wilson_interval",
]


def __getattr__(name: str) -> Any:
    """A public name, or a submodule, loaded on first use.

    ``import tobago_solver`` stays quick, so the command line starts (and takes Ctrl-C) before the
    heavy modules load.
    """
    if name in __all__:
        value = getattr(importlib.import_module("tobago_solver._public"), name)
    elif name.startswith("_"):
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    else:
        try:
            value = importlib.import_module(f"{__name__}.{name}")
        except ModuleNotFoundError as error:
            if error.name != f"{__name__}.{name}":
                raise
            raise AttributeError(f"module {__name__!r} has no attribute {name!r}") from None
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__})
