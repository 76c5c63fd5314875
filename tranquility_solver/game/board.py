"""The table as text: the grid with its coordinates, the start and finish spots, every hand's and
deck's size and the discards; for a player, also their hand and where each card fits.

``str(state)`` is the table as everyone sees it and ``str(observation)`` as that player sees it,
with their hand; ``tranquility play`` prints these. Lines stay within 80 characters.

>>> from tranquility_solver.game import new_game
>>> print(board_text(new_game(2, seed=5).observation(1)))
     a  b  c  d  e  f   turn 0 · P0 to move; you are P1
  6  .  .  .  .  .  .   player  hand  deck
  5  .  .  .  .  .  .   P0         5    37
  4  .  .  .  .  .  .   P1 (you)   5    36
  3  .  .  .  .  .  .   discards: none
  2  .  .  .  .  .  .
  1  .  .  .  .  .  .
 start: not played yet · finish: not played
your hand, where each card fits and what it costs there:
     1  any empty cell, free
    44  any empty cell, free
    67  any empty cell, free
    76  any empty cell, free
    79  any empty cell, free
"""

from __future__ import annotations

import textwrap
from collections.abc import Iterable, Sequence
from typing import Final, Protocol

from ..grid import CELL_NAMES, COLUMNS, Grid, cell_index
from ..placement import legal_placements, order_conflicts
from ..rules import Rules
from .actions import Action, Discard, Play, Share, Start
from .choices import (
    FINISH,
    LOSS_NO_ACTION,
    LOSS_OUT_OF_CARDS,
    START,
    card_text,
    discards_public,
    is_island,
)

__all__ = [
    "SCREEN_WIDTH",
    "PlayerView",
    "action_seen",
    "board_text",
    "cells_text",
    "grid_lines",
    "hand_fits",
    "loss_reason",
    "numbered",
]


class _Ending(Protocol):
    @property
    def won(self) -> bool: ...
    @property
    def cause(self) -> str | None: ...


class PlayerView(Protocol):
    """What the board reads, as an :class:`~tranquility_solver.game.state.Observation` has it
    (a protocol rather than the class, so ``state.py`` can use this module without a circle)."""

    @property
    def rules(self) -> Rules: ...
    @property
    def player(self) -> int: ...
    @property
    def current_player(self) -> int: ...
    @property
    def turn(self) -> int: ...
    @property
    def phase(self) -> str: ...
    @property
    def grid(self) -> Grid: ...
    @property
    def hand(self) -> tuple[int, ...]: ...
    @property
    def hand_sizes(self) -> tuple[int, ...]: ...
    @property
    def deck_sizes(self) -> tuple[int, ...]: ...
    @property
    def discarded(self) -> tuple[int, ...]: ...
    @property
    def discard_count(self) -> int: ...
    @property
    def own_discards(self) -> tuple[int, ...]: ...
    @property
    def start_played(self) -> bool: ...
    @property
    def share_left(self) -> int: ...
    @property
    def outcome(self) -> _Ending | None: ...
    def legal_actions(self) -> tuple[Action, ...]: ...


SCREEN_WIDTH: Final = 80
"""The board never writes a line longer than this."""

_GAP: Final = 3
"""Spaces between the grid and the column beside it."""


