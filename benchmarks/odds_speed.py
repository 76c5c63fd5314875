"""Benchmark: `tq.win_odds` on two positions, before and after a change, in one run.

Rows: 100 worlds at turn 0 of a two-player `published` game, and (``--rows published,seed``,
minutes a run) 100 worlds at turn 10 of a two-player `seed` game; both games are played by
HeuristicBot from game seed 11, the worlds drawn with seed 0, HeuristicBot playing on, the
default time limit of 2 s a world. Each measurement runs in a fresh process (the first call of
a process pays for its caches, as a command-line user does), this checkout ("after") and, with
``--before REV``, the package at that commit ("before"), alternating ``--repeats`` times; the
table holds the medians of CPU seconds of the process and the answer's counts, which must be
equal on both sides except for worlds undecided within the time limit (else exit 1).

    python benchmarks/odds_speed.py --before 1969ba2
    python benchmarks/odds_speed.py --rows published,seed --repeats 1 --json

``--worlds 1,9,23`` instead searches those worlds of the `seed` row one by one, as `win_odds`
searches a world the bot lost (the deal search led by the same guide, one guide for them all),
with ``--time-limit`` seconds each (default 2): each world's verdict, positions visited and CPU
seconds, before and after. The positions of a world decided on both sides must be equal when
the change leaves the search's order as it was (else the line says so); seconds compare the
speed of the search alone, which the row's fixed 2 s a world hides.

    python benchmarks/odds_speed.py --worlds 1,9,23,45 --time-limit 30 --before 61cb4d4
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path
from typing import Any

ROWS = {"published": ("published", 0), "seed": ("seed", 10)}
"""Row name: the game's preset and the turn asked about."""
TARGETS: dict[str, tuple[float, int | None]] = {"published": (1.0, None), "seed": (10.0, 5)}
"""Row name: at most these CPU seconds and (where given) undecided worlds (the targets)."""
GAME_SEED = 11
SAMPLES = 100


def position(row: str) -> Any:
    """The game state a row asks about, on the package this process imports."""
    import tranquility_solver as tq

    rules, turn = ROWS[row]
    record = tq.play_game([tq.HeuristicBot(), tq.HeuristicBot()], seed=GAME_SEED, rules=rules)
    return next(state for state in tq.replay(record) if state.turn == turn)


def measure(row: str) -> dict[str, Any]:
    """One row in this process, on the package it imports."""
    import tranquility_solver as tq

    state = position(row)
    started = time.process_time()
    odds = tq.win_odds(state, samples=SAMPLES, seed=0)
    return {
        "seconds": time.process_time() - started,
        "winnable": odds.winnable,
        "unwinnable": odds.unwinnable,
        "undecided": odds.undecided,
        "bot_wins": odds.bot_wins,
    }


def measure_worlds(indices: list[int], time_limit: float) -> dict[str, Any]:
    """The `seed` row's worlds ``indices`` (drawn as `win_odds` draws them) searched one by one
    as it searches a world the bot lost, in this process, on the package it imports."""
    import tranquility_solver as tq
    from tranquility_solver.deals.solve import search_deal
    from tranquility_solver.deals.wedge_guide import WedgeGuide
    from tranquility_solver.game.worlds import sample_worlds

    state = position("seed")
    worlds = sample_worlds(state.observation(state.current_player), SAMPLES, 0)
    guide = WedgeGuide(fallback=tq.HeuristicBot())
    found = []
    for index in indices:
        started = time.process_time()
        solution = search_deal(worlds[index], guide, time_limit=time_limit)
        seconds = time.process_time() - started
        verdict = {"status": solution.status.value, "positions": solution.nodes}
        found.append({"world": index, **verdict, "seconds": seconds})
    return {"worlds": found, "seconds": sum(world["seconds"] for world in found)}


def worlds_table(indices: list[int], time_limit: float, before: str | None, repeats: int) -> str:
    """``--worlds``: each world's verdict, positions and median CPU seconds on both sides."""
    from tranquility_games import alternate, run_in  # the games benchmark, beside this one

    options = ("--measure-worlds", ",".join(map(str, indices)), "--time-limit", str(time_limit))
    runs = alternate(
        before,
        ["worlds"],
        repeats,
        lambda tree, _: run_in(tree, *options, script=__file__),
        lambda run: f"{run['seconds']:.2f} s",
    )
    names = sorted(runs, reverse=True)  # "before" first
    lines = [
        f"`seed` row worlds, {time_limit:g} s each, CPU s (medians of {repeats}); "
        f"before = {before or '-'}",
        "",
        "world  " + "".join(f"{name + ': verdict, positions, s':<36}" for name in names),
    ]
    differ = False
    for number, index in enumerate(indices):
        cells = []
        for name in names:
            measured = [run["worlds"][number] for run in runs[name]["worlds"]]
            seconds = statistics.median(world["seconds"] for world in measured)
            cells.append(f"{measured[0]['status']:<8}{measured[0]['positions']:>10,}{seconds:9.2f}")
        decided = [runs[name]["worlds"][0]["worlds"][number] for name in names]
        if len(decided) == 2 and all(world["status"] != "unknown" for world in decided):
            differ = differ or decided[0]["positions"] != decided[1]["positions"]
        lines.append(f"{index:>5}  " + "".join(f"{cell:<36}" for cell in cells))
    totals = [statistics.median(run["seconds"] for run in runs[name]["worlds"]) for name in names]
    lines.append("total  " + "".join(f"{'':<18}{total:9.2f}{'':<9}" for total in totals))
    if differ:
        lines.append(
            "positions differ for a world decided on both sides: the search's order changed"
        )
    return "\n".join(lines)


