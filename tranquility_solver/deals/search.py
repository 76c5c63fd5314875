"""SearchBot: HeuristicBot, corrected near the end by the deal solver in sampled worlds.

Most games are decided by the last few turns: who keeps a finish card, which cards pay the last
costs, whether a player runs dry. There the deal solver is exact and fast (milliseconds with a
handful of empty cells), so once at most ``endgame_cells`` cells are empty the bot samples
``worlds`` full game states consistent with what it sees
(:func:`~tranquility_solver.game.worlds.sample_worlds`) and asks, for each candidate action and
each world, whether the team can still win that world after the action with every card known
(:func:`~tranquility_solver.deals.solve.solve_deal`). The candidates are HeuristicBot's choice
under a few weightings (:func:`~tranquility_solver.game.playouts.candidate_actions`) and, for
every world that HeuristicBot's own choice loses but that can still be won, the first action of
the solver's winning line there. The candidate winnable in the most worlds is played if it
beats HeuristicBot's choice by ``margin`` worlds. Before the endgame the bot plays as
HeuristicBot: measured, playouts by HeuristicBot in sampled worlds did not pick better actions
than HeuristicBot itself (see ``docs/odds.md``). The worlds' seed comes from the ``rng`` the
game hands the bot, so a game replays (the solver's budget is counted in work, not seconds).

>>> import random
>>> from tranquility_solver.game import new_game
>>> state = new_game(2, seed=4, rules="published")
>>> SearchBot().choose(state.observation(0), random.Random(0)) in state.legal_actions()
True
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from ..game.actions import Action, parse_action
from ..game.bots import HeuristicBot
from ..game.playouts import candidate_actions
from ..game.state import GameState, Observation
from ..game.worlds import sample_worlds
from .solve import DealStatus, solve_deal

__all__ = ["SearchBot"]


@dataclass(frozen=True)
class SearchBot:
    """Plays as HeuristicBot, but in the endgame picks the action winnable in the most sampled
    worlds (see the module docstring).

    ``worlds`` worlds per endgame decision; ``endgame_cells``: the most empty cells at which
    the bot searches; ``step_limit``: the deal solver's work per world and action, in positions
    and actions tried (about 6,000 a second; a world it cannot decide within it counts half; a
    bound on work rather than on the clock, so a seeded game replays on any machine);
    ``margin``: how many more worlds another action must win to replace HeuristicBot's choice.

    >>> SearchBot().name
    'search'
    """

    name: str = "search"
    worlds: int = 8
    endgame_cells: int = 8
    step_limit: int = 5_000
    margin: float = 2.0
    heuristic: HeuristicBot = field(default_factory=HeuristicBot)

    def choose(self, observation: Observation, rng: random.Random) -> Action:
        legal = observation.lazy_legal_actions()
        if len(legal) == 1:
            return legal[0]
        if len(observation.grid.empty_cells) > self.endgame_cells:
            return self.heuristic.choose(observation, rng)
        worlds = sample_worlds(observation, self.worlds, seed=rng.getrandbits(64))
        candidates = list(candidate_actions(observation))
        scores: dict[Action, float] = {}
        default = candidates[0]
        scores[default] = self._score(default, worlds)
        for world in worlds:
            if self._value(world.apply(default)) == 1.0:
                continue
            solution = solve_deal(world, time_limit=None, step_limit=self.step_limit)
            if solution.status is DealStatus.WIN:
                first = parse_action(solution.line[0])
                if first not in candidates:
                    candidates.append(first)
        for action in candidates[1:]:
            scores[action] = self._score(action, worlds)
        best = max(candidates, key=lambda action: scores[action])
        # Another action must be winnable in ``margin`` more worlds than HeuristicBot's: a
        # smaller lead was measured to be noise, or the solver's knowing every card (a line
        # that wins one world by luck the players cannot see).
        return best if scores[best] >= scores[default] + self.margin else default

    def _score(self, action: Action, worlds: tuple[GameState, ...]) -> float:
        return sum(self._value(world.apply(action)) for world in worlds)

    def _value(self, state: GameState) -> float:
        """1 when the team can win ``state`` with every card known, 0 when it cannot, and half
        when the solver ran out of time."""
        if state.outcome is not None:
            return 1.0 if state.outcome.won else 0.0
        status = solve_deal(state, time_limit=None, step_limit=self.step_limit).status
        return {DealStatus.WIN: 1.0, DealStatus.LOSS: 0.0, DealStatus.UNKNOWN: 0.5}[status]
