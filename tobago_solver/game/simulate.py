"""Many games in batch, on any ``concurrent.futures.Executor``, with the same results everywhere.

>>> import tobago_solver as tb
>>> result = play_games(4, bots=[tb.GreedyBot(), tb.RandomBot()], seed=1)
>>> len(result.games), result.bots
(4, ('greedy', 'random'))
>>> result == play_games(4, bots=[tb.GreedyBot(), tb.RandomBot()], seed=1, workers=1)
True

The batch takes bots, one per seat; :func:`tobago_solver.simulate` (in
:mod:`~tobago_solver.bots.registry`) takes their names too.

Game ``i`` is dealt from the ``i``-th child of ``numpy.random.SeedSequence(seed)``, so a batch
gives the same games whatever the number of workers, the chunking or the executor.
"""

from __future__ import annotations

import contextlib
import math
import signal
import statistics
import sys
import threading
from collections import Counter
from collections.abc import Iterator, Sequence
from concurrent.futures import Executor, ProcessPoolExecutor
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import numpy as np

from tobago_solver import islands
from tobago_solver.errors import TobagoError
from tobago_solver.game.end import END_TURN_LIMIT, RULE_ENDS
from tobago_solver.game.records import Bot, play_game
from tobago_solver.game.rules import GameRules
from tobago_solver.island import Island
from tobago_solver.rules import PresetName, rules_label

WILSON_Z = 1.959963984540054
"""The normal quantile of a two-sided 95% interval."""


def wilson_interval(wins: int, games: int, z: float = WILSON_Z) -> tuple[float, float]:
    """The Wilson score interval of a proportion (95% by default).

    >>> low, high = wilson_interval(60, 100)
    >>> round(low, 3), round(high, 3)
    (0.502, 0.691)
    """
    if games == 0:
        return 0.0, 1.0
    p = wins / games
    denominator = 1 + z * z / games
    centre = (p + z * z / (2 * games)) / denominator
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / denominator
    # At 0 and at every game won the bounds are exactly 0 and 1; rounding must not move them.
    low = 0.0 if wins == 0 else max(0.0, centre - half)
    high = 1.0 if wins == games else min(1.0, centre + half)
    return low, high


@dataclass(frozen=True)
class GameSummary:
    """The outcome of one simulated game.

    >>> GameSummary(0, 7, (30, 20), (0,), 120, "treasure deck empty", 2, 1).winners
    (0,)
    """

    index: int
    seed: int
    scores: tuple[int, ...]
    winners: tuple[int, ...]
    turns: int
    end_reason: str
    curses: int
    amulets_spent: int
    abandoned: int = 0
    """Maps abandoned because their treasure could no longer be located (published)."""

    @property
    def ended_by_rules(self) -> bool:
        """Whether a rule ended the game (not the turn limit, a safety net)."""
        return self.end_reason != END_TURN_LIMIT


