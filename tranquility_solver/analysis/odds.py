"""Win odds for the player to move: how likely the team is to win from here.

:func:`win_odds` samples worlds consistent with what the player to move knows
(:func:`~tranquility_solver.game.worlds.sample_worlds`) and, in each, asks two questions:

- **winnable**: can the team still win this world with every card known? A world the bot wins
  playing on (below) is, its game being the proof; any other is searched (:func:`solve_deal`;
  in `seed` the search led by :class:`~tranquility_solver.deals.wedge_guide.WedgeGuide`),
  with a time limit per world; a world the search cannot decide in time is counted apart as
  *undecided*, never as a loss). The share of winnable worlds bounds anyone's chances from
  above: no way of playing wins a world that cannot be won.
- **won**: does a bot win it playing on (HeuristicBot in every seat by default)? The share of
  worlds won is an estimate of what that way of playing achieves from here.

Each share comes with its 95% Wilson interval and the number of worlds behind it.

>>> from tranquility_solver.game import new_game
>>> odds = win_odds(new_game(2, seed=4, rules="published"), samples=4, seed=1)
>>> odds.samples, odds.winnable + odds.unwinnable + odds.undecided
(4, 4)
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from concurrent.futures import Executor
from dataclasses import dataclass

from ..bots.heuristic import HeuristicBot
from ..bots.playouts import play_out
from ..bots.registry import make_bot
from ..deals.bounds import cost_cap
from ..deals.solve import DealStatus, search_deal
from ..deals.wedge_guide import WedgeGuide
from ..errors import TranquilityError
from ..game.records import Bot
from ..game.simulate import wilson_interval
from ..game.state import GameState, Observation
from ..game.worlds import check_observation, check_seed, sample_worlds
from ..rules import rules_label

__all__ = ["WinOdds", "WorldResult", "win_odds"]

DEFAULT_TIME_LIMIT = 2.0
"""Seconds the deal solver spends on one world before calling it undecided."""
_HEURISTIC = HeuristicBot()
"""The guide of the search on worlds of other presets, as :func:`solve_deal` leads it."""
_WEDGE_GUIDE = WedgeGuide(fallback=_HEURISTIC)
"""The deal search's guide on worlds the bot lost, where the cost is the `seed` wedge cost."""


@dataclass(frozen=True)
class WorldResult:
    """One sampled world: the deal solver's verdict and whether the bot won playing on.

    >>> WorldResult(DealStatus.WIN, True).bot_won
    True
    """

    status: DealStatus
    bot_won: bool


@dataclass(frozen=True)
class WinOdds:
    """The two estimates of :func:`win_odds`, with the counts behind them.

    >>> print(WinOdds(20, 19, 1, 0, 16, "heuristic", 0, "published"))
    P0 to move (rules: printed game), 20 sampled worlds, 95% intervals
    winnable with every card known   95.0% [76.4%, 99.1%]  19 of the 20 decided
    won by heuristic playing on      80.0% [58.4%, 91.9%]  16 of 20
    """

    samples: int
    winnable: int
    unwinnable: int
    undecided: int
    bot_wins: int
    bot: str
    player: int
    rules: str

    @property
    def decided(self) -> int:
        """Worlds the deal solver decided within its time limit."""
        return self.winnable + self.unwinnable

    @property
    def winnable_share(self) -> float:
        """Share of decided worlds that can be won with every card known (the upper bound)."""
        return self.winnable / self.decided if self.decided else 0.0

    @property
    def winnable_interval(self) -> tuple[float, float]:
        """95% Wilson interval of :attr:`winnable_share`."""
        return wilson_interval(self.winnable, self.decided)

    @property
    def bot_share(self) -> float:
        """Share of worlds the bot won playing on (the achievable estimate)."""
        return self.bot_wins / self.samples if self.samples else 0.0

    @property
    def bot_interval(self) -> tuple[float, float]:
        """95% Wilson interval of :attr:`bot_share`."""
        return wilson_interval(self.bot_wins, self.samples)

    def __str__(self) -> str:
        low, high = self.winnable_interval
        bot_low, bot_high = self.bot_interval
        undecided = f" ({self.undecided} undecided)" if self.undecided else ""
        return "\n".join(
            [
                f"P{self.player} to move ({rules_label(self.rules)}), {self.samples} "
                f"sampled worlds{undecided}, 95% intervals",
                f"{'winnable with every card known':<30}  {self.winnable_share:6.1%} "
                f"[{low:.1%}, {high:.1%}]  {self.winnable} of the {self.decided} decided",
                f"{f'won by {self.bot} playing on':<30}  {self.bot_share:6.1%} "
                f"[{bot_low:.1%}, {bot_high:.1%}]  {self.bot_wins} of {self.samples}",
            ]
        )


