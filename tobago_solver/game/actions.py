"""Game actions: small frozen values whose text form parses back.

>>> parse_action("Play not next to a hut on Brown")
Play(clue=Clue.parse('not next to hut'), map=1)
>>> str(parse_action("move c3 d4 f5"))
'move c3 d4 f5'
>>> parse_action("take amulet") is TAKE_AMULET
True

The grammar (case and extra spaces do not matter):

- ``play CLUE on MAP``: play a clue from hand; MAP is grey, brown, black or white.
- ``move F1 [F2 [F3]]``: move the car; the fields it ends each step on.
- ``take amulet``: after a move, take the amulet of the car's field.
- ``spend amulet``: after an action, for one more action; or, facing a curse, to escape it.
- ``end turn``: decline the optional take/spend after an action.
- ``accept curse``: facing a curse, discard the highest gold card instead of spending an amulet.
- ``exchange``: variant ``exchange`` only: discard your clue cards and draw as many.
- ``pass``: only when no clue can be played and the car cannot move (a hand-built island).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from tobago_solver.clues import Clue
from tobago_solver.errors import ActionSyntaxError, ClueSyntaxError
from tobago_solver.hexgrid import field_name, parse_field
from tobago_solver.rules import MAP_NAMES


@dataclass(frozen=True, slots=True)
class Play:
    """Play ``clue`` from hand onto map ``map`` (0 grey, 1 brown, 2 black, 3 white).

    >>> str(Play(Clue.parse("in lake"), 3))
    'play in lake on white'
    """

    clue: Clue
    map: int

    def __post_init__(self) -> None:
        if not 0 <= self.map < len(MAP_NAMES):
            raise ActionSyntaxError(f"map {self.map!r} is not 0 to 3 (grey, brown, black, white)")

    def __str__(self) -> str:
        return f"play {self.clue} on {MAP_NAMES[self.map]}"


@dataclass(frozen=True, slots=True)
class Move:
    """Drive the car: ``path`` holds the field each step ends on (1 to 3 steps).

    >>> Move(("c3", "d4")).destination
    'd4'
    """

    path: tuple[str, ...]

    @property
    def destination(self) -> str:
        """The field the car ends on."""
        return self.path[-1]

    def __str__(self) -> str:
        return "move " + " ".join(self.path)


@dataclass(frozen=True, slots=True)
class Simple:
    """An action without arguments, e.g. ``take amulet``; use the constants below.

    >>> str(END_TURN)
    'end turn'
    """

    text: str

    def __str__(self) -> str:
        return self.text


TAKE_AMULET: Final = Simple("take amulet")
SPEND_AMULET: Final = Simple("spend amulet")
END_TURN: Final = Simple("end turn")
ACCEPT_CURSE: Final = Simple("accept curse")
PASS: Final = Simple("pass")
EXCHANGE: Final = Simple("exchange")
SIMPLE_ACTIONS: Final = {
    a.text: a for a in (TAKE_AMULET, SPEND_AMULET, END_TURN, ACCEPT_CURSE, PASS, EXCHANGE)
}

Action = Play | Move | Simple
"""Any game action: playing a clue, moving a car, or one of the simple actions.

>>> import tobago_solver as tb
>>> action: tb.Action = tb.parse_action("end turn")
>>> str(action)
'end turn'
"""

MAX_MOVE_STEPS: Final = 10
"""The most steps a move may have under any rules (``GameRules.max_steps`` is 1 to this)."""


def parse_action(text: str) -> Action:
    """Read an action; raises :class:`ActionSyntaxError` quoting the input.

    >>> parse_action("dance")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    tobago_solver.errors.ActionSyntaxError: cannot read action 'dance': expected ...
    """
    if not isinstance(text, str):
        # Bytes too: the caller decodes, so a file's encoding is never guessed here.
        raise ActionSyntaxError(f"cannot read action {text!r}: an action is text, e.g. 'end turn'")
    words = text.lower().split()
    joined = " ".join(words)
    if joined in SIMPLE_ACTIONS:
        return SIMPLE_ACTIONS[joined]
    if words and words[0] == "play":
        if len(words) < 4 or words[-2] != "on":
            raise ActionSyntaxError(f"cannot read action {text!r}: expected 'play CLUE on MAP'")
        if words[-1] not in MAP_NAMES:
            raise ActionSyntaxError(
                f"cannot read action {text!r}: unknown map {words[-1]!r} "
                f"(expected {', '.join(MAP_NAMES)})"
            )
        try:
            clue = Clue.parse(" ".join(words[1:-2]))
        except ClueSyntaxError as error:
            raise ActionSyntaxError(f"cannot read action {text!r}: {error}") from None
        return Play(clue, MAP_NAMES.index(words[-1]))
    if words and words[0] == "move":
        if not 2 <= len(words) <= MAX_MOVE_STEPS + 1:
            raise ActionSyntaxError(
                f"cannot read action {text!r}: expected 'move' and 1 to {MAX_MOVE_STEPS} fields"
            )
        try:
            path = tuple(field_name(*parse_field(word)) for word in words[1:])
        except ValueError as error:
            raise ActionSyntaxError(f"cannot read action {text!r}: {error}") from None
        return Move(path)
    raise ActionSyntaxError(
        f"cannot read action {text!r}: expected 'play CLUE on MAP', 'move FIELD ...', "
        "'take amulet', 'spend amulet', 'end turn', 'accept curse', 'exchange' or 'pass'"
    )
