"""Ctrl-C on the long commands of both tools: one line, exit 130, no traceback, and promptly.

The commands run as real processes and get a real SIGINT once their progress bar shows that the
work has begun (a signal during Python's own start-up is not the command's to handle).
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

GENEROUS = 10.0
"""Seconds the command may take to stop after Ctrl-C. It promises 2; a loaded test machine gets
room, and the figure measured is in the assertion message."""


def _interrupt_once_started(argv: list[str], started: bytes) -> tuple[int, float, str, str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    process = subprocess.Popen(
        [sys.executable, "-m", *argv],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=env,
        cwd=ROOT,
    )
    assert process.stderr is not None
    seen = b""
    start_by = time.monotonic() + 300
    while started not in seen:
        chunk = os.read(process.stderr.fileno(), 4096)
        assert chunk, f"ended before it started: {seen[-500:]!r}"
        assert time.monotonic() < start_by, f"never started: {seen[-500:]!r}"
        seen += chunk
    sent = time.monotonic()
    process.send_signal(signal.SIGINT)
    try:
        out, err = process.communicate(timeout=60)
    finally:
        process.kill()
    took = time.monotonic() - sent
    return process.returncode, took, out.decode(), (seen + err).decode()


@pytest.mark.parametrize(
    ("argv", "started", "name"),
    [
        (["tobago_solver", "simulate", "-n", "2000", "--workers", "2"], b"simulating", "tobago"),
        (["tobago_solver", "simulate", "-n", "2000"], b"simulating", "tobago"),
        (["tranquility_solver", "simulate", "-n", "20000", "--workers", "2"], b"%|", "tranquility"),
    ],
    ids=["tobago-workers", "tobago", "tranquility-workers"],
)
def test_ctrl_c_stops_a_simulation_with_one_line(
    argv: list[str], started: bytes, name: str
) -> None:
    code, took, out, err = _interrupt_once_started(argv, started)
    assert code == 130, err
    assert took < GENEROUS, f"took {took:.1f} s to stop"
    assert "Traceback" not in err
    # The message ends the output (a progress bar cut short may precede it on its line).
    assert err.endswith(f"{name}: interrupted\n")
    # Only the parent speaks: the workers leave Ctrl-C to it.
    assert err.count("interrupted") == 1
    assert out == ""
