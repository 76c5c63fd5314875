"""Benchmark: issue 33's table (a fast core), every row before and after a change, in one run.

Each row is measured by the benchmark that owns it, run here with ``--json`` and the same
``--before`` commit: `tranquility_games.py --targets` (Tranquility games per second),
`tobago_games.py` (Tobago 4-player games per second), `odds_speed.py` (`win_odds`, 100 worlds),
`adapter_speed.py` (PettingZoo and OpenSpiel steps per second), and SearchBot's CPU seconds for
one two-player `published` game (seed 0), measured here in a fresh process per side. The table
gives before, after, their ratio, the issue's target and its "today" figure, and whether the
target is met (absolute) and met as the ratio target / today. Rates are per CPU second of one
process; the machine's speed drifts by about 10% between runs, so compare within a run.

    python benchmarks/fast_core.py                         # against 65e48e2, ≈ 15 minutes
    python benchmarks/fast_core.py --repeats 1 --no-seed-odds --before HEAD~3
    python benchmarks/fast_core.py --json
    python benchmarks/fast_core.py --cpp-engine ../Tranquility --cpp-only
    python benchmarks/fast_core.py --instructions 20      # and callgrind's counts, ≈ 25 more
    python benchmarks/fast_core.py --searchbot-only --repeats 1 --instructions 1 --before HEAD~1

With ``--instructions N`` the rows that have a load-free measure get a second ratio, "×
instr": valgrind's callgrind counts the instructions of the same work on both sides (N
two-player games a Tranquility games row, N/2 four-player games a Tobago row, N games an
adapter's Tranquility row and N/8 its Tobago row, SearchBot's one game whatever N; the
imports and warm-up left out), which
gives the same count run after run. This host's speed drifts, so that timed ratios of unchanged
code move by up to a third between runs: the counted ratio is the one to trust for a change of
a few per cent. The counts are made after the timings, the three counting scripts side by side
(the load does not change a count), and the last column says whether the counted ratio reaches
the ratio the target asks (target / today).

With ``--cpp-engine DIR``, a checkout of the open C++ engine (``git clone
https://github.com/ttm02/Tranquility``), the table ends with that engine's games per CPU second
(its own bot in both seats, two players) beside ours: ``cpp/time_games.cpp`` is built against it
with ``g++ -O2`` (``$CXX`` if set; the command is printed) and plays ``--cpp-games`` games, each
in a process of its own, since some of them stop on the engine's own checks (see that file).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
CHECKOUT = HERE.parent
BEFORE = "65e48e2"
"""The commit the sessions of 5 December started from (the commit issue 33 started from,
a428883, predates the bots package the games benchmark imports)."""
SEARCH_SEED = 0

# Row: (label, target, today, unit); a unit in seconds is better when lower.
ROWS: dict[str, tuple[str, float, float, str]] = {
    "tq-random-published": ("Tranquility RandomBot 2p published", 3000, 730, "games/s"),
    "tq-random-seed": ("Tranquility RandomBot 2p seed", 1500, 403, "games/s"),
    "tq-heuristic-published": ("Tranquility HeuristicBot 2p published", 500, 120, "games/s"),
    "tb-random-4p": ("Tobago RandomBot 4p ABC-1 seed", 500, 159, "games/s"),
    "tb-greedy-4p": ("Tobago GreedyBot 4p ABC-1 seed", 1500, 636, "games/s"),
    "odds-published": ("win_odds 100 worlds, turn 0 published", 1.0, 2.3, "s"),
    "odds-seed": ("win_odds 100 worlds, turn 10 seed", 10.0, 207.0, "s"),
    "searchbot": ("SearchBot 2p published, one game", 2.0, 12.0, "s"),
    "pettingzoo-tranquility": ("PettingZoo Tranquility", 20000, 3800, "steps/s"),
    "pettingzoo-tobago": ("PettingZoo Tobago", 20000, 7500, "steps/s"),
    "openspiel-tranquility": ("OpenSpiel Tranquility", 10000, 2600, "steps/s"),
    "openspiel-tobago": ("OpenSpiel Tobago", 30000, 13800, "steps/s"),
}
SEED_UNDECIDED = 5
"""The `seed` odds row also asks for at most this many undecided worlds."""
CPP_SOURCES = (
    "Card",
    "PlayArea",
    "Player",
    "GameManager",
    "HumanPlayer",
    "BinaryPartitionStrategy",
    "Winnability",
)
"""The C++ engine's files that ``cpp/time_games.cpp`` is built with (all but its ``main``)."""
CPP_SEED = 1


