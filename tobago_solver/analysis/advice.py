"""Move advice: a player's legal actions ranked by the treasure cards they can expect.

>>> import tobago_solver as tb
>>> state = tb.new_game(tb.islands.default(), 2, seed=3)
>>> ranked = tb.advise(state, 0)
>>> ranked[0].action in state.legal_actions(), len(ranked) == len(state.legal_actions())
(True, True)

**The criterion** (stated once, here and in ``docs/analysis.md``): the *value* of a position for
a player is the number of treasure cards they can expect from the four treasures now on the
maps,

    value = sum over maps of (player's roses on the map + claim × P(player claims it)),

where a claim is worth 2 cards (the claimant's extra card and the rose they add when the
treasure is shared out; 1 card with no rose left), and P(player claims it) is the chance that
their car is the first to reach the treasure: the treasure equally likely on each candidate,
every car driving the fewest steps toward it, ``max_steps`` steps a turn, one turn per player in
turn order (the acting player moves again next turn; a car already on the field claims at once,
the current player first). Amulets are worth ``AMULET_VALUE`` cards; a curse costs the highest
gold card, in average cards.
Each action is scored by the value after it; ``gain`` is the change from the value now.
An action that claims a treasure at once ranks before every action that does not, whatever the
values: a treasure claimed cannot be lost any more (to an extra action bought with an amulet, or
to the end of the game), which the value, counting only who is first, does not see. Extra
actions bought with amulets and the cards still to be drawn are not looked ahead.
"""

from __future__ import annotations

import math
import textwrap
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from tobago_solver.compile import compiled
from tobago_solver.errors import TobagoError
from tobago_solver.game.actions import (
    ACCEPT_CURSE,
    END_TURN,
    EXCHANGE,
    PASS,
    SPEND_AMULET,
    TAKE_AMULET,
    Action,
    Move,
    Play,
)
from tobago_solver.game.observation import Observation
from tobago_solver.game.rules import GameRules
from tobago_solver.game.state import GameState
from tobago_solver.island import Island
from tobago_solver.movement import step_distance
from tobago_solver.rules import MAP_NAMES

AMULET_VALUE: Final = 0.5
"""An amulet held, in treasure cards: an extra action or an escape from a curse later (choice)."""

_FAR: Final = 1 << 30
_DISTANCES_KEY: Final = "tobago_solver.analysis.advice"


def average_gold(rules: GameRules) -> float:
    """The mean value of a gold card: a curse's loss is measured in these.

    >>> round(average_gold(GameRules.seed()), 2)
    3.79
    """
    cards = rules.gold_cards()
    return sum(cards) / len(cards) if cards else 1.0


@dataclass(frozen=True)
class ActionAdvice:
    """One legal action with its value (expected treasure cards after it) and why.

    >>> import tobago_solver as tb
    >>> best = tb.advise(tb.new_game(tb.islands.default(), 2, seed=3), 0)[0]
    >>> best.reason != "" and best.value >= best.value - best.gain
    True
    """

    action: Action
    value: float
    """Expected treasure cards from the current treasures after the action (the criterion)."""
    gain: float
    """``value`` minus the value of the position now."""
    reason: str
    """One line: how the candidates change, who gets there first and in how many turns."""
    claims: int = 0
    """Treasures the action claims at once (these actions rank first)."""

    def __str__(self) -> str:
        return f"{self.gain:+.2f}  {self.action}  ({self.reason})"


def _distances(island: Island) -> list[list[int]]:
    """Steps between every pair of fields (reading order), cached on the island."""
    table: list[list[int]] | None = island._cache.get(_DISTANCES_KEY)
    if table is None:
        fields = island.fields
        table = []
        for a in fields:
            row = []
            for b in fields:
                try:
                    row.append(step_distance(island, a, b))
                except TobagoError:  # separate landmasses: no car ever gets there
                    row.append(_FAR)
            table.append(row)
        island._cache[_DISTANCES_KEY] = table
    return table


