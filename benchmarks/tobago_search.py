"""Benchmark: one SearchBot against three GreedyBots, 4-player Tobago, win rate and cost.

Game ``i`` is dealt from the ``i``-th seed of the batch (as ``tobago simulate`` deals them) and
the SearchBot sits in seat ``i mod 4``, so every seat is tried equally often. The same deal is
also played by four GreedyBots: the GreedyBot in the SearchBot's seat is the baseline. A seat
wins when its score is the highest (ties count for every seat at the top, as in the rules), so
a seat's fair share is above 25%. Every decision of the SearchBot is checked to be
one of its legal actions. Intervals are Wilson 95%; progress goes to stderr.

    python benchmarks/tobago_search.py --games 500 --workers 2
    python benchmarks/tobago_search.py --games 40 --json > run.json
    python benchmarks/tobago_search.py --table-of run.json
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from typing import Any

import tobago_solver as tb
from tobago_solver.game.records import play_game
from tobago_solver.game.simulate import game_seeds

PLAYERS = 4
TARGET_WIN_RATE = 0.40
TARGET_SECONDS = 30.0


@dataclass
class CheckedBot:
    """A bot whose every choice is checked against the legal actions it was shown."""

    bot: tb.Bot
    decisions: int = 0

    @property
    def name(self) -> str:
        name: str = self.bot.name
        return name

    def choose(self, observation: tb.Observation, rng: random.Random) -> tb.Action:
        action = self.bot.choose(observation, rng)
        if action not in observation.legal_actions:
            raise AssertionError(f"illegal action {action} at turn {observation.turn}")
        self.decisions += 1
        return action


def play_one(job: tuple[int, int, str, str, int, int]) -> dict[str, Any]:
    """Game ``index`` with the SearchBot in its seat, and the GreedyBots' game of that deal."""
    index, seed, island_name, rules, worlds, plays = job
    island = tb.islands.get(island_name)
    seat = index % PLAYERS
    searcher = CheckedBot(tb.SearchBot(worlds=worlds, plays=plays))
    bots: list[tb.Bot] = [tb.GreedyBot() for _ in range(PLAYERS)]
    bots[seat] = searcher
    start = time.process_time()
    record = play_game(island, bots, seed=seed, rules=rules)
    seconds = time.process_time() - start
    baseline = play_game(island, [tb.GreedyBot()] * PLAYERS, seed=seed, rules=rules)
    return {
        "index": index,
        "seed": seed,
        "seat": seat,
        "won": seat in record.winners,
        "greedy_won": seat in baseline.winners,
        "score": record.scores[seat],
        "greedy_score": baseline.scores[seat],
        "end_reason": record.end_reason,
        "turns": record.turns,
        "seconds": seconds,
        "decisions": searcher.decisions,
    }


def run(
    games: int, seed: int, island: str, rules: str, workers: int, worlds: int, plays: int
) -> dict[str, Any]:
    jobs = [(i, s, island, rules, worlds, plays) for i, s in enumerate(game_seeds(seed, games))]
    results: list[dict[str, Any]] = []
    started = time.perf_counter()

    def tick(result: dict[str, Any]) -> None:
        results.append(result)
        wins = sum(r["won"] for r in results)
        print(
            f"\r{len(results)}/{games} games, SearchBot won {wins}",
            end="",
            file=sys.stderr,
            flush=True,
        )

    if workers > 1:
        with ProcessPoolExecutor(workers) as pool:
            for result in pool.map(play_one, jobs, chunksize=1):
                tick(result)
    else:
        for job in jobs:
            tick(play_one(job))
    print(file=sys.stderr)
    results.sort(key=lambda r: r["index"])
    return summarise(results, seed, island, rules, workers, worlds, plays, started)


def rate(wins: int, n: int) -> dict[str, Any]:
    low, high = tb.wilson_interval(wins, n)
    return {"wins": wins, "games": n, "rate": wins / n if n else 0.0, "low": low, "high": high}


