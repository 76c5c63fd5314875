"""SearchBot: its own policy, corrected near the end by the deal solver in sampled worlds.

Where HeuristicBot loses a deal that could be won, the decisive mistake is most often in the
last turns of `published`: a payment or a discard that keeps the player's only finish card
when the partner holds another, a discard where paying three cards for the last cell would
have won, a payment with the wrong cards (``docs/odds.md``). There the deal solver is exact
and fast (milliseconds with a handful of empty cells), so once at most ``endgame_cells`` cells
are empty the bot samples ``worlds`` full game states consistent with what it sees and scores
each candidate action by the worlds in which the team can still win after it with every card
known (:func:`~tranquility_solver.deals.solve.search_deal`). Every candidate is scored on the same
worlds (common random numbers), so two candidates differ only by what the action changes.
Where discards lie face down (`published`) the worlds are weighted by what the partner's
discards say (:func:`~tranquility_solver.bots.inferred_worlds.sample_inferred_worlds`: a
partner keeps the cards the grid needs, so worlds where it gave them away are rare) and, in
a two-player game, by what the partner's play shows of their hand
(:mod:`~tranquility_solver.bots.partner_model`: a partner playing as the bot's own policy
keeps every finish card it draws, and would not have made its last ``partner_depth``
decisions holding just any hand); where they are public (`seed`) they are uniform
(:func:`~tranquility_solver.game.worlds.sample_worlds`, the same worlds either way).

The bot's own heuristic is :class:`~tranquility_solver.bots.planner.PlannerBot`: in `seed` it
fills the grid outward from its main diagonal, never paying a card; in `published` it is
:class:`~tranquility_solver.bots.sequence_planner.SequencePlanner`, which keeps the cells it
will have to pay for few; it plays every decision before the endgame and is the default the
search must beat. The candidates are every legal action when there are at most
``max_candidates`` of them (otherwise HeuristicBot's choices under a few weightings,
:func:`~tranquility_solver.bots.playouts.candidate_actions`, and the first action of the
solver's winning line in each world the heuristic's choice loses). The heuristic's choice is
scored on every world first: when it wins so many that no action could lead it by ``margin``
worlds, it is played at once (and with ``check_worlds``, when it wins every one of that many
worlds sampled first, the full set is not even sampled: about half the decisions end there).
Otherwise the best candidate replaces it if it wins ``margin`` more worlds (a smaller lead is
noise, or the solver's knowing every card). That choice is exact, but cheap: each candidate is
scored first on the worlds the heuristic's choice loses, the only ones where it can gain, and
dropped as soon as it can no longer lead by the margin or beat the best so far. The deal
solver's work is bounded per solve (``step_limit``), per decision (``decision_budget``) and per game
(``game_budget``, then the bot plays as its heuristic), in units of work, not seconds, so a
seeded game replays on any machine; the worlds' seed comes from the ``rng`` the game hands
the bot, which also keys the game's budget.

Optionally (``playout_cells`` above ``endgame_cells``; off by default: on 200 paired
development deals it won 182 against 181, see ``docs/odds.md``), before the end game the bot
compares the choices of its policy under a few other weightings (:data:`POLICY_VARIANTS`) where
they differ from its own: each is played out to the end of the game by the policy in every
seat, in the same ``playout_worlds`` sampled worlds, and replaces the policy's choice only if
its playouts win ``playout_margin`` more of them. A playout costs a few milliseconds, no solver.

>>> import random
>>> from tranquility_solver.game import new_game
>>> state = new_game(2, seed=4, rules="published")
>>> SearchBot().choose(state.observation(0), random.Random(0)) in state.legal_actions()
True
"""

from __future__ import annotations

import math
import random
import weakref
from collections.abc import Sequence
from dataclasses import dataclass

from ..deals.solve import DealStatus, Solution, search_deal
from ..errors import TranquilityError
from ..game.actions import Action, parse_action
from ..game.choices import discards_public
from ..game.records import Bot
from ..game.state import GameState, Observation
from ..game.worlds import sample_worlds
from .heuristic import HeuristicBot
from .inferred_worlds import sample_inferred_worlds
from .partner_model import PARTNER_MODEL, PartnerModel, Seen, partner_turns
from .planner import PLANNER, TUNED_HEURISTIC, PlannerBot
from .playouts import candidate_actions, play_out
from .sequence_planner import SequencePlanner
from .turns import check_turn

