"""The Tobago game (§4–7): rules, actions, state, set-up, distribution, bots, records, batches.

>>> import tobago_solver as tb
>>> record = tb.play_game(tb.islands.default(), [tb.GreedyBot(), tb.RandomBot()], seed=1)
>>> len(record.actions) > 0
True

Modules: ``rules`` (GameRules: every choice), ``actions`` (action values and their text),
``state`` (GameState and the phase model), ``observation``, ``setup`` (new_game),
``distribution`` (§6 ranking), ``bots``, ``records`` (play_game, GameRecord, replay),
``simulate`` and ``cli`` (the play, replay and simulate commands).
"""
