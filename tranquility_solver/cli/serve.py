"""``tranquility serve``: play and follow games in the browser (the ``web`` extra). The command
only starts the server of :mod:`tranquility_solver.web` (through :mod:`tabletop_web.command`,
which both games share); Ctrl-C stops it (exit 130), and the games stay in ``--data`` for the
next start.
"""

from __future__ import annotations

import argparse
from typing import Any

from tabletop_web.command import WEB_EXTRA, add_serve_options, serve

from ..errors import TranquilityError
from .common import Once


def _serve(args: argparse.Namespace) -> int:
    def adapter() -> Any:
        from tranquility_solver.web.adapter import TranquilityAdapter

        return TranquilityAdapter()

    try:
        return serve(args, adapter)
    except ImportError as error:
        raise TranquilityError(
            f"'tranquility serve' needs the web extra ({error.name}): {WEB_EXTRA}"
        ) from None


def add_commands(commands: Any) -> None:
    """Register ``serve`` on the ``tranquility`` parser."""
    parser = commands.add_parser(
        "serve",
        help="play in the browser: a local web server",
        description="Play Tranquility in the browser: new games with people (each at their own "
        "link) and bots, and stepping through records. Prints the address and opens it; "
        "Ctrl-C stops the server, and the games are kept for the next start.",
    )
    add_serve_options(parser, Once)
    parser.set_defaults(run=_serve)
