"""What a person types at the table, read into an action: an action's full text or a short form.

>>> import tobago_solver as tb
>>> state = tb.new_game(tb.islands.default(), 2, seed=1)
>>> seen = state.observation(0)
>>> str(read_action(seen, "play 2 grey").action), str(seen.hand[1])
('play in sight of sea on grey', 'in sight of sea')
>>> reading = read_action(seen, "move e5")
>>> print(reading.action); print(reading.note)
move e6 e5
move e5: the car drives e6 e5

The short forms, beside the full text of :func:`~tobago_solver.game.actions.parse_action`:

- ``play N MAP`` (or ``play N on MAP``): card N of your hand, as the board numbers it, onto MAP.
- ``move FIELD``: drive to FIELD along a shortest way. Fields passed on the way change nothing
  (an amulet is taken only where the car stops, and a located treasure stops the car, so no way
  passes one); the note names the way taken and the other shortest ones.
- ``take``, ``spend``, ``end``, ``accept``: ``take amulet``, ``spend amulet``, ``end turn``,
  ``accept curse``.
- ``#N`` or ``N`` alone: action N of the numbered list of every legal action
  (:func:`~tobago_solver.game.gamelog.numbered`, which ``moves`` shows).
- ``gray`` is read as ``grey`` wherever a map is named.

A short form that cannot be resolved says why (a card number beyond the hand, a field out of
reach); whether the action it resolves to is legal is the engine's part (``state.apply``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from tobago_solver.errors import ActionSyntaxError, IllegalActionError, TobagoError
from tobago_solver.game.actions import SIMPLE_ACTIONS, Action, Move, Play, parse_action
from tobago_solver.game.observation import Observation
from tobago_solver.game.paths import move_neighbours, move_paths
from tobago_solver.game.position import located_field
from tobago_solver.game.state import RULE_MOVE, RULE_PLAY
from tobago_solver.hexgrid import field_name, parse_field
from tobago_solver.movement import step_distance
from tobago_solver.rules import MAP_NAMES, MAP_SPELLINGS

NOTE_WIDTH: Final = 80
"""A note's example of another way is left out rather than wrap the note past one line."""

MAX_LINE_CHARS: Final = 200
"""The longest line read as an action (the longest action takes about 50 characters)."""
_NUMBER_DIGITS: Final = 6
_QUOTED_CHARS: Final = 40
"""A refusal quotes at most this much of a line."""

_SHORT_WORDS: Final = {text.split()[0]: action for text, action in SIMPLE_ACTIONS.items()}


@dataclass(frozen=True)
class Reading:
    """An action read from a line, and how a short form was read (empty for a full text)."""

    action: Action
    note: str = ""
    ways: int = 1
    """For ``move FIELD``: how many shortest ways there were (the note names the one taken)."""


def read_action(observation: Observation, text: str) -> Reading:
    """The action a line means for the player of ``observation``.

    Raises :class:`ActionSyntaxError` for a line that is no action, and
    :class:`IllegalActionError` for a short form that cannot be resolved, saying why.

    >>> import tobago_solver as tb
    >>> seen = tb.new_game(tb.islands.default(), 2, seed=1).observation(0)
    >>> read_action(seen, "play 9 grey")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    tobago_solver.errors.IllegalActionError: 'play 9 grey': you hold 6 clue cards, numbered 1 ...
    """
    if not isinstance(text, str):
        raise ActionSyntaxError(f"cannot read action {text!r}: an action is text, e.g. 'end turn'")
    if len(text) > MAX_LINE_CHARS:
        raise ActionSyntaxError(
            f"{_quoted(text)}: {len(text):,} characters are no action (one takes a few dozen)"
        )
    words = [MAP_SPELLINGS.get(word, word) for word in text.lower().split()]
    if not words:
        raise ActionSyntaxError("empty line: type an action, or 'help'")
    if len(words) == 1 and _is_number(words[0].removeprefix("#")):
        return _numbered_action(observation, words[0])
    if len(words) == 1 and words[0] in _SHORT_WORDS:
        action = _SHORT_WORDS[words[0]]
        return Reading(action, f"{words[0]}: {action}")
    if words[0] == "play" and len(words) > 1 and _is_number(words[1]):
        return _play_card(observation, text, words)
    if words[0] == "move" and len(words) == 2:
        return _move_to(observation, text, words[1])
    spelled = any(word in MAP_SPELLINGS for word in text.lower().split())
    return Reading(parse_action(" ".join(words) if spelled else text))


def _is_number(word: str) -> bool:
    """Whether ``word`` is a whole number in ASCII digits (``²`` and ``٣`` are digits too)."""
    return word.isascii() and word.isdigit()


def _number(word: str) -> int:
    """The number of ASCII digits ``word``; any beyond what a list or hand holds reads as that
    much (Python refuses to read a number of more than 4,300 digits)."""
    digits = word.lstrip("0") or "0"
    return int(digits) if len(digits) <= _NUMBER_DIGITS else 10**_NUMBER_DIGITS


def _quoted(text: str) -> str:
    """``text`` quoted, a long one cut short."""
    text = text.strip()
    return repr(text) if len(text) <= _QUOTED_CHARS else repr(text[: _QUOTED_CHARS - 1] + "…")


def _numbered_action(observation: Observation, word: str) -> Reading:
    legal = observation.legal_actions
    quoted = _quoted(word)
    if not legal:
        raise ActionSyntaxError(f"{quoted}: it is not your turn, there is no list of actions")
    number = _number(word.removeprefix("#"))
    if not 1 <= number <= len(legal):
        raise ActionSyntaxError(
            f"{quoted}: the list of legal actions ('moves') runs from 1 to {len(legal)}"
        )
    return Reading(legal[number - 1])


