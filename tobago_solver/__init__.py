"""Tobago analysis: where can the treasure still be, and may this clue be played?

>>> import tobago_solver as tb
>>> island = tb.islands.default()
>>> fields = tb.candidates(island, [tb.Clue.parse("in largest lake")])
>>> all(island.terrain(f) == "lake" for f in fields)
True
"""

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
from tobago_solver.game.bots import Bot, GreedyBot, RandomBot, make_bot
from tobago_solver.game.observation import Observation
from tobago_solver.game.records import GameRecord, play_game, replay
from tobago_solver.game.rules import GameRules
from tobago_solver.game.search import SearchBot
from tobago_solver.game.setup import new_game
from tobago_solver.game.simulate import SimulationResult, simulate, wilson_interval
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
