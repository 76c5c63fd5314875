"""The seeded shuffles of the decks: ``random.Random.shuffle``'s draws, one bytecode loop.

>>> import random
>>> cards, same = list(range(20)), list(range(20))
>>> shuffle(random.Random(7), cards)
>>> random.Random(7).shuffle(same)
>>> cards == same
True

Every game deals its decks from its seed and shuffles the clue discards at each reshuffle (a
hundred cards a game), and the records fix the order ``random.Random.shuffle`` gives. That
method calls ``_randbelow`` (Python) once per card; this loop draws the same bits from the
same ``getrandbits`` without that call, so it gives the same order (tested against the
method on many seeds and sizes). A generator of another class (a subclass may draw
otherwise) shuffles with its own method.
"""

from __future__ import annotations

import random
from typing import Any


def shuffle(rng: random.Random, items: list[Any]) -> None:
    """Shuffle ``items`` in place as ``rng.shuffle(items)`` does (CPython's Fisher–Yates with
    ``_randbelow_with_getrandbits``: the fewest bits that hold the bound, drawn again while
    the value is out of range)."""
    if type(rng) is not random.Random:
        rng.shuffle(items)
        return
    getrandbits = rng.getrandbits
    for i in reversed(range(1, len(items))):
        bound = i + 1
        bits = bound.bit_length()
        j = getrandbits(bits)
        while j >= bound:
            j = getrandbits(bits)
        items[i], items[j] = items[j], items[i]
