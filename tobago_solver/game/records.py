"""Playing a whole game, its record (set-up and every action as text) and replaying it.

>>> import tobago_solver as tb
>>> island = tb.islands.default()
>>> record = tb.play_game(island, [tb.GreedyBot(), tb.RandomBot()], seed=2)
>>> tb.GameRecord.from_json(record.to_json()) == record
True
>>> states = list(tb.replay(record))
>>> states[-1].scores == record.scores, len(states) == len(record.actions) + 1
(True, True)

The JSON form (version 2; version 1, whose actions were texts alone, still reads)::

    {"format": "tobago-game-record", "version": 2,
     "island": "<the .island text>", "rules": {<GameRules fields>},
     "seed": 2, "cars": ["d5", "f2"], "bots": ["greedy", "random"],
     "actions": [[0, "play in lake on grey"], [1, "move c3 d4"], ...],
     "result": {"scores": [...], "winners": [...], "end_reason": "...", "turns": 123,
                "curses": 2, "amulets_spent": [...], "abandoned": 0}}

A game saved before its end has ``"end_reason": ""`` and no winners; its ``result`` is how the
game stood, and :func:`replay` checks that too.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Final, Protocol, runtime_checkable

from tobago_solver.documents import field, read_document, text_list, whole, whole_list
from tobago_solver.errors import TobagoError
from tobago_solver.game.actions import Action, parse_action
from tobago_solver.game.end import END_TURN_LIMIT, RULE_ENDS
from tobago_solver.game.observation import Observation
from tobago_solver.game.rules import GameRules
from tobago_solver.game.setup import MAX_SEED, new_game
from tobago_solver.game.state import GameState
from tobago_solver.game.uniform_play import picks_uniformly, play_uniformly
from tobago_solver.island import Island
from tobago_solver.rules import PresetName

FORMAT: Final = "tobago-game-record"
VERSION: Final = 2
READ_VERSIONS: Final = (1, 2)
"""Version 1 wrote each action as its text alone, without the player who took it."""
UNFINISHED: Final = ""
"""The ``end_reason`` of a game saved before its end."""


@runtime_checkable
class Bot(Protocol):
    """A player: picks one of ``observation.legal_actions``. The bots themselves live in
    :mod:`tobago_solver.bots`, above the rules; the rules need only this shape.

    Bots see only an :class:`~tobago_solver.game.observation.Observation` and draw every random
    choice from the ``rng`` they are given, so a game is a function of its seed.

    >>> import tobago_solver as tb
    >>> isinstance(tb.GreedyBot(), Bot)
    True
    """

    @property
    def name(self) -> str:
        """A short label for tables and logs (e.g. ``greedy``)."""
        ...

    def choose(self, observation: Observation, rng: random.Random) -> Action:
        """The action to take; ``rng`` is the only source of randomness allowed.

        The bundled bots raise :class:`~tobago_solver.errors.NotToMoveError` (a TobagoError)
        for an observation with nothing to decide: another seat's turn, or a finished game.
        """
        ...


Watcher = Callable[[GameState, Action | None], None]
"""Called with the first state (and None), then after every action with the new state."""


@dataclass(frozen=True)
class GameRecord:
    """A game: enough to replay it, and its result (how it stood, if saved before its end).

    >>> import tobago_solver as tb
    >>> record = tb.play_game(tb.islands.default(), [tb.GreedyBot(), tb.GreedyBot()], seed=1)
    >>> record.players, record.end_reason in ("treasure deck empty", "treasure cannot be located")
    (2, True)
    """

    island: Island
    rules: GameRules
    seed: int
    cars: tuple[str, ...]
    """Starting fields of the cars."""
    bots: tuple[str, ...]
    actions: tuple[str, ...]
    scores: tuple[int, ...]
    winners: tuple[int, ...]
    end_reason: str
    turns: int
    curses: int
    amulets_spent: tuple[int, ...]
    abandoned: int = 0
    """Maps abandoned because their treasure could no longer be located (published)."""
    actors: tuple[int, ...] = ()
    """The player who took each action (empty for a version 1 record, which did not say)."""

    @property
    def finished(self) -> bool:
        """Whether the game ended (a record may be saved before, to resume it later)."""
        return self.end_reason != UNFINISHED

    @property
    def players(self) -> int:
        """The number of players."""
        return len(self.bots)

    def __repr__(self) -> str:
        return (
            f"GameRecord(island={self.island.name!r}, rules={self.rules.name!r}, "
            f"seed={self.seed}, bots={self.bots}, actions={len(self.actions)}, "
            f"scores={self.scores}, end_reason={self.end_reason!r})"
        )

    def result_line(self) -> str:
        """The result in one line: why the game ended, every score and the winners.

        >>> import tobago_solver as tb
        >>> record = tb.play_game(tb.islands.default(), [tb.GreedyBot(), tb.GreedyBot()], seed=1)
        >>> record.result_line()  # doctest: +ELLIPSIS
        'game over (...): scores P0 ... P1 ...; winner...'
        """
        scores = " ".join(f"P{p} {s}" for p, s in enumerate(self.scores))
        if not self.finished:
            return f"game stopped at turn {self.turns}, not over: scores {scores}"
        winners = ", ".join(f"P{p}" for p in self.winners)
        label = "winner" if len(self.winners) == 1 else "winners"
        return f"game over ({self.end_reason}): scores {scores}; {label} {winners}"

    def to_json(self) -> str:
        """The record as JSON text; :meth:`from_json` reads it back."""
        actors = self.actors or _actors_by_replay(self)
        data = {
            "format": FORMAT,
            "version": VERSION,
            "island": self.island.to_text(),
            "rules": self.rules.to_dict(),
            "seed": self.seed,
            "cars": list(self.cars),
            "bots": list(self.bots),
            "actions": [[p, text] for p, text in zip(actors, self.actions, strict=True)],
            "result": {
                "scores": list(self.scores),
                "winners": list(self.winners),
                "end_reason": self.end_reason,
                "turns": self.turns,
                "curses": self.curses,
                "amulets_spent": list(self.amulets_spent),
                "abandoned": self.abandoned,
            },
        }
        return json.dumps(data, indent=1)

    @classmethod
    def from_json(cls, text: str) -> GameRecord:
        """Read a record written by :meth:`to_json`; TobagoError naming what is wrong.

        Every part is checked before anything is built: types, ranges, the seats, each action's
        player and text. Records written before ``abandoned`` existed read it as 0; version 1
        records, whose actions are texts alone, read with ``actors`` empty.

        >>> GameRecord.from_json('{"format": "tobago-game-record", "version": 1}')
        Traceback (most recent call last):
        ...
        tobago_solver.errors.TobagoError: game record: 'island' is missing
        """
        what = "game record"
        data = read_document(text, FORMAT, READ_VERSIONS, what)
        unknown = sorted(set(data) - _RECORD_KEYS)
        if unknown:
            raise TobagoError(f"{what}: unknown field(s) {', '.join(map(repr, unknown))}")
        island = Island.from_text(field(data, "island", str, what), strict=False)
        rules = GameRules.from_dict(field(data, "rules", dict, what))
        seed = whole(field(data, "seed", int, what), 0, MAX_SEED, f"{what} 'seed'")
        bots = text_list(field(data, "bots", list, what), f"{what} 'bots'", (2, 3, 4))
        players = len(bots)
        cars = text_list(field(data, "cars", list, what), f"{what} 'cars'", (players,))
        for car in cars:
            island.require_field(car)
        actors, texts = _actions(field(data, "actions", list, what), data["version"], players)
        for number, action in enumerate(texts, start=1):
            try:
                parse_action(action)
            except TobagoError as error:
                raise TobagoError(f"{what}: action {number}: {error}") from None
        result = field(data, "result", dict, what)
        unknown = sorted(set(result) - _RESULT_KEYS)
        if unknown:
            raise TobagoError(f"{what}: unknown result field(s) {', '.join(map(repr, unknown))}")
        name = f"{what} result"
        scores = whole_list(
            field(result, "scores", list, name), 0, 10**6, f"{name} 'scores'", players
        )
        winners = whole_list(
            field(result, "winners", list, name), 0, players - 1, f"{name} 'winners'"
        )
        end_reason = field(result, "end_reason", str, name)
        if end_reason not in (*RULE_ENDS, END_TURN_LIMIT, UNFINISHED):
            raise TobagoError(f"{name} 'end_reason' {end_reason!r} is not an end of the game")
        if end_reason == UNFINISHED and winners:
            raise TobagoError(f"{name}: a game saved before its end has no winners")
        if end_reason != UNFINISHED and (not winners or winners != sorted(set(winners))):
            raise TobagoError(f"{name} 'winners' must list seats once each, in order")
        turns = whole(field(result, "turns", int, name), 0, rules.turn_limit, f"{name} 'turns'")
        curses = whole(field(result, "curses", int, name), 0, rules.curses, f"{name} 'curses'")
        spent = whole_list(
            field(result, "amulets_spent", list, name), 0, 10**6, f"{name} 'amulets_spent'", players
        )
        abandoned = whole(result.get("abandoned", 0), 0, 10**6, f"{name} 'abandoned'")
        if rules.first_player >= players:
            raise TobagoError(f"{what}: first_player {rules.first_player} is not one of the seats")
        return cls(
            island=island,
            rules=rules,
            seed=seed,
            cars=tuple(cars),
            bots=tuple(bots),
            actions=tuple(texts),
            scores=tuple(scores),
            winners=tuple(winners),
            end_reason=end_reason,
            turns=turns,
            curses=curses,
            amulets_spent=tuple(spent),
            abandoned=abandoned,
            actors=actors,
        )


def _actions(value: list[object], version: int, players: int) -> tuple[tuple[int, ...], list[str]]:
    """The players and texts of a record's actions: ``[player, text]`` pairs (version 2) or
    texts alone (version 1: no players)."""
    name = "game record 'actions'"
    if version == 1:
        return (), text_list(value, name)
    actors, texts = [], []
    for number, pair in enumerate(value, start=1):
        if not (isinstance(pair, list) and len(pair) == 2 and isinstance(pair[1], str)):
            raise TobagoError(f"{name}: action {number} must be a [player, text] pair")
        actors.append(whole(pair[0], 0, players - 1, f"{name}: the player of action {number}"))
        texts.append(pair[1])
    return tuple(actors), texts


_RECORD_KEYS: Final = frozenset(
    ("format", "version", "island", "rules", "seed", "cars", "bots", "actions", "result")
)
_RESULT_KEYS: Final = frozenset(
    ("scores", "winners", "end_reason", "turns", "curses", "amulets_spent", "abandoned")
)


def bot_rng(seed: int, seat: int) -> random.Random:
    """The random source of the bot in ``seat`` for the game dealt from ``seed``."""
    return random.Random(f"tobago-bot:{seed}:{seat}")


def play_game(
    island: Island,
    bots: Sequence[Bot],
    *,
    seed: int = 0,
    rules: PresetName | str | GameRules = "seed",
    cars: Sequence[str] | None = None,
    watch: Watcher | None = None,
) -> GameRecord:
    """Play one game to its end, each seat asking its bot, and return its record.

    >>> import tobago_solver as tb
    >>> island, bots = tb.islands.default(), [tb.RandomBot(), tb.RandomBot()]
    >>> play_game(island, bots, seed=3) == play_game(island, bots, seed=3)
    True

    Each bot sees only its own observation and draws from its own seeded generator. Without
    ``watch``, a game whose every seat's class declares ``picks_uniformly`` (RandomBot) is played
    without an observation per turn (:mod:`~tobago_solver.game.uniform_play`): the same game,
    faster.
    """
    state = new_game(island, len(bots), seed=seed, rules=rules, cars=cars)
    start = state
    rngs = [bot_rng(seed, seat) for seat in range(len(bots))]
    names = tuple(bot.name for bot in bots)
    if watch is None and picks_uniformly(bots):
        final, texts, players = play_uniformly(state, rngs)
        return record_of(start, final, names, tuple(texts), tuple(players))
    actions, actors = [], []
    if watch is not None:
        watch(state, None)
    while state.end_reason is None:  # is_terminal, without a property call per action
        player = state.to_move
        action = bots[player].choose(state.observation(player), rngs[player])
        state = state.apply(action)
        actions.append(str(action))
        actors.append(player)
        if watch is not None:
            watch(state, action)
    return record_of(start, state, names, tuple(actions), tuple(actors))


def record_of(
    start: GameState,
    final: GameState,
    bots: tuple[str, ...],
    actions: tuple[str, ...],
    actors: tuple[int, ...] = (),
) -> GameRecord:
    """The record of a game from its first and last state (the last need not end the game:
    the record then says how it stood, to be resumed)."""
    return GameRecord(
        island=start.island,
        rules=start.rules,
        seed=start.seed,
        cars=start.cars,
        bots=bots,
        actions=actions,
        scores=final.scores,
        winners=final.winners if final.is_terminal else (),
        end_reason=final.end_reason or UNFINISHED,
        turns=final.turn,
        curses=final.curses_drawn,
        amulets_spent=final.amulets_spent,
        abandoned=sum(final.abandoned),
        actors=actors,
    )


def replay(record: GameRecord) -> Iterator[GameState]:
    """Every state of a recorded game, first to last.

    >>> import tobago_solver as tb
    >>> record = play_game(tb.islands.default(), [tb.GreedyBot(), tb.RandomBot()], seed=4)
    >>> final = None
    >>> for final in replay(record):
    ...     pass
    >>> final is not None and final.scores == record.scores
    True

    Raises TobagoError if an action does not apply or is by another player than the record
    says, or the game ends (or, for a game saved before its end, stands) otherwise than the
    record says.
    """
    actors = record.actors
    if actors and len(actors) != len(record.actions):
        raise TobagoError(
            f"the record names {len(actors)} players for {len(record.actions)} actions"
        )
    state = new_game(
        record.island, record.players, seed=record.seed, rules=record.rules, cars=record.cars
    )
    first = state
    yield state
    for number, text in enumerate(record.actions, start=1):
        if actors and actors[number - 1] != state.to_move:
            raise TobagoError(
                f"record action {number} {text!r} is by P{actors[number - 1]}, but "
                f"P{state.to_move} decides then"
            )
        try:
            state = state.apply(parse_action(text))
        except TobagoError as error:
            raise TobagoError(f"record action {number} {text!r} does not replay: {error}") from None
        yield state
    if record.finished and not state.is_terminal:
        raise TobagoError(
            f"the record's {len(record.actions)} actions end before the game does "
            f"(turn {state.turn})"
        )
    replayed = record_of(first, state, record.bots, record.actions)
    wrong = [
        f"{name} {getattr(replayed, name)!r} (the record says {getattr(record, name)!r})"
        for name in _RESULT_FIELDS
        if getattr(replayed, name) != getattr(record, name)
    ]
    if wrong:
        raise TobagoError("the replay ends with " + "; ".join(wrong))


def _actors_by_replay(record: GameRecord) -> tuple[int, ...]:
    """Who took each action of a record that does not say (version 1), found by replaying it."""
    return tuple(state.to_move for state in replay(record))[: len(record.actions)]


_RESULT_FIELDS: Final = (
    "end_reason",
    "scores",
    "winners",
    "turns",
    "curses",
    "amulets_spent",
    "abandoned",
)
"""Every part of a record's result, compared by :func:`replay`."""
