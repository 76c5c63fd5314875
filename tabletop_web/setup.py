"""A new game's request read into a :class:`Setup`: players, who is a person and who a bot,
the rules preset, the seed and any game-specific choice (Tobago's island).

>>> choices = Choices(players=range(2, 5), bots=("greedy", "random"), default_bot="greedy",
...                   presets=("seed", "published"), extra={"island": "ABC-1"})
>>> setup = read_setup({"players": 3, "humans": [0], "bots": "random", "seed": 4}, choices)
>>> setup.seats, setup.humans, setup.rules, setup.seed, setup.extra
(('human', 'random', 'random'), (0,), 'seed', 4, (('island', 'ABC-1'),))
>>> Setup.from_json(setup.to_json()) == setup
True
"""

from __future__ import annotations

import json
import secrets
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Final

from tabletop_web.errors import UnprocessableError, WebError

HUMAN: Final = "human"
"""A seat played by a person, as the game record names it."""
FRESH_SEEDS: Final = 1_000_000
"""A game asked without a seed gets one below this: short to note down and deal again."""
MAX_SEED: Final = 2**63 - 1
_KEYS: Final = ("players", "humans", "bots", "rules", "seed")


@dataclass(frozen=True)
class Choices:
    """What a game offers on its new-game page: player counts, bot names (``aliases`` maps a
    shared name such as ``heuristic`` to the game's own), rules presets, and game-specific keys
    with their defaults (``extra``).

    >>> Choices(range(1, 6), ("heuristic",), "heuristic", ("seed",)).players
    range(1, 6)
    """

    players: range
    bots: tuple[str, ...]
    default_bot: str
    presets: tuple[str, ...]
    extra: Mapping[str, str] = field(default_factory=dict)
    aliases: Mapping[str, str] = field(default_factory=dict)
    options: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    """The values the new-game page offers for each game-specific key (the island names)."""


@dataclass(frozen=True)
class Setup:
    """How a game is dealt and who sits where: one entry per seat, ``human`` or a bot name.

    >>> Setup(2, ("human", "greedy"), "seed", 1).humans
    (0,)
    """

    players: int
    seats: tuple[str, ...]
    rules: str
    seed: int
    extra: tuple[tuple[str, str], ...] = ()

    @property
    def humans(self) -> tuple[int, ...]:
        """The seats played by people, in order."""
        return tuple(seat for seat, name in enumerate(self.seats) if name == HUMAN)

    def get(self, key: str) -> str:
        """A game-specific choice (``island``); KeyError when the game has none by that name."""
        return dict(self.extra)[key]

    def to_json(self) -> str:
        """The set-up as JSON, as the store keeps it; :meth:`from_json` reads it back."""
        return json.dumps(
            {
                "players": self.players,
                "seats": list(self.seats),
                "rules": self.rules,
                "seed": self.seed,
                "extra": dict(self.extra),
            }
        )

    @classmethod
    def from_json(cls, text: str) -> Setup:
        """Read :meth:`to_json`'s output (the store's own, so it is trusted to be well formed)."""
        data = json.loads(text)
        return cls(
            int(data["players"]),
            tuple(str(name) for name in data["seats"]),
            str(data["rules"]),
            int(data["seed"]),
            tuple((str(key), str(value)) for key, value in data["extra"].items()),
        )


def read_setup(request: object, choices: Choices) -> Setup:
    """The set-up a ``POST /api/games`` body asks for; a :class:`WebError` says what is wrong.

    Keys: ``players``, ``humans`` (seats played by people, default ``[0]``), ``bots`` (one name
    for every bot seat, or a list with one per bot seat), ``rules``, ``seed`` (default: a new
    one), and the game's own keys (``island``).

    >>> choices = Choices(range(1, 6), ("heuristic", "random"), "heuristic", ("seed",))
    >>> read_setup({"players": 2, "bots": "dancer"}, choices)
    Traceback (most recent call last):
    ...
    tabletop_web.errors.UnprocessableError: unknown bot 'dancer': the bots are heuristic, random
    """
    if not isinstance(request, dict):
        raise WebError('the body must be a JSON object, e.g. {"players": 2}')
    unknown = sorted(set(map(str, request)) - {*_KEYS, *choices.extra})
    if unknown:
        known = ", ".join([*_KEYS, *choices.extra])
        raise UnprocessableError(f"unknown key {unknown[0]!r}: the keys are {known}")
    low = choices.players
    players = _whole(request.get("players", low.start), "players")
    if players not in low:
        raise UnprocessableError(f"players must be {low.start} to {low.stop - 1}, not {players}")
    humans = _seats(request.get("humans", [0]), players)
    bots = _bots(request.get("bots", choices.default_bot), players - len(humans), choices)
    names = iter(bots)
    seats = tuple(HUMAN if seat in humans else next(names) for seat in range(players))
    rules = request.get("rules", choices.presets[0])
    if rules not in choices.presets:
        raise UnprocessableError(f"rules {rules!r}: expected {' or '.join(choices.presets)}")
    seed = request.get("seed")
    seed = secrets.randbelow(FRESH_SEEDS) if seed is None else _whole(seed, "seed")
    if not 0 <= seed <= MAX_SEED:
        raise UnprocessableError(f"seed must be 0 to 2**63 - 1, not {seed}")
    extra = []
    for key, default in choices.extra.items():
        value = request.get(key, default)
        if not isinstance(value, str) or not value.strip():
            raise UnprocessableError(f"{key} must be a name, e.g. {default!r}, not {_shown(value)}")
        extra.append((key, value.strip()))
    return Setup(players, seats, str(rules), seed, tuple(extra))


def _whole(value: Any, key: str) -> int:
    if type(value) is not int:
        raise UnprocessableError(f"{key} must be a whole number, not {_shown(value)}")
    return value


def _seats(value: Any, players: int) -> tuple[int, ...]:
    if not isinstance(value, list):
        raise UnprocessableError(f"humans must be a list of seats, e.g. [0], not {_shown(value)}")
    seats = [_whole(seat, "a seat in humans") for seat in value]
    for seat in seats:
        if not 0 <= seat < players:
            raise UnprocessableError(f"humans: seat {seat} is not 0 to {players - 1}")
    if len(set(seats)) != len(seats):
        raise UnprocessableError(f"humans names a seat twice: {seats}")
    return tuple(sorted(seats))


def _bots(value: Any, count: int, choices: Choices) -> list[str]:
    names: Sequence[Any]
    if isinstance(value, str):
        names = [value] * count
    elif isinstance(value, list):
        names = value
        if len(names) != count:
            raise UnprocessableError(
                f"bots lists {len(names)} names for {count} bot seats: give one name for "
                "every bot seat, or one per bot seat"
            )
    else:
        raise UnprocessableError(f"bots must be a name or a list of names, not {_shown(value)}")
    found = []
    for name in names:
        key = name.strip().lower() if isinstance(name, str) else name
        key = choices.aliases.get(key, key)
        if key not in choices.bots:
            raise UnprocessableError(
                f"unknown bot {_shown(name)}: the bots are {', '.join(choices.bots)}"
            )
        found.append(key)
    return found


def _shown(value: Any) -> str:
    """A value as a refusal quotes it, cut short."""
    text = repr(value)
    return text if len(text) <= 40 else text[:39] + "…"
