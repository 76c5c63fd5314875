"""Study: SearchBot beside HeuristicBot and the perfect-information ceiling; win-odds calibration.

``games``: for each preset, ``--games`` two-player deals (seeds from ``SeedSequence(--seed)``, the
seeds ``tranquility simulate`` uses) are played by HeuristicBot, by SearchBot's own policy alone
(its ``heuristic``: PlannerBot) and by SearchBot in both seats, and solved with every card known
(``solve_deal``, ``--time-limit`` per deal; undecided deals counted apart). The presets' games are
interleaved and each result is appended to ``--log`` as it comes in, so a run stopped early still
has a table (``summary``). Every SearchBot action is checked against the legal actions of its
observation (the legality count) and its seconds per game are measured. ``--reuse-ceilings`` reads
the ceilings of earlier logs (the same deals and time limit) instead of solving again; ``--resume``
plays only the deals the ``--log`` file does not hold yet (the same time limit), and the table then
covers the whole log: a stopped run goes on where it stopped.

``calibration``: positions from seeded HeuristicBot games (turns ``--turns`` of ``--positions``
/ len(turns) games); at each, ``win_odds`` with ``--samples`` worlds (HeuristicBot playing on)
is compared with the game's real outcome, which is HeuristicBot playing on from the true
position: a reliability table (predicted decile against the observed win rate), the Brier score
beside the constant predictor (the observed rate), and the upper bound (the share of winnable
worlds) against the observed win rate.

    python benchmarks/search_bots.py games --games 500 --workers 2 --log games.jsonl
    python benchmarks/search_bots.py games --log new.jsonl --reuse-ceilings games.jsonl
    python benchmarks/search_bots.py summary games.jsonl   # the table of a (partial) run
    python benchmarks/search_bots.py games --games 500 --log games.jsonl --resume
    python benchmarks/search_bots.py calibration --positions 300 --workers 2
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
import time
from collections.abc import Callable, Iterable
from concurrent.futures import ProcessPoolExecutor, as_completed
from typing import Any

from tranquility_solver.analysis import solve_deal
from tranquility_solver.analysis.odds import win_odds
from tranquility_solver.bots import HeuristicBot, SearchBot
from tranquility_solver.deals import Deal, DealStatus
from tranquility_solver.game import new_game, play_game, replay
from tranquility_solver.game.records import bot_rng
from tranquility_solver.game.simulate import game_seeds, wilson_interval

PRESETS = ("published", "seed")
TARGETS = {"published": 0.93, "seed": 0.80}


def _progress(total: int, label: str) -> Any:
    from tqdm import tqdm  # type: ignore[import-untyped]

    return tqdm(total=total, file=sys.stderr, unit=label, leave=False)


def _run(tasks: list[Any], work: Callable[[Any], Any], workers: int, label: str) -> list[Any]:
    bar = _progress(len(tasks), label)
    results = []
    try:
        if workers > 1:
            with ProcessPoolExecutor(workers) as pool:
                for result in pool.map(work, tasks):
                    results.append(result)
                    bar.update(1)
        else:
            for task in tasks:
                results.append(work(task))
                bar.update(1)
    finally:
        bar.close()
    return results


# -- games ---------------------------------------------------------------------------------------


def _search_game(rules: str, seed: int) -> tuple[bool, int, float]:
    """SearchBot in both seats; every action checked against the legal ones. Returns (won,
    decisions, seconds)."""
    bot = SearchBot()
    state = new_game(2, seed=seed, rules=rules)
    rng = bot_rng(seed)
    decisions = 0
    started = time.process_time()
    while not state.is_terminal:
        observation = state.observation(state.current_player)
        action = bot.choose(observation, rng)
        if action not in observation.lazy_legal_actions():
            raise AssertionError(f"illegal action {action} in game {seed}")
        decisions += 1
        state = state.apply(action)
    won = state.outcome is not None and state.outcome.won
    return won, decisions, time.process_time() - started


def one_game(task: tuple[str, int, float, str | None]) -> dict[str, Any]:
    """One deal: HeuristicBot, SearchBot, and the ceiling (``known``: a ceiling already
    measured for this deal with the same time limit, reused instead of solving again)."""
    rules, seed, limit, known = task
    heuristic = play_game([HeuristicBot(), HeuristicBot()], seed=seed, rules=rules).won
    policy = SearchBot().heuristic
    alone = play_game([policy, policy], seed=seed, rules=rules).won
    won, decisions, seconds = _search_game(rules, seed)
    if known is None:
        known = solve_deal(Deal.random(2, rules=rules, seed=seed), time_limit=limit).status.value
    return {
        "seed": seed,
        "time_limit": limit,
        "heuristic": heuristic,
        "policy": alone,
        "search": won,
        "decisions": decisions,
        "seconds": seconds,
        "ceiling": known,
    }


def known_ceilings(logs: Iterable[str], limit: float) -> dict[tuple[str, int], str]:
    """The ceilings of earlier runs' logs (JSON lines of ``games --log``), by preset and seed,
    those solved with the time limit ``limit`` only."""
    found: dict[tuple[str, int], str] = {}
    for log in logs:
        with open(log, encoding="utf-8") as handle:
            for line in handle:
                row = json.loads(line)
                if row.get("time_limit") == limit and "ceiling" in row:
                    found[(row["rules"], row["seed"])] = row["ceiling"]
    return found


def logged_games(log: str | None, limit: float) -> list[dict[str, Any]]:
    """The games a ``--log`` file holds that were played with the time limit ``limit`` (none
    when there is no such file yet)."""
    if log is None or not os.path.exists(log):
        return []
    with open(log, encoding="utf-8") as handle:
        rows = [json.loads(line) for line in handle if line.strip()]
    return [row for row in rows if row.get("time_limit") == limit]


def _share(wins: int, n: int) -> dict[str, Any]:
    rate = wins / n if n else None
    return {"wins": wins, "n": n, "rate": rate, "wilson95": wilson_interval(wins, n)}


def run_games(
    presets: list[str],
    games: int,
    seed: int,
    limit: float,
    workers: int,
    log: str | None,
    ceilings: dict[tuple[str, int], str] | None = None,
    done: Iterable[dict[str, Any]] = (),
) -> dict[str, list[dict[str, Any]]]:
    """Play every preset's games, the presets interleaved, each result appended to ``log`` (one
    JSON line) as it comes in: a run stopped early keeps what it finished. ``ceilings``: the
    deals' ceilings already known (:func:`known_ceilings`), not solved again; ``done``: results
    already played (:func:`logged_games`), counted and not played again."""
    known = ceilings or {}
    results: dict[str, list[dict[str, Any]]] = {rules: [] for rules in presets}
    wanted = set(game_seeds(games, seed))
    for row in done:
        if row["rules"] in results and row["seed"] in wanted:
            results[row["rules"]].append(row)
    played = {(row["rules"], row["seed"]) for rows in results.values() for row in rows}
    tasks = [
        (rules, s, limit, known.get((rules, s)))
        for s in game_seeds(games, seed)
        for rules in presets
        if (rules, s) not in played
    ]
    bar = _progress(len(tasks), "game")
    handle = open(log, "a", encoding="utf-8") if log else None  # noqa: SIM115
    try:
        with ProcessPoolExecutor(max(1, workers)) as pool:
            futures = {pool.submit(one_game, task): task[0] for task in tasks}
            for future in as_completed(futures):
                row = {"rules": futures[future], **future.result()}
                results[row["rules"]].append(row)
                if handle is not None:
                    handle.write(json.dumps(row) + "\n")
                    handle.flush()
                bar.update(1)
    finally:
        bar.close()
        if handle is not None:
            handle.close()
    return results


def _policy_won(result: dict[str, Any]) -> bool:
    # Logs before round 4 of issue 19 held the tuned HeuristicBot under "tuned".
    return bool(result.get("policy", result.get("tuned", False)))


def games_summary(rules: str, results: list[dict[str, Any]]) -> dict[str, Any]:
    games = len(results)
    won = sum(r["ceiling"] == DealStatus.WIN.value for r in results)
    lost = sum(r["ceiling"] == DealStatus.LOSS.value for r in results)
    seconds = [r["seconds"] for r in results] or [0.0]  # CPU seconds: load does not count
    return {
        "rules": rules,
        "games": games,
        "time_limit": results[0]["time_limit"] if results else None,
        "search": _share(sum(r["search"] for r in results), games),
        "heuristic": _share(sum(r["heuristic"] for r in results), games),
        "policy": _share(sum(_policy_won(r) for r in results), games),
        "ceiling_decided": _share(won, won + lost),
        "ceiling_undecided": games - won - lost,
        "search_better": sum(r["search"] and not r["heuristic"] for r in results),
        "search_worse": sum(r["heuristic"] and not r["search"] for r in results),
        "search_better_than_policy": sum(r["search"] and not _policy_won(r) for r in results),
        "search_worse_than_policy": sum(_policy_won(r) and not r["search"] for r in results),
        "target": TARGETS[rules],
        "decisions_checked": sum(r["decisions"] for r in results),
        "cpu_seconds_per_game": {
            "mean": statistics.fmean(seconds),
            "median": statistics.median(seconds),
            "max": max(seconds),
        },
    }


def _pct(share: dict[str, Any]) -> str:
    low, high = share["wilson95"]
    rate = share["rate"]
    text = "n/a" if rate is None else f"{rate:.1%}"
    return f"{text} ({share['wins']}/{share['n']}, 95% {low:.1%}-{high:.1%})"


def print_games(row: dict[str, Any]) -> None:
    seconds = row["cpu_seconds_per_game"]
    print(
        f"{row['rules']}, 2 players, {row['games']} games\n"
        f"  SearchBot  {_pct(row['search'])}  target {row['target']:.0%}\n"
        f"  Heuristic  {_pct(row['heuristic'])}\n"
        f"  policy     {_pct(row['policy'])}  (SearchBot's own policy alone)\n"
        f"  ceiling    {_pct(row['ceiling_decided'])} of decided deals, "
        f"{row['ceiling_undecided']} undecided\n"
        f"  SearchBot won where HeuristicBot lost: {row['search_better']}, "
        f"the reverse: {row['search_worse']}; where its policy lost: "
        f"{row['search_better_than_policy']}, the reverse: {row['search_worse_than_policy']}\n"
        f"  SearchBot CPU seconds per game: mean {seconds['mean']:.2f}, median "
        f"{seconds['median']:.2f}, max {seconds['max']:.2f}; "
        f"{row['decisions_checked']:,} decisions checked legal"
    )


# -- calibration ---------------------------------------------------------------------------------


def one_position(task: tuple[str, int, int, int, float]) -> dict[str, Any] | None:
    rules, seed, turn, samples, limit = task
    record = play_game([HeuristicBot(), HeuristicBot()], seed=seed, rules=rules)
    position = next(
        (s for s in replay(record) if s.turn == turn and not s.is_terminal and s.phase == "play"),
        None,
    )
    if position is None:
        return None
    odds = win_odds(position, samples=samples, seed=seed, time_limit=limit)
    return {
        "rules": rules,
        "seed": seed,
        "turn": turn,
        "predicted": odds.bot_share,
        "upper": odds.winnable_share,
        "undecided": odds.undecided,
        "won": record.won,
    }


def _reliability(rows: Iterable[dict[str, Any]]) -> list[dict[str, Any]]:
    bins: dict[int, list[dict[str, Any]]] = {}
    for row in rows:
        bins.setdefault(min(9, int(row["predicted"] * 10)), []).append(row)
    table = []
    for decile in sorted(bins):
        items = bins[decile]
        wins = sum(r["won"] for r in items)
        table.append(
            {
                "predicted": f"{decile / 10:.1f}-{(decile + 1) / 10:.1f}",
                "mean_predicted": statistics.fmean(r["predicted"] for r in items),
                "observed": _share(wins, len(items)),
            }
        )
    return table


def calibration_study(
    rules: str,
    positions: int,
    turns: list[int],
    samples: int,
    seed: int,
    limit: float,
    workers: int,
) -> dict[str, Any]:
    per_turn = max(1, positions // len(turns))
    tasks = [(rules, s, turn, samples, limit) for s in game_seeds(per_turn, seed) for turn in turns]
    rows = [row for row in _run(tasks, one_position, workers, "position") if row is not None]
    observed = statistics.fmean(r["won"] for r in rows)
    brier = statistics.fmean((r["predicted"] - r["won"]) ** 2 for r in rows)
    constant = statistics.fmean((observed - r["won"]) ** 2 for r in rows)
    upper = statistics.fmean(r["upper"] for r in rows)
    return {
        "rules": rules,
        "positions": len(rows),
        "samples_per_position": samples,
        "turns": turns,
        "observed_win_rate": _share(sum(r["won"] for r in rows), len(rows)),
        "mean_predicted": statistics.fmean(r["predicted"] for r in rows),
        "brier": brier,
        "brier_constant": constant,
        "mean_upper_bound": upper,
        "upper_bound_at_least_observed": upper >= observed,
        "positions_with_undecided_worlds": sum(r["undecided"] > 0 for r in rows),
        "reliability": _reliability(rows),
        "rows": rows,
    }


def print_calibration(row: dict[str, Any]) -> None:
    print(
        f"{row['rules']}: {row['positions']} positions (turns {row['turns']}), "
        f"{row['samples_per_position']} worlds each\n"
        f"  observed HeuristicBot win rate {_pct(row['observed_win_rate'])}; mean predicted "
        f"{row['mean_predicted']:.1%}; mean upper bound {row['mean_upper_bound']:.1%} "
        f"({'not below' if row['upper_bound_at_least_observed'] else 'BELOW'} the observed rate)\n"
        f"  Brier score {row['brier']:.4f} (constant predictor {row['brier_constant']:.4f})\n"
        f"  predicted   mean pred  observed"
    )
    for line in row["reliability"]:
        print(f"  {line['predicted']:>9}  {line['mean_predicted']:8.1%}  {_pct(line['observed'])}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    commands = parser.add_subparsers(dest="study", required=True)
    games = commands.add_parser("games")
    games.add_argument("--games", type=int, default=500)
    games.add_argument("--time-limit", type=float, default=5.0)
    games.add_argument("--log", metavar="FILE", help="append each game's result here (JSON lines)")
    games.add_argument(
        "--reuse-ceilings",
        metavar="FILE",
        nargs="+",
        default=[],
        help="earlier --log files: their deals' ceilings (same time limit) are not solved again",
    )
    games.add_argument(
        "--resume",
        action="store_true",
        help="play only the deals the --log file does not hold yet; the table covers them all",
    )
    summary = commands.add_parser("summary", help="the games table of a --log file")
    summary.add_argument("log", metavar="FILE")
    summary.add_argument("--rules", nargs="+", choices=PRESETS, default=list(PRESETS))
    summary.add_argument("--json", metavar="FILE", help="also write the results as JSON here")
    calibration = commands.add_parser("calibration")
    calibration.add_argument("--positions", type=int, default=300)
    calibration.add_argument("--turns", type=int, nargs="+", default=[10, 20, 30])
    calibration.add_argument("--samples", type=int, default=20)
    calibration.add_argument("--time-limit", type=float, default=2.0)
    for sub in (games, calibration):
        sub.add_argument("--rules", nargs="+", choices=PRESETS, default=list(PRESETS))
        sub.add_argument("--seed", type=int, default=0)
        sub.add_argument("--workers", type=int, default=1)
        sub.add_argument("--json", metavar="FILE", help="also write the results as JSON here")
    args = parser.parse_args(argv)
    rows = []
    if args.study in ("games", "summary"):
        started = time.monotonic()
        if args.study == "games":
            played = run_games(
                args.rules,
                args.games,
                args.seed,
                args.time_limit,
                args.workers,
                args.log,
                known_ceilings(args.reuse_ceilings, args.time_limit),
                logged_games(args.log, args.time_limit) if args.resume else (),
            )
        else:
            played = {rules: [] for rules in args.rules}
            with open(args.log, encoding="utf-8") as handle:
                for line in handle:
                    row = json.loads(line)
                    if row["rules"] in played:
                        played[row["rules"]].append(row)
        for rules in args.rules:
            rows.append(games_summary(rules, played[rules]))
            print_games(rows[-1])
        print(f"  ({time.monotonic() - started:.0f} s wall)", flush=True)
    for rules in args.rules if args.study == "calibration" else []:
        started = time.monotonic()
        row = calibration_study(
            rules,
            args.positions,
            args.turns,
            args.samples,
            args.seed,
            args.time_limit,
            args.workers,
        )
        print_calibration(row)
        row["wall_seconds"] = time.monotonic() - started
        print(f"  ({row['wall_seconds']:.0f} s wall, {args.workers} workers)", flush=True)
        rows.append(row)
    if args.json:
        with open(args.json, "w", encoding="utf-8") as handle:
            json.dump(rows, handle, indent=1)
    return 0


if __name__ == "__main__":
    random.seed(0)
    sys.exit(main())
