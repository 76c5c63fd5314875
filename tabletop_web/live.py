"""Games in play: the seats and their tokens, actions taken in turn, bots moving on the server
one step at a time, and the listeners told of every change.

A game lives in memory once asked for; the store holds it for the next start of the server,
which replays its actions. Each game has a lock, so its actions are taken one at a time, and a
version that grows with every action: a listener waits for it to change.
"""

from __future__ import annotations

import asyncio
import logging
import random
import secrets
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any, Final

from tabletop_web.adapter import Applied, GameAdapter
from tabletop_web.errors import ConflictError, ForbiddenError, NotFoundError
from tabletop_web.setup import HUMAN, Setup, read_setup
from tabletop_web.store import Store

LOG_ENTRIES: Final = 60
"""The latest actions an observation lists."""
TOKEN_BYTES: Final = 24
"""A seat token's random bytes: 192 bits, far beyond guessing."""

_log = logging.getLogger("tabletop_web")


@dataclass(eq=False)
class LiveGame:
    """A game in play. ``log`` holds every action as each seat saw it (a face-down discard is
    a count to the others); ``version`` counts the actions, and ``changed`` is set when it
    grows (then replaced by a fresh event)."""

    id: str
    setup: Setup
    seats: dict[int, str]
    start: Any
    state: Any
    actions: list[tuple[int, str]] = field(default_factory=list)
    log: list[tuple[int, tuple[str, ...]]] = field(default_factory=list)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    changed: asyncio.Event = field(default_factory=asyncio.Event)
    bots: asyncio.Task[None] | None = None
    stuck: str = ""
    """Why a bot could not move (the game waits), or empty."""
    views: dict[tuple[int, bool], tuple[int, dict[str, Any]]] = field(default_factory=dict)
    """Each seat's observation (with or without its picture) as last built, and the version it
    shows: every tab of a seat asks for it at each move, and a Tobago picture takes ~10 ms."""

    @property
    def version(self) -> int:
        """How many actions were taken."""
        return len(self.actions)

    def seat_of(self, token: object) -> int:
        """The seat whose token this is; ForbiddenError for any other text."""
        if isinstance(token, str):
            for seat, known in self.seats.items():
                if secrets.compare_digest(known, token):
                    return seat
        raise ForbiddenError("unknown seat: the seat's link holds its token")


