"""A live server in a thread for the browser tests, and Chromium through Playwright (skipped,
with the reason, where either is missing)."""

from __future__ import annotations

import asyncio
import shutil
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
import uvicorn
from starlette.types import ASGIApp

from tabletop_web.app import create_app, games_of
from tabletop_web.live import Games
from tabletop_web.server import bind, server_for
from tabletop_web.store import Store
from tests.web.conftest import ADAPTERS

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")


@dataclass
class LiveServer:
    """A server of one game on 127.0.0.1, its games reachable for the test's bots."""

    url: str
    port: int
    server: uvicorn.Server
    thread: threading.Thread
    games: Games
    store: Store

    def stop(self) -> None:
        self.server.should_exit = True
        self.thread.join(timeout=10)
        self.store.close()


def start_server(
    game: str, folder: Path, port: int = 0, wrap: Callable[[ASGIApp], ASGIApp] | None = None
) -> LiveServer:
    """A server of ``game`` over a store in ``folder``; ``wrap`` puts ASGI middleware around
    the app (to slow its answers down, say)."""
    store = Store(folder / f"{game}.sqlite")
    app = create_app(ADAPTERS[game](), store, bot_delay=0.05)
    sock = bind("127.0.0.1", port)
    port = sock.getsockname()[1]
    server = server_for(app)
    if wrap is not None:
        server.config.app = wrap(app)  # uvicorn loads config.app when it starts

    def serve() -> None:
        asyncio.run(server.serve(sockets=[sock]))
        sock.close()

    thread = threading.Thread(target=serve, daemon=True)
    thread.start()
    deadline = time.monotonic() + 10
    while not server.started:
        assert time.monotonic() < deadline, "the server did not start"
        time.sleep(0.02)
    return LiveServer(f"http://127.0.0.1:{port}", port, server, thread, games_of(app), store)


def chromium() -> Iterator[Any]:
    """A Chromium browser, or a skip saying what is missing."""
    sync_api = pytest.importorskip("playwright.sync_api", reason="Playwright is not installed")
    if CHROMIUM is None:
        pytest.skip("Chromium is not installed (apt-get install chromium)")
    with sync_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        try:
            yield browser
        finally:
            browser.close()
