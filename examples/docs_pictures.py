"""Draw the pictures the docs show: ``python examples/docs_pictures.py``.

It rewrites ``docs/tobago-game.svg`` (a Tobago game in progress, as player P0 sees it),
``docs/tranquility-game.svg`` (a won Tranquility game) and the pictures of the how-to-play pages
in ``docs/tutorials/pictures/``. Every picture is drawn by the library; a test checks that the
committed files are what this script draws, so they never fall behind the pictures' code.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import tobago_solver as tb
import tranquility_solver as tq
from tobago_solver.game.state import GameState
from tobago_solver.render import render_board_svg, render_game_svg
from tranquility_solver.bots import make_bots
from tranquility_solver.game.actions import Play
from tranquility_solver.game.records import bot_rng
from tranquility_solver.render import render_game_svg as render_tranquility_game_svg

DOCS = Path(__file__).resolve().parents[1] / "docs"
HOW_TO_PLAY = DOCS / "tutorials" / "pictures"

# The clues of the narrowing picture: each one shrinks the map, the last locates the treasure.
NARROWING = ("in sight of sea", "not in beach", "next to hut", "in lake")


def tobago_states(seed: int, players: int = 3) -> list[GameState]:
    """Every state of a game between GreedyBots, from the first action on."""
    states: list[GameState] = []
    bots = [tb.make_bot("greedy") for _ in range(players)]
    tb.play_game(tb.islands.default(), bots, seed=seed, watch=lambda state, _: states.append(state))
    return states


def tobago_picture() -> str:
    """A three-player bot game at its first turn with a located treasure, as P0 sees it."""
    states: list[GameState] = []
    bots = [tb.make_bot("greedy"), tb.make_bot("random"), tb.make_bot("greedy")]
    tb.play_game(tb.islands.default(), bots, seed=3, watch=lambda state, _: states.append(state))
    shown = next(state for state in states if state.located_fields() and state.to_move == 0)
    return render_game_svg(shown, seat=0)


def tobago_board() -> str:
    """The default island with its landmarks, field names and no map drawn on it."""
    return tb.render_svg(tb.islands.default(), title="The island ABC-1")


def tobago_narrowing() -> str:
    """One map after each clue: the fields where the treasure can still be."""
    island = tb.islands.default()
    maps = {}
    for count in range(1, len(NARROWING) + 1):
        clues = NARROWING[:count]
        maps[f"+ {clues[-1]}"] = tb.candidates(island, clues)
    return render_board_svg(island, maps, title="A map narrowed by four clues", columns=4)


def tobago_claim() -> str:
    """The turn before the game's first claim: a map is located, and a car can drive there."""
    states = tobago_states(seed=5)
    first_gold = next(i for i, state in enumerate(states) if any(state.gold))
    shown = states[first_gold - 1]
    return render_game_svg(shown, title="A treasure located: the first car there claims it")


def tobago_curse() -> str:
    """A player hit by a curse decides: spend an amulet, or lose their best gold card."""
    states = tobago_states(seed=5)
    shown = next(state for state in states if state.phase == "curse")
    return render_game_svg(shown, seat=shown.to_move, title="A curse: amulet or gold?")


def tranquility_picture() -> str:
    """A two-player game between heuristic bots, played until it is won."""
    state = tq.new_game(2, seed=0)
    bots, rng = make_bots("heuristic", 2), bot_rng(state.seed)
    last = None
    while not state.is_terminal:
        action = bots[state.current_player].choose(state.observation(state.current_player), rng)
        state = state.apply(action)
        last = action.cell if isinstance(action, Play) else last
    return render_tranquility_game_svg(state, last_play=last)


# The grid of the placement pictures: a few cards already on it.
PLACED = {"a1": 10, "c1": 14, "b2": 30, "a2": 20, "d1": 40}
# The same idea for `published`, whose single sequence a1 < b1 < … < f1 < a2 < … the grid follows.
PLACED_IN_SEQUENCE = {"a1": 10, "c1": 14, "d1": 20, "b2": 30}
HAND = 5


def tranquility_placement(rules: tq.Rules, cell: str, card: int) -> str:
    """A placement on a small sample grid, with the cells the card may go on highlighted."""
    grid = tq.Grid.from_mapping(PLACED if rules.name == "seed" else PLACED_IN_SEQUENCE)
    legal = sorted(
        {p.cell for p in tq.legal_placements(grid, [card], rules, hand_size=HAND)},
        key=tq.cell_index,
    )
    try:
        cost = tq.check_placement(grid, cell, card, rules, hand_size=HAND)
        verdict = f"{card} on {cell}: legal, costs {cost} card{'s' * (cost != 1)}"
    except tq.IllegalPlacementError as refusal:
        verdict = str(refusal)
    return tq.render_svg(
        grid,
        highlight=legal,
        title=f"{rules.name} rules: where {card} may go from a hand of {HAND}",
        highlight_label=f"{card} may go here",
        caption=[verdict],
    )


def tranquility_start_finish() -> str:
    """A two-player game just after its start card was played."""
    state = tq.new_game(2, seed=0)
    bots, rng = make_bots("heuristic", 2), bot_rng(state.seed)
    while not state.start_played:
        action = bots[state.current_player].choose(state.observation(state.current_player), rng)
        state = state.apply(action)
    return render_tranquility_game_svg(state, title="The start card is played")


PICTURES: dict[Path, Callable[[], str]] = {
    DOCS / "tobago-game.svg": tobago_picture,
    DOCS / "tranquility-game.svg": tranquility_picture,
    HOW_TO_PLAY / "tobago-board.svg": tobago_board,
    HOW_TO_PLAY / "tobago-clues.svg": tobago_narrowing,
    HOW_TO_PLAY / "tobago-claim.svg": tobago_claim,
    HOW_TO_PLAY / "tobago-curse.svg": tobago_curse,
    HOW_TO_PLAY / "tranquility-seed-legal.svg": lambda: tranquility_placement(
        tq.Rules.seed(), "b1", 12
    ),
    HOW_TO_PLAY / "tranquility-seed-illegal.svg": lambda: tranquility_placement(
        tq.Rules.seed(), "b1", 25
    ),
    HOW_TO_PLAY / "tranquility-published-legal.svg": lambda: tranquility_placement(
        tq.Rules.published(), "b1", 12
    ),
    HOW_TO_PLAY / "tranquility-start.svg": tranquility_start_finish,
}


def pictures() -> dict[Path, str]:
    """Each docs picture's path and the SVG it should hold."""
    return {path: draw() for path, draw in PICTURES.items()}


if __name__ == "__main__":
    for path, svg in pictures().items():
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(svg, encoding="utf-8")
        print(f"wrote {path} ({len(svg.encode('utf-8')):,} bytes)")
