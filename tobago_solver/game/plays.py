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
from tobago_solver.game.position import Position
from tobago_solver.island import Island
from tobago_solver.legality import cards_by_field, playable_cards
from tobago_solver.rules import MAP_NAMES, TobagoRules

_CACHE_KEY: Final = "tobago_solver.game.plays"
_LAST_KEY: Final = "tobago_solver.game.plays:last"
_READS_PLAYS: Final = frozenset({"island", "rules", "hands", "maps", "roses_left"})
_CANDIDATES_KEPT: Final = 1 << 16
"""Candidate sets whose playable clues are kept; the table starts over beyond (memory)."""


class PlayTable:
    """The plays of one island under one preset of §3."""

    def __init__(self, island: Island, rules: TobagoRules) -> None:
        masks = compiled(island).masks
        self.rules = rules
        self.index = {clue: i for i, clue in enumerate(masks)}
        """Every clue's bit in the masks of :meth:`playable`."""
        self._cards_by_field = cards_by_field(tuple(masks.values()), len(island.fields))
        self._plays = tuple(tuple(Play(clue, m) for m in range(len(MAP_NAMES))) for clue in masks)
        self._playable: dict[int, int] = {}

    def playable(self, candidates: int) -> int:
        """The clues (bits of :attr:`index`) that may be played on a map with ``candidates``."""
        found = self._playable.get(candidates)
        if found is None:
            if len(self._playable) >= _CANDIDATES_KEPT:
                self._playable.clear()
            found = playable_cards(candidates, self._cards_by_field, self.rules)
            self._playable[candidates] = found
        return found

    def plays(self, hand: Sequence[Clue], maps: Sequence[tuple[int, int]]) -> list[Play]:
        """The plays of ``hand`` (each card once, in hand order) on ``maps``: pairs of a map's
        index and its :meth:`playable` clues, in map order."""
        index = self.index
        plays = []
        # Cards playable on no map (most of a hand, late in a game) are passed over at once,
        # as are the second copies of a card.
        seen = ~0
        for _, playable in maps:
            seen &= ~playable
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
    # A game asks for the table of one rules object again and again: the last one is found
    # without hashing the rules (a dataclass's hash builds a tuple of its fields).
    last: PlayTable | None = island._cache.get(_LAST_KEY)
    if last is not None and last.rules is rules:
        return last
    tables: dict[TobagoRules, PlayTable] = island._cache.setdefault(_CACHE_KEY, {})
    table = tables.get(rules)
    if table is None:
        table = tables[rules] = PlayTable(island, rules)
    island._cache[_LAST_KEY] = table
    return table


def plays_of(position: Position, player: int, *, opening: bool = False) -> list[Play]:
    """The clue plays ``player`` may make (§5 (A)): each card of their hand on each map where §3
    allows it (in the published ``opening``, on the empty maps only); none without a wind rose.

    Outside the opening the list is kept while hands, maps and roses stay as they are (through
    the other players' moves), and shared: the stalemate check after a clue lists the next
    player's plays, which their turn then reads (do not change the list).

    >>> import tobago_solver as tb
    >>> state = tb.new_game(tb.islands.default(), 2, seed=1)
    >>> plays_of(state, 0) == [a for a in state.legal_actions() if isinstance(a, Play)]
    True
    """
    if opening:
        return _plays_on(position, player, opening=True)
    plays: list[Play] = position.derived(
        f"plays of {player}", _READS_PLAYS, lambda: _plays_on(position, player, opening=False)
    )
    return plays


def _plays_on(position: Position, player: int, *, opening: bool) -> list[Play]:
    if position.roses_left[player] == 0:
        return []
    table = play_table(position.island, position.rules.clue_rules)
    maps = [
        (m, table.playable(map_state.candidates_mask))
        for m, map_state in enumerate(position.maps)
        if not (opening and map_state.clues)
    ]
    return table.plays(position.hands[player], maps)
