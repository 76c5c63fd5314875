"""Benchmark: shortest proofs (min_clues) and identifiability maps, against baselines.

For every land field of the chosen islands it times ``tb.min_clues`` (one CP-SAT set cover),
and per island the whole identifiability map. In the same run it compares the proven minima with
a greedy set cover (the cheap heuristic: how often is it not optimal?) and, on a sample of fields
with small minima, with brute force over card subsets by increasing size (same minimum, and how
much slower). Also times ``tb.make_puzzle`` and ``tb.advise`` calls.

    python benchmarks/tobago_analysis.py                  # all 32 islands, a table
    python benchmarks/tobago_analysis.py --islands 4      # the first 4 islands only
    python benchmarks/tobago_analysis.py --json           # the same figures as JSON
"""

from __future__ import annotations

import argparse
import itertools
import json
import statistics
import sys
import time
from typing import Any

from tqdm import tqdm  # type: ignore[import-untyped]

import tobago_solver as tb
from tobago_solver.compile import compiled
from tobago_solver.game.records import replay

TARGET_ISLAND_SECONDS = 30.0


def usable_masks(island: tb.Island, field: str) -> tuple[int, int, list[int]]:
    table = compiled(island)
    target = 1 << table.index[field]
    masks = sorted({table.masks[c] for c in tb.DECK if table.masks[c] & target})
    return table.land_mask, target, masks


def greedy_size(island: tb.Island, field: str) -> int | None:
    """Greedy set cover: repeatedly the card that rules out the most remaining fields."""
    left, target, masks = usable_masks(island, field)
    count = 0
    while left != target:
        best = min(masks, key=lambda m: (left & m).bit_count())
        if left & best == left:
            return None
        left &= best
        count += 1
    return count


def brute_size(island: tb.Island, field: str, limit: int) -> int | None:
    """Every subset of distinct card masks by increasing size, up to ``limit`` cards."""
    land, target, masks = usable_masks(island, field)
    for size in range(limit + 1):
        for subset in itertools.combinations(masks, size):
            left = land
            for mask in subset:
                left &= mask
            if left == target:
                return size
    return None


def run(islands: int, brute_every: int, brute_limit: int, quiet: bool) -> dict[str, Any]:
    names = tb.islands.names()[:islands]
    call_ms: list[float] = []
    island_s: dict[str, float] = {}
    greedy_worse = greedy_fields = 0
    brute_ms: list[float] = []
    brute_by_size: dict[int, list[float]] = {}
    paired: list[float] = []
    brute_disagree = 0
    total_fields = 0
    with tqdm(total=len(names), disable=quiet, file=sys.stderr, unit="island") as bar:
        for name in names:
            island = tb.islands.get(name)
            compiled(island)
            start = time.perf_counter()
            minima: dict[str, int | None] = {}
            for field in island.fields:
                t0 = time.perf_counter()
                proof = tb.min_clues(island, field)
                call_ms.append((time.perf_counter() - t0) * 1e3)
                minima[field] = None if proof is None else len(proof)
            island_s[name] = time.perf_counter() - start
            total_fields += len(island.fields)
            for number, (field, minimum) in enumerate(minima.items()):
                greedy = greedy_size(island, field)
                if minimum is not None:
                    greedy_fields += 1
                    greedy_worse += greedy is None or greedy > minimum
                if minimum is not None and minimum <= brute_limit and number % brute_every == 0:
                    t0 = time.perf_counter()
                    found = brute_size(island, field, brute_limit)
                    elapsed = (time.perf_counter() - t0) * 1e3
                    t0 = time.perf_counter()
                    tb.min_clues(island, field)
                    solver = (time.perf_counter() - t0) * 1e3
                    brute_ms.append(elapsed)
                    brute_by_size.setdefault(minimum, []).append(elapsed)
                    paired.append(elapsed / solver)
                    brute_disagree += found != minimum
            bar.update()
    island = tb.islands.default()
    puzzle_ms = []
    for seed in range(10):
        t0 = time.perf_counter()
        tb.make_puzzle(island, seed=seed, size=5)
        puzzle_ms.append((time.perf_counter() - t0) * 1e3)
    record = tb.play_game(island, [tb.GreedyBot(), tb.GreedyBot(), tb.GreedyBot()], seed=1)
    states = [s for s in replay(record) if not s.is_terminal]
    advise_ms = []
    for state in states:
        t0 = time.perf_counter()
        tb.advise(state)
        advise_ms.append((time.perf_counter() - t0) * 1e3)
    worst_island = max(island_s, key=island_s.__getitem__)
    return {
        "islands": len(names),
        "fields": total_fields,
        "min_clues_ms": {
            "median": statistics.median(call_ms),
            "p90": statistics.quantiles(call_ms, n=10)[-1],
            "max": max(call_ms),
        },
        "island_s": {
            "median": statistics.median(island_s.values()),
            "max": island_s[worst_island],
            "max_island": worst_island,
            "total": sum(island_s.values()),
        },
        "greedy": {"fields": greedy_fields, "not_optimal": greedy_worse},
        "brute_force": {
            "fields": len(brute_ms),
            "limit": brute_limit,
            "disagreements": brute_disagree,
            "median_ms": statistics.median(brute_ms) if brute_ms else None,
            "median_ms_by_minimum": {
                size: statistics.median(times) for size, times in sorted(brute_by_size.items())
            },
            "over_cpsat_median_ratio": statistics.median(paired) if paired else None,
        },
        "make_puzzle_5_ms_median": statistics.median(puzzle_ms),
        "advise_ms": {"calls": len(advise_ms), "median": statistics.median(advise_ms)},
        "targets": {
            f"identifiability_per_island_s<={TARGET_ISLAND_SECONDS:g}": island_s[worst_island]
            <= TARGET_ISLAND_SECONDS
        },
    }


