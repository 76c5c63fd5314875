"""Deal solvability: can the team win a deal when every card is known?

The game is cooperative and, once every deck order is known, has no chance left in it: the
players are one team choosing every action, so a deal is won exactly when some sequence of legal
actions ends in a played finish card. :func:`search_deal` searches the game tree depth first for
such a line (``engine="search"``, with a transposition table, sound pruning and move ordering,
see ``docs/deals.md``), or exhaustively without any of that (``engine="brute"``, for tests). The
move ordering tries first what a *guide* would play, a bot the caller hands in (the public
:func:`tranquility_solver.solve_deal` hands in HeuristicBot).

>>> import tranquility_solver as tq
>>> solution = search_deal(Deal.random(1, seed=3), tq.HeuristicBot(), time_limit=30)
>>> solution.status, len(solution.line) > 36
(<DealStatus.WIN: 'win'>, True)
"""

from __future__ import annotations

import enum
import math
import random
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Literal

from ..completion import fast
from ..errors import TranquilityError, UnknownEngineError
from ..game.actions import Action, Finish, Play, parse_action
from ..game.choices import FINISH, START
from ..game.legal import LegalActions
from ..game.observation import Observation
from ..game.records import Bot
from ..game.state import GameState
from ..grid import CELL_COUNT, Cells, Grid
from ..placement import openings
from ..rules import Rules
from .bounds import cost_cap, turns_fit, unaffordable
from .deal import Deal

__all__ = ["DEAL_ENGINES", "DealEngine", "DealStatus", "Progress", "Solution", "search_deal"]

DealEngine = Literal["search", "brute"]
"""``search``: depth first with transpositions and pruning; ``brute``: plain exhaustive search."""
DEAL_ENGINES: tuple[DealEngine, ...] = ("search", "brute")

_JUNK = -1
"""Stands in the transposition key for any card that can never reach the grid again."""
_Pass = tuple[int, int | None]
"""One limited discrepancy pass: the discrepancy budget of a line, and the depth (in
positions from the root) from which on no discrepancy may be taken (``None``: anywhere)."""
_STEP_LIMITED_PASSES: tuple[_Pass, ...] = ((0, None), (1, None), (2, None))
"""The passes before the exhaustive search when the work is bounded by steps (SearchBot, the
atlas: their recorded choices depend on the order the search visits positions in)."""
_TIMED_PASSES: tuple[_Pass, ...] = (
    # No pass without discrepancies: the first line of every pass is the guide's own, so the
    # first one-discrepancy pass walks it anyway, to the same end.
    *((1, depth) for depth in (2, 4, 8, 16)),
    (1, None),
    (2, None),
)
"""The passes when the search is bounded by the clock: the one-discrepancy lines with their
discrepancy near the root first, the depth doubling from pass to pass (docs/deals.md)."""
_CHECK_EVERY = 128
"""Units of work (positions visited and actions tried) between two looks at the clock."""
_PREFERENCES_KEPT = 10_000
"""The guide's choices remembered before the memory is cleared (a bound on its size)."""


class DealStatus(enum.Enum):
    """A deal's verdict; ``UNKNOWN`` means the time ran out, never "lost".

    >>> [status.name for status in DealStatus]
    ['WIN', 'LOSS', 'UNKNOWN']
    """

    WIN = "win"
    LOSS = "loss"
    UNKNOWN = "unknown"


