"""SearchBot: GreedyBot's candidates tried in sampled worlds, played out to the end by GreedyBots.

>>> import random
>>> import tobago_solver as tb
>>> state = tb.new_game(tb.islands.default(), 4, seed=3)
>>> bot = SearchBot(worlds=2)
>>> action = bot.choose(state.observation(0), random.Random(0))
>>> action in state.legal_actions()
True
>>> action == bot.choose(state.observation(0), random.Random(0))
True

**The method** (determinized search). At a decision in the ``action`` or ``opening`` phase with
more than one candidate, the bot deals ``worlds`` full game states from its own observation
(:func:`~tobago_solver.game.worlds.sample_worlds`: uniform over the deals it cannot tell apart),
and for each candidate action and each world plays the game to its end with a GreedyBot in every
seat, its own included. A candidate's score is the share of those playouts in which the bot is
among the winners, with the final score margin as a small tie-breaker. The same worlds and the
same playout random draws serve every candidate (common random numbers), so the comparison is
not drowned by the luck of the deal.

**The candidates**: GreedyBot's own choice, every clue play that ends the game at once or
changes which maps can still be located (a ``seed`` game ends when a treasure can no longer be
located: ending it while ahead wins it), the ``plays`` clue plays that leave the fewest
candidates on their map, and claiming moves. Everything else (amulets, curses) is GreedyBot's
choice: they rarely decide a game.

**The cost**: at most ``(1 + plays + extra) × worlds`` playouts per decision, each the rest of a
game (a four-player GreedyBot game takes about 33 turns); a decision with one candidate costs
nothing. Everything random is drawn from the ``rng`` given, so a game replays from its seed.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Final

from tobago_solver.bots.greedy import GreedyBot
from tobago_solver.compile import compiled
from tobago_solver.errors import TobagoError
from tobago_solver.game.actions import Action, Move, Play
from tobago_solver.game.observation import Observation
from tobago_solver.game.state import GameState
from tobago_solver.game.worlds import sample_worlds
from tobago_solver.locating import locator

_GREEDY: Final = GreedyBot()
MARGIN_WEIGHT: Final = 0.001
"""Score margin (per gold point) added to a playout won or lost: breaks ties between candidates
that win equally often, never outweighs a win."""


@dataclass(frozen=True)
class SearchBot:
    """Determinized search over GreedyBot playouts (see the module's text).

    >>> SearchBot().name
    'search'
    """

    name: str = "search"
    worlds: int = 6
    """Worlds sampled per decision."""
    plays: int = 3
    """Clue plays tried besides GreedyBot's choice and those that change what can be located."""

    def __post_init__(self) -> None:
        if type(self.worlds) is not int or self.worlds < 1:
            raise TobagoError(f"worlds must be a whole number ≥ 1, got {self.worlds!r}")
        if type(self.plays) is not int or self.plays < 0:
            raise TobagoError(f"plays must be a whole number ≥ 0, got {self.plays!r}")

    def choose(self, observation: Observation, rng: random.Random) -> Action:
        """The candidate that wins the most playouts; GreedyBot's choice outside the search.
        NotToMoveError for an observation with nothing to decide (as every bot)."""
        legal = observation.legal_actions
        greedy = _GREEDY.choose(observation, rng)
        if len(legal) == 1 or observation.phase not in ("action", "opening"):
            return greedy
        candidates = self.candidates(observation, greedy)
        if len(candidates) == 1:
            return greedy
        seed = rng.getrandbits(64)
        worlds = sample_worlds(observation, self.worlds, seed)
        me = observation.player
        scores = [
            sum(_playout(world, action, me, f"{seed}:{i}") for i, world in enumerate(worlds))
            for action in candidates
        ]
        # Ties keep the earlier candidate: GreedyBot's choice comes first.
        best = max(range(len(candidates)), key=lambda i: (scores[i], -i))
        return candidates[best]

    def candidates(self, obs: Observation, greedy: Action) -> list[Action]:
        """The actions worth a search: GreedyBot's choice first (see the module's text)."""
        chosen: list[Action] = [greedy]
        plays = [a for a in obs.legal_actions if isinstance(a, Play)]
        finder = locator(obs.island)
        locatable = [finder.can_locate(m.candidates_mask) for m in obs.maps]
        table = compiled(obs.island)
        ranked: list[tuple[int, str, Play]] = []
        for play in plays:
            after = obs.maps[play.map].candidates_mask & table.masks[play.clue]
            if finder.can_locate(after) != locatable[play.map] or after.bit_count() == 1:
                _add(chosen, play)
            else:
                ranked.append((after.bit_count(), str(play), play))
        for _, _, play in sorted(ranked)[: self.plays]:
            _add(chosen, play)
        located = {f for f, _ in _located(obs)}
        for action in obs.legal_actions:
            if isinstance(action, Move) and action.destination in located:
                _add(chosen, action)
        return chosen


def _add(chosen: list[Action], action: Action) -> None:
    if action not in chosen:
        chosen.append(action)


def _located(obs: Observation) -> list[tuple[str, int]]:
    fields = obs.island.fields
    return [
        (fields[m.candidates_mask.bit_length() - 1], i) for i, m in enumerate(obs.maps) if m.located
    ]


def _playout(world: GameState, action: Action, me: int, seed: str) -> float:
    """1 if ``me`` is among the winners when GreedyBots play on after ``action``, else 0, plus
    the score margin as a tie-breaker."""
    rng = random.Random(seed)
    state = world.apply(action)
    while not state.is_terminal:
        player = state.to_move
        state = state.apply(_GREEDY.choose(state.observation(player), rng))
    scores = state.scores
    best_other = max(s for p, s in enumerate(scores) if p != me)
    won = 1.0 if me in state.winners else 0.0
    return won + MARGIN_WEIGHT * (scores[me] - best_other)
