"""The ``serve`` subcommand both games share: its options and starting the server.

It imports no web framework until the server starts, so each game's command line can offer
``serve`` (and say what to install) without the ``web`` extra.

>>> port_number("8000"), seconds_delay("0.2")
(8000, 0.2)
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

__all__ = ["WEB_EXTRA", "add_serve_options", "port_number", "seconds_delay", "serve"]

WEB_EXTRA = "pip install 'tobago-tranquility-solver[web]'"


def port_number(text: str) -> int:
    """A TCP port, 0 (any free one) to 65535.

    >>> port_number("65536")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: expected a port from 0 to 65535, got '65536'
    """
    if not (text.isascii() and text.isdigit()) or int(text) > 65535:
        raise argparse.ArgumentTypeError(f"expected a port from 0 to 65535, got {text!r}")
    return int(text)


def seconds_delay(text: str) -> float:
    """A delay of 0 to 10 seconds.

    >>> seconds_delay("11")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: expected 0 to 10 seconds, got '11'
    """
    try:
        value = float(text)
    except ValueError:
        value = -1.0
    if not 0 <= value <= 10:
        raise argparse.ArgumentTypeError(f"expected 0 to 10 seconds, got {text!r}")
    return value


def add_serve_options(serve: argparse.ArgumentParser, once: type[argparse.Action]) -> None:
    """The options of ``serve``; ``once`` is the game's action that refuses an option given
    twice."""
    serve.add_argument(
        "--host",
        default="127.0.0.1",
        action=once,
        help="the address to serve on (default 127.0.0.1: this computer only)",
    )
    serve.add_argument(
        "--port",
        type=port_number,
        default=8000,
        action=once,
        help="the port (default 8000; 0: any free port)",
    )
    serve.add_argument(
        "--data",
        metavar="DIR",
        action=once,
        help="the folder the games are kept in (default: a folder of your user's data)",
    )
    serve.add_argument("--no-browser", action="store_true", help="do not open the browser")
    serve.add_argument(
        "--bot-delay",
        type=seconds_delay,
        default=0.5,
        action=once,
        metavar="SECONDS",
        help="how long a bot waits before each move, so that its steps can be followed "
        "(default 0.5)",
    )


def serve(args: argparse.Namespace, load_adapter: Callable[[], Any]) -> int:
    """Start the server for the game ``load_adapter()`` returns (it imports the game's web
    room, so an ImportError there means the ``web`` extra is missing); returns the exit code."""
    from tabletop_web.server import run

    data = Path(args.data) if args.data is not None else None
    return run(
        load_adapter(),
        host=args.host,
        port=args.port,
        data=data,
        browser=not args.no_browser,
        bot_delay=args.bot_delay,
        say=lambda line: print(line, flush=True, file=sys.stdout),
    )
