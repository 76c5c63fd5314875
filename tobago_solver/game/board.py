"""A game as text: the board as one player sees it, the legal actions numbered, the game's log.

>>> import tobago_solver as tb
>>> state = tb.new_game(tb.islands.default(), 2, seed=1)
>>> print(board_text(state.observation(0)))  # doctest: +ELLIPSIS
turn 0: player P0 to move (action); you are P0
maps:
  grey  102 candidates; roses P0:1 P1:1
...
your hand: ...

``str(observation)`` and ``str(state)`` (the board as the player to move sees it) give the same
text; the command line prints it for a person at the table (``tobago play --human``).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from tobago_solver.compile import compiled
from tobago_solver.game.actions import Action, Play
from tobago_solver.game.end import END_STALEMATE, END_UNLOCATABLE, can_be_located
from tobago_solver.game.observation import Observation
from tobago_solver.game.position import Position, located_field
from tobago_solver.rules import MAP_NAMES


def board_text(observation: Observation) -> str:
    """The board as text, as one player sees it.

    >>> import tobago_solver as tb
    >>> text = board_text(tb.new_game(tb.islands.default(), 2, seed=1).observation(0))
    >>> "your hand:" in text and "grey" in text
    True
    """
    obs = observation
    lines = [
        f"turn {obs.turn}: player P{obs.to_move} to move ({obs.phase}); you are P{obs.player}",
        "maps:",
    ]
    for m, map_state in enumerate(obs.maps):
        count = map_state.candidate_count()
        roses = " ".join(f"P{p}:{r}" for p, r in enumerate(map_state.roses) if r)
        where = located_field(obs.island, map_state)
        status = f"LOCATED at {where}" if where else f"{count} candidates"
        lines.append(f"  {MAP_NAMES[m]:<5} {status}; roses {roses or '-'}")
        lines.extend(f"        - {clue}" for clue in map_state.clues)
    lines.append("cars: " + ", ".join(f"P{p} {car}" for p, car in enumerate(obs.cars)))
    lines.append("amulets on: " + (" ".join(obs.amulets) or "-"))
    lines.append("amulets held: " + ", ".join(f"P{p} {n}" for p, n in enumerate(obs.amulets_held)))
    lines.append("roses left: " + ", ".join(f"P{p} {n}" for p, n in enumerate(obs.roses_left)))
    lines.append(
        "gold: "
        + "; ".join(
            f"P{p} {' '.join(map(str, cards)) or '-'} (total {sum(cards)})"
            for p, cards in enumerate(obs.gold)
        )
    )
    lines.append(
        f"treasure deck {obs.treasure_deck_size} cards; clue deck {obs.clue_deck_size} cards"
    )
    lines.append("your hand: " + "; ".join(str(c) for c in obs.hand))
    return "\n".join(lines)


def numbered(actions: tuple[Action, ...], width: int = 100) -> str:
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


def start_text(state: Position, bots: Sequence[str]) -> str:
    """The first line of a game's log: island, rules, seed and where each seat's car starts.

    >>> import tobago_solver as tb
    >>> start_text(tb.new_game(tb.islands.default(), 2, seed=1), ["greedy", "random"])
    'ABC-1, seed rules, seed 1: P0 (greedy) at f7, P1 (random) at h14'
    """
    cars = ", ".join(
        f"P{p} ({bot}) at {car}" for p, (bot, car) in enumerate(zip(bots, state.cars, strict=True))
    )
    return f"{state.island.name}, {state.rules.name} rules, seed {state.seed}: {cars}"


def action_text(before: Position, action: Action, after: Position, bots: Sequence[str]) -> str:
    """The log of one action: who did what, then the treasures found or maps abandoned, the end
    of the game by a rule, the gold received and the curses it led to (each on its own line).

    >>> import tobago_solver as tb
    >>> state = tb.new_game(tb.islands.default(), 2, seed=1)
    >>> action = state.legal_actions()[0]
    >>> action_text(state, action, state.apply(action), ["greedy", "random"])
    'turn   0 P0 (greedy): play in largest mountain on grey'
    """
    who = before.to_move
    lines = [f"turn {before.turn:3d} P{who} ({bots[who]}): {action}"]
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
    for p in range(after.players):
        # Net new cards: a card received and one cursed away in the same step cancel.
        gained = Counter(after.gold[p]) - Counter(before.gold[p])
        if gained:
            cards = " ".join(map(str, sorted(gained.elements(), reverse=True)))
            lines.append(f"          P{p} receives gold {cards}")
    if after.curses_drawn > before.curses_drawn:
        lines.append("          a curse is revealed")
    lost = after.cursed_gold[len(before.cursed_gold) :]
    if lost:
        lines.append(f"          cursed away: {' '.join(map(str, lost))}")
    return "\n".join(lines)
