"""What a click on the board can mean for the player to move: the fields the car may drive
to, the maps each clue card of the hand may go on, and the actions without a target.

>>> import tobago_solver as tb
>>> seen = tb.new_game(tb.islands.default(), 2, seed=1).observation(0)
>>> found = targets(seen)
>>> found.maps[1]
('in sight of sea', ('grey', 'brown', 'black', 'white'))
>>> "e5" in found.fields, found.others
(True, ())
"""

from __future__ import annotations

from dataclasses import dataclass

from tobago_solver.game.actions import Move, Play
from tobago_solver.game.observation import Observation
from tobago_solver.rules import MAP_NAMES

__all__ = ["Targets", "targets"]


@dataclass(frozen=True)
class Targets:
    """The clickable parts of the board for one player now (all empty when it is not their
    turn).

    >>> Targets((), (), ("end turn",)).others
    ('end turn',)
    """

    fields: tuple[str, ...]
    """The fields a move may end on, in the island's reading order."""
    maps: tuple[tuple[str, tuple[str, ...]], ...]
    """Each clue card of the hand (its text, once per different card) and the maps it may be
    played on now, in the order grey, brown, black, white (none: it may not be played)."""
    others: tuple[str, ...]
    """Every legal action that is neither a play nor a move, as text (``take amulet``, ``end
    turn``, ``spend amulet``, ``accept curse``, ``exchange``, ``pass``)."""


def targets(observation: Observation) -> Targets:
    """The targets of :class:`Targets` from the legal actions of ``observation``: what its
    player may do now, read from what they see alone.

    >>> import tobago_solver as tb
    >>> targets(tb.new_game(tb.islands.default(), 2, seed=1).observation(1)).fields
    ()
    """
    destinations: set[str] = set()
    maps: dict[str, set[int]] = {str(clue): set() for clue in observation.hand}
    others: list[str] = []
    for action in observation.legal_actions:
        if isinstance(action, Move):
            destinations.add(action.destination)
        elif isinstance(action, Play):
            maps.setdefault(str(action.clue), set()).add(action.map)
        else:
            others.append(str(action))
    if not observation.legal_actions:
        maps = {}
    return Targets(
        fields=tuple(observation.island.in_reading_order(destinations)),
        maps=tuple(
            (clue, tuple(MAP_NAMES[index] for index in sorted(indices)))
            for clue, indices in maps.items()
        ),
        others=tuple(others),
    )
