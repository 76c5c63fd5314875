"""Study: PlannerBot alone against HeuristicBot and the tuned HeuristicBot on the same deals.

``--games`` two-player deals (seeds from ``SeedSequence(--seed)``, the seeds ``tranquility
simulate`` and ``search_bots.py games`` use; ``--skip`` leaves out the first ones) under
``--rules`` are played by HeuristicBot, by the tuned HeuristicBot (``TUNED_HEURISTIC``) and by
PlannerBot, each in both seats; PlannerBot is played once per ``--reach`` (`seed`: how far a
card may sit from its cell's target) and once per ``--forced-weight`` (`published`: the bits
its sequence policy takes off per paid cell a play adds). The table counts the games each won,
with 95% Wilson intervals, and the games PlannerBot won that the tuned HeuristicBot lost and
the other way round. Development runs used ``--seed 4242`` (never the benchmark's seed 0); the
benchmark's deals are ``--seed 0``.

    python benchmarks/planner_seed.py --games 300 --seed 4242 --skip 100
    python benchmarks/planner_seed.py --games 500 --seed 0 --reach 4 5 6
    python benchmarks/planner_seed.py --rules published --games 500 --seed 0 --workers 2
"""

from __future__ import annotations

import argparse
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import replace

from tranquility_solver.bots import HeuristicBot
from tranquility_solver.bots.planner import TUNED_HEURISTIC, PlannerBot
from tranquility_solver.game import play_game
from tranquility_solver.game.records import Bot
from tranquility_solver.game.simulate import game_seeds, wilson_interval


def planners(reaches: list[float], weights: list[float]) -> list[tuple[str, PlannerBot]]:
    """PlannerBot with each reach (its own forced weight), then with each forced weight (its
    own reach), each with a label."""
    planner = PlannerBot()
    found = [(f"PlannerBot reach {reach:g}", replace(planner, reach=reach)) for reach in reaches]
    for weight in weights:
        sequence = replace(planner.sequence, forced_weight=weight)
        found.append((f"PlannerBot forced {weight:g}", replace(planner, sequence=sequence)))
    return found


def one_deal(task: tuple[int, str, tuple[Bot, ...]]) -> tuple[bool, ...]:
    """Whether each bot, in both seats, wins the deal."""
    seed, rules, bots = task
    return tuple(play_game([bot, bot], seed=seed, rules=rules).won for bot in bots)


def _share(wins: int, games: int) -> str:
    low, high = wilson_interval(wins, games)
    return f"{wins / games:6.1%} [{low:.1%}, {high:.1%}]"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--seed", type=int, default=4242)
    parser.add_argument("--skip", type=int, default=0, help="leave out the first SKIP deals")
    parser.add_argument("--rules", choices=("seed", "published"), default="seed")
    parser.add_argument("--reach", type=float, nargs="*", default=None)
    parser.add_argument("--forced-weight", type=float, nargs="*", default=None)
    parser.add_argument("--workers", type=int, default=1)
    args = parser.parse_args(argv)
    if args.games < 1 or args.skip < 0:
        parser.error("--games must be at least 1 and --skip at least 0")
    # By default the setting that matters under the rules, at its tuned value.
    reaches = args.reach if args.reach is not None else []
    weights = args.forced_weight if args.forced_weight is not None else []
    if not reaches and not weights:
        reaches = [PlannerBot().reach] if args.rules == "seed" else []
        weights = [PlannerBot().sequence.forced_weight] if args.rules == "published" else []
    labelled = [
        ("HeuristicBot", HeuristicBot()),
        ("tuned HeuristicBot", TUNED_HEURISTIC),
        *planners(reaches, weights),
    ]
    bots = tuple(bot for _, bot in labelled)
    seeds = game_seeds(args.skip + args.games, args.seed)[args.skip :]
    started = time.monotonic()
    with ProcessPoolExecutor(max(1, args.workers)) as pool:
        results = list(pool.map(one_deal, [(s, args.rules, bots) for s in seeds], chunksize=10))
    games = len(results)
    print(f"{args.rules}, {games} two-player deals (SeedSequence({args.seed}), after {args.skip})")
    for at, (label, _) in enumerate(labelled):
        line = f"  {label:24} {_share(sum(won[at] for won in results), games)}"
        if at > 1:
            better = sum(won[at] and not won[1] for won in results)
            worse = sum(won[1] and not won[at] for won in results)
            line += f"  won {better} the tuned HeuristicBot lost, lost {worse} it won"
        print(line)
    print(f"  ({time.monotonic() - started:.0f} s wall)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
