"""The fields of a game position and what can be read from them, without the rules that move on.

:class:`~tobago_solver.game.state.GameState` is a :class:`Position` with the rules added (legal
actions, ``apply``); the rule modules (``distribution``, ``end``) and the observation read and
replace positions through this module, so none of them needs the state's module.

>>> import tobago_solver as tb
>>> state = tb.new_game(tb.islands.default(), 2, seed=1)
>>> isinstance(state, Position), state.to_move, state.scores
(True, 0, (0, 0))
>>> replace(state, turn=5).turn, state.turn
(5, 0)
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from dataclasses import replace as _dataclass_replace
from types import MappingProxyType
from typing import Any, Final, Literal, TypeVar

from tobago_solver.clues import Clue
from tobago_solver.compile import compiled
from tobago_solver.game.rules import GameRules
from tobago_solver.island import Island

Phase = Literal["opening", "action", "bonus", "curse", "over"]


@dataclass(frozen=True, slots=True)
class MapState:
    """One treasure map: its clues, each player's roses on it and the candidate bitmask.

    >>> import tobago_solver as tb
    >>> m = MapState.empty(tb.islands.default(), 2)
    >>> m.clues, m.roses, m.located
    ((), (0, 0), False)
    """

    clues: tuple[Clue, ...]
    roses: tuple[int, ...]
    candidates_mask: int
    """The fields where the treasure can be, as a bitmask over ``island.fields`` (derived)."""

    @classmethod
    def empty(cls, island: Island, players: int) -> MapState:
        """A map with no clue and no rose."""
        return cls((), (0,) * players, compiled(island).land_mask)

    @property
    def located(self) -> bool:
        """Whether exactly one field remains."""
        return self.candidates_mask.bit_count() == 1

    def candidate_count(self) -> int:
        """How many fields remain."""
        return self.candidates_mask.bit_count()


def located_field(island: Island, map_state: MapState) -> str | None:
    """The field of a located map, or None."""
    if not map_state.located:
        return None
    return island.fields[map_state.candidates_mask.bit_length() - 1]


@dataclass(frozen=True)
class Distribution:
    """A distribution in progress (it pauses when a player must decide about a curse).

    >>> Distribution(0, 1, "c3", (1, 0), (1, 2), (0, 0), (5, 4, 0), 0).cards
    (5, 4, 0)
    """

    map: int
    claimant: int
    field: str
    ranking: tuple[int, ...]
    quotas: tuple[int, ...]
    received: tuple[int, ...]
    cards: tuple[int, ...]
    """The drawn cards still to reveal (0 is a curse)."""
    next_rank: int
    cursed: tuple[int, ...] = ()
    """Players still to face the curse just revealed, in ranking order."""


_T = TypeVar("_T")
_PositionT = TypeVar("_PositionT", bound="Position")
_MISSING: Final[Any] = object()


def replace(value: _T, **changes: Any) -> _T:
    """``dataclasses.replace``, fast for positions (the hot path of every game).

    A position hands on the facts derived from it (:meth:`Position.derived`) whose fields do not
    change.
    """
    if isinstance(value, Position):
        return replaced(value, changes)
    if type(value) is Distribution:
        # Each card dealt changes the distribution; it has no __post_init__ to run either.
        dealt_fields = value.__dict__.copy()
        dealt_fields.update(changes)
        dealt = object.__new__(Distribution)
        object.__setattr__(dealt, "__dict__", dealt_fields)
        return dealt  # type: ignore[return-value]
    return _dataclass_replace(value, **changes)  # type: ignore[type-var]


def replaced(position: _PositionT, changes: dict[str, Any]) -> _PositionT:
    """:func:`replace` of a position, the changes given as a dict (the end of every turn builds
    one, and need not have it unpacked and packed again)."""
    # A copy of the instance dict, handed to a new instance: no __init__, and one copy of the
    # table rather than the fields inserted one by one.
    fields = position.__dict__.copy()
    fields.update(changes)
    # Facts are kept by the fields they read, and a group is shared, not copied: what either
    # position finds later holds for both, as both have the same values of those fields.
    # (A loop rather than a comprehension: in Python 3.11 that is a call of its own.)
    kept = {}
    for reads, facts in fields["_cache"].items():
        if reads.isdisjoint(changes):
            kept[reads] = facts
    fields["_cache"] = kept
    new = object.__new__(type(position))
    object.__setattr__(new, "__dict__", fields)
    return new


def tuple_set(values: tuple[Any, ...], index: int, value: Any) -> tuple[Any, ...]:
    """``values`` with the item at ``index`` replaced.

    >>> tuple_set((1, 2, 3), 1, 9)
    (1, 9, 3)
    """
    changed = list(values)
    changed[index] = value
    return tuple(changed)


@dataclass(frozen=True, eq=True)
class Position:
    """Every field of a Tobago game position, and the views every rule reads.

    ``maps`` are grey, brown, black, white. ``treasure_deck`` (top first; 0 is a curse),
    ``clue_deck`` and ``hands`` are hidden information; bots see an observation.
    """

    island: Island
    rules: GameRules
    players: int
    current_player: int
    turn: int
    phase: Phase
    maps: tuple[MapState, ...]
    cars: tuple[str, ...]
    hands: tuple[tuple[Clue, ...], ...]
    gold: tuple[tuple[int, ...], ...]
    amulets: tuple[str, ...]
    """Fields holding an amulet, reading order."""
    amulets_held: tuple[int, ...]
    amulet_supply: int
    roses_left: tuple[int, ...]
    """Roses each player has not put on a map."""
    treasure_deck: tuple[int, ...]
    clue_deck: tuple[Clue, ...]
    clue_discards: tuple[Clue, ...]
    seed: int
    """Seeds the reshuffles of the clue discards (the decks were dealt from it)."""
    reshuffles: int = 0
    moved: bool = False
    """In the ``bonus`` phase: the action was a move and the car's amulet may still be taken."""
    claims: tuple[tuple[int, int], ...] = ()
    """Claims waiting for their distribution: (map, claimant)."""
    distribution: Distribution | None = None
    end_reason: str | None = None
    cursed_gold: tuple[int, ...] = ()
    """Gold cards discarded because of curses."""
    curses_drawn: int = 0
    amulets_spent: tuple[int, ...] = ()
    opening_left: int = 0
    """Opening plays still to make (published preset)."""
    abandoned: tuple[int, ...] = (0, 0, 0, 0)
    """How many times each map was abandoned because its treasure could no longer be located."""
    last_map_change: int = -1
    """The last turn in which a map changed: a clue played, a treasure claimed or a map
    abandoned (-1: none yet). Public: everyone at the table sees it."""
    hand_decks: tuple[tuple[int, ...], ...] = ()
    """Which clue deck each hand card was drawn from, aligned with ``hands``: 0 the dealt deck,
    k the deck shuffled from the discards at the k-th reshuffle (empty: every card from the
    dealt deck, for positions built by hand). Public: everyone sees who draws when."""
    reshuffled_piles: tuple[tuple[Clue, ...], ...] = ()
    """The discard pile shuffled into a new clue deck at each reshuffle (public: the pile lay
    face up)."""
    _cache: dict[frozenset[str], dict[str, Any]] = field(
        default_factory=dict, init=False, compare=False, repr=False
    )
    """Derived facts by name, grouped by the fields they read (see :meth:`derived`)."""

    def __getstate__(self) -> dict[str, Any]:
        """Pickled without its derived facts (a copy works them out again when asked)."""
        return {**self.__dict__, "_cache": {}}

    def derived(
        self, name: str, reads: frozenset[str], compute: Callable[..., _T], *args: Any
    ) -> _T:
        """The fact ``name``, computed from the fields ``reads`` by ``compute(*args)`` on first
        use (arguments rather than a closure: a lambda made at every look-up costs more than
        the look-up).

        :func:`replace` hands it on to the next position while none of those fields changes:
        a car's move keeps what was found about the maps and hands.

        >>> import tobago_solver as tb
        >>> state = tb.new_game(tb.islands.default(), 2, seed=1)
        >>> state.derived("turn", frozenset({"turn"}), lambda: state.turn * 10)
        0
        >>> moved = replace(state, cars=state.cars[::-1])
        >>> moved.derived("turn", frozenset({"turn"}), lambda: -1)  # handed on
        0
        >>> replace(state, turn=2).derived("turn", frozenset({"turn"}), abs, -1)
        1
        """
        facts = self._cache.get(reads)
        if facts is None:
            facts = self._cache[reads] = {}
        value: _T = facts.get(name, _MISSING)
        if value is _MISSING:
            value = facts[name] = compute(*args)
        return value

    def decks_of_hands(self) -> tuple[tuple[int, ...], ...]:
        """:attr:`hand_decks`, filled in for positions built by hand (every card dealt)."""
        if len(self.hand_decks) == self.players:
            return self.hand_decks
        return tuple((0,) * len(hand) for hand in self.hands)

    @property
    def treasure_deck_size(self) -> int:
        """Cards left in the treasure deck (curses included)."""
        return len(self.treasure_deck)

    @property
    def is_terminal(self) -> bool:
        """Whether the game has ended."""
        return self.end_reason is not None

    @property
    def to_move(self) -> int:
        """The player who decides next: the current player, or one facing a curse."""
        if self.phase == "curse" and self.distribution is not None:
            return self.distribution.cursed[0]
        return self.current_player

    @property
    def scores(self) -> tuple[int, ...]:
        """Each player's gold."""
        return tuple(sum(cards) for cards in self.gold)

    @property
    def winners(self) -> tuple[int, ...]:
        """Every player with the highest score (no tie-breaker)."""
        scores = self.scores
        best = max(scores)
        return tuple(p for p, s in enumerate(scores) if s == best)

    def candidates(self, map_index: int) -> tuple[str, ...]:
        """The candidate fields of one map, reading order."""
        table = compiled(self.island)
        return tuple(table.field_set(self.maps[map_index].candidates_mask))

    def located_fields(self) -> dict[str, tuple[int, ...]]:
        """Located treasures: field -> the maps located there."""
        return dict(self.located_treasures())

    def located_treasures(self) -> Mapping[str, tuple[int, ...]]:
        """:meth:`located_fields`, computed once and shared (a car's move keeps it)."""
        found: Mapping[str, tuple[int, ...]] = self.derived(
            "located", _READS_MAPS, _find_located, self.island.fields, self.maps
        )
        return found


def _find_located(
    fields: tuple[str, ...], maps: tuple[MapState, ...]
) -> Mapping[str, tuple[int, ...]]:
    located: dict[str, tuple[int, ...]] = {}
    for m, map_state in enumerate(maps):
        mask = map_state.candidates_mask
        if mask.bit_count() == 1:  # located (the property, without its call)
            name = fields[mask.bit_length() - 1]
            located[name] = (*located.get(name, ()), m)
    return MappingProxyType(located) if located else _NONE_LOCATED


_READS_MAPS: Final = frozenset({"island", "maps"})
_NONE_LOCATED: Final[Mapping[str, tuple[int, ...]]] = MappingProxyType({})
