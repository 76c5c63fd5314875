"""OpenSpiel's own consistency test (``pyspiel.random_sim_test``) over many random games.

For each game the test plays random moves (chance included) to the end and checks at every
state what OpenSpiel expects of a game: legal actions and their mask, the strings and tensors of
every player (fixed sizes), clones, the history, returns within the declared bounds and the
declared utility (zero-sum for Tobago, identical for Tranquility). The games are spread over
every player count and the presets, and the script prints how many passed (it stops at the
first failure, which OpenSpiel reports with the state).

    python benchmarks/openspiel_consistency.py --games 1000 --game tobago
    python benchmarks/openspiel_consistency.py --games 1000 --game tobago --part 2/2  # half
    python benchmarks/openspiel_consistency.py --games 1000 --game tranquility --serialize
"""

from __future__ import annotations

import argparse
import sys
import time
from typing import Any

import pyspiel

import tobago_solver.openspiel
import tranquility_solver.openspiel

CONFIGS: dict[str, list[dict[str, Any]]] = {
    tobago_solver.openspiel.SHORT_NAME: [
        {"players": 2, "rules": "seed"},
        {"players": 3, "rules": "published"},
        {"players": 4, "rules": "seed+exchange"},
        {"players": 2, "rules": "published+exchange", "island": "AbC-2"},
    ],
    tranquility_solver.openspiel.SHORT_NAME: [
        {"players": players, "rules": rules}
        for rules in ("seed", "published")
        for players in range(1, 6)
    ],
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", choices=["tobago", "tranquility"], required=True)
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--serialize", action="store_true", help="also check serialization")
    parser.add_argument(
        "--part",
        default="1/1",
        help="K/N: run only the K-th of N equal parts (to spread the games over processes)",
    )
    args = parser.parse_args()
    name = f"python_{args.game}"
    configs = CONFIGS[name]
    started = time.perf_counter()
    finished = 0

    def count_games(state: pyspiel.State) -> None:
        nonlocal finished
        if state.is_terminal():
            finished += 1
            if finished % 50 == 0:
                elapsed = time.perf_counter() - started
                print(f"{finished} games passed ({elapsed:.0f} s)", file=sys.stderr, flush=True)

    # One call per configuration: random_sim_test draws from a generator with a fixed seed, so
    # games differ within a call and repeat across calls.
    part, parts = map(int, args.part.split("/"))
    shares = [
        args.games // len(configs) + (i < args.games % len(configs)) for i in range(len(configs))
    ]
    for index, (config, share) in enumerate(zip(configs, shares, strict=True)):
        if index % parts != part - 1:
            continue
        game = pyspiel.load_game(name, config)
        pyspiel.random_sim_test(
            game,
            num_sims=share,
            serialize=args.serialize,
            verbose=False,
            state_checker_fn=count_games,
        )
        print(f"  {share:5d}  {config}", flush=True)
    seconds = time.perf_counter() - started
    done = sum(shares[part - 1 :: parts])
    print(
        f"{name}: {done} random games ({finished} ended) passed random_sim_test in {seconds:.0f} s"
    )


if __name__ == "__main__":
    main()
