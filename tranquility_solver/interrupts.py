"""Telling Ctrl-C apart from a broken install when an import fails.

Ctrl-C while a module loads does not always surface as a ``KeyboardInterrupt``: raised in the
middle of an import it can come out as numpy's own ``ImportError`` ("Importing the numpy
C-extensions failed", caused by "PyCapsule_Import could not import module datetime", with no
``KeyboardInterrupt`` in the chain), as a ``RuntimeError`` from a class being built, or as an
"Exception ignored" message from Python's import machinery. :class:`CtrlCNoted` notes the
signal itself, and with ``defer`` holds it back altogether while the command line's modules
load, so that the command still ends with one line, "interrupted", instead of a traceback.
``tobago_solver.interrupts`` is the same module: the two packages share none.

>>> with CtrlCNoted() as ctrl_c:
...     pass
>>> ctrl_c.seen, came_from_ctrl_c(ImportError("no module named 'ortools'"), ctrl_c)
(False, False)
"""

from __future__ import annotations

import signal
import threading
from types import FrameType, TracebackType

__all__ = ["CtrlCNoted", "came_from_ctrl_c"]


class CtrlCNoted:
    """While inside, Ctrl-C raises ``KeyboardInterrupt`` as Python's own handler does (with
    ``defer``: raises nothing, for the caller to act on once it is safe), and :attr:`seen` says
    whether it came. Outside the main thread, or where SIGINT has another handler (ignored,
    say), it changes nothing and notes nothing."""

    def __init__(self, defer: bool = False) -> None:
        self.defer = defer
        self.seen = False
        self._installed = False

    def __enter__(self) -> CtrlCNoted:
        if (
            threading.current_thread() is threading.main_thread()
            and signal.getsignal(signal.SIGINT) is signal.default_int_handler
        ):
            signal.signal(signal.SIGINT, self._note)
            self._installed = True
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        if self._installed:
            signal.signal(signal.SIGINT, signal.default_int_handler)
            self._installed = False

    def _note(self, number: int, frame: FrameType | None) -> None:
        self.seen = True
        if not self.defer:
            raise KeyboardInterrupt


def came_from_ctrl_c(error: ImportError, ctrl_c: CtrlCNoted) -> bool:
    """Whether a failed import is Ctrl-C's doing: the signal came while it ran, or the error
    was raised from the ``KeyboardInterrupt``.

    >>> try:
    ...     raise KeyboardInterrupt
    ... except KeyboardInterrupt as interrupt:
    ...     error = ImportError("initialization failed")
    ...     error.__cause__ = interrupt
    >>> came_from_ctrl_c(error, CtrlCNoted())
    True
    """
    return ctrl_c.seen or isinstance(error.__cause__ or error.__context__, KeyboardInterrupt)
