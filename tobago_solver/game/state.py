"""The game state: an immutable value; ``apply`` returns the next state.

>>> import tobago_solver as tb
>>> state = tb.new_game(tb.islands.default(), 3, seed=4)
>>> state.phase, state.to_move, state.treasure_deck_size
('action', 0, 41)
>>> action = state.legal_actions()[0]
>>> state.apply(action) != state
True

Phase model (``state.phase``; ``state.to_move`` is the player who decides):

- ``opening`` (published preset): the current player starts an empty map with a clue.
- ``action``: the current player plays a clue or moves (``pass`` only if neither is possible).
- ``bonus``: after an action that claimed nothing, the current player may ``take amulet`` (after
  a move onto an amulet), ``spend amulet`` (one more action: back to ``action``) or ``end turn``.
  When none of the first two is possible the turn ends by itself.
- ``curse``: a curse was revealed; ``to_move`` (a player with roses on the map, gold and an
  amulet) chooses ``spend amulet`` or ``accept curse``. Players without an amulet discard at once.
- ``over``: the game has ended (``end_reason``).

A claim ends the turn: the distribution runs (pausing only for curse decisions), then the next
player's turn begins.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from dataclasses import replace as _dataclass_replace
from typing import TYPE_CHECKING, Any, Literal, TypeVar

from tobago_solver.clues import Clue
from tobago_solver.compile import compiled
from tobago_solver.errors import IllegalActionError
from tobago_solver.game.actions import (
    ACCEPT_CURSE,
    END_TURN,
    PASS,
    SPEND_AMULET,
    TAKE_AMULET,
    Action,
    Move,
    Play,
)
from tobago_solver.game.distribution import next_recipient, quotas_of, ranking_of
from tobago_solver.game.rules import CURSE, GameRules, add_amulets
from tobago_solver.island import Island
from tobago_solver.legality import Reason, play_reason
from tobago_solver.movement import reachable, step_distance
from tobago_solver.rules import MAP_NAMES

if TYPE_CHECKING:
    from tobago_solver.game.observation import Observation

Phase = Literal["opening", "action", "bonus", "curse", "over"]

END_DECK_EMPTY = "treasure deck empty"
END_NO_CANDIDATE = "map without candidate"
END_TURN_LIMIT = "turn limit"

_MOVES_KEY = "tobago_solver.game.moves"


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


@dataclass(frozen=True)
class Distribution:
    """A §6 distribution in progress (it pauses when a player must decide about a curse).

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


def replace(value: _T, **changes: Any) -> _T:
    """``dataclasses.replace``, fast for GameState (the hot path of every game)."""
    if type(value) is GameState:
        # Copying the instance dict skips __init__; the cache of derived facts starts empty.
        new = object.__new__(GameState)
        new.__dict__.update(value.__dict__)
        new.__dict__.update(changes)
        new.__dict__["_cache"] = {}
        return new  # type: ignore[return-value]
    return _dataclass_replace(value, **changes)  # type: ignore[type-var]


def _tuple_set(values: tuple[Any, ...], index: int, value: Any) -> tuple[Any, ...]:
    return (*values[:index], value, *values[index + 1 :])


def move_neighbours(island: Island) -> dict[str, tuple[str, ...]]:
    """For every field, the fields one step away (reading order), cached on the island."""
    cache = island._cache.setdefault(_MOVES_KEY, {})
    table: dict[str, tuple[str, ...]] | None = cache.get("neighbours")
    if table is None:
        order = {name: i for i, name in enumerate(island.fields)}
        table = {
            f: tuple(sorted(reachable(island, f, 1) - {f}, key=order.__getitem__))
            for f in island.fields
        }
        cache["neighbours"] = table
    return table


def move_paths(
    island: Island, start: str, steps: int, stops: frozenset[str] = frozenset()
) -> dict[str, tuple[str, ...]]:
    """One shortest path (breadth first, reading order) to every field within ``steps`` steps.

    A path never goes on from a field of ``stops`` (a located treasure: the car claims and stops).

    >>> import tobago_solver as tb
    >>> island = tb.islands.default()
    >>> start = island.fields[0]
    >>> paths = move_paths(island, start, 3)
    >>> set(paths) == reachable(island, start) - {start}
    True
    """
    cache = island._cache.setdefault(_MOVES_KEY, {})
    key = (start, steps)
    if not stops and key in cache:
        cached: dict[str, tuple[str, ...]] = cache[key]
        return cached
    neighbours = move_neighbours(island)
    paths: dict[str, tuple[str, ...]] = {start: ()}
    frontier = [start]
    for _ in range(steps):
        following = []
        for here in frontier:
            if here in stops:
                continue
            for there in neighbours[here]:
                if there not in paths:
                    paths[there] = (*paths[here], there)
                    following.append(there)
        frontier = following
    del paths[start]
    if not stops:
        cache[key] = paths
    return paths