def table(result: dict[str, Any]) -> str:
    call, isl, brute = result["min_clues_ms"], result["island_s"], result["brute_force"]
    greedy = result["greedy"]
    ratio = brute["over_cpsat_median_ratio"]
    rows = [
        f"{result['fields']} fields on {result['islands']} islands; "
        f"brute-force disagreements: {brute['disagreements']}",
        "",
        f"{'what':<44}{'median':>10}{'p90/max':>10}",
        f"{'min_clues, one field (ms)':<44}{call['median']:>10.2f}{call['p90']:>10.2f}",
        f"{'identifiability map, one island (s)':<44}{isl['median']:>10.2f}{isl['max']:>10.2f}",
        f"{'brute force, one field <= ' + str(brute['limit']) + ' cards (ms)':<44}"
        f"{brute['median_ms'] or 0:>10.1f}{'':>10}",
        f"{'make_puzzle, 5 clues on ABC-1 (ms)':<44}{result['make_puzzle_5_ms_median']:>10.1f}",
        f"{'advise, one game state (ms)':<44}{result['advise_ms']['median']:>10.1f}",
        "",
        f"all islands: {isl['total']:.1f} s; slowest island {isl['max_island']} "
        f"({isl['max']:.2f} s); slowest field {call['max']:.1f} ms",
        f"brute force on {brute['fields']} fields: same minima; brute/CP-SAT median ratio "
        + (f"{ratio:.2f}" if ratio else "-")
        + "; brute ms by minimum: "
        + ", ".join(f"{k}: {v:.1f}" for k, v in brute["median_ms_by_minimum"].items()),
        f"greedy set cover not optimal on {greedy['not_optimal']} of {greedy['fields']} "
        "locatable fields",
        "targets: "
        + ", ".join(f"{k} {'met' if ok else 'MISSED'}" for k, ok in result["targets"].items()),
    ]
    return "\n".join(rows)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--islands", type=int, default=32, help="the first N bundled islands")
    parser.add_argument(
        "--brute-every", type=int, default=7, help="brute-force every n-th field (default 7)"
    )
    parser.add_argument(
        "--brute-limit", type=int, default=5, help="brute force only fields needing <= N cards"
    )
    parser.add_argument("--json", action="store_true", help="print JSON instead of a table")
    args = parser.parse_args()
    result = run(args.islands, args.brute_every, args.brute_limit, quiet=args.json)
    print(json.dumps(result, indent=2) if args.json else table(result))
    return 0 if result["brute_force"]["disagreements"] == 0 else 1


if __name__ == "__main__":
    raise SystemExit(main())
