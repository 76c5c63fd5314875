"""Tobago in the browser (``tobago serve``): the game's part of the shared web server
:mod:`tabletop_web`, one module per concern: ``library`` (the library's names the pages use),
``adapter`` (game, seats, moves, pictures, records) and ``assist`` (the table assistant's
page). Needs the ``web`` extra.
"""
