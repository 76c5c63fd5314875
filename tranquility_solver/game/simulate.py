"""Many games at once: per-game seeds from ``numpy.random.SeedSequence``, any executor.

The batch takes bots, one per seat; :func:`tranquility_solver.simulate` (in
:mod:`~tranquility_solver.bots.registry`) takes their names too.

Game ``i`` of a batch always gets the same seed (the ``i``-th child of ``SeedSequence(seed)``),
so the results do not depend on the number of workers or the executor.

>>> import tranquility_solver as tq
>>> bots = (tq.RandomBot(), tq.RandomBot())
>>> result = play_games(4, bots, seed=1, rules="published", workers=1, progress=False)
>>> result.games, len(result.results), 0 <= result.win_rate <= 1
(4, 4, True)
"""

from __future__ import annotations

import contextlib
import math
import os
import signal
import sys
import threading
from collections import Counter
from collections.abc import Iterator, Sequence
from concurrent.futures import Executor, ProcessPoolExecutor
from dataclasses import dataclass
from typing import Any

import numpy as np

from ..rules import Rules, rules_label
from .records import Bot, play_game

__all__ = ["GameResult", "SimulationResult", "game_seeds", "play_games", "wilson_interval"]


def wilson_interval(successes: int, trials: int, z: float = 1.959964) -> tuple[float, float]:
    """Wilson score interval for a proportion (95% by default).

    >>> [round(x, 3) for x in wilson_interval(70, 100)]
    [0.604, 0.781]
    """
    if trials == 0:
        return (0.0, 1.0)
    p = successes / trials
    denominator = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denominator
    return (max(0.0, centre - half), min(1.0, centre + half))


def game_seeds(n: int, seed: int | None) -> tuple[int, ...]:
    """The seeds of games 0…n-1 of a batch.

    >>> game_seeds(2, 7) == game_seeds(3, 7)[:2]
    True
    """
    children = np.random.SeedSequence(seed).spawn(n)
    return tuple(int(child.generate_state(2, np.uint64)[0] >> np.uint64(1)) for child in children)


@dataclass(frozen=True)
class GameResult:
    """One game of a batch.

    >>> import tranquility_solver as tq
    >>> result = tq.simulate(1, players=2, seed=0, workers=1).results[0]
    >>> isinstance(result, tq.GameResult)
    True
    """

    seed: int
    won: bool
    outcome: str
    turns: int
    filled: int


@dataclass(frozen=True)
class SimulationResult:
    """A batch of games and its summary.

    >>> import tranquility_solver as tq
    >>> batch = tq.simulate(2, players=2, seed=0, workers=1)
    >>> batch.games, len(batch.results)
    (2, 2)
    """

    players: int
    rules: str
    bots: tuple[str, ...]
    seed: int | None
    results: tuple[GameResult, ...]

    @property
    def games(self) -> int:
        """Games played."""
        return len(self.results)

    @property
    def wins(self) -> int:
        """Games won."""
        return sum(result.won for result in self.results)

    @property
    def win_rate(self) -> float:
        """Share of games won."""
        return self.wins / self.games if self.games else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        """95% Wilson interval of the win rate."""
        return wilson_interval(self.wins, self.games)

    @property
    def losses(self) -> dict[str, int]:
        """Lost games by cause."""
        causes = Counter(r.outcome.removeprefix("lost: ") for r in self.results if not r.won)
        return dict(sorted(causes.items()))

    def turn_stats(self) -> dict[str, float]:
        """Mean, spread, smallest and largest number of turns."""
        turns = np.array([r.turns for r in self.results], dtype=float)
        if not len(turns):
            return {"mean": 0.0, "stdev": 0.0, "min": 0.0, "max": 0.0}
        return {
            "mean": float(turns.mean()),
            "stdev": float(turns.std()),
            "min": float(turns.min()),
            "max": float(turns.max()),
        }

    def summary(self) -> dict[str, Any]:
        """Everything as plain data (the command line's ``--json``)."""
        low, high = self.interval
        return {
            "games": self.games,
            "players": self.players,
            "rules": self.rules,
            "bots": list(self.bots),
            "seed": self.seed,
            "wins": self.wins,
            "win_rate": self.win_rate,
            "win_rate_95": [low, high],
            "losses": self.losses,
            "turns": self.turn_stats(),
            "mean_cells_filled": (
                sum(r.filled for r in self.results) / self.games if self.games else 0.0
            ),
        }

    def summary_text(self) -> str:
        """The summary in three lines: the win rate with its interval, the losses by cause, the
        game length (what ``tranquility simulate`` prints).

        >>> print(SimulationResult(1, "seed", ("random",), 0, (GameResult(5, True, "won", 40, 36),
        ...       GameResult(6, False, "lost: no legal action", 20, 15))).summary_text())
        2 games, 1 player, rules: seed text, bots random: won 1 (50.0%, 95% interval 9.5%-90.5%)
        losses: no legal action: 1
        turns: mean 30.0, sd 10.0, min 20, max 40; cells filled: mean 25.5
        """
        summary = self.summary()
        low, high = self.interval
        plural = "player" if self.players == 1 else "players"
        losses = ", ".join(f"{cause}: {count}" for cause, count in self.losses.items()) or "none"
        turns = summary["turns"]
        return "\n".join(
            [
                f"{self.games} games, {self.players} {plural}, {rules_label(self.rules)}, bots "
                f"{','.join(dict.fromkeys(self.bots))}: won {self.wins} ({self.win_rate:.1%}, "
                f"95% interval {low:.1%}-{high:.1%})",
                f"losses: {losses}",
                f"turns: mean {turns['mean']:.1f}, sd {turns['stdev']:.1f}, "
                f"min {turns['min']:.0f}, max {turns['max']:.0f}; "
                f"cells filled: mean {summary['mean_cells_filled']:.1f}",
            ]
        )


