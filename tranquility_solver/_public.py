"""The package's public names (its ``__all__``), which its ``__getattr__`` loads on first use."""

from __future__ import annotations

from tranquility_solver.analysis import WinOdds, solve_deal, win_odds
from tranquility_solver.analysis.atlas import Atlas, AtlasCell, AtlasError, atlas
from tranquility_solver.bots import HeuristicBot, RandomBot, SearchBot, simulate
from tranquility_solver.completion import (
    CountEngine,
    Engine,
    Status,
    Verdict,
    check_completion,
    complete,
    count_completions,
    is_completable,
)
from tranquility_solver.deals import Deal, DealFormatError, DealStatus, Solution
from tranquility_solver.errors import (
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
from tranquility_solver.game import (
    FINISH,
    START,
    Action,
    Bot,
    Discard,
    Finish,
    GameRecord,
    GameResult,
    GameState,
    Observation,
    Outcome,
    Play,
    Share,
    SimulationResult,
    Start,
    loses_at_once,
    new_game,
    parse_action,
    play_game,
    replay,
    sample_worlds,
)
from tranquility_solver.grid import CELL_NAMES, Grid, cell_index, cell_name
from tranquility_solver.hints import (
    Explanation,
    SafePlacement,
    dead_cells,
    explain,
    safe_placements,
)
from tranquility_solver.placement import (
    Placement,
    check_placement,
    legal_placements,
    placement_cost,
)
from tranquility_solver.render import render_svg
from tranquility_solver.rules import Rules, StartCardEvent
from tranquility_solver.sampling import random_full_grid
from tranquility_solver.validate import validate_completion, violations