def _play_card(observation: Observation, text: str, words: list[str]) -> Reading:
    *_, map_word = words
    if len(words) not in (3, 4) or (len(words) == 4 and words[2] != "on"):
        raise ActionSyntaxError(
            f"cannot read action {_quoted(text)}: expected 'play N MAP', e.g. 'play 2 grey'"
        )
    if map_word not in MAP_NAMES:
        raise ActionSyntaxError(
            f"cannot read action {_quoted(text)}: unknown map {_quoted(map_word)} "
            f"(expected {', '.join(MAP_NAMES)})"
        )
    hand = observation.hand
    number = _number(words[1])
    if not 1 <= number <= len(hand):
        held = f"hold {len(hand)} clue cards, numbered 1 to {len(hand)}" if hand else "hold none"
        raise IllegalActionError(f"{_quoted(text)}: you {held}", RULE_PLAY)
    action = Play(hand[number - 1], MAP_NAMES.index(map_word))
    return Reading(action, f"play {number} {map_word}: {action}")


def _move_to(observation: Observation, text: str, word: str) -> Reading:
    try:
        destination = field_name(*parse_field(word))
    except ValueError as error:
        raise ActionSyntaxError(f"cannot read action {_quoted(text)}: {error}") from None
    moves = [a for a in observation.legal_actions if isinstance(a, Move)]
    if not moves:
        # No move is legal now (another phase, another player's turn): the engine says why.
        return Reading(Move((destination,)))
    found = [move for move in moves if move.destination == destination]
    here = observation.cars[observation.player]
    if not found:
        raise IllegalActionError(
            f"{text.strip()!r}: {_out_of_reach(observation, here, destination)}", RULE_MOVE
        )
    move = found[0]
    ways = shortest_ways(observation, here, destination, listed=2)
    others = [" ".join(way) for way in ways.listed if way != move.path]
    note = f"move {destination}: the car drives {' '.join(move.path)}"
    if ways.count == 2:
        note += f" (the other shortest way: {others[0]})"
    elif ways.count > 2:
        # One example, where it fits on the line: drives across areas have dozens of ways.
        example = f"{note} ({ways.count - 1} other shortest ways, e.g. {others[0]})"
        note = (
            example if len(example) <= NOTE_WIDTH else f"{note} (one of {ways.count} shortest ways)"
        )
    return Reading(move, note, ways.count)


def _out_of_reach(observation: Observation, here: str, destination: str) -> str:
    island = observation.island
    steps = observation.rules.max_steps
    if destination not in island:
        return f"{destination} is not a land field"
    if destination == here:
        return f"your car stands on {destination}; a move goes somewhere else"
    try:
        distance = step_distance(island, here, destination)
    except TobagoError:
        return f"no way leads from {here} to {destination}"
    if distance > steps:
        return f"{destination} is {distance} steps from your car at {here}; a move has 1 to {steps}"
    return (
        f"every way of {steps} steps or fewer from {here} to {destination} passes a located "
        "treasure, where the car stops"
    )


@dataclass(frozen=True)
class Ways:
    """The shortest ways of a move: how many there are, and the first few of them."""

    count: int
    listed: tuple[tuple[str, ...], ...]
    """The first ways in reading order of the fields passed, each the fields its steps end on."""


def shortest_ways(observation: Observation, start: str, destination: str, listed: int = 3) -> Ways:
    """The shortest ways of a move from ``start`` to ``destination``, none going on from a
    located treasure: their number, and the first ``listed`` of them in reading order of the
    fields passed. The ways are counted, not listed (a drive across large areas has thousands).

    >>> import tobago_solver as tb
    >>> seen = tb.new_game(tb.islands.default(), 2, seed=1).observation(0)
    >>> shortest_ways(seen, "f7", "e5")
    Ways(count=1, listed=(('e6', 'e5'),))
    >>> shortest_ways(seen, "f7", "f7").count
    0
    """
    island = observation.island
    stops = frozenset(
        field
        for m in observation.maps
        if (field := located_field(island, m)) is not None and field != destination
    )
    one = move_paths(island, start, observation.rules.max_steps, stops).get(destination)
    if one is None:
        return Ways(0, ())
    neighbours = move_neighbours(island)
    # Breadth first, layer by layer: how many shortest ways reach each field.
    counts = {start: 1}
    layers = [[start]]
    for _ in one:
        reached: dict[str, int] = {}
        for here in layers[-1]:
            if here in stops:
                continue
            for there in neighbours[here]:
                if there not in counts:
                    reached[there] = reached.get(there, 0) + counts[here]
        counts.update(reached)
        layers.append(list(reached))
    # Backwards: the fields of each layer that a shortest way to the destination passes.
    on_way = [{destination}]
    for layer in reversed(layers[1:-1]):
        after = on_way[-1]
        on_way.append({f for f in layer if f not in stops and not after.isdisjoint(neighbours[f])})
    on_way.reverse()
    found: list[tuple[str, ...]] = []

    def follow(way: tuple[str, ...]) -> None:
        here = way[-1] if way else start
        for there in neighbours[here]:
            if len(found) == listed:
                return
            if there in on_way[len(way)]:
                if len(way) + 1 == len(one):
                    found.append((*way, there))
                else:
                    follow((*way, there))

    follow(())
    return Ways(counts[destination], tuple(found))
