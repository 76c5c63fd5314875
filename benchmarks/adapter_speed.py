"""Benchmark: the AI adapters' steps per second, before and after a change, in one run.

Random legal actions through each adapter, the whole loop timed: PettingZoo (``env()`` with its
usual wrappers: ``last()``, the action mask, a random legal id, ``step``) and OpenSpiel (the deal's
eight chance moves, then ``legal_actions()`` and ``apply_action`` with a random one). Tranquility
is 2 players ``published``, Tobago 2 players on ABC-1 with ``seed`` rules (the adapters'
defaults). The same seeded games are played by this checkout ("after") and by the code of another
commit ("before", default: the commit issue 33 started from), each measurement in a fresh
process, alternating before and after ``--repeats`` times; the table holds the medians. Rates
are steps (player moves) per CPU second of the playing process; both sides must play the same
moves (a hash of them is compared), else the script exits 1.

    python benchmarks/adapter_speed.py                 # the table, 3 repetitions
    python benchmarks/adapter_speed.py --json          # the same figures as JSON
    python benchmarks/adapter_speed.py --check 40      # do the adapters still show the same?
    python benchmarks/adapter_speed.py --instructions 4   # callgrind, load-free

``--check N`` plays N seeded random games through each adapter on both sides and hashes
everything they show along the way: legal ids and masks, every player's observation tensor and
(OpenSpiel) observation and information state strings and tensors, rewards, returns and the
record of the game. A speed-up must leave all of it as it was.
"""

from __future__ import annotations

import argparse
import hashlib
import io
import json
import os
import random
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, TextIO

from callgrind import region_instructions

HERE = Path(__file__).resolve().parent
CHECKOUT = HERE.parent
BEFORE = "a428883"
"""The commit issue 33 started from."""
KINDS = ("pettingzoo-tranquility", "pettingzoo-tobago", "openspiel-tranquility", "openspiel-tobago")
GAMES = {
    "pettingzoo-tranquility": 300,
    "pettingzoo-tobago": 24,
    "openspiel-tranquility": 300,
    "openspiel-tobago": 24,
}
"""Games per measurement: a random Tobago game is about 450 moves, a Tranquility one about 50."""
TARGETS = {
    "pettingzoo-tranquility": (20_000, 3_800),
    "pettingzoo-tobago": (20_000, 7_500),
    "openspiel-tranquility": (10_000, 2_600),
    "openspiel-tobago": (30_000, 13_800),
}
"""Issue 33: target and "today" steps/s (today: measured on a loaded machine before the work)."""
TRANQUILITY = {"players": 2, "rules": "published"}
TOBAGO = {"players": 2, "rules": "seed", "island": "ABC-1"}


def pettingzoo_env(kind: str) -> Any:
    """The wrapped environment of one kind (as ``env()`` gives it to a user)."""
    if kind.endswith("tranquility"):
        from tranquility_solver.pettingzoo import env

        return env(**TRANQUILITY)
    from tobago_solver.pettingzoo import env

    return env(players=TOBAGO["players"], rules=TOBAGO["rules"], island=TOBAGO["island"])


def openspiel_game(kind: str) -> Any:
    import pyspiel

    if kind.endswith("tranquility"):
        import tranquility_solver.openspiel as tranquility_adapter

        return pyspiel.load_game(tranquility_adapter.SHORT_NAME, TRANQUILITY)
    import tobago_solver.openspiel as tobago_adapter

    return pyspiel.load_game(tobago_adapter.SHORT_NAME, TOBAGO)


def play_pettingzoo(environment: Any, rng: random.Random, seed: int, moves: list[int]) -> None:
    """One game with random legal ids; the ids chosen are appended to ``moves``."""
    import numpy as np

    environment.reset(seed=seed)
    for _ in environment.agent_iter():
        observation, _, terminated, truncated, _ = environment.last()
        if terminated or truncated:
            environment.step(None)
            continue
        legal = np.flatnonzero(observation["action_mask"])
        action = int(legal[rng.randrange(len(legal))])
        moves.append(action)
        environment.step(action)


