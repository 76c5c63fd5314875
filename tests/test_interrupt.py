"""Ctrl-C on the long commands of both tools: one line, exit 130, no traceback, and promptly.

The commands run as real processes and get a real SIGINT once their progress bar shows that the
work has begun (a signal during Python's own start-up is not the command's to handle).
"""

from __future__ import annotations

import importlib
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from .tranquility.deals.undecided import undecided_deal

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


def _python(code: str) -> subprocess.Popen[bytes]:
    return subprocess.Popen(
        [sys.executable, "-c", code],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        cwd=ROOT,
    )


def _wait_for(process: subprocess.Popen[bytes], marker: bytes) -> None:
    assert process.stdout is not None
    seen = b""
    while marker not in seen:
        chunk = os.read(process.stdout.fileno(), 4096)
        assert chunk, f"ended before {marker!r}: {seen!r} {process.communicate()[1][-800:]!r}"
        seen += chunk


WAIT_FOR_CTRL_C = """
import time
try:
    print("solved", flush=True)
    time.sleep(60)
    print("slept through Ctrl-C")
except KeyboardInterrupt:
    print("KeyboardInterrupt")
"""

CPSAT_CALLS = {
    "tobago": (
        "import tobago_solver as tb\n"
        "clues = [tb.Clue.parse('in sight of sea'), tb.Clue.parse('not in beach')]\n"
        "tb.candidates(tb.islands.default(), clues, engine='cpsat')\n"
        "tb.check_clue(tb.islands.default(), clues, 'in beach')\n"
    ),
    "tranquility": (
        "import tranquility_solver as tq\n"
        "tq.is_completable(tq.Grid.empty(), range(1, 40), engine='cpsat')\n"
    ),
}


@pytest.mark.parametrize("package", sorted(CPSAT_CALLS))
def test_ctrl_c_after_a_cpsat_solve_is_still_a_keyboard_interrupt(package: str) -> None:
    # CP-SAT, left to itself, catches SIGINT during a solve and leaves the default action
    # behind: the next Ctrl-C would kill the process by the signal.
    process = _python(CPSAT_CALLS[package] + WAIT_FOR_CTRL_C)
    _wait_for(process, b"solved")
    process.send_signal(signal.SIGINT)
    out, err = process.communicate(timeout=60)
    assert process.returncode == 0, err.decode()[-800:]
    assert out.decode().strip() == "KeyboardInterrupt"


HARD_SOLVE = """
import time
from ortools.sat.python import cp_model
from {package}.solving import new_solver, solve
model = cp_model.CpModel()
xs = [model.new_int_var(0, 1000, f"x{{i}}") for i in range(40)]
model.add_all_different(xs)
for i in range(39):
    model.add(3 * xs[i] + 7 * xs[i + 1] <= 5000 + i)
model.maximize(sum((i % 7 + 1) * x for i, x in enumerate(xs)))
solver = new_solver(120)
print("solving", flush=True)
started = time.monotonic()
try:
    solve(solver, model)
    print("finished undisturbed")
except KeyboardInterrupt:
    print(f"KeyboardInterrupt after {{time.monotonic() - started:.1f}} s")
"""


@pytest.mark.parametrize("package", ["tobago_solver", "tranquility_solver"])
def test_ctrl_c_during_a_cpsat_solve_stops_it_with_a_keyboard_interrupt(package: str) -> None:
    process = _python(HARD_SOLVE.format(package=package))
    _wait_for(process, b"solving")
    time.sleep(0.5)
    sent = time.monotonic()
    process.send_signal(signal.SIGINT)
    out, err = process.communicate(timeout=120)
    took = time.monotonic() - sent
    assert process.returncode == 0, err.decode()[-800:]
    assert out.decode().strip().startswith("KeyboardInterrupt after"), out
    assert took < GENEROUS, f"took {took:.1f} s to stop"


