"""The table as text: the grid, every hand's and deck's size, the start card, the discard pile.

``str(state)`` and ``str(observation)`` are this text; the command line prints it after every
turn. It shows only what every player may know, so a state and any of its observations read
the same.

>>> from tranquility_solver.game import new_game
>>> print(board_text(new_game(2, seed=5).observation(1)))
 .  .  .  .  .  .
 .  .  .  .  .  .
 .  .  .  .  .  .
 .  .  .  .  .  .
 .  .  .  .  .  .
 .  .  .  .  .  .
hand/deck sizes P0:5/37 P1:5/36; start not played; discards 0 (none)
"""

from __future__ import annotations

from typing import Protocol

from ..grid import Grid
from .choices import card_text

__all__ = ["PublicView", "board_text"]


class PublicView(Protocol):
    """What the board text reads, as an :class:`~tranquility_solver.game.state.Observation` has
    it (a protocol rather than the class, so ``state.py`` can use this module without a circle)."""

    @property
    def grid(self) -> Grid: ...
    @property
    def hand_sizes(self) -> tuple[int, ...]: ...
    @property
    def deck_sizes(self) -> tuple[int, ...]: ...
    @property
    def discarded(self) -> tuple[int, ...]: ...
    @property
    def discard_count(self) -> int: ...
    @property
    def start_played(self) -> bool: ...


def board_text(view: PublicView) -> str:
    """The grid, then one line: each player's hand and deck size, whether the start card was
    played, and the discards (their cards when the preset shows them, else ``face down``)."""
    sizes = " ".join(
        f"P{seat}:{hand}/{deck}"
        for seat, (hand, deck) in enumerate(zip(view.hand_sizes, view.deck_sizes, strict=True))
    )
    shown = " ".join(map(card_text, view.discarded)) if view.discarded else "face down"
    lines = [
        str(view.grid).rstrip("\n"),
        f"hand/deck sizes {sizes}; start {'played' if view.start_played else 'not played'}; "
        f"discards {view.discard_count} ({shown if view.discard_count else 'none'})",
    ]
    return "\n".join(lines)
