"""``tranquility serve``: play and follow games in the browser (the ``web`` extra). The command only
starts the server of :mod:`tranquility_solver.web`; Ctrl-C stops it (exit 130), and the games stay
in ``--data`` for the next start.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from ..errors import TranquilityError
from .common import Once

WEB_EXTRA = "pip install 'tobago-tranquility-solver[web]'"


def port_number(text: str) -> int:
    """A TCP port, 0 (any free one) to 65535.

    >>> port_number("8000")
    8000
    """
    if not (text.isascii() and text.isdigit()) or int(text) > 65535:
        raise argparse.ArgumentTypeError(f"expected a port from 0 to 65535, got {text!r}")
    return int(text)


def seconds_delay(text: str) -> float:
    """A delay of 0 to 10 seconds.

    >>> seconds_delay("0.2")
    0.2
    """
    try:
        value = float(text)
    except ValueError:
        value = -1.0
    if not 0 <= value <= 10:
        raise argparse.ArgumentTypeError(f"expected 0 to 10 seconds, got {text!r}")
    return value


def _serve(args: argparse.Namespace) -> int:
    try:
        from tabletop_web.server import run
        from tranquility_solver.web.adapter import TranquilityAdapter
    except ImportError as error:
        raise TranquilityError(
            f"'tranquility serve' needs the web extra ({error.name}): {WEB_EXTRA}"
        ) from None
    data = Path(args.data) if args.data is not None else None
    return run(
        TranquilityAdapter(),
        host=args.host,
        port=args.port,
        data=data,
        browser=not args.no_browser,
        bot_delay=args.bot_delay,
        say=lambda line: print(line, flush=True, file=sys.stdout),
    )


def add_commands(commands: Any) -> None:
    """Register ``serve`` on the ``tranquility`` parser."""
    serve = commands.add_parser(
        "serve",
        help="play in the browser: a local web server",
        description="Play Tranquility in the browser: new games with people (each at their own "
        "link) and bots, and stepping through records. Prints the "
        "address and opens it; Ctrl-C stops the server, and the games are kept for the next "
        "start.",
    )
    serve.add_argument(
        "--host",
        default="127.0.0.1",
        action=Once,
        help="the address to serve on (default 127.0.0.1: this computer only)",
    )
    serve.add_argument(
        "--port",
        type=port_number,
        default=8000,
        action=Once,
        help="the port (default 8000; 0: any free port)",
    )
    serve.add_argument(
        "--data",
        metavar="DIR",
        action=Once,
        help="the folder the games are kept in (default: a folder of your user's data)",
    )
    serve.add_argument("--no-browser", action="store_true", help="do not open the browser")
    serve.add_argument(
        "--bot-delay",
        type=seconds_delay,
        default=0.5,
        action=Once,
        metavar="SECONDS",
        help="how long a bot waits before each move, so that its steps can be followed "
        "(default 0.5)",
    )
    serve.set_defaults(run=_serve)
