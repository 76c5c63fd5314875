"""What a person at the terminal sees between two prompts: what the others did since they
last decided, then the board, on one 80 × 24 screen.

The log of a round is held back until the person's next screen, so that it can be written as
tightly as that screen needs: a line per turn and its events, then a turn and its events on one
line, then the whole round in one paragraph; only a round that fits in none of these is cut
short, and ``log`` shows it whole.

>>> log = RoundLog()
>>> log.action(3, 1, "greedy", "move c2 c3", ["the grey treasure is found at c3"])
>>> log.action(4, 0, "human", "play in lake on grey", [])
>>> print("\\n".join(log.lines(0)))
turn   3 P1 (greedy): move c2 c3
    the grey treasure is found at c3
turn   4 P0 (human): play in lake on grey
>>> print("\\n".join(log.lines(2)))
turn 3 P1: move c2 c3 (the grey treasure is found at c3) · turn 4 P0: play in
  lake on grey
"""

from __future__ import annotations

import textwrap
from dataclasses import dataclass, field
from typing import Final

from tobago_solver.cli.common import SCREEN_WIDTH, wrap_lines
from tobago_solver.game.board import STYLES, WITH_ISLAND, board_text, fitting_board
from tobago_solver.game.observation import Observation

SCREEN_HEIGHT: Final = 24
LEVELS: Final = (0, 1, 2)
"""How tightly a round's log is written: a line per turn and one for its events; a turn and its
events on one line; the whole round as one paragraph."""
CUT: Final = "… ('log' shows all of it)"


@dataclass
class Entry:
    """One player's actions in one turn, and what followed them."""

    turn: int
    player: int
    bot: str
    actions: list[str]
    events: list[str] = field(default_factory=list)

    def line(self) -> str:
        return f"turn {self.turn:3d} P{self.player} ({self.bot}): {', '.join(self.actions)}"

    def short(self) -> str:
        said = f"turn {self.turn} P{self.player}: {', '.join(self.actions)}"
        return f"{said} ({'; '.join(self.events)})" if self.events else said


@dataclass
class RoundLog:
    """The log since a person last decided (or, in a game of bots, since it was printed)."""

    entries: list[Entry] = field(default_factory=list)
    last: list[str] = field(default_factory=list)
    """The round shown last, in full (``log`` shows it again)."""

    def action(self, turn: int, player: int, bot: str, action: str, events: list[str]) -> None:
        """Note an action and what followed it; a player's actions in one turn share a line
        until something follows one of them."""
        entry = self.entries[-1] if self.entries else None
        if entry is None or (entry.turn, entry.player) != (turn, player) or entry.events:
            entry = Entry(turn, player, bot, [])
            self.entries.append(entry)
        entry.actions.append(action)
        entry.events.extend(events)

    def lines(self, level: int, width: int = SCREEN_WIDTH) -> list[str]:
        """The round written at ``level`` (see :data:`LEVELS`)."""
        if not self.entries:
            return []
        if level == 2:
            text = " · ".join(entry.short() for entry in self.entries)
            return textwrap.wrap(text, width, subsequent_indent="  ", break_on_hyphens=False)
        lines: list[str] = []
        for entry in self.entries:
            events = "; ".join(entry.events)
            if level == 1 and events:
                lines.extend(
                    textwrap.wrap(f"{entry.line()} — {events}", width, subsequent_indent="    ")
                )
                continue
            lines.extend(wrap_lines(entry.line(), width))
            if events:
                lines.extend(
                    textwrap.wrap(events, width, initial_indent="    ", subsequent_indent="    ")
                )
        return lines

    def cut(self, height: int, width: int = SCREEN_WIDTH) -> list[str]:
        """The round as one paragraph in at most ``height`` lines (at least one), the last
        saying that ``log`` shows the rest."""
        lines = self.lines(2, width)
        if len(lines) <= max(height, 0):
            return lines
        kept = lines[: max(0, height - 1)]
        return [*kept, CUT]

    def done(self) -> None:
        """The round was shown: ``log`` keeps it; the next one starts."""
        if self.entries:
            self.last = self.lines(0)
        self.entries.clear()


def screen(
    observation: Observation, log: RoundLog, room: int, *, public: bool = False
) -> list[str]:
    """The round's log and the board in at most ``room`` lines where that can be done: the
    island is kept while a tighter log makes room for it, then the log is written more
    tightly still, and cut short last (not once the game is over: no ``log`` follows)."""
    for styles in (WITH_ISLAND, STYLES):
        for level in LEVELS:
            said = log.lines(level)
            board = fitting_board(observation, room - len(said), styles, public=public)
            if board is not None:
                return [*said, *board]
    board = board_text(observation, height=0, public=public).split("\n")
    if observation.phase == "over":
        return [*log.lines(2), *board]
    return [*log.cut(room - len(board)), *board]