@dataclass(frozen=True)
class SimulationResult:
    """A batch of games; every seat with the top score counts as a winner (ties count for all).

    Win rates and scores count the games that ended by the rules; games stopped by the turn
    limit (a safety net) are listed apart, in ``summary()["turn_limited"]``.

    >>> import tobago_solver as tb

    >>> result = play_games(2, bots=[tb.GreedyBot()] * 2, seed=3)
    >>> [row["seat"] for row in result.win_rates()], result.summary()["games"]
    ([0, 1], 2)
    """

    island: str
    rules: str
    bots: tuple[str, ...]
    games: tuple[GameSummary, ...]

    def __repr__(self) -> str:
        return (
            f"SimulationResult(island={self.island!r}, rules={self.rules!r}, bots={self.bots}, "
            f"games={len(self.games)})"
        )

    @property
    def ended_by_rules(self) -> tuple[GameSummary, ...]:
        """The games a rule ended (every game but those stopped by the turn limit)."""
        return tuple(g for g in self.games if g.ended_by_rules)

    def win_rates(self) -> list[dict[str, Any]]:
        """Per seat: wins, rate and its Wilson 95% interval, over the games ended by the rules."""
        rows = []
        counted = self.ended_by_rules
        games = len(counted)
        for seat, bot in enumerate(self.bots):
            wins = sum(seat in g.winners for g in counted)
            low, high = wilson_interval(wins, games)
            rows.append(
                {"seat": seat, "bot": bot, "wins": wins, "games": games, "rate": _rate(wins, games)}
                | {"low": low, "high": high}
            )
        return rows

    def bot_win_rates(self) -> list[dict[str, Any]]:
        """Per bot kind, over all the seats it holds: wins per seat-game and the interval (games
        ended by the rules)."""
        rows = []
        counted = self.ended_by_rules
        for bot in sorted(set(self.bots)):
            seats = [s for s, b in enumerate(self.bots) if b == bot]
            trials = len(seats) * len(counted)
            wins = sum(s in g.winners for g in counted for s in seats)
            low, high = wilson_interval(wins, trials)
            rows.append(
                {"bot": bot, "seats": seats, "wins": wins, "trials": trials}
                | {"rate": _rate(wins, trials), "low": low, "high": high}
            )
        return rows

    def end_reasons(self) -> dict[str, int]:
        """How many games ended for each reason, the rules' reasons first.

        >>> import tobago_solver as tb

        >>> sum(play_games(3, bots=[tb.GreedyBot()] * 2, seed=3).end_reasons().values())
        3
        """
        counts = Counter(g.end_reason for g in self.games)
        order = [*RULE_ENDS, END_TURN_LIMIT]
        ordered = sorted(counts, key=lambda r: (order.index(r) if r in order else len(order), r))
        return {reason: counts[reason] for reason in ordered}

    def summary(self) -> dict[str, Any]:
        """Everything the ``simulate`` command prints, as JSON-friendly values.

        ``games`` counts every game; ``win_rates``, ``bot_win_rates`` and ``scores`` the
        ``games_ended_by_rules``; ``end_reasons`` counts each ending, ``turns`` is the game length
        over every game (``longest``: the longest game) and ``turn_limited`` lists the games the
        turn limit stopped (``turn_limit_games`` counts them).
        """
        counted = self.ended_by_rules
        scores = [[g.scores[s] for g in counted] for s in range(len(self.bots))]
        turns = [g.turns for g in self.games]
        longest = max(self.games, key=lambda g: g.turns, default=None)
        limited = [g for g in self.games if not g.ended_by_rules]
        return {
            "island": self.island,
            "rules": self.rules,
            "bots": list(self.bots),
            "games": len(self.games),
            "games_ended_by_rules": len(counted),
            "end_reasons": self.end_reasons(),
            "win_rates": self.win_rates(),
            "bot_win_rates": self.bot_win_rates(),
            "scores": [
                {"seat": s, "bot": self.bots[s], "mean": _mean(v), "stdev": _stdev(v)}
                for s, v in enumerate(scores)
            ],
            "turns": {"mean": _mean(turns), "stdev": _stdev(turns)},
            "longest": None
            if longest is None
            else {"index": longest.index, "seed": longest.seed, "turns": longest.turns},
            "curses_per_game": _mean([g.curses for g in self.games]),
            "amulets_spent_per_game": _mean([g.amulets_spent for g in self.games]),
            "maps_abandoned_per_game": _mean([g.abandoned for g in self.games]),
            "turn_limit_games": len(limited),
            "turn_limited": [
                {"index": g.index, "seed": g.seed, "turns": g.turns, "scores": list(g.scores)}
                for g in limited
            ],
        }

    def table(self) -> str:
        """The summary as a text table: how the games ended, win rates per seat and per bot,
        scores, game length.

        >>> import tobago_solver as tb

        >>> print(play_games(2, bots=[tb.GreedyBot()] * 2, seed=3).table())  # doctest: +ELLIPSIS
        2 games on ABC-1, rules: seed text
        ended by: ...
        win rates and scores over the 2 games ended by the rules
        seat bot      win rate [95% interval]     score mean  stdev
           0 greedy ...
        """
        summary = self.summary()
        ended = ", ".join(f"{reason} {count}" for reason, count in summary["end_reasons"].items())
        lines = [
            f"{summary['games']} games on {summary['island']}, {rules_label(summary['rules'])}",
            f"ended by: {ended or '-'}",
            f"win rates and scores over the {summary['games_ended_by_rules']} games ended by "
            "the rules",
            "seat bot      win rate [95% interval]     score mean  stdev",
        ]
        for row, score in zip(summary["win_rates"], summary["scores"], strict=True):
            lines.append(
                f"{row['seat']:4d} {row['bot']:<8} {_format_rate(row):<27} "
                f"{score['mean']:10.1f} {score['stdev']:6.1f}"
            )
        for row in summary["bot_win_rates"]:
            lines.append(f"bot {row['bot']:<8} wins per seat-game {_format_rate(row)}")
        turns = summary["turns"]
        longest = summary["longest"]
        lines.append(
            f"game length {turns['mean']:.1f} turns (stdev {turns['stdev']:.1f}), longest "
            + ("-" if longest is None else f"{longest['turns']} (game {longest['index']})")
        )
        lines.append(
            f"curses per game {summary['curses_per_game']:.2f}; "
            f"amulets spent per game {summary['amulets_spent_per_game']:.2f}; "
            f"maps abandoned per game {summary['maps_abandoned_per_game']:.2f}"
        )
        lines.append(f"stopped by the turn limit {summary['turn_limit_games']}")
        for game in summary["turn_limited"]:
            lines.append(
                f"  game {game['index']} (seed {game['seed']}): {game['turns']} turns, scores "
                + " ".join(map(str, game["scores"]))
            )
        return "\n".join(lines)


