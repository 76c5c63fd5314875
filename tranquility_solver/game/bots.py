"""Bots: anything with a ``name`` and ``choose(observation, rng) -> Action``.

Bots see an :class:`~tranquility_solver.game.state.Observation` only, never the state, and take
their randomness from the ``rng`` the game runner hands them, so a game is a pure function of its
seed.

>>> import random
>>> from tranquility_solver.game import new_game
>>> state = new_game(2, seed=4, rules="published")
>>> action = HeuristicBot().choose(state.observation(0), random.Random(0))
>>> action in state.legal_actions()
True
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol, runtime_checkable

from ..completion import count as counting
from ..completion import fast
from ..errors import TranquilityError
from ..grid import CELL_COUNT, Grid, cell_index
from ..hints import dead_cells, safe_placements
from ..rules import Rules
from .actions import Action, Discard, Finish, Play, Share, Start
from .choices import FINISH, START, is_island
from .state import Observation

__all__ = ["BOTS", "Bot", "HeuristicBot", "RandomBot", "make_bot", "make_bots"]


@runtime_checkable
class Bot(Protocol):
    """A player: picks one of ``observation.legal_actions()``."""

    @property
    def name(self) -> str:
        """A short name for logs and records."""
        ...

    def choose(self, observation: Observation, rng: random.Random) -> Action:
        """The action to take; only called on the bot's turn, with at least one legal action."""
        ...


@dataclass(frozen=True)
class RandomBot:
    """Uniform over the legal actions (every payment choice counts as its own action).

    >>> from tranquility_solver.game import new_game
    >>> RandomBot().choose(new_game(1, seed=0).observation(0), random.Random(1))
    Play(card=..., cell=..., discards=())
    """

    name: str = "random"

    def choose(self, observation: Observation, rng: random.Random) -> Action:
        return rng.choice(observation.legal_actions())


_NEVER = 1e9
"""Usefulness of a card the bot must not give away."""
_USELESS = -1e9
"""Usefulness of a card that can never be played (a start card after the first)."""


def _log_count(cells: tuple[int | None, ...], pool: tuple[int, ...], rules: Rules) -> float:
    """log2 of the number of completions; -inf when there is none."""
    total = counting.count(cells, pool, rules.order)
    return math.log2(total) if total else -math.inf


