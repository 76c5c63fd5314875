"""A game's log as text: the first line, one line per action and what followed, and the
numbered list of actions a player may take.

>>> import tobago_solver as tb
>>> state = tb.new_game(tb.islands.default(), 2, seed=1)
>>> print(numbered(state.legal_actions()[:2]))
  1. play in largest mountain on grey     2. play in largest mountain on brown
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from tobago_solver.compile import compiled
from tobago_solver.game.actions import Action, Move, Play
from tobago_solver.game.columns import fill
from tobago_solver.game.end import END_STALEMATE, END_UNLOCATABLE, can_be_located
from tobago_solver.game.observation import Observation
from tobago_solver.game.position import Position
from tobago_solver.rules import MAP_NAMES, rules_label

SCREEN_WIDTH = 80


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


def action_list(observation: Observation, width: int = SCREEN_WIDTH) -> str:
    """The legal actions of ``observation`` numbered from 1 (the order of ``legal_actions``,
    which ``#N`` reads), short enough for one screen: the clue plays card by card, the moves
    by the field they drive to (in reading order), the rest in words.

    >>> import tobago_solver as tb
    >>> print(action_list(tb.new_game(tb.islands.default(), 2, seed=1).observation(0)))
    ... # doctest: +ELLIPSIS
    type #N (or N) for action N:
    [1] in largest mountain on  #1 grey  #2 brown  #3 black  #4 white
    ...
    move to #44 b4   #45 d4   #49 f4   #53 g4 ...
    """
    legal = observation.legal_actions
    if not legal:
        return "nothing to decide now"
    lines = ["type #N (or N) for action N:"]
    number = {action: n for n, action in enumerate(legal, start=1)}
    for card, clue in enumerate(observation.hand, start=1):
        maps = [
            f"#{number[a]} {MAP_NAMES[a.map]}"
            for a in legal
            if isinstance(a, Play) and a.clue == clue
        ]
        if maps and clue not in observation.hand[: card - 1]:
            lines.extend(fill([f"[{card}] {clue} on", *maps], "  ", width))
    order = {field: i for i, field in enumerate(observation.island.fields)}
    moves = sorted((a for a in legal if isinstance(a, Move)), key=lambda a: order[a.destination])
    if moves:
        cells = [f"#{number[a]} {a.destination}".ljust(8) for a in moves]
        lines.extend(line.rstrip() for line in fill(["move to", *cells], " ", width))
    others = [f"#{number[a]} {a}" for a in legal if not isinstance(a, Play | Move)]
    if others:
        lines.extend(fill(others, "   ", width))
    return "\n".join(lines)


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
