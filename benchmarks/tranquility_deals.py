"""Study: how many random Tranquility deals can the team win with every card known?

For each preset and table size, ``--deals`` random deals (deal seeds from
``SeedSequence(--seed)``, the same seeds ``tranquility simulate`` uses) are solved with
``solve_deal(time_limit=--time-limit)``, and HeuristicBot plays the same deal for real. Reported
per row: the share decided within the limit, the median solve time, the perfect-information win
rate (wins among decided deals, Wilson 95%; with the undecided counted as lost and as won for the
bracket) beside HeuristicBot's win rate on the same deals.

    python benchmarks/tranquility_deals.py --deals 100 --players 2 --time-limit 60
    python benchmarks/tranquility_deals.py --deals 30 --players 1 3 4 --time-limit 20 --json

``--nodes-per-second`` measures the search's speed instead: positions visited per second of
processor time over the first ``--deals`` two-player deals of each preset (``--time-limit``
each); ``benchmarks/tranquility_games.py --targets`` prints it beside the games per second.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from tranquility_solver.analysis import solve_deal
from tranquility_solver.bots import make_bots
from tranquility_solver.deals import Deal, DealStatus
from tranquility_solver.game.records import play_game
from tranquility_solver.game.simulate import game_seeds, wilson_interval

PRESETS = ("seed", "published")
TARGETS = {"two_player_decided": 0.90, "two_player_median_s": 5.0}


def one_deal(task: tuple[str, int, int, float]) -> dict[str, Any]:
    """Solve one deal and let HeuristicBot play it."""
    rules, players, seed, limit = task
    deal = Deal.random(players, rules=rules, seed=seed)
    solution = solve_deal(deal, time_limit=limit)
    record = play_game(make_bots("heuristic", players), seed=seed, rules=rules)
    return {
        "seed": seed,
        "status": solution.status.value,
        "seconds": solution.seconds,
        "nodes": solution.nodes,
        "solver_calls": solution.solver_calls,
        "line": len(solution.line),
        "bot_won": record.won,
    }


def nodes_per_second(deals: int, seed: int, limit: float) -> dict[str, Any]:
    """Positions ``solve_deal`` visits per second of processor time, over the first ``deals``
    two-player deals of each preset (each stopped after ``limit`` seconds): most of a position's
    time goes to listing and applying its actions and to HeuristicBot's choice, which is tried
    first, so this is the game engine's speed inside a search."""
    nodes = 0
    seconds = 0.0
    for rules in PRESETS:
        for deal_seed in game_seeds(deals, seed):
            deal = Deal.random(2, rules=rules, seed=deal_seed)
            started = time.process_time()
            nodes += solve_deal(deal, time_limit=limit).nodes
            seconds += time.process_time() - started
    return {"nodes": nodes, "seconds": seconds, "nodes_per_s": nodes / seconds}


def study(
    rules: str, players: int, deals: int, seed: int, limit: float, workers: int
) -> dict[str, Any]:
    tasks = [(rules, players, s, limit) for s in game_seeds(deals, seed)]
    if workers > 1:
        with ProcessPoolExecutor(workers) as pool:
            results = list(pool.map(one_deal, tasks))
    else:
        results = [one_deal(task) for task in tasks]
    wins = sum(r["status"] == DealStatus.WIN.value for r in results)
    losses = sum(r["status"] == DealStatus.LOSS.value for r in results)
    decided = wins + losses
    bot = sum(r["bot_won"] for r in results)
    bot_won_solver_not = sum(r["bot_won"] and r["status"] != "win" for r in results)
    return {
        "rules": rules,
        "players": players,
        "deals": deals,
        "time_limit": limit,
        "decided": decided,
        "decided_share": decided / deals,
        "wins": wins,
        "losses": losses,
        "unknown": deals - decided,
        "median_seconds": statistics.median(r["seconds"] for r in results),
        "max_seconds": max(r["seconds"] for r in results),
        "pi_win_rate_decided": wins / decided if decided else None,
        "pi_win_rate_95": wilson_interval(wins, decided) if decided else None,
        "pi_win_rate_bracket": (wins / deals, (wins + deals - decided) / deals),
        "bot_win_rate": bot / deals,
        "bot_win_rate_95": wilson_interval(bot, deals),
        "bot_won_solver_not": bot_won_solver_not,
        "results": results,
    }


def _pct(value: float | None) -> str:
    return "    -" if value is None else f"{value:6.1%}"


def table(rows: list[dict[str, Any]]) -> str:
    head = (
        "rules      players  deals  limit  decided  median s   max s   PI wins (decided)  "
        "95% interval      bracket            bot wins  95% interval"
    )
    lines = [head, "-" * len(head)]
    for row in rows:
        ci = row["pi_win_rate_95"]
        ci_text = "       -        " if ci is None else f"[{ci[0]:.1%}, {ci[1]:.1%}]"
        low, high = row["pi_win_rate_bracket"]
        blow, bhigh = row["bot_win_rate_95"]
        lines.append(
            f"{row['rules']:9s} {row['players']:8d} {row['deals']:6d} {row['time_limit']:5.0f}s "
            f"{row['decided_share']:7.1%} {row['median_seconds']:9.2f} {row['max_seconds']:7.1f}"
            f"   {row['wins']:3d}/{row['decided']:<3d} {_pct(row['pi_win_rate_decided'])}"
            f"  {ci_text:16s}  [{low:.1%}, {high:.1%}]  {row['bot_win_rate']:8.1%}"
            f"  [{blow:.1%}, {bhigh:.1%}]"
        )
    for row in rows:
        if row["players"] == 2:
            met = (
                row["decided_share"] >= TARGETS["two_player_decided"]
                and row["median_seconds"] < TARGETS["two_player_median_s"]
            )
            lines.append(
                f"target {row['rules']} 2 players: >= 90% decided, median < 5 s: "
                f"{'met' if met else 'NOT met'}"
            )
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=100, help="deals per row (default 100)")
    parser.add_argument(
        "--players", type=int, nargs="+", default=[1, 2, 3, 4], help="table sizes (default 1-4)"
    )
    parser.add_argument(
        "--rules", nargs="+", choices=PRESETS, default=list(PRESETS), help="presets (both)"
    )
    parser.add_argument("--time-limit", type=float, default=60.0, help="seconds per deal")
    parser.add_argument("--seed", type=int, default=2026, help="seed of the deal seeds")
    parser.add_argument("--workers", type=int, default=1, help="processes (default 1)")
    parser.add_argument("--json", action="store_true", help="print the rows as JSON")
    parser.add_argument(
        "--nodes-per-second",
        action="store_true",
        help="measure the search's positions per second instead (2 players, both presets)",
    )
    args = parser.parse_args()
    if args.nodes_per_second:
        speed = nodes_per_second(args.deals, args.seed, args.time_limit)
        if args.json:
            print(json.dumps(speed, indent=1))
        else:
            print(
                f"{speed['nodes']:,} positions in {speed['seconds']:.1f} s of processor time: "
                f"{speed['nodes_per_s']:,.0f} positions/s"
            )
        return
    rows = []
    for rules in args.rules:
        for players in args.players:
            started = time.perf_counter()
            row = study(rules, players, args.deals, args.seed, args.time_limit, args.workers)
            print(
                f"  {rules} {players}p: decided {row['decided_share']:.0%}, "
                f"{time.perf_counter() - started:.0f} s",
                file=sys.stderr,
                flush=True,
            )
            rows.append(row)
    if args.json:
        print(json.dumps(rows, indent=1))
    else:
        print(table(rows))


if __name__ == "__main__":
    main()
