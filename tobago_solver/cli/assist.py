"""``tobago assist``: follow a game at a real table, line by line.

Each line is one command; the answers are plain text, so a whole game can be replayed from a file
(``tobago assist ABC-2 < game.txt``). With input that is not a terminal there is no prompt and
nothing but answers is printed. A bad line is answered with one ``error:`` line and the session
goes on.

>>> import io, tobago_solver as tb
>>> shell = Assistant(Table.new(tb.islands.default()), stdin=io.StringIO(""), stdout=io.StringIO())
>>> shell.onecmd("grey in largest lake")
False
>>> print(shell.stdout.getvalue(), end="")
grey (3): i11 h12 i13
"""

from __future__ import annotations

import argparse
import cmd
import sys
from pathlib import Path
from typing import IO, Any, Final, cast

from tobago_solver.cli.common import (
    ISLAND_HELP,
    Commands,
    InputEndedError,
    add_rules_option,
    check_target,
    clue_command,
    load_island,
    read_line,
    read_text_file,
    wrap_lines,
)
from tobago_solver.clues import Clue, Relation
from tobago_solver.errors import TobagoError
from tobago_solver.island import LandmarkKind, Terrain
from tobago_solver.render import render_table_svg, write_svg
from tobago_solver.rules import MAP_NAMES, MAP_SPELLINGS, TobagoRules, rules_label
from tobago_solver.table import Table

_CLUE_WORDS: Final = (
    "not",
    *(word for relation in Relation for word in relation.value.split()),
    "largest",
    *(terrain.value for terrain in Terrain),
    "sea",
    *(kind.value for kind in LandmarkKind),
)

HELP: Final = """\
MAP CLUE          play a clue on a map: 'grey not in lake' (grey brown black white)
force MAP CLUE    play it even if illegal (the map is marked)
check MAP CLUE    may the clue be played? ok, contradiction or no new information
where             every map's candidates: 'MAP (COUNT): FIELD FIELD ...'
hand C1; C2; ...  your clue cards, separated by ';'
best              every hand card on every map: legal or why not, fewest left first
car LABEL FIELD   place or move a car, e.g. 'car red e5'; 'cars' lists them
reach LABEL       the fields that car reaches in one move
claimed MAP       the map's treasure was found: the map is empty again
undo              take back the last change, and say which (any number of times)
save FILE / load FILE / svg FILE
help / quit       ('gray' is read as grey)"""