@dataclass(frozen=True)
class HeuristicBot:
    """Plays safe, cheap placements that keep the most completions.

    The pool is every island card the bot cannot rule out (``observation.unknown_cards()``) plus
    its own hand. Candidates are the core's :func:`~tranquility_solver.hints.safe_placements`
    (the grid stays completable from that pool); each is scored by ``log2`` of the number of
    completions afterwards minus ``cost_weight`` bits per card it costs, and the discard action
    competes with ``placement_bonus`` bits less. Payments and discards give up the cards whose
    loss costs the fewest completions. Counting is exact and cheap in `published` (a product of
    binomials); in `seed` it runs on the ``shortlist`` best candidates by card-fit only.
    With no safe placement (the grid is dead, :func:`~tranquility_solver.hints.dead_cells`, or
    will be), it discards, or failing that makes the cheapest legal play.

    >>> HeuristicBot().name
    'heuristic'
    """

    name: str = "heuristic"
    cost_weight: float = 2.0
    placement_bonus: float = 3.0
    shortlist: int = 6

    def choose(self, observation: Observation, rng: random.Random) -> Action:
        del rng  # deterministic: same observation, same action
        legal = observation.legal_actions()
        if len(legal) == 1:
            return legal[0]
        if Finish() in legal:
            return Finish()
        if Start() in legal:
            return Start()  # it must be played before the finish, and it takes no cell
        context = _Context.of(observation)
        if observation.phase == "share":
            return self._share(observation, context, legal)
        return self._turn(observation, context, legal)

    def _share(self, observation: Observation, context: _Context, legal: Sequence[Action]) -> Share:
        sizes = [len(action.cards) for action in legal if isinstance(action, Share)]
        low, high = min(sizes), max(sizes)
        fair = math.ceil(observation.share_left / (observation.later_players + 1))
        # Cards that are of no use anyway are given beyond the fair share.
        spare = sum(
            1
            for card, copy in _numbered(observation.hand)
            if context._rank(card, copy)[0] <= _USELESS
        )
        wanted = max(low, min(high, max(fair, spare)))
        return Share(context.least_useful(observation.hand, wanted))

    def _turn(self, observation: Observation, context: _Context, legal: Sequence[Action]) -> Action:
        hand = observation.hand
        discards = [action for action in legal if isinstance(action, Discard)]
        best: tuple[float, Action] | None = None
        if discards:
            dropped = context.least_useful(hand, 2)
            pool = tuple(card for card in context.pool if card not in dropped)
            score = _log_count(observation.grid.cells, pool, context.rules) - 2 * self.cost_weight
            best = (score, Discard(dropped))
        for placement in self._candidates(observation, context):
            card, cell, cost = placement
            others = list(hand)
            others.remove(card)
            if context.needed(others, cost):
                continue
            paid = context.least_useful(others, cost)
            cells = list(observation.grid.cells)
            cells[cell_index(cell)] = card
            pool = tuple(c for c in context.pool if c != card and c not in paid)
            score = (
                _log_count(tuple(cells), pool, context.rules)
                - cost * self.cost_weight
                + self.placement_bonus
            )
            if best is None or score > best[0]:
                best = (score, Play(card, cell, paid))
        if best is not None and best[0] > -math.inf:
            return best[1]
        # Nothing keeps the grid completable: the game is lost unless the unknown cards were
        # misjudged, so take the cheapest legal action and carry on.
        return min(legal, key=_cheapness)

    def _candidates(
        self, observation: Observation, context: _Context
    ) -> list[tuple[int, str, int]]:
        island = [card for card in observation.hand if is_island(card)]
        if not island:
            return []
        unknown = observation.unknown_cards()
        safe = safe_placements(observation.grid, island, unknown, context.rules)
        if not safe:
            if dead_cells(observation.grid, context.pool, context.rules):
                return []
            # Safe plays may need a start or finish card to pay: fall back to legal plays.
            return sorted(
                {
                    (a.card, a.cell, len(a.discards))
                    for a in observation.legal_actions()
                    if isinstance(a, Play)
                }
            )[: self.shortlist]
        found = [(s.card, s.cell, s.cost) for s in safe]
        if context.rules.order.chain is not None:
            return found  # counting is a product of binomials: score every candidate
        cheapest = min(cost for _, _, cost in found)
        found = [c for c in found if c[2] <= cheapest + 1]
        found.sort(key=lambda c: (c[2], context.misfit(c[0], c[1])))
        return found[: self.shortlist]


def _cheapness(action: Action) -> tuple[int, str]:
    if isinstance(action, Play):
        return (len(action.discards), str(action))
    if isinstance(action, Discard):
        return (2, str(action))
    return (0, str(action))


