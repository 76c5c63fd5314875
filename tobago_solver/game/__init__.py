"""The Tobago game, its rules only: actions, state, set-up, distribution, records, batches.

>>> import tobago_solver as tb
>>> record = tb.play_game(tb.islands.default(), [tb.GreedyBot(), tb.RandomBot()], seed=1)
>>> len(record.actions) > 0
True

Modules: ``rules`` (GameRules: every choice), ``actions`` (action values and their text),
``position`` (the fields of a position: maps, a distribution in progress), ``paths`` (a car's
move paths), ``distribution`` (sharing out a treasure), ``end`` (the end of the game),
``state`` (GameState: legal actions and ``apply``, the phase model), ``observation``, ``board``
(the board and the game's log as text), ``setup`` (new_game), ``records`` (the Bot shape,
play_game, GameRecord, replay), ``worlds`` (the deals an observation allows) and ``simulate``
(play_games: a batch between bots). The bots themselves are in ``tobago_solver.bots``.
The ``play``, ``replay`` and ``simulate`` commands are in ``tobago_solver.cli.game``.
"""
