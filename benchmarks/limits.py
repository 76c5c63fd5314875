"""Benchmark: the cores at their documented limits (issue 11: no input of the documented size
takes more than a second).

Tobago: islands of MAX_LAND_FIELDS (1,000) land fields, one terrain (one huge area) and all six
mixed, every first query on a fresh island value: build, candidates, a clue verdict, the first
step distance, step distances from every field, a move, the text round trip with the landmark
rules (a hut on every field), a picture. Tranquility: counting under custom orders up to the
work limit (closed form for free cells, CountLimitError beyond the limit).

Run:  python benchmarks/limits.py [--json]
"""

from __future__ import annotations

import argparse
import json
import math
import time
from collections.abc import Callable
from functools import partial
from typing import Any

import tobago_solver as tb
import tranquility_solver as tq
from tobago_solver import hexgrid
from tobago_solver.island import MAX_LAND_FIELDS
from tranquility_solver.rules import adjacent_axis_cost

COLUMNS, ROWS = 25, 40


def timed(action: Callable[[], Any]) -> tuple[float, str]:
    start = time.perf_counter()
    try:
        result = action()
        outcome = str(result) if isinstance(result, int) and not isinstance(result, bool) else "ok"
    except (tb.TobagoError, tq.TranquilityError, tq.SolverTimeoutError) as error:
        outcome = type(error).__name__
    return time.perf_counter() - start, outcome


def largest_island(terrains: list[tb.Terrain]) -> dict[str, tb.Terrain]:
    fields = [hexgrid.field_name(c, r) for r in range(ROWS) for c in range(COLUMNS)]
    assert len(fields) == MAX_LAND_FIELDS
    return {field: terrains[i % len(terrains)] for i, field in enumerate(fields)}


def tobago_rows() -> list[dict[str, Any]]:
    rows = []
    for label, terrains in (
        ("one terrain", [tb.Terrain.BEACH]),
        ("six terrains", list(tb.Terrain)),
    ):
        for name, action in _largest_island_checks(largest_island(terrains)):
            seconds, outcome = timed(action)
            rows.append(
                {"case": f"tobago, {label}", "what": name, "seconds": seconds, "outcome": outcome}
            )
    beyond: list[tuple[str, Callable[[], Any]]] = [
        (
            "two fields, one at row 10,000,000",
            lambda: tb.Island.from_terrain("far", {"a1": "beach", "a10000000": "beach"}),
        ),
        ("text with 61 terrain rows", lambda: tb.Island.from_text("terrain:\n" + "B\n" * 61)),
    ]
    for name, action in beyond:
        seconds, outcome = timed(action)
        rows.append(
            {
                "case": "tobago, beyond the limits",
                "what": name,
                "seconds": seconds,
                "outcome": outcome,
            }
        )
    return rows


def _largest_island_checks(
    terrain: dict[str, tb.Terrain],
) -> list[tuple[str, Callable[[], Any]]]:
    island = tb.Island.from_terrain("largest", terrain)
    first, last = island.fields[0], island.fields[-1]
    crowded = island.with_landmarks(tb.Landmark("hut", f) for f in island.fields)
    text = crowded.to_text()
    return [
        ("build the island", lambda: tb.Island.from_terrain("largest", terrain)),
        ("first candidates query", lambda: tb.candidates(island, ["not in sight of sea"])),
        ("check_clue", lambda: tb.check_clue(island, ["in beach"], "not in beach")),
        ("first step_distance", lambda: tb.step_distance(island, first, last)),
        (
            "step_distance from every field",
            lambda: [tb.step_distance(island, f, first) for f in island.fields],
        ),
        ("reachable (one move)", lambda: tb.reachable(island, island.fields[500])),
        ("parse with 1,000 huts (strict)", lambda: tb.Island.from_text(text)),
        ("parse with 1,000 huts (lenient)", lambda: tb.Island.from_text(text, strict=False)),
        ("landmark_problems, 1,000 huts", lambda: len(crowded.landmark_problems())),
        ("render_svg", lambda: tb.render_svg(island)),
    ]


def custom(pairs: list[tuple[int, int]]) -> tq.Rules:
    return tq.Rules("custom", tuple(pairs), False, adjacent_axis_cost)


def tranquility_rows() -> list[dict[str, Any]]:
    cases = [
        ("no pairs (36 free cells)", custom([])),
        (
            "seed order, first 16 cells free",
            custom([p for p in tq.Rules.seed().precedences if min(p) >= 16]),
        ),
        ("18 independent pairs", custom([(c, c + 1) for c in range(0, 36, 2)])),
        ("6 independent columns", custom([(c, c + 6) for c in range(30)])),
        ("seed preset", tq.Rules.seed()),
    ]
    rows = []
    for name, rules in cases:
        seconds, outcome = timed(
            partial(tq.count_completions, tq.Grid.empty(), range(1, 81), rules)
        )
        if outcome.isdigit():
            outcome = f"{int(outcome):.3e}" if len(outcome) > 9 else outcome
        rows.append(
            {
                "case": "tranquility count, empty grid, 80 cards",
                "what": name,
                "seconds": seconds,
                "outcome": outcome,
            }
        )
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", action="store_true", help="print JSON instead of a table")
    args = parser.parse_args()
    rows = tobago_rows() + tranquility_rows()
    worst = max(row["seconds"] for row in rows)
    if args.json:
        print(json.dumps({"rows": rows, "worst_seconds": worst}, indent=1))
        return
    case = ""
    for row in rows:
        if row["case"] != case:
            case = row["case"]
            print(f"\n{case}")
        print(f"  {row['what']:<36} {row['seconds'] * 1000:9.1f} ms  {row['outcome']}")
    print(
        f"\nworst: {worst:.2f} s (target: every case at most 1 s)"
        + ("" if math.isfinite(worst) and worst <= 1 else "  NOT MET")
    )


if __name__ == "__main__":
    main()