def _play_chunk(
    seeds: Sequence[int], bots: tuple[Bot, ...], rules: str, players: int
) -> list[GameResult]:
    del players
    results = []
    for game_seed in seeds:
        record = play_game(bots, seed=game_seed, rules=rules)
        filled = sum(1 for _, text in record.actions if text.startswith("play "))
        results.append(GameResult(game_seed, record.won, record.outcome, record.turns, filled))
    return results


def _chunks(seeds: Sequence[int], size: int) -> list[Sequence[int]]:
    return [seeds[start : start + size] for start in range(0, len(seeds), size)]


def play_games(
    n: int,
    bots: Sequence[Bot],
    seed: int | None = None,
    rules: Rules | str = "seed",
    executor: Executor | None = None,
    workers: int | None = None,
    chunk_size: int = 10,
    progress: bool = True,
) -> SimulationResult:
    """Play ``n`` games between ``bots``, one per seat, and summarise them.

    >>> import tranquility_solver as tq
    >>> batch = tq.simulate(2, players=2, seed=0, workers=1)
    >>> batch.wins + sum(batch.losses.values())
    2

    ``executor`` may be any :class:`concurrent.futures.Executor` (bots must then pickle; the
    shipped ones do). Without one, games run in a process pool of ``workers`` processes (by
    default one per CPU, no more than there are chunks of ``chunk_size`` games); one worker
    plays in this process. ``progress`` shows a tqdm bar on stderr.
    """
    if n < 0:
        raise ValueError(f"n must be >= 0, got {n}")
    rules_name = rules.name if isinstance(rules, Rules) else Rules.by_name(rules).name
    seats, players = tuple(bots), len(bots)
    seeds = game_seeds(n, seed)
    chunks = _chunks(seeds, max(1, chunk_size))
    results: list[GameResult] = []
    own_pool: ProcessPoolExecutor | None = None
    bar = _progress(n, progress)
    # Everything after the bar is drawn sits in the try, so that a Ctrl-C at any moment clears
    # the bar before the command's one-line message, not after it.
    try:
        if executor is None:
            if workers is None:
                workers = min(os.cpu_count() or 1, len(chunks))
            if workers > 1:
                own_pool = executor = ProcessPoolExecutor(workers, initializer=ignore_interrupts)
        if executor is None:
            for chunk in chunks:
                results.extend(_play_chunk(chunk, seats, rules_name, players))
                bar.update(len(chunk))
        else:
            with interrupts_deferred():
                futures = [
                    executor.submit(_play_chunk, chunk, seats, rules_name, players)
                    for chunk in chunks
                ]
            for future, chunk in zip(futures, chunks, strict=True):
                results.extend(future.result())
                bar.update(len(chunk))
    except BaseException:
        if own_pool is not None:
            stop_now(own_pool)
            own_pool = None
        raise
    finally:
        bar.close()
        if own_pool is not None:
            own_pool.shutdown()
    return SimulationResult(players, rules_name, tuple(b.name for b in seats), seed, tuple(results))


def ignore_interrupts() -> None:
    """In a worker process: leave Ctrl-C to the parent, which stops the batch and says so once
    (a terminal sends it to every process of the command)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


@contextlib.contextmanager
def interrupts_deferred() -> Iterator[None]:
    """Ctrl-C within the block takes effect when it ends: a pool interrupted while it starts
    its workers loses track of one, which then plays on after the command has ended."""
    if threading.current_thread() is not threading.main_thread():
        yield  # only the main thread receives Ctrl-C
        return
    pressed: list[int] = []
    previous = signal.signal(signal.SIGINT, lambda number, frame: pressed.append(number))
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)
    if pressed:
        raise KeyboardInterrupt


def stop_now(pool: ProcessPoolExecutor) -> None:
    """Stop a pool without waiting: pending games are cancelled, running ones end with their
    worker (Ctrl-C returns at once instead of when the games under way are done)."""
    # The executor has no public way to stop a running task; its worker processes are the only
    # handle on them.
    processes = list((getattr(pool, "_processes", None) or {}).values())
    pool.shutdown(wait=False, cancel_futures=True)
    for process in processes:
        process.terminate()


class _NoBar:
    def update(self, count: int) -> None:
        del count

    def close(self) -> None:
        pass


def _progress(total: int, show: bool) -> Any:
    if not show:
        return _NoBar()
    from tqdm import tqdm  # type: ignore[import-untyped]  # only when a bar is wanted: slow

    return tqdm(total=total, file=sys.stderr, unit="game", leave=False)
