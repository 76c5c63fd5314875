"""A game as text: the board as one player sees it, on one 80 × 24 screen.

>>> import tobago_solver as tb
>>> state = tb.new_game(tb.islands.default(), 2, seed=1)
>>> print(board_text(state.observation(0)))
   a b c d e f g h i j k l   turn 0 · your turn: play a clue or move
 1 . . . . . . . B B B       map   fields clues roses P0 P1
 2  . . . . . . B J J B B    grey     102     0        1  1
 3 . . . . . . B L L J B     brown    102     0        1  1
 4  . R . Rh. R R S J J BpB  black    102     0        1  1
 5 . R R R R B R S M J M B   white    102     0        1  1
 6  B S S M M B R B M MsB    player car  gold roses amulets cards
 7 J J J M J J0B B . B B*    P0     f7      0    11       0   you
 8  B*JhL SsJ B . . B B      P1     h14     0    11       0     6
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

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Final, Protocol

from tobago_solver.clues import Clue
from tobago_solver.compile import compiled
from tobago_solver.game.actions import Action, Play
from tobago_solver.game.columns import GAP, Block, Paragraph, beside, flowed, wrap
from tobago_solver.game.position import MapState, Phase, located_field
from tobago_solver.hexgrid import field_name
from tobago_solver.island import Island, LandmarkKind
from tobago_solver.rules import MAP_NAMES, PUBLISHED_NEW_INFORMATION_THRESHOLD


class BoardView(Protocol):
    """What the board shows of a player's
    :class:`~tobago_solver.game.observation.Observation`, read through its names rather than
    imported: the observation's ``__str__`` is this board, so the two modules would import
    each other."""

    @property
    def player(self) -> int: ...
    @property
    def island(self) -> Island: ...
    @property
    def players(self) -> int: ...
    @property
    def to_move(self) -> int: ...
    @property
    def turn(self) -> int: ...
    @property
    def phase(self) -> Phase: ...
    @property
    def maps(self) -> tuple[MapState, ...]: ...
    @property
    def cars(self) -> tuple[str, ...]: ...
    @property
    def amulets(self) -> tuple[str, ...]: ...
    @property
    def amulets_held(self) -> tuple[int, ...]: ...
    @property
    def roses_left(self) -> tuple[int, ...]: ...
    @property
    def hand(self) -> tuple[Clue, ...]: ...
    @property
    def hand_sizes(self) -> tuple[int, ...]: ...
    @property
    def gold(self) -> tuple[tuple[int, ...], ...]: ...
    @property
    def treasure_deck_size(self) -> int: ...
    @property
    def clue_deck_size(self) -> int: ...
    @property
    def legal_actions(self) -> tuple[Action, ...]: ...
    @property
    def end_reason(self) -> str | None: ...


SCREEN_WIDTH: Final = 80
"""The board never writes a line longer than this."""

BOARD_HEIGHT: Final = 20
"""The lines the board aims to fit in: a 24-line terminal, less the prompt and a short log."""

LISTED_AT_MOST: Final = PUBLISHED_NEW_INFORMATION_THRESHOLD
"""A map's candidate fields are listed once it has this many or fewer: the printed game puts its
location markers on the island at the same count (16)."""

_LANDMARK_MARKS: Final = {LandmarkKind.HUT: "h", LandmarkKind.PALM: "p", LandmarkKind.STATUE: "s"}

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


def piece_marks(observation: BoardView) -> dict[str, str]:
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
    observation: BoardView,
    width: int = SCREEN_WIDTH,
    height: int = BOARD_HEIGHT,
    *,
    public: bool = False,
) -> str:
    """The board as ``observation``'s player sees it, in lines of at most ``width`` characters
    and, where it can be done, at most ``height`` lines. When room runs short the board is
    written more tightly, step by step (:data:`STYLES`), and never drops a clue: the clues
    take their short form (:func:`short_clue`), the candidate fields are left to ``where``,
    and last the island's drawing to ``board`` (what it shows is in the tables too).
    ``public``: the board as anyone at the table sees it, without the player's hand and gold
    (a game of bots).

    >>> import tobago_solver as tb
    >>> text = board_text(tb.new_game(tb.islands.default(), 2, seed=1).observation(0))
    >>> "your hand: [1]" in text and max(map(len, text.splitlines())) <= 80
    True
    """
    lines = fitting_board(observation, height, STYLES, width, public=public)
    if lines is None:
        lines = _layout(observation, width, STYLES[-1], public)
    return "\n".join(lines)


def fitting_board(
    observation: BoardView,
    height: int,
    styles: Sequence[Style],
    width: int = SCREEN_WIDTH,
    *,
    public: bool = False,
) -> list[str] | None:
    """The lines of the board in the roomiest of ``styles`` that fits in ``height`` lines, or
    None when none does."""
    for style in styles:
        lines = _layout(observation, width, style, public)
        if len(lines) <= height:
            return lines
    return None


@dataclass(frozen=True)
class Style:
    """How tightly a board is written."""

    details: str
    """Where a map's clues and fields go: ``lines`` (under its row, a line each), ``joined``
    (under its row, one text), ``after`` (after the tables, a block each) or ``flow`` (after
    the tables, flowing from the column beside the island to the lines below)."""
    short: bool = False
    """Clues in their short form, in the maps and in the hand."""
    fields: bool = True
    """A map's candidate fields are listed once they are few (else ``where MAP`` lists them)."""
    island: bool = True
    """The island is drawn (else ``board`` draws it; the tables hold what it shows)."""


