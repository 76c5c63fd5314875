"""A game as text: the board as one player sees it, on one 80 × 24 screen, and the game's log.

>>> import tobago_solver as tb
>>> state = tb.new_game(tb.islands.default(), 2, seed=1)
>>> print(board_text(state.observation(0)))
   a b c d e f g h i j k l   turn 0 · your turn: play a clue or move
 1 . . . . . . . B B B       map    fields clues roses P0 P1
 2  . . . . . . B J J B B    grey      102     0        1  1
 3 . . . . . . B L L J B     brown     102     0        1  1
 4  . R . Rh. R R S J J BpB  black     102     0        1  1
 5 . R R R R B R S M J M B   white     102     0        1  1
 6  B S S M M B R B M MsB    player  car  gold roses amulets cards
 7 J J J M J J0B B . B B*    P0      f7      0    11       0   you
 8  B*JhL SsJ B . . B B      P1      h14     0    11       0     6
 9 . J L S S B B M B S B     amulets k7 a8 g13 · treasure deck 41 · clue deck 40
10  . B B S B R MhM S S B
11 . . . . . R J JsL S SpB
12  . . . . . RpR L S S J    B beach, J jungle, L lake, M mountain, R river, S
13 . . . . . . R*B L B J       scrubland; after a letter: 0-3 car, + cars, $
14  . . . . . . . S1. B        treasure, * amulet, h hut, p palm, s statue
your hand: [1] in largest mountain (gr br bl wh)
  [2] in sight of sea (gr br bl wh)  [3] not next to jungle (gr br bl wh)
  [4] not next to hut (gr br bl wh)  [5] in sight of statue (gr br bl wh)
  [6] in river (gr br bl wh)

The island is drawn as in its file, with the column letters above and the row numbers beside
(even rows sit half a field to the right); after each field's terrain letter comes what stands
on it: a car's seat number (``+`` for several cars), ``$`` a located treasure, ``*`` an amulet,
``h`` a hut, ``p`` a palm, ``s`` a statue. Beside the island, as far as it fits: the turn, every
map (its candidate count, roses, clues, and its candidate fields once there are 16 or fewer, the
printed game's threshold for its location markers), every player, the amulets and decks, and
the player's own hand, numbered, each card with the maps it may be played on now (``gr`` grey,
``br`` brown, ``bl`` black, ``wh`` white; ``-`` none: a clue must remove some fields of a map
and leave some). ``str(observation)`` and ``str(state)`` (the board as the
player to move sees it) are this text; ``tobago play --human`` prints it.
"""

from __future__ import annotations

import textwrap
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from typing import Final

from tobago_solver.compile import compiled
from tobago_solver.game.actions import Action, Play
from tobago_solver.game.end import END_STALEMATE, END_UNLOCATABLE, can_be_located
from tobago_solver.game.observation import Observation
from tobago_solver.game.position import MapState, Position, located_field
from tobago_solver.hexgrid import field_name
from tobago_solver.island import Island, LandmarkKind
from tobago_solver.rules import MAP_NAMES, PUBLISHED_NEW_INFORMATION_THRESHOLD, rules_label

SCREEN_WIDTH: Final = 80
"""The board never writes a line longer than this."""

BOARD_HEIGHT: Final = 20
"""The lines the board aims to fit in: a 24-line terminal, less the prompt and a short log."""

LISTED_AT_MOST: Final = PUBLISHED_NEW_INFORMATION_THRESHOLD
"""A map's candidate fields are listed once it has this many or fewer: the printed game puts its
location markers on the island at the same count (16)."""

_LANDMARK_MARKS: Final = {LandmarkKind.HUT: "h", LandmarkKind.PALM: "p", LandmarkKind.STATUE: "s"}
_GAP: Final = 2
"""Spaces between the island and the column beside it."""

_PHASE_TASKS: Final = {
    "opening": "open an empty map with a clue",
    "action": "play a clue or move",
    "bonus": "an amulet, or end the turn",
    "curse": "a curse! spend an amulet or lose gold",
}
"""Short enough for the status line beside the island; the prompt lists the actions."""