def measure_in(tree: Path, row: str) -> dict[str, Any]:
    """:func:`measure` in a fresh process importing the package from ``tree``."""
    from tranquility_games import run_in  # the games benchmark, beside this one

    result: dict[str, Any] = run_in(tree, "--measure", row, script=__file__)
    return result


def agree(before: dict[str, Any], after: dict[str, Any]) -> bool:
    """The same answer, but for worlds one side left undecided."""
    if before["bot_wins"] != after["bot_wins"]:
        return False
    return all(
        before[count] == after[count] or before["undecided"] or after["undecided"]
        for count in ("winnable", "unwinnable")
    )


def table(rows: list[str], before: str | None, repeats: int) -> dict[str, Any]:
    from tranquility_games import alternate  # the games benchmark, beside this one

    runs = alternate(before, rows, repeats, measure_in, lambda run: f"{run['seconds']:.2f} s")
    result: dict[str, Any] = {"before": before, "repeats": repeats, "rows": []}
    for row in rows:
        entry: dict[str, Any] = {"row": row}
        for name in runs:
            entry[name] = statistics.median(run["seconds"] for run in runs[name][row])
            entry[f"{name}_answer"] = runs[name][row][0]
        if "before" in entry:
            entry["factor"] = entry["before"] / entry["after"]
            entry["agree"] = all(
                agree(old, new)
                for old, new in zip(runs["before"][row], runs["after"][row], strict=True)
            )
        seconds, undecided = TARGETS[row]
        entry["target_met"] = entry["after"] <= seconds and (
            undecided is None or entry["after_answer"]["undecided"] <= undecided
        )
        result["rows"].append(entry)
    return result


def show(result: dict[str, Any]) -> str:
    lines = [
        f"win_odds, {SAMPLES} worlds, CPU s of a fresh process (medians of "
        f"{result['repeats']}); before = {result['before'] or '-'}",
        "",
        f"{'position':<26}{'before':>8}{'after':>8}{'x':>7}  {'after: won/lost/undecided, bot':<32}"
        f"target",
    ]
    for entry in result["rows"]:
        rules, turn = ROWS[entry["row"]]
        answer = entry["after_answer"]
        counts = (
            f"{answer['winnable']}/{answer['unwinnable']}/{answer['undecided']}, "
            f"{answer['bot_wins']}"
        )
        before = f"{entry['before']:8.2f}" if "before" in entry else f"{'-':>8}"
        factor = f"{entry['factor']:6.2f}x" if "factor" in entry else f"{'-':>7}"
        seconds, undecided = TARGETS[entry["row"]]
        target = f"<= {seconds:g} s"
        if undecided is not None:
            target += f", <= {undecided} undecided"
        target += ": met" if entry["target_met"] else ": not met"
        lines.append(
            f"{f'2p {rules}, turn {turn}':<26}{before}{entry['after']:8.2f}{factor}  "
            f"{counts:<32}{target}"
        )
    if any(entry.get("agree") is False for entry in result["rows"]):
        lines.append("ANSWERS DIFFER between before and after")
    return "\n".join(lines)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rows", default="published", help="published, seed or both (comma)")
    parser.add_argument("--before", help="a git revision to compare with")
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--worlds", help="search these `seed` worlds one by one (comma list)")
    parser.add_argument("--time-limit", type=float, default=2.0, help="seconds a world (--worlds)")
    parser.add_argument("--measure", choices=sorted(ROWS), help=argparse.SUPPRESS)
    parser.add_argument("--measure-worlds", help=argparse.SUPPRESS)
    options = parser.parse_args()
    if options.measure:
        print(json.dumps(measure(options.measure)))
        return 0
    if options.measure_worlds:
        indices = [int(index) for index in options.measure_worlds.split(",")]
        print(json.dumps(measure_worlds(indices, options.time_limit)))
        return 0
    if options.worlds is not None:
        try:
            indices = [int(index) for index in options.worlds.split(",")]
        except ValueError:
            parser.error(f"--worlds {options.worlds!r}: expected world numbers, e.g. 1,9,23")
        if not all(0 <= index < SAMPLES for index in indices) or options.repeats < 1:
            parser.error(f"--worlds takes numbers 0-{SAMPLES - 1}; --repeats at least 1")
        if not options.time_limit > 0:
            parser.error("--time-limit must be a positive number of seconds")
        print(worlds_table(indices, options.time_limit, options.before, options.repeats))
        return 0
    rows = [row.strip() for row in options.rows.split(",") if row.strip()]
    unknown = [row for row in rows if row not in ROWS]
    if unknown or not rows or options.repeats < 1:
        parser.error(f"--rows takes {' or '.join(ROWS)}; --repeats at least 1")
    result = table(rows, options.before, options.repeats)
    print(json.dumps(result, indent=2) if options.json else show(result))
    return 1 if any(entry.get("agree") is False for entry in result["rows"]) else 0


if __name__ == "__main__":
    sys.exit(main())
