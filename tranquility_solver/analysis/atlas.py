"""How winnable are Tranquility deals? The deal solver and the bots on the same seeded deals.

For every player count and preset asked for, deals ``Deal.random(players, rules=..., seed=s)``
for ``s = 0 .. deals-1`` are judged twice: by the deal solver with every card known (won, lost,
or undecided within its step limit — never counted as lost) and by each bot playing the deal
in every seat. Results go to an SQLite file as they come, so a run stopped by Ctrl-C, a lost
worker or a killed scheduler resumes where it stopped and never judges a deal twice. The work
runs on any :class:`concurrent.futures.Executor`: a process pool, or Dask's executor for a
cluster, through the same code.

>>> table = atlas(players=[2], rules=["published"], deals=3, progress=False)
>>> cell = table.cells[0]
>>> (cell.players, cell.rules, cell.deals, cell.winnable + cell.unwinnable + cell.undecided)
(2, 'published', 3, 3)
"""

from __future__ import annotations

import json
import math
import sqlite3
from collections.abc import Iterable, Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, Executor, Future, wait
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tqdm import tqdm  # type: ignore[import-untyped]

from ..bots.registry import BOTS, make_bot
from ..deals.deal import Deal
from ..deals.solve import DealStatus
from ..errors import TranquilityError
from ..game.records import play_game
from .deals import solve_deal

__all__ = [
    "DEFAULT_STEP_LIMIT",
    "PRESETS",
    "Atlas",
    "AtlasCell",
    "AtlasError",
    "AtlasStore",
    "DealVerdict",
    "atlas",
    "judge_deals",
    "wilson_interval",
]

PRESETS = ("seed", "published")
DEFAULT_STEP_LIMIT = 20_000
"""Work bound of the deal solver per deal (positions and actions), not a clock: the same deal
and bound give the same answer on any machine, so two runs print the same table."""

_SEEDS_PER_TASK = 8


class AtlasError(TranquilityError):
    """A bad atlas question (players, preset, bot, deals) or a results file made differently.

    >>> atlas(players=[6], rules=["seed"], deals=1, progress=False)
    Traceback (most recent call last):
    ...
    tranquility_solver.analysis.atlas.AtlasError: players must be 1 to 5, not 6
    """


@dataclass(frozen=True)
class DealVerdict:
    """What was found for one deal: the solver's status and work, and which bots won it.

    >>> DealVerdict(2, "seed", 7, "win", 120, (("heuristic", True),)).bot_won("heuristic")
    True
    """

    players: int
    rules: str
    seed: int
    status: str  # "win", "loss" or "unknown", as DealStatus values
    nodes: int
    bot_wins: tuple[tuple[str, bool], ...] = ()

    def bot_won(self, bot: str) -> bool:
        """Whether ``bot`` (in every seat) won this deal."""
        return dict(self.bot_wins)[bot]