KEY: Final = (
    "B beach, J jungle, L lake, M mountain, R river, S scrubland; after a letter: 0-3 car, "
    "+ cars, $ treasure, * amulet, h hut, p palm, s statue"
)
"""What the letters and marks on the island mean."""

Block = Callable[[int], list[str]]
"""A part of the board, written within a given width."""


def island_lines(island: Island, marks: Mapping[str, str] = {}) -> list[str]:
    """The island as rows of terrain letters under column letters, each row numbered; ``marks``
    puts one character after a field's letter (default: its landmark's initial).

    >>> import tobago_solver as tb
    >>> lines = island_lines(tb.islands.default(), {"f7": "0"})
    >>> print(lines[0]); print(lines[7])
       a b c d e f g h i j k l
     7 J J J M J J0B B . B Bh
    """
    columns, rows = island.size
    landmarks = {f: _LANDMARK_MARKS[landmark.kind] for f, landmark in island.landmark_at.items()}
    lines = ["   " + " ".join(chr(ord("a") + c) for c in range(columns))]
    for row in range(rows):
        cells = []
        for column in range(columns):
            name = field_name(column, row)
            if name in island:
                letter = island.terrain(name).letter
                cells.append(letter + marks.get(name, landmarks.get(name, " ")))
            else:
                cells.append(". ")
        shift = " " if row % 2 else ""
        # The sea beyond a row's last land field is left out: nothing to read there.
        lines.append(f"{row + 1:>2} {shift}{''.join(cells)}".rstrip(". "))
    return lines


def piece_marks(observation: Observation) -> dict[str, str]:
    """What stands on the fields besides landmarks: cars, located treasures, amulets."""
    marks = dict.fromkeys(observation.amulets, "*")
    for map_state in observation.maps:
        where = located_field(observation.island, map_state)
        if where is not None:
            marks[where] = "$"
    cars = Counter(observation.cars)
    for seat, car in enumerate(observation.cars):
        marks[car] = str(seat) if cars[car] == 1 else "+"
    return marks


def board_text(
    observation: Observation, width: int = SCREEN_WIDTH, height: int = BOARD_HEIGHT
) -> str:
    """The board as ``observation``'s player sees it, in lines of at most ``width`` characters
    and, where it can be done, at most ``height`` lines: clue lists give way to their count
    (``where`` in the game lists them), those of located maps first, then of the maps whose
    candidates are listed, then the others.

    >>> import tobago_solver as tb
    >>> text = board_text(tb.new_game(tb.islands.default(), 2, seed=1).observation(0))
    >>> "your hand: [1]" in text and max(map(len, text.splitlines())) <= 80
    True
    """
    lines: list[str] = []
    for hidden in _hiding_order(observation):
        lines = _layout(observation, width, hidden)
        if len(lines) <= height:
            break
    return "\n".join(lines)


def _hiding_order(obs: Observation) -> list[frozenset[int]]:
    """The maps whose clue lists give way, more and more: located maps first (their field is
    what counts), then the maps whose candidates are listed, then the others, the fewest
    candidates first."""
    counts = [m.candidate_count() for m in obs.maps]
    order = sorted(
        (m for m in range(len(obs.maps)) if obs.maps[m].clues),
        key=lambda m: (counts[m] != 1, counts[m] > LISTED_AT_MOST, counts[m]),
    )
    return [frozenset(order[:n]) for n in range(len(order) + 1)]


def _layout(obs: Observation, width: int, hidden: frozenset[int]) -> list[str]:
    blocks: list[Block] = [
        lambda w: _wrap(_status_line(obs), w),
        lambda w: [_maps_heading(obs.players)],
        *(_map_block(obs, m, m not in hidden) for m in range(len(obs.maps))),
        lambda w: _player_lines(obs),
        lambda w: _own_gold(obs, w),
        lambda w: _table_lines(obs, w),
    ]
    if obs.hand:
        blocks.append(lambda w: hand_lines(_hand_with_maps(obs), w))
    island = island_lines(obs.island, piece_marks(obs))
    return _beside(island, blocks, width, optional=lambda w: _wrap(KEY, w))


