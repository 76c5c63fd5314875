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
    python benchmarks/tranquility_games.py --targets --before 91b1c5d --repeat 5
    python benchmarks/tranquility_games.py --choices 200 --before 91b1c5d
    python benchmarks/tranquility_games.py --instructions 20 --before 91b1c5d  # callgrind

Choices: ``--choices N`` plays N seeded games per table (RandomBot and HeuristicBot, 2-4
players, both presets) and prints a hash of each table's records (every action's text in
order, with the outcome), and of what ``solve_deal`` finds on N/10 two-player deals per preset
(status, positions visited, line; each search bounded by work, not time); with ``--before REV``
the same is done on the package at ``REV`` in a fresh process and each hash is compared: a
faster engine must not change a choice.

Targets (issue 18): games per second of processor time in one process for RandomBot (2 players,
both presets) and HeuristicBot (2 players, `published`), and ``solve_deal``'s positions per second
(``tranquility_deals.py --nodes-per-second``). With ``--before REV`` the same rows are measured
on the package as it was at git revision ``REV`` too, alternating with this tree, each in its own
process, ``--repeat`` times; the table shows the medians, their ratio and the median of
each round's ratio (before and after run back to back), and the profile's top lines of random
`published` games on this tree follow (``--profile-games``).

Instructions: ``--instructions N`` counts with valgrind's callgrind the instructions of N seeded
games (seeds 0, 1, …) of each games row above, on this tree and (``--before REV``) on ``REV``:
only the games count, not the imports or a warm-up game, and the count is the same from run to
run whatever the machine's load, so it shows changes of a few per cent that timing cannot.
"""

from __future__ import annotations

import argparse
import cProfile
import hashlib
import io
import json
import os
import pstats
import random
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
import traceback
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, TextIO

from callgrind import region_instructions

import tranquility_solver as tq
from tranquility_solver.bots import make_bots
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
                played = games_per_second(bot, rules, players, seconds, time.perf_counter)
                rows.append(
                    {
                        "rules": rules,
                        "players": players,
                        "bot": bot,
                        "games": played["games"],
                        "games_per_s": played["rate"],
                    }
                )
    return rows


SPEED_ROWS: dict[str, tuple[str, str, int]] = {
    "random published": ("random", "published", 2),
    "random seed": ("random", "seed", 2),
    "heuristic published": ("heuristic", "published", 2),
}
"""The games-per-second rows of issue 18: bots, rules, players."""
ISSUE_TARGETS: dict[str, tuple[float, float]] = {
    "random published": (1000, 367.7),
    "random seed": (600, 205),
    "heuristic published": (150, 45.9),
}
"""Per row: the target and the figure it was set against (this README's speed table)."""
NODES_ROW = "solve_deal positions"
NODES_FACTOR = 3.0
"""solve_deal's positions per second must grow by this factor (issue 18)."""
REPO = Path(__file__).resolve().parent.parent


def games_per_second(
    bot: str, rules: str, players: int, seconds: float, clock: Callable[[], float]
) -> dict[str, Any]:
    """Games per second of ``clock`` (seeds 0, 1, …), playing for at least ``seconds``."""
    bots = make_bots(bot, players)
    count = 0
    started = clock()
    while clock() - started < seconds or count < 3:
        tq.play_game(bots, seed=count, rules=rules)
        count += 1
    elapsed = clock() - started
    return {"games": count, "seconds": elapsed, "rate": count / elapsed}


def measure_row(row: str, seconds: float) -> dict[str, Any]:
    """One row of the targets table, measured in this process on the package it imports."""
    if row == NODES_ROW:
        from tranquility_deals import nodes_per_second  # the deals benchmark, beside this one

        speed = nodes_per_second(deals=10, seed=2026, limit=seconds)
        return {"nodes": speed["nodes"], "seconds": speed["seconds"], "rate": speed["nodes_per_s"]}
    return games_per_second(*SPEED_ROWS[row], seconds, time.process_time)


def play_row(row: str, games: int) -> dict[str, Any]:
    """Games 0 to ``games - 1`` of a games row, after one warm-up game, timed by exactly two
    ``time.process_time()`` calls (what :func:`region_instructions` counts between)."""
    bot, rules, players = SPEED_ROWS[row]
    bots = make_bots(bot, players)
    tq.play_game(bots, seed=games, rules=rules)  # imports and tables out of the count
    started = time.process_time()
    for game_seed in range(games):
        tq.play_game(bots, seed=game_seed, rules=rules)
    return {"games": games, "seconds": time.process_time() - started}


def instruction_table(before: str | None, games: int, out: TextIO) -> list[dict[str, Any]]:
    """Per games row, callgrind's instructions per game on ``before`` and on this tree, each
    row printed on ``out`` as it is counted."""
    print(f"instructions per game (callgrind; {games} games a row)", file=out, flush=True)
    rows = []
    with tempfile.TemporaryDirectory() as scratch:
        trees = {"after": REPO}
        if before is not None:
            trees["before"] = package_at(before, Path(scratch))
        for row in SPEED_ROWS:
            counts: dict[str, Any] = {"row": row, "games": games}
            for name, tree in trees.items():
                argv = [sys.executable, __file__, "--play-row", row, str(games)]
                environment = dict(os.environ, PYTHONPATH=str(tree))
                counts[name] = region_instructions(argv, environment) / games
            text = f"{row:20s} 2p  after {counts['after'] / 1e6:8.3f} M"
            if "before" in counts:
                text = (
                    f"{row:20s} 2p  before {counts['before'] / 1e6:8.3f} M  after "
                    f"{counts['after'] / 1e6:8.3f} M  x{counts['before'] / counts['after']:.3f}"
                )
            rows.append(counts)
            print(text, file=out, flush=True)
    return rows


def package_at(revision: str, into: Path) -> Path:
    """``tranquility_solver`` as it was at a git revision, unpacked under ``into``."""
    archive = subprocess.run(
        ["git", "-C", str(REPO), "archive", "--format=tar", revision, "tranquility_solver"],
        check=True,
        capture_output=True,
    ).stdout
    with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
        tar.extractall(into, filter="data")
    return into


def run_in(tree: Path, *options: str, script: str = __file__) -> Any:
    """``script`` (this one unless named) with ``options`` in a fresh process that imports the
    package from ``tree``; what it printed, read as JSON."""
    environment = dict(os.environ, PYTHONPATH=str(tree))
    command = [sys.executable, str(Path(script).resolve()), *options]
    output = subprocess.run(
        command, check=True, capture_output=True, text=True, env=environment
    ).stdout
    return json.loads(output)


def measure_in(tree: Path, row: str, seconds: float) -> dict[str, Any]:
    """:func:`measure_row` on the package in ``tree``."""
    result: dict[str, Any] = run_in(tree, "--measure-row", row, "--speed-seconds", str(seconds))
    return result


Runs = dict[str, dict[str, list[dict[str, Any]]]]
"""Measurements by tree ("before", "after") and row, in the order they were made."""


def alternate(
    before: str | None,
    rows: Sequence[str],
    repeats: int,
    measure: Callable[[Path, str], dict[str, Any]],
    shown: Callable[[dict[str, Any]], str],
) -> Runs:
    """Each row measured ``repeats`` times by ``measure(tree, row)`` on this tree ("after")
    and, with ``before``, on the package at that revision ("before"), the two back to back
    and taking turns to go first; each measurement is printed on stderr as ``shown`` says."""
    with tempfile.TemporaryDirectory() as scratch:
        trees = {"after": REPO}
        if before is not None:
            trees["before"] = package_at(before, Path(scratch))
        runs: Runs = {name: {row: [] for row in rows} for name in trees}
        for round_number in range(repeats):
            for row in rows:
                for name, tree in sorted(trees.items(), reverse=round_number % 2 == 1):
                    runs[name][row].append(measure(tree, row))
                    print(
                        f"  round {round_number + 1}: {row} {name} {shown(runs[name][row][-1])}",
                        file=sys.stderr,
                        flush=True,
                    )
    return runs


def targets(before: str | None, repeat: int, seconds: float, profile_games: int) -> dict[str, Any]:
    """The issue 18 table: every row on this tree (and on ``before``), ``repeat`` times."""
    rows = [*SPEED_ROWS, NODES_ROW]
    runs = alternate(
        before,
        rows,
        repeat,
        lambda tree, row: measure_in(tree, row, seconds),
        lambda run: f"{run['rate']:.1f}/s",
    )
    table = []
    for row in rows:
        entry: dict[str, Any] = {"row": row}
        for name in runs:
            entry[name] = statistics.median(run["rate"] for run in runs[name][row])
            entry[f"{name}_runs"] = [run["rate"] for run in runs[name][row]]
        if row in ISSUE_TARGETS:
            target, anchor = ISSUE_TARGETS[row]
            entry["target"] = target
            entry["target_factor"] = target / anchor
        else:
            entry["target_factor"] = NODES_FACTOR
        if "before" in entry:
            entry["factor"] = entry["after"] / entry["before"]
            # Each round measures before and after back to back: the median of their ratios
            # reads past a machine whose speed drifts between rounds.
            entry["paired_factor"] = statistics.median(
                after / before
                for after, before in zip(entry["after_runs"], entry["before_runs"], strict=True)
            )
        table.append(entry)
    return {
        "before": before,
        "repeat": repeat,
        "seconds": seconds,
        "rows": table,
        "profile": run_in(REPO, "--profile-only", str(profile_games)),
    }


def profile_lines(games: int, lines: int = 14) -> list[str]:
    """The top of a profile (by own time) of random 2-player `published` games, this tree."""
    bots = make_bots("random", 2)
    profiler = cProfile.Profile()
    profiler.enable()
    for game_seed in range(games):
        tq.play_game(bots, seed=game_seed, rules="published")
    profiler.disable()
    stats = pstats.Stats(profiler)
    total = sum(entry[2] for entry in stats.stats.values())  # type: ignore[attr-defined]
    ranked = sorted(stats.stats.items(), key=lambda item: -item[1][2])  # type: ignore[attr-defined]
    found = [f"{games} games, {total:.2f} s under the profiler; own time, then with callees:"]
    for (path, line, function), (_, calls, own, cumulative, _) in ranked[:lines]:
        where = f"{Path(path).name}:{line}({function})" if line else function
        found.append(f"{calls:9,d} calls {own:7.3f} s {cumulative:7.3f} s  {where}")
    return found


def targets_text(report: dict[str, Any]) -> str:
    has_before = report["before"] is not None
    lines = [
        f"issue 18 targets: medians of {report['repeat']} runs of {report['seconds']:g} s of "
        "processor time each, one process"
        + (f"; before = {report['before']}, alternating with after" if has_before else ""),
        "",
    ]
    head = f"{'what':34s}" + (f"{'before':>10s}" if has_before else "")
    head += f"{'after':>10s}" + (f"{'x':>7s}{'paired':>8s}" if has_before else "")
    head += f"{'target':>12s}"
    lines += [head, "-" * len(head)]
    for entry in report["rows"]:
        label = entry["row"] + (" 2p, games/s" if entry["row"] in ISSUE_TARGETS else "/s")
        text = f"{label:34s}"
        if has_before:
            text += f"{entry['before']:10.1f}"
        text += f"{entry['after']:10.1f}"
        if has_before:
            text += f"{entry['factor']:6.2f}x{entry['paired_factor']:7.2f}x"
        wanted = (
            f">= {entry['target']:g}" if "target" in entry else f">= {entry['target_factor']:g}x"
        )
        text += f"{wanted:>12s}"
        lines.append(text)
    if has_before:
        lines.append(
            "x: the ratio of the medians (the verdicts below); paired: the median of each "
            "round's after/before"
        )
    lines.append("")
    for entry in report["rows"]:
        verdicts = []
        if "target" in entry:
            met = entry["after"] >= entry["target"]
            verdicts.append(f"{entry['target']:g}/s {'met' if met else 'not met'}")
        if "factor" in entry:
            met = entry["factor"] >= entry["target_factor"]
            verdicts.append(
                f"speed-up {entry['factor']:.2f}x of {entry['target_factor']:.2f}x "
                f"{'met' if met else 'not met'}"
            )
        lines.append(f"target {entry['row']}: " + "; ".join(verdicts))
    lines += ["", "profile, this tree:", *report["profile"]]
    return "\n".join(lines)


CHOICE_TABLES = [
    (bot, rules, players)
    for bot in ("random", "heuristic")
    for rules in PRESETS
    for players in (2, 3, 4)
]
"""The tables ``--choices`` plays: bots, rules, players; then ``solve_deal`` on a tenth as
many two-player deals of each preset, its status, positions and line hashed alike."""


def choice_hashes(games: int) -> dict[str, str]:
    """Per table, a hash of the records of ``games`` seeded games played on this package."""
    hashes = {}
    for bot, rules, players in CHOICE_TABLES:
        digest = hashlib.sha256()
        for game_seed in game_seeds(games, 2026):
            record = tq.play_game(make_bots(bot, players), seed=game_seed, rules=rules)
            for player, text in record.actions:
                digest.update(f"{player} {text}\n".encode())
            digest.update(f"= {record.outcome} {record.turns}\n".encode())
        hashes[f"{bot} {rules} {players}p"] = digest.hexdigest()[:16]
    for rules in PRESETS:
        digest = hashlib.sha256()
        for deal_seed in game_seeds(max(1, games // 10), 2026):
            deal = tq.Deal.random(2, rules=rules, seed=deal_seed)
            found = tq.solve_deal(deal, time_limit=None, step_limit=DEAL_STEPS)
            digest.update(f"{found.status.value} {found.nodes} {' / '.join(found.line)}\n".encode())
        hashes[f"solve_deal {rules} 2p"] = digest.hexdigest()[:16]
    return hashes


DEAL_STEPS = 2000
"""The work bound of each ``solve_deal`` that ``--choices`` compares (a clock would not
replay)."""


def choices(games: int, before: str | None) -> str:
    """The ``--choices`` report: each table's hash here (and at ``before``), and whether they
    match."""
    after = run_in(REPO, "--choices-only", str(games))
    lines = [f"records of {games} seeded games per table, sha256 of every action in order"]
    if before is None:
        lines += [f"  {table:26s} {digest}" for table, digest in after.items()]
        return "\n".join(lines)
    with tempfile.TemporaryDirectory() as scratch:
        earlier = run_in(package_at(before, Path(scratch)), "--choices-only", str(games))
    lines[0] += f"; before = {before}"
    for table, digest in after.items():
        same = "same" if earlier.get(table) == digest else "DIFFERENT"
        lines.append(f"  {table:26s} {earlier.get(table, '-'):16s} {digest:16s} {same}")
    matched = sum(earlier.get(table) == digest for table, digest in after.items())
    lines.append(f"{matched} of {len(after)} tables choose the same actions")
    return "\n".join(lines)


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
    parser.add_argument("--targets", action="store_true", help="the issue 18 speed table")
    parser.add_argument("--before", metavar="REV", help="with --targets: also measure REV")
    parser.add_argument("--repeat", type=int, default=3, help="with --targets: runs per row")
    parser.add_argument("--profile-games", type=int, default=200, help="with --targets")
    parser.add_argument("--measure-row", choices=[*SPEED_ROWS, NODES_ROW], help=argparse.SUPPRESS)
    parser.add_argument("--profile-only", type=int, metavar="GAMES", help=argparse.SUPPRESS)
    parser.add_argument(
        "--choices", type=int, metavar="N", help="hash N games' records per table (--before)"
    )
    parser.add_argument("--choices-only", type=int, metavar="N", help=argparse.SUPPRESS)
    parser.add_argument(
        "--instructions",
        type=int,
        metavar="N",
        help="callgrind's instructions per game of each speed row, N games (--before)",
    )
    parser.add_argument("--play-row", nargs=2, metavar=("ROW", "GAMES"), help=argparse.SUPPRESS)
    args = parser.parse_args(argv)

    if args.profile_only:
        print(json.dumps(profile_lines(args.profile_only)))
        return 0
    if args.choices_only:
        print(json.dumps(choice_hashes(args.choices_only)))
        return 0
    if args.choices:
        print(choices(args.choices, args.before))
        return 0
    if args.play_row:
        print(json.dumps(play_row(args.play_row[0], int(args.play_row[1]))))
        return 0
    if args.instructions:
        rows = instruction_table(
            args.before, args.instructions, sys.stderr if args.json else sys.stdout
        )
        if args.json:
            print(json.dumps(rows, indent=1))
        return 0
    if args.measure_row:
        print(json.dumps(measure_row(args.measure_row, args.speed_seconds)))
        return 0
    if args.targets:
        result = targets(args.before, args.repeat, args.speed_seconds, args.profile_games)
        print(json.dumps(result, indent=1) if args.json else targets_text(result))
        return 0
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
