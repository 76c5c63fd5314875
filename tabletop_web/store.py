"""Games kept in SQLite: each game's set-up, its seat tokens and every action taken, so a
server started again on the same folder goes on with every game (replaying its actions).

>>> import tempfile, pathlib
>>> from tabletop_web.setup import Setup
>>> store = Store(pathlib.Path(tempfile.mkdtemp()) / "games.sqlite")
>>> store.add("g1", Setup(2, ("human", "random"), "seed", 1), {0: "token"})
>>> store.add_action("g1", 0, 0, "end turn")
>>> stored = store.load("g1")
>>> stored.seats, stored.actions
({0: 'token'}, [(0, 'end turn')])
"""

from __future__ import annotations

import json
import sqlite3
import threading
import time
from dataclasses import dataclass
from pathlib import Path

from tabletop_web.setup import Setup

_SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    id TEXT PRIMARY KEY, setup TEXT NOT NULL, seats TEXT NOT NULL, created REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS actions (
    game TEXT NOT NULL, number INTEGER NOT NULL, player INTEGER NOT NULL, action TEXT NOT NULL,
    PRIMARY KEY (game, number)
);
"""


@dataclass(frozen=True)
class StoredGame:
    """A game as the store holds it: set-up, seat tokens and actions in order."""

    id: str
    setup: Setup
    seats: dict[int, str]
    actions: list[tuple[int, str]]


class Store:
    """One SQLite file of games; safe to call from several threads (one connection, locked).

    Writes are small and few (one row per action), so they are made at once, in the caller's
    thread: with the write-ahead log a commit takes well under a millisecond.
    """

    def __init__(self, path: Path) -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        self.path = path
        self._lock = threading.Lock()
        self._db = sqlite3.connect(path, check_same_thread=False, isolation_level=None)
        with self._lock:
            self._db.execute("PRAGMA journal_mode=WAL")
            # A crash may lose the last action or so, never corrupt the file.
            self._db.execute("PRAGMA synchronous=NORMAL")
            self._db.executescript(_SCHEMA)

    def add(self, game: str, setup: Setup, seats: dict[int, str]) -> None:
        """Keep a new game."""
        with self._lock:
            self._db.execute(
                "INSERT INTO games VALUES (?, ?, ?, ?)",
                (game, setup.to_json(), json.dumps(seats), time.time()),
            )

    def add_action(self, game: str, number: int, player: int, action: str) -> None:
        """Keep the game's action ``number`` (0 first)."""
        with self._lock:
            self._db.execute(
                "INSERT INTO actions VALUES (?, ?, ?, ?)", (game, number, player, action)
            )

    def load(self, game: str) -> StoredGame | None:
        """The game with this id, or None."""
        with self._lock:
            row = self._db.execute(
                "SELECT setup, seats FROM games WHERE id = ?", (game,)
            ).fetchone()
            if row is None:
                return None
            actions = self._db.execute(
                "SELECT player, action FROM actions WHERE game = ? ORDER BY number", (game,)
            ).fetchall()
        seats = {int(seat): str(token) for seat, token in json.loads(row[1]).items()}
        return StoredGame(
            game, Setup.from_json(row[0]), seats, [(int(p), str(a)) for p, a in actions]
        )

    def ids(self) -> list[str]:
        """Every game's id, newest first."""
        with self._lock:
            rows = self._db.execute("SELECT id FROM games ORDER BY created DESC").fetchall()
        return [str(row[0]) for row in rows]

    def close(self) -> None:
        """Close the file."""
        with self._lock:
            self._db.close()