MAP_SHORT: Final = ("gr", "br", "bl", "wh")
"""The maps in two letters, as the hand says where each card can be played."""


def _hand_with_maps(obs: Observation) -> list[str]:
    """The hand; on the player's turn to play a clue, each card with the maps it may go on
    now (``-``: none; the rules refuse a clue that removes every field or none)."""
    if obs.phase not in ("opening", "action") or not obs.legal_actions:
        return [str(card) for card in obs.hand]
    maps: dict[object, list[str]] = {}
    for action in obs.legal_actions:
        if isinstance(action, Play):
            maps.setdefault(action.clue, []).append(MAP_SHORT[action.map])
    return [f"{card} ({' '.join(maps.get(card, ['-']))})" for card in obs.hand]


def hand_lines(hand: Sequence[object], width: int = SCREEN_WIDTH) -> list[str]:
    """A hand numbered from 1, as ``play N MAP`` refers to it, a card never split over lines.

    >>> hand_lines(["in lake", "not next to hut", "in sight of largest mountain"], 45)
    ['your hand: [1] in lake  [2] not next to hut', '  [3] in sight of largest mountain']
    """
    items = [f"[{n}] {card}" for n, card in enumerate(hand, start=1)]
    lines = ["your hand:"]
    for item in items:
        if len(lines[-1]) + 2 + len(item) > width and lines[-1].strip():
            lines.append("  " + item)
        else:
            lines[-1] += (" " if lines[-1] == "your hand:" else "  ") + item
    return lines


def _beside(
    left: list[str], blocks: Sequence[Block], width: int, optional: Block | None = None
) -> list[str]:
    """``left`` with the blocks in the column to its right while they fit in its height; the
    blocks that do not fit follow underneath, across the whole width. The ``optional`` block
    goes in the column if there is room left there, else nowhere."""
    left_width = max(map(len, left), default=0)
    right_width = width - left_width - _GAP
    right: list[str] = []
    rest = list(blocks)
    while rest and right_width >= 30:
        lines = rest[0](right_width)
        if len(right) + len(lines) > len(left):
            break
        right.extend(lines)
        rest.pop(0)
    if optional is not None and right_width >= 30:
        lines = optional(right_width)
        if len(right) + len(lines) <= len(left):
            right.extend([""] * (len(left) - len(right) - len(lines)) + lines)
    out = [
        (line.ljust(left_width + _GAP) + extra if extra else line).rstrip()
        for line, extra in zip(left, right + [""] * (len(left) - len(right)), strict=True)
    ]
    for block in rest:
        out.extend(block(width))
    return out


def _wrap(text: str, width: int, indent: str = "  ") -> list[str]:
    return textwrap.wrap(
        text, width, subsequent_indent=indent, break_long_words=False, break_on_hyphens=False
    ) or [""]


def _status_line(obs: Observation) -> str:
    if obs.phase == "over":
        return game_over_text(obs.end_reason or "over", obs.gold)
    task = _PHASE_TASKS.get(obs.phase, obs.phase)
    if obs.to_move == obs.player:
        return f"turn {obs.turn} · your turn: {task}"
    return f"turn {obs.turn} · P{obs.to_move} to move; you are P{obs.player}"


def game_over_text(end_reason: str, gold: Sequence[Sequence[int]]) -> str:
    """How a game ended and who won, in one line.

    >>> game_over_text("treasure deck empty", [(5, 4), (6,)])
    'game over (treasure deck empty): P0 wins with 9 gold'
    >>> game_over_text("stalemate", [(5,), (3, 2)])
    'game over (stalemate): P0 and P1 win with 5 gold'
    """
    scores = [sum(cards) for cards in gold]
    best = max(scores)
    winners = [f"P{p}" for p, score in enumerate(scores) if score == best]
    verb = "wins" if len(winners) == 1 else "win"
    return f"game over ({end_reason}): {' and '.join(winners)} {verb} with {best} gold"


def _maps_heading(players: int) -> str:
    seats = " ".join(f"P{p}" for p in range(players))
    return f"map    fields clues roses {seats}"


