"""A guide for the deal search in `seed` that plays for cheap wedges instead of discarding.

HeuristicBot prices a run of ``k`` empty cells between filled ``a`` and ``b`` at about
``2 (b - a) / (k + 1)`` cards, and beats a discard only below two cards, so on a grid whose
rows and columns were opened in many places (as its own early plays open them) it discards
turn after turn until a player runs out: on the worlds of turn 10 of the `seed` game of seed 11
it wins none of 100, and the search it guides finds no win in 2 s either. This guide prices the
same runs but plays whenever a placement's cost now, the change in those run prices and how far
the card sits from the middle of the cell's window add up to less than :data:`PLAY_BELOW`; it
never makes a play that leaves a cell no hand can afford (:mod:`.bounds`) or the grid
impossible to complete from the cards left. It reads only the observation, so the search can
remember its choice per observation; ``noise`` makes it a randomised player for playouts.

>>> import random
>>> from tranquility_solver.game import new_game
>>> guide = WedgeGuide(fallback=None)
>>> state = new_game(2, seed=4)
>>> guide.choose(state.observation(0), random.Random(0)) in state.legal_actions()
True
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass

from ..completion import fast
from ..game.actions import Action, Discard, Finish, Play, Start
from ..game.choices import FINISH, START
from ..game.records import Bot
from ..game.state import Observation
from ..grid import Cells, cell_index
from ..rules import Rules, adjacent_axis_cost
from .bounds import LINES, cost_cap

__all__ = ["PLAY_BELOW", "WedgeGuide", "run_price"]

PLAY_BELOW = 4.0
"""A play beats discarding when its score (cards) is below this (tuned on 40 worlds)."""
_RUN_WEIGHT = 1.0
_MISFIT_WEIGHT = 3.0


def run_price(cells: Cells, cap: int) -> float:
    """Estimated cards still to pay for closing every run of empty cells between two filled
    cells of a row or a column; ``inf`` when some cell can never be afforded.

    >>> run_price((10, None, 14) + (None,) * 33, 4), run_price((10, None, 20) + (None,) * 33, 4)
    (4.0, inf)
    """
    total = 0.0
    for line in LINES:
        low: int | None = None
        empty = 0
        for index in line:
            value = cells[index]
            if value is None:
                empty += 1
                continue
            if low is not None and empty:
                spread = value - low
                if empty == 1 and spread > cap:
                    return math.inf
                total += spread if empty == 1 else 2 * spread / (empty + 1)
            low, empty = value, 0
    if any(v is None and adjacent_axis_cost(cells, i, 0) > cap for i, v in enumerate(cells)):
        return math.inf
    return total


@dataclass(frozen=True)
class WedgeGuide:
    """Plays cheap placements in `seed`; under other rules asks ``fallback`` (``None``: the
    first legal action).

    >>> WedgeGuide(fallback=None).name
    'wedge-guide'
    """

    fallback: Bot | None
    noise: float = 0.0

    @property
    def name(self) -> str:
        return "wedge-guide"

    def choose(self, observation: Observation, rng: random.Random) -> Action:
        legal = observation.legal_actions()
        cap = cost_cap(observation.rules)
        if cap is None or observation.phase != "play":
            if self.fallback is not None:
                return self.fallback.choose(observation, rng)
            return legal[0]
        for action in legal:
            if isinstance(action, Finish | Start):
                return action
        pool = tuple(
            sorted({*observation.unknown_cards(), *(c for c in observation.hand if 0 < c < FINISH)})
        )
        cells = observation.grid.cells
        order = observation.rules.order
        windows = fast.windows(cells, pool, order)
        play = self._best_play(observation.rules, cells, pool, windows, legal, cap, rng)
        if play is not None:
            return play
        return self._discard(observation, pool, windows, legal, rng)

    def _best_play(
        self,
        rules: Rules,
        cells: Cells,
        pool: tuple[int, ...],
        windows: fast.Windows,
        legal: tuple[Action, ...],
        cap: int,
        rng: random.Random,
    ) -> Action | None:
        base = run_price(cells, cap)
        slot = {card: position for position, card in enumerate(pool)}
        scored: list[tuple[float, int, Play, tuple[int | None, ...]]] = []
        for position, action in enumerate(legal):
            if not isinstance(action, Play):
                continue
            index = cell_index(action.cell)
            release, deadline = windows.release[index], windows.deadline[index]
            card_slot = slot.get(action.card)
            if card_slot is None or not release <= card_slot <= deadline:
                continue
            after = (*cells[:index], action.card, *cells[index + 1 :])
            price = run_price(after, cap)
            if price == math.inf:
                continue
            misfit = abs(card_slot - (release + deadline) / 2) / max(1, deadline - release + 1)
            score = len(action.discards) + _RUN_WEIGHT * (price - base)
            score += _MISFIT_WEIGHT * misfit + self.noise * rng.random()
            scored.append((score, position, action, after))
        scored.sort(key=lambda entry: entry[:2])
        for score, _, action, placed in scored:
            if score >= PLAY_BELOW:
                break
            rest = list(pool)
            for card in (action.card, *action.discards):
                if card in slot:
                    rest.remove(card)
            if fast.feasible(placed, tuple(rest), rules.order):
                return action
        return None

    def _discard(
        self,
        observation: Observation,
        pool: tuple[int, ...],
        windows: fast.Windows,
        legal: tuple[Action, ...],
        rng: random.Random,
    ) -> Action:
        discards = [action for action in legal if isinstance(action, Discard)]
        if not discards:
            return legal[0]
        release, deadline = windows.release, windows.deadline
        spans = [
            (pool[release[i]], pool[deadline[i]], deadline[i] - release[i] + 1)
            for i in windows.empties
            if release[i] <= deadline[i]
        ]

        def need(card: int) -> float:
            """How badly the cells want the card: narrow windows it fits count most."""
            if card == FINISH:
                return 100.0
            if card == START:
                return 0.0
            fits = sum(1.0 / width for low, high, width in spans if low <= card <= high)
            return fits + 0.05 * self.noise * rng.random()

        needs = {card: need(card) for card in observation.hand}
        return min(discards, key=lambda action: sum(needs[card] for card in action.cards))