@dataclass(frozen=True)
class Solution:
    """What :func:`search_deal` found, with the statistics of the search.

    ``line`` holds the winning actions in text form (empty unless ``WIN``); they replay with
    :func:`~tranquility_solver.game.actions.parse_action` from ``deal.to_state()``.
    ``solver_calls`` counts completability checks; ``transpositions`` positions answered from
    the table; ``pruned`` positions cut by a bound.

    >>> Solution(DealStatus.LOSS, (), 1, 0, 0.0, "search").won
    False
    """

    status: DealStatus
    line: tuple[str, ...]
    nodes: int
    solver_calls: int
    seconds: float
    engine: str
    transpositions: int = 0
    pruned: int = 0
    interrupted: bool = False
    """Whether Ctrl-C stopped the search: the answer is then UNKNOWN, as if time ran out."""

    @property
    def won(self) -> bool:
        """True for a WIN."""
        return self.status is DealStatus.WIN

    @property
    def decided(self) -> bool:
        """True for WIN or LOSS (the search finished within its time limit)."""
        return self.status is not DealStatus.UNKNOWN

    def line_text(self, deal: Deal) -> str:
        """The winning line numbered, with the player of each action (replayed on ``deal``).

        >>> deal = Deal.random(1, seed=3)
        >>> import tranquility_solver as tq
        >>> print(tq.solve_deal(deal, time_limit=30).line_text(deal))  # doctest: +ELLIPSIS
           1. player 0: play 27 d1
           2. player 0: play 23 c1
        ...
        """
        state = deal.to_state()
        lines = []
        for number, text in enumerate(self.line, 1):
            player = state.current_player
            state = state.apply(parse_action(text))
            lines.append(f"{number:4d}. player {player}: {text}")
        return "\n".join(lines)

    def statistics_text(self) -> str:
        """The search's statistics in one line.

        >>> Solution(DealStatus.LOSS, (), 1234, 56, 0.5, "search", 7, 8).statistics_text()
        'statistics: 1,234 positions, 56 solver calls, 7 transpositions, 8 pruned, 0.50 s'
        """
        return (
            f"statistics: {self.nodes:,} positions, {self.solver_calls:,} solver calls, "
            f"{self.transpositions:,} transpositions, {self.pruned:,} pruned, "
            f"{self.seconds:.2f} s"
        )


@dataclass(frozen=True)
class Progress:
    """Passed to the ``progress`` callback about twice a second while searching.

    >>> Progress(10, 2, 0.5, 3).nodes
    10
    """

    nodes: int
    solver_calls: int
    seconds: float
    depth: int


class _OutOfTimeError(Exception):
    """Unwinds the search when the time limit is reached."""


# -- the search engine --------------------------------------------------------------------------

Key = tuple[object, ...]


