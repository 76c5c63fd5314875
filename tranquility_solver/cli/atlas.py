"""The atlas subcommand: how often Tranquility deals can be won, per player count and preset.

``tranquility atlas --players 1-5 --rules seed,published --deals N --out FILE.sqlite
[--workers K | --scheduler [ADDRESS]] [--bots heuristic,search] [--json]``

>>> parse_players("1-3,5")
[1, 2, 3, 5]
"""

from __future__ import annotations

import argparse
import contextlib
import logging
import signal
from collections.abc import Iterator
from concurrent.futures import Executor, ProcessPoolExecutor
from typing import Any

from ..analysis.atlas import DEFAULT_STEP_LIMIT, atlas
from .common import EXIT_OK, Once, UsageError, non_negative

__all__ = ["add_commands", "parse_players"]

DEFAULT_DEALS = 10_000


def add_commands(commands: Any) -> None:
    """Register ``atlas`` on an argparse subparsers object."""
    command = commands.add_parser(
        "atlas",
        help="How often can a deal be won? The deal solver and bots on many seeded deals.",
        description=(
            "For each player count and rules preset, judge the seeded deals 0 to N-1: can the "
            "team win with every card known (the deal solver; deals it cannot decide within its "
            "step limit are counted apart, never as lost), and does each bot, playing every "
            "seat, win? Prints the table with 95% intervals and the hardest deals by seed. "
            "With --out every result is saved as it comes, and the same command resumes an "
            "interrupted run without judging a deal twice."
        ),
    )
    command.add_argument(
        "--players", default="1-5", action=Once, help="player counts, e.g. 1-5 or 2,4 (default 1-5)"
    )
    command.add_argument(
        "--rules",
        default="seed,published",
        action=Once,
        help="rules presets, comma-separated: seed (the seed text's game), published (the "
        "printed game); default both",
    )
    command.add_argument(
        "--deals",
        type=non_negative,
        default=DEFAULT_DEALS,
        action=Once,
        help=f"deals per player count and preset: seeds 0 to N-1 (default {DEFAULT_DEALS:,})",
    )
    command.add_argument(
        "--bots",
        default="heuristic",
        action=Once,
        help="bots that play each deal in every seat, comma-separated (default heuristic; "
        "search is strong but takes seconds a game)",
    )
    command.add_argument(
        "--out", default=":memory:", action=Once, help="SQLite file for the results (resumable)"
    )
    where = command.add_mutually_exclusive_group()
    where.add_argument(
        "--workers", type=non_negative, default=1, help="processes on this machine (default 1)"
    )
    where.add_argument(
        "--scheduler",
        nargs="?",
        const="local",
        default=None,
        metavar="ADDRESS",
        help="run on a Dask cluster: its scheduler's address (tcp://HOST:PORT), or none for a "
        "local cluster of --cluster-workers processes",
    )
    command.add_argument(
        "--cluster-workers",
        type=non_negative,
        default=2,
        action=Once,
        help="workers of the local Dask cluster (default 2)",
    )
    command.add_argument(
        "--step-limit",
        type=non_negative,
        default=DEFAULT_STEP_LIMIT,
        action=Once,
        help=f"the solver's work bound per deal (default {DEFAULT_STEP_LIMIT:,}); a bound, not "
        "a clock, so every machine gives the same table",
    )
    command.add_argument("--json", action="store_true", help="print the table as JSON")
    command.add_argument("--no-progress", action="store_true", help="no progress bar on stderr")
    command.set_defaults(run=_atlas)


def parse_players(spec: str) -> list[int]:
    """Player counts from ``1-5``, ``2,4`` or ``1-3,5``; anything else is a usage error.

    >>> parse_players("0-2")
    Traceback (most recent call last):
    ...
    tranquility_solver.cli.common.UsageError: --players '0-2': player counts are 1 to 5
    """
    counts: set[int] = set()
    for part in spec.split(","):
        first, dash, last = part.strip().partition("-")
        bounds = [first.strip(), last.strip()] if dash else [first.strip()]
        if not all(bound.isascii() and bound.isdigit() and len(bound) < 4 for bound in bounds):
            raise UsageError(f"--players {spec!r}: expected counts such as 1-5 or 2,4")
        low, high = int(bounds[0]), int(bounds[-1])
        if low > high:
            raise UsageError(f"--players {spec!r}: the range {part.strip()!r} runs backwards")
        if low < 1 or high > 5:
            raise UsageError(f"--players {spec!r}: player counts are 1 to 5")
        counts.update(range(low, high + 1))
    return sorted(counts)