def _map_block(obs: Observation, index: int, clues_shown: bool) -> Block:
    map_state = obs.maps[index]
    count = map_state.candidate_count()
    where = located_field(obs.island, map_state)
    listed = bool(map_state.clues) and 1 < count <= LISTED_AT_MOST

    def lines(width: int) -> list[str]:
        fields = f"{where} $" if where is not None else str(count)
        roses = " ".join(f"{r:>2}" for r in map_state.roses)
        out = [f"{MAP_NAMES[index]:<5} {fields:>7} {len(map_state.clues):>5}       {roses}"]
        if map_state.clues and clues_shown:
            out.extend(_wrap("  " + "; ".join(map(str, map_state.clues)), width, "  "))
        if listed:
            found = compiled(obs.island).field_set(map_state.candidates_mask)
            out.extend(_wrap("  at " + " ".join(obs.island.in_reading_order(found)), width, "  "))
        return out

    return lines


def map_status(island: Island, map_state: MapState) -> str:
    """A map in a few words: where its treasure is or how many fields are left, and the roses.

    >>> import tobago_solver as tb
    >>> island = tb.islands.default()
    >>> map_status(island, MapState.empty(island, 2))
    '102 fields, no clue yet; no roses'
    """
    where = located_field(island, map_state)
    count = map_state.candidate_count()
    if where is not None:
        status = f"treasure located at {where}"
    elif not map_state.clues:
        status = f"{count} fields, no clue yet"
    else:
        status = f"{count} field{'s' * (count != 1)} left"
    roses = " ".join(f"P{p}:{r}" for p, r in enumerate(map_state.roses) if r)
    return f"{status}; {'roses ' + roses if roses else 'no roses'}"


def where_text(observation: Observation, index: int, width: int = SCREEN_WIDTH) -> str:
    """One map in full: where its treasure can be (every field, however many), its clues and
    the roses on it.

    >>> import tobago_solver as tb
    >>> print(where_text(tb.new_game(tb.islands.default(), 2, seed=1).observation(0), 0))
    ... # doctest: +ELLIPSIS
    grey: 102 fields, no clue yet; roses P0:1 P1:1
      fields: h1 i1 j1 g2 h2 ...
    """
    map_state = observation.maps[index]
    island = observation.island
    lines = _wrap(f"{MAP_NAMES[index]}: {map_status(island, map_state)}", width)
    if map_state.clues:
        lines.extend(_wrap("  clues: " + "; ".join(map(str, map_state.clues)), width, "    "))
    if not map_state.located:
        found = island.in_reading_order(compiled(island).field_set(map_state.candidates_mask))
        lines.extend(_wrap("  fields: " + " ".join(found), width, "    "))
    return "\n".join(lines)


def _player_lines(obs: Observation) -> list[str]:
    lines = ["player  car  gold roses amulets cards"]
    for p in range(obs.players):
        cards = "you" if p == obs.player else str(obs.hand_sizes[p])
        lines.append(
            f"P{p}      {obs.cars[p]:<4} {sum(obs.gold[p]):>4} {obs.roses_left[p]:>5} "
            f"{obs.amulets_held[p]:>7} {cards:>5}"
        )
    return lines


def _own_gold(obs: Observation, width: int) -> list[str]:
    gold = sorted(obs.gold[obs.player], reverse=True)
    return _wrap("your gold: " + " ".join(map(str, gold)), width) if gold else []


def _table_lines(obs: Observation, width: int) -> list[str]:
    amulets = f"amulets {' '.join(obs.amulets) or 'none'}"
    decks = f"treasure deck {obs.treasure_deck_size} · clue deck {obs.clue_deck_size}"
    if len(amulets) + len(decks) + 3 <= width:
        return [f"{amulets} · {decks}"]
    return [*_wrap(amulets, width), decks]


