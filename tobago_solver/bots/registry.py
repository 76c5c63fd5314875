"""The bots by name, as the command line and :func:`simulate` take them.

>>> make_bot("greedy")
GreedyBot(name='greedy', curse_threshold=5)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from concurrent.futures import Executor
from typing import Final

from tobago_solver.bots.greedy import GreedyBot
from tobago_solver.bots.search import SearchBot
from tobago_solver.bots.uniform import RandomBot
from tobago_solver.errors import TobagoError
from tobago_solver.game.records import Bot
from tobago_solver.game.rules import GameRules
from tobago_solver.game.simulate import SimulationResult, play_games
from tobago_solver.island import Island
from tobago_solver.rules import PresetName

__all__ = ["BOTS", "make_bot", "simulate"]

BOTS: Final[dict[str, Callable[[], Bot]]] = {
    "random": RandomBot,
    "greedy": GreedyBot,
    "search": SearchBot,
}
"""Each bot name and how to make that bot."""


def make_bot(name: str) -> Bot:
    """A bot by name: ``random``, ``greedy`` or ``search``.

    >>> make_bot("greedy")
    GreedyBot(name='greedy', curse_threshold=5)
    >>> make_bot("search").name
    'search'
    """
    try:
        return BOTS[name.strip().lower()]()
    except KeyError:
        raise TobagoError(
            f"unknown bot {name!r} (expected one of {', '.join(sorted(BOTS))})"
        ) from None


def simulate(
    n: int,
    *,
    island: Island | str | None = None,
    bots: Sequence[Bot | str] = ("greedy", "random", "random", "random"),
    seed: int = 0,
    rules: PresetName | str | GameRules = "seed",
    executor: Executor | None = None,
    workers: int = 1,
    progress: bool = False,
    chunk_size: int | None = None,
) -> SimulationResult:
    """Play ``n`` games and summarise them: :func:`~tobago_solver.game.simulate.play_games`
    with ``bots``, one per seat, given as bots or names (``greedy``, ``random``, ``search``).

    ``island``: an Island or a bundled name (default ``ABC-1``). ``executor``: any
    ``concurrent.futures.Executor`` (e.g. a dask ``client.get_executor()``); without one,
    ``workers`` > 1 starts a process pool. ``progress`` draws a tqdm bar on stderr.

    >>> result = simulate(4, bots=["greedy", "random"], seed=1)
    >>> len(result.games), result.bots
    (4, ('greedy', 'random'))
    """
    if n < 0:
        raise TobagoError(f"the number of games must not be negative, got {n}")
    return play_games(
        n,
        island=island,
        bots=tuple(make_bot(b) if isinstance(b, str) else b for b in bots),
        seed=seed,
        rules=rules,
        executor=executor,
        workers=workers,
        progress=progress,
        chunk_size=chunk_size,
    )
