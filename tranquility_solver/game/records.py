"""Game records: the deal (players, seed, rules, first player), every action as text, the end.

``GameRecord.to_json()`` and ``GameRecord.from_json()`` round-trip; :func:`replay` rebuilds
every state from the record alone.

>>> import tranquility_solver as tq
>>> record = play_game([tq.RandomBot(), tq.RandomBot()], seed=3, rules="published")
>>> GameRecord.from_json(record.to_json()) == record
True
>>> final = list(replay(record))[-1]
>>> str(final.outcome) == record.outcome and final.turn == record.turns
True
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, replace
from typing import Any, Protocol, runtime_checkable

from ..errors import RecordError, TranquilityError
from ..grid import shorten
from ..jsontext import load_json
from ..rules import Rules
from .actions import Action, parse_action
from .setup import MAX_PLAYERS, MIN_PLAYERS, new_game
from .state import LOSS_NO_ACTION, LOSS_OUT_OF_CARDS, GameState, Observation
from .uniform_play import picks_uniformly, play_uniformly

__all__ = [
    "OUTCOMES",
    "RECORD_FORMAT",
    "RECORD_VERSION",
    "Bot",
    "GameRecord",
    "bot_rng",
    "play_game",
    "record_from_data",
    "replay",
]

RECORD_FORMAT = "tranquility-game-record"
RECORD_VERSION = 2
_FIRST_FORMAT = "tranquility-game/1"
"""Version 1 named its version in the format and kept ``outcome`` and ``turns`` at the top."""


@runtime_checkable
class Bot(Protocol):
    """A player: picks one of ``observation.legal_actions()``. The bots themselves live in
    :mod:`tranquility_solver.bots`, above the rules; the rules need only this shape.

    Bots see an :class:`~tranquility_solver.game.state.Observation` only, never the state, and
    take their randomness from the ``rng`` the game runner hands them, so a game is a pure
    function of its seed.

    >>> import tranquility_solver as tq
    >>> isinstance(tq.HeuristicBot(), Bot)
    True
    """

    @property
    def name(self) -> str:
        """A short name for logs and records."""
        ...

    def choose(self, observation: Observation, rng: random.Random) -> Action:
        """The action to take, on the bot's own turn: an observation of another player's turn
        or of a finished game is a TranquilityError (the shipped bots say so with
        :func:`~tranquility_solver.bots.turns.check_turn`)."""
        ...


@dataclass(frozen=True)
class GameRecord:
    """A game in replayable form, finished or saved before its end (to be resumed).

    >>> import tranquility_solver as tq
    >>> record = tq.play_game([tq.HeuristicBot(), tq.HeuristicBot()], seed=0)
    >>> tq.GameRecord.from_json(record.to_json()) == record
    True

    ``actions`` holds ``(player, text)`` pairs; ``outcome`` is ``"won"``, ``"lost: <cause>"`` or
    ``""`` for a game that did not end.
    """

    players: int
    seed: int
    rules: str
    first_player: int
    bots: tuple[str, ...]
    actions: tuple[tuple[int, str], ...]
    outcome: str
    turns: int

    @property
    def won(self) -> bool:
        """True for a won game."""
        return self.outcome == "won"

    @property
    def finished(self) -> bool:
        """Whether the game ended (a record may be saved before, to resume it later)."""
        return self.outcome != ""

    def to_json(self, indent: int | None = 1) -> str:
        """The record as JSON (see docs/tranquility.md, "Records")."""
        data = {
            "format": RECORD_FORMAT,
            "version": RECORD_VERSION,
            "players": self.players,
            "seed": self.seed,
            "rules": self.rules,
            "first_player": self.first_player,
            "bots": list(self.bots),
            "actions": [[player, text] for player, text in self.actions],
            "result": {"outcome": self.outcome, "turns": self.turns},
        }
        return json.dumps(data, indent=indent)

    @classmethod
    def from_json(cls, text: str) -> GameRecord:
        """Read a record, checking every field: a malformed one is a :class:`RecordError`
        naming the field (see :func:`record_from_data`)."""
        return record_from_data(load_json(text, RecordError, "game record"))


_FIELDS = (
    "format",
    "version",
    "players",
    "seed",
    "rules",
    "first_player",
    "bots",
    "actions",
    "result",
)
_FIRST_FIELDS = (*(key for key in _FIELDS if key not in ("version", "result")), "outcome", "turns")
_RESULT_FIELDS = ("outcome", "turns")
OUTCOMES = ("", "won", f"lost: {LOSS_NO_ACTION}", f"lost: {LOSS_OUT_OF_CARDS}")
"""Every ``outcome`` a record may hold: unfinished, won, or lost by one of the two causes."""


def record_from_data(data: object) -> GameRecord:
    """A record from its parsed JSON, every field checked for type and range: the players 1–5,
    the seed a whole number ≥ 0, a preset name, a first player who sits at the table, one bot
    name per seat, each action a ``[player, text]`` pair by a seated player whose text reads as
    an action, one of :data:`OUTCOMES`, and ``turns`` from 0 to the number of actions (a share
    is an action but not a turn). Whether the actions are legal and the end is the recorded one
    is :func:`replay`'s part.

    Records of version 1 (``"format": "tranquility-game/1"``, with ``outcome`` and ``turns``
    beside the other fields) read as well.

    >>> record_from_data({"format": RECORD_FORMAT, "version": 2, "players": 2, "seed": 1,
    ...     "rules": "seed", "first_player": 0, "bots": ["a", "b"], "actions": ["02"],
    ...     "result": {"outcome": "", "turns": 0}})
    Traceback (most recent call last):
    ...
    tranquility_solver.errors.RecordError: game record: action 1: expected [player, text], got '02'
    """
    first = isinstance(data, dict) and data.get("format") == _FIRST_FORMAT
    if not isinstance(data, dict) or not (first or data.get("format") == RECORD_FORMAT):
        raise RecordError(f'not a game record: expected "format": "{RECORD_FORMAT}"')
    _check_keys(data, _FIRST_FIELDS if first else _FIELDS, "game record")
    if not first:
        version = data["version"]
        if isinstance(version, bool) or version != RECORD_VERSION:
            raise RecordError(
                f"game record: version {_quoted(version)} is not {RECORD_VERSION} (nor the "
                f'first, "format": "{_FIRST_FORMAT}")'
            )
        result = data["result"]
        if not isinstance(result, dict):
            raise RecordError("game record: 'result' must hold 'outcome' and 'turns'")
        _check_keys(result, _RESULT_FIELDS, "game record result")
        data = {**data, **result}
    players = _whole(data["players"], "players")
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise RecordError(f"game record: 'players' must be {MIN_PLAYERS}-{MAX_PLAYERS}")
    seed = _whole(data["seed"], "seed")
    rules = _text(data["rules"], "rules")
    try:
        Rules.by_name(rules)
    except TranquilityError as error:
        raise RecordError(f"game record: {error}") from None
    first_player = _seat(data["first_player"], players, "'first_player'")
    bots = data["bots"]
    if not isinstance(bots, list) or len(bots) != players:
        raise RecordError(f"game record: 'bots' must list one name per seat ({players})")
    names = tuple(_text(bot, f"bots[{seat}]") for seat, bot in enumerate(bots))
    raw_actions = data["actions"]
    if not isinstance(raw_actions, list):
        raise RecordError("game record: 'actions' must be a list of [player, text] pairs")
    actions = []
    for number, pair in enumerate(raw_actions, start=1):
        if not isinstance(pair, list) or len(pair) != 2:
            raise RecordError(
                f"game record: action {number}: expected [player, text], got "
                f"{shorten(repr(pair), 30)}"
            )
        player = _seat(pair[0], players, f"action {number}: the player")
        text = _text(pair[1], f"action {number}")
        try:
            parse_action(text)
        except TranquilityError as error:
            raise RecordError(f"game record: action {number}: {error}") from None
        actions.append((player, text))
    outcome = _text(data["outcome"], "outcome")
    if outcome not in OUTCOMES:
        raise RecordError(
            f"game record: outcome {shorten(outcome, 40)!r} is not one of "
            + ", ".join(map(repr, OUTCOMES))
        )
    turns = _whole(data["turns"], "turns")
    if turns > len(actions):
        raise RecordError(f"game record: {turns:,} turns but only {len(actions):,} actions")
    return GameRecord(players, seed, rules, first_player, names, tuple(actions), outcome, turns)


def _check_keys(data: dict[object, object], keys: tuple[str, ...], what: str) -> None:
    unknown = sorted(str(key) for key in data if key not in keys)
    if unknown:
        raise RecordError(f"{what}: unknown field {shorten(unknown[0], 30)!r}")
    missing = [key for key in keys if key not in data]
    if missing:
        raise RecordError(f"{what}: missing field {missing[0]!r}")


def _whole(value: object, key: str) -> int:
    """A whole number ≥ 0 (not a bool, a float or a string of digits)."""
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise RecordError(f"game record: {key!r} must be a whole number ≥ 0, got {_quoted(value)}")
    return value


def _seat(value: object, players: int, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < players:
        raise RecordError(
            f"game record: {what} must be a player 0-{players - 1}, got {_quoted(value)}"
        )
    return value


def _text(value: object, what: str) -> str:
    if not isinstance(value, str):
        raise RecordError(f"game record: {what} must be text, got {_quoted(value)}")
    return value


def _quoted(value: object) -> str:
    # repr of an int past Python's digit limit raises; say how long it is instead.
    if isinstance(value, int) and value.bit_length() > 10_000:
        return "a number of thousands of digits"
    return shorten(repr(value), 30)


def bot_rng(seed: int) -> random.Random:
    """The random stream bots draw from in the game with this seed (apart from the deal's)."""
    return random.Random(f"tranquility-bots/{seed}")


def play_game(
    bots: Sequence[Bot],
    seed: int | None = None,
    rules: Rules | str = "seed",
    first_player: int = 0,
    on_state: Any = None,
) -> GameRecord:
    """Play one game with one bot per seat and return its record.

    >>> import tranquility_solver as tq
    >>> record = tq.play_game([tq.HeuristicBot(), tq.HeuristicBot()], seed=0)
    >>> record.players, record.outcome in ("won",) or record.outcome.startswith("lost")
    (2, True)

    ``on_state(state, action)``, if given, is called after every action (``action`` is ``None``
    for the first state), e.g. to print a log. Without it, a game whose every seat's class
    declares ``picks_uniformly`` (RandomBot) is played on lists, without a state or observation
    per turn (:mod:`~tranquility_solver.game.uniform_play`): the same game, faster.
    """
    state = new_game(len(bots), seed=seed, rules=rules, first_player=first_player)
    rng = bot_rng(state.seed)
    names = tuple(bot.name for bot in bots)
    if on_state is None and picks_uniformly(bots):
        # The same game, drawn the same way, without building an observation per turn.
        played, outcome, turns = play_uniformly(state, rng)
        # The deal's fields as record_of reads them; the end as the lists reached it.
        return replace(record_of(state, names, played), outcome=outcome, turns=turns)
    actions: list[tuple[int, str]] = []
    if on_state is not None:
        on_state(state, None)
    while not state.is_terminal:
        player = state.current_player
        action = bots[player].choose(state.observation(player), rng)
        state = state.apply(action)
        actions.append((player, str(action)))
        if on_state is not None:
            on_state(state, action)
    return record_of(state, names, actions)


def record_of(
    state: GameState, bots: Sequence[str], actions: Sequence[tuple[int, str]]
) -> GameRecord:
    """The record of a game that reached ``state`` through ``actions``."""
    return GameRecord(
        players=state.players,
        seed=state.seed,
        rules=state.rules.name,
        first_player=state.first_player,
        bots=tuple(bots),
        actions=tuple(actions),
        outcome="" if state.outcome is None else str(state.outcome),
        turns=state.turn,
    )


def replay(record: GameRecord) -> Iterator[GameState]:
    """Every state of the game, from the deal to the last; a record that does not replay (an
    action illegal in its state, a wrong player, or a different end: outcome or number of
    turns) is a :class:`RecordError`. Players, seed, rules and first player are the deal itself;
    the bot names are only labels.


    >>> import tranquility_solver as tq
    >>> record = tq.play_game([tq.RandomBot(), tq.RandomBot()], seed=0)
    >>> states = list(tq.replay(record))
    >>> states[-1].is_terminal
    True
    """
    try:
        state = new_game(record.players, record.seed, record.rules, record.first_player)
    except TranquilityError as error:
        raise RecordError(f"game record: cannot deal the game: {error}") from None
    yield state
    for number, (player, text) in enumerate(record.actions, start=1):
        if player != state.current_player:
            raise RecordError(
                f"game record: action {number} ({text!r}) is by player {player}, but it is "
                f"player {state.current_player}'s turn"
            )
        try:
            state = state.apply(parse_action(text))
        except TranquilityError as error:
            raise RecordError(f"game record: action {number}: {error}") from None
        yield state
    outcome = "" if state.outcome is None else str(state.outcome)
    if outcome != record.outcome:
        raise RecordError(
            f"game record: the replay ends {outcome or 'unfinished'!r}, the record says "
            f"{record.outcome or 'unfinished'!r}"
        )
    if state.turn != record.turns:
        raise RecordError(
            f"game record: the replay ends after {state.turn} turns, the record says "
            f"{_quoted(record.turns)}"
        )
