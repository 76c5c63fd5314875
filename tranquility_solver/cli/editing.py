"""Reading a line at a terminal as a shell does: the line can be edited (arrows, Home, End),
earlier lines come back with the up arrow, and Tab completes the word from a list the caller
gives. Python's ``readline`` does the work where it exists (``input()`` uses it once it is
imported); without it lines are read plainly.

Only for a real terminal: piped input is read with :func:`~.common.read_line`, where escape
codes would be taken as they come.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Sequence
from types import ModuleType
from typing import TextIO

from ..errors import TranquilityError
from .common import MAX_LINE_CHARS, InputEndedError

__all__ = ["Completer", "LineEditor"]

Completer = Callable[[Sequence[str], str], Sequence[str]]
"""The words that may come next, from the words before the cursor and the start of the word
being typed."""


def _readline() -> ModuleType | None:
    try:
        return importlib.import_module("readline")
    except ImportError:  # pragma: no cover - Windows without pyreadline
        return None


class LineEditor:
    """Reads lines at a terminal with editing, history and Tab completion.

    ``completer`` gives the candidates; change it between lines (the seat does, as the hand
    changes).
    """

    def __init__(self, out: TextIO, completer: Completer | None = None) -> None:
        self.out = out
        self.completer = completer
        self._matches: list[str] = []
        self._readline = _readline()
        if self._readline is not None:
            module = self._readline
            module.set_completer(self._complete)
            module.set_completer_delims(" \t")
            # libedit (macOS) reads its own binding syntax.
            if "libedit" in (module.__doc__ or ""):
                module.parse_and_bind("bind ^I rl_complete")
            else:
                module.parse_and_bind("tab: complete")

    def read(self, prompt: str) -> str:
        """One line, without its line break; InputEndedError at the end of input (Ctrl-D) and
        TranquilityError for a line longer than MAX_LINE_CHARS (a paste)."""
        try:
            line = input(prompt)
        except EOFError:
            print(file=self.out)  # end the prompt's line
            raise InputEndedError("input ended") from None
        if len(line) > MAX_LINE_CHARS:
            raise TranquilityError(f"line too long: more than {MAX_LINE_CHARS:,} characters")
        return line

    def _complete(self, text: str, state: int) -> str | None:
        """readline's completer: the ``state``-th candidate for ``text``."""
        if state == 0:
            module = self._readline
            before = ""
            if module is not None:
                before = module.get_line_buffer()[: module.get_begidx()]
            found = self.completer(before.split(), text) if self.completer else ()
            self._matches = [f"{word} " for word in found if word.startswith(text)]
        return self._matches[state] if state < len(self._matches) else None
