"""Benchmark: how Tobago bot games end, per preset, island and table of bots.

Every row plays the same seeded batch through ``tb.simulate`` and counts each end reason, the
mean game length and the longest game. The turn limit is a safety net: a row whose games reach
it shows them under ``turn limit``.

    python benchmarks/tobago_endings.py                     # 2,000 games per row, a table
    python benchmarks/tobago_endings.py --games 200 --json  # fewer games, as JSON
    python benchmarks/tobago_endings.py --turn-limit 100000 # a looser safety net
    python benchmarks/tobago_endings.py --table runs.json   # the table of a saved --json run

The progress of each row is drawn on stderr.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import statistics
import sys
from collections import Counter
from typing import Any

import tobago_solver as tb

ISLANDS = ("ABC-1", "AbC-2", "aBc-3", "abc-4")
PRESETS = ("seed", "published")
TABLES = {
    "greedy+3random": ("greedy", "random", "random", "random"),
    "4greedy": ("greedy", "greedy", "greedy", "greedy"),
}
REASONS = (
    "treasure deck empty",
    "treasure cannot be located",
    "stalemate",
    "map without candidate",
    "turn limit",
)
"""The end reasons in the order of the table's columns (any other reason is added after)."""


def run_row(
    island: str, preset: str, table: str, games: int, seed: int, workers: int, turn_limit: int
) -> dict[str, Any]:
    rules = tb.GameRules.named(preset)
    if turn_limit:
        rules = dataclasses.replace(rules, turn_limit=turn_limit)
    result = tb.simulate(
        games,
        island=island,
        bots=list(TABLES[table]),
        seed=seed,
        rules=rules,
        workers=workers,
        progress=True,
    )
    turns = [g.turns for g in result.games]
    longest = max(result.games, key=lambda g: g.turns)
    return {
        "island": island,
        "rules": preset,
        "bots": table,
        "games": games,
        "turn_limit": rules.turn_limit,
        "end_reasons": dict(Counter(g.end_reason for g in result.games)),
        "mean_turns": statistics.fmean(turns),
        # getattr: the same script measured the code from before maps could be abandoned.
        "abandoned_per_game": statistics.fmean(getattr(g, "abandoned", 0) for g in result.games),
        "longest": {"turns": longest.turns, "index": longest.index, "seed": longest.seed},
    }


def print_table(report: dict[str, Any]) -> None:
    rows = report["rows"]
    seen = {reason for row in rows for reason in row["end_reasons"]}
    columns = [r for r in REASONS if r in seen or r == "turn limit"]
    columns += sorted(seen - set(columns))
    games = rows[0]["games"] if rows else 0
    print(f"{games} games per row, batch seed {report['seed']}; columns: games ending by")
    print("\n".join(f"  {chr(ord('A') + i)} = {name}" for i, name in enumerate(columns)))
    head = " ".join(f"{chr(ord('A') + i):>5}" for i in range(len(columns)))
    abandoned = any("abandoned_per_game" in row for row in rows)
    extra = "  abandoned/game" if abandoned else ""
    print(f"\n{'rules':<10} {'bots':<15} {'island':<6} {head}  mean turns  longest{extra}")
    for row in rows:
        counts = " ".join(f"{row['end_reasons'].get(c, 0):5d}" for c in columns)
        also = f" {row.get('abandoned_per_game', 0):15.2f}" if abandoned else ""
        print(
            f"{row['rules']:<10} {row['bots']:<15} {row['island']:<6} {counts} "
            f"{row['mean_turns']:11.1f} {row['longest']['turns']:8d}{also}"
        )
    longest = max(rows, key=lambda r: r["longest"]["turns"])
    print(
        f"\nlongest game: {longest['longest']['turns']} turns ({longest['rules']}, "
        f"{longest['bots']}, {longest['island']}, game {longest['longest']['index']}); "
        f"turn limit {longest['turn_limit']}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000, help="games per row (default 2000)")
    parser.add_argument("--seed", type=int, default=15, help="the batch seed (default 15)")
    parser.add_argument("--islands", default=",".join(ISLANDS), help="comma-separated names")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--turn-limit", type=int, default=0, help="default: the rules' own")
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--table", metavar="FILE", help="print the table of a saved --json run")
    args = parser.parse_args()
    if args.table:
        with open(args.table, encoding="utf-8") as saved:
            print_table(json.load(saved))
        return
    rows = []
    for preset in PRESETS:
        for table in TABLES:
            for island in args.islands.split(","):
                print(f"{preset} {table} {island}", file=sys.stderr)
                rows.append(
                    run_row(
                        island, preset, table, args.games, args.seed, args.workers, args.turn_limit
                    )
                )
    report = {"seed": args.seed, "rows": rows}
    if args.json:
        print(json.dumps(report, indent=1))
        return
    print_table(report)


if __name__ == "__main__":
    main()
