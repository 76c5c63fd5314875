"""Draw the two game pictures the docs show: ``python examples/docs_pictures.py``.

It rewrites ``docs/tobago-game.svg`` (a Tobago game in progress, as player P0 sees it) and
``docs/tranquility-game.svg`` (a won Tranquility game); a test checks that the committed files
are what this script draws, so they never fall behind the pictures' code.
"""

from __future__ import annotations

from pathlib import Path

import tobago_solver as tb
from tobago_solver.bots import make_bot
from tobago_solver.game.records import play_game
from tobago_solver.game.state import GameState
from tobago_solver.render import render_game_svg
from tranquility_solver.bots import make_bots
from tranquility_solver.game import new_game
from tranquility_solver.game.actions import Play
from tranquility_solver.game.records import bot_rng
from tranquility_solver.render import render_game_svg as render_tranquility_game_svg

DOCS = Path(__file__).resolve().parents[1] / "docs"


def tobago_picture() -> str:
    """A three-player bot game at its first turn with a located treasure, as P0 sees it."""
    states: list[GameState] = []
    bots = [make_bot("greedy"), make_bot("random"), make_bot("greedy")]
    play_game(tb.islands.default(), bots, seed=3, watch=lambda state, action: states.append(state))
    shown = next(state for state in states if state.located_fields() and state.to_move == 0)
    return render_game_svg(shown, seat=0)


def tranquility_picture() -> str:
    """A two-player game between heuristic bots, played until it is won."""
    state = new_game(2, seed=0)
    bots, rng = make_bots("heuristic", 2), bot_rng(state.seed)
    last = None
    while not state.is_terminal:
        action = bots[state.current_player].choose(state.observation(state.current_player), rng)
        state = state.apply(action)
        last = action.cell if isinstance(action, Play) else last
    return render_tranquility_game_svg(state, last_play=last)


def pictures() -> dict[Path, str]:
    """Each docs picture's path and the SVG it should hold."""
    return {
        DOCS / "tobago-game.svg": tobago_picture(),
        DOCS / "tranquility-game.svg": tranquility_picture(),
    }


if __name__ == "__main__":
    for path, svg in pictures().items():
        path.write_text(svg, encoding="utf-8")
        print(f"wrote {path} ({len(svg.encode('utf-8')):,} bytes)")
