"""What the web tests share: an app of each game over a fresh store, a client that keeps the
app's event loop running between requests (bots move in it), and waiting for a seat's turn."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette", reason="the web extra is not installed")
pytest.importorskip("httpx", reason="the web tests need httpx")

from starlette.testclient import TestClient

from tabletop_web.app import create_app, games_of
from tabletop_web.live import Games
from tabletop_web.store import Store
from tobago_solver.web.adapter import TobagoAdapter
from tranquility_solver.web.adapter import TranquilityAdapter

ADAPTERS = {"tobago": TobagoAdapter, "tranquility": TranquilityAdapter}


def client_for(game: str, folder: Path, **options: Any) -> TestClient:
    store = Store(folder / f"{game}.sqlite")
    app = create_app(ADAPTERS[game](), store, bot_delay=0)
    return TestClient(app, **options)


@pytest.fixture
def tobago(tmp_path: Path) -> Iterator[TestClient]:
    with client_for("tobago", tmp_path) as client:
        yield client


@pytest.fixture
def tranquility(tmp_path: Path) -> Iterator[TestClient]:
    with client_for("tranquility", tmp_path) as client:
        yield client


def games_in(client: TestClient) -> Games:
    """The server's games (for tests that choose a seat's move with the library's bots)."""
    return games_of(client.app)


def observe(client: TestClient, game: str, token: str) -> dict[str, Any]:
    response = client.get(f"/api/games/{game}", params={"seat": token})
    assert response.status_code == 200, response.text
    data: dict[str, Any] = response.json()
    return data


def wait_turn(client: TestClient, game: str, token: str, timeout: float = 30.0) -> dict[str, Any]:
    """The seat's observation once it is that seat's turn or the game is over."""
    deadline = time.monotonic() + timeout
    while True:
        seen = observe(client, game, token)
        if seen["over"] or seen["current_player"] == seen["seat"]:
            return seen
        assert time.monotonic() < deadline, f"the bots did not move: {seen['status']}"
        time.sleep(0.02)