STYLES: Final = (
    Style("lines"),
    Style("joined"),
    Style("after"),
    Style("flow", short=True),
    Style("flow", short=True, fields=False),
    Style("flow", short=True, island=False),
    Style("flow", short=True, fields=False, island=False),
)
"""The ways to write a board, roomiest first."""
WITH_ISLAND: Final = tuple(style for style in STYLES if style.island)

NO_ISLAND: Final = "('board' draws the island)"
NO_FIELDS: Final = "('where MAP' lists a map's fields)"
"""What a tight board says it left to other commands."""


def _layout(obs: BoardView, width: int, style: Style, public: bool) -> list[str]:
    island = _island(obs) if style.island else []
    status = _status_line(obs)
    column = width - max(map(len, island), default=0) - GAP
    # A status too long for the column beside the island goes above it, on one line.
    top = [status] if island and len(status) > column and len(status) <= width else []
    blocks: list[Block] = [
        *([] if top else [lambda w: wrap(status, w)]),
        lambda w: [_maps_heading(obs.players)],
    ]
    inline = style.details in ("lines", "joined")
    for m in range(len(obs.maps)):
        blocks.append(_map_row(obs, m))
        if inline:
            blocks.append(_map_details(obs, m, style))
    blocks.append(lambda w: _player_lines(obs, public))
    if not public:
        blocks.append(lambda w: _own_gold(obs, w))
    blocks.append(lambda w: _table_lines(obs, w))
    hand = [] if public or not obs.hand else _hand_with_maps(obs, style.short)
    if style.details == "flow":
        # Each map's clues, then the hand, flow on from the column beside the island to the
        # lines below it: no line is left empty beside it while text follows underneath.
        paragraphs = [_map_paragraph(obs, m, style) for m in range(len(obs.maps))]
        if hand:
            items = [f"[{n}] {card}" for n, card in enumerate(hand, start=1)]
            paragraphs.append((["your hand: " + items[0], *items[1:]], "  "))
        # The commands that show what was left out (none once the game is over).
        playing = obs.phase != "over"
        left_out = [
            *([NO_FIELDS] if playing and not style.fields and any(map(_listed, obs.maps)) else []),
            *([NO_ISLAND] if playing and not style.island else []),
        ]
        if left_out:
            paragraphs.append((" ".join(left_out).split(), " "))
        flow = [paragraph for paragraph in paragraphs if paragraph[0]]
        if not style.island:
            return _tables_side_by_side(obs, blocks, width, public) + flowed(flow, width)
        return top + beside(island, blocks, width, flow=flow)
    if style.details == "after":
        blocks.extend(_map_details(obs, m, style) for m in range(len(obs.maps)))
    if hand:
        blocks.append(lambda w: hand_lines(hand, w))
    return top + beside(island, blocks, width, optional=lambda w: wrap(KEY, w))