def _names(spec: str, what: str) -> list[str]:
    names = [name.strip() for name in spec.split(",") if name.strip()]
    if not names:
        raise UsageError(f"{what} {spec!r}: name at least one")
    return names


def _ignore_ctrl_c() -> None:
    """Workers leave Ctrl-C to the command, which stops them and says so in one line."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


@contextlib.contextmanager
def _executor(args: argparse.Namespace) -> Iterator[Executor | None]:
    if args.scheduler is None:
        if args.workers <= 1:
            yield None
            return
        pool = ProcessPoolExecutor(args.workers, initializer=_ignore_ctrl_c)
        try:
            yield pool
        finally:
            pool.shutdown(cancel_futures=True)
        return
    try:
        from distributed import Client, LocalCluster
    except ImportError:
        raise UsageError(
            "--scheduler needs Dask's distributed package: pip install distributed"
        ) from None
    with contextlib.ExitStack() as stack:
        if args.scheduler == "local":
            if args.cluster_workers < 1:
                raise UsageError("--cluster-workers must be at least 1")
            # Started with Ctrl-C ignored, which its processes inherit: Ctrl-C then stops the
            # command alone, in one line, instead of a traceback from every worker. Only
            # critical logs: a worker whose heartbeat meets the scheduler closing after Ctrl-C
            # logs an error with a traceback, and a task's own error reaches us anyway.
            previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
            try:
                cluster = LocalCluster(  # type: ignore[no-untyped-call]
                    n_workers=args.cluster_workers,
                    threads_per_worker=1,
                    dashboard_address=":0",
                    silence_logs=logging.CRITICAL,
                )
            finally:
                signal.signal(signal.SIGINT, previous)
            stack.enter_context(cluster)
            client = stack.enter_context(Client(cluster))  # type: ignore[no-untyped-call]
        else:
            if not args.scheduler.startswith(("tcp://", "tls://", "inproc://", "ws://", "wss://")):
                raise UsageError(
                    f"--scheduler {args.scheduler!r}: expected an address such as "
                    "tcp://10.0.0.5:8786"
                )
            try:
                client = stack.enter_context(Client(args.scheduler, timeout="5s"))  # type: ignore[no-untyped-call]
            except (OSError, TimeoutError, ValueError) as error:
                raise UsageError(
                    f"cannot reach the Dask scheduler at {args.scheduler!r}: {error}"
                ) from None
        yield client.get_executor()


def _atlas(args: argparse.Namespace) -> int:
    players = parse_players(args.players)
    rules = _names(args.rules, "--rules")
    bots = _names(args.bots, "--bots")
    if args.deals < 1:
        raise UsageError("--deals must be at least 1")
    if args.step_limit < 1:
        raise UsageError("--step-limit must be at least 1")
    with _executor(args) as executor:
        table = atlas(
            players,
            rules,
            args.deals,
            bots,
            out=args.out,
            executor=executor,
            step_limit=args.step_limit,
            progress=not args.no_progress,
        )
    if args.json:
        print(table.to_json())
        return EXIT_OK
    print(table.table())
    if table.hardest:
        print("\nhardest deals (replay with tq.Deal.random(players, rules=..., seed=S)):")
        for verdict in table.hardest:
            bots_text = ", ".join(
                f"{bot} {'won' if won else 'lost'}" for bot, won in verdict.bot_wins
            )
            print(
                f"  {verdict.players}p {verdict.rules:<9} seed {verdict.seed:>5}: solver "
                f"{verdict.status} after {verdict.nodes:,} positions; {bots_text}"
            )
    return EXIT_OK