def summarise(
    results: list[dict[str, Any]],
    seed: int,
    island: str,
    rules: str,
    workers: int,
    worlds: int,
    plays: int,
    started: float,
) -> dict[str, Any]:
    n = len(results)
    seconds = [r["seconds"] for r in results]
    search = rate(sum(r["won"] for r in results), n)
    by_seat = [
        rate(sum(r["won"] for r in results if r["seat"] == s), sum(r["seat"] == s for r in results))
        for s in range(PLAYERS)
    ]
    return {
        "island": island,
        "rules": rules,
        "seed": seed,
        "games": n,
        "workers": workers,
        "search_bot": {"worlds": worlds, "plays": plays},
        "search": search,
        "greedy_same_seat": rate(sum(r["greedy_won"] for r in results), n),
        "search_by_seat": by_seat,
        "mean_score": sum(r["score"] for r in results) / max(n, 1),
        "greedy_mean_score": sum(r["greedy_score"] for r in results) / max(n, 1),
        "end_reasons": dict(Counter(r["end_reason"] for r in results)),
        "seconds_per_game": {
            "mean": sum(seconds) / max(n, 1),
            "max": max(seconds, default=0.0),
        },
        "wall_seconds": time.perf_counter() - started,
        "decisions_checked_legal": sum(r["decisions"] for r in results),
        "targets": {
            "win_rate_low>=40%": search["low"] >= TARGET_WIN_RATE,
            "win_rate>=40%": search["rate"] >= TARGET_WIN_RATE,
            "max_seconds<=30": max(seconds, default=0.0) <= TARGET_SECONDS,
            "games>=500": n >= 500,
        },
        "games_detail": results,
    }


def percent(row: dict[str, Any]) -> str:
    return f"{100 * row['rate']:5.1f}% [{100 * row['low']:.1f}%, {100 * row['high']:.1f}%]"


def table(report: dict[str, Any]) -> str:
    bot = report["search_bot"]
    lines = [
        f"{report['games']} four-player games on {report['island']}, {report['rules']} rules, "
        f"batch seed {report['seed']}; SearchBot(worlds={bot['worlds']}, plays={bot['plays']}) "
        "in seat i mod 4, three GreedyBots",
        "",
        "seat player                 win rate [95% interval]   mean score",
        f"     SearchBot              {percent(report['search'])}   {report['mean_score']:10.1f}",
        f"     GreedyBot, same deals  {percent(report['greedy_same_seat'])}   "
        f"{report['greedy_mean_score']:10.1f}",
    ]
    for seat, row in enumerate(report["search_by_seat"]):
        lines.append(f"{seat:4d} SearchBot              {percent(row)}   ({row['games']} games)")
    seconds = report["seconds_per_game"]
    ends = ", ".join(f"{k} {v}" for k, v in sorted(report["end_reasons"].items()))
    met = ", ".join(f"{k} {'met' if ok else 'MISSED'}" for k, ok in report["targets"].items())
    lines += [
        "",
        f"ended by: {ends}",
        f"SearchBot CPU time per game: mean {seconds['mean']:.2f} s, max {seconds['max']:.2f} s",
        f"SearchBot decisions checked legal: {report['decisions_checked_legal']}",
        f"wall time {report['wall_seconds']:.0f} s with {report['workers']} worker(s)",
        f"targets: {met}",
    ]
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=500)
    parser.add_argument("--seed", type=int, default=19, help="batch seed (fixed by default)")
    parser.add_argument("--island", default="ABC-1")
    parser.add_argument("--rules", default="seed")
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--worlds", type=int, default=tb.SearchBot().worlds)
    parser.add_argument("--plays", type=int, default=tb.SearchBot().plays)
    parser.add_argument("--json", action="store_true", help="print JSON instead of the table")
    parser.add_argument("--table-of", metavar="FILE", help="print the table of a saved --json run")
    args = parser.parse_args()
    if args.table_of:
        with open(args.table_of, encoding="utf-8") as saved:
            print(table(json.load(saved)))
        return
    if args.games < 1 or args.workers < 1:
        parser.error("--games and --workers must be at least 1")
    report = run(
        args.games, args.seed, args.island, args.rules, args.workers, args.worlds, args.plays
    )
    print(json.dumps(report, indent=1) if args.json else table(report))


if __name__ == "__main__":
    main()
