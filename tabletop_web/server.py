"""Serving an app on this machine: a socket of our own (so that port 0 finds a free port and
the address is known before the first request), uvicorn on it, the browser opened on it.

>>> shown_url("127.0.0.1", 8000), shown_url("::1", 8000)
('http://127.0.0.1:8000/', 'http://[::1]:8000/')
"""

from __future__ import annotations

import socket
import sqlite3
import threading
import webbrowser
from collections.abc import Callable
from pathlib import Path
from typing import Final

import platformdirs
import uvicorn
from starlette.types import ASGIApp

from tabletop_web.adapter import GameAdapter
from tabletop_web.app import create_app, games_of
from tabletop_web.live import Games
from tabletop_web.store import Store

APP_NAME: Final = "tobago-tranquility-solver"
DEFAULT_BOT_DELAY: Final = 0.5


def default_data() -> Path:
    """The per-user folder the games are kept in unless ``--data`` names another.

    >>> default_data().name
    'tobago-tranquility-solver'
    """
    return Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))


def shown_url(host: str, port: int) -> str:
    """The address to print and open (an IPv6 host in brackets)."""
    return f"http://[{host}]:{port}/" if ":" in host else f"http://{host}:{port}/"


def open_store(folder: Path, game: str) -> Store:
    """The game's store in ``folder`` (made if missing); OSError naming the file otherwise."""
    path = folder / f"{game}.sqlite"
    try:
        return Store(path)
    except (sqlite3.Error, OSError) as error:
        raise OSError(f"cannot keep games in {str(path)!r}: {error}") from None


def bind(host: str, port: int) -> socket.socket:
    """A listening socket on ``host`` and ``port`` (0: any free port); OSError if taken."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind((host, port))
        sock.listen(128)
    except OSError as error:
        sock.close()
        raise OSError(f"cannot serve on {host} port {port}: {error.strerror or error}") from None
    return sock


class Server(uvicorn.Server):
    """uvicorn's server, which tells the games' listeners that it closes before it waits for
    open connections to end: a listener's stream would otherwise never end by itself."""

    def __init__(self, config: uvicorn.Config, games: Games) -> None:
        super().__init__(config)
        self.games = games

    async def shutdown(self, sockets: list[socket.socket] | None = None) -> None:
        """Close the games' streams and bots, then shut down as uvicorn does."""
        self.games.close()
        await super().shutdown(sockets)


def server_for(app: ASGIApp) -> Server:
    """A quiet server for an app of :func:`create_app`."""
    # A second is enough for any request; listeners' streams end as soon as closing starts.
    # An idle connection is kept a minute (uvicorn's 5 seconds would close it while a person
    # thinks, and a request sent at that moment fails).
    config = uvicorn.Config(
        app, log_level="warning", timeout_graceful_shutdown=1, timeout_keep_alive=60
    )
    return Server(config, games_of(app))


def run(
    adapter: GameAdapter,
    *,
    host: str,
    port: int,
    data: Path | None,
    browser: bool,
    bot_delay: float = DEFAULT_BOT_DELAY,
    say: Callable[[str], None] = print,
) -> int:
    """Serve the game until Ctrl-C (which uvicorn turns back into KeyboardInterrupt once the
    server has closed); says ``serving on URL`` once the socket listens."""
    store = open_store(data or default_data(), adapter.name)
    sock = bind(host, port)
    url = shown_url(host, sock.getsockname()[1])
    server = server_for(create_app(adapter, store, bot_delay=bot_delay))
    say(f"serving on {url}")
    if browser:
        threading.Timer(0.5, webbrowser.open, [url]).start()
    try:
        server.run(sockets=[sock])
    finally:
        sock.close()
        store.close()
    return 0
