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


def measure(row: str) -> dict[str, Any]:
    """One row in this process, on the package it imports."""
    import tranquility_solver as tq

    rules, turn = ROWS[row]
    record = tq.play_game([tq.HeuristicBot(), tq.HeuristicBot()], seed=GAME_SEED, rules=rules)
    state = next(state for state in tq.replay(record) if state.turn == turn)
    started = time.process_time()
    odds = tq.win_odds(state, samples=SAMPLES, seed=0)
    return {
        "seconds": time.process_time() - started,
        "winnable": odds.winnable,
        "unwinnable": odds.unwinnable,
        "undecided": odds.undecided,
        "bot_wins": odds.bot_wins,
    }


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
    parser.add_argument("--measure", choices=sorted(ROWS), help=argparse.SUPPRESS)
    options = parser.parse_args()
    if options.measure:
        print(json.dumps(measure(options.measure)))
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
