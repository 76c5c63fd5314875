"""Tranquility in the browser (``tranquility serve``): the game's part of the shared web server
:mod:`tabletop_web`, one module per concern: ``library`` (the library's names the pages use)
and ``adapter`` (game, seats, moves, warnings, pictures, records, targets). Needs the ``web``
extra.
"""