__all__ = ["TUNED_HEURISTIC", "SearchBot"]


_GUIDE = HeuristicBot()
"""The deal search's guide, as :func:`tranquility_solver.solve_deal` has it."""

_VALUES = {DealStatus.WIN: 1.0, DealStatus.LOSS: 0.0, DealStatus.UNKNOWN: 0.5}
"""A world the solver cannot decide within its work bound counts half."""


_GAME_WORK: weakref.WeakKeyDictionary[random.Random, int] = weakref.WeakKeyDictionary()
"""The deal solver's work spent so far in each game, by the game's bot randomness (one
``random.Random`` per game): what makes :attr:`SearchBot.game_budget` a bound per game."""


_SEEN: weakref.WeakKeyDictionary[random.Random, dict[int, list[Seen]]] = weakref.WeakKeyDictionary()
"""Each seat's last decisions in each game (what it saw, what it did), by the game's bot
randomness: what the partner model reads the partner's decisions between them from."""


POLICY_VARIANTS: tuple[Bot, ...] = (
    PLANNER,
    PlannerBot(sequence=SequencePlanner(forced_weight=0.5)),
    PlannerBot(sequence=SequencePlanner(forced_weight=2.0)),
    PlannerBot(sequence=SequencePlanner(cost_weight=1.0)),
    PlannerBot(sequence=SequencePlanner(cost_weight=2.5)),
)
"""PlannerBot under other weightings of its `published` play, its own first: their choices differ
where it hesitates, and those are the candidates its playouts compare before the end-game search
(:attr:`SearchBot.playout_cells`). In `seed` they all play PlannerBot's plan, so there is never
more than one candidate there."""


@dataclass
class _Budget:
    """The deal solver's work left for one decision: positions visited and completability
    checks, a solve the solver could not finish counted at its whole bound."""

    left: int
    spent: int = 0

    def value(self, state: GameState, step_limit: int) -> float:
        """1 when the team can win ``state`` with every card known, 0 when it cannot, half
        when the solver ran out of work; charges the work done."""
        if state.outcome is not None:
            return 1.0 if state.outcome.won else 0.0
        solution = self.solve(state, step_limit, with_line=False)
        if solution.status is DealStatus.UNKNOWN:
            self.charge(step_limit)
        return _VALUES[solution.status]

    def solve(self, state: GameState, step_limit: int, with_line: bool = True) -> Solution:
        """The deal solver's answer for ``state`` (its line only ``with_line``); charges the
        work done."""
        solution = search_deal(
            state, _GUIDE, time_limit=None, step_limit=step_limit, with_line=with_line
        )
        if solution.interrupted:  # Ctrl-C stops the bot, not only this search
            raise KeyboardInterrupt
        self.charge(solution.nodes + solution.solver_calls + 1)
        return solution

    def charge(self, work: int) -> None:
        self.left -= work
        self.spent += work


_COUNTS = {
    "worlds": 1,
    "check_worlds": 0,
    "endgame_cells": 0,
    "max_candidates": 1,
    "step_limit": 1,
    "decision_budget": 0,
    "game_budget": 0,
    "playout_cells": 0,
    "playout_worlds": 1,
    "partner_depth": 0,
}
"""SearchBot's whole-number parameters and the least value each may take."""