def play_openspiel(game: Any, rng: random.Random, seed: int, moves: list[int]) -> None:
    """One game dealt from ``seed`` (its chance moves applied) with random legal ids."""
    state = game.new_initial_state()
    for byte in seed.to_bytes(8, "big"):
        state.apply_action(byte)
    while not state.is_terminal():
        legal = state.legal_actions()
        action = legal[rng.randrange(len(legal))]
        moves.append(action)
        state.apply_action(action)


def play(kind: str, games: int, seed: int) -> dict[str, Any]:
    """Play ``games`` seeded random games of one kind with the packages on the path: the moves,
    their hash and the times."""
    run: Callable[[Any, random.Random, int, list[int]], None]
    if kind.startswith("pettingzoo"):
        subject, run = pettingzoo_env(kind), play_pettingzoo
    else:
        subject, run = openspiel_game(kind), play_openspiel
    run(subject, random.Random(0), seed + 10**6, [])  # imports and tables out of the timing
    rng = random.Random(seed)
    moves: list[int] = []
    cpu, wall = time.process_time(), time.perf_counter()
    for game in range(games):
        run(subject, rng, seed + game, moves)
    cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
    digest = hashlib.blake2b(repr(moves).encode(), digest_size=8).hexdigest()
    return {"steps": len(moves), "hash": digest, "cpu_s": cpu, "wall_s": wall, "code": code()}


def code() -> str:
    import tranquility_solver

    return str(tranquility_solver.__file__)


def shown(kind: str, games: int, seed: int) -> dict[str, Any]:
    """A hash of everything the adapter of one kind shows along ``games`` seeded random games
    (see the module's text)."""
    import numpy as np

    digest = hashlib.blake2b(digest_size=16)

    def add(*values: Any) -> None:
        for value in values:
            data = value.tobytes() if isinstance(value, np.ndarray) else repr(value).encode()
            digest.update(data + b"\x00")

    rng = random.Random(seed)
    steps = 0
    if kind.startswith("pettingzoo"):
        environment = pettingzoo_env(kind)
        for game in range(games):
            environment.reset(seed=seed + game)
            for agent in environment.agent_iter():
                for other in environment.possible_agents:
                    seen = environment.observe(other)
                    add(other, seen["observation"], seen["action_mask"])
                observation, reward, terminated, truncated, info = environment.last()
                add(agent, reward, terminated, truncated, info)
                if terminated or truncated:
                    environment.step(None)
                    continue
                legal = np.flatnonzero(observation["action_mask"])
                environment.step(int(legal[rng.randrange(len(legal))]))
                steps += 1
            add(environment.unwrapped.record().to_json())
        return {"hash": digest.hexdigest(), "steps": steps, "code": code()}
    import pyspiel

    game_ = openspiel_game(kind)
    observers = [
        game_.make_py_observer(pyspiel.IIGObservationType(perfect_recall=recall))
        for recall in (False, True)
    ]
    for game in range(games):
        state = game_.new_initial_state()
        for byte in (seed + game).to_bytes(8, "big"):
            state.apply_action(byte)
        while True:
            add(str(state), state.current_player(), state.returns())
            for player in range(game_.num_players()):
                for observer in observers:
                    observer.set_from(state, player)
                    add(observer.tensor, observer.string_from(state, player))
            if state.is_terminal():
                break
            legal = state.legal_actions()
            add(legal, [state.action_to_string(a) for a in legal])
            state.apply_action(legal[rng.randrange(len(legal))])
            steps += 1
        add(state.history())
    return {"hash": digest.hexdigest(), "steps": steps, "code": code()}