class _Race:
    """Who reaches which field first, for one set of car positions."""

    def __init__(self, obs: Observation, cars: Sequence[str]) -> None:
        self.obs = obs
        self.players = obs.players
        self.me = obs.player
        self.max_steps = obs.rules.max_steps
        self.distances = _distances(obs.island)
        index = compiled(obs.island).index
        self.cars = [index[car] for car in cars]

    def turns(self, steps: int) -> int:
        """Turns a car needs for ``steps`` steps."""
        return math.ceil(steps / self.max_steps)

    def arrival(self, player: int, field: int) -> tuple[int, int]:
        """(time, place in turn order) at which ``player``'s car reaches ``field``; time counts
        single player-turns from now, the acting player's next turn at ``players``."""
        offset = (player - self.me) % self.players
        steps = self.distances[self.cars[player]][field]
        if steps == 0:
            return 0, offset
        if steps >= _FAR:
            return _FAR, offset
        turns = self.turns(steps)
        first_turn = self.players if offset == 0 else offset
        return first_turn + self.players * (turns - 1), offset

    def winner(self, field: int) -> int:
        """The player whose car reaches ``field`` first."""
        return min(range(self.players), key=lambda p: self.arrival(p, field))

    def shares(self, mask: int) -> list[int]:
        """For each player, how many of the fields of ``mask`` they reach first."""
        counts = [0] * self.players
        field = 0
        while mask:
            if mask & 1:
                counts[self.winner(field)] += 1
            mask >>= 1
            field += 1
        return counts


def _claim_worth(roses_left: int) -> int:
    # The claimant gets one card more than their roses, and adds a rose if they have one.
    return 2 if roses_left > 0 else 1


def _value(
    obs: Observation, masks: Sequence[int], roses: Sequence[int], race: _Race, roses_left: int
) -> float:
    total = 0.0
    worth = _claim_worth(roses_left)
    for mask, mine in zip(masks, roses, strict=True):
        count = mask.bit_count()
        if count == 0:
            continue
        first = race.shares(mask)[race.me]
        total += mine + worth * first / count
    return total


def _name(player: int, me: int) -> str:
    return "you" if player == me else f"P{player}"


def _turns_text(turns: int) -> str:
    return "now" if turns == 0 else f"in {turns} turn{'s' * (turns != 1)}"


def advise(state: GameState, player: int | None = None) -> tuple[ActionAdvice, ...]:
    """The legal actions of ``player`` (default: the one to move), best first.

    >>> import tobago_solver as tb
    >>> state = tb.new_game(tb.islands.default(), 2, seed=1)
    >>> best = tb.advise(state)[0]
    >>> best.action in state.legal_actions()
    True

    Raises TobagoError when the game is over or ``player`` is not the one to decide.
    """
    if state.is_terminal:
        raise TobagoError(f"the game is over ({state.end_reason}): there is nothing to advise")
    who = state.to_move if player is None else player
    if not 0 <= who < state.players:
        raise TobagoError(f"no player {who} in a {state.players}-player game")
    if who != state.to_move:
        raise TobagoError(f"player {who} is not to move: P{state.to_move} decides now")
    return advise_observation(state.observation(who))


def advice_table(state: GameState, ranked: Sequence[ActionAdvice], top: int = 10) -> str:
    """What :func:`advise` found, as text: a heading that says how the actions are ordered,
    then the first ``top`` actions (0: all), numbered, each with its gain and its reason; an
    action that claims a treasure at once says so, as that is what puts it first.

    >>> import tobago_solver as tb
    >>> state = tb.new_game(tb.islands.default(), 2, seed=3)
    >>> print(advice_table(state, tb.advise(state), top=1))  # doctest: +ELLIPSIS
    turn 0, P0 to decide (action): ... legal actions, best first by the gain in treasure ...
    1. +...
    """
    shown = ranked if top == 0 else ranked[:top]
    lines = [
        f"turn {state.turn}, P{state.to_move} to decide ({state.phase}): {len(ranked)} legal "
        f"actions, {_ORDER_WITH_CLAIMS if _claims(shown) else _ORDER}"
    ]
    width = len(str(len(shown)))
    for number, item in enumerate(shown, 1):
        lines.append(f"{number:>{width}}. {_key(item)}  {item.action}: {item.reason}")
    return "\n".join(lines)


