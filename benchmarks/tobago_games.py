"""Benchmark: whole Tobago games per second on one process, before and after a change.

The same seeded games (RandomBots and GreedyBots, 2 and 4 players, ABC-1, seed rules) are played
by this checkout ("after") and by the code of another commit ("before", default: the commit
issue 18 started from), each measurement in a fresh process, alternating before and after
``--repeats`` times; the table holds the medians. Rates are per CPU second of the playing
process (the machine's other load counts less than on the wall clock; the wall-clock ratio is
printed too). Turns per second count decisions: one action chosen by a bot and applied. Then
the profile's top lines of an "after" run of each 4-player table.

    python benchmarks/tobago_games.py                  # the table, 3 repetitions
    python benchmarks/tobago_games.py --before 5bf37e5 --repeats 5
    python benchmarks/tobago_games.py --json           # the same figures as JSON
    python benchmarks/tobago_games.py --choices 200    # do the bots still choose the same?
    python benchmarks/tobago_games.py --instructions 20 --before e0d8b92  # callgrind, load-free

``--choices N`` plays N seeded games of each table (RandomBots and GreedyBots, 2 to 4 players,
the ``seed`` and ``published`` presets, each also with the ``exchange`` variant) on this
checkout and on ``--before`` (default: the commit round 3 started from, whose rules of the game
are this checkout's), and ``N // 10`` games of a SearchBot against three GreedyBots (its
playouts are GreedyBot games); per table, a hash of the game records and whether both sides
give the same. A speed-up must leave every choice of every bot as it was.
"""

from __future__ import annotations

import argparse
import cProfile
import io
import json
import os
import pstats
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
from pathlib import Path
from typing import Any, TextIO

from callgrind import region_instructions

HERE = Path(__file__).resolve().parent
CHECKOUT = HERE.parent
BEFORE = "5bf37e5"
"""The commit issue 18 started from."""
CHOICES_BEFORE = "17ec11f"
"""The commit round 3 of issue 18 started from: the games of ``--choices`` are compared with it
(the games of 5bf37e5 end by older rules)."""
CHOICE_RULES = ("seed", "published", "seed+exchange", "published+exchange")
TABLES = (("random", 4), ("greedy", 4), ("random", 2), ("greedy", 2))
GAMES = {"random": 40, "greedy": 200}
"""Games per measurement: random games are about ten times longer."""
TARGETS = {("random", 4): (150.0, 62.0), ("greedy", 4): (400.0, 152.0)}
"""Issue 18: target and "today" games/s; today's figures were measured before issue 15 changed
how games end, so the targets are judged as these ratios of before to after."""


def play(bot: str, players: int, games: int, seed: int) -> dict[str, Any]:
    """Play the games with the ``tobago_solver`` on the path; the times and the decisions."""
    import tobago_solver as tb
    from tobago_solver.game.records import play_game
    from tobago_solver.game.simulate import game_seeds

    island = tb.islands.get("ABC-1")
    bots = [tb.make_bot(bot)] * players
    play_game(island, bots, seed=seed)  # compile the island's tables
    seeds = game_seeds(seed, games)
    cpu, wall = time.process_time(), time.perf_counter()
    turns = sum(len(play_game(island, bots, seed=s).actions) for s in seeds)
    cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
    return {"games": games, "turns": turns, "cpu_s": cpu, "wall_s": wall, "code": tb.__file__}


def records_hash(bots: str, rules: str, games: int, seed: int) -> dict[str, Any]:
    """A hash of the records of ``games`` seeded games (``bots``: names, comma-separated) played
    by the ``tobago_solver`` on the path."""
    import hashlib

    import tobago_solver as tb
    from tobago_solver.game.records import play_game
    from tobago_solver.game.simulate import game_seeds

    island = tb.islands.get("ABC-1")
    seats = [tb.make_bot(name) for name in bots.split(",")]
    digest = hashlib.sha256()
    turns = 0
    for game_seed in game_seeds(seed, games):
        record = play_game(island, seats, seed=game_seed, rules=rules)
        digest.update(record.to_json().encode())
        turns += len(record.actions)
    return {"hash": digest.hexdigest()[:16], "turns": turns, "code": tb.__file__}


