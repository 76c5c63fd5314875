"""A person at the terminal in ``tranquility play``: the table, the commands, the moves typed.

Everything shown comes from the player's observation (their hand, the table as everyone sees
it); the state itself is used only to ask the engine whether an action is legal, whether it
loses the game at once (to warn first), and to save the game.

>>> import io
>>> from tranquility_solver.game import new_game
>>> terminal = Terminal(io.StringIO("hint\\n3 a1\\n"), io.StringIO(), echo=True)
>>> print(HumanSeat(terminal, save=lambda path: None).decide(new_game(2, seed=1)))
play 3 a1
"""

from __future__ import annotations

import textwrap
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Final, TextIO

from ..deals.odds import win_odds
from ..errors import IllegalActionError, TranquilityError
from ..game.actions import Action
from ..game.advice import hint_text
from ..game.board import board_text, numbered
from ..game.lookahead import loses_at_once
from ..game.shortforms import read_action
from ..game.state import GameState, Observation
from .common import UsageError, check_output_file, read_line

__all__ = ["HELP", "HumanSeat", "QuitRequest", "Terminal"]

SCREEN_HEIGHT: Final = 24
DEFAULT_ODDS_SAMPLES: Final = 30
MAX_ODDS_SAMPLES: Final = 500

HELP: Final = """\
moves (the full text of an action works too, as 'moves' lists it):
  41 d3        play card 41 on d3; a cost is paid with your cheapest cards, and
               the line after says which ('play 41 d3 discard 12 77' chooses)
  discard 3 80 discard two cards          start, finish  play that card
  share 12 40  your part of the team discard after a start card ('share none')
  #N           action N of the 'moves' list
commands:
  board        the table again            moves  every legal action, numbered
  hint         the safe plays: after them the grid can still be filled
  odds [K]     how likely the team is to win from here, from K deals dealt
               again from what you see (30; a few seconds)
  save FILE    save the game ('tranquility play --resume FILE' goes on with it)
  help         this text                  quit   stop (with --save, saved first)
a move that loses the game at once is refused once with a warning: type it again
to make it anyway"""


class QuitRequest(Exception):  # noqa: N818 - a request, not an error
    """The person typed ``quit``."""


@dataclass
class Terminal:
    """The screen and the keyboard: counts the lines written since the last prompt (a screen
    holds 24) and reads one capped line at a time; with ``echo`` (input that is not a
    terminal) each line read is written after its prompt, so a transcript reads as typed."""

    source: TextIO | None
    out: TextIO
    echo: bool
    lines: int = 0

    def say(self, text: str) -> None:
        """Write ``text`` and a line break, lines longer than the screen's 80 wrapped."""
        lines = [
            part
            for line in text.split("\n")
            for part in (
                textwrap.wrap(line, 80, subsequent_indent="  ", break_on_hyphens=False)
                if len(line) > 80
                else [line]
            )
        ]
        print("\n".join(lines), file=self.out)
        self.lines += len(lines)

    def ask(self, prompt: str) -> str:
        """Write the prompt, read a line (stripped); raises InputEndedError at the end."""
        print(prompt, end="", file=self.out, flush=True)
        try:
            line = read_line(self.source)
        except TranquilityError:
            print(file=self.out)  # end the prompt's line before the one-line error
            raise
        if self.echo:
            print(line, file=self.out)
        self.lines = 0
        return line.strip()


@dataclass
class HumanSeat:
    """A seat played at the terminal. ``save(path)`` writes the game so far."""

    terminal: Terminal
    save: Callable[[Path], None]
    name: str = "human"

    def decide(self, state: GameState) -> Action:
        """Show the table and read lines until one is a legal action; commands are answered on
        the way. Raises QuitRequest on ``quit`` and InputEndedError at the end of input."""
        observation = state.observation(state.current_player)
        say = self.terminal.say
        say(board_text(observation))
        warned: Action | None = None
        while True:
            line = self.terminal.ask(_prompt(observation))
            word, _, rest = line.partition(" ")
            command = word.lower()
            if not line:
                continue
            if command == "quit" and not rest:
                raise QuitRequest
            answer = self._command(observation, command, rest.strip())
            if answer is not None:
                say(answer)
                continue
            try:
                reading = read_action(observation, line)
                state.apply(reading.action)
            except IllegalActionError as error:
                say(f"refused: {error}")
                continue
            except TranquilityError as error:
                say(f"{error}; 'help' lists what you can type")
                continue
            if reading.note:
                say(reading.note)
            if reading.action != warned and loses_at_once(state, reading.action):
                warned = reading.action
                say(
                    f"careful: after '{reading.action}' the game is lost at once, whatever the "
                    "others do; type it again to make it anyway"
                )
                continue
            return reading.action

    def _command(self, observation: Observation, command: str, rest: str) -> str | None:
        """The answer to a command, or None when the line is not one."""
        if command == "help" and not rest:
            return HELP
        if command == "board" and not rest:
            return board_text(observation)
        if command == "moves" and not rest:
            return numbered(observation.legal_actions()) or "nothing to decide now"
        if command == "hint" and not rest:
            return hint_text(observation)
        if command == "odds":
            return _odds(observation, rest)
        if command == "save":
            if not rest:
                return "give a file name: 'save game.json'"
            try:
                check_output_file(rest, "the game record")
                self.save(Path(rest))
            except (UsageError, TranquilityError, OSError, ValueError) as error:
                return f"not saved: {error}"
            return f"saved to {rest}"
        return None


def _odds(observation: Observation, rest: str) -> str:
    """The win odds from ``rest`` sampled worlds (default 30): only the observation is read."""
    if rest and not (rest.isdigit() and 1 <= int(rest) <= MAX_ODDS_SAMPLES):
        return f"'odds {rest}': give a number of deals from 1 to {MAX_ODDS_SAMPLES}"
    samples = int(rest) if rest else DEFAULT_ODDS_SAMPLES
    return str(win_odds(observation, samples=samples, seed=0))


def _prompt(observation: Observation) -> str:
    if observation.phase == "share":
        return "your share ('share 12 40', 'share none')> "
    return "your move ('help' lists the commands)> "