def grid_lines(grid: Grid) -> list[str]:
    """The grid under its column letters, each row numbered, row 6 on top.

    >>> print("\\n".join(grid_lines(Grid.from_mapping({"a1": 12, "f6": 80}))))
         a  b  c  d  e  f
      6  .  .  .  .  . 80
      5  .  .  .  .  .  .
      4  .  .  .  .  .  .
      3  .  .  .  .  .  .
      2  .  .  .  .  .  .
      1 12  .  .  .  .  .
    """
    lines = ["   " + "".join(f"{letter:>3}" for letter in "abcdef")]
    for row in range(len(CELL_NAMES) // COLUMNS, 0, -1):
        cells = grid.cells[(row - 1) * COLUMNS : row * COLUMNS]
        lines.append(f"{row:>3}" + "".join(f"{'.' if v is None else v:>3}" for v in cells))
    return lines


def board_text(observation: PlayerView, *, own_view: bool = True) -> str:
    """The table as ``observation``'s player sees it; ``own_view=False`` leaves out what only
    they know (their hand, their face-down discards), which is ``str(state)``."""
    obs = observation
    left = grid_lines(obs.grid)
    spots = (
        f" start: {'played' if obs.start_played else 'not played yet'} · finish: "
        f"{'played' if obs.outcome is not None and obs.outcome.won else 'not played'}"
    )
    width = max(map(len, left)) + _GAP
    right_width = SCREEN_WIDTH - width
    right = [
        *textwrap.wrap(_status(obs, own_view), right_width, subsequent_indent="  "),
        *_sizes(obs, own_view),
        *_discards(obs, own_view, right_width),
    ]
    lines = [
        (line.ljust(width) + extra if extra else line).rstrip()
        for line, extra in zip(left, right + [""] * max(0, len(left) - len(right)), strict=False)
    ]
    lines.extend(" " * width + extra for extra in right[len(left) :])
    lines.append(spots)
    if own_view and obs.outcome is None:
        lines.extend(_hand(obs))
    return "\n".join(lines)


def _status(obs: PlayerView, own_view: bool) -> str:
    if obs.outcome is not None:
        why = loss_reason(obs)
        return f"game over after {obs.turn} turns: {f'lost: {why}' if why else obs.outcome}"
    if obs.phase == "share":
        who = (
            "you give"
            if own_view and obs.current_player == obs.player
            else (f"P{obs.current_player} gives")
        )
        return f"turn {obs.turn} · the team discards {obs.share_left} more: {who} now"
    if own_view and obs.current_player == obs.player:
        return f"turn {obs.turn} · your turn (P{obs.player})"
    you = f"; you are P{obs.player}" if own_view else ""
    return f"turn {obs.turn} · P{obs.current_player} to move{you}"


def _sizes(obs: PlayerView, own_view: bool) -> list[str]:
    lines = ["player  hand  deck"]
    for seat, (hand, deck) in enumerate(zip(obs.hand_sizes, obs.deck_sizes, strict=True)):
        name = f"P{seat} (you)" if own_view and seat == obs.player else f"P{seat}"
        lines.append(f"{name:<8}{hand:>4}{deck:>6}")
    return lines


def _discards(obs: PlayerView, own_view: bool, width: int) -> list[str]:
    if not obs.discard_count:
        return ["discards: none"]
    if obs.discarded:
        text = f"discards ({obs.discard_count}, face up): {_cards(sorted(obs.discarded))}"
    else:
        noun = "card" if obs.discard_count == 1 else "cards"
        text = f"discards: {obs.discard_count} {noun}, face down"
        if own_view and obs.own_discards:
            text += f"; yours: {_cards(obs.own_discards)}"
    return textwrap.wrap(text, width, subsequent_indent="  ")


def _cards(cards: Iterable[int]) -> str:
    return " ".join(map(card_text, cards))


def _hand(obs: PlayerView) -> list[str]:
    if not obs.hand:
        return ["your hand is empty"]
    if obs.phase == "share":
        sizes = sorted({len(a.cards) for a in obs.legal_actions() if isinstance(a, Share)})
        give = f"{sizes[0]} to {sizes[-1]}" if len(sizes) > 1 else str(sizes[0]) if sizes else "0"
        return [
            f"your hand: {_cards(obs.hand)}",
            f"give {give} of them: 'share 12 40' names the cards, 'share none' gives none",
        ]
    if _must_start(obs):
        # The engine takes nothing but the start card now: list no placement it would refuse.
        return [
            *textwrap.wrap(f"your hand: {_cards(obs.hand)}", SCREEN_WIDTH, subsequent_indent="  "),
            "play your start card first ('start'): none was played yet, and the rest waits",
        ]
    lines = ["your hand, where each card fits and what it costs there:"]
    fits = hand_fits(obs.grid, obs.hand, obs.rules, len(obs.hand))
    for card in dict.fromkeys(obs.hand):  # a start or finish card held twice: one line
        copies = obs.hand.count(card)
        held = f"{copies} held: " if copies > 1 else ""
        lines.extend(
            textwrap.wrap(
                f"{card_text(card):>6}  {held}{_fit_text(obs, card, fits.get(card, {}))}",
                SCREEN_WIDTH,
                subsequent_indent=" " * 8,
            )
        )
    return lines


def _must_start(obs: PlayerView) -> bool:
    """Whether the start card is the only thing this player may do now (`published`)."""
    return obs.current_player == obs.player and obs.legal_actions() == (Start(),)


def loss_reason(view: PlayerView) -> str:
    """Why a lost game was lost, in words, from what every player sees: the cause and who
    (empty when the game is not lost).

    >>> from tranquility_solver.game import new_game, parse_action
    >>> state = new_game(1, seed=2)
    >>> while not state.is_terminal:
    ...     state = state.apply(state.legal_actions()[-1])
    >>> loss_reason(state.observation(0))
    'a player ran out of cards: P0 holds none in hand or deck'
    """
    outcome = view.outcome
    if outcome is None or outcome.won:
        return ""
    cause = outcome.cause
    if cause == LOSS_OUT_OF_CARDS:
        sizes = zip(view.hand_sizes, view.deck_sizes, strict=True)
        out = [f"P{seat}" for seat, held in enumerate(sizes) if held == (0, 0)]
        who = " and ".join(out) or "a player"
        return f"{cause}: {who} {'hold' if len(out) > 1 else 'holds'} none in hand or deck"
    if cause == LOSS_NO_ACTION:
        mover = view.current_player
        held = view.hand_sizes[mover]
        what = (
            "holds no card"
            if held == 0
            else "cannot play their only card"
            if held == 1
            else f"can do nothing with {held} cards"
        )
        return f"{cause}: P{mover}, to move, {what}"
    return str(cause)


def _fit_text(obs: PlayerView, card: int, by_cost: dict[int, list[str]]) -> str:
    if card == START:
        if obs.start_played:
            return "a start card was played: this one can only be discarded"
        return "play it with 'start'"
    if card == FINISH:
        return "play 'finish' on a full grid after the start card to win"
    if not by_cost:
        grid = obs.grid
        dear = [
            CELL_NAMES[index]
            for index, value in enumerate(grid.cells)
            if value is None and not order_conflicts(grid, index, card, obs.rules)
        ]
        if dear:
            return f"fits {cells_text(dear)}, but costs more cards there than you can pay"
        return "fits no empty cell now"
    empty = len(obs.grid.empty_cells)
    if list(by_cost) == [0] and len(by_cost[0]) == empty:
        return "any empty cell, free"
    return "; ".join(
        f"{cells_text(cells)} {'free' if cost == 0 else f'(cost {cost})'}"
        for cost, cells in sorted(by_cost.items())
    )


def hand_fits(
    grid: Grid, hand: Sequence[int], rules: Rules, hand_size: int
) -> dict[int, dict[int, list[str]]]:
    """For each island card of a hand: its legal cells, grouped by the discard cost there.

    >>> fits = hand_fits(Grid.from_mapping({"a1": 10, "c1": 14}), [12], Rules.seed(), 5)
    >>> fits[12][0][:3], fits[12][4]
    (['e1', 'f1', 'a2'], ['b1'])
    """
    island = [card for card in hand if is_island(card)]
    found: dict[int, dict[int, list[str]]] = {}
    for placement in legal_placements(grid, island, rules, hand_size=hand_size):
        found.setdefault(placement.card, {}).setdefault(placement.cost, []).append(placement.cell)
    return found


def cells_text(cells: Iterable[str]) -> str:
    """Cells in reading order from a1, a run of neighbours in a row written ``first-last``.

    >>> cells_text(["c2", "a1", "b1", "c1", "e1", "a2", "b2"])
    'a1-c1 e1 a2-c2'
    """
    ordered = sorted(cells, key=cell_index)
    runs: list[list[str]] = []
    for cell in ordered:
        index = cell_index(cell)
        if runs and index == cell_index(runs[-1][-1]) + 1 and index % COLUMNS:
            runs[-1].append(cell)
        else:
            runs.append([cell])
    return " ".join(run[0] if len(run) == 1 else f"{run[0]}-{run[-1]}" for run in runs)


def numbered(actions: Sequence[Action], width: int = SCREEN_WIDTH) -> str:
    """The actions numbered from 1 (``#N`` picks one), in columns.

    >>> print(numbered([Play(41, "d3"), Discard((3, 80))]))
      #1 play 41 d3     #2 discard 3 80
    """
    cells = [f"#{number} {action}" for number, action in enumerate(actions, start=1)]
    column = max((len(cell) for cell in cells), default=0) + 3
    per_line = max(1, width // column)
    lines = [
        "".join(f"  {cell}".ljust(column) for cell in cells[start : start + per_line]).rstrip()
        for start in range(0, len(cells), per_line)
    ]
    return "\n".join(lines)


def action_seen(action: Action, rules: Rules, *, face_down_hidden: bool) -> str:
    """An action as another player sees it: where the preset lays discards face down
    (`published`) and ``face_down_hidden``, the discarded cards become their count.

    >>> published = Rules.published()
    >>> action_seen(Play(22, "c2", (80,)), published, face_down_hidden=True)
    'play 22 c2, discarding 1 card face down'
    >>> action_seen(Share((18, 28, 47)), published, face_down_hidden=True)
    'share 3 cards face down'
    >>> action_seen(Discard((3, 80)), Rules.seed(), face_down_hidden=True)
    'discard 3 80'
    """
    if discards_public(rules) or not face_down_hidden:
        return str(action)
    count = len(action.discards) if isinstance(action, Play) else len(getattr(action, "cards", ()))
    cards = f"{count} card{'s' * (count != 1)} face down"
    if isinstance(action, Play):
        return f"play {action.card} {action.cell}, discarding {cards}" if count else str(action)
    if isinstance(action, Discard):
        return f"discard {cards}"
    if isinstance(action, Share):
        return f"share {cards}" if count else str(action)
    return str(action)