_ORDER: Final = (
    "best first by the gain in treasure cards you can expect from the treasures now on the maps"
)
_ORDER_WITH_CLAIMS: Final = (
    "those that claim a treasure at once first (it cannot be lost any more), then best first "
    "by the gain in treasure cards you can expect from the treasures now on the maps"
)


_HINT_ORDER: Final = "best first by the gain in treasure cards you can expect:"
_HINT_ORDER_WITH_CLAIMS: Final = (
    "a claim at once first (it cannot be lost), then by the gain in cards to expect:"
)
"""The same orders in a line of the play screen."""


def _claims(shown: Sequence[ActionAdvice]) -> bool:
    return any(item.claims for item in shown)


def _key(item: ActionAdvice) -> str:
    """What orders an action, as the lists show it: a claim at once, then the gain."""
    return f"claims at once, {item.gain:+.2f}" if item.claims else f"{item.gain:+.2f}"


def hint_text(obs: Observation, top: int = 3, width: int = 80) -> str:
    """The ``top`` actions :func:`advise_observation` ranks first, as a player at the table
    reads them (``hint`` in ``tobago play``): a heading that says how they are ordered, then
    each with what orders it (a claim at once, the gain) and its reason, within ``width``.

    >>> import tobago_solver as tb
    >>> print(hint_text(tb.new_game(tb.islands.default(), 2, seed=3).observation(0), top=1))
    ... # doctest: +ELLIPSIS
    best first by the gain in treasure cards you can expect:
    1. ... (+...: ...)
    """
    ranked = advise_observation(obs)
    if not ranked:
        return "nothing to decide now"
    shown = ranked[:top]
    heading = _HINT_ORDER_WITH_CLAIMS if _claims(shown) else _HINT_ORDER
    lines = textwrap.wrap(heading, width, subsequent_indent="  ")
    for number, item in enumerate(shown, start=1):
        lines.extend(
            textwrap.wrap(
                f"{number}. {item.action} ({_key(item)}: {item.reason})",
                width,
                subsequent_indent="   ",
                break_long_words=False,
            )
        )
    return "\n".join(lines)


def advise_observation(obs: Observation) -> tuple[ActionAdvice, ...]:
    """:func:`advise` from what the player sees (bots may call this).

    >>> import tobago_solver as tb
    >>> state = tb.new_game(tb.islands.default(), 2, seed=3)
    >>> advise_observation(state.observation(0)) == tb.advise(state)
    True
    """
    me = obs.player
    masks = [m.candidates_mask for m in obs.maps]
    roses = [m.roses[me] for m in obs.maps]
    race = _Race(obs, obs.cars)
    now = _value(obs, masks, roses, race, obs.roses_left[me])
    advice = [_advise_one(obs, action, masks, roses, race, now) for action in obs.legal_actions]
    # Best first; equal values keep the order of the legal actions (plays, then moves).
    order = sorted(
        range(len(advice)), key=lambda i: (-advice[i].claims, -round(advice[i].value, 9), i)
    )
    return tuple(advice[i] for i in order)


def _advise_one(
    obs: Observation,
    action: Action,
    masks: list[int],
    roses: list[int],
    race: _Race,
    now: float,
) -> ActionAdvice:
    me = obs.player
    if isinstance(action, Play):
        return _advise_play(obs, action, masks, roses, race, now)
    if isinstance(action, Move):
        return _advise_move(obs, action, masks, roses, now)
    if action == TAKE_AMULET:
        return ActionAdvice(
            action,
            now + AMULET_VALUE,
            AMULET_VALUE,
            "an amulet buys an extra action or escapes a curse later",
        )
    if action == ACCEPT_CURSE:
        highest = max(obs.gold[me], default=0)
        loss = highest / average_gold(obs.rules)
        return ActionAdvice(
            action,
            now - loss,
            -loss,
            f"lose your highest gold card ({highest}) and keep the amulet",
        )
    if action == SPEND_AMULET and obs.phase == "curse":
        highest = max(obs.gold[me], default=0)
        return ActionAdvice(
            action,
            now - AMULET_VALUE,
            -AMULET_VALUE,
            f"keep your highest gold card ({highest}) for one amulet",
        )
    if action == SPEND_AMULET:
        return ActionAdvice(
            action,
            now - AMULET_VALUE,
            -AMULET_VALUE,
            "one more action now, for an amulet (worth it when that action gains more than "
            f"{AMULET_VALUE:g})",
        )
    if action == END_TURN:
        return ActionAdvice(action, now, 0.0, "end the turn, keeping what you have")
    if action == PASS:
        return ActionAdvice(action, now, 0.0, "no clue can be played and the car cannot move")
    if action == EXCHANGE:
        return ActionAdvice(
            action,
            now,
            0.0,
            f"a new hand of {len(obs.hand)} clue cards; nothing on the maps changes now",
        )
    return ActionAdvice(action, now, 0.0, "")  # pragma: no cover - every action is named above


