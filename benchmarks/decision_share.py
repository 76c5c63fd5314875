"""Benchmark: how much of a row of issue 33 is the bots' own decisions, against its target.

Issue 33 asks for faster games with every bot decision left as it is. Part of a row's time is
the engine (dealing, listing the legal actions, applying one) and part is the bots deciding.
This script plays the rows whose bots think (HeuristicBot, GreedyBot, and the HeuristicBot
decisions inside ``win_odds`` and SearchBot) and measures the CPU seconds spent inside the
bots' ``choose`` (the outermost call: SearchBot's policy and its search's guide are
HeuristicBot decisions too), beside the time the row's target allows for the whole of the same
work. Where the decisions alone take longer than that, no engine, however fast, meets the
target: the bots' own code must get faster as well.

    python benchmarks/decision_share.py
    python benchmarks/decision_share.py --games 100 --no-searchbot --json

Each row runs in this process, one after the other, after a warm-up of its own; the clock is
``time.process_time`` (CPU seconds of this process), read at the entry and exit of each
outermost decision; what the reading itself costs (a microsecond or so, against decisions of
25 to 150) is measured on a method that does nothing and taken off both figures.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from functools import cache
from typing import Any

from fast_core import ROWS, SEARCH_SEED  # the table's benchmark, beside this one

HEURISTIC, GREEDY, ODDS, SEARCHBOT = (
    "tq-heuristic-published",
    "tb-greedy-4p",
    "odds-published",
    "searchbot",
)
"""The rows measured here, by their keys in ``fast_core.ROWS``."""
DECIDERS = {
    HEURISTIC: "HeuristicBot",
    GREEDY: "GreedyBot",
    ODDS: "HeuristicBot",
    SEARCHBOT: "HeuristicBot (policy, guide)",
}
"""Whose decisions each row times."""


class _Clock:
    """CPU seconds spent inside the outermost calls of some methods."""

    def __init__(self) -> None:
        self.seconds = 0.0
        self.calls = 0
        self._depth = 0

    @contextmanager
    def timing(self, owner: type, name: str) -> Iterator[None]:
        """``owner.name`` timed while the block runs (put back after it)."""
        original: Callable[..., Any] = getattr(owner, name)

        def timed(*args: Any, **kwargs: Any) -> Any:
            if self._depth:
                return original(*args, **kwargs)
            self._depth += 1
            started = time.process_time()
            try:
                return original(*args, **kwargs)
            finally:
                self.seconds += time.process_time() - started
                self.calls += 1
                self._depth -= 1

        setattr(owner, name, timed)
        try:
            yield
        finally:
            setattr(owner, name, original)


class _Idle:
    """A method that does nothing, to time the clock's own cost with."""

    def choose(self) -> None:
        pass


@cache
def _clock_cost(calls: int = 100_000) -> float:
    """CPU seconds the clock adds to each timed call (reading it, and the wrapper), timed once
    a process."""
    clock = _Clock()
    idle = _Idle()
    with clock.timing(_Idle, "choose"):
        for _ in range(calls):
            idle.choose()
    return clock.seconds / calls


def _measured(work: Callable[[], None], owner: type) -> dict[str, float]:
    """CPU seconds of ``work`` and of the outermost ``owner.choose`` calls in it, less what
    timing them added (:func:`_clock_cost`)."""
    clock = _Clock()
    with clock.timing(owner, "choose"):
        started = time.process_time()
        work()
        total = time.process_time() - started
    added = clock.calls * _clock_cost()
    return {"seconds": total - added, "decisions": clock.seconds - added, "calls": clock.calls}


def heuristic_games(games: int) -> dict[str, float]:
    """Two-player `published` games of HeuristicBot, seeds 0, 1, …"""
    import tranquility_solver as tq

    bots = [tq.HeuristicBot(), tq.HeuristicBot()]
    tq.play_game(bots, seed=10**6, rules="published")  # warm-up: the rules' tables

    def work() -> None:
        for seed in range(games):
            tq.play_game(bots, seed=seed, rules="published")

    return {**_measured(work, tq.HeuristicBot), "allowed": games / ROWS[HEURISTIC][1]}


