"""The package's public names (its ``__all__``), which its ``__getattr__`` loads on first use."""

from __future__ import annotations

from tobago_solver import islands
from tobago_solver.analysis import (
    ActionAdvice,
    Identifiability,
    Puzzle,
    advise,
    identifiability,
    make_puzzle,
    min_clues,
    playable_order,
)
from tobago_solver.bots import GreedyBot, RandomBot, SearchBot, make_bot, simulate
from tobago_solver.clues import DECK, SEA, Clue, Relation
from tobago_solver.errors import (
    ActionSyntaxError,
    ClueSyntaxError,
    IllegalActionError,
    IslandFormatError,
    LandmarkRuleError,
    NoLandmarkPlacementError,
    NotToMoveError,
    SolverUnknownError,
    TobagoError,
    UnknownFieldError,
    UnknownIslandError,
)
from tobago_solver.fieldset import FieldSet
from tobago_solver.game.actions import Action, Move, Play, parse_action
from tobago_solver.game.observation import Observation
from tobago_solver.game.records import Bot, GameRecord, play_game, replay
from tobago_solver.game.rules import GameRules
from tobago_solver.game.setup import new_game
from tobago_solver.game.simulate import SimulationResult, wilson_interval
from tobago_solver.game.state import GameState, MapState
from tobago_solver.game.worlds import sample_worlds
from tobago_solver.hexgrid import Direction
from tobago_solver.island import Area, Island, Landmark, LandmarkKind, Terrain
from tobago_solver.legality import ClueVerdict, Reason, check_clue, legal_plays
from tobago_solver.movement import reachable, step_distance
from tobago_solver.placement import place_landmarks
from tobago_solver.render import render_board_svg, render_svg
from tobago_solver.rules import MAP_NAMES, TobagoRules
from tobago_solver.treasure import ENGINES, Engine, candidates
from tobago_solver.validation import LandmarkCounts, island_problems
