"""Game records: the deal (players, seed, rules, first player), every action as text, the end.

``GameRecord.to_json()`` and ``GameRecord.from_json()`` round-trip; :func:`replay` rebuilds
every state from the record alone.

>>> from tranquility_solver.game.bots import RandomBot
>>> record = play_game([RandomBot(), RandomBot()], seed=3, rules="published")
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
from dataclasses import dataclass
from typing import Any

from ..errors import RecordError, TranquilityError
from ..rules import Rules
from .actions import parse_action
from .bots import Bot
from .setup import new_game
from .state import GameState

__all__ = ["RECORD_FORMAT", "GameRecord", "bot_rng", "play_game", "replay"]

RECORD_FORMAT = "tranquility-game/1"


@dataclass(frozen=True)
class GameRecord:
    """A finished (or abandoned) game in replayable form.

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

    def to_json(self, indent: int | None = 1) -> str:
        """The record as JSON (see docs/tranquility.md, "Game records")."""
        data = {
            "format": RECORD_FORMAT,
            "players": self.players,
            "seed": self.seed,
            "rules": self.rules,
            "first_player": self.first_player,
            "bots": list(self.bots),
            "actions": [[player, text] for player, text in self.actions],
            "outcome": self.outcome,
            "turns": self.turns,
        }
        return json.dumps(data, indent=indent)

    @classmethod
    def from_json(cls, text: str) -> GameRecord:
        """Read a record; a malformed one is a :class:`RecordError` saying what is wrong."""
        try:
            data = json.loads(text)
        except json.JSONDecodeError as error:
            raise RecordError(f"not a game record: {error}") from None
        if not isinstance(data, dict) or data.get("format") != RECORD_FORMAT:
            raise RecordError(f'not a game record: expected "format": "{RECORD_FORMAT}"')
        try:
            return cls(
                players=_int(data, "players"),
                seed=_int(data, "seed"),
                rules=str(data["rules"]),
                first_player=_int(data, "first_player"),
                bots=tuple(str(bot) for bot in data["bots"]),
                actions=tuple((int(player), str(text)) for player, text in data["actions"]),
                outcome=str(data["outcome"]),
                turns=_int(data, "turns"),
            )
        except (KeyError, TypeError, ValueError) as error:
            raise RecordError(f"game record: missing or bad field {error}") from None


def _int(data: dict[str, Any], key: str) -> int:
    value = data[key]
    if isinstance(value, bool) or not isinstance(value, int):
        raise RecordError(f"game record: {key!r} must be an integer, got {value!r}")
    return value


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

    ``on_state(state, action)``, if given, is called after every action (``action`` is ``None``
    for the first state), e.g. to print a log.
    """
    state = new_game(len(bots), seed=seed, rules=rules, first_player=first_player)
    rng = bot_rng(state.seed)
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
    return record_of(state, [bot.name for bot in bots], actions)


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
    action illegal in its state, a wrong player, or a different end) is a :class:`RecordError`.
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