def numbered(actions: Sequence[Action], width: int = SCREEN_WIDTH) -> str:
    """The actions numbered from 1, in columns to keep long lists of moves on one screen.

    >>> from tobago_solver.game.actions import END_TURN, TAKE_AMULET
    >>> print(numbered((TAKE_AMULET, END_TURN)))
      1. take amulet    2. end turn
    """
    cells = [f"{number:3d}. {action}" for number, action in enumerate(actions, start=1)]
    column = max((len(cell) for cell in cells), default=0) + 2
    per_line = max(1, width // column)
    lines = []
    for start in range(0, len(cells), per_line):
        lines.append("".join(cell.ljust(column) for cell in cells[start : start + per_line]))
    return "\n".join(line.rstrip() for line in lines)


def start_text(state: Position, bots: Sequence[str], *, seed: bool = True) -> str:
    """The first line of a game's log: island, rules, seed and where each seat's car starts.

    Without ``seed`` the seed is left out: every hidden card follows from it, so a person at
    the table sees it only when the game is over.

    >>> import tobago_solver as tb
    >>> start_text(tb.new_game(tb.islands.default(), 2, seed=1), ["greedy", "random"])
    'ABC-1 · rules: seed text · dealt from seed 1: P0 (greedy) at f7, P1 (random) at h14'
    """
    cars = ", ".join(
        f"P{p} ({bot}) at {car}" for p, (bot, car) in enumerate(zip(bots, state.cars, strict=True))
    )
    dealt = f" · dealt from seed {state.seed}" if seed else ""
    return f"{state.island.name} · {rules_label(state.rules.name)}{dealt}: {cars}"


def action_text(before: Position, action: Action, after: Position, bots: Sequence[str]) -> str:
    """The log of one action: who did what, then what followed (:func:`events_text`).

    >>> import tobago_solver as tb
    >>> state = tb.new_game(tb.islands.default(), 2, seed=1)
    >>> action = state.legal_actions()[0]
    >>> action_text(state, action, state.apply(action), ["greedy", "random"])
    'turn   0 P0 (greedy): play in largest mountain on grey'
    """
    who = before.to_move
    lines = [f"turn {before.turn:3d} P{who} ({bots[who]}): {action}"]
    lines.extend(events_text(before, action, after))
    return "\n".join(lines)


def events_text(before: Position, action: Action, after: Position) -> list[str]:
    """What an action led to, one line each, indented: treasures found and maps abandoned, an
    end by a rule, the gold each player received and the curses (whose gold they took).

    >>> import tobago_solver as tb
    >>> state = tb.new_game(tb.islands.default(), 2, seed=1)
    >>> events_text(state, state.legal_actions()[0], state.apply(state.legal_actions()[0]))
    []
    """
    lines = []
    for m, (old, new) in enumerate(zip(before.maps, after.maps, strict=True)):
        if after.abandoned[m] > before.abandoned[m]:
            lines.append(f"          {MAP_NAMES[m]} abandoned: the treasure cannot be located")
        elif old.clues and not new.clues:
            mask = old.candidates_mask
            if isinstance(action, Play) and action.map == m:
                mask &= compiled(after.island).mask(action.clue)
            found = after.island.fields[mask.bit_length() - 1]
            lines.append(f"          the {MAP_NAMES[m]} treasure is found at {found}")
    if after.end_reason == END_UNLOCATABLE and before.end_reason is None:
        maps = [MAP_NAMES[m] for m in range(len(after.maps)) if not can_be_located(after, m)]
        lines.append(f"          the {', '.join(maps)} treasure cannot be located: the game ends")
    if after.end_reason == END_STALEMATE and before.end_reason is None:
        lines.append("          stalemate: no player can ever play a clue again")
    if after.curses_drawn > before.curses_drawn:
        lines.append("          a curse is revealed")
    for p in range(after.players):
        # Net changes: a card received and one cursed away in the same step cancel.
        gained = Counter(after.gold[p]) - Counter(before.gold[p])
        lost = Counter(before.gold[p]) - Counter(after.gold[p])
        if gained:
            cards = " ".join(map(str, sorted(gained.elements(), reverse=True)))
            lines.append(f"          P{p} receives gold {cards}")
        if lost:
            cards = " ".join(map(str, sorted(lost.elements(), reverse=True)))
            lines.append(f"          P{p} loses gold {cards} to the curse")
    return lines
