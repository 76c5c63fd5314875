"""Tranquility for game-AI frameworks: what the OpenSpiel and PettingZoo adapters share.

>>> from tranquility_solver.ai import COUNT
>>> COUNT
6450

Nothing here imports a framework: ``ids`` (actions as sequences of fixed integer ids, chosen
one at a time), ``tensors`` (an observation as fixed-size numbers and as text), ``returns``
(what a finished game is worth), ``recall`` (an information state that remembers everything the
player has seen) and ``worlds`` (hidden cards dealt again, consistently with one player's
observation, for information-set search). The adapters themselves are
``tranquility_solver.openspiel`` and ``tranquility_solver.pettingzoo`` (the ``ai`` extra).
"""

from .ids import COUNT, Choice, token_name, tokens
from .returns import returns_of
from .tensors import ObservationTensor, observation_text
from .worlds import sample_world

__all__ = [
    "COUNT",
    "Choice",
    "ObservationTensor",
    "observation_text",
    "returns_of",
    "sample_world",
    "token_name",
    "tokens",
]
