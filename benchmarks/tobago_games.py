"""Benchmark: whole Tobago games per second, RandomBot and GreedyBot tables of 2 and 4 players.

Each configuration plays the same seeded batch on one process and on a pool of 2 worker
processes (``tb.simulate``); the pool's time includes starting it. Game lengths are printed
beside the rates, because random players make long games.

    python benchmarks/tobago_games.py            # a table
    python benchmarks/tobago_games.py --json     # the same figures as JSON
"""

from __future__ import annotations

import argparse
import json
import time
from typing import Any

import tobago_solver as tb

TABLES = (("random", 2), ("random", 4), ("greedy", 2), ("greedy", 4))
TARGETS = {("random", 4): 50.0, ("greedy", 4): 20.0}
"""Games per second on one process (issue 6)."""


def run(games: int, seed: int, island_name: str) -> dict[str, Any]:
    island = tb.islands.get(island_name)
    tb.simulate(2, island=island, bots=["random", "greedy"], seed=seed)  # compile and warm up
    rows = []
    for bot, players in TABLES:
        row: dict[str, Any] = {"bot": bot, "players": players, "games": games}
        for workers in (1, 2):
            start = time.perf_counter()
            result = tb.simulate(
                games, island=island, bots=[bot] * players, seed=seed, workers=workers
            )
            elapsed = time.perf_counter() - start
            row[f"games_per_s_{workers}w"] = games / elapsed
            row["mean_turns"] = result.summary()["turns"]["mean"]
        rows.append(row)
    targets = {
        f"{bot}_{players}p_games_per_s>={target:g}": next(
            r["games_per_s_1w"] >= target
            for r in rows
            if (r["bot"], r["players"]) == (bot, players)
        )
        for (bot, players), target in TARGETS.items()
    }
    return {"island": island_name, "seed": seed, "rows": rows, "targets": targets}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="games per configuration")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--island", default="ABC-1")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    report = run(args.games, args.seed, args.island)
    if args.json:
        print(json.dumps(report, indent=1))
        return
    print(f"{args.games} games per row on {report['island']}, seed {report['seed']}\n")
    print("bots      players   games/s 1 process   games/s 2 workers   mean turns")
    for row in report["rows"]:
        print(
            f"{row['bot']:<9} {row['players']:7d} {row['games_per_s_1w']:19.1f} "
            f"{row['games_per_s_2w']:19.1f} {row['mean_turns']:12.1f}"
        )
    met = ", ".join(f"{name} {'met' if ok else 'MISSED'}" for name, ok in report["targets"].items())
    print(f"\ntargets: {met}")


if __name__ == "__main__":
    main()
