"""Can a map still be located? The fields that the deck's clue cards can single out.

>>> import tobago_solver as tb
>>> island = tb.islands.default()
>>> finder = locator(island)
>>> finder.can_locate(finder.land_mask)             # an empty map: some field can be reached
True
>>> never = finder.land_mask & ~finder.singled_out  # fields no set of cards leaves alone
>>> never.bit_count(), finder.can_locate(never)
(11, False)

**Why one bitmask per field is enough.** Let C be a map's candidates (a bitmask of fields) and,
for a field f, T(f) the deck cards that hold on f and M(f) the fields where all of them hold (every
land field when T(f) is empty). Some set S of deck cards leaves exactly {f} of C, that is
C ∩ ⋂S = {f}, **if and only if** f ∈ C and C ∩ M(f) = {f}:

- if C ∩ M(f) = {f}, take S = T(f);
- if C ∩ ⋂S = {f}, every card of S holds on f, so S ⊆ T(f) and M(f) ⊆ ⋂S; then
  C ∩ M(f) ⊆ {f}, and f is in both C and M(f).

Such a set can also be *played one by one under the clue rules* (in either preset): play the
cards of T(f) in any order, leaving out each card that would not shrink the candidates. Every
card holds on f, so f always remains (rule 2, a clue must leave a field); a card that is played
shrinks the candidates (rule 3, a clue must rule out a field); the map is not located before the
last card that shrinks it (rule 1, a located map takes no clue); and a card left out would not
have changed the candidates, so they end as C ∩ M(f) = {f}. The map's own clues hold on every
candidate, so they belong to T(f) and change nothing: C already includes them.

**Which cards count** (a choice of the game's rules, ``GameRules.unlocatable_map``): all 52 cards
of the deck. Cards in hands, in the deck, in the discards and on the other maps all come back into
play through plays, claims and reshuffles; a card held by a player who has no wind rose left is
counted too (when no player can ever play again, the game ends as a stalemate instead).

So the question for a map is a loop over its candidates with one AND each; ``singled_out`` (the
fields with land ∩ M(f) = {f}) answers most maps at once, because such a field can be singled out
from any candidates that hold it. The analysis package finds the same fields another way
(:func:`tobago_solver.analysis.min_clues.cover_rows` is None exactly for the others, which
``docs/identifiability.md`` counts), and the tests check both against a search over every order
of play with small decks.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from tobago_solver.clues import DECK, Clue
from tobago_solver.compile import compiled
from tobago_solver.island import Island

_CACHE_KEY: Final = "tobago_solver.locating"


@dataclass(frozen=True)
class Locator:
    """The settling masks of one island for one deck: ``masks[i]`` is M(field i).

    >>> import tobago_solver as tb
    >>> finder = locator(tb.islands.default())
    >>> len(finder.masks) == len(tb.islands.default().fields)
    True
    """

    land_mask: int
    masks: tuple[int, ...]
    """Per field (reading order): the fields where every deck card that holds on it holds."""
    singled_out: int
    """The fields some set of deck cards leaves alone from the whole island."""

    def locatable_fields(self, candidates: int) -> int:
        """The candidates that some set of deck cards, added to the map, leaves alone.

        >>> import tobago_solver as tb
        >>> finder = locator(tb.islands.default())
        >>> finder.locatable_fields(0b1) == 0b1   # a located map is located at its field
        True
        """
        found = 0
        rest = candidates
        while rest:
            low = rest & -rest
            rest ^= low
            if candidates & self.masks[low.bit_length() - 1] == low:
                found |= low
        return found

    def can_locate(self, candidates: int) -> bool:
        """Whether some set of deck cards, played one by one under the clue rules, locates it."""
        if candidates & self.singled_out:
            return True
        rest = candidates
        while rest:
            low = rest & -rest
            rest ^= low
            if candidates & self.masks[low.bit_length() - 1] == low:
                return True
        return False


def build_locator(island: Island, deck: Sequence[Clue]) -> Locator:
    """The :class:`Locator` of ``island`` for the cards of ``deck`` (uncached; see
    :func:`locator` for the game's deck).

    >>> import tobago_solver as tb
    >>> island = tb.islands.default()
    >>> build_locator(island, []).singled_out   # no card: no field is ever singled out
    0
    """
    table = compiled(island)
    card_masks = [table.mask(card) for card in dict.fromkeys(deck)]
    land = table.land_mask
    masks = []
    for i in range(len(table.fields)):
        bit = 1 << i
        settled = land
        for mask in card_masks:
            if mask & bit:
                settled &= mask
        masks.append(settled)
    singled_out = 0
    for i, settled in enumerate(masks):
        if settled == 1 << i:
            singled_out |= 1 << i
    return Locator(land, tuple(masks), singled_out)


def locator(island: Island) -> Locator:
    """The :class:`Locator` of ``island`` for the 52-card deck, computed once per island."""
    found: Locator | None = island._cache.get(_CACHE_KEY)
    if found is None:
        found = island._cache[_CACHE_KEY] = build_locator(island, DECK)
    return found