class _Search:
    """Depth-first search for a winning line; positions proven lost are remembered."""

    def __init__(
        self,
        rules: Rules,
        guide: Bot,
        deadline: float,
        started: float,
        progress: Callable[[Progress], None] | None,
        prune: bool,
        step_limit: int | None = None,
    ) -> None:
        self.rules = rules
        self.step_limit = math.inf if step_limit is None else step_limit
        self.order = rules.order
        self.deadline = deadline
        self.started = started
        self.progress = progress
        self.prune = prune
        self.next_report = started + 0.5
        self.lost: set[Key] = set()
        self.live: dict[Cells, int] = {}
        self.completable: dict[tuple[Cells, tuple[int, ...]], bool] = {}
        self.cap = cost_cap(rules) if step_limit is None else None  # docs/deals.md, rule 5
        self.preferences: dict[Observation, Action] = {}
        self.guide = guide
        self.rng = random.Random(0)
        self.nodes = self.solver_calls = self.transpositions = self.pruned = 0
        self.steps = 0
        self.depth = 0
        self.deviation_depth: float = math.inf
        """No discrepancy is taken at this depth or below it (set per pass)."""
        self.exhausted = True

    # -- facts about one grid ----------------------------------------------------------------

    def _live_cards(self, grid: Grid) -> int:
        """Bit ``card`` set for every island card some empty cell still accepts by the order
        rule; once per grid. Read from the grid's openings, which the game keeps from the
        grid before the play."""
        found = self.live.get(grid.cells)
        if found is None:
            found = 0
            for low, high, _, _ in openings(grid, self.rules).intervals:
                if high > low + 1:
                    found |= (1 << high) - (1 << (low + 1))  # the bits low + 1 … high - 1
            self.live[grid.cells] = found
        return found

    def _canonical(self, cards: tuple[int, ...], live: int, start: int) -> tuple[int, ...]:
        """A hand with every card that can never be placed or played written as ``_JUNK``:
        ``live`` is :meth:`_live_cards` of the grid, ``start`` what a start card counts as."""
        return tuple(
            sorted(
                [
                    card
                    if live >> card & 1 or card == FINISH
                    else (start if card == START else _JUNK)
                    for card in cards
                ]
            )
        )

    def key(self, state: GameState) -> Key:
        """Everything the rest of the game depends on, junk cards made alike.

        The decks are a suffix of the deal's decks, so their lengths stand for them."""
        live = self._live_cards(state.grid)
        start = _JUNK if state.start_played else START
        return (
            state.grid.cells,
            tuple(self._canonical(hand, live, start) for hand in state.hands),
            tuple(len(deck) for deck in state.decks),
            state.start_played,
            state.current_player,
            state.phase,
            state.share_left,
            state.share_starter if state.phase == "share" else 0,
        )

    # -- bounds ---------------------------------------------------------------------------------

    def hopeless(self, state: GameState) -> bool:
        """A sound proof that no line wins from ``state`` (docs/deals.md argues each rule)."""
        supply = [hand + deck for hand, deck in zip(state.hands, state.decks, strict=True)]
        cards = [card for part in supply for card in part]
        # Rule 1: a finish card, and a start card until one is played, must still be held.
        if FINISH not in cards or (not state.start_played and START not in cards):
            return True
        # Rules 2 and 5: the cards still held must complete the grid, each cell affordably.
        cells = state.grid.cells
        live = self._live_cards(state.grid)
        # Only island cards have a bit in `live` (start and finish are 0 and 81).
        pool = tuple(sorted([c for c in cards if live >> c & 1]))  # a list: no generator
        known = self.completable.get((cells, pool))
        if known is None:
            self.solver_calls += 1
            known = fast.feasible(cells, pool, self.order)
            if known and self.cap is not None:
                known = not unaffordable(cells, pool, self.cap)
            self.completable[(cells, pool)] = known
        if not known:
            return True
        # Rule 3: every turn costs its player a card, and running out before the win loses.
        if state.phase == "play":
            needed = CELL_COUNT - state.grid.filled_count + 1 + (0 if state.start_played else 1)
            sizes = [len(part) for part in supply]
            at_once = self.rules.out_of_cards_check == "at once"
            if not turns_fit(sizes, state.current_player, needed, at_once=at_once):
                return True
        return False

    # -- move ordering ------------------------------------------------------------------------

    def _value(self, state: GameState, card: int, finishes: int, live: int) -> float:
        """How much the team loses by giving ``card`` up (for ordering only); ``live`` is
        :meth:`_live_cards` of the state's grid."""
        if card == START:
            return 0.0 if state.start_played else 100.0
        if card == FINISH:
            return 100.0 if finishes <= 1 else 0.0
        return 1.0 if live >> card & 1 else 0.0

    def children(
        self, state: GameState, first_only: bool = False
    ) -> Iterator[tuple[Action, GameState | None, Key | None]]:
        """Legal actions with their results and keys (``None``: not worked out), likeliest
        winners first, one per distinct key.

        With ``first_only`` the caller takes the first child and stops at the second, which
        is then counted (one unit of work, as when it is built) but not built when it cannot
        repeat an earlier child's key: its grid differs from theirs."""
        legal = state.lazy_legal_actions()
        only = legal.single()
        if only is not None:
            yield only, state.apply(only), None
            return
        seen: set[Key] = set()
        grids: set[tuple[int, str] | None] = set()
        for action in self._ordered(state, legal):
            self.step()
            if first_only and grids and _grid_change(action) not in grids:
                yield action, None, None
                return
            child = state.apply(action)
            key = None
            if child.outcome is None:
                key = self.key(child)
                if key in seen:
                    continue
                seen.add(key)
            grids.add(_grid_change(action))
            yield action, child, key

    def _ordered(self, state: GameState, legal: LegalActions) -> Iterator[Action]:
        """The legal actions in the order they are tried: the heuristic bot's own choice (its
        share of a team discard too), as it wins many deals on its own, then the others by the
        cards they give up, cheapest first (:meth:`_ranked`), built one at a time, as most
        searches try only the first one or two."""
        preferred = self._preferred(state)
        yield preferred
        tried = False
        for position in self._ranked(state, legal):
            action = legal[position]
            if not tried and action == preferred:
                tried = True
                continue
            yield action

    def _ranked(self, state: GameState, legal: LegalActions) -> Iterator[int]:
        """The positions of the legal actions by the cards they give up, cheapest first, ties
        in the listing's order. Finish, start and the free plays give up nothing and come
        first, in that order (the plays as listed); the rest is ranked only when asked for."""
        plays = legal.count_of(Play)
        card_sets = legal.card_sets()
        tail = range(plays + len(card_sets), len(legal))
        yield from sorted(tail, key=lambda position: not isinstance(legal[position], Finish))
        position = 0
        for cost, payments in legal.payments_by_placement():
            if not cost:
                yield position  # its one payment: no card
            position += len(payments)
        finishes = sum(hand.count(FINISH) for hand in state.hands)
        finishes += sum(deck.count(FINISH) for deck in state.decks)
        live = self._live_cards(state.grid)
        # Every action gives up cards of the mover's hand (plays, discards, shares alike).
        hand = state.hands[state.current_player]
        values = {card: self._value(state, card, finishes, live) for card in set(hand)}
        lost: dict[tuple[int, ...], float] = {}

        def lost_value(cards: tuple[int, ...]) -> float:
            found = lost.get(cards)
            if found is None:
                # Many plays pay with the same cards: each choice is summed once.
                found = lost[cards] = sum(values[card] for card in cards)
            return found

        # Ranked as (rank, position in the listing): a stable sort by rank.
        ranked: list[tuple[tuple[float, ...], int]] = []
        ranks: dict[int, list[tuple[float, ...]]] = {}
        position = 0
        for cost, payments in legal.payments_by_placement():
            if cost:
                # Placements of one card at one cost share their list of payments: ranked once.
                found = ranks.get(id(payments))
                if found is None:
                    found = ranks[id(payments)] = [(cost, 0, lost_value(paid)) for paid in payments]
                ranked.extend(zip(found, range(position, position + len(found)), strict=True))
            position += len(payments)
        sharing = state.phase == "share"
        for cards in card_sets:
            value = lost_value(cards)
            ranked.append(((value, -len(cards)) if sharing else (2, 1, value), position))
            position += 1
        ranked.sort()  # by rank, ties in the listing's order
        for _, position in ranked:
            yield position

    def _preferred(self, state: GameState) -> Action:
        """The guide's choice, remembered per observation: it depends on nothing else, and
        the discrepancy searches come back to the same positions."""
        observation = state.observation(state.current_player)
        found = self.preferences.get(observation)
        if found is None:
            if len(self.preferences) >= _PREFERENCES_KEPT:
                self.preferences.clear()
            found = self.preferences[observation] = self.guide.choose(observation, self.rng)
        return found

    # -- the search -----------------------------------------------------------------------------

    def tick(self) -> None:
        """Count a position visited, and look at the clock now and then."""
        self.nodes += 1
        self.step()

    def step(self) -> None:
        """Count a unit of work (a position, or an action tried on one); every
        ``_CHECK_EVERY`` units look at the clock and report progress."""
        self.steps += 1
        if self.steps > self.step_limit:
            raise _OutOfTimeError
        if self.steps % _CHECK_EVERY:
            return
        now = time.monotonic()
        if now >= self.deadline:
            raise _OutOfTimeError
        if self.progress is not None and now >= self.next_report:
            self.next_report = now + 0.5
            self.progress(Progress(self.nodes, self.solver_calls, now - self.started, self.depth))

    def visit(
        self, state: GameState, budget: int | None = None, key: Key | None = None
    ) -> list[Action] | None:
        """A winning line from ``state``, or ``None``.

        ``budget`` limits the discrepancies: how many times along a line an action other than
        the first in move order may be taken (``None``: no limit, an exhaustive search); no
        discrepancy is taken from ``self.deviation_depth`` down. ``self.exhausted`` tells
        afterwards whether ``None`` was a proof (every action searched), which is the only
        case a position is stored as lost. ``key``: the state's :meth:`key` when the caller
        has it.
        """
        self.tick()
        self.exhausted = True
        if state.outcome is not None:
            return [] if state.outcome.won else None
        if not self.prune:
            return self._expand_plain(state)
        if key is None:
            key = self.key(state)
        if key in self.lost:
            self.transpositions += 1
            return None
        if self.hopeless(state):
            self.pruned += 1
            self.lost.add(key)
            return None
        if budget and self.depth >= self.deviation_depth:
            budget = 0
        complete = True
        self.depth += 1
        try:
            for index, (action, child, child_key) in enumerate(
                self.children(state, first_only=budget == 0)
            ):
                child_budget = budget
                if budget is not None and index > 0:
                    if budget == 0:
                        complete = False
                        break
                    child_budget = budget - 1
                assert child is not None  # only a child past the first is left unbuilt
                line = self.visit(child, child_budget, child_key)
                if line is not None:
                    line.append(action)  # built backwards, reversed once at the top
                    self.exhausted = True
                    return line
                complete = complete and self.exhausted
        finally:
            self.depth -= 1
        if complete:
            self.lost.add(key)
        self.exhausted = complete
        return None

    def _expand_plain(self, state: GameState) -> list[Action] | None:
        """Brute force: every legal action in the engine's order, nothing remembered or cut."""
        self.depth += 1
        try:
            for action in state.legal_actions():
                line = self.visit(state.apply(action))
                if line is not None:
                    line.append(action)
                    return line
        finally:
            self.depth -= 1
        return None