def _advise_play(
    obs: Observation,
    play: Play,
    masks: list[int],
    roses: list[int],
    race: _Race,
    now: float,
) -> ActionAdvice:
    me = obs.player
    table = compiled(obs.island)
    before = masks[play.map]
    after = before & table.masks[play.clue]
    new_masks = list(masks)
    new_masks[play.map] = after
    new_roses = list(roses)
    new_roses[play.map] += 1
    roses_left = obs.roses_left[me] - 1
    value = _value(obs, new_masks, new_roses, race, roses_left)
    name = MAP_NAMES[play.map]
    claims = 0
    if after.bit_count() == 1:
        field = after.bit_length() - 1
        where = table.fields[field]
        winner = race.winner(field)
        time, _ = race.arrival(winner, field)
        if time == 0:
            claims = int(winner == me)
            reason = f"locates the {name} treasure at {where}: {_name(winner, me)} claim"
            reason += "s it at once" if winner != me else " it at once"
        else:
            steps = race.distances[race.cars[winner]][field]
            reason = (
                f"locates the {name} treasure at {where}: {_name(winner, me)} get"
                f"{'s' * (winner != me)} there first, {_turns_text(race.turns(steps))}"
            )
    else:
        shares = race.shares(after)
        nearest = min(
            (race.distances[race.cars[me]][f] for f in range(len(table.fields)) if after >> f & 1),
            default=_FAR,
        )
        firsts = ", ".join(f"{_name(p, me)} {n}" for p, n in enumerate(shares) if n)
        close = (
            "your car stands on one"
            if nearest == 0
            else f"your nearest {_turns_text(race.turns(nearest))}"
        )
        reason = (
            f"{name} {before.bit_count()} -> {after.bit_count()} candidates; first there: "
            f"{firsts}; {close}"
        )
    return ActionAdvice(play, value, value - now, reason, claims)


def _advise_move(
    obs: Observation, move: Move, masks: list[int], roses: list[int], now: float
) -> ActionAdvice:
    me = obs.player
    cars = list(obs.cars)
    cars[me] = move.destination
    race = _Race(obs, cars)
    value = _value(obs, masks, roses, race, obs.roses_left[me])
    before_race = _Race(obs, obs.cars)
    claimed = [
        MAP_NAMES[m]
        for m, mask in enumerate(masks)
        if mask.bit_count() == 1 and obs.island.fields[mask.bit_length() - 1] == move.destination
    ]
    extra = ""
    if move.destination in obs.amulets and not claimed:
        value += AMULET_VALUE
        extra = "; an amulet to take there"
    if claimed:
        reason = f"claims the {' and '.join(claimed)} treasure at {move.destination}"
    else:
        chances: dict[str, list[str]] = {}
        for m, mask in enumerate(masks):
            count = mask.bit_count()
            if count == 0:
                continue
            after = race.shares(mask)[me] / count
            was = before_race.shares(mask)[me] / count
            # Maps with the same chances are named together: a line shorter to read.
            chances.setdefault(f"{after:.0%} (was {was:.0%})", []).append(MAP_NAMES[m])
        said = "; ".join(f"{', '.join(maps)} {chance}" for chance, maps in chances.items())
        reason = f"to {move.destination}: first to the treasure {said}{extra}"
    return ActionAdvice(move, value, value - now, reason, len(claimed))