def evaluate_world(
    world: GameState, bot: Bot, seed: int, time_limit: float | None = DEFAULT_TIME_LIMIT
) -> WorldResult:
    """Play ``world`` on with ``bot`` in every seat (its randomness from ``seed``) and, unless
    the bot won it, solve it.

    >>> import tranquility_solver as tq
    >>> evaluate_world(tq.new_game(1, seed=3), tq.HeuristicBot(), 0)
    WorldResult(status=<DealStatus.WIN: 'win'>, bot_won=True)
    """
    if world.is_terminal:
        won = world.outcome is not None and world.outcome.won
        return WorldResult(DealStatus.WIN if won else DealStatus.LOSS, won)
    end = play_out(world, bot, random.Random(f"tranquility-odds/{seed}"))
    if end.outcome is not None and end.outcome.won:
        # The bot's game is a winning line of legal actions: proof enough, no search needed
        # (most worlds, and what the search would have tried first with HeuristicBot).
        return WorldResult(DealStatus.WIN, True)
    if cost_cap(world.rules) is None:
        # What solve_deal searches, the verdict alone: no line is written out or replayed.
        solution = search_deal(world, _HEURISTIC, time_limit=time_limit, with_line=False)
    else:
        # HeuristicBot's line mostly discards on a `seed` grid opened in many places, and the
        # search around it found no win in 100 worlds of 100 (benchmarks/odds_speed.py, seed
        # row); led by plays that keep every wedge affordable it wins most of them in a second.
        solution = search_deal(world, _WEDGE_GUIDE, time_limit=time_limit, with_line=False)
    if solution.interrupted:  # Ctrl-C stops the whole question, not one world's search
        raise KeyboardInterrupt
    return WorldResult(solution.status, False)


def _evaluate_chunk(
    worlds: Sequence[GameState], bot: Bot, seeds: Sequence[int], time_limit: float | None
) -> list[WorldResult]:
    return [
        evaluate_world(world, bot, seed, time_limit)
        for world, seed in zip(worlds, seeds, strict=True)
    ]


def win_odds(
    state_or_observation: GameState | Observation,
    samples: int = 100,
    seed: int | None = 0,
    executor: Executor | None = None,
    bot: Bot | str = "heuristic",
    time_limit: float | None = DEFAULT_TIME_LIMIT,
    chunk_size: int = 5,
    progress: Callable[[int], None] | None = None,
) -> WinOdds:
    """The odds of the player to move (see the module docstring), from ``samples`` worlds.

    >>> import tranquility_solver as tq
    >>> record = tq.play_game([tq.HeuristicBot(), tq.HeuristicBot()], seed=0)
    >>> late = list(tq.replay(record))[-6]  # a few turns before the end
    >>> "2 sampled worlds" in str(tq.win_odds(late, samples=2, seed=0))
    True

    A game state is seen through its current player's observation: the other cards are
    resampled, never read. ``executor`` may be any :class:`concurrent.futures.Executor` (the
    bot must then pickle); the worlds are drawn here from ``seed``, so the answer is the same
    whatever runs them, but for worlds whose deal search ends near its ``time_limit``.
    ``progress(k)`` is called as each group of ``k`` worlds is done. A seed that is not a whole
    number (or ``None``) is a TranquilityError. The default bot is
    HeuristicBot: SearchBot solves worlds at every end-game decision, ten times the cost per
    world, too slow for a hundred worlds.
    """
    observation = (
        state_or_observation.observation(state_or_observation.current_player)
        if isinstance(state_or_observation, GameState)
        else state_or_observation
    )
    check_observation(observation)
    check_seed(seed)
    if observation.player != observation.current_player and observation.outcome is None:
        raise TranquilityError(
            f"win odds are for the player to move: player {observation.current_player}, "
            f"not player {observation.player}"
        )
    player_bot = make_bot(bot) if isinstance(bot, str) else bot
    worlds = sample_worlds(observation, samples, seed)
    rng = random.Random(seed)
    seeds = [rng.getrandbits(63) for _ in worlds]
    size = max(1, chunk_size)
    chunks = [(worlds[i : i + size], seeds[i : i + size]) for i in range(0, len(worlds), size)]
    results: list[WorldResult] = []
    if executor is None:
        for chunk_worlds, chunk_seeds in chunks:
            results.extend(_evaluate_chunk(chunk_worlds, player_bot, chunk_seeds, time_limit))
            if progress is not None:
                progress(len(chunk_worlds))
    else:
        futures = [
            executor.submit(_evaluate_chunk, chunk_worlds, player_bot, chunk_seeds, time_limit)
            for chunk_worlds, chunk_seeds in chunks
        ]
        for future, (chunk_worlds, _) in zip(futures, chunks, strict=True):
            results.extend(future.result())
            if progress is not None:
                progress(len(chunk_worlds))
    statuses = [result.status for result in results]
    return WinOdds(
        samples=len(results),
        winnable=statuses.count(DealStatus.WIN),
        unwinnable=statuses.count(DealStatus.LOSS),
        undecided=statuses.count(DealStatus.UNKNOWN),
        bot_wins=sum(result.bot_won for result in results),
        bot=player_bot.name,
        player=observation.player,
        rules=observation.rules.name,
    )