@dataclass(frozen=True)
class SearchBot:
    """Plays as its ``heuristic``, but in the endgame picks the action winnable in the most sampled
    worlds (see the module docstring).

    ``worlds`` worlds per endgame decision; ``check_worlds``: how many worlds the
    heuristic's choice must all win to be played without sampling the others (0: no check);
    ``endgame_cells``: the most empty
    cells at which the bot searches; ``max_candidates``: the most legal actions that are all
    candidates; ``step_limit``: the deal solver's work per world and action, in positions and
    actions tried (about 6,000 a second); ``decision_budget``: its work per decision (once
    spent, the candidates not yet scored are dropped); ``margin``: how many more worlds another
    action must win to replace the heuristic's choice; ``game_budget``: the solver's work per
    game, after which the bot plays as its heuristic (counted per ``rng`` object: hand each
    game its own ``random.Random``, as ``play_game`` does); ``read_discards``: weight the
    worlds by what the other players' face-down discards say about them (``False``: uniform
    worlds; no difference where discards are public). ``playout_cells``: the most empty cells at
    which the bot compares its policy's variants (``variants``, its own first) by playing each
    out in ``playout_worlds`` worlds, switching only for ``playout_margin`` more won (0, the
    default: never). ``partner_depth``: how many of the partner's last decisions weight the
    worlds where discards lie face down, as ``partner_model`` reads them (0: none); the bot
    remembers its own decisions per game (per ``rng``, as the game's budget) to read them.

    >>> SearchBot().name
    'search'
    """

    name: str = "search"
    worlds: int = 64
    check_worlds: int = 12
    endgame_cells: int = 24
    max_candidates: int = 30
    step_limit: int = 1_000
    decision_budget: int = 30_000
    game_budget: int = 250_000
    margin: float = 4.0
    read_discards: bool = True
    heuristic: Bot = PLANNER
    playout_cells: int = 0
    playout_worlds: int = 64
    playout_margin: float = 4.0
    variants: tuple[Bot, ...] = POLICY_VARIANTS
    partner_depth: int = 1
    partner_model: PartnerModel = PARTNER_MODEL

    def __post_init__(self) -> None:
        for name, low in _COUNTS.items():
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int) or value < low:
                raise TranquilityError(
                    f"SearchBot {name} must be a whole number ≥ {low}, got {value!r}"
                )
        for name in ("margin", "playout_margin"):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int | float) or not value >= 0:
                raise TranquilityError(f"SearchBot {name} must be a number ≥ 0, got {value!r}")
        for bot in (self.heuristic, *self.variants):
            if not callable(getattr(bot, "choose", None)):
                raise TranquilityError(f"SearchBot needs bots with a choose method, got {bot!r}")

    def choose(self, observation: Observation, rng: random.Random) -> Action:
        check_turn(observation, self.name)
        seen = _SEEN.setdefault(rng, {}).setdefault(observation.player, [])
        action = self._choose(observation, rng, seen)
        seen.append((observation, action))
        del seen[: -max(self.partner_depth, 1)]
        return action

    def _choose(self, observation: Observation, rng: random.Random, seen: list[Seen]) -> Action:
        legal = observation.lazy_legal_actions()
        only = legal.single()
        if only is not None:
            return only
        empty = len(observation.grid.empty_cells)
        if empty > self.endgame_cells:
            if empty <= self.playout_cells:
                return self._played_out(observation, rng)
            return self.heuristic.choose(observation, rng)
        spent = _GAME_WORK.get(rng, 0)
        if spent >= self.game_budget:
            return self.heuristic.choose(observation, rng)
        seed = rng.getrandbits(64)
        budget = _Budget(min(self.decision_budget, self.game_budget - spent))
        try:
            default = self.heuristic.choose(observation, random.Random(0))  # deterministic
            if self.check_worlds and all(
                budget.value(world.apply(default), self.step_limit) == 1.0
                for world in self._worlds(observation, seen, self.check_worlds, seed)
            ):
                return default
            # Another draw than the check's (the same as before checks existed when they are off).
            worlds = self._worlds(observation, seen, self.worlds, seed + self.check_worlds)
            return self._search(observation, legal, default, worlds, budget)
        finally:
            _GAME_WORK[rng] = spent + budget.spent

    def _worlds(
        self, observation: Observation, seen: list[Seen], n: int, seed: int
    ) -> tuple[GameState, ...]:
        """``n`` worlds consistent with ``observation``, weighted as the bot reads the game."""
        if self._reads_partner(observation):
            turns = partner_turns(seen, observation, self.partner_depth)
            return self.partner_model.sample(observation, turns, n, seed)
        return self._sample(observation, n, seed=seed)

    def _sample(self, observation: Observation, n: int, seed: int) -> tuple[GameState, ...]:
        """``n`` worlds consistent with ``observation``: weighted by the partners' discards
        (``read_discards``) or uniform."""
        sampler = sample_inferred_worlds if self.read_discards else sample_worlds
        return sampler(observation, n, seed=seed)

    def _reads_partner(self, observation: Observation) -> bool:
        """Whether the worlds are weighted by the partner model: when the bot reads the
        discards, they lie face down (`published`; in `seed` the bot plays as before), the game
        has two players and ``partner_depth`` is above 0."""
        return (
            self.read_discards
            and self.partner_depth > 0
            and observation.players == 2
            and not discards_public(observation.rules)
        )

    def _played_out(self, observation: Observation, rng: random.Random) -> Action:
        mine = self.heuristic.choose(observation, rng)
        candidates = list(dict.fromkeys((mine, *candidate_actions(observation, self.variants))))
        if len(candidates) == 1:
            return mine
        # Seeded from the game's randomness without drawing from it: the end-game search
        # then samples the same worlds as it would without these playouts.
        peek = random.Random()
        peek.setstate(rng.getstate())
        worlds = self._sample(
            observation, self.playout_worlds, seed=peek.getrandbits(64) ^ observation.turn
        )
        wins = {
            action: sum(
                _won(play_out(world.apply(action), self.heuristic, random.Random(0)))
                for world in worlds
            )
            for action in candidates
        }
        best = max(candidates, key=lambda action: wins[action])
        return best if wins[best] >= wins[mine] + self.playout_margin else mine

    def _search(
        self,
        observation: Observation,
        legal: Sequence[Action],
        default: Action,
        worlds: tuple[GameState, ...],
        budget: _Budget,
    ) -> Action:
        """The candidate that wins the most worlds if it wins ``margin`` more than the
        heuristic's choice (ties to the earlier candidate), else the heuristic's choice.

        Exact over the candidates scored: a candidate is dropped only once it can no longer
        reach that, which is why it is scored first on the worlds the heuristic's choice loses
        (only there can it gain)."""
        if budget.left <= 0:
            return default
        base = [budget.value(world.apply(default), self.step_limit) for world in worlds]
        room = [1.0 - value for value in base]  # what another action can gain in each world
        if sum(room) < self.margin:
            return default  # no other action can lead it by the margin
        order = sorted(range(len(worlds)), key=lambda i: -room[i])
        lost = [worlds[i] for i in order if room[i] > 0]
        best, best_lead = default, -math.inf

        def leads(lead: float) -> bool:
            # A smaller lead than the margin was measured to be noise, or the solver's knowing
            # every card (a line that wins one world by luck no player can see); ties go to the
            # earlier candidate.
            return lead >= self.margin and lead > best_lead

        for action in self._candidates(observation, legal, default, lost, budget)[1:]:
            lead, left = 0.0, sum(room)
            for i in order:
                if budget.left <= 0 or not leads(lead + left):
                    break
                lead += budget.value(worlds[i].apply(action), self.step_limit) - base[i]
                left -= room[i]
            else:
                if leads(lead):
                    best, best_lead = action, lead
        return best

    def _candidates(
        self,
        observation: Observation,
        legal: Sequence[Action],
        default: Action,
        lost: Sequence[GameState],
        budget: _Budget,
    ) -> list[Action]:
        """The bot's own heuristic's choice first, then the other actions worth scoring
        (``lost``: the worlds the heuristic's choice loses, worst first)."""
        candidates = list(dict.fromkeys((default, *candidate_actions(observation))))
        if len(legal) <= self.max_candidates:
            return candidates + [action for action in legal if action not in candidates]
        for world in lost:
            if budget.left <= 0:
                break
            solution = budget.solve(world, self.step_limit)
            if solution.status is DealStatus.WIN:
                first = parse_action(solution.line[0])
                if first not in candidates:
                    candidates.append(first)
        return candidates


def _won(state: GameState) -> bool:
    return state.outcome is not None and state.outcome.won
