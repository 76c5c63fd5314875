"""§6 distribution helpers: the ranking of players on a claimed map and who gets the next card.

>>> ranking_of(roses=(2, 1, 2), steps=(0, 1, 3), claimant=0)
(0, 2, 1)
>>> next_recipient((0, 2, 1), quotas=(3, 1, 2), received=(1, 1, 0), start=1)
(2, 2)
"""

from __future__ import annotations

from collections.abc import Sequence


def ranking_of(roses: Sequence[int], steps: Sequence[int], claimant: int) -> tuple[int, ...]:
    """The players who share a treasure, best first.

    The players with roses on the map, and the claimant (who may have none left to put there):
    most roses first; ties go to the car fewer steps from the treasure (the claimant counts 0);
    then turn order from the claimant.
    """
    players = len(roses)
    shares = [p for p in range(players) if roses[p] > 0 or p == claimant]
    return tuple(
        sorted(
            shares,
            key=lambda p: (-roses[p], 0 if p == claimant else steps[p], (p - claimant) % players),
        )
    )


def quotas_of(roses: Sequence[int], claimant: int) -> tuple[int, ...]:
    """Gold cards each player may receive: one per rose on the map, the claimant one more."""
    return tuple(r + (p == claimant) for p, r in enumerate(roses))


def next_recipient(
    ranking: Sequence[int], quotas: Sequence[int], received: Sequence[int], start: int
) -> tuple[int, int] | None:
    """The next player in ``ranking`` from position ``start`` (cycling) below their quota.

    Returns the player and the ranking position after them, or None when all are full (the
    quotas add up to the cards drawn, so this only happens on hand-built states).
    """
    size = len(ranking)
    for k in range(size):
        position = (start + k) % size
        player = ranking[position]
        if received[player] < quotas[player]:
            return player, (position + 1) % size
    return None
