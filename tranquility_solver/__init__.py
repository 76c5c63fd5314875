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
"""

from __future__ import annotations

from .completion import (
    CountEngine,
    Engine,
    Status,
    Verdict,
    check_completion,
    complete,
    count_completions,
    is_completable,
)
from .deals import (
    Deal,
    DealFormatError,
    DealStatus,
    SearchBot,
    Solution,
    WinOdds,
    solve_deal,
    win_odds,
)
from .errors import (
    ActionFormatError,
    CardError,
    CellError,
    CountLimitError,
    GridFormatError,
    IllegalActionError,
    IllegalPlacementError,
    RecordError,
    SolverTimeoutError,
    TranquilityError,
    UnknownEngineError,
    UnknownRulesError,
)
from .game import (
    FINISH,
    START,
    Action,
    Bot,
    Discard,
    Finish,
    GameRecord,
    GameResult,
    GameState,
    HeuristicBot,
    Observation,
    Outcome,
    Play,
    RandomBot,
    Share,
    SimulationResult,
    Start,
    loses_at_once,
    new_game,
    parse_action,
    play_game,
    replay,
    sample_worlds,
    simulate,
)
from .grid import CELL_NAMES, Grid, cell_index, cell_name
from .hints import Explanation, SafePlacement, dead_cells, explain, safe_placements
from .placement import Placement, check_placement, legal_placements, placement_cost
from .render import render_svg
from .rules import Rules, StartCardEvent
from .sampling import random_full_grid
from .validate import validate_completion, violations

__all__ = [
    "CELL_NAMES",
    "FINISH",
    "START",
    "Action",
    "ActionFormatError",
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