def _island(obs: BoardView) -> list[str]:
    return island_lines(obs.island, piece_marks(obs))


def _tables_side_by_side(
    obs: BoardView, blocks: Sequence[Block], width: int, public: bool
) -> list[str]:
    """The board's blocks without the island: the status, the maps' table with the players'
    beside it where both fit, then the rest."""
    status, heading, *rows = blocks[: 2 + len(obs.maps)]
    maps = [*heading(width), *(line for row in rows for line in row(width))]
    players = _player_lines(obs, public)
    # The players' block follows the map rows; the rest after it.
    rest = [line for block in blocks[3 + len(obs.maps) :] for line in block(width)]
    column = max(map(len, maps)) + GAP
    if column + max(map(len, players)) > width:
        return [*status(width), *maps, *players, *rest]
    tall = max(len(maps), len(players))
    maps += [""] * (tall - len(maps))
    players += [""] * (tall - len(players))
    side = [(m.ljust(column) + p).rstrip() for m, p in zip(maps, players, strict=True)]
    return [*status(width), *side, *rest]


def _listed(map_state: MapState) -> bool:
    """Whether a map's candidate fields are listed (clues played, few fields, not located)."""
    return bool(map_state.clues) and 1 < map_state.candidate_count() <= LISTED_AT_MOST


def _map_paragraph(obs: BoardView, index: int, style: Style) -> Paragraph:
    """A map's clues and candidate fields, word by word; none when it has neither."""
    said = _map_details(obs, index, style)(10**6)
    return (" ".join(said).split(), " ")


SHORT_WORDS: Final = (
    ("in sight of", "sees"),
    ("next to", "by"),
    ("largest", "big"),
    ("scrubland", "scrub"),
    ("mountain", "mount"),
)
"""A clue's words and their short forms, for a board short of room (``help`` lists them)."""
SHORT_FORMS: Final = ", ".join(f"{short} = {words}" for words, short in SHORT_WORDS)


def short_clue(clue: object) -> str:
    """A clue in its short form, as a board short of room writes it.

    >>> short_clue("not in sight of largest mountain"), short_clue("next to scrubland")
    ('not sees big mount', 'by scrub')
    """
    text = str(clue)
    for words, short in SHORT_WORDS:
        text = text.replace(words, short)
    return text


MAP_SHORT: Final = ("gr", "br", "bl", "wh")
"""The maps in two letters, as the hand says where each card can be played."""


def _hand_with_maps(obs: BoardView, short: bool = False) -> list[str]:
    """The hand; on the player's turn to play a clue, each card with the maps it may go on
    now (``-``: none; the rules refuse a clue that removes every field or none). ``short``:
    the cards in their short form."""
    clue = short_clue if short else str
    if obs.phase not in ("opening", "action") or not obs.legal_actions:
        return [clue(card) for card in obs.hand]
    maps: dict[object, list[str]] = {}
    for action in obs.legal_actions:
        if isinstance(action, Play):
            maps.setdefault(action.clue, []).append(MAP_SHORT[action.map])
    return [f"{clue(card)} ({' '.join(maps.get(card, ['-']))})" for card in obs.hand]


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


def _status_line(obs: BoardView) -> str:
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
    return f"map   fields clues roses {seats}"


def _map_row(obs: BoardView, index: int) -> Block:
    """A map's row of the maps' table: its treasure's field or candidate count, its clue
    count and the roses on it."""
    map_state = obs.maps[index]

    def lines(width: int) -> list[str]:
        where = located_field(obs.island, map_state)
        fields = f"{where} $" if where is not None else str(map_state.candidate_count())
        roses = " ".join(f"{r:>2}" for r in map_state.roses)
        return [f"{MAP_NAMES[index]:<5} {fields:>6} {len(map_state.clues):>5}       {roses}"]

    return lines


