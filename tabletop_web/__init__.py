"""A local web application for the library's games: the server shared by ``tobago serve`` and
``tranquility serve``, each game plugged in through a :class:`~tabletop_web.adapter.GameAdapter`.

>>> from tabletop_web.errors import ConflictError
>>> ConflictError("not your turn").status
409

Modules, one per concern: ``errors`` (refusals with their HTTP status), ``setup`` (reading a
new game's request), ``adapter`` (what a game provides), ``store`` (games in SQLite, replayed on
load), ``live`` (games in play: actions, bots, listeners), ``limits`` (the request body cap),
``app`` (the routes and pages), ``server`` (uvicorn on a socket of our own).
"""

from __future__ import annotations