def _grid_change(action: Action) -> tuple[int, str] | None:
    """What an action puts on the grid: a play its card and cell, any other action nothing.
    Children whose actions differ here have different grids, so different keys."""
    return (action.card, action.cell) if isinstance(action, Play) else None


def search_deal(
    deal: Deal | GameState,
    guide: Bot,
    time_limit: float | None = 60.0,
    engine: DealEngine = "search",
    progress: Callable[[Progress], None] | None = None,
    step_limit: int | None = None,
    with_line: bool = True,
) -> Solution:
    """Decide a deal: WIN with a line, LOSS (exhaustive), or UNKNOWN when time runs out.

    ``guide``: the bot whose choice is tried first at each position (remembered per
    observation, so it must not depend on the ``rng``, as HeuristicBot's does not).

    ``time_limit`` is in seconds (``None``: no limit). ``step_limit`` bounds the work instead
    (positions visited and actions tried; ``None``: no bound): unlike the clock, the same deal
    and limit always give the same answer, which is what a seeded bot needs to replay. A WIN
    line is replayed through the game engine before it is returned; ``with_line=False`` asks
    for the verdict and statistics alone (a WIN then has an empty ``line``: nothing is written
    out or replayed, which a caller deciding many worlds need not pay for).

    >>> from tranquility_solver.grid import Grid
    >>> import tranquility_solver as tq
    >>> nearly, guide = Grid(tuple(range(1, 36)) + (None,)), tq.HeuristicBot()
    >>> deal = Deal(Rules.seed(), 0, ((START, FINISH),), ((36, 50),), grid=nearly)
    >>> solution = search_deal(deal, guide)
    >>> solution.status.name, solution.line
    ('WIN', ('start', 'play 50 f6', 'finish'))
    >>> two_empty = Grid(tuple(range(1, 35)) + (None, None))  # four turns to go, three cards
    >>> lost = Deal(Rules.seed(), 0, ((START, FINISH),), ((50,),), grid=two_empty)
    >>> search_deal(lost, guide).status
    <DealStatus.LOSS: 'loss'>
    """
    if engine not in DEAL_ENGINES:
        raise UnknownEngineError(
            f"unknown deal engine {engine!r}: expected one of {', '.join(DEAL_ENGINES)}"
        )
    if time_limit is not None and (
        isinstance(time_limit, bool)
        or not isinstance(time_limit, int | float)
        or not time_limit > 0
        or math.isinf(time_limit)
    ):
        raise TranquilityError(f"time limit {time_limit!r}: expected a positive number of seconds")
    if step_limit is not None and (type(step_limit) is not int or step_limit < 1):
        raise TranquilityError(f"step limit {step_limit!r}: expected a whole number >= 1")
    if isinstance(deal, GameState):
        deal = Deal.from_state(deal)
    start = deal.to_state()
    started = time.monotonic()
    deadline = math.inf if time_limit is None else started + time_limit
    search = _Search(
        deal.rules,
        guide,
        deadline,
        started,
        progress,
        prune=engine == "search",
        step_limit=step_limit,
    )
    interrupted = False
    try:
        found = None
        # Limited discrepancy first: lines that follow the move order but for one or two
        # deviations, then the exhaustive search. Positions proven lost carry over.
        passes = _STEP_LIMITED_PASSES if step_limit is not None else _TIMED_PASSES
        for budget, depth in (*(passes if engine == "search" else ()), (None, None)):
            search.deviation_depth = math.inf if depth is None else depth
            found = search.visit(start, budget)
            if found is not None or search.exhausted:
                break
        status = DealStatus.LOSS if found is None else DealStatus.WIN
    except _OutOfTimeError:
        found, status = None, DealStatus.UNKNOWN
    except KeyboardInterrupt:
        # Ctrl-C ends the search as the time limit would: the caller still gets the statistics.
        found, status, interrupted = None, DealStatus.UNKNOWN, True
    line = tuple(str(action) for action in reversed(found or [])) if with_line else ()
    if status is DealStatus.WIN and with_line:
        _check_line(start, line)
    return Solution(
        status=status,
        line=line,
        nodes=search.nodes,
        solver_calls=search.solver_calls,
        seconds=time.monotonic() - started,
        engine=engine,
        transpositions=search.transpositions,
        pruned=search.pruned,
        interrupted=interrupted,
    )


def _check_line(start: GameState, line: tuple[str, ...]) -> None:
    """Replay a winning line through the game engine from its text; a failure is a bug."""
    state = start
    for text in line:
        state = state.apply(parse_action(text))
    if state.outcome is None or not state.outcome.won:
        raise AssertionError(f"internal error: the line found does not win ({state.outcome})")