class Assistant(cmd.Cmd):
    """The interactive shell over a :class:`Table`; every change keeps the previous table.

    ``force_all`` plays illegal clues anyway (``tobago assist --force``).
    """

    intro = None

    def __init__(
        self,
        table: Table,
        *,
        force_all: bool = False,
        stdin: IO[str] | None = None,
        stdout: IO[str] | None = None,
    ) -> None:
        super().__init__(stdin=stdin, stdout=stdout)
        self.table = table
        self.history: list[tuple[Table, str]] = []
        """Each change: the table before it and what it was (``undo`` says which it takes back)."""
        self.saved = 0
        """How many changes the last save or load had seen (the session asks before losing more)."""
        self.warned = False
        self.force_all = force_all
        self.errors = 0
        interactive = self.stdin.isatty()
        # Piped input: no prompt and no echo, so the output is the answers alone.
        self.use_rawinput = interactive and stdin is None
        self.prompt = "tobago> " if interactive else ""
        if not self.use_rawinput:
            # cmd.Cmd only calls readline() on it.
            self.stdin = cast(IO[str], _CappedLines(self.stdin))

    def cmdloop(self, intro: Any = None) -> None:
        """Read and answer lines; Ctrl-C at the prompt cancels the line being typed."""
        while True:
            try:
                super().cmdloop(intro)
                return
            except KeyboardInterrupt:
                if not self.use_rawinput:
                    raise  # piped input: Ctrl-C stops the session
                self.say("\n^C: the line is cancelled ('quit' ends the session)")

    # -- plumbing -----------------------------------------------------------------------------

    def say(self, line: str) -> None:
        """Write ``line``, wrapped between words to the screen's 80 columns (a terminal would
        cut a word in two), each continuation indented."""
        self.stdout.write("\n".join(wrap_lines(line)) + "\n")

    def onecmd(self, line: str) -> bool:
        try:
            return bool(super().onecmd(line))
        except (TobagoError, OSError) as error:
            self.errors += 1
            self.say(f"error: {error}")
            return False

    def emptyline(self) -> bool:
        return False

    def default(self, line: str) -> None:
        word, _, rest = line.strip().partition(" ")
        if word.lower() in MAP_NAMES or word.lower() in MAP_SPELLINGS:
            self._play(word, rest, force=self.force_all)
            return
        if line.strip().startswith("#"):  # comments in a replayed game file
            return
        raise TobagoError(
            f"unknown command {word!r}: start with a map colour ({', '.join(MAP_NAMES)}) "
            "or a command (type 'help')"
        )

    def _change(self, table: Table, what: str) -> None:
        self.history.append((self.table, what))
        self.table = table
        self.warned = False

    def _map_and_clue(self, text: str) -> tuple[str, Clue]:
        colour, _, clue_text = text.strip().partition(" ")
        index = Table.map_index(colour)
        if not clue_text.strip():
            raise TobagoError(f"give a clue after the map, e.g. '{colour or 'grey'} not in lake'")
        return MAP_NAMES[index], Clue.parse(clue_text)

    def _play(self, colour: str, clue_text: str, *, force: bool) -> None:
        colour, clue = self._map_and_clue(f"{colour} {clue_text}")
        table, verdict = self.table.play(colour, clue, force=force)
        if table is self.table:
            self.say(f"refused ({verdict.reason}): {verdict.message}")
            return
        if not verdict.legal:
            self.say(f"forced ({verdict.reason}): {verdict.message}")
        if clue in table.hand:
            # A card played from the hand leaves it (and 'best' stops offering it).
            hand = list(table.hand)
            hand.remove(clue)
            table = table.with_hand(hand)
        self._change(table, f"{colour} {clue}")
        self.say(table.where_line(colour))

    # -- commands -----------------------------------------------------------------------------

    def do_force(self, arg: str) -> None:
        """force MAP CLUE: play a clue even if it is illegal."""
        colour, _, clue_text = arg.strip().partition(" ")
        self._play(colour, clue_text, force=True)

    def do_check(self, arg: str) -> None:
        """check MAP CLUE: may the clue be played? (it is not played)"""
        colour, clue = self._map_and_clue(arg)
        verdict = self.table.check(colour, clue)
        fields = verdict.candidates if verdict.legal else verdict.before
        ordered = " ".join(self.table.island.in_reading_order(fields))
        self.say(f"{verdict.reason}: {verdict.message}")
        self.say(f"{colour} ({len(fields)}): {ordered}".rstrip())

    def do_where(self, arg: str) -> None:
        """where: every map's candidates."""
        self._no_argument("where", arg)
        for colour in MAP_NAMES:
            self.say(self.table.where_line(colour))

    def do_hand(self, arg: str) -> None:
        """hand C1; C2; ...: your clue cards ('hand' alone shows them)."""
        if arg.strip():
            cards = [Clue.parse(text) for text in arg.split(";") if text.strip()]
            self._change(self.table.with_hand(cards), "the hand")
        self.say("hand: " + ("; ".join(str(c) for c in self.table.hand) or "empty"))

    def do_best(self, arg: str) -> None:
        """best: every hand card on every map, ranked."""
        self._no_argument("best", arg)
        if not self.table.hand:
            raise TobagoError("no hand yet: give one with 'hand in lake; next to hut; ...'")
        for advice in self.table.best():
            self.say(str(advice))

    def do_car(self, arg: str) -> None:
        """car LABEL FIELD: place or move a car."""
        words = arg.split()
        if len(words) != 2:
            raise TobagoError("write 'car LABEL FIELD', e.g. 'car red c3'")
        self._change(self.table.with_car(*words), f"car {words[0]} to {words[1]}")
        self.say(f"car {words[0]} on {self.table.car(words[0])}")

    def do_cars(self, arg: str) -> None:
        """cars: every car and its field."""
        self._no_argument("cars", arg)
        for label, field in self.table.cars:
            self.say(f"car {label} on {field}")
        if not self.table.cars:
            self.say("no car yet: 'car red c3' places one")

    def do_reach(self, arg: str) -> None:
        """reach LABEL: the fields a car reaches in one move."""
        label = arg.strip()
        fields = self.table.reach(label)
        ordered = " ".join(self.table.island.in_reading_order(fields))
        self.say(f"{label} from {self.table.car(label)} ({len(fields)}): {ordered}")

    def do_claimed(self, arg: str) -> None:
        """claimed MAP: the treasure was found; the map is cleared."""
        colour = MAP_NAMES[Table.map_index(arg)]
        self._change(self.table.claimed(colour), f"claimed {colour}")
        self.say(self.table.where_line(colour))

    def do_undo(self, arg: str) -> None:
        """undo: take back the last change."""
        self._no_argument("undo", arg)
        if not self.history:
            raise TobagoError("nothing to undo")
        self.table, what = self.history.pop()
        self.saved = min(self.saved, len(self.history))
        left = len(self.history)
        self.say(f"undone: {what} ({left} more change{'s' * (left != 1)} to undo)")

    def do_save(self, arg: str) -> None:
        """save FILE: write the table as JSON."""
        path = _path(arg)
        check_target(path, "table")
        path.write_text(self.table.to_json(), encoding="utf-8")
        self.saved = len(self.history)
        self.say(f"saved {path}")

    def do_load(self, arg: str) -> None:
        """load FILE: read a table saved with 'save'."""
        path = _path(arg)
        self._change(Table.from_json(read_text_file(str(path), "saved table")), f"load {path}")
        self.saved = len(self.history)
        self.say(f"loaded {path}")
        self.do_where("")

    def do_svg(self, arg: str) -> None:
        """svg FILE: draw the island with every map's candidates, the cars, the clues and hand."""
        path = _path(arg)
        check_target(path, "picture")
        svg = render_table_svg(self.table)
        write_svg(path, svg)
        self.say(f"wrote {path}")

    def do_help(self, arg: str) -> None:
        """help: the commands."""
        del arg
        self.say(HELP)

    def do_quit(self, arg: str) -> bool:
        """quit: end the session (at the terminal, asks first if changes are not saved)."""
        del arg
        return self._leave()

    def do_EOF(self, arg: str) -> bool:  # noqa: N802 - the name cmd.Cmd calls at end of input
        del arg
        if self.use_rawinput:
            self.say("")
        return self._leave()

    def _leave(self) -> bool:
        unsaved = len(self.history) - self.saved
        if not self.use_rawinput or unsaved <= 0 or self.warned:
            return True
        self.warned = True
        self.say(
            f"{unsaved} change{'s' * (unsaved != 1)} not saved: 'save FILE' keeps them; "
            "'quit' again leaves without saving"
        )
        return False

    @staticmethod
    def _no_argument(command: str, arg: str) -> None:
        if arg.strip():
            raise TobagoError(f"'{command}' takes nothing after it, found {arg.strip()!r}")

    # -- tab completion -----------------------------------------------------------------------

    def completenames(self, text: str, *ignored: object) -> list[str]:
        names = (*MAP_NAMES, *super().completenames(""))
        return [f"{name} " for name in names if name.startswith(text)]

    def completedefault(self, text: str, line: str, begidx: int, endidx: int) -> list[str]:
        """The words that may come here: after a map colour clue words, after 'car' or 'reach'
        labels and fields; each with the space that follows a whole word."""
        del endidx
        before = line[:begidx].split()
        if before and before[0].lower() in ("car", "reach", "cars"):
            words: tuple[str, ...] = (
                *(label for label, _ in self.table.cars),
                *self.table.island.fields,
            )
        elif len(before) >= 2 or (before and before[0].lower() in MAP_NAMES):
            words = _CLUE_WORDS
        else:
            words = MAP_NAMES
        return sorted({f"{word} " for word in words if word.startswith(text.lower())})

    complete_force = complete_check = complete_car = complete_hand = completedefault
    complete_claimed = complete_reach = completedefault


