"""The clue plays a hand allows (under the clue rules), found with bitmasks.

>>> import tobago_solver as tb
>>> state = tb.new_game(tb.islands.default(), 2, seed=1)
>>> table = play_table(state.island, state.rules.clue_rules)
>>> plays = table.plays(state.hands[0], [table.playable(m.candidates_mask) for m in state.maps])
>>> plays == [a for a in state.legal_actions() if isinstance(a, tb.Play)]
True

Every clue of the grammar has an index; a map's candidates give, once, the bitmask of the clues
that may be played on it (:func:`~tobago_solver.legality.playable_cards`), kept per island and
preset, so a hand is checked against the maps with a bit test per card and map. The
:class:`~tobago_solver.game.actions.Play` values are made once too, and kept per card and set of
maps, so a card's plays are one lookup.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from tobago_solver.clues import Clue
from tobago_solver.compile import compiled
from tobago_solver.game.actions import Play
from tobago_solver.game.position import Position
from tobago_solver.game.rules import MAX_PLAYERS
from tobago_solver.island import Island
from tobago_solver.legality import cards_by_field, playable_cards
from tobago_solver.rules import MAP_NAMES, TobagoRules

_CACHE_KEY: Final = "tobago_solver.game.plays"
_LAST_KEY: Final = "tobago_solver.game.plays:last"
_PLAYS_OF: Final = tuple(f"plays of {player}" for player in range(MAX_PLAYERS))
"""The name of each player's plays among the derived facts (made once, not at every look-up)."""
_READS_PLAYS: Final = frozenset({"island", "rules", "hands", "maps", "roses_left"})
_CANDIDATES_KEPT: Final = 1 << 16
"""Candidate sets whose playable clues are kept; the table starts over beyond (memory)."""


class _PlayableCards(dict[int, int]):
    """The playable clues of each candidate set (:meth:`PlayTable.playable`), found on first
    use: a hit is a dict subscript in C."""

    def __init__(self, cards_by_field: Sequence[int], rules: TobagoRules) -> None:
        super().__init__()
        self._cards_by_field = cards_by_field
        self._rules = rules

    def __missing__(self, candidates: int) -> int:
        if len(self) >= _CANDIDATES_KEPT:
            self.clear()
        found = self[candidates] = playable_cards(candidates, self._cards_by_field, self._rules)
        return found


class PlayTable:
    """The plays of one island under one preset of the clue rules."""

    def __init__(self, island: Island, rules: TobagoRules) -> None:
        masks = compiled(island).masks
        self.rules = rules
        self.index = {clue: i for i, clue in enumerate(masks)}
        """Every clue's bit in the masks of :meth:`playable`."""
        self.index_by_id = {id(clue): i for clue, i in self.index.items()}
        """:attr:`index` by the identity of the grammar's own clue objects (the deck's cards,
        which hands hold; :attr:`index` keeps them alive): a look-up without the clue's
        ``__hash__``, a Python call. A clue made apart (read from text) is not in it."""
        self._cards_by_field = cards_by_field(tuple(masks.values()), len(island.fields))
        maps = range(len(MAP_NAMES))
        plays = [[Play(clue, m) for m in maps] for clue in masks]
        self._plays_by_maps = tuple(
            tuple(tuple(on_maps[m] for m in maps if on >> m & 1) for on in range(1 << len(maps)))
            for on_maps in plays
        )
        """Per clue's bit, its plays on each set of maps (four bits, grey the lowest)."""
        self.playable_by_candidates = _PlayableCards(self._cards_by_field, rules)
        """:meth:`playable` as a dict (a subscript, not a Python call, for the listing)."""

    def playable(self, candidates: int) -> int:
        """The clues (bits of :attr:`index`) that may be played on a map with ``candidates``."""
        return self.playable_by_candidates[candidates]

    def plays(self, hand: Sequence[Clue], playable: Sequence[int]) -> list[Play]:
        """The plays of ``hand`` (each card once, in hand order) on the four maps, whose
        :meth:`playable` clues are ``playable`` in map order (0 for a map not to play on)."""
        index, index_by_id, by_maps = self.index, self.index_by_id, self._plays_by_maps
        grey, brown, black, white = playable
        plays: list[Play] = []
        # Cards playable on no map (most of a hand, late in a game) are passed over at once,
        # as are the second copies of a card.
        left = grey | brown | black | white
        for card in hand:
            bit = index_by_id.get(id(card))
            if bit is None:
                bit = index[card]
            if left >> bit & 1:
                left ^= 1 << bit
                # The card's maps as four bits: its plays on them, made once.
                plays.extend(
                    by_maps[bit][
                        (grey >> bit & 1)
                        | (brown >> bit & 1) << 1
                        | (black >> bit & 1) << 2
                        | (white >> bit & 1) << 3
                    ]
                )
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
    """The clue plays ``player`` may make: each card of their hand on each map where the clue
    rules allow it (in the published ``opening``, on the empty maps only); none without a wind rose.

    Outside the opening the list is kept while hands, maps and roses stay as they are (through
    the other players' moves), and shared: the stalemate check after a clue lists the next
    player's plays, which their turn then reads (do not change the list).

    >>> import tobago_solver as tb
    >>> state = tb.new_game(tb.islands.default(), 2, seed=1)
    >>> plays_of(state, 0) == [a for a in state.legal_actions() if isinstance(a, Play)]
    True
    """
    if opening:
        return _plays_on(position, player, True)
    plays: list[Play] = position.derived(
        _PLAYS_OF[player], _READS_PLAYS, _plays_on, position, player, False
    )
    return plays


def _plays_on(position: Position, player: int, opening: bool) -> list[Play]:
    if position.roses_left[player] == 0:
        return []
    table = play_table(position.island, position.rules.clue_rules)
    playable_on = table.playable_by_candidates
    if opening:
        playable = [0 if m.clues else playable_on[m.candidates_mask] for m in position.maps]
        return table.plays(position.hands[player], playable)
    # The four maps by name, not a comprehension (in Python 3.11 a call of its own).
    grey, brown, black, white = position.maps
    return table.plays(
        position.hands[player],
        (
            playable_on[grey.candidates_mask],
            playable_on[brown.candidates_mask],
            playable_on[black.candidates_mask],
            playable_on[white.candidates_mask],
        ),
    )
