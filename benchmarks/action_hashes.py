"""Fingerprints of the bots' games: a sha256 per game, bot, player count and preset.

Every table plays its games with fixed seeds (0, 1, 2, …), the same bot in every seat, and hashes
what each game recorded: its seed, every action in order with who took it, and how it ended. Two
versions of the code whose tables hash alike made the same choices in every one of those games,
so a refactoring that must not change any bot's play (moving the bots out of the rules, say) is
checked by running this before and after. ``tests/data/action_hashes.json`` holds the hashes of
the current code; ``tests/test_action_hashes.py`` checks them.

    python benchmarks/action_hashes.py                  # the full tables (minutes)
    python benchmarks/action_hashes.py --json > tests/data/action_hashes.json
    python benchmarks/action_hashes.py --games 20 --only tranquility/heuristic

A table plays ``GAMES`` games, except the search bots, which take seconds a game (Tranquility's
about ten): they play ``SEARCH_GAMES`` of their own. Each table also keeps the hash of its first
``QUICK`` games, which the normal test suite recomputes.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass

import tobago_solver as tb
import tranquility_solver as tq
from tranquility_solver.bots import make_bot as make_tq_bot

GAMES = 1000
"""Games per table of a fast bot."""
SEARCH_GAMES = {"tobago": 30, "tranquility": 4}
"""Games per table of a search bot, which takes seconds a game."""
QUICK = {"tobago": 20, "tranquility": 20}
"""Games of a table the normal test suite replays (the search bots' lists below)."""
QUICK_SEARCH = {"tobago": 2, "tranquility": 0}

BOTS = {
    "tobago": ("greedy", "random", "search"),
    "tranquility": ("random", "heuristic", "planner", "search"),
}
PLAYERS = {"tobago": (2, 3, 4), "tranquility": (1, 2, 3, 4, 5)}
PRESETS = ("seed", "published")


@dataclass(frozen=True)
class Table:
    """One game, bot, player count and preset, and how many games it plays."""

    game: str
    bot: str
    players: int
    preset: str
    games: int
    quick: int

    @property
    def key(self) -> str:
        return f"{self.game}/{self.bot}/{self.players}p/{self.preset}"


def tables(games: int | None = None) -> Iterator[Table]:
    """Every table, with ``games`` games each if given (the search bots never more than
    their own number)."""
    for game, bots in BOTS.items():
        for bot in bots:
            search = bot == "search"
            count = SEARCH_GAMES[game] if search else GAMES
            quick = QUICK_SEARCH[game] if search else QUICK[game]
            if games is not None:
                count = min(count, games)
            for players in PLAYERS[game]:
                for preset in PRESETS:
                    yield Table(game, bot, players, preset, count, min(quick, count))


def game_line(table: Table, seed: int) -> bytes:
    """What one game recorded, as one line of JSON: its seed, actions and end."""
    if table.game == "tobago":
        island = tb.islands.default()
        bots = [tb.make_bot(table.bot) for _ in range(table.players)]
        record = tb.play_game(island, bots, seed=seed, rules=table.preset)
        fields: list[object] = [
            seed,
            list(record.actors),
            list(record.actions),
            list(record.scores),
            record.end_reason,
        ]
    else:
        seats = [make_tq_bot(table.bot) for _ in range(table.players)]
        played = tq.play_game(seats, seed=seed, rules=table.preset)
        fields = [seed, [list(action) for action in played.actions], played.outcome]
    return json.dumps(fields, separators=(",", ":")).encode() + b"\n"


def table_hashes(table: Table) -> dict[str, object]:
    """The sha256 of the table's games, and of its first ``quick`` games."""
    whole, first = hashlib.sha256(), hashlib.sha256()
    for seed in range(table.games):
        line = game_line(table, seed)
        whole.update(line)
        if seed < table.quick:
            first.update(line)
    return {
        "games": table.games,
        "sha256": whole.hexdigest(),
        "quick_games": table.quick,
        "quick_sha256": first.hexdigest(),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", action="store_true", help="print the hashes as JSON")
    parser.add_argument("--games", type=int, help="games per table (default: the full tables)")
    parser.add_argument("--only", default="", help="tables whose key starts with this")
    parser.add_argument("--workers", type=int, default=2, help="processes (default 2)")
    args = parser.parse_args(argv)
    chosen = [table for table in tables(args.games) if table.key.startswith(args.only)]
    # The slowest tables first, so that the pool ends together.
    chosen.sort(key=lambda table: table.bot != "search")
    with ProcessPoolExecutor(args.workers) as pool:
        found = dict(zip((t.key for t in chosen), pool.map(table_hashes, chosen), strict=True))
    ordered = {key: found[key] for key in sorted(found)}
    if args.json:
        json.dump(ordered, sys.stdout, indent=1)
        print()
    else:
        for key, entry in ordered.items():
            print(f"{key:34} {entry['games']:5} games  {entry['sha256']}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