def test_ctrl_c_stops_the_deal_solver_with_its_answer_so_far(tmp_path: Path) -> None:
    deal = tmp_path / "undecided.json"
    deal.write_text(undecided_deal().to_json(), encoding="utf-8")
    saved = tmp_path / "deal.json"
    argv = ["solve", str(deal), "--time-limit", "30"]
    process = subprocess.Popen(
        [sys.executable, "-m", "tranquility_solver", *argv, "--save-deal", str(saved)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        cwd=ROOT,
    )
    # The deal is saved just before the search starts (a search of more than 5 s).
    start_by = time.monotonic() + 300
    while not saved.exists():
        assert process.poll() is None, process.communicate()[1].decode()[-800:]
        assert time.monotonic() < start_by, "the search never started"
        time.sleep(0.05)
    time.sleep(0.5)
    sent = time.monotonic()
    process.send_signal(signal.SIGINT)
    out, err = process.communicate(timeout=60)
    took = time.monotonic() - sent
    assert process.returncode == 130, err.decode()[-800:]
    assert took < GENEROUS, f"took {took:.1f} s to stop"
    assert "verdict: UNKNOWN" in out.decode()
    assert "undecided: interrupted after" in out.decode()
    assert err.decode() == "tranquility: interrupted\n"


@pytest.mark.parametrize("workers", ["1", "2"])
def test_ctrl_c_stops_the_odds_with_exit_130(tmp_path: Path, workers: str) -> None:
    record = tmp_path / "game.json"
    play = ["play", "--players", "2", "--seed", "3", "--quiet", "--save", str(record)]
    subprocess.run(  # exit 1: the bots lose this game, which does not matter here
        [sys.executable, "-m", "tranquility_solver", *play],
        check=False,
        capture_output=True,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        cwd=ROOT,
    )
    argv = ["odds", str(record), "--turn", "0", "--samples", "500", "--workers", workers]
    process = subprocess.Popen(
        [sys.executable, "-m", "tranquility_solver", *argv, "--no-progress"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        cwd=ROOT,
    )
    # The position is printed just before the worlds are judged (about a second each).
    assert process.stdout is not None
    process.stdout.readline()
    time.sleep(1.0)
    process.send_signal(signal.SIGINT)
    _, err = process.communicate(timeout=60)
    assert process.returncode == 130, err.decode()[-800:]
    assert err.decode() == "tranquility: interrupted\n"


INTERRUPTED_IMPORT = """
import sys

class CtrlCWhileLoading:
    def find_spec(self, name, path=None, target=None):
        if name == "{package}.cli":
            raise KeyboardInterrupt
        return None

sys.meta_path.insert(0, CtrlCWhileLoading())
sys.argv = ["{name}", "--help"]
from {package}.__main__ import main
raise SystemExit(main())
"""


@pytest.mark.parametrize(
    ("package", "name"), [("tobago_solver", "tobago"), ("tranquility_solver", "tranquility")]
)
def test_ctrl_c_while_the_command_line_loads_is_one_line(package: str, name: str) -> None:
    process = _python(INTERRUPTED_IMPORT.format(package=package, name=name))
    out, err = process.communicate(timeout=120)
    assert process.returncode == 130, err.decode()[-800:]
    assert err.decode() == f"{name}: interrupted\n"
    assert out == b""


STARTED_THEN_RUN = """
import importlib, sys
main = importlib.import_module(sys.argv[2] + ".__main__").main
open(sys.argv[1], "w").close()
sys.argv = [sys.argv[2], *sys.argv[3:]]
raise SystemExit(main())
"""


@pytest.mark.parametrize("package", ["tobago_solver", "tranquility_solver"])
@pytest.mark.parametrize("delay", [0.05, 0.1, 0.2, 0.3, 0.5])
def test_ctrl_c_early_in_start_up_never_shows_a_traceback(
    package: str, delay: float, tmp_path: Path
) -> None:
    argv = {
        "tobago_solver": ["where", "ABC-1", "--clue", "in sight of sea", "--engine", "cpsat"],
        "tranquility_solver": ["check", "examples/grid.txt", "--available", "1-80"],
    }[package]
    # Timed from the moment the entry point (what the `tobago` script imports) has loaded:
    # Ctrl-C while the interpreter itself is still starting is Python's own fatal error,
    # before any of this project's code runs.
    started = tmp_path / "started"
    process = subprocess.Popen(
        [sys.executable, "-c", STARTED_THEN_RUN, str(started), package, *argv],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        cwd=ROOT,
    )
    deadline = time.monotonic() + 60
    while not started.exists() and process.poll() is None and time.monotonic() < deadline:
        time.sleep(0.005)
    time.sleep(delay)
    process.send_signal(signal.SIGINT)
    _, err = process.communicate(timeout=120)
    assert "Traceback" not in err.decode(), err.decode()[-800:]


def _import_interrupted_by_ctrl_c() -> int:
    """What a compiled module's import does when Ctrl-C lands while it initialises."""
    try:
        raise KeyboardInterrupt
    except KeyboardInterrupt as interrupt:
        raise ImportError("initialization failed") from interrupt


@pytest.mark.parametrize(
    ("package", "name"), [("tobago_solver", "tobago"), ("tranquility_solver", "tranquility")]
)
def test_an_import_stopped_by_ctrl_c_is_an_interrupt_not_a_traceback(
    package: str, name: str, capsys: pytest.CaptureFixture[str]
) -> None:
    common = importlib.import_module(f"{package}.cli.common")
    assert common.run_command(_import_interrupted_by_ctrl_c) == 130
    assert capsys.readouterr().err == f"{name}: interrupted\n"


@pytest.mark.parametrize("package", ["tobago_solver", "tranquility_solver"])
def test_an_import_that_fails_for_another_reason_is_not_hidden(package: str) -> None:
    common = importlib.import_module(f"{package}.cli.common")

    def broken() -> int:
        raise ImportError("no module named 'ortools'")

    with pytest.raises(ImportError, match="ortools"):
        common.run_command(broken)


@pytest.mark.parametrize(
    ("package", "builder", "name"),
    [
        ("tobago_solver", "build_parser", "tobago"),
        ("tranquility_solver", "_build_parser", "tranquility"),
    ],
)
def test_ctrl_c_while_the_command_line_is_built_is_one_line(
    package: str,
    builder: str,
    name: str,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    cli = importlib.import_module(f"{package}.cli")

    def interrupted() -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(cli, builder, interrupted)
    assert cli.main(["--help"]) == 130
    assert capsys.readouterr().err == f"{name}: interrupted\n"


@pytest.mark.parametrize("package", ["tobago_solver", "tranquility_solver"])
def test_ctrl_c_held_back_while_modules_load_is_noted_and_the_handler_restored(
    package: str,
) -> None:
    interrupts = importlib.import_module(f"{package}.interrupts")
    with interrupts.CtrlCNoted(defer=True) as held:
        os.kill(os.getpid(), signal.SIGINT)  # delivered at once: raises nothing here
        assert held.seen
    assert signal.getsignal(signal.SIGINT) is signal.default_int_handler
    noted = interrupts.CtrlCNoted()
    with noted, pytest.raises(KeyboardInterrupt):
        os.kill(os.getpid(), signal.SIGINT)
    assert noted.seen
    assert signal.getsignal(signal.SIGINT) is signal.default_int_handler


def _ctrl_c_then_a_broken_class() -> int:
    """What Ctrl-C in the middle of building a class can leave: an error of another kind."""
    try:
        os.kill(os.getpid(), signal.SIGINT)
        time.sleep(1)
    except KeyboardInterrupt as interrupt:
        raise RuntimeError("Error calling __set_name__") from interrupt
    return 0


@pytest.mark.parametrize(
    ("package", "name"), [("tobago_solver", "tobago"), ("tranquility_solver", "tranquility")]
)
def test_any_error_after_ctrl_c_in_a_command_is_an_interrupt(
    package: str, name: str, capsys: pytest.CaptureFixture[str]
) -> None:
    common = importlib.import_module(f"{package}.cli.common")
    assert common.run_command(_ctrl_c_then_a_broken_class) == 130
    assert capsys.readouterr().err == f"{name}: interrupted\n"

    def broken() -> int:
        raise RuntimeError("a bug, not Ctrl-C")

    with pytest.raises(RuntimeError, match="a bug"):
        common.run_command(broken)