@dataclass(frozen=True, eq=True)
class GameState:
    """A Tobago game position; build one with :func:`tobago_solver.new_game`.

    >>> import tobago_solver as tb
    >>> state = tb.new_game(tb.islands.default(), 2, seed=1)
    >>> state  # doctest: +NORMALIZE_WHITESPACE
    GameState(island='ABC-1', rules='seed', players=2, turn=0, phase='action', to_move=0,
              scores=(0, 0), end_reason=None)

    ``maps`` are grey, brown, black, white. ``treasure_deck`` (top first; 0 is a curse),
    ``clue_deck`` and ``hands`` are hidden information; bots see :meth:`observation`.
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
    _cache: dict[str, Any] = field(default_factory=dict, init=False, compare=False, repr=False)

    # -- public views --------------------------------------------------------------------------

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
        located: dict[str, tuple[int, ...]] = {}
        fields = self.island.fields
        for m, map_state in enumerate(self.maps):
            if map_state.located:
                name = fields[map_state.candidates_mask.bit_length() - 1]
                located[name] = (*located.get(name, ()), m)
        return located

    def __repr__(self) -> str:
        return (
            f"GameState(island={self.island.name!r}, rules={self.rules.name!r}, "
            f"players={self.players}, turn={self.turn}, phase={self.phase!r}, "
            f"to_move={self.to_move}, scores={self.scores}, end_reason={self.end_reason!r})"
        )

    def observation(self, player: int) -> Observation:
        """What ``player`` may know: the public board, own hand and gold, deck sizes."""
        from tobago_solver.game.observation import observe

        return observe(self, player)

    # -- legal actions -------------------------------------------------------------------------

    def legal_actions(self) -> tuple[Action, ...]:
        """The actions ``to_move`` may take, in a stable order (plays, moves, then the rest)."""
        actions: tuple[Action, ...] | None = self._cache.get("legal")
        if actions is None:
            actions = self._cache["legal"] = tuple(self._legal())
        return actions

    def _legal(self) -> list[Action]:
        p = self.current_player
        if self.phase == "over":
            return []
        if self.phase == "curse":
            return [SPEND_AMULET, ACCEPT_CURSE]
        if self.phase == "bonus":
            bonus: list[Action] = []
            if self.moved and self.cars[p] in self.amulets:
                bonus.append(TAKE_AMULET)
            if self.amulets_held[p] > 0:
                bonus.append(SPEND_AMULET)
            bonus.append(END_TURN)
            return bonus
        actions: list[Action] = list(self._legal_plays())
        if self.phase == "action":
            actions.extend(self._legal_moves())
        return actions or [PASS]

    def _legal_plays(self) -> list[Play]:
        p = self.current_player
        if self.roses_left[p] == 0:
            return []
        masks = compiled(self.island).masks
        rules = self.rules.clue_rules
        opening = self.phase == "opening"
        plays = []
        seen = set()
        for card in self.hands[p]:
            if card in seen:
                continue
            seen.add(card)
            card_mask = masks[card]
            for m, map_state in enumerate(self.maps):
                if opening and map_state.clues:
                    continue
                before = map_state.candidates_mask
                if play_reason(before, before & card_mask, rules) is Reason.OK:
                    plays.append(Play(card, m))
        return plays

    def _legal_moves(self) -> list[Move]:
        start, steps = self.cars[self.current_player], self.rules.max_steps
        stops = frozenset(self.located_fields())
        if stops:
            return [Move(path) for path in move_paths(self.island, start, steps, stops).values()]
        cache = self.island._cache.setdefault(_MOVES_KEY, {})
        key = ("moves", start, steps)
        moves: list[Move] | None = cache.get(key)
        if moves is None:
            moves = cache[key] = [
                Move(path) for path in move_paths(self.island, start, steps).values()
            ]
        return moves

    # -- applying actions ----------------------------------------------------------------------

    def apply(self, action: Action) -> GameState:
        """The state after ``action`` by ``to_move``; raises IllegalActionError naming the rule."""
        if isinstance(action, Move) and self.phase == "action":
            self._check_move(action)
        elif action not in self.legal_actions():
            raise self._illegal(action)
        if isinstance(action, Play):
            return self._play(action)
        if isinstance(action, Move):
            return self._move(action)
        p = self.current_player
        if action == TAKE_AMULET:
            amulets = tuple(f for f in self.amulets if f != self.cars[p])
            held = _tuple_set(self.amulets_held, p, self.amulets_held[p] + 1)
            return replace(self, amulets=amulets, amulets_held=held, moved=False)._after_action()
        if action == SPEND_AMULET:
            decider = self.to_move
            spent = replace(
                self,
                amulets_held=_tuple_set(self.amulets_held, decider, self.amulets_held[decider] - 1),
                amulet_supply=self.amulet_supply + 1,
                amulets_spent=_tuple_set(
                    self.amulets_spent, decider, self.amulets_spent[decider] + 1
                ),
            )
            if self.phase == "curse":
                return spent._curse_resolved()
            return replace(spent, phase="action", moved=False)
        if action == ACCEPT_CURSE:
            return self._discard_highest(self.to_move)._curse_resolved()
        return self._end_turn()  # END_TURN or PASS

    def _illegal(self, action: Action) -> IllegalActionError:
        p = self.current_player
        text = str(action)
        if self.phase == "over":
            return IllegalActionError(f"{text!r}: the game is over ({self.end_reason})", "§7")
        if self.phase == "curse":
            return IllegalActionError(
                f"{text!r}: player {self.to_move} faces a curse and must 'spend amulet' or "
                "'accept curse'",
                "§6 curse",
            )
        if self.phase == "bonus" and isinstance(action, Play | Move):
            return IllegalActionError(
                f"{text!r}: the action is done; 'spend amulet' for another", "§5 amulets"
            )
        if self.phase == "opening" and not isinstance(action, Play):
            return IllegalActionError(
                f"{text!r}: each player opens with a clue on an empty map", "§4 published opening"
            )
        if isinstance(action, Play):
            if action.clue not in self.hands[p]:
                return IllegalActionError(f"{text!r}: the clue is not in your hand", "§5 (A)")
            if self.roses_left[p] == 0:
                return IllegalActionError(f"{text!r}: you have no wind rose left", "§5 (A)")
            if self.phase == "opening" and self.maps[action.map].clues:
                return IllegalActionError(
                    f"{text!r}: the opening starts an empty map", "§4 published opening"
                )
            from tobago_solver.legality import check_clue

            verdict = check_clue(
                self.island,
                self.maps[action.map].clues,
                action.clue,
                self.rules.clue_rules,
                explain=False,
            )
            return IllegalActionError(f"{text!r}: {verdict.message}", f"§3 rule {verdict.rule}")
        if action == TAKE_AMULET:
            return IllegalActionError(
                f"{text!r}: only right after a move onto a field with an amulet", "§5 (B)"
            )
        if action == SPEND_AMULET:
            if self.amulets_held[p] == 0:
                return IllegalActionError(f"{text!r}: you hold no amulet", "§5 amulets")
            return IllegalActionError(
                f"{text!r}: amulets buy an extra action after an action", "§5 amulets"
            )
        if action == PASS:
            return IllegalActionError(
                f"{text!r}: passing is allowed only when no clue play and no move is",
                "§5",
            )
        return IllegalActionError(f"{text!r}: not possible in the {self.phase} phase", "§5")

    def _check_move(self, move: Move) -> None:
        text = str(move)
        if not 1 <= len(move.path) <= self.rules.max_steps:
            raise IllegalActionError(
                f"{text!r}: a move has 1 to {self.rules.max_steps} steps", "§5 (B)"
            )
        neighbours = move_neighbours(self.island)
        here = self.cars[self.current_player]
        if move.destination == here:
            # A car cannot stay put (and so take the amulet under it) by driving a round trip.
            raise IllegalActionError(
                f"{text!r}: the move ends where the car started, {here}; a move goes somewhere",
                "§5 (B)",
            )
        located = self.located_fields()
        for i, there in enumerate(move.path):
            if there not in neighbours:
                raise IllegalActionError(f"{text!r}: {there} is not a land field", "§5 (B)")
            if there not in neighbours[here]:
                raise IllegalActionError(
                    f"{text!r}: {here} to {there} is not a step (an adjacent field of another "
                    "terrain, or a field of the same area)",
                    "§5 (B) step rule",
                )
            if there in located and i < len(move.path) - 1:
                raise IllegalActionError(
                    f"{text!r}: the car claims the treasure at {there} and stops there",
                    "§5 claiming",
                )
            here = there

    def _play(self, play: Play) -> GameState:
        p = self.current_player
        hand = list(self.hands[p])
        hand.remove(play.clue)
        old = self.maps[play.map]
        new_map = MapState(
            (*old.clues, play.clue),
            _tuple_set(old.roses, p, old.roses[p] + 1),
            old.candidates_mask & compiled(self.island).mask(play.clue),
        )
        state = replace(
            self,
            maps=_tuple_set(self.maps, play.map, new_map),
            roses_left=_tuple_set(self.roses_left, p, self.roses_left[p] - 1),
        )
        state = state._draw(p, tuple(hand))
        if new_map.located:
            field_ = self.island.fields[new_map.candidates_mask.bit_length() - 1]
            for k in range(self.players):
                other = (p + k) % self.players
                if state.cars[other] == field_:
                    return replace(state, claims=((play.map, other),))._settle()
        if self.phase == "opening":
            return state._end_turn()
        return state._after_action()

    def _draw(self, player: int, hand: tuple[Clue, ...]) -> GameState:
        deck, discards, reshuffles = self.clue_deck, self.clue_discards, self.reshuffles
        need = self.rules.hand_size(self.players) - len(hand)
        while need > 0:
            if not deck:
                if not discards:
                    break
                # A fresh generator per reshuffle keeps the state a plain value.
                pile = list(discards)
                random.Random(f"tobago-reshuffle:{self.seed}:{reshuffles}").shuffle(pile)
                deck, discards, reshuffles = tuple(pile), (), reshuffles + 1
            taken = deck[:need]
            hand, deck, need = (*hand, *taken), deck[len(taken) :], need - len(taken)
        return replace(
            self,
            hands=_tuple_set(self.hands, player, hand),
            clue_deck=deck,
            clue_discards=discards,
            reshuffles=reshuffles,
        )

    def _move(self, move: Move) -> GameState:
        p = self.current_player
        state = replace(self, cars=_tuple_set(self.cars, p, move.destination))
        maps_here = self.located_fields().get(move.destination, ())
        if maps_here:
            return replace(state, claims=tuple((m, p) for m in maps_here))._settle()
        return replace(state, moved=True)._after_action()

    def _after_action(self) -> GameState:
        p = self.current_player
        can_take = self.moved and self.cars[p] in self.amulets
        if can_take or self.amulets_held[p] > 0:
            return replace(self, phase="bonus")
        return self._end_turn()

    def _end_turn(self) -> GameState:
        opening_left = self.opening_left - 1 if self.opening_left > 0 else 0
        turn = self.turn + 1
        end_reason = self.end_reason
        if end_reason is None and any(m.candidates_mask == 0 for m in self.maps):
            end_reason = END_NO_CANDIDATE
        if end_reason is None and turn >= self.rules.turn_limit:
            end_reason = END_TURN_LIMIT
        phase: Phase = (
            "over" if end_reason is not None else "opening" if opening_left > 0 else "action"
        )
        return replace(
            self,
            current_player=(self.current_player + 1) % self.players,
            turn=turn,
            phase=phase,
            moved=False,
            opening_left=opening_left,
            end_reason=end_reason,
        )

    # -- claims and distribution (§6) ----------------------------------------------------------

    def _settle(self) -> GameState:
        """Run claims and distributions until a player must decide or the turn is over."""
        state = self
        while True:
            if state.distribution is not None:
                state = state._advance()
                if state.phase in ("curse", "over"):
                    return state
            elif state.claims:
                state = state._start_distribution(*state.claims[0])
            else:
                return state._end_turn()

    def _start_distribution(self, map_index: int, claimant: int) -> GameState:
        map_state = self.maps[map_index]
        field_ = self.island.fields[map_state.candidates_mask.bit_length() - 1]
        roses, roses_left = map_state.roses, self.roses_left
        if roses_left[claimant] > 0:
            roses = _tuple_set(roses, claimant, roses[claimant] + 1)
            roses_left = _tuple_set(roses_left, claimant, roses_left[claimant] - 1)
        steps = tuple(step_distance(self.island, car, field_) for car in self.cars)
        drawn = sum(roses) + 1
        distribution = Distribution(
            map_index,
            claimant,
            field_,
            ranking_of(roses, steps, claimant),
            quotas_of(roses, claimant),
            (0,) * self.players,
            self.treasure_deck[:drawn],
            0,
        )
        return replace(
            self,
            maps=_tuple_set(self.maps, map_index, replace(map_state, roses=roses)),
            roses_left=roses_left,
            treasure_deck=self.treasure_deck[drawn:],
            distribution=distribution,
            claims=self.claims[1:],
            phase="action",
        )

    def _advance(self) -> GameState:
        """Reveal cards until a curse needs a decision or the distribution is done."""
        state = self
        dist = self.distribution
        assert dist is not None
        gold = list(self.gold)
        while True:
            while dist.cursed:
                player = dist.cursed[0]
                if not gold[player]:
                    dist = replace(dist, cursed=dist.cursed[1:])
                elif state.amulets_held[player] > 0:
                    return replace(state, gold=tuple(gold), distribution=dist, phase="curse")
                else:
                    state = replace(state, gold=tuple(gold))._discard_highest(player)
                    gold = list(state.gold)
                    dist = replace(dist, cursed=dist.cursed[1:])
            if not dist.cards:
                break
            card, rest = dist.cards[0], dist.cards[1:]
            if card == CURSE:
                roses = state.maps[dist.map].roses
                dist = replace(
                    dist, cards=rest, cursed=tuple(p for p in dist.ranking if roses[p] > 0)
                )
                state = replace(state, curses_drawn=state.curses_drawn + 1)
                continue
            found = next_recipient(dist.ranking, dist.quotas, dist.received, dist.next_rank)
            if found is None:  # pragma: no cover - the quotas cover every drawn card
                raise AssertionError("no player may receive the card")
            player, next_rank = found
            gold[player] = (*gold[player], card)
            dist = replace(
                dist,
                cards=rest,
                received=_tuple_set(dist.received, player, dist.received[player] + 1),
                next_rank=next_rank,
            )
        return replace(state, gold=tuple(gold), distribution=dist)._finish_distribution()

    def _discard_highest(self, player: int) -> GameState:
        cards = list(self.gold[player])
        highest = max(cards)
        cards.remove(highest)
        return replace(
            self,
            gold=_tuple_set(self.gold, player, tuple(cards)),
            cursed_gold=(*self.cursed_gold, highest),
        )

    def _curse_resolved(self) -> GameState:
        dist = self.distribution
        assert dist is not None
        state = replace(self, distribution=replace(dist, cursed=dist.cursed[1:]), phase="action")
        return state._settle()

    def _finish_distribution(self) -> GameState:
        dist = self.distribution
        assert dist is not None
        old = self.maps[dist.map]
        roses_left = tuple(
            left + on_map for left, on_map in zip(self.roses_left, old.roses, strict=True)
        )
        new_map = MapState.empty(self.island, self.players)
        if self.rules.opening == "roses":
            new_map = replace(new_map, roses=tuple(int(left > 0) for left in roses_left))
            roses_left = tuple(
                left - on_map for left, on_map in zip(roses_left, new_map.roses, strict=True)
            )
        amulets, supply = self.amulets, self.amulet_supply
        if self.rules.amulets_after_claim:
            amulets, supply = add_amulets(self.island, amulets, supply)
        state = replace(
            self,
            maps=_tuple_set(self.maps, dist.map, new_map),
            roses_left=roses_left,
            clue_discards=(*self.clue_discards, *old.clues),
            amulets=amulets,
            amulet_supply=supply,
            distribution=None,
        )
        if not state.treasure_deck:
            return replace(state, end_reason=END_DECK_EMPTY, phase="over", claims=())
        return state


def located_field(island: Island, map_state: MapState) -> str | None:
    """The field of a located map, or None."""
    if not map_state.located:
        return None
    return island.fields[map_state.candidates_mask.bit_length() - 1]


def map_name(index: int) -> str:
    """``grey``, ``brown``, ``black`` or ``white``."""
    return MAP_NAMES[index]


def all_roses(state: GameState) -> tuple[int, ...]:
    """Each player's roses in total (on maps and in hand): always ``rules.roses``."""
    return tuple(
        state.roses_left[p] + sum(m.roses[p] for m in state.maps) for p in range(state.players)
    )


def gold_total(state: GameState) -> int:
    """Treasure cards in the deck, with players, being distributed and cursed away (41)."""
    pending = len(state.distribution.cards) if state.distribution else 0
    return (
        len(state.treasure_deck)
        + sum(len(cards) for cards in state.gold)
        + len(state.cursed_gold)
        + state.curses_drawn
        + pending
    )