@dataclass(frozen=True)
class _Context:
    """What the heuristic derives once per decision from an observation."""

    rules: Rules
    grid: Grid
    pool: tuple[int, ...]
    usefulness: dict[int, float]

    @classmethod
    def of(cls, observation: Observation) -> _Context:
        rules, grid, hand = observation.rules, observation.grid, observation.hand
        pool = tuple(sorted({*observation.unknown_cards(), *filter(is_island, hand)}))
        base = _log_count(grid.cells, pool, rules)
        usefulness: dict[int, float] = {}
        for card in set(hand):
            if card == START:
                usefulness[card] = _USELESS if observation.start_played else _NEVER
            elif card == FINISH:
                usefulness[card] = _NEVER  # see _rank: spare copies may go
            elif rules.order.chain is None and grid.filled_count < 12:
                # `seed` counting is slow on an open grid: how many cells could take the card.
                usefulness[card] = float(_open_cells(grid, pool, rules, card))
            else:
                rest = tuple(c for c in pool if c != card)
                usefulness[card] = base - _log_count(grid.cells, rest, rules)
        return cls(rules, grid, pool, usefulness)

    def least_useful(self, cards: Sequence[int], count: int) -> tuple[int, ...]:
        """The ``count`` cards whose loss hurts least; one finish card is always kept last."""
        ranked = sorted(
            ((self._rank(card, copy), card) for card, copy in _numbered(cards)),
        )
        return tuple(sorted(card for _, card in ranked[:count]))

    def needed(self, cards: Sequence[int], count: int) -> bool:
        """Whether giving up ``count`` of ``cards`` must include one the bot keeps at all costs."""
        ranks = sorted(self._rank(card, copy)[0] for card, copy in _numbered(cards))
        return any(rank >= _NEVER for rank in ranks[:count])

    def _rank(self, card: int, copy: int) -> tuple[float, int]:
        if card == FINISH:
            # One finish card is needed to win; `seed` has only one in the whole game.
            spare = copy > 0 and self.rules.finish_cards > 1
            return (_USELESS if spare else _NEVER, card)
        return (self.usefulness[card], card)

    def misfit(self, card: int, cell: str) -> float:
        """How far ``card`` is from the value an even spread would put on ``cell``."""
        index = cell_index(cell)
        windows = fast.windows(self.grid.cells, self.pool, self.rules.order)
        low, high = windows.release[index], windows.deadline[index]
        slot = sum(1 for c in self.pool if c < card)
        if high <= low:
            return abs(slot - low)
        row, column = divmod(index, 6)
        ideal = low + (high - low) * (row + column) / 10
        return abs(slot - ideal) / (high - low)


def _numbered(cards: Sequence[int]) -> list[tuple[int, int]]:
    """Each card with how many equal cards came before it (start/finish cards repeat)."""
    seen: dict[int, int] = {}
    numbered = []
    for card in cards:
        numbered.append((card, seen.get(card, 0)))
        seen[card] = seen.get(card, 0) + 1
    return numbered


def _open_cells(grid: Grid, pool: tuple[int, ...], rules: Rules, card: int) -> int:
    cells = list(grid.cells)
    found = 0
    for index in range(CELL_COUNT):
        if cells[index] is not None:
            continue
        cells[index] = card
        if fast.feasible(tuple(cells), tuple(c for c in pool if c != card), rules.order):
            found += 1
        cells[index] = None
    return found


BOTS: dict[str, type[RandomBot] | type[HeuristicBot]] = {
    "random": RandomBot,
    "heuristic": HeuristicBot,
}
"""Bots by name, for the command line and simulation."""


def make_bot(name: str) -> Bot:
    """A bot by name (``random`` or ``heuristic``); an unknown name is a TranquilityError.

    >>> make_bot("heuristic").name
    'heuristic'
    """
    try:
        return BOTS[name.strip().lower()]()
    except KeyError:
        raise TranquilityError(
            f"unknown bot {name!r}: expected one of {', '.join(sorted(BOTS))}"
        ) from None


def make_bots(spec: str | Sequence[str | Bot], players: int) -> tuple[Bot, ...]:
    """Bots for ``players`` seats from ``"heuristic"`` (every seat), ``"heuristic,random"`` (one
    per seat) or a list of names and bots.

    >>> [bot.name for bot in make_bots("random", 2)]
    ['random', 'random']
    """
    items: list[str | Bot] = (
        [part for part in spec.split(",") if part.strip()] if isinstance(spec, str) else list(spec)
    )
    if len(items) == 1:
        items = items * players
    if len(items) != players:
        raise TranquilityError(f"{len(items)} bots given for {players} players")
    return tuple(make_bot(item) if isinstance(item, str) else item for item in items)
