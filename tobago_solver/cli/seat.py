"""A person at the terminal in ``tobago play``: the board, the commands, the moves typed.

Everything shown comes from the player's observation (their hand, the public board); the state
itself is used only to ask the engine whether an action is legal and to save the game.

>>> import io, tobago_solver as tb
>>> terminal = Terminal(io.StringIO("help\\nplay 2 grey\\n"), io.StringIO(), echo=True)
>>> seat = HumanSeat(terminal, save=lambda path: None)
>>> state = tb.new_game(tb.islands.default(), 2, seed=1)
>>> print(seat.decide(state))
play in sight of sea on grey
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Final, TextIO

from tobago_solver.analysis.advice import hint_text
from tobago_solver.cli.common import (
    MAX_LINE_CHARS,
    InputEndedError,
    check_target,
    read_line,
    wrap_lines,
)
from tobago_solver.cli.screen import SCREEN_HEIGHT, RoundLog, screen
from tobago_solver.errors import IllegalActionError, TobagoError
from tobago_solver.game.actions import Action
from tobago_solver.game.board import KEY, SHORT_FORMS, board_text, maps_text
from tobago_solver.game.gamelog import action_list
from tobago_solver.game.observation import Observation
from tobago_solver.game.shortforms import read_action
from tobago_solver.game.state import GameState
from tobago_solver.rules import MAP_NAMES, MAP_SPELLINGS

HELP: Final = f"""\
moves (the full text of an action works too, as 'moves' lists it):
  play N MAP   card N of your hand onto a map: 'play 2 grey'; beside each card,
               the maps it may go on now (gr grey, br brown, bl black, wh white)
  move FIELD   drive there by a shortest way: 'move k7' ('move j8 k7': by j8)
  take, spend  take an amulet, spend one
  end, accept  end the turn, accept a curse
  #N or N      action N of the 'moves' list: '#5' or '5'
commands:
  board        the board again             moves  every legal action, numbered
  where MAP    a map's clues and every field it leaves ('where': all four maps)
  hint         the actions the advice ranks first, and why
  log          what happened since your last move, in full
  save FILE    save the game ('tobago play --resume FILE' goes on with it)
  help         this text                   quit   stop (with --save: saved)
short of room, the board writes clues short: {SHORT_FORMS}
{KEY}"""


class QuitRequest(Exception):  # noqa: N818 - a request, not an error
    """The person typed ``quit``."""


@dataclass
class Terminal:
    """The screen and the keyboard: counts the lines written since the last prompt, so the
    board can fit what is left of a 24-line screen, and reads one capped line at a time.

    With ``echo`` (input that is not a terminal) each line read is written after its prompt,
    so a transcript reads as if typed. With ``editing`` (a terminal, see :func:`line_editing`)
    lines are read with readline: arrow keys, history, and Tab completing ``words``.
    """

    source: TextIO | None
    out: TextIO
    echo: bool
    lines: int = 0
    editing: bool = False
    words: Sequence[str] = ()
    """What Tab completes at the prompt (commands, maps, fields)."""

    def say(self, text: str) -> None:
        """Write ``text`` and a line break, lines longer than the screen's 80 wrapped."""
        lines = wrap_lines(text)
        print("\n".join(lines), file=self.out)
        self.lines += len(lines)

    def ask(self, prompt: str) -> str:
        """Write the prompt, read a line (stripped); raises InputEndedError at the end."""
        if self.editing:
            return self._edited(prompt)
        print(prompt, end="", file=self.out, flush=True)
        try:
            line = read_line(self.source)
        except TobagoError:
            print(file=self.out)  # end the prompt's line before the one-line error
            raise
        if self.echo:
            print(line, file=self.out)
        self.lines = 0
        return line.strip()

    def _edited(self, prompt: str) -> str:
        self.out.flush()
        try:
            line = input(prompt)
        except EOFError:  # Ctrl-D
            print(file=self.out)
            raise InputEndedError("input ended") from None
        self.lines = 0
        if len(line) > MAX_LINE_CHARS:
            raise TobagoError(f"line too long: more than {MAX_LINE_CHARS:,} characters")
        return line.strip()

    def complete(self, text: str, state: int) -> str | None:
        """readline's completer: the ``state``-th of ``words`` that begins with ``text``."""
        found = [f"{word} " for word in self.words if word.startswith(text.lower())]
        return found[state] if state < len(found) else None

    def room(self) -> int:
        """Lines left on a 24-line screen, keeping one for the prompt."""
        return SCREEN_HEIGHT - 1 - self.lines