def source_tree(rev: str, into: Path) -> Path:
    """The files of commit ``rev`` of this repository, unpacked under ``into``."""
    archive = subprocess.run(
        ["git", "-C", str(CHECKOUT), "archive", rev], capture_output=True, check=False
    )
    if archive.returncode != 0:
        raise SystemExit(f"adapter_speed: no commit {rev!r} in {CHECKOUT}")
    with tarfile.open(fileobj=io.BytesIO(archive.stdout)) as tar:
        tar.extractall(into, filter="data")
    return into


def child(tree: Path, *args: str) -> dict[str, Any]:
    """This script's ``args`` in a fresh process that imports the packages from ``tree``."""
    argv = [sys.executable, __file__, *args]
    env = {**os.environ, "PYTHONPATH": str(tree), "PYTHONHASHSEED": "0"}
    done = subprocess.run(argv, env=env, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise SystemExit(f"adapter_speed: the run on {tree} failed: {done.stderr.strip()[-400:]}")
    result: dict[str, Any] = json.loads(done.stdout)
    if not Path(result["code"]).resolve().is_relative_to(tree.resolve()):
        raise SystemExit(f"adapter_speed: the run meant for {tree} imported {result['code']}")
    return result


def run(before: str, repeats: int, seed: int) -> dict[str, Any]:
    rows = []
    with tempfile.TemporaryDirectory() as scratch:
        old = source_tree(before, Path(scratch))
        for kind in KINDS:
            runs: dict[str, list[dict[str, Any]]] = {"before": [], "after": []}
            for _ in range(repeats):
                for label, tree in (("before", old), ("after", CHECKOUT)):
                    runs[label].append(child(tree, "--play", kind, str(GAMES[kind]), str(seed)))
            row: dict[str, Any] = {"kind": kind, "games": GAMES[kind]}
            for label in ("before", "after"):
                row[label] = statistics.median(r["steps"] / r["cpu_s"] for r in runs[label])
                row[f"{label}_wall"] = statistics.median(
                    r["steps"] / r["wall_s"] for r in runs[label]
                )
            row["steps"] = runs["after"][0]["steps"]
            row["same_moves"] = len({r["hash"] for label in runs for r in runs[label]}) == 1
            row["speedup"] = row["after"] / row["before"]
            row["speedup_wall"] = row["after_wall"] / row["before_wall"]
            target, today = TARGETS[kind]
            row["target"], row["today"] = target, today
            row["target_met"] = row["after"] >= target
            row["target_ratio_met"] = row["speedup"] >= target / today
            rows.append(row)
    return {"before": before, "repeats": repeats, "seed": seed, "rows": rows}


def print_table(report: dict[str, Any]) -> None:
    print(
        f"random legal actions, one process; before = commit {report['before']}, after = this "
        f"checkout; medians of {report['repeats']} runs each, steps per CPU second\n"
    )
    print(
        f"{'adapter':<23} {'games':>5} {'steps':>6} {'before':>8} {'after':>8} {'×':>6}"
        f" {'× wall':>6}   target (today)   met: absolute, as a ratio"
    )
    for row in report["rows"]:
        same = "" if row["same_moves"] else "   MOVES DIFFER"
        print(
            f"{row['kind']:<23} {row['games']:5d} {row['steps']:6d} {row['before']:8.0f}"
            f" {row['after']:8.0f} {row['speedup']:6.2f} {row['speedup_wall']:6.2f}"
            f"   {row['target']:6d} ({row['today']:6d})   {_met(row['target_met'])},"
            f" {_met(row['target_ratio_met'])}{same}"
        )


def _met(ok: bool) -> str:
    return "met" if ok else "MISSED"


def check(before: str, games: int, seed: int) -> list[dict[str, Any]]:
    """Per adapter, the hash of what it shows on ``before`` and on this checkout."""
    rows = []
    with tempfile.TemporaryDirectory() as scratch:
        old = source_tree(before, Path(scratch))
        for kind in KINDS:
            count = games if kind.endswith("tranquility") else max(1, games // 8)
            args = ("--shown", kind, str(count), str(seed))
            row: dict[str, Any] = {"kind": kind, "games": count}
            row["before"], row["after"] = child(old, *args), child(CHECKOUT, *args)
            row["same"] = row["before"]["hash"] == row["after"]["hash"]
            rows.append(row)
            same = "same" if row["same"] else "DIFFERENT"
            print(
                f"{kind:<23} {count:5d} games {row['after']['steps']:7d} steps"
                f"  {row['before']['hash']}  {row['after']['hash']}  {same}",
                flush=True,
            )
    return rows


def instructions(before: str, seed: int, games: int, out: TextIO) -> list[dict[str, Any]]:
    """Instructions per step (valgrind's callgrind): only the timed games count
    (:mod:`callgrind`), not the imports or the warm-up game; the count is the same from run to
    run, whatever the load. Each row is printed on ``out`` as it is counted."""
    rows = []
    with tempfile.TemporaryDirectory() as scratch:
        old = source_tree(before, Path(scratch))
        for kind in KINDS:
            count = games if kind.endswith("tranquility") else max(1, games // 8)
            row: dict[str, Any] = {"kind": kind, "games": count}
            for label, tree in (("before", old), ("after", CHECKOUT)):
                argv = [sys.executable, __file__, "--play", kind, str(count), str(seed)]
                env = {**os.environ, "PYTHONPATH": str(tree)}
                row[f"{label}_total"] = region_instructions(argv, env)
            steps = child(CHECKOUT, "--play", kind, str(count), str(seed))["steps"]
            row["steps"] = steps
            row["before"], row["after"] = row["before_total"] / steps, row["after_total"] / steps
            rows.append(row)
            print(
                f"{kind:<23} {count:4d} games {steps:6d} steps  before {row['before']:9.0f}"
                f"  after {row['after']:9.0f} instructions/step"
                f"  x{row['before'] / row['after']:.2f}",
                file=out,
                flush=True,
            )
    return rows


def main() -> None:
    if len(sys.argv) == 5 and sys.argv[1] in ("--play", "--shown"):  # a child process
        kind, games, seed = sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
        print(json.dumps((play if sys.argv[1] == "--play" else shown)(kind, games, seed)))
        return
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--before", default=BEFORE, help=f"commit to compare with ({BEFORE})")
    parser.add_argument("--repeats", type=int, default=3, help="runs of each side per adapter")
    parser.add_argument("--seed", type=int, default=1, help="seed of the games and moves")
    parser.add_argument("--json", action="store_true")
    parser.add_argument(
        "--check",
        type=int,
        metavar="N",
        help="instead of timing: hash what the adapters show along N random games "
        "(Tobago N/8), before and after",
    )
    parser.add_argument(
        "--instructions",
        type=int,
        metavar="N",
        help="instead of timing: callgrind's instructions per step over N games (Tobago N/8)",
    )
    args = parser.parse_args()
    if args.repeats < 1:
        parser.error("--repeats must be at least 1")
    try:
        if args.check is not None:
            rows = check(args.before, args.check, args.seed)
            if args.json:
                print(json.dumps(rows, indent=1))
            raise SystemExit(0 if all(row["same"] for row in rows) else 1)
        if args.instructions is not None:
            out = sys.stderr if args.json else sys.stdout
            rows = instructions(args.before, args.seed, args.instructions, out)
            if args.json:
                print(json.dumps(rows, indent=1))
            return
        report = run(args.before, args.repeats, args.seed)
    except KeyboardInterrupt:
        print("adapter_speed: interrupted", file=sys.stderr)
        raise SystemExit(130) from None
    if args.json:
        print(json.dumps(report, indent=1))
    else:
        print_table(report)
    raise SystemExit(0 if all(row["same_moves"] for row in report["rows"]) else 1)


if __name__ == "__main__":
    main()
