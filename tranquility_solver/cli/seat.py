"""A person at the terminal in ``tranquility play``: the table, the commands, the moves typed.

Everything the seat shows or decides comes from the player's observation alone: the table, the
hint, the odds, a refusal (the engine's reason, asked of a deal of the unseen cards) and the
warnings before a move that loses the game at once (asked of 30 such deals) or leaves a grid
that can no longer be filled (from the cards not known to be gone). At a terminal the
line can be edited, earlier lines come back with the arrow keys and Tab completes commands,
cards and cells; piped input is read a line at a time and echoed.

>>> import io
>>> from tranquility_solver.game import new_game
>>> terminal = Terminal(io.StringIO("hint\\n3 a1\\n"), io.StringIO(), echo=True)
>>> print(HumanSeat(terminal, save=lambda path: None).decide(new_game(2, seed=1)))
play 3 a1
"""

from __future__ import annotations

import textwrap
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Final, TextIO

from ..analysis.advice import hint_text
from ..analysis.odds import win_odds
from ..errors import TranquilityError
from ..game.actions import Action
from ..game.board import board_text, hand_fits, numbered
from ..game.choices import card_text
from ..game.shortforms import read_action
from ..game.state import GameState, Observation
from ..game.targets import move_warning
from ..game.targets import refusal as refusal_of
from ..grid import cell_index, digits_value, shorten
from .common import UsageError, check_output_file, read_line
from .editing import LineEditor

__all__ = ["HELP", "HumanSeat", "QuitRequest", "Terminal", "completions"]

SCREEN_HEIGHT: Final = 24
DEFAULT_ODDS_SAMPLES: Final = 30
MAX_ODDS_SAMPLES: Final = 500

HELP: Final = """\
moves (the full text of an action works too, as 'moves' lists it):
  41 d3        play card 41 on d3; a cost is paid with your cheapest cards
               (spare finish cards first, then the cards the fewest ways to
               fill the grid use), as 'hint' shows; 'play 41 d3 discard 12'
               chooses
  discard 3 80 discard two cards          start, finish  play that card
  share 12 40  your part of the team discard after a start card ('share none')
  #N           action N of the numbered 'moves' list ('#3')
commands:
  board        the table again            moves  every legal action, numbered
  hint         the safe plays: after them the grid can still be filled
  odds [K]     how likely the team is to win from here, from K deals dealt
               again from what you see (30; a few seconds)
  save FILE    save the game ('tranquility play --resume FILE' goes on with it)
  help         this text                  quit   stop (with --save, saved first)
a move that may lose the game at once, or after which the grid can no longer be
filled, is refused once with a warning: type it again to make it anyway; at a
terminal, arrows edit and recall lines, Tab completes"""


class QuitRequest(Exception):  # noqa: N818 - a request, not an error
    """The person typed ``quit``."""


@dataclass
class Terminal:
    """The screen and the keyboard: counts the lines written since the last prompt (a screen
    holds 24) and reads one capped line at a time; with ``echo`` (input that is not a
    terminal) each line read is written after its prompt, so a transcript reads as typed; with
    an ``editor`` (a real terminal) lines are read through it, with editing and history."""

    source: TextIO | None
    out: TextIO
    echo: bool
    lines: int = 0
    editor: LineEditor | None = None

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
        if self.editor is not None:
            line = self.editor.read(prompt)
            self.lines = 0
            return line.strip()
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

    def decide(self, game: GameState | Observation) -> Action:
        """Show the table and read lines until one is a legal action; commands are answered on
        the way. Raises QuitRequest on ``quit`` and InputEndedError at the end of input.

        A game state is seen through its player to move's observation: nothing else of it is
        read, so what the seat shows and accepts is the same for every deal of the cards that
        player cannot see.
        """
        observation = _observation_to_decide(game)
        say = self.terminal.say
        say(board_text(observation))
        if self.terminal.editor is not None:
            self.terminal.editor.completer = lambda before, text: completions(observation, before)
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
            except TranquilityError as error:
                say(f"{error}; 'help' lists what you can type")
                continue
            refusal = refusal_of(observation, reading.action)
            if refusal:
                say(f"refused: {refusal}")
                continue
            if reading.note:
                say(reading.note)
            if reading.action != warned:
                warning = move_warning(observation, reading.action)
                if warning:
                    warned = reading.action
                    say(f"{warning}; type it again to make it anyway")
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


def _observation_to_decide(game: GameState | Observation) -> Observation:
    observation = game if isinstance(game, Observation) else game.observation(game.current_player)
    if observation.outcome is not None:
        raise TranquilityError(f"the game is over ({observation.outcome}): nothing to decide")
    if observation.player != observation.current_player:
        raise TranquilityError(
            f"player {observation.current_player} is to move, not player {observation.player}"
        )
    return observation


COMMANDS: Final = ("board", "moves", "hint", "odds", "save", "help", "quit")
VERBS: Final = ("play", "discard", "start", "finish", "share")


def completions(observation: Observation, before: Sequence[str]) -> list[str]:
    """The words Tab may complete after the words ``before``: a command or an action's first
    word, the cards of the hand, the cells a card fits, ``discard`` after a play.

    >>> from tranquility_solver.game import new_game
    >>> seen = new_game(2, seed=1).observation(0)
    >>> completions(seen, [])[-5:], completions(seen, ["discard"])
    (['3', '5', '12', '45', '68'], ['3', '5', '12', '45', '68'])
    >>> completions(seen, ["3"])[:3], len(completions(seen, ["play", "3"]))  # any empty cell
    (['a1', 'b1', 'c1'], 36)
    """
    hand = list(dict.fromkeys(map(card_text, observation.hand)))
    words = [word.lower() for word in before]
    if words[:1] == ["play"]:
        words = words[1:]
        if not words:
            return [card for card in hand if card.isdigit()]
    if not words:
        return [*COMMANDS, *VERBS, *hand]
    if words[0] in ("discard", "share"):
        return [*hand, "none"] if words[0] == "share" and len(words) == 1 else hand
    if not words[0].isdigit():
        return []
    if len(words) == 1:
        number = digits_value(words[0]) if words[0].isascii() else None
        fits = hand_fits(
            observation.grid, observation.hand, observation.rules, len(observation.hand)
        )
        by_cost = fits.get(number or 0, {})
        return sorted((cell for cells in by_cost.values() for cell in cells), key=cell_index)
    return ["discard"] if len(words) == 2 else hand


def _odds(observation: Observation, rest: str) -> str:
    """The win odds from ``rest`` sampled worlds (default 30): only the observation is read."""
    number = digits_value(rest) if rest.isascii() and rest.isdigit() else None
    if rest and (number is None or not 1 <= number <= MAX_ODDS_SAMPLES):
        return f"'odds {shorten(rest)}': give a number of deals from 1 to {MAX_ODDS_SAMPLES}"
    samples = number if rest and number is not None else DEFAULT_ODDS_SAMPLES
    return str(win_odds(observation, samples=samples, seed=0))


def _prompt(observation: Observation) -> str:
    if observation.phase == "share":
        return "your share ('share 12 40', 'share none')> "
    return "your move ('help' lists the commands)> "