def greedy_games(games: int) -> dict[str, float]:
    """Four-player games of GreedyBot on ABC-1, `seed` rules, seeds 0, 1, …"""
    import tobago_solver as tb
    from tobago_solver.bots.greedy import GreedyBot
    from tobago_solver.game.records import play_game

    island = tb.islands.get("ABC-1")
    bots = [tb.make_bot("greedy")] * 4
    play_game(island, bots, seed=10**6)  # warm-up: the island's tables

    def work() -> None:
        for seed in range(games):
            play_game(island, bots, seed=seed)

    return {**_measured(work, GreedyBot), "allowed": games / ROWS[GREEDY][1]}


def odds_turn_0() -> dict[str, float]:
    """``win_odds`` with 100 worlds at turn 0 of the `published` row of ``odds_speed.py``."""
    from odds_speed import SAMPLES, position

    import tranquility_solver as tq

    state = position("published")
    tq.win_odds(tq.new_game(2, seed=1, rules="published"), samples=2, seed=1)  # warm-up

    def work() -> None:
        tq.win_odds(state, samples=SAMPLES, seed=0)

    return {**_measured(work, tq.HeuristicBot), "allowed": ROWS[ODDS][1]}


def searchbot_game() -> dict[str, float]:
    """One two-player `published` game of SearchBot (the seed of ``fast_core.py``'s row)."""
    import tranquility_solver as tq

    bots = [tq.SearchBot(), tq.SearchBot()]

    def work() -> None:
        tq.play_game(bots, seed=SEARCH_SEED, rules="published")

    return {**_measured(work, tq.HeuristicBot), "allowed": ROWS[SEARCHBOT][1]}


def measure(games: int, searchbot: bool) -> dict[str, dict[str, float]]:
    """Every row, in this process."""
    rows = {
        HEURISTIC: heuristic_games(games),
        GREEDY: greedy_games(games),
        ODDS: odds_turn_0(),
    }
    if searchbot:
        rows[SEARCHBOT] = searchbot_game()
    return rows


def print_table(rows: dict[str, dict[str, float]], games: int) -> None:
    """The rows as a table, with what its columns mean."""
    print(f"the bots' decisions against each row's target ({games} games a games row)")
    print()
    print(
        f"{'what':<40}{'CPU s':>7}{'deciding':>9}{'share':>6}{'at most':>9}"
        f"{'allowed':>9}{'deciding / allowed':>20}  decided by"
    )
    for key, row in rows.items():
        share = row["decisions"] / row["seconds"] if row["seconds"] else 0.0
        bound = f"x{1 / share:.2f}" if share else "-"
        print(
            f"{ROWS[key][0]:<40}{row['seconds']:7.2f}{row['decisions']:9.2f}{share:6.0%}"
            f"{bound:>9}{row['allowed']:9.2f}{row['decisions'] / row['allowed']:20.2f}  "
            f"{DECIDERS[key]}"
        )
    print()
    print("deciding: CPU s inside the bots' outermost choose calls; at most: how many times")
    print("faster the row can get with an engine that costs nothing (CPU s / deciding);")
    print("allowed: the CPU s the target allows the whole row (games / the target's games")
    print("per s, or the target's seconds); deciding / allowed above 1: the decisions alone")
    print("miss the target on this host")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=200, help="games of each games row")
    parser.add_argument(
        "--no-searchbot", action="store_true", help="leave out SearchBot's game (≈ 10 s)"
    )
    parser.add_argument("--json", action="store_true", help="print JSON instead of the table")
    args = parser.parse_args()
    if args.games < 1:
        parser.error(f"--games must be at least 1, not {args.games}")
    try:
        rows = measure(args.games, not args.no_searchbot)
    except KeyboardInterrupt:
        print("decision_share: interrupted", file=sys.stderr)
        raise SystemExit(130) from None
    if args.json:
        print(json.dumps({"games": args.games, "rows": rows}, indent=2))
    else:
        print_table(rows, args.games)


if __name__ == "__main__":
    main()
