"""Games whose every seat draws uniformly among its choices, played without an observation per
turn and with runs of plain moves stepped on a list of cars.

A seat that draws uniformly (:class:`~tobago_solver.bots.RandomBot`, the baseline of every
simulation) needs only how many actions it chooses among and the one it drew. Nine turns in ten
of such a game are a car's move that claims nothing and leaves no amulet to decide about: the
turn ends with it, and only the cars, the turn and the player to move change. From a position
in the action phase, :func:`play_uniformly` steps such moves on a list of cars, counting each
turn's choices from the lists the engine keeps (the player's clue plays, the car's moves), and
builds a :class:`~tobago_solver.game.state.GameState` again only for the first action that is
anything else: that one, and every turn outside the action phase, goes through
:meth:`GameState.apply`, which stays the rules' one statement. The draw is the one
``rng.choice`` makes over the choices, so a game is the same action for action as
:func:`~tobago_solver.game.records.play_game` stepping the states (a test plays both ways over
the presets, the ``exchange`` variant and every player count).

>>> import tobago_solver as tb
>>> from tobago_solver.game.records import bot_rng
>>> state = tb.new_game(tb.islands.default(), 2, seed=3)
>>> final, actions, actors = play_uniformly(state, [bot_rng(3, 0), bot_rng(3, 1)])
>>> record = tb.play_game(tb.islands.default(), [tb.RandomBot()] * 2, seed=3)
>>> tuple(actions) == record.actions, final.scores == record.scores
(True, True)
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Final

from tobago_solver.game.actions import EXCHANGE, Action, Play
from tobago_solver.game.end import nothing_ends
from tobago_solver.game.paths import MoveList, moves
from tobago_solver.game.plays import plays_of
from tobago_solver.game.position import replaced
from tobago_solver.game.rules import GameRules
from tobago_solver.game.state import GameState, amulet_follows_move
from tobago_solver.island import Island

__all__ = ["picks_uniformly", "play_uniformly", "uniform_choices"]


def picks_uniformly(bots: Sequence[object]) -> bool:
    """Whether every seat declares that it draws with ``rng.choice`` over
    :func:`uniform_choices` of its observation's legal actions and reads nothing else: its
    class sets ``picks_uniformly = True`` itself (a subclass, which may choose otherwise, must
    say so again).

    >>> import tobago_solver as tb
    >>> picks_uniformly([tb.RandomBot(), tb.RandomBot()]), picks_uniformly([tb.GreedyBot()])
    (True, False)
    """
    return all(type(bot).__dict__.get("picks_uniformly") is True for bot in bots)


def uniform_choices(legal: tuple[Action, ...], rules: GameRules) -> tuple[Action, ...]:
    """The actions a uniform seat draws among: every legal action, except that with the
    ``exchange`` variant it exchanges its clue cards only when it cannot play one.

    >>> import tobago_solver as tb
    >>> state = tb.new_game(tb.islands.default(), 2, seed=1, rules="seed+exchange")
    >>> EXCHANGE in state.legal_actions(), EXCHANGE in uniform_choices(
    ...     state.legal_actions(), state.rules)
    (True, False)
    """
    if rules.exchange and any(isinstance(action, Play) for action in legal):
        return tuple(action for action in legal if action != EXCHANGE)
    return legal


def play_uniformly(
    state: GameState, rngs: Sequence[random.Random]
) -> tuple[GameState, list[str], list[int]]:
    """Play ``state`` to its end with seats that :func:`picks_uniformly`, seat ``p`` drawing
    from ``rngs[p]`` as it would: the final state, and the text and player of every action.
    """
    island, rules, players = state.island, state.rules, state.players
    fields, steps, limit = island.fields, rules.max_steps, rules.turn_limit
    exchange = rules.exchange
    draws = [rng.choice for rng in rngs]
    actions: list[str] = []
    actors: list[int] = []
    moves_by_stops = _moves_by_stops(island, steps)
    stops_of_moves: frozenset[str] | None = None
    moves_from: dict[str, MoveList] = {}
    while state.end_reason is None:
        if state.phase != "action" or state.moved or state.opening_left:
            player = state.to_move
            action = draws[player](uniform_choices(state.legal_actions(), rules))
            state = state.apply(action)
            actions.append(str(action))
            actors.append(player)
            continue
        # A run of plain moves from ``run``. The maps, hands, decks and amulets stay as they
        # are through it, and with them the located treasures, each player's clue plays and
        # whether the end-of-turn checks find anything (``next_turn`` keeps that fact too).
        run = state
        located = run.located_treasures()
        if stops_of_moves is None or stops_of_moves != located.keys():
            stops_of_moves = frozenset(located)
            kept = moves_by_stops.get(stops_of_moves)
            if kept is None:
                if len(moves_by_stops) >= _STOPS_KEPT:
                    moves_by_stops.clear()
                kept = moves_by_stops[stops_of_moves] = {}
            moves_from = kept
        turn_ends_quietly = nothing_ends(run)
        cars, turn, player = list(run.cars), run.turn, run.current_player
        # Per player: their clue plays, and 1 when a uniform seat may exchange instead
        # (legal_actions lists plays, then moves, then ``exchange``).
        fixed: list[tuple[list[Play], int] | None] = [None] * players
        while True:
            found = fixed[player]
            if found is None:
                plays = plays_of(run, player)
                may_exchange = exchange and bool(run.hands[player]) and not plays
                found = fixed[player] = (plays, int(may_exchange))
            plays, exchanges = found
            played = len(plays)
            here = cars[player]
            listed = moves_from.get(here)
            if listed is None:
                listed = moves_from[here] = moves(island, here, steps, stops_of_moves)
            choices = played + len(listed) + exchanges
            drawn = draws[player](range(choices or 1))  # 1: ``pass``, the only action
            step = drawn - played
            if (
                0 <= step < len(listed)
                and turn_ends_quietly
                and turn + 1 < limit  # next_turn's quick path: no end of game to look for
            ):
                destination = fields[listed.ends[step]]
                if destination not in located and not amulet_follows_move(run, player, destination):
                    actions.append(str(listed[step]))
                    actors.append(player)
                    cars[player] = destination
                    turn += 1
                    player = (player + 1) % players
                    continue
            if turn != run.turn:
                # The state the moves led to, as end_turn made it (phase, moved and the opening
                # count are those of the run's start).
                state = replaced(run, {"cars": tuple(cars), "current_player": player, "turn": turn})
            # The drawn action from the lists legal_actions joins; the rest (exchange, pass)
            # from the legal actions themselves, which must then be as many as counted.
            if step < 0:
                action = plays[drawn]
            elif step < len(listed):
                action = listed[step]
            else:
                legal = uniform_choices(state.legal_actions(), rules)
                if len(legal) != (choices or 1):
                    raise AssertionError(
                        f"turn {turn}: {choices} choices counted, {len(legal)} legal actions"
                    )
                action = legal[drawn]
            state = state.apply(action)
            actions.append(str(action))
            actors.append(player)
            break
    return state, actions, actors


_MOVES_KEY: Final = "tobago_solver.game.uniform_play:moves"
_STOPS_KEPT: Final = 256
"""Sets of located treasures whose moves are kept; the table starts over beyond (memory: each
holds up to one move list per field, a few hundred bytes each)."""


def _moves_by_stops(island: Island, steps: int) -> dict[frozenset[str], dict[str, MoveList]]:
    """Per set of located treasures (where paths stop), the moves of a car from each field,
    kept on the island: the same as ``moves`` gives, found with one look-up by the car's field
    (``moves`` works out which stops lie near the car at every call)."""
    by_steps: dict[int, dict[frozenset[str], dict[str, MoveList]]]
    by_steps = island._cache.setdefault(_MOVES_KEY, {})
    return by_steps.setdefault(steps, {})
