"""Analysis library for the cooperative card game Tranquility.

>>> import tranquility_solver as tq
>>> grid = tq.Grid.parse(str(tq.Grid.empty().place("a1", 1)))
>>> tq.is_completable(grid, range(2, 40))
True
>>> tq.count_completions(grid, range(2, 37), tq.Rules.published())
1
>>> import random
>>> tq.random_full_grid(tq.Rules.seed(), random.Random(0)).is_full
True

The rooms, from the top down (each imports only the rooms below it):

- ``cli``: the command line (``tranquility``), on top of everything; nothing imports it.
- ``web``: the browser pages of ``tranquility serve``: games at a link per seat, records.
- ``analysis``: questions about a game: can this deal be won, the win odds, safe plays.
- ``ai``: what OpenSpiel and PettingZoo (``openspiel.py``, ``pettingzoo.py``) need: ids, tensors.
- ``bots``: the players: RandomBot, HeuristicBot, the planners, SearchBot, the bots by name.
- ``render``: SVG pictures of grids and games.
- ``deals``: a deal with every card known, and the search that decides it.
- ``game``: the game's rules: state, actions, observations, records, a batch of bot games.
- ``completion``: can a grid still be filled, and in how many ways (fast, CP-SAT, brute force).

Below them the core modules: the Grid value, the rules presets, placements and hints.
"""

from __future__ import annotations

import importlib
import importlib.util
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from tranquility_solver._public import *  # noqa: F403  (the names __getattr__ hands out)

__all__ = [
    "CELL_NAMES",
    "FINISH",
    "START",
    "Action",
    "ActionFormatError",
    "Atlas",
    "AtlasCell",
    "AtlasError",
    "Bot",
    "CardError",
    "CellError",
    "CountEngine",
    "CountLimitError",
    "Deal",
    "DealFormatError",
    "DealStatus",
    "Discard",
    "Engine",
    "Explanation",
    "Finish",
    "GameRecord",
    "GameResult",
    "GameState",
    "Grid",
    "GridFormatError",
    "HeuristicBot",
    "IllegalActionError",
    "IllegalPlacementError",
    "Observation",
    "Outcome",
    "Placement",
    "Play",
    "RandomBot",
    "RecordError",
    "Rules",
    "SafePlacement",
    "SearchBot",
    "Share",
    "SimulationResult",
    "Solution",
    "SolverTimeoutError",
    "Start",
    "StartCardEvent",
    "Status",
    "TranquilityError",
    "UnknownEngineError",
    "UnknownRulesError",
    "Verdict",
    "WinOdds",
    "atlas",
    "cell_index",
    "cell_name",
    "check_completion",
    "check_placement",
    "complete",
    "count_completions",
    "dead_cells",
    "explain",
    "is_completable",
    "legal_placements",
    "loses_at_once",
    "new_game",
    "parse_action",
    "placement_cost",
    "play_game",
    "random_full_grid",
    "render_svg",
    "replay",
    "safe_placements",
    "sample_worlds",
    "simulate",
    "solve_deal",
    "validate_completion",
    "violations",
    "win_odds",
]


def __getattr__(name: str) -> Any:
    """A submodule, or a public name, loaded on first use.

    ``import tranquility_solver`` stays quick, so the command line starts (and takes Ctrl-C)
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
