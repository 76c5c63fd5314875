"""Games leave no reference cycles behind: what a game made is freed as soon as it is dropped.

A cycle (a trail holding its next step that points back to it, a grid holding openings that
point back to the grid) is freed only by the garbage collector's full pass, whose cost grows
with every game in memory: it took a quarter of the OpenSpiel adapters' time.
"""

from __future__ import annotations

import gc
import random
from collections.abc import Callable, Iterator

import pytest

import tobago_solver as tb
import tranquility_solver as tq

pyspiel = pytest.importorskip("pyspiel")
LEFT_BEHIND = {"GameState", "Trail", "Grid", "Openings", "Choice", "Observation", "MapState"}
"""Types that belong to one game: none may be garbage in a cycle."""


@pytest.fixture
def cycles() -> Iterator[Callable[[], list[str]]]:
    """A function naming the game objects left in cycles since the test began."""
    gc.collect()
    gc.disable()
    flags = gc.get_debug()

    def left() -> list[str]:
        gc.set_debug(gc.DEBUG_SAVEALL)
        gc.collect()
        names = sorted({type(o).__name__ for o in gc.garbage} & LEFT_BEHIND)
        gc.garbage.clear()
        gc.set_debug(flags)
        return names

    try:
        yield left
    finally:
        gc.set_debug(flags)
        gc.garbage.clear()
        gc.enable()


def _random_openspiel_game(game: pyspiel.Game, seed: int) -> None:
    rng = random.Random(seed)
    state = game.new_initial_state()
    for byte in seed.to_bytes(8, "big"):
        state.apply_action(byte)
    for _ in range(60):
        if state.is_terminal():
            break
        state.apply_action(rng.choice(state.legal_actions()))
        state.information_state_string(0)  # digests and views kept on the trail too


def test_openspiel_games_of_tranquility_leave_no_cycles(cycles: Callable[[], list[str]]) -> None:
    import tranquility_solver.openspiel as adapter

    game = pyspiel.load_game(adapter.SHORT_NAME, {"players": 2, "rules": "published"})
    for seed in range(3):
        _random_openspiel_game(game, seed)
    assert cycles() == []


def test_openspiel_games_of_tobago_leave_no_cycles(cycles: Callable[[], list[str]]) -> None:
    import tobago_solver.openspiel as adapter

    game = pyspiel.load_game(adapter.SHORT_NAME, {"players": 2, "rules": "seed"})
    for seed in range(3):
        _random_openspiel_game(game, seed)
    assert cycles() == []


def test_played_games_leave_no_cycles(cycles: Callable[[], list[str]]) -> None:
    for rules in ("published", "seed"):
        tq.play_game([tq.RandomBot(), tq.HeuristicBot()], seed=1, rules=rules)
    tb.play_game(tb.islands.default(), [tb.bots.RandomBot(), tb.bots.GreedyBot()], seed=1)
    assert cycles() == []
