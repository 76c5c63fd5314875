"""At a real terminal the seat's line can be edited and recalled: arrow keys are keys, not
escape codes in the move ("cannot read action 'hnt\\x1b[D\\x1b[Di'")."""

from __future__ import annotations

import os
import select
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]
LEFT, UP = "\x1b[D", "\x1b[A"


class _Screen:
    """A child process on a pseudo-terminal: what it wrote, and typing to it."""

    def __init__(self, argv: list[str]) -> None:
        self.master, slave = os.openpty()
        env = {**os.environ, "PYTHONPATH": str(ROOT), "TERM": "xterm", "COLUMNS": "80"}
        env.pop("INPUTRC", None)
        self.process = subprocess.Popen(
            argv, stdin=slave, stdout=slave, stderr=slave, env=env, cwd=ROOT, close_fds=True
        )
        os.close(slave)
        self.seen = ""

    def wait_for(self, text: str, since: int = 0, timeout: float = 60.0) -> str:
        """Read until ``text`` shows after position ``since`` of what was written; what was
        written from there (the timeout is generous: the machine may be busy)."""
        while text not in self.seen[since:]:
            ready, _, _ = select.select([self.master], [], [], timeout)
            if not ready:
                raise AssertionError(f"{text!r} never showed; the screen:\n{self.seen[-2000:]}")
            try:
                chunk = os.read(self.master, 4096)
            except OSError:  # the child closed the terminal
                raise AssertionError(f"{text!r} never showed:\n{self.seen[-2000:]}") from None
            self.seen += chunk.decode("utf-8", "replace")
        return self.seen[since:]

    def type(self, keys: str) -> None:
        os.write(self.master, keys.encode())

    def close(self) -> int:
        try:
            return self.process.wait(timeout=60)
        finally:
            os.close(self.master)


@pytest.mark.skipif(sys.platform == "win32", reason="pseudo-terminals are POSIX")
def test_arrow_keys_edit_the_line_and_recall_the_last_one() -> None:
    argv = [sys.executable, "-m", "tranquility_solver", "play", "--players", "1", "--human", "0"]
    screen = _Screen([*argv, "--seed", "1", "--rules", "published"])
    prompt = "your move ('help' lists the commands)> "
    screen.wait_for(prompt)
    for keys in (f"hnt{LEFT}{LEFT}i\r", f"{UP}\r"):  # 'hint' typed with a slip; then again
        start = len(screen.seen)
        screen.type(keys)
        answer = screen.wait_for("safe plays", start)
        screen.wait_for(prompt, len(screen.seen) - len(answer) + answer.index("safe plays"))
        assert "cannot read action" not in screen.seen[start:]
    screen.type("quit\r")
    screen.wait_for("game stopped")
    assert screen.close() == 0