def _format_rate(row: dict[str, Any]) -> str:
    return f"{row['rate']:6.1%} [{row['low']:.1%}, {row['high']:.1%}]"


def _rate(wins: int, trials: int) -> float:
    return wins / trials if trials else 0.0


def _mean(values: Sequence[int]) -> float:
    return statistics.fmean(values) if values else 0.0


def _stdev(values: Sequence[int]) -> float:
    return statistics.pstdev(values) if len(values) > 1 else 0.0


def game_seeds(seed: int, games: int) -> list[int]:
    """The seed of each game: a 64-bit integer from the SeedSequence child of that game.

    >>> game_seeds(0, 3) == game_seeds(0, 5)[:3]
    True
    """
    children = np.random.SeedSequence(seed).spawn(games)
    return [int(child.generate_state(1, dtype=np.uint64)[0]) for child in children]


@lru_cache(maxsize=8)
def _island(text: str) -> Island:
    # Workers rebuild the island once per process; the text is what travels between processes.
    return Island.from_text(text, strict=False)


@dataclass(frozen=True)
class _Chunk:
    island_text: str
    rules: GameRules
    bots: tuple[Bot, ...]
    games: tuple[tuple[int, int], ...]
    """(index, seed) pairs."""


def _play_chunk(chunk: _Chunk) -> list[GameSummary]:
    island = _island(chunk.island_text)
    summaries = []
    for index, seed in chunk.games:
        record = play_game(island, chunk.bots, seed=seed, rules=chunk.rules)
        summaries.append(
            GameSummary(
                index,
                seed,
                record.scores,
                record.winners,
                record.turns,
                record.end_reason,
                record.curses,
                sum(record.amulets_spent),
                record.abandoned,
            )
        )
    return summaries


def play_games(
    n: int,
    *,
    island: Island | str | None = None,
    bots: Sequence[Bot],
    seed: int = 0,
    rules: PresetName | str | GameRules = "seed",
    executor: Executor | None = None,
    workers: int = 1,
    progress: bool = False,
    chunk_size: int | None = None,
) -> SimulationResult:
    """Play ``n`` games and summarise them.

    >>> import tobago_solver as tb
    >>> result = tb.simulate(2, bots=["greedy", "random"], seed=1)
    >>> len(result.games)
    2

    ``island``: an Island or a bundled name (default ``ABC-1``); ``bots``: one per seat.
    ``executor``: any ``concurrent.futures.Executor``
    (e.g. a dask ``client.get_executor()``); without one, ``workers`` > 1 starts a process
    pool. ``progress`` draws a tqdm bar on stderr.
    """
    if n < 0:
        raise TobagoError(f"the number of games must not be negative, got {n}")
    if workers < 1:
        raise TobagoError(f"workers must be at least 1, got {workers}")
    board = islands.get(island) if isinstance(island, str) else island or islands.default()
    seat_bots = tuple(bots)
    game_rules = GameRules.named(rules)
    pairs = list(enumerate(game_seeds(seed, n)))
    size = chunk_size or max(1, min(25, math.ceil(n / (4 * workers))))
    text = board.to_text()
    chunks = [
        _Chunk(text, game_rules, seat_bots, tuple(pairs[i : i + size])) for i in range(0, n, size)
    ]
    bar = _progress_bar(n) if progress else None
    games: list[GameSummary] = []
    try:
        if executor is None and workers > 1:
            pool = ProcessPoolExecutor(workers, initializer=ignore_interrupts)
            try:
                with interrupts_deferred():
                    futures = [pool.submit(_play_chunk, chunk) for chunk in chunks]
                for future in futures:
                    part = future.result()
                    games.extend(part)
                    _tick(bar, len(part))
            except BaseException:
                stop_now(pool)
                raise
            pool.shutdown()
        elif executor is not None:
            for part in executor.map(_play_chunk, chunks):
                games.extend(part)
                _tick(bar, len(part))
        else:
            for chunk in chunks:
                part = _play_chunk(chunk)
                games.extend(part)
                _tick(bar, len(part))
    finally:
        if bar is not None:
            bar.close()
    games.sort(key=lambda g: g.index)
    return SimulationResult(
        board.name, game_rules.name, tuple(b.name for b in seat_bots), tuple(games)
    )


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


def _progress_bar(total: int) -> Any:
    from tqdm import tqdm  # type: ignore[import-untyped]  # only when a bar is wanted: slow

    return tqdm(total=total, file=sys.stderr, unit="game", desc="simulating")


def _tick(bar: Any, count: int) -> None:
    if bar is not None:
        bar.update(count)
