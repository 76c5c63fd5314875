"""Playing a whole game, its record (set-up and every action as text) and replaying it.

>>> import tobago_solver as tb
>>> island = tb.islands.default()
>>> record = tb.play_game(island, [tb.GreedyBot(), tb.RandomBot()], seed=2)
>>> tb.GameRecord.from_json(record.to_json()) == record
True
>>> states = list(tb.replay(record))
>>> states[-1].scores == record.scores, len(states) == len(record.actions) + 1
(True, True)

The JSON form::

    {"format": "tobago-game-record", "version": 1,
     "island": "<the .island text>", "rules": {<GameRules fields>},
     "seed": 2, "cars": ["d5", "f2"], "bots": ["greedy", "random"],
     "actions": ["play in lake on grey", "move c3 d4", ...],
     "result": {"scores": [...], "winners": [...], "end_reason": "...", "turns": 123,
                "curses": 2, "amulets_spent": [...]}}
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any, Final

from tobago_solver.documents import read_document
from tobago_solver.errors import TobagoError
from tobago_solver.game.actions import Action, parse_action
from tobago_solver.game.bots import Bot
from tobago_solver.game.rules import GameRules
from tobago_solver.game.setup import new_game
from tobago_solver.game.state import GameState
from tobago_solver.island import Island
from tobago_solver.rules import PresetName

FORMAT: Final = "tobago-game-record"
VERSION: Final = 1

Watcher = Callable[[GameState, Action | None], None]
"""Called with the first state (and None), then after every action with the new state."""


@dataclass(frozen=True)
class GameRecord:
    """A finished (or turn-limited) game: enough to replay it, and its result.

    >>> import tobago_solver as tb
    >>> record = tb.play_game(tb.islands.default(), [tb.GreedyBot(), tb.GreedyBot()], seed=1)
    >>> record.players, record.end_reason in ("treasure deck empty", "turn limit")
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
        winners = ", ".join(f"P{p}" for p in self.winners)
        label = "winner" if len(self.winners) == 1 else "winners"
        return f"game over ({self.end_reason}): scores {scores}; {label} {winners}"

    def to_json(self) -> str:
        """The record as JSON text; :meth:`from_json` reads it back."""
        data = {
            "format": FORMAT,
            "version": VERSION,
            "island": self.island.to_text(),
            "rules": self.rules.to_dict(),
            "seed": self.seed,
            "cars": list(self.cars),
            "bots": list(self.bots),
            "actions": list(self.actions),
            "result": {
                "scores": list(self.scores),
                "winners": list(self.winners),
                "end_reason": self.end_reason,
                "turns": self.turns,
                "curses": self.curses,
                "amulets_spent": list(self.amulets_spent),
            },
        }
        return json.dumps(data, indent=1)

    @classmethod
    def from_json(cls, text: str) -> GameRecord:
        """Read a record written by :meth:`to_json`; raises TobagoError on anything else."""
        data = read_document(text, FORMAT, VERSION, "game record")
        try:
            result: dict[str, Any] = data["result"]
            return cls(
                island=Island.from_text(data["island"], strict=False),
                rules=GameRules.from_dict(data["rules"]),
                seed=int(data["seed"]),
                cars=tuple(str(f) for f in data["cars"]),
                bots=tuple(str(b) for b in data["bots"]),
                actions=tuple(str(a) for a in data["actions"]),
                scores=tuple(int(s) for s in result["scores"]),
                winners=tuple(int(w) for w in result["winners"]),
                end_reason=str(result["end_reason"]),
                turns=int(result["turns"]),
                curses=int(result["curses"]),
                amulets_spent=tuple(int(a) for a in result["amulets_spent"]),
            )
        except (KeyError, TypeError, ValueError) as error:
            if isinstance(error, TobagoError):
                raise
            raise TobagoError(f"game record is incomplete or malformed: {error!r}") from None


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

    Each bot sees only its own observation and draws from its own seeded generator.
    """
    state = new_game(island, len(bots), seed=seed, rules=rules, cars=cars)
    start = state
    rngs = [bot_rng(seed, seat) for seat in range(len(bots))]
    actions = []
    if watch is not None:
        watch(state, None)
    while not state.is_terminal:
        player = state.to_move
        action = bots[player].choose(state.observation(player), rngs[player])
        state = state.apply(action)
        actions.append(str(action))
        if watch is not None:
            watch(state, action)
    return record_of(start, state, tuple(bot.name for bot in bots), tuple(actions))


def record_of(
    start: GameState, final: GameState, bots: tuple[str, ...], actions: tuple[str, ...]
) -> GameRecord:
    """The record of a game from its first and last state."""
    assert final.end_reason is not None
    return GameRecord(
        island=start.island,
        rules=start.rules,
        seed=start.seed,
        cars=start.cars,
        bots=bots,
        actions=actions,
        scores=final.scores,
        winners=final.winners,
        end_reason=final.end_reason,
        turns=final.turn,
        curses=final.curses_drawn,
        amulets_spent=final.amulets_spent,
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

    Raises TobagoError if an action does not apply, or the game ends with another result.
    """
    state = new_game(
        record.island, record.players, seed=record.seed, rules=record.rules, cars=record.cars
    )
    yield state
    for number, text in enumerate(record.actions, start=1):
        try:
            state = state.apply(parse_action(text))
        except TobagoError as error:
            raise TobagoError(f"record action {number} {text!r} does not replay: {error}") from None
        yield state
    if state.scores != record.scores or state.end_reason != record.end_reason:
        raise TobagoError(
            f"the replay ends with scores {state.scores} ({state.end_reason}), "
            f"the record says {record.scores} ({record.end_reason})"
        )