def choice_tables(games: int) -> list[tuple[str, str, int]]:
    """The tables of ``--choices``: (bots, rules, games)."""
    tables = [
        (",".join([bot] * players), rules, games)
        for bot in ("random", "greedy")
        for players in (2, 3, 4)
        for rules in CHOICE_RULES
    ]
    searches = max(1, games // 10)
    return tables + [("search,greedy,greedy,greedy", rules, searches) for rules in CHOICE_RULES]


def compare_choices(before: str, games: int, seed: int) -> list[dict[str, Any]]:
    """Per table of :func:`choice_tables`, the records' hash on ``before`` and on this checkout,
    both sides playing at once in fresh processes."""
    rows = []
    with tempfile.TemporaryDirectory() as scratch:
        old = source_tree(before, Path(scratch))
        for bots, rules, count in choice_tables(games):
            argv = [sys.executable, __file__, "--records", bots, rules, str(count), str(seed)]
            runs = {
                label: subprocess.Popen(
                    argv,
                    env={**os.environ, "PYTHONPATH": str(tree)},
                    stdout=subprocess.PIPE,
                    stderr=subprocess.PIPE,
                    text=True,
                )
                for label, tree in (("before", old), ("after", CHECKOUT))
            }
            row: dict[str, Any] = {"bots": bots, "rules": rules, "games": count}
            for label, child in runs.items():
                out, err = child.communicate()
                if child.returncode != 0:
                    raise SystemExit(f"tobago_games: the {label} run failed: {err.strip()[-300:]}")
                row[label] = json.loads(out)
            row["same"] = row["before"]["hash"] == row["after"]["hash"]
            rows.append(row)
            print(choice_line(row), flush=True)
    return rows


def choice_line(row: dict[str, Any]) -> str:
    same = "same" if row["same"] else "DIFFERENT"
    return (
        f"{row['bots']:<27} {row['rules']:<18} {row['games']:5d} {row['after']['turns']:7d}"
        f"  {row['before']['hash']}  {row['after']['hash']}  {same}"
    )


def measure(tree: Path, bot: str, players: int, games: int, seed: int) -> dict[str, Any]:
    """:func:`play` in a fresh process that imports ``tobago_solver`` from ``tree``."""
    argv = [sys.executable, __file__, "--play", bot, str(players), str(games), str(seed)]
    env = {**os.environ, "PYTHONPATH": str(tree)}
    done = subprocess.run(argv, env=env, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise SystemExit(f"tobago_games: the {tree} run failed: {done.stderr.strip()[-300:]}")
    result: dict[str, Any] = json.loads(done.stdout)
    if not Path(result["code"]).resolve().is_relative_to(tree.resolve()):
        raise SystemExit(f"tobago_games: the run meant for {tree} imported {result['code']}")
    return result


def source_tree(rev: str, into: Path) -> Path:
    """The files of commit ``rev`` of this repository, unpacked under ``into``."""
    archive = subprocess.run(
        ["git", "-C", str(CHECKOUT), "archive", rev], capture_output=True, check=False
    )
    if archive.returncode != 0:
        raise SystemExit(f"tobago_games: no commit {rev!r} in {CHECKOUT}")
    with tarfile.open(fileobj=io.BytesIO(archive.stdout)) as tar:
        tar.extractall(into, filter="data")
    return into


def rates(runs: list[dict[str, Any]], clock: str) -> dict[str, float]:
    return {
        "games_per_s": statistics.median(r["games"] / r[clock] for r in runs),
        "turns_per_s": statistics.median(r["turns"] / r[clock] for r in runs),
    }


def profile_lines(bot: str, players: int, games: int, seed: int, top: int) -> list[str]:
    """The ``top`` functions by own time while this checkout plays the games."""
    play(bot, players, 1, seed)  # imports and the island's tables stay out of the profile
    profiler = cProfile.Profile()
    profiler.runcall(play, bot, players, games, seed)
    out = io.StringIO()
    pstats.Stats(profiler, stream=out).sort_stats("tottime").print_stats(top)
    lines = out.getvalue().splitlines()
    start = next(i for i, line in enumerate(lines) if line.lstrip().startswith("ncalls"))
    return [line.replace(str(CHECKOUT) + "/", "") for line in lines[start : start + top + 1]]


def instructions(tree: Path, bot: str, players: int, games: int, seed: int) -> float:
    """Instructions per game (valgrind's callgrind) while the code of ``tree`` plays ``games``
    seeded games: only the timed games count (:mod:`callgrind`), not the imports or the warm-up
    game, and the count is the same from run to run, whatever the machine's load."""
    argv = [sys.executable, __file__, "--play", *map(str, (bot, players, games, seed))]
    return region_instructions(argv, {**os.environ, "PYTHONPATH": str(tree)}) / games


def instruction_table(before: str, games: int, seed: int, out: TextIO) -> list[dict[str, Any]]:
    """Instructions per 4-player game, before and after (``--instructions``), each row
    printed on ``out`` as it is counted."""
    print(
        f"instructions per game (callgrind; {games} GreedyBot games, {games} RandomBot)", file=out
    )
    rows = []
    with tempfile.TemporaryDirectory() as scratch:
        old = source_tree(before, Path(scratch))
        for bot in ("greedy", "random"):
            was, now = (instructions(tree, bot, 4, games, seed) for tree in (old, CHECKOUT))
            rows.append({"bot": bot, "players": 4, "games": games, "before": was, "after": now})
            print(
                f"{bot:<7} 4 players  before {was / 1e6:7.2f} M  after {now / 1e6:7.2f} M"
                f"  x{was / now:.3f}",
                file=out,
                flush=True,
            )
    return rows


def run(before: str, repeats: int, seed: int, top: int) -> dict[str, Any]:
    rows = []
    with tempfile.TemporaryDirectory() as scratch:
        old = source_tree(before, Path(scratch))
        for bot, players in TABLES:
            runs: dict[str, list[dict[str, Any]]] = {"before": [], "after": []}
            for _ in range(repeats):
                for label, tree in (("before", old), ("after", CHECKOUT)):
                    runs[label].append(measure(tree, bot, players, GAMES[bot], seed))
            row: dict[str, Any] = {"bot": bot, "players": players, "games": GAMES[bot]}
            for label in ("before", "after"):
                row[label] = rates(runs[label], "cpu_s")
                row[f"{label}_wall"] = rates(runs[label], "wall_s")
                row[f"{label}_turns_per_game"] = runs[label][0]["turns"] / GAMES[bot]
            row["speedup"] = row["after"]["games_per_s"] / row["before"]["games_per_s"]
            row["speedup_wall"] = (
                row["after_wall"]["games_per_s"] / row["before_wall"]["games_per_s"]
            )
            rows.append(row)
    targets = {}
    for (bot, players), (target, today) in TARGETS.items():
        row = next(r for r in rows if (r["bot"], r["players"]) == (bot, players))
        targets[f"{bot}_{players}p_speedup>={target / today:.2f}"] = row["speedup"] >= (
            target / today
        )
    profiles = {
        f"{bot}_{players}p": profile_lines(bot, players, GAMES[bot] // 2, seed, top)
        for bot, players in TARGETS
        if top > 0
    }
    return {
        "island": "ABC-1",
        "rules": "seed",
        "seed": seed,
        "before": before,
        "repeats": repeats,
        "rows": rows,
        "targets": targets,
        "profiles": profiles,
    }


def print_table(report: dict[str, Any]) -> None:
    print(
        f"ABC-1, seed rules, batch seed {report['seed']}, one process; before = commit "
        f"{report['before']}, after = this checkout; medians of {report['repeats']} runs each, "
        "per CPU second\n"
    )
    print(
        "bots    players games  turns/game   games/s before   after      ×   "
        "turns/s before    after   × wall"
    )
    for row in report["rows"]:
        print(
            f"{row['bot']:<7} {row['players']:7d} {row['games']:5d}"
            f" {row['after_turns_per_game']:11.0f}"
            f" {row['before']['games_per_s']:16.1f} {row['after']['games_per_s']:7.1f}"
            f" {row['speedup']:6.2f} {row['before']['turns_per_s']:16.0f}"
            f" {row['after']['turns_per_s']:8.0f} {row['speedup_wall']:8.2f}"
        )
    met = ", ".join(f"{name} {'met' if ok else 'MISSED'}" for name, ok in report["targets"].items())
    print(f"\ntargets (issue 18: 150/62 and 400/152 games/s as ratios): {met}")
    for name, lines in report["profiles"].items():
        print(f"\nprofile, {name} (after, cProfile, top by own time):")
        print("\n".join(lines))


def main() -> None:
    if len(sys.argv) == 6 and sys.argv[1] == "--play":  # a measuring child process
        bot, players, games, seed = sys.argv[2], *map(int, sys.argv[3:])
        print(json.dumps(play(bot, players, games, seed)))
        return
    if len(sys.argv) == 6 and sys.argv[1] == "--records":  # a child of --choices
        bots, rules = sys.argv[2], sys.argv[3]
        games, seed = map(int, sys.argv[4:])
        print(json.dumps(records_hash(bots, rules, games, seed)))
        return
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--before",
        help=f"the commit to compare with (default: {BEFORE}; with --choices, {CHOICES_BEFORE})",
    )
    parser.add_argument("--repeats", type=int, default=3, help="runs of each side per table")
    parser.add_argument("--seed", type=int, default=1, help="batch seed of the games")
    parser.add_argument("--top", type=int, default=12, help="profile lines per table")
    parser.add_argument("--json", action="store_true")
    parser.add_argument(
        "--choices",
        type=int,
        metavar="N",
        help="instead of timing: N seeded games per table, the records' hashes before and after",
    )
    parser.add_argument(
        "--instructions",
        type=int,
        metavar="N",
        help="instead of timing: callgrind's instructions per game, N GreedyBot and N "
        "RandomBot 4-player games (slow: valgrind)",
    )
    args = parser.parse_args()
    if args.repeats < 1:
        parser.error("--repeats must be at least 1")
    if args.choices is not None and args.choices < 1:
        parser.error("--choices must be at least 1")
    sys.path.insert(0, str(CHECKOUT))
    if args.choices is not None:
        before = args.before or CHOICES_BEFORE
        print(
            f"ABC-1, batch seed {args.seed}; records of the same seeded games, before = commit "
            f"{before}, after = this checkout\n"
        )
        print(f"{'bots':<27} {'rules':<18} games   turns  {'before':<16}  {'after':<16}")
        rows = compare_choices(before, args.choices, args.seed)
        differ = sum(not row["same"] for row in rows)
        print(f"\n{len(rows) - differ} of {len(rows)} tables give the same records")
        if args.json:
            print(json.dumps(rows, indent=1))
        raise SystemExit(1 if differ else 0)
    if args.instructions is not None:
        out = sys.stderr if args.json else sys.stdout
        rows = instruction_table(args.before or BEFORE, args.instructions, args.seed, out)
        if args.json:
            print(json.dumps(rows, indent=1))
        return
    report = run(args.before or BEFORE, args.repeats, args.seed, args.top)
    if args.json:
        print(json.dumps(report, indent=1))
    else:
        print_table(report)


if __name__ == "__main__":
    main()