def wilson_interval(successes: int, trials: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a share (``(0.0, 1.0)`` with no trials).

    >>> [round(x, 3) for x in wilson_interval(9, 10)]
    [0.596, 0.982]
    """
    if trials == 0:
        return (0.0, 1.0)
    share = successes / trials
    denominator = 1 + z * z / trials
    centre = (share + z * z / (2 * trials)) / denominator
    half = z * math.sqrt(share * (1 - share) / trials + z * z / (4 * trials * trials)) / denominator
    return (max(0.0, centre - half), min(1.0, centre + half))


@dataclass(frozen=True)
class AtlasCell:
    """One line of the atlas: one player count and preset.

    ``winnable`` / ``unwinnable`` are the deals the solver decided; ``undecided`` ran out of
    its step limit and are counted apart. ``bot_wins`` pairs each bot with the deals it won.

    >>> cell = AtlasCell(2, "seed", 10, 9, 0, 1, (("heuristic", 4),))
    >>> cell.wins("heuristic"), [round(x, 2) for x in cell.winnable_interval]
    (4, [0.7, 1.0])
    """

    players: int
    rules: str
    deals: int
    winnable: int
    unwinnable: int
    undecided: int
    bot_wins: tuple[tuple[str, int], ...] = ()

    def wins(self, bot: str) -> int:
        """The deals ``bot`` won."""
        return dict(self.bot_wins)[bot]

    @property
    def winnable_interval(self) -> tuple[float, float]:
        """95% interval of the winnable share among the decided deals."""
        return wilson_interval(self.winnable, self.winnable + self.unwinnable)

    def bot_interval(self, bot: str) -> tuple[float, float]:
        """95% interval of the share of all deals ``bot`` won."""
        return wilson_interval(self.wins(bot), self.deals)

    def to_dict(self) -> dict[str, Any]:
        """The JSON form: counts and shares, no timing (two runs give the same)."""
        data: dict[str, Any] = {
            "players": self.players,
            "rules": self.rules,
            "deals": self.deals,
            "winnable": self.winnable,
            "unwinnable": self.unwinnable,
            "undecided": self.undecided,
            "winnable_interval": [round(x, 4) for x in self.winnable_interval],
        }
        for bot, won in self.bot_wins:
            data[f"{bot}_wins"] = won
            data[f"{bot}_interval"] = [round(x, 4) for x in self.bot_interval(bot)]
        return data


@dataclass(frozen=True)
class Atlas:
    """The atlas: a cell per player count and preset, and the hardest deals by seed.

    >>> table = Atlas((AtlasCell(2, "published", 10, 10, 0, 0, (("heuristic", 8),)),))
    >>> table.cells[0].wins("heuristic")
    8

    ``hardest`` holds, per cell, a few deals the solver lost or could not decide and the wins it
    needed the most work for, so anyone can replay them with ``Deal.random``.
    """

    cells: tuple[AtlasCell, ...]
    hardest: tuple[DealVerdict, ...] = ()

    def to_json(self) -> str:
        """The table as one JSON list of cells (no timing in it).

        >>> Atlas((AtlasCell(1, "seed", 2, 2, 0, 0),)).to_json()[:40]
        '[{"players": 1, "rules": "seed", "deals"'
        """
        return json.dumps([cell.to_dict() for cell in self.cells])

    def table(self) -> str:
        """The table as text, shares with their 95% intervals.

        >>> print(Atlas((AtlasCell(1, "seed", 2, 2, 0, 0),)).table())  # doctest: +ELLIPSIS
        players  rules      deals  winnable (decided)  undecided
              1  seed           2  100% (34-100%)              0
        """
        bots = [bot for bot, _ in self.cells[0].bot_wins] if self.cells else []
        head = f"{'players':>7}  {'rules':<9}  {'deals':>5}  {'winnable (decided)':<18}  undecided"
        lines = [head + "".join(f"  {bot + ' wins':<18}" for bot in bots)]
        for cell in self.cells:
            low, high = cell.winnable_interval
            decided = cell.winnable + cell.unwinnable
            share = f"{_percent(cell.winnable / decided)} ({_span(low, high)})" if decided else "-"
            line = f"{cell.players:>7}  {cell.rules:<9}  {cell.deals:>5}  {share:<18}  "
            line += f"{cell.undecided:>9}"
            for bot in bots:
                low, high = cell.bot_interval(bot)
                won = f"{_percent(cell.wins(bot) / cell.deals)} ({_span(low, high)})"
                line += f"  {won:<18}"
            lines.append(line.rstrip())
        return "\n".join(lines)


def _percent(share: float) -> str:
    return f"{100 * share:.0f}%"


def _span(low: float, high: float) -> str:
    return f"{100 * low:.0f}-{100 * high:.0f}%"


def judge_deals(
    players: int, rules: str, seeds: Sequence[int], bots: Sequence[str], step_limit: int
) -> list[DealVerdict]:
    """Judge deals: the solver with every card known, then each bot in every seat.

    A module-level function of plain arguments, so any executor (a process pool, Dask) can
    run it on another process or machine.

    >>> [v.status for v in judge_deals(2, "published", [0], ["heuristic"], 20_000)]
    ['win']
    """
    verdicts = []
    for seed in seeds:
        deal = Deal.random(players, rules=rules, seed=seed)
        solution = solve_deal(deal, time_limit=None, step_limit=step_limit)
        if solution.interrupted:  # Ctrl-C: never store a stopped search as undecided
            raise KeyboardInterrupt
        wins = []
        for bot in bots:
            record = play_game([make_bot(bot) for _ in range(players)], seed=seed, rules=rules)
            wins.append((bot, record.won))
        verdicts.append(
            DealVerdict(players, rules, seed, solution.status.value, solution.nodes, tuple(wins))
        )
    return verdicts


class AtlasStore:
    """The results file: one row per judged deal and per bot game, written as they come.

    A file keeps the solver's step limit it was made with; opening it with another is an
    error (its answers would not be comparable). ``":memory:"`` keeps nothing.

    >>> store = AtlasStore(":memory:", step_limit=100)
    >>> store.add([DealVerdict(2, "seed", 0, "win", 5, (("heuristic", False),))])
    >>> store.done(2, "seed", ["heuristic"])
    {0}
    """

    def __init__(self, path: str | Path, step_limit: int = DEFAULT_STEP_LIMIT) -> None:
        try:
            self._db = sqlite3.connect(str(path))
            self._db.executescript(
                """
                CREATE TABLE IF NOT EXISTS settings (key TEXT PRIMARY KEY, value TEXT);
                CREATE TABLE IF NOT EXISTS deals (
                    players INTEGER, rules TEXT, seed INTEGER, status TEXT, nodes INTEGER,
                    PRIMARY KEY (players, rules, seed));
                CREATE TABLE IF NOT EXISTS bot_games (
                    players INTEGER, rules TEXT, seed INTEGER, bot TEXT, won INTEGER,
                    PRIMARY KEY (players, rules, seed, bot));
                """
            )
            row = self._db.execute("SELECT value FROM settings WHERE key='step_limit'").fetchone()
        except sqlite3.DatabaseError as error:
            raise AtlasError(
                f"cannot use {str(path)!r} as an atlas results file: {error}"
            ) from None
        if row is None:
            with self._db:
                self._db.execute(
                    "INSERT INTO settings VALUES ('step_limit', ?)", (str(step_limit),)
                )
        elif int(row[0]) != step_limit:
            raise AtlasError(
                f"{str(path)!r} was made with the solver's step limit {row[0]}, not {step_limit}: "
                "use the same limit or another file"
            )

    def close(self) -> None:
        """Close the file."""
        self._db.close()

    def done(self, players: int, rules: str, bots: Sequence[str]) -> set[int]:
        """The seeds of this cell already judged by the solver and by every one of ``bots``."""
        seeds = {
            seed
            for (seed,) in self._db.execute(
                "SELECT seed FROM deals WHERE players=? AND rules=?", (players, rules)
            )
        }
        for bot in bots:
            seeds &= {
                seed
                for (seed,) in self._db.execute(
                    "SELECT seed FROM bot_games WHERE players=? AND rules=? AND bot=?",
                    (players, rules, bot),
                )
            }
        return seeds

    def add(self, verdicts: Iterable[DealVerdict]) -> None:
        """Store verdicts in one transaction (a deal judged again replaces its row)."""
        with self._db:
            for verdict in verdicts:
                key = (verdict.players, verdict.rules, verdict.seed)
                self._db.execute(
                    "INSERT OR REPLACE INTO deals VALUES (?, ?, ?, ?, ?)",
                    (*key, verdict.status, verdict.nodes),
                )
                self._db.executemany(
                    "INSERT OR REPLACE INTO bot_games VALUES (?, ?, ?, ?, ?)",
                    [(*key, bot, int(won)) for bot, won in verdict.bot_wins],
                )

    def cell(self, players: int, rules: str, deals: int, bots: Sequence[str]) -> AtlasCell:
        """The counts of seeds ``0 .. deals-1`` of one cell."""
        statuses = dict(
            self._db.execute(
                "SELECT status, COUNT(*) FROM deals WHERE players=? AND rules=? AND seed<? "
                "GROUP BY status",
                (players, rules, deals),
            ).fetchall()
        )
        wins = []
        for bot in bots:
            (won,) = self._db.execute(
                "SELECT COALESCE(SUM(won), 0) FROM bot_games "
                "WHERE players=? AND rules=? AND seed<? AND bot=?",
                (players, rules, deals, bot),
            ).fetchone()
            wins.append((bot, int(won)))
        return AtlasCell(
            players,
            rules,
            deals,
            statuses.get(DealStatus.WIN.value, 0),
            statuses.get(DealStatus.LOSS.value, 0),
            statuses.get(DealStatus.UNKNOWN.value, 0),
            tuple(wins),
        )

    def work(self, players: int, rules: str, deals: int) -> list[int]:
        """The positions the solver visited for each judged deal of seeds ``0 .. deals-1``."""
        return [
            nodes
            for (nodes,) in self._db.execute(
                "SELECT nodes FROM deals WHERE players=? AND rules=? AND seed<?",
                (players, rules, deals),
            )
        ]

    def hardest(
        self, players: int, rules: str, deals: int, bots: Sequence[str], most: int = 5
    ) -> list[DealVerdict]:
        """Of one cell, the ``most`` deals the solver lost or left undecided and the ``most`` wins
        it worked hardest for, hardest first."""
        rows = self._db.execute(
            "SELECT seed, status, nodes FROM deals WHERE players=? AND rules=? AND seed<? "
            "ORDER BY (status = 'win'), nodes DESC, seed",
            (players, rules, deals),
        ).fetchall()
        chosen = [row for row in rows if row[1] != DealStatus.WIN.value][:most]
        chosen += [row for row in rows if row[1] == DealStatus.WIN.value][:most]
        verdicts = []
        for seed, status, nodes in chosen:
            wins = tuple(
                (bot, bool(won))
                for bot, won in self._db.execute(
                    "SELECT bot, won FROM bot_games WHERE players=? AND rules=? AND seed=?",
                    (players, rules, seed),
                )
                if bot in bots
            )
            verdicts.append(DealVerdict(players, rules, seed, status, nodes, wins))
        return verdicts


def _checked(
    players: Iterable[int], rules: Iterable[str], deals: int, bots: Iterable[str]
) -> tuple[list[int], list[str], list[str]]:
    counts = sorted(set(players))
    for count in counts:
        if not 1 <= count <= 5:
            raise AtlasError(f"players must be 1 to 5, not {count}")
    presets = list(dict.fromkeys(rules))
    for preset in presets:
        if preset not in PRESETS:
            raise AtlasError(f"unknown rules preset {preset!r}: use seed or published")
    names = list(dict.fromkeys(bots))
    for bot in names:
        if bot not in BOTS:
            raise AtlasError(f"unknown bot {bot!r}: the bots are {', '.join(sorted(BOTS))}")
    if not counts or not presets:
        raise AtlasError("name at least one player count and one rules preset")
    if deals < 1:
        raise AtlasError(f"deals must be at least 1, not {deals}")
    return counts, presets, names


def _tasks(
    store: AtlasStore, counts: list[int], presets: list[str], deals: int, bots: list[str]
) -> Iterator[tuple[int, str, list[int]]]:
    for count in counts:
        for preset in presets:
            done = store.done(count, preset, bots)
            todo = [seed for seed in range(deals) if seed not in done]
            for start in range(0, len(todo), _SEEDS_PER_TASK):
                yield count, preset, todo[start : start + _SEEDS_PER_TASK]


def atlas(
    players: Iterable[int] = range(1, 6),
    rules: Iterable[str] = PRESETS,
    deals: int = 10_000,
    bots: Iterable[str] = ("heuristic",),
    out: str | Path = ":memory:",
    executor: Executor | None = None,
    step_limit: int = DEFAULT_STEP_LIMIT,
    progress: bool = True,
) -> Atlas:
    """Judge ``deals`` seeded deals per player count and preset; see the module's text.

    ``out`` is the SQLite results file (default: kept in memory only); deals already in it
    are not judged again. ``executor`` runs the work (default: this process). The table does
    not depend on the executor or on how often the run was stopped and resumed.

    >>> atlas(players=[1], rules=["printed"], deals=1, progress=False)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    tranquility_solver.analysis.atlas.AtlasError: unknown rules preset 'printed': use seed or ...
    """
    counts, presets, names = _checked(players, rules, deals, bots)
    store = AtlasStore(out, step_limit)
    try:
        tasks = list(_tasks(store, counts, presets, deals, names))
        total = sum(len(seeds) for _, _, seeds in tasks)
        with tqdm(
            total=total, unit="deal", disable=not progress or total == 0, dynamic_ncols=True
        ) as bar:
            if executor is None:
                for count, preset, seeds in tasks:
                    store.add(judge_deals(count, preset, seeds, names, step_limit))
                    bar.update(len(seeds))
            else:
                _run_on(executor, tasks, names, step_limit, store, bar)
        cells = tuple(
            store.cell(count, preset, deals, names) for count in counts for preset in presets
        )
        hardest = tuple(
            verdict
            for count in counts
            for preset in presets
            for verdict in store.hardest(count, preset, deals, names)
        )
        return Atlas(cells, hardest)
    finally:
        store.close()


def _run_on(
    executor: Executor,
    tasks: list[tuple[int, str, list[int]]],
    bots: list[str],
    step_limit: int,
    store: AtlasStore,
    bar: tqdm[Any],
) -> None:
    """Keep a bounded number of tasks in flight and store each result as it comes."""
    pending: set[Future[list[DealVerdict]]] = set()
    queue = iter(tasks)
    in_flight = 16
    try:
        while True:
            for count, preset, seeds in queue:
                pending.add(executor.submit(judge_deals, count, preset, seeds, bots, step_limit))
                if len(pending) >= in_flight:
                    break
            if not pending:
                return
            finished, pending = wait(pending, return_when=FIRST_COMPLETED)
            for future in finished:
                verdicts = future.result()
                store.add(verdicts)
                bar.update(len(verdicts))
    finally:
        for future in pending:
            future.cancel()
