"""Study: PlannerBot alone against HeuristicBot on the same `seed` deals (paired games).

``--games`` two-player `seed` deals (seeds from ``SeedSequence(--seed)``, the seeds
``tranquility simulate`` and ``search_bots.py games`` use; ``--skip`` leaves out the first
ones) are played by HeuristicBot in both seats and by PlannerBot in both seats (or by PlannerBot
with another ``--reach``); the table counts the games each won and the games won by one and
lost by the other, with 95% Wilson intervals. Development runs used ``--seed 4242`` (never the
benchmark's seed 0); the benchmark's deals are ``--seed 0``.

    python benchmarks/planner_seed.py --games 300 --seed 4242 --skip 100
    python benchmarks/planner_seed.py --games 500 --seed 0 --reach 4 5 6
"""

from __future__ import annotations

import argparse
import sys
import time
from concurrent.futures import ProcessPoolExecutor

from tranquility_solver.game import HeuristicBot, play_game
from tranquility_solver.game.planner import PlannerBot
from tranquility_solver.game.simulate import game_seeds, wilson_interval


def one_deal(task: tuple[int, tuple[float, ...]]) -> tuple[bool, tuple[bool, ...]]:
    """Whether HeuristicBot wins the deal, and whether PlannerBot does with each reach."""
    seed, reaches = task
    heuristic = play_game([HeuristicBot(), HeuristicBot()], seed=seed, rules="seed").won
    planners = [PlannerBot(reach=reach) for reach in reaches]
    return heuristic, tuple(play_game([bot, bot], seed=seed, rules="seed").won for bot in planners)


def _share(wins: int, games: int) -> str:
    low, high = wilson_interval(wins, games)
    return f"{wins / games:6.1%} [{low:.1%}, {high:.1%}]"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--seed", type=int, default=4242)
    parser.add_argument("--skip", type=int, default=0, help="leave out the first SKIP deals")
    parser.add_argument("--reach", type=float, nargs="+", default=[PlannerBot().reach])
    parser.add_argument("--workers", type=int, default=1)
    args = parser.parse_args(argv)
    if args.games < 1 or args.skip < 0:
        parser.error("--games must be at least 1 and --skip at least 0")
    seeds = game_seeds(args.skip + args.games, args.seed)[args.skip :]
    tasks = [(seed, tuple(args.reach)) for seed in seeds]
    started = time.monotonic()
    with ProcessPoolExecutor(max(1, args.workers)) as pool:
        results = list(pool.map(one_deal, tasks, chunksize=10))
    games = len(results)
    heuristic = sum(won for won, _ in results)
    print(f"seed, {games} two-player deals (SeedSequence({args.seed}), after {args.skip})")
    print(f"  HeuristicBot           {_share(heuristic, games)}")
    for at, reach in enumerate(args.reach):
        planner = sum(planners[at] for _, planners in results)
        better = sum(planners[at] and not won for won, planners in results)
        worse = sum(won and not planners[at] for won, planners in results)
        print(
            f"  PlannerBot reach {reach:<5g} {_share(planner, games)}"
            f"  won {better} that HeuristicBot lost, lost {worse} it won"
        )
    print(f"  ({time.monotonic() - started:.0f} s wall)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
