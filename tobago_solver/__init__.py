"""Tobago analysis: where can the treasure still be, and may this clue be played?

>>> import tobago_solver as tb
>>> island = tb.islands.default()
>>> fields = tb.candidates(island, [tb.Clue.parse("in largest lake")])
>>> all(island.terrain(f) == "lake" for f in fields)
True

The rooms, from the top down (each imports only the rooms below it):

- ``cli``: the command line (``tobago``), on top of everything; nothing imports it.
- ``web``: the browser pages of ``tobago serve``: games, the table assistant, records.
- ``analysis``: questions about islands and games: minimal clues, puzzles, move advice.
- ``ai``: what OpenSpiel and PettingZoo (``openspiel.py``, ``pettingzoo.py``) need: ids, tensors.
- ``bots``: the players: RandomBot, GreedyBot, SearchBot, and the bots by name.
- ``render``: SVG pictures of islands, maps and games.
- ``game``: the game's rules: state, actions, observations, records, a batch of bot games.
- ``engines``: where the treasure can be: bitmasks, CP-SAT and brute force.
- ``islands``: the bundled islands.

Below them the core modules: hex coordinates, the Island and Clue values, legality, movement.
"""

from __future__ import annotations

import importlib
import importlib.util
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
    """A submodule, or a public name, loaded on first use.

    ``import tobago_solver`` stays quick, so the command line starts (and takes Ctrl-C)
    before the heavy modules load. A submodule (``islands``) loads on its own, so that modules
    loading it while the public names load do not go round in a circle.
    """
    if name.startswith("_"):
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    if importlib.util.find_spec(f"{__name__}.{name}") is not None:
        value = importlib.import_module(f"{__name__}.{name}")
    elif name in __all__:
        value = getattr(importlib.import_module(f"{__name__}._public"), name)
    else:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__})
