"""The bots by name, as the command line and :func:`simulate` take them.

>>> [bot.name for bot in make_bots("heuristic,random", 2)]
['heuristic', 'random']
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from concurrent.futures import Executor
from typing import Final

from ..errors import TranquilityError
from ..game.records import Bot
from ..game.simulate import SimulationResult, play_games
from ..rules import Rules
from .heuristic import HeuristicBot
from .planner import PLANNER
from .search import SearchBot
from .uniform import RandomBot

__all__ = ["BOTS", "make_bot", "make_bots", "simulate"]


def _planner_bot() -> Bot:
    return PLANNER


BOTS: Final[dict[str, Callable[[], Bot]]] = {
    "random": RandomBot,
    "heuristic": HeuristicBot,
    "planner": _planner_bot,
    "search": SearchBot,
}
"""Each bot name and how to make that bot, for the command line and simulation."""


def make_bot(name: str) -> Bot:
    """A bot by name (``random``, ``heuristic``, ``planner`` or ``search``); an unknown name is
    a TranquilityError.

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


def simulate(
    n: int,
    players: int = 2,
    bots: str | Sequence[str | Bot] = "heuristic",
    seed: int | None = None,
    rules: Rules | str = "seed",
    executor: Executor | None = None,
    workers: int | None = None,
    chunk_size: int = 10,
    progress: bool = True,
) -> SimulationResult:
    """Play ``n`` games between bots named as :func:`make_bots` takes them, or given, and
    summarise them: :func:`~tranquility_solver.game.simulate.play_games`, which says what the
    other arguments do.

    >>> result = simulate(4, players=2, bots="random", seed=1, rules="published", workers=1,
    ...                   progress=False)
    >>> result.games, len(result.results), 0 <= result.win_rate <= 1
    (4, 4, True)
    """
    if n < 0:
        raise ValueError(f"n must be >= 0, got {n}")
    return play_games(
        n,
        make_bots(bots, players),
        seed=seed,
        rules=rules,
        executor=executor,
        workers=workers,
        chunk_size=chunk_size,
        progress=progress,
    )