@dataclass
class HumanSeat:
    """A seat played at the terminal. ``save(path)`` writes the game so far; ``log`` holds
    what happened since the person last decided, shown above the board."""

    terminal: Terminal
    save: Callable[[Path], None]
    name: str = "human"
    log: RoundLog = field(default_factory=RoundLog)

    def decide(self, state: GameState) -> Action:
        """Show what happened and the board, and read lines until one is a legal action;
        commands are answered on the way. Raises QuitRequest on ``quit`` and InputEndedError
        at the end of input."""
        observation = state.observation(state.to_move)
        self.terminal.words = _words(observation)
        say = self.terminal.say
        say("\n".join(screen(observation, self.log, self.terminal.room())))
        self.log.done()
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
            except TobagoError as error:
                say(f"{error}; 'help' lists what you can type")
                continue
            if reading.ways > 1:
                say(reading.note)
            return reading.action

    def _command(self, observation: Observation, command: str, rest: str) -> str | None:
        """The answer to a command, or None when the line is not one."""
        room = SCREEN_HEIGHT - 1
        if command == "help" and not rest:
            return HELP
        if command == "board" and not rest:
            return board_text(observation, height=room)
        if command == "moves" and not rest:
            return action_list(observation)
        if command == "hint" and not rest:
            return hint_text(observation)
        if command == "log" and not rest:
            return "\n".join(self.log.last[-room:]) or "nothing happened yet"
        if command == "where":
            names = [MAP_SPELLINGS.get(rest.lower(), rest.lower())] if rest else list(MAP_NAMES)
            if any(name not in MAP_NAMES for name in names):
                return f"no map {rest!r}: the maps are {', '.join(MAP_NAMES)}"
            return maps_text(observation, [MAP_NAMES.index(name) for name in names], room)
        if command == "save":
            if not rest:
                return "give a file name: 'save game.json'"
            try:
                check_target(rest, "game record")
                self.save(Path(rest))
            except (TobagoError, OSError) as error:
                return f"not saved: {error}"
            return f"saved to {rest}"
        return None


def line_editing(terminal: Terminal) -> bool:
    """Read the terminal's lines with readline (editing, history, Tab completing the
    terminal's words), as ``tobago assist`` does; False where Python has no readline."""
    try:
        import readline
    except ImportError:  # pragma: no cover - Python builds without readline
        return False
    readline.set_completer(terminal.complete)
    readline.set_completer_delims(" ")
    # macOS's readline is libedit, which binds keys in its own words.
    libedit = "libedit" in (readline.__doc__ or "")
    readline.parse_and_bind("bind ^I rl_complete" if libedit else "tab: complete")
    return True


COMMAND_WORDS: Final = (
    *("help", "board", "moves", "where", "hint", "log", "save", "quit"),
    *("play", "move", "take", "spend", "end", "accept", "exchange", "pass"),
)


def _words(observation: Observation) -> tuple[str, ...]:
    """What Tab completes for this player: commands, actions' words, maps and fields."""
    return (*COMMAND_WORDS, *MAP_NAMES, *observation.island.fields)


def _prompt(observation: Observation) -> str:
    if observation.phase in ("bonus", "curse"):
        return " / ".join(map(str, observation.legal_actions)) + "> "
    return "your move ('help' lists the commands)> "