class Games:
    """Every game of one server: created, loaded from the store, played."""

    def __init__(self, adapter: GameAdapter, store: Store, bot_delay: float = 0.5) -> None:
        self.adapter = adapter
        self.store = store
        self.bot_delay = bot_delay
        """Seconds a bot waits before each move, so that people see each step."""
        self._games: dict[str, LiveGame] = {}
        self._closing = asyncio.Event()

    # -- creating and finding -----------------------------------------------------------------

    async def create(self, request: object) -> LiveGame:
        """A new game from a ``POST /api/games`` body, kept in the store; bots start moving."""
        setup = read_setup(request, self.adapter.choices())
        self.adapter.check(setup)
        state = await asyncio.to_thread(self.adapter.start, setup)
        seats = {seat: secrets.token_urlsafe(TOKEN_BYTES) for seat in setup.humans}
        game = LiveGame(secrets.token_urlsafe(8), setup, seats, state, state)
        self.store.add(game.id, setup, seats)
        self._games[game.id] = game
        self._kick(game)
        return game

    def get(self, game_id: str) -> LiveGame:
        """The game with this id (loaded from the store and replayed the first time); NotFoundError
        for any other."""
        game = self._games.get(game_id)
        if game is not None:
            return game
        stored = self.store.load(game_id) if len(game_id) <= 64 else None
        if stored is None:
            raise NotFoundError(f"no game {game_id[:40]!r}")
        state = self.adapter.start(stored.setup)
        game = LiveGame(stored.id, stored.setup, stored.seats, state, state)
        for player, text in stored.actions:
            self._taken(game, player, self.adapter.apply(game.state, player, text))
        self._games[game.id] = game
        self._kick(game)
        return game

    # -- acting -------------------------------------------------------------------------------

    async def act(self, game: LiveGame, seat: int, text: str) -> Applied:
        """The seat's action, if it is that seat's turn (ConflictError if not): applied, kept,
        told to the listeners; then the bots go on."""
        async with game.lock:
            to_move = self.adapter.to_move(game.state)
            if to_move is None:
                raise ConflictError("the game is over")
            if to_move != seat:
                raise ConflictError(f"it is P{to_move}'s turn, not yours (P{seat})")
            applied = self.adapter.apply(game.state, seat, text)
            self._keep(game, seat, applied)
        self._kick(game)
        return applied

    def _keep(self, game: LiveGame, player: int, applied: Applied) -> None:
        self.store.add_action(game.id, game.version, player, applied.action)
        self._taken(game, player, applied)
        game.changed.set()
        game.changed = asyncio.Event()

    def _taken(self, game: LiveGame, player: int, applied: Applied) -> None:
        seen = tuple(
            self.adapter.seen_action(game.state, player, applied.action, seat)
            for seat in range(game.setup.players)
        )
        game.log.append((player, seen))
        game.actions.append((player, applied.action))
        game.state = applied.state

    # -- bots ---------------------------------------------------------------------------------

    def _bot_to_move(self, game: LiveGame) -> int | None:
        seat = self.adapter.to_move(game.state)
        if seat is None or game.setup.seats[seat] == HUMAN:
            return None
        return seat

    def _kick(self, game: LiveGame) -> None:
        """Start the game's bots if one is to move and they are not running yet."""
        if self._bot_to_move(game) is None or (game.bots is not None and not game.bots.done()):
            return
        try:
            game.bots = asyncio.get_running_loop().create_task(self._run_bots(game))
        except RuntimeError:  # no event loop (a game loaded outside a request): later
            game.bots = None

    async def _run_bots(self, game: LiveGame) -> None:
        while not self._closing.is_set():
            if self.bot_delay:
                await asyncio.sleep(self.bot_delay)
            async with game.lock:
                seat = self._bot_to_move(game)
                if seat is None:
                    return
                name = game.setup.seats[seat]
                # One random stream per decision, drawn from the deal, the seat and the step:
                # a game replayed after a restart goes on as it would have.
                rng = random.Random(f"{game.setup.seed}/{seat}/{game.version}")
                try:
                    text = await asyncio.to_thread(
                        self.adapter.bot_action, game.state, seat, name, rng
                    )
                    applied = self.adapter.apply(game.state, seat, text)
                except Exception as error:  # a bot that fails must not take the server down
                    game.stuck = f"bot {name} at P{seat} could not move"
                    _log.exception("game %s: %s: %s", game.id, game.stuck, error)
                    return
                self._keep(game, seat, applied)

    def wake(self, game: LiveGame) -> None:
        """Start the game's bots if one is to move (a game loaded before the loop ran)."""
        self._kick(game)

    # -- listening ----------------------------------------------------------------------------

    async def wait(self, game: LiveGame, version: int, timeout: float) -> bool:
        """Wait until the game has passed ``version`` (True), ``timeout`` seconds pass or the
        server closes (False)."""
        if game.version != version:
            return True
        changed = asyncio.ensure_future(game.changed.wait())
        closing = asyncio.ensure_future(self._closing.wait())
        try:
            await asyncio.wait({changed, closing}, timeout=timeout, return_when="FIRST_COMPLETED")
        finally:
            changed.cancel()
            closing.cancel()
        return game.version != version

    @property
    def closing(self) -> bool:
        """Whether the server is closing (listeners end their streams)."""
        return self._closing.is_set()

    def close(self) -> None:
        """Tell listeners and bots the server closes."""
        self._closing.set()
        for game in self._games.values():
            if game.bots is not None:
                game.bots.cancel()

    def log_for(self, game: LiveGame, seat: int) -> Iterator[dict[str, Any]]:
        """The latest actions as ``seat`` saw them, oldest first."""
        first = max(0, len(game.log) - LOG_ENTRIES)
        for number, (player, seen) in enumerate(game.log[first:], start=first + 1):
            yield {"number": number, "player": player, "action": seen[seat]}
