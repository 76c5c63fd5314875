"""Benchmark the Tranquility game: win rates, games per second, and a crash check.

Win rates: HeuristicBot on every seat, 1–5 players, both presets, ``--games`` seeded games each
(seeds from ``SeedSequence(--seed)``, so any ``--workers`` gives the same table), with Wilson
95% intervals. Speed: games per second on one core for RandomBot and HeuristicBot, 2 and 4
players, both presets. Crash check: ``--crash-check N`` plays N games of one table and counts
exceptions and illegal actions (every action is checked against ``legal_actions()``).

    python benchmarks/tranquility_games.py --games 2000 --workers 2
    python benchmarks/tranquility_games.py --speed-only
    python benchmarks/tranquility_games.py --crash-check 10000 --players 2 --rules published
    python benchmarks/tranquility_games.py --games 200 --json
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
import traceback
from typing import Any

import tranquility_solver as tq
from tranquility_solver.game.bots import make_bots
from tranquility_solver.game.records import bot_rng
from tranquility_solver.game.simulate import game_seeds

PRESETS = ("seed", "published")
TARGETS = {"published_2p_win_rate": 0.70, "random_games_per_s": 200, "heuristic_games_per_s": 20}


def win_rates(
    games: int, seed: int, workers: int, presets: tuple[str, ...] = PRESETS
) -> list[dict[str, Any]]:
    rows = []
    for rules in presets:
        for players in range(1, 6):
            started = time.perf_counter()
            result = tq.simulate(
                games,
                players=players,
                bots="heuristic",
                seed=seed,
                rules=rules,
                workers=workers,
                progress=False,
            )
            summary = result.summary()
            summary["seconds"] = time.perf_counter() - started
            rows.append(summary)
            low, high = summary["win_rate_95"]
            print(
                f"  {rules:9s} {players}p: {summary['win_rate']:.1%} [{low:.1%}, {high:.1%}]",
                file=sys.stderr,
                flush=True,
            )
    return rows


def speed(seconds: float) -> list[dict[str, Any]]:
    rows = []
    for rules in PRESETS:
        for players in (2, 4):
            for bot in ("random", "heuristic"):
                bots = make_bots(bot, players)
                count = 0
                started = time.perf_counter()
                while time.perf_counter() - started < seconds or count < 3:
                    tq.play_game(bots, seed=count, rules=rules)
                    count += 1
                elapsed = time.perf_counter() - started
                rows.append(
                    {
                        "rules": rules,
                        "players": players,
                        "bot": bot,
                        "games": count,
                        "games_per_s": count / elapsed,
                    }
                )
    return rows


def crash_check(games: int, players: int, rules: str, seed: int) -> dict[str, Any]:
    """Play ``games`` games checking every action; count crashes and illegal actions."""
    bots = make_bots("heuristic", players)
    crashes = illegal = wins = 0
    first_problem = ""
    for number, game_seed in enumerate(game_seeds(games, seed)):
        try:
            state = tq.new_game(players, seed=game_seed, rules=rules)
            rng: random.Random = bot_rng(game_seed)
            while not state.is_terminal:
                action = bots[state.current_player].choose(
                    state.observation(state.current_player), rng
                )
                if action not in state.legal_actions():
                    illegal += 1
                    first_problem = first_problem or f"game {number}: illegal {action}"
                    break
                state = state.apply(action)
            wins += bool(state.outcome and state.outcome.won)
        except Exception:
            crashes += 1
            first_problem = first_problem or f"game {number}: {traceback.format_exc(limit=3)}"
        if (number + 1) % 1000 == 0:
            print(f"  {number + 1} games checked", file=sys.stderr, flush=True)
    return {
        "games": games,
        "players": players,
        "rules": rules,
        "crashes": crashes,
        "illegal_actions": illegal,
        "wins": wins,
        "first_problem": first_problem,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000, help="games per table (win rates)")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--speed-seconds", type=float, default=5.0)
    parser.add_argument("--speed-only", action="store_true")
    parser.add_argument("--no-speed", action="store_true")
    parser.add_argument("--crash-check", type=int, default=0, metavar="N")
    parser.add_argument("--players", type=int, default=2, help="table size for --crash-check")
    parser.add_argument("--rules", choices=PRESETS, default="published")
    parser.add_argument(
        "--presets", default="seed,published", help="win-rate tables to play, e.g. seed"
    )
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)

    report: dict[str, Any] = {}
    if args.crash_check:
        report["crash_check"] = crash_check(args.crash_check, args.players, args.rules, args.seed)
    else:
        if not args.speed_only:
            presets = tuple(name.strip() for name in args.presets.split(",") if name.strip())
            report["win_rates"] = win_rates(args.games, args.seed, args.workers, presets)
        if not args.no_speed:
            report["speed"] = speed(args.speed_seconds)
    if args.json:
        print(json.dumps(report, indent=1))
        return 0
    if "crash_check" in report:
        check = report["crash_check"]
        print(
            f"crash check: {check['games']} games, {check['players']} players, rules "
            f"{check['rules']}: {check['crashes']} crashes, {check['illegal_actions']} illegal "
            f"actions, {check['wins']} wins"
        )
        if check["first_problem"]:
            print(check["first_problem"])
    if "win_rates" in report:
        print(f"HeuristicBot on every seat, {args.games} games per row, seed {args.seed}")
        print()
        header = f"{'rules':10s} {'players':>7s} {'win rate':>9s} {'95% interval':>17s} "
        header += f"{'no action':>10s} {'out of cards':>13s} {'turns':>6s} {'filled':>7s}"
        print(header)
        print("-" * len(header))
        for row in report["win_rates"]:
            low, high = row["win_rate_95"]
            losses = row["losses"]
            print(
                f"{row['rules']:10s} {row['players']:7d} {row['win_rate']:9.1%} "
                f"{f'[{low:.1%}, {high:.1%}]':>17s} {losses.get('no legal action', 0):10d} "
                f"{losses.get('a player ran out of cards', 0):13d} "
                f"{row['turns']['mean']:6.1f} {row['mean_cells_filled']:7.1f}"
            )
        target = [r for r in report["win_rates"] if r["rules"] == "published" and r["players"] == 2]
        if target:
            rate = target[0]["win_rate"]
            met = "met" if rate >= TARGETS["published_2p_win_rate"] else "NOT met"
            print(f"target: published 2 players >= 70% wins {met}")
    if "speed" in report:
        print()
        print("games per second, one process")
        print(f"{'rules':10s} {'players':>7s} {'bot':>10s} {'games/s':>8s}")
        for row in report["speed"]:
            print(
                f"{row['rules']:10s} {row['players']:7d} {row['bot']:>10s} "
                f"{row['games_per_s']:8.1f}"
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