def _map_details(obs: BoardView, index: int, style: Style) -> Block:
    """What a map says besides its row: its clues, and its candidate fields once they are
    few (:data:`LISTED_AT_MOST`), written as ``style`` says."""
    map_state = obs.maps[index]
    clue = short_clue if style.short else str
    clues = "; ".join(clue(c) for c in map_state.clues)
    fields = ""
    if style.fields and _listed(map_state):
        found = compiled(obs.island).field_set(map_state.candidates_mask)
        fields = "at " + " ".join(obs.island.in_reading_order(found))

    def lines(width: int) -> list[str]:
        if style.details == "lines":
            out = wrap("  " + clues, width, "  ") if clues else []
            return out + (wrap("  " + fields, width, "  ") if fields else [])
        said = " · ".join(part for part in (clues, fields) if part)
        if not said:
            return []
        if style.details == "joined":
            return wrap("  " + said, width, "  ")
        return wrap(f"{MAP_NAMES[index]}: {said}", width, "  ")

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


def where_text(
    observation: BoardView, index: int, width: int = SCREEN_WIDTH, *, listed: bool = True
) -> str:
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
    lines = wrap(f"{MAP_NAMES[index]}: {map_status(island, map_state)}", width)
    if map_state.clues:
        lines.extend(wrap("  clues: " + "; ".join(map(str, map_state.clues)), width, "    "))
    if not map_state.located:
        found = island.in_reading_order(compiled(island).field_set(map_state.candidates_mask))
        if listed:
            lines.extend(wrap("  fields: " + " ".join(found), width, "    "))
        else:
            lines.append(f"  fields: {len(found)} ('where {MAP_NAMES[index]}' lists them)")
    return "\n".join(lines)


def maps_text(observation: BoardView, maps: Sequence[int], height: int) -> str:
    """:func:`where_text` of each of ``maps``, in at most ``height`` lines where that can be
    done: the maps with the most fields give their count for the list, and say so.

    >>> import tobago_solver as tb
    >>> seen = tb.new_game(tb.islands.default(), 2, seed=1).observation(0)
    >>> print(maps_text(seen, range(4), 6))  # doctest: +ELLIPSIS
    grey: 102 fields, no clue yet; roses P0:1 P1:1
      fields: 102 ('where grey' lists them)
    ...
    """
    listed = set(maps)
    while True:
        text = "\n".join(where_text(observation, m, listed=m in listed) for m in maps)
        if len(text.split("\n")) <= height or not listed:
            return text
        listed.remove(max(listed, key=lambda m: observation.maps[m].candidate_count()))


def _player_lines(obs: BoardView, public: bool = False) -> list[str]:
    lines = ["player car  gold roses amulets cards"]
    for p in range(obs.players):
        cards = "you" if p == obs.player and not public else str(obs.hand_sizes[p])
        lines.append(
            f"P{p:<5} {obs.cars[p]:<4} {sum(obs.gold[p]):>4} {obs.roses_left[p]:>5} "
            f"{obs.amulets_held[p]:>7} {cards:>5}"
        )
    return lines


def _own_gold(obs: BoardView, width: int) -> list[str]:
    gold = sorted(obs.gold[obs.player], reverse=True)
    return wrap("your gold: " + " ".join(map(str, gold)), width) if gold else []


def _table_lines(obs: BoardView, width: int) -> list[str]:
    amulets = f"amulets {' '.join(obs.amulets) or 'none'}"
    decks = f"treasure deck {obs.treasure_deck_size} · clue deck {obs.clue_deck_size}"
    if len(amulets) + len(decks) + 3 <= width:
        return [f"{amulets} · {decks}"]
    return [*wrap(amulets, width), decks]
