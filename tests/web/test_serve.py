"""``tobago serve`` and ``tranquility serve`` as a user starts them: one line with the address,
Ctrl-C ends them with exit 130 and no traceback, bad options are one line and exit 2, and a
server started again on the same folder has every game; a listener hears of each move."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
from pathlib import Path

import httpx
import pytest

from tobago_solver.cli import main as tobago_main
from tranquility_solver.cli import main as tranquility_main

ROOT = Path(__file__).resolve().parents[2]


def _start(command: str, data: Path, port: int = 0) -> tuple[subprocess.Popen[str], str]:
    environment = {**os.environ, "PYTHONPATH": str(ROOT)}
    process = subprocess.Popen(
        [
            sys.executable,
            "-m",
            f"{command}_solver",
            "serve",
            "--port",
            str(port),
            "--no-browser",
            "--data",
            str(data),
            "--bot-delay",
            "0",
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=environment,
        cwd=ROOT,
    )
    assert process.stdout is not None
    line = process.stdout.readline().strip()
    assert line.startswith("serving on http://127.0.0.1:"), (
        line,
        process.stderr.read() if process.stderr else "",
    )
    return process, line.removeprefix("serving on ")


def _interrupt(process: subprocess.Popen[str]) -> tuple[int, str]:
    process.send_signal(signal.SIGINT)
    _, error = process.communicate(timeout=20)
    return process.returncode, error


@pytest.mark.parametrize("command", ["tobago", "tranquility"])
def test_serve_prints_its_address_and_ctrl_c_ends_it_with_130(command: str, tmp_path: Path) -> None:
    process, url = _start(command, tmp_path)
    try:
        assert httpx.get(url, timeout=10).status_code == 200
    finally:
        code, error = _interrupt(process)
    assert code == 130
    assert "Traceback" not in error
    assert error.strip() == f"{command}: interrupted"
    assert (tmp_path / f"{command}.sqlite").is_file()


def test_a_game_outlives_the_server_and_a_listener_hears_each_move(tmp_path: Path) -> None:
    process, url = _start("tranquility", tmp_path)
    try:
        created = httpx.post(
            url + "api/games", json={"players": 2, "humans": [0, 1], "seed": 1}
        ).json()
        game, seats = created["id"], created["seats"]
        with httpx.stream(
            "GET", f"{url}api/games/{game}/events", params={"seat": seats["1"]}, timeout=10
        ) as events:
            lines = events.iter_lines()
            assert next(lines) == "event: update"
            assert json.loads(next(lines).removeprefix("data: ")) == {"version": 0}
            moved = httpx.post(
                f"{url}api/games/{game}/actions", json={"seat": seats["0"], "action": "3 a1"}
            )
            assert moved.status_code == 200
            heard = [next(lines) for _ in range(3)]
            assert heard == ["", "event: update", 'data: {"version": 1}']
    finally:
        assert _interrupt(process)[0] == 130
    process, url = _start("tranquility", tmp_path)
    try:
        seen = httpx.get(f"{url}api/games/{game}", params={"seat": seats["1"]}).json()
        assert seen["version"] == 1
        assert seen["current_player"] == 1
        assert seen["log"][0]["action"] == "play 3 a1"
    finally:
        _interrupt(process)


def test_bad_options_are_one_line_and_exit_2(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    assert tobago_main(["serve", "--port", "70000", "--no-browser"]) == 2
    assert "expected a port from 0 to 65535" in capsys.readouterr().err
    assert tranquility_main(["serve", "--bot-delay", "-1", "--no-browser"]) == 2
    assert "expected 0 to 10 seconds" in capsys.readouterr().err
    taken = socket.socket()
    taken.bind(("127.0.0.1", 0))
    taken.listen()
    try:
        port = str(taken.getsockname()[1])
        assert tobago_main(["serve", "--port", port, "--no-browser", "--data", str(tmp_path)]) == 2
        error = capsys.readouterr().err
        assert error.startswith(f"tobago: error: cannot serve on 127.0.0.1 port {port}")
        assert len(error.strip().splitlines()) == 1
    finally:
        taken.close()
    blocker = tmp_path / "file"
    blocker.write_text("not a folder", encoding="utf-8")
    assert tranquility_main(["serve", "--data", str(blocker), "--no-browser"]) == 2
    assert "cannot keep games in" in capsys.readouterr().err
