"""The clue plays a hand allows (§5 (A), under the rules of §3), found with bitmasks.

>>> import tobago_solver as tb
>>> state = tb.new_game(tb.islands.default(), 2, seed=1)
>>> table = play_table(state.island, state.rules.clue_rules)
>>> plays = table.plays(state.hands[0], [(m, table.playable(s.candidates_mask))
...                                      for m, s in enumerate(state.maps)])
>>> plays == [a for a in state.legal_actions() if isinstance(a, tb.Play)]
True

Every clue of the grammar has an index; a map's candidates give, once, the bitmask of the clues
that may be played on it (:func:`~tobago_solver.legality.playable_cards`), kept per island and
preset, so a hand is checked against the maps with a bit test per card and map. The
:class:`~tobago_solver.game.actions.Play` values are made once too.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from tobago_solver.clues import Clue
from tobago_solver.compile import compiled
from tobago_solver.game.actions import Play
from tobago_solver.island import Island
from tobago_solver.legality import playable_cards
from tobago_solver.rules import MAP_NAMES, TobagoRules

_CACHE_KEY: Final = "tobago_solver.game.plays"
_CANDIDATES_KEPT: Final = 1 << 16
"""Candidate sets whose playable clues are kept; the table starts over beyond (memory)."""


class PlayTable:
    """The plays of one island under one preset of §3."""

    def __init__(self, island: Island, rules: TobagoRules) -> None:
        masks = compiled(island).masks
        self.rules = rules
        self.index = {clue: i for i, clue in enumerate(masks)}
        """Every clue's bit in the masks below."""
        self.card_masks = tuple(masks.values())
        self._plays = tuple(tuple(Play(clue, m) for m in range(len(MAP_NAMES))) for clue in masks)
        self._playable: dict[int, int] = {}

    def playable(self, candidates: int) -> int:
        """The clues (bits of :attr:`index`) that may be played on a map with ``candidates``."""
        found = self._playable.get(candidates)
        if found is None:
            if len(self._playable) >= _CANDIDATES_KEPT:
                self._playable.clear()
            found = playable_cards(candidates, self.card_masks, self.rules)
            self._playable[candidates] = found
        return found

    def plays(self, hand: Sequence[Clue], maps: Sequence[tuple[int, int]]) -> list[Play]:
        """The plays of ``hand`` (each card once, in hand order) on ``maps``: pairs of a map's
        index and its :meth:`playable` clues, in map order."""
        index = self.index
        plays = []
        seen = 0
        for card in hand:
            bit = index[card]
            if seen >> bit & 1:
                continue
            seen |= 1 << bit
            card_plays = self._plays[bit]
            for m, playable in maps:
                if playable >> bit & 1:
                    plays.append(card_plays[m])
        return plays


def play_table(island: Island, rules: TobagoRules) -> PlayTable:
    """The :class:`PlayTable` of ``island`` under ``rules``, made once per island and preset."""
    tables: dict[TobagoRules, PlayTable] = island._cache.setdefault(_CACHE_KEY, {})
    table = tables.get(rules)
    if table is None:
        table = tables[rules] = PlayTable(island, rules)
    return table