class _CappedLines:
    """Piped input read a line at a time, each at most MAX_LINE_CHARS: input with no line
    break (``< /dev/zero``) ends the session with one error instead of filling the memory."""

    def __init__(self, source: IO[str]) -> None:
        self.source = source

    def readline(self) -> str:
        try:
            return read_line(self.source) + "\n"
        except InputEndedError:
            return ""

    def isatty(self) -> bool:
        return False


def _path(arg: str) -> Path:
    name = arg.strip()
    if not name:
        raise TobagoError("give a file name")
    if not name.isprintable():
        raise TobagoError(f"the file name {name!r} holds a character that cannot be printed")
    return Path(name)


def run_session(table: Table, *, force_all: bool = False) -> int:
    """Run the shell on standard input and output; returns the exit code.

    0 when every line was understood; 2 when input was piped and some line was an error, so
    that a replayed game file that went wrong does not pass for one that did not.
    """
    if sys.stdin is None or sys.stdin.closed:
        raise TobagoError("standard input is closed: type commands, or pipe a game file in")
    shell = Assistant(table, force_all=force_all)
    if shell.use_rawinput:
        shell.say(
            f"tobago assist on {table.island.name} ({rules_label(table.rules.name)}): type 'help'"
        )
    shell.cmdloop()
    return 2 if shell.errors and not shell.use_rawinput else 0


def _assist(args: argparse.Namespace) -> int:
    table = Table.new(load_island(args.island), TobagoRules.named(args.rules))
    return run_session(table, force_all=args.force)


def add_commands(commands: Commands[Any]) -> None:
    """Register ``assist`` on the ``tobago`` parser."""
    assist = clue_command(
        commands,
        "assist",
        "Follow a game at a real table: play clues on the four maps, check, undo, save. "
        "Reads commands from the terminal or from a piped file ('help' lists them).",
    )
    assist.add_argument("island", help=ISLAND_HELP + "; its landmarks as in the file")
    add_rules_option(assist)
    assist.add_argument(
        "--force",
        action="store_true",
        help="play illegal clues anyway and mark their maps (for a table that made a mistake)",
    )
    assist.set_defaults(run=_assist)
