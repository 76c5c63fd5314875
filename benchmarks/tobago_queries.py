"""Benchmark: "where can the treasure be?" and clue legality, engine against engine.

Over all 32 bundled islands, maps hold 1-8 clues drawn as in play (each card legal when added).
For each query it times the fast engine, the naive per-field baseline and the CP-SAT model
(every solution enumerated in one search), checks that all agree, and times full-hand
legality sweeps (4 cards x 4 maps).

    python benchmarks/tobago_queries.py            # a table
    python benchmarks/tobago_queries.py --json     # the same figures as JSON
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from collections.abc import Callable
from functools import partial
from typing import Any

from tqdm import tqdm  # type: ignore[import-untyped]

import tobago_solver as tb
from tobago_solver.compile import compiled
from tobago_solver.engines import cpsat, fast, naive
from tobago_solver.legality import legal_plays


def play_map(island: tb.Island, rng: random.Random, length: int) -> list[tb.Clue]:
    """A map of up to ``length`` clues, each legal when it was added (seed rules)."""
    clues: list[tb.Clue] = []
    deck = list(tb.DECK)
    rng.shuffle(deck)
    for card in deck:
        if len(clues) == length:
            break
        if tb.check_clue(island, clues, card, explain=False).legal:
            clues.append(card)
    return clues


def per_call_us(call: Callable[[], object], min_seconds: float) -> float:
    """Microseconds per call, repeating the call until ``min_seconds`` have passed."""
    repeats, elapsed = 0, 0.0
    start = time.perf_counter()
    while elapsed < min_seconds or repeats < 3:
        call()
        repeats += 1
        elapsed = time.perf_counter() - start
    return elapsed / repeats * 1e6


def run(seed: int, queries_per_island: int, cpsat_every: int, quiet: bool) -> dict[str, Any]:
    rng = random.Random(seed)
    times: dict[str, list[float]] = {"fast": [], "naive": [], "cpsat": [], "sweep": []}
    paired: list[tuple[float, float]] = []
    compile_ms: list[float] = []
    disagreements = 0
    queries = 0
    names = tb.islands.names()
    with tqdm(total=len(names) * queries_per_island, disable=quiet, file=sys.stderr) as bar:
        for name in names:
            island = tb.islands.get(name)
            fresh = island.renamed(island.name)  # a new value: nothing compiled yet
            start = time.perf_counter()
            compiled(fresh)
            compile_ms.append((time.perf_counter() - start) * 1e3)
            for q in range(queries_per_island):
                clues = play_map(island, rng, rng.randint(1, 8))
                answer = fast.candidates(island, clues)
                t_fast = per_call_us(partial(fast.candidates, island, clues), 0.002)
                times["fast"].append(t_fast)
                times["naive"].append(per_call_us(partial(naive.candidates, island, clues), 0))
                disagreements += answer != naive.candidates(island, clues)
                if q % cpsat_every == 0:
                    start = time.perf_counter()
                    solved = cpsat.candidates(island, clues)
                    t_cpsat = (time.perf_counter() - start) * 1e6
                    times["cpsat"].append(t_cpsat)
                    paired.append((t_cpsat, t_fast))
                    disagreements += answer != solved
                maps = [play_map(island, rng, rng.randint(0, 8)) for _ in range(4)]
                hand = rng.sample(tb.DECK, 4)
                times["sweep"].append(per_call_us(partial(legal_plays, island, maps, hand), 0.002))
                queries += 1
                bar.update()
    medians = {key: statistics.median(values) for key, values in times.items()}
    return {
        "seed": seed,
        "islands": len(names),
        "queries": queries,
        "cpsat_queries": len(times["cpsat"]),
        "disagreements": disagreements,
        "median_us": medians,
        "p90_us": {key: statistics.quantiles(v, n=10)[-1] for key, v in times.items()},
        "cpsat_over_fast_median_ratio": statistics.median(c / f for c, f in paired),
        "naive_over_fast_median_ratio": medians["naive"] / medians["fast"],
        "compile_ms_median": statistics.median(compile_ms),
        "targets": {
            "fast_median_us<=20": medians["fast"] <= 20,
            "cpsat/fast>=100": statistics.median(c / f for c, f in paired) >= 100,
            "sweep_median_us<=150": medians["sweep"] <= 150,
        },
    }


def table(result: dict[str, Any]) -> str:
    med, p90 = result["median_us"], result["p90_us"]
    rows = [
        f"{result['queries']} queries on {result['islands']} islands "
        f"(CP-SAT on {result['cpsat_queries']}), seed {result['seed']}; "
        f"disagreements: {result['disagreements']}",
        "",
        f"{'what':<32}{'median µs':>12}{'p90 µs':>12}{'× fast':>10}",
        f"{'candidates, fast (bitmasks)':<32}{med['fast']:>12.1f}{p90['fast']:>12.1f}{1:>10.0f}",
        f"{'candidates, naive per field':<32}{med['naive']:>12.1f}{p90['naive']:>12.1f}"
        f"{result['naive_over_fast_median_ratio']:>10.0f}",
        f"{'candidates, CP-SAT enumeration':<32}{med['cpsat']:>12.1f}{p90['cpsat']:>12.1f}"
        f"{result['cpsat_over_fast_median_ratio']:>10.0f}",
        f"{'hand sweep, 4 cards x 4 maps':<32}{med['sweep']:>12.1f}{p90['sweep']:>12.1f}{'':>10}",
        "",
        f"compile one island (once, cached): median {result['compile_ms_median']:.1f} ms",
        "targets: "
        + ", ".join(f"{k} {'met' if ok else 'MISSED'}" for k, ok in result["targets"].items()),
    ]
    return "\n".join(rows)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--queries-per-island", type=int, default=20)
    parser.add_argument("--cpsat-every", type=int, default=4, help="run CP-SAT on every n-th query")
    parser.add_argument("--json", action="store_true", help="print JSON instead of a table")
    args = parser.parse_args()
    result = run(args.seed, args.queries_per_island, args.cpsat_every, quiet=False)
    print(json.dumps(result, indent=2) if args.json else table(result))
    return 0 if result["disagreements"] == 0 else 1


if __name__ == "__main__":
    raise SystemExit(main())
