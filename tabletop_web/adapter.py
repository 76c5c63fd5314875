"""What a game provides to the server: :class:`GameAdapter`. The server keeps games, seats,
bots and listeners; the adapter knows the game (it calls the game's library and nothing else).

A state is the game's own immutable value (the server only hands it back); an action is the
text the game's records hold; a seat is a player number. Every method that shows something is
asked for one seat and shows only what that player may know.

>>> from tabletop_web.adapter import Applied
>>> Applied(state=None, action="end turn", note="end: end turn").action
'end turn'
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from starlette.routing import BaseRoute

from tabletop_web.setup import Choices, Setup


@dataclass(frozen=True)
class Applied:
    """An action applied: the state after it, the action's text (a short form read into the
    full text) and a note on how a short form was read (empty for a full text)."""

    state: Any
    action: str
    note: str = ""


@dataclass(frozen=True)
class Frame:
    """One step of a replayed record: the picture of the state and what led to it.

    >>> Frame("<svg/>", "the deal").caption
    'the deal'
    """

    svg: str
    caption: str


class GameAdapter(Protocol):
    """One game, as the server needs it."""

    name: str
    """The command's name: ``tobago`` or ``tranquility``."""
    title: str
    """The game's name on pages: ``Tobago``."""

    def choices(self) -> Choices:
        """The new-game page's options, and what :func:`read_setup` accepts."""
        ...

    def check(self, setup: Setup) -> None:
        """Refuse (UnprocessableError) a set-up the game cannot deal: an unknown island, say."""
        ...

    def start(self, setup: Setup) -> Any:
        """The first state of the game ``setup`` deals."""
        ...

    def to_move(self, state: Any) -> int | None:
        """The seat to decide now, or None when the game is over."""
        ...

    def apply(self, state: Any, seat: int, text: str) -> Applied:
        """The seat's action ``text`` (its full text or a short form) applied; an unreadable
        or illegal one is UnprocessableError with the engine's reason."""
        ...

    def bot_action(self, state: Any, seat: int, bot: str, rng: random.Random) -> str:
        """The action bot ``bot`` takes at ``seat`` (it sees that seat's observation only)."""
        ...

    def observation(self, state: Any, seat: int) -> dict[str, Any]:
        """The seat's observation as JSON: at least ``turn``, ``current_player``, ``over``,
        ``result`` (None while the game goes on), ``hand``, ``status`` and ``legal``."""
        ...

    def picture(self, state: Any, seat: int) -> str:
        """The board as the seat sees it (``render_game_svg`` of its observation)."""
        ...

    def seen_action(self, state: Any, player: int, action: str, seat: int) -> str:
        """``player``'s ``action`` (taken in ``state``) as ``seat`` saw it happen."""
        ...

    def targets(self, state: Any, seat: int, card: str | None) -> dict[str, Any]:
        """What the seat may click now (with ``card`` chosen, where it may go)."""
        ...

    def preview(self, state: Any, seat: int, text: str) -> str:
        """A warning to show once before the seat's action ``text`` (empty: none)."""
        ...

    def hint(self, state: Any, seat: int) -> str:
        """The library's advice for the seat, in words."""
        ...

    def odds(self, state: Any, seat: int) -> str:
        """How likely the seat (or the team) is to win from here, in words; empty when the
        game has no such estimate."""
        ...

    def record(
        self, setup: Setup, start: Any, state: Any, actions: Sequence[tuple[int, str]]
    ) -> str:
        """The game's record as the JSON the game's ``replay`` command reads."""
        ...

    def replay(self, record: str) -> list[Frame]:
        """Every step of a record (the deal first), as everyone at the table saw it; a record
        that does not read or replay is UnprocessableError."""
        ...

    def routes(self) -> Sequence[BaseRoute]:
        """Pages and API routes only this game has (Tobago's assistant, island pictures)."""
        ...
