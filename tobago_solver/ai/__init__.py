"""Tobago for game-AI frameworks: what the OpenSpiel and PettingZoo adapters share.

>>> import tobago_solver as tb
>>> from tobago_solver.ai import ActionIds
>>> ActionIds(tb.islands.default()).count
316

Nothing here imports a framework: ``ids`` (every action as a fixed integer), ``tensors`` (an
observation as fixed-size numbers and as text), ``returns`` (what a finished game is worth to
each player), ``recall`` (an information state that remembers
everything the player has seen) and ``worlds`` (hidden cards dealt again, consistently with
one player's observation, for information-set search). The adapters themselves are
``tobago_solver.openspiel`` and ``tobago_solver.pettingzoo`` (the ``ai`` extra).
"""

from tobago_solver.ai.ids import ActionIds
from tobago_solver.ai.returns import returns_of
from tobago_solver.ai.tensors import ObservationTensor, observation_text
from tobago_solver.ai.worlds import sample_world

__all__ = ["ActionIds", "ObservationTensor", "observation_text", "returns_of", "sample_world"]