def script(name: str, *args: str) -> dict[str, Any]:
    """The JSON another benchmark of this folder prints (its progress goes to stderr)."""
    done = subprocess.run(
        [sys.executable, str(HERE / name), *args, "--json"],
        capture_output=True,
        text=True,
        check=False,
    )
    try:
        result: dict[str, Any] = json.loads(done.stdout)
    except json.JSONDecodeError:
        raise SystemExit(f"fast_core: {name} failed: {done.stderr.strip()[-400:]}") from None
    return result


def search_game() -> dict[str, Any]:
    """One SearchBot game in this process, on the package it imports (a child's work)."""
    # Imported here, not at the top: a child imports the package of the tree on its path.
    import tranquility_solver as tq

    bots = [tq.SearchBot(), tq.SearchBot()]
    started = time.process_time()
    record = tq.play_game(bots, seed=SEARCH_SEED, rules="published")
    return {
        "seconds": time.process_time() - started,
        "actions": [text for _, text in record.actions],
        "code": tq.__file__,
    }


def search_rows(before: str, repeats: int) -> dict[str, Any]:
    """SearchBot's CPU seconds a game on ``before`` and here, alternating, in fresh processes."""
    # Imported here: this folder is on the path only once main() has put it there.
    from adapter_speed import source_tree

    runs: dict[str, list[dict[str, Any]]] = {"before": [], "after": []}
    with tempfile.TemporaryDirectory() as scratch:
        old = source_tree(before, Path(scratch))
        for _ in range(repeats):
            for label, tree in (("before", old), ("after", CHECKOUT)):
                env = {**os.environ, "PYTHONPATH": str(tree), "PYTHONHASHSEED": "0"}
                done = subprocess.run(
                    [sys.executable, __file__, "--search-game"],
                    env=env,
                    capture_output=True,
                    text=True,
                    check=True,
                )
                run = json.loads(done.stdout)
                if not Path(run["code"]).resolve().is_relative_to(tree.resolve()):
                    raise SystemExit(f"fast_core: the run meant for {tree} imported {run['code']}")
                runs[label].append(run)
    same = len({tuple(run["actions"]) for label in runs for run in runs[label]}) == 1
    return {
        label: sorted(run["seconds"] for run in runs[label])[len(runs[label]) // 2]
        for label in runs
    } | {"same_actions": same}


def cpp_engine(engine: Path, games: int) -> dict[str, Any]:
    """Build ``cpp/time_games.cpp`` against the C++ engine checked out at ``engine`` and play
    ``games`` games: its figures, the build command and the engine's commit."""
    missing = [name for name in CPP_SOURCES if not (engine / f"{name}.cpp").is_file()]
    if missing:
        raise SystemExit(
            f"fast_core: {engine} is not a checkout of ttm02/Tranquility (no "
            f"{', '.join(name + '.cpp' for name in missing)})"
        )
    compiler = os.environ.get("CXX", "g++")
    with tempfile.TemporaryDirectory() as scratch:
        binary = Path(scratch) / "time_games"
        command = [
            compiler,
            "-O2",
            "-std=c++17",
            "-include",
            "limits",
            "-I",
            str(engine),
            *(str(engine / f"{name}.cpp") for name in CPP_SOURCES),
            str(HERE / "cpp" / "time_games.cpp"),
            "-o",
            str(binary),
        ]
        try:
            built = subprocess.run(command, capture_output=True, text=True, check=False)
        except FileNotFoundError:
            raise SystemExit(f"fast_core: no C++ compiler {compiler!r} (set CXX)") from None
        if built.returncode:
            raise SystemExit(f"fast_core: the C++ engine did not build: {built.stderr[-600:]}")
        played = subprocess.run(
            [str(binary), str(games), str(CPP_SEED)],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            text=True,
            check=True,
        )
    result: dict[str, Any] = json.loads(played.stderr.strip().splitlines()[-1])
    commit = subprocess.run(
        ["git", "-C", str(engine), "rev-parse", "--short", "HEAD"],
        capture_output=True,
        text=True,
        check=False,
    )
    result["commit"] = commit.stdout.strip() or f"an unknown commit: {engine} is not a git checkout"
    result["command"] = " ".join([*command[:-1], "time_games"])
    result["rate"] = result["games"] / result["cpu_s"]
    return result


def search_instructions(before: str) -> float:
    """SearchBot's game counted by callgrind on ``before`` and here, the two side by side:
    before's instructions over after's."""
    # Imported here: this folder is on the path only once main() has put it there.
    from adapter_speed import source_tree
    from callgrind import region_instructions

    def count(tree: Path) -> int:
        env = {**os.environ, "PYTHONPATH": str(tree)}
        return region_instructions([sys.executable, __file__, "--search-game"], env)

    with tempfile.TemporaryDirectory() as scratch:
        old = source_tree(before, Path(scratch))
        with ThreadPoolExecutor(2) as pool:
            was, now = pool.map(count, (old, CHECKOUT))
    return was / now


def measure(before: str, repeats: int, seed_odds: bool) -> dict[str, Any]:
    """Every row, each from the benchmark that owns it."""
    found: dict[str, dict[str, Any]] = {}
    rev = ("--before", before)
    games = script("tranquility_games.py", "--targets", *rev, "--repeat", str(repeats))
    names = {
        "random published": "tq-random-published",
        "random seed": "tq-random-seed",
        "heuristic published": "tq-heuristic-published",
    }
    for row in games["rows"]:
        if row["row"] in names:
            found[names[row["row"]]] = {"before": row["before"], "after": row["after"]}
    tobago = script("tobago_games.py", *rev, "--repeats", str(repeats))
    for row in tobago["rows"]:
        if row["players"] == 4:
            found[f"tb-{row['bot']}-4p"] = {
                "before": row["before"]["games_per_s"],
                "after": row["after"]["games_per_s"],
            }
    odds_rows = "published,seed" if seed_odds else "published"
    odds = script("odds_speed.py", "--rows", odds_rows, *rev, "--repeats", "1")
    for row in odds["rows"]:
        found[f"odds-{row['row']}"] = {
            "before": row["before"],
            "after": row["after"],
            "before_undecided": row["before_answer"]["undecided"],
            "after_undecided": row["after_answer"]["undecided"],
            "same_answers": row["agree"],
        }
    found["searchbot"] = search_rows(before, repeats)
    adapters = script("adapter_speed.py", *rev, "--repeats", str(repeats))
    for row in adapters["rows"]:
        found[row["kind"]] = {
            "before": row["before"],
            "after": row["after"],
            "same_moves": row["same_moves"],
        }
    return table_of(found, before, repeats)


def table_of(found: dict[str, dict[str, Any]], before: str, repeats: int) -> dict[str, Any]:
    """The report of the rows ``found`` (before and after per row), in the table's order."""
    table = []
    for key, (label, target, today, unit) in ROWS.items():
        if key not in found:
            continue
        entry: dict[str, Any] = {"row": key, "label": label, "target": target, "today": today}
        entry["unit"] = unit
        entry |= found[key]
        lower = unit == "s"
        was, now = entry["before"], entry["after"]
        entry["factor"] = was / now if lower else now / was
        entry["met"] = now <= target if lower else now >= target
        if key == "odds-seed":
            entry["met"] = entry["met"] and entry["after_undecided"] <= SEED_UNDECIDED
        entry["asked_factor"] = today / target if lower else target / today
        entry["met_as_ratio"] = entry["factor"] >= entry["asked_factor"]
        table.append(entry)
    return {"before": before, "repeats": repeats, "rows": table}


INSTRUCTION_ROWS = {
    "tranquility_games.py": {
        "random published": "tq-random-published",
        "random seed": "tq-random-seed",
        "heuristic published": "tq-heuristic-published",
    },
    "tobago_games.py": {"greedy": "tb-greedy-4p", "random": "tb-random-4p"},
}
"""Per counting script, the table's row of each of its rows (the adapters' rows are named
as the table's)."""


def instruction_factors(before: str, games: int) -> dict[str, float]:
    """Per row with a count, before's instructions over after's (``--instructions``)."""
    counts = {
        "tranquility_games.py": str(games),
        "tobago_games.py": str(max(1, games // 2)),
        "adapter_speed.py": str(games),
    }
    running = {
        name: subprocess.Popen(
            [
                sys.executable,
                str(HERE / name),
                "--instructions",
                count,
                "--before",
                before,
                "--json",
            ],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for name, count in counts.items()
    }
    factors: dict[str, float] = {}
    for name, child in running.items():
        out, err = child.communicate()
        if child.returncode:
            raise SystemExit(f"fast_core: {name} --instructions failed: {err.strip()[-400:]}")
        for row in json.loads(out):
            named = INSTRUCTION_ROWS.get(name)
            key = row["kind"] if named is None else named[row.get("row", row.get("bot"))]
            factors[key] = row["before"] / row["after"]
    return factors


def print_table(report: dict[str, Any]) -> None:
    print(
        f"issue 33: before = commit {report['before']}, after = this checkout; medians of "
        f"{report['repeats']} runs (the win odds: 1), per CPU second or CPU seconds\n"
    )
    counted = any("instr_factor" in row for row in report["rows"])
    print(
        f"{'what':<40} {'unit':>7} {'before':>9} {'after':>9} {'×':>6}"
        + (f" {'× instr':>7}" if counted else "")
        + f"   {'target':>7} ({'today':>6})   met: absolute, as a ratio"
        + (", counted" if counted else "")
    )
    for row in report["rows"]:
        digits = 2 if row["unit"] == "s" else 0
        note = ""
        if "after_undecided" in row:
            note = f"   undecided {row['before_undecided']} -> {row['after_undecided']}"
        instr = verdict = ""
        if counted:
            instr = f" {row['instr_factor']:7.2f}" if "instr_factor" in row else f" {'-':>7}"
            verdict = f", {_met(row['met_counted'])}" if "met_counted" in row else ", -"
        print(
            f"{row['label']:<40} {row['unit']:>7} {row['before']:9.{digits}f}"
            f" {row['after']:9.{digits}f} {row['factor']:6.2f}{instr}   {row['target']:7g}"
            f" ({row['today']:6g})   {_met(row['met'])}, {_met(row['met_as_ratio'])}{verdict}{note}"
        )
    print("\n×: how many times faster (for seconds: before / after)")
    if counted:
        print(
            "× instr: callgrind's instructions of the same work, before / after (the same "
            "from run to run); counted: × instr against the ratio asked (target / today)"
        )
    if "cpp" in report:
        print_cpp(report["cpp"], report["rows"])


def print_cpp(cpp: dict[str, Any], rows: list[dict[str, Any]]) -> None:
    """The C++ engine's line, and our RandomBot's rate over it where the table has it."""
    played = cpp["games"] + cpp["broken"]
    print(
        f"\nthe C++ engine (ttm02/Tranquility at {cpp['commit']}), its own bot in both seats, "
        f"2 players: {cpp['rate']:.0f} games/s\n  {cpp['games']} of {played} games ended "
        f"({cpp['broken']} stopped by a failed check or a crash of the engine), "
        f"{cpp['won']} won; built with\n"
        f"  {cpp['command']}"
    )
    for row in rows:
        if row["row"] == "tq-random-published":
            print(f"  ours / C++: RandomBot 2p published {row['after'] / cpp['rate']:.2f}")


def _met(ok: bool) -> str:
    return "met" if ok else "MISSED"


def main() -> None:
    if sys.argv[1:] == ["--search-game"]:  # a measuring child process
        print(json.dumps(search_game()))
        return
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--before", default=BEFORE, help=f"commit to compare with ({BEFORE})")
    parser.add_argument("--repeats", type=int, default=3, help="runs of each side per row")
    parser.add_argument(
        "--no-seed-odds", action="store_true", help="leave out the `seed` odds (minutes a side)"
    )
    parser.add_argument(
        "--cpp-engine", type=Path, metavar="DIR", help="a checkout of ttm02/Tranquility to time"
    )
    parser.add_argument(
        "--cpp-games", type=int, default=2000, help="games of the C++ engine (2000)"
    )
    parser.add_argument(
        "--cpp-only", action="store_true", help="only the C++ engine's line (with --cpp-engine)"
    )
    parser.add_argument(
        "--instructions",
        type=int,
        metavar="N",
        help="also count instructions with callgrind over N games a row (see above)",
    )
    parser.add_argument(
        "--searchbot-only",
        action="store_true",
        help="only SearchBot's row (a game, seed 0; counted too with --instructions)",
    )
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    if args.repeats < 1:
        parser.error("--repeats must be at least 1")
    if args.cpp_games < 1:
        parser.error("--cpp-games must be at least 1")
    if args.cpp_only and args.cpp_engine is None:
        parser.error("--cpp-only needs --cpp-engine DIR")
    if args.cpp_only and args.searchbot_only:
        parser.error("--cpp-only and --searchbot-only: choose one")
    if args.instructions is not None and args.instructions < 1:
        parser.error("--instructions must be at least 1")
    sys.path.insert(0, str(HERE))
    try:
        report: dict[str, Any] = {"before": args.before, "repeats": args.repeats, "rows": []}
        if args.searchbot_only:
            found = {"searchbot": search_rows(args.before, args.repeats)}
            report = table_of(found, args.before, args.repeats)
        elif not args.cpp_only:
            report = measure(args.before, args.repeats, not args.no_seed_odds)
        if not args.cpp_only and args.instructions is not None:
            factors = {"searchbot": search_instructions(args.before)}
            if not args.searchbot_only:
                factors |= instruction_factors(args.before, args.instructions)
            for row in report["rows"]:
                if row["row"] in factors:
                    row["instr_factor"] = factors[row["row"]]
                    row["met_counted"] = row["instr_factor"] >= row["asked_factor"]
        if args.cpp_engine is not None:
            report["cpp"] = cpp_engine(args.cpp_engine, args.cpp_games)
    except KeyboardInterrupt:
        print("fast_core: interrupted", file=sys.stderr)
        raise SystemExit(130) from None
    if args.json:
        print(json.dumps(report, indent=1))
    elif args.cpp_only:
        print_cpp(report["cpp"], [])
    else:
        print_table(report)


if __name__ == "__main__":
    main()
