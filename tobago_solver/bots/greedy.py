"""GreedyBot: the clue with the best race to the treasure, drives to treasures it reaches first.

>>> import random
>>> import tobago_solver as tb
>>> state = tb.new_game(tb.islands.default(), 2, seed=3)
>>> action = GreedyBot().choose(state.observation(0), random.Random(0))
>>> action in state.legal_actions()
True
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from collections.abc import Set as AbstractSet
from dataclasses import dataclass
from itertools import compress
from typing import Final

import numpy as np

from tobago_solver.bots.turns import no_decision
from tobago_solver.compile import compiled
from tobago_solver.game.actions import (
    ACCEPT_CURSE,
    END_TURN,
    EXCHANGE,
    SPEND_AMULET,
    TAKE_AMULET,
    Action,
    Move,
    Play,
    Simple,
)
from tobago_solver.game.observation import Observation
from tobago_solver.game.paths import MoveList
from tobago_solver.game.paths import moves as listed_moves
from tobago_solver.island import Island
from tobago_solver.movement import step_distance

_TABLE_KEY: Final = "tobago_solver.bots.greedy"
_NO_STOPS: Final[frozenset[str]] = frozenset()


class _Race:
    """Step distances of one island, with bitmasks of who reaches what first.

    ``beaten[other][car]`` is the bitmask of the fields a car on the field index ``car`` reaches
    in fewer steps than a car on ``other``; a car reaches a field first when it is closer than
    every other car, so the fields it reaches first are an AND over the other cars.
    """

    def __init__(self, island: Island) -> None:
        fields = island.fields
        self.fields = fields
        self.index = {name: i for i, name in enumerate(fields)}
        self.masks = compiled(island).masks
        """Each clue's fields (the bot's race table holds them too: one look-up per decision)."""
        self.steps = [[step_distance(island, a, b) for b in fields] for a in fields]
        self.beaten = _BeatenRows(self.steps)
        """``beaten[other][car]``: per field index ``car``, the fields that ``car`` reaches in
        fewer steps than ``other`` (a row made on first use)."""

    def move_firsts(self, moves: Sequence[Move], others: list[int], wanted: int) -> list[int]:
        """:meth:`firsts` for a car at the destination of each of ``moves``: the engine's
        :class:`~tobago_solver.game.paths.MoveList` holds their field indices."""
        ends = moves.ends if type(moves) is MoveList else [self.index[m.path[-1]] for m in moves]
        return self.firsts(ends, others, wanted)

    def first(self, car: int, others: list[int], wanted: int) -> int:
        """:meth:`firsts` of one car (the bot's own, at every decision: no list, no call per
        other car)."""
        beaten = self.beaten
        for other in others:
            wanted &= beaten[other][car]
        return wanted

    def firsts(self, cars: list[int], others: list[int], wanted: int) -> list[int]:
        """For a car on each of the field indices ``cars``, the fields of ``wanted`` that it
        reaches in fewer steps than the cars on the field indices ``others`` (all of them)."""
        if len(cars) == 1:  # the car itself, at every decision
            return [self.first(cars[0], others, wanted)]
        table = self.beaten
        rows = [table[other] for other in others]
        if len(rows) == 3:  # four players: one pass over the cars
            one, two, three = rows
            return [wanted & one[car] & two[car] & three[car] for car in cars]
        found = [wanted] * len(cars)
        for beaten in rows:
            found = [mine & beaten[car] for mine, car in zip(found, cars, strict=True)]
        return found


class _BeatenRows(dict[int, list[int]]):
    """:attr:`_Race.beaten`: the rows by the other car's field index, each made on first use (a
    comparison of step counts packed into bitmasks; a hit is a dict subscript in C)."""

    def __init__(self, steps: list[list[int]]) -> None:
        super().__init__()
        # Each row padded to whole bytes with distances no car beats, so that the rows of a
        # comparison pack as one flat array, a row's bitmask in every `_width` bytes.
        self._width = (len(steps) + 7) // 8
        self._distances = np.full((len(steps), self._width * 8), np.iinfo(np.int16).max, np.int16)
        self._distances[:, : len(steps)] = steps

    def __missing__(self, other: int) -> list[int]:
        closer = self._distances < self._distances[other]
        # Slices of one bytes object: a third of the time of a view and a copy per row.
        data, width = np.packbits(closer, bitorder="little").tobytes(), self._width
        found = self[other] = [
            int.from_bytes(data[start : start + width], "little")
            for start in range(0, len(data), width)
        ]
        return found


def _plays_and_moves(
    obs: Observation, legal: tuple[Action, ...], stops: AbstractSet[str]
) -> tuple[Sequence[Play], Sequence[Move]]:
    """The clue plays and the moves of the engine's listing ``legal`` (plays, then moves, then
    at most one other action: see ``GameState.legal_actions``); ``stops``: the fields of the
    located treasures.

    The moves are the engine's own list (:func:`~tobago_solver.game.paths.moves`, the same
    objects in the same order), which holds their destinations; the plays are what comes
    before them. A listing that is not the engine's is cut by testing each action.

    >>> import tobago_solver as tb
    >>> state = tb.new_game(tb.islands.default(), 4, seed=3)
    >>> obs = state.observation(0)
    >>> plays, moves = _plays_and_moves(obs, obs.legal_actions, frozenset())
    >>> (*plays, *moves) == obs.legal_actions
    True
    """
    end = len(legal) - (type(legal[-1]) is Simple)
    if obs.phase == "action":
        moves = listed_moves(obs.island, obs.cars[obs.player], obs.rules.max_steps, stops)
        first_move = end - len(moves)
        if moves:
            if first_move >= 0 and legal[first_move] is moves[0] and legal[end - 1] is moves[-1]:
                return legal[:first_move], moves  # type: ignore[return-value]
        elif all(type(action) is Play for action in legal[:end]):
            return legal[:end], moves  # type: ignore[return-value]
    first_move = 0
    for action in legal:
        if type(action) is not Play:  # the engine lists Play and Move values, no subclass
            break
        first_move += 1
    end = len(legal) - (first_move < len(legal) and type(legal[-1]) is not Move)
    return legal[:first_move], legal[first_move:end]  # type: ignore[return-value]


def _race(island: Island) -> _Race:
    race: _Race | None = island._cache.get(_TABLE_KEY)
    if race is None:
        race = island._cache[_TABLE_KEY] = _Race(island)
    return race


@dataclass(frozen=True)
class GreedyBot:
    """Plays the clue that gives it the best race to the treasure; drives to treasures it reaches
    first.

    In order: claim a located treasure within reach; drive to a located treasure no other car
    reaches sooner; play the best clue (each rose is a share of a treasure; a clue that locates a
    treasure under its own car claims it; one that locates it nearer another car is avoided);
    otherwise drive where it reaches the most candidates first. Takes every amulet, spends one
    for an extra action when it holds two, and against a curse when it would lose 5 or more.

    It never stalls on purpose: when it avoids every clue it holds and no map has changed for a
    full round (``observation.last_map_change``: everyone sees when a clue was last played), it
    plays its best clue anyway. With the ``exchange`` variant it exchanges its cards when it has
    a wind rose but no legal clue.

    >>> GreedyBot().name
    'greedy'
    """

    name: str = "greedy"
    curse_threshold: int = 5

    def choose(self, observation: Observation, rng: random.Random) -> Action:
        """The greedy choice; ties go to ``rng``."""
        legal = observation.legal_actions
        if not legal:
            raise no_decision(observation)
        if len(legal) == 1:
            return legal[0]
        me = observation.player
        if observation.phase == "curse":
            best = max(observation.gold[me], default=0)
            return SPEND_AMULET if best >= self.curse_threshold else ACCEPT_CURSE
        if observation.phase == "bonus":
            if TAKE_AMULET in legal:
                return TAKE_AMULET
            if SPEND_AMULET in legal and observation.amulets_held[me] >= 2:
                return SPEND_AMULET
            return END_TURN
        return self._act(observation, legal, rng)

    def _act(self, obs: Observation, legal: tuple[Action, ...], rng: random.Random) -> Action:
        race = _race(obs.island)
        me = obs.player
        index = race.index
        cars = list(obs.cars)
        here = index[cars.pop(me)]
        others = [index[car] for car in cars]
        # Each map's candidates, the located ones and (for the race, in clue values as in
        # drives) all of them, in one pass over the maps.
        candidates, located, wanted = [], [], 0
        for map_state in obs.maps:
            mask = map_state.candidates_mask
            candidates.append(mask)
            wanted |= mask
            if mask.bit_count() == 1:
                located.append(mask)
        stops = {race.fields[m.bit_length() - 1] for m in located} if located else _NO_STOPS
        plays, moves = _plays_and_moves(obs, legal, stops)
        # 1. Claim a located treasure within reach.
        # (A move reaches no field more steps away than a move may take: then none to look for.)
        reach = obs.rules.max_steps
        if located and any(race.steps[here][m.bit_length() - 1] <= reach for m in located):
            claims = [a for a in moves if a.path[-1] in stops]
            if claims:
                return rng.choice(claims)
        # 2. Drive to a located treasure no other car reaches sooner.
        for mask in located:
            target = mask.bit_length() - 1
            mine = race.steps[here][target]
            theirs = min((race.steps[o][target] for o in others), default=mine + 1)
            if moves and mine <= theirs:
                return min(moves, key=lambda a: (race.steps[index[a.destination]][target], str(a)))
        # 3. The best clue.
        best_value, best_plays = 0.0, []
        first = race.first(here, others, wanted)
        masks = race.masks
        # Plays come card by card (each card on its maps) and several leave the same
        # candidates: one mask lookup per card, one value per set of candidates left.
        clue, mask = None, 0
        values: dict[int, float] = {}
        for play in plays:
            if play.clue is not clue:
                clue = play.clue
                mask = masks[clue]
            after = candidates[play.map] & mask
            value = values.get(after)
            if value is None:
                value = values[after] = self._play_value(after, race, here, others, first)
            if value > best_value + 1e-9:
                best_value, best_plays = value, [play]
            elif abs(value - best_value) <= 1e-9 and value > 0:
                best_plays.append(play)
        if best_plays:
            return rng.choice(best_plays)
        if plays and obs.turn - obs.last_map_change > obs.players:
            # Every clue was avoided and nothing changed for a full round: waiting may last
            # for ever (the others may be unable to play), so play the least bad one.
            worth = [values[candidates[p.map] & masks[p.clue]] for p in plays]
            top = max(worth)
            return rng.choice([p for p, v in zip(plays, worth, strict=True) if v >= top - 1e-9])
        # The engine lists an exchange last: not looked for among the dozens of moves.
        if not plays and legal[-1] == EXCHANGE and obs.roses_left[me] > 0:
            return EXCHANGE
        # 4. Drive where the most candidates are reached first.
        if moves:
            firsts = race.move_firsts(moves, others, wanted)
            kinds = self._drive_worth(obs, firsts)
            # The best kinds of "reached first" (a few among dozens of moves), then their moves.
            top = max(kinds.values())
            best = {first for first, score in kinds.items() if score >= top - 1e-9}
            # Picked out of the dozens of moves in C (no Python step per move).
            return rng.choice(list(compress(moves, map(best.__contains__, firsts))))
        return rng.choice(legal)

    @staticmethod
    def _play_value(after: int, race: _Race, here: int, others: list[int], first: int) -> float:
        """What a clue is worth that leaves the candidates ``after`` on its map."""
        count = after.bit_count()
        if count == 1:
            target = after.bit_length() - 1
            if target == here:
                return 10.0  # claims at once
            if target in others:
                return -1.0  # hands the claim to a car standing there
            steps = race.steps
            mine = steps[here][target]
            # Mine only when every other car needs more steps (a loop: a generator is a frame).
            for other in others:
                if steps[other][target] <= mine:
                    return -1.0
            return 2.0
        share = (after & first).bit_count() / count
        # A rose is a card when the map is found; sooner on maps with few candidates.
        return 1.0 + share + 1.0 / count

    @staticmethod
    def _drive_worth(obs: Observation, firsts: Iterable[int]) -> dict[int, float]:
        """What a drive is worth that reaches the fields ``first`` first, for each of ``firsts``
        (of the candidates, see :meth:`_Race.firsts`): on each map, the candidates reached first
        times the map's weight (:meth:`_map_weights`), summed map by map. Drives that reach the
        same fields first (a few kinds among dozens of moves) are worth the same, worked out
        once."""
        weights = GreedyBot._map_weights(obs)
        worth: dict[int, float] = {}
        for first in set(firsts):
            score: float = 0
            for candidates, weight in weights:
                score = score + weight * (candidates & first).bit_count()
            worth[first] = score
        return worth

    @staticmethod
    def _map_weights(obs: Observation) -> list[tuple[int, float]]:
        """Per map, its candidates and what each is worth to a drive: more for maps with its
        roses and few candidates."""
        me = obs.player
        return [(m.candidates_mask, (m.roses[me] + 1) / m.candidate_count()) for m in obs.maps]
